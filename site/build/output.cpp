#include "output.hpp"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "files.hpp"
#include "stop_point.hpp"

namespace site {

using planner::Diagnostic;

namespace {

// Writes `bytes` to `file` (created or truncated); 0, or the errno of what failed.
int write_bytes(const fs::path& file, const std::string& bytes) {
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return errno;
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            const int err = n < 0 ? errno : ENOSPC;
            ::close(fd);
            return err;
        }
        done += std::size_t(n);
    }
    return ::close(fd) != 0 ? errno : 0;
}

const char* kMarkerText = "This folder was written by `accelguide build`. The next build replaces it whole.\n";

// A path inside the output folder that stays inside it: no absolute paths, no "..".
bool is_safe(const std::string& rel) {
    fs::path p(rel);
    if (rel.empty() || p.is_absolute()) return false;
    for (const auto& part : p)
        if (part == "..") return false;
    return true;
}

// Whether `inner` is `outer` or lies under it (both absolute and normal).
bool is_within(const fs::path& inner, const fs::path& outer) {
    auto i = inner.begin();
    for (auto o = outer.begin(); o != outer.end(); ++o, ++i)
        if (i == inner.end() || *i != *o) return false;
    return true;
}

// `out` as the user wrote it, without a trailing slash: how messages name it.
std::string shown(const fs::path& out) {
    std::string s = generic(out.lexically_normal());
    while (s.size() > 1 && s.back() == '/') s.pop_back();
    return s;
}

Diagnostic refusal(const fs::path& out, std::string code, std::string message, std::string hint) {
    return Diagnostic{std::move(code), shown(out), 0, 0, "", "", std::move(message), std::move(hint)};
}

// A staging folder of a build that is no longer running: ".<name>.tmp-<pid>" with that process gone.
bool is_abandoned_staging(const std::string& name, const std::string& prefix) {
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) return false;
    const std::string digits = name.substr(prefix.size());
    if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) return false;
    const pid_t pid = pid_t(std::stol(digits));
    return pid != ::getpid() && (pid <= 0 || (::kill(pid, 0) != 0 && errno == ESRCH));
}

}  // namespace

fs::path output_folder(const fs::path& out) {
    std::error_code ec;
    fs::path p = fs::absolute(out, ec).lexically_normal();
    if (p.filename().empty() && p != p.root_path()) p = p.parent_path();  // "build/site/"
    fs::path resolved = fs::weakly_canonical(p, ec);
    return ec ? p : resolved;
}

std::optional<Diagnostic> refuse_output(const fs::path& out, const fs::path& project) {
    const fs::path target = output_folder(out);
    const fs::path root = output_folder(project);
    const std::string name = shown(out);
    const std::string choose = "pass --out a folder that does not exist yet, is empty, or holds an earlier build";
    if (is_within(root, target))
        return refusal(out, "output.holds_project",
                       name + " holds the project (" + generic(root) +
                           "); a build replaces its output folder whole, so it would delete the project",
                       choose + ", e.g. --out build/site");
    for (const char* input : {"content", "data", "templates"})
        if (is_within(target, root / input))
            return refusal(out, "output.inside_inputs",
                           name + " is inside the project's " + input + "/ folder, which the build reads", choose);
    std::error_code ec;
    const fs::file_status status = fs::status(target, ec);
    if (status.type() == fs::file_type::not_found) return std::nullopt;
    if (ec) return refusal(out, "output.unreadable", "cannot look at " + name + ": " + ec.message(), choose);
    if (status.type() != fs::file_type::directory)
        return refusal(out, "output.not_a_folder",
                       name + " is a file, not a folder; a build would replace it with the site", choose);
    if (fs::symlink_status(target / kOutputMarker, ec).type() == fs::file_type::regular) return std::nullopt;
    fs::directory_iterator it(target, ec);
    if (ec) return refusal(out, "output.unreadable", "cannot list " + name + ": " + ec.message(), choose);
    if (it == fs::directory_iterator()) return std::nullopt;  // empty
    return refusal(out, "output.not_ours",
                   name + " is a folder that accelguide did not write (it has no " + kOutputMarker +
                       " file) and it is not empty; a build replaces its output folder whole, so it would delete "
                       "what is in it",
                   choose + "; if it is the output of an older accelguide, delete it yourself first");
}

Staging::Staging(const fs::path& out, const fs::path& project) : target_(output_folder(out)), project_(project) {
    if ((error_ = refuse_output(out, project))) return;
    std::error_code ec;
    const fs::path parent = target_.parent_path();
    fs::create_directories(parent, ec);
    if (ec) {
        error_ = refusal(out, "write.failed", "cannot create " + generic(parent) + ": " + ec.message(), "");
        return;
    }
    const std::string prefix = "." + target_.filename().string() + ".tmp-";
    staging_ = parent / (prefix + std::to_string(::getpid()));
    // A build killed part-way leaves its staging folder behind; the next build clears it. A
    // staging folder of a build still running (serve and build at once) is left alone.
    for (const auto& entry : fs::directory_iterator(parent, ec))
        if (entry.is_directory(ec) && is_abandoned_staging(entry.path().filename().string(), prefix))
            fs::remove_all(entry.path(), ec);
    ec.clear();
    fs::create_directories(staging_, ec);
    if (ec) {
        error_ = refusal(out, "write.failed", "cannot create " + generic(staging_) + ": " + ec.message(), "");
        staging_.clear();
        return;
    }
    folders_.insert("");
    if (auto err = write(kOutputMarker, kMarkerText)) error_ = err;
}

Staging::~Staging() {
    std::error_code ignore;
    if (!committed_ && !staging_.empty()) fs::remove_all(staging_, ignore);
}

Diagnostic Staging::failure(const std::string& path, const std::string& what, int err) const {
    std::string hint = "nothing in " + generic(target_) + " was changed";
    if (err == ENOSPC || err == EDQUOT || err == EFBIG) hint += "; free some disk space and build again";
    const fs::path file = path.empty() ? target_ : target_ / path;
    return Diagnostic{"write.failed", generic(file), 0, 0, "", "", what + ": " + std::strerror(err), hint};
}

std::optional<Diagnostic> Staging::prepare(const std::string& path) {
    if (error_) return error_;
    if (!is_safe(path))
        return Diagnostic{"write.outside", path, 0, 0, "", "", "refusing to write outside the output folder", ""};
    const auto slash = path.rfind('/');
    const std::string folder = slash == std::string::npos ? std::string() : path.substr(0, slash);
    std::lock_guard<std::mutex> lock(mutex_);
    if (folders_.count(folder)) return std::nullopt;
    // Usually only a page's own folder is new: one mkdir, and the general way when that fails.
    std::error_code ec;
    if (::mkdir((staging_ / folder).c_str(), 0777) != 0) fs::create_directories(staging_ / folder, ec);
    if (ec) return failure(folder, "cannot create the folder", ec.value());
    folders_.insert(folder);
    return std::nullopt;
}

std::optional<Diagnostic> Staging::write(const std::string& path, const std::string& bytes) {
    if (auto err = prepare(path)) return err;
    if (const int err = write_bytes(staging_ / path, bytes)) return failure(path, "cannot be written", err);
    stop_point("staged");
    return std::nullopt;
}

std::optional<Diagnostic> replace_file(const fs::path& file, const std::string& bytes) {
    const fs::path tmp = file.string() + ".tmp-serve";
    int err = write_bytes(tmp, bytes);
    if (!err && std::rename(tmp.c_str(), file.c_str()) != 0) err = errno;
    if (!err) return std::nullopt;
    std::error_code ignored;
    fs::remove(tmp, ignored);
    std::string hint = "the file is as it was";
    if (err == ENOSPC || err == EDQUOT || err == EFBIG) hint += "; free some disk space";
    return Diagnostic{"write.failed", generic(file), 0, 0, "", "", std::string("cannot be written: ") + std::strerror(err), hint};
}

std::optional<Diagnostic> Staging::copy(const std::string& path, const fs::path& from) {
    if (auto err = prepare(path)) return err;
    std::error_code ec;
    fs::copy_file(from, staging_ / path, fs::copy_options::overwrite_existing, ec);
    if (ec) return failure(path, "cannot be copied from " + generic(from), ec.value());
    stop_point("staged");
    return std::nullopt;
}

std::optional<Diagnostic> Staging::commit() {
    if (error_) return error_;
    // The output may have changed while the site was rendered: look again just before the swap.
    if (auto refused = refuse_output(target_, project_)) return refused;
    std::error_code ec;
    if (fs::exists(target_, ec)) {
        // Swap the new site in and the old one out in one step, then delete the old one.
        if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) != 0)
            return failure("", "cannot swap the new site in", errno);
        committed_ = true;
        stop_point("swapped");
        fs::remove_all(staging_, ec);
        return std::nullopt;
    }
    if (::rename(staging_.c_str(), target_.c_str()) != 0) return failure("", "cannot move the new site in", errno);
    committed_ = true;
    return std::nullopt;
}

std::optional<Diagnostic> write_atomically(const fs::path& out, const Output& output, const fs::path& project) {
    Staging staging(out, project);
    if (staging.error()) return staging.error();
    for (const auto& f : output.files)
        if (auto err = staging.write(f.path, f.bytes)) return err;
    for (const auto& c : output.copies)
        if (auto err = staging.copy(c.path, c.from)) return err;
    return staging.commit();
}

}  // namespace site
