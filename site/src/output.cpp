#include "output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace site {

namespace {

// A path inside the output folder that stays inside it: no absolute paths, no "..".
bool is_safe(const std::string& rel) {
    fs::path p(rel);
    if (rel.empty() || p.is_absolute()) return false;
    for (const auto& part : p)
        if (part == "..") return false;
    return true;
}

}  // namespace

Staging::Staging(const fs::path& out) {
    std::error_code ec;
    target_ = fs::absolute(out, ec);
    const fs::path parent = target_.parent_path();
    fs::create_directories(parent, ec);
    if (ec) {
        error_ = "cannot create " + parent.string() + ": " + ec.message();
        return;
    }
    const std::string prefix = "." + target_.filename().string() + ".tmp-";
    staging_ = parent / (prefix + std::to_string(::getpid()));
    // A build killed part-way leaves its staging folder behind; the next build clears it.
    for (const auto& entry : fs::directory_iterator(parent, ec))
        if (entry.path().filename().string().rfind(prefix, 0) == 0) fs::remove_all(entry.path(), ec);
    ec.clear();
    fs::create_directories(staging_, ec);
    if (ec) error_ = "cannot create " + staging_.string() + ": " + ec.message();
    folders_.insert("");
}

Staging::~Staging() {
    std::error_code ignore;
    if (!committed_ && !staging_.empty()) fs::remove_all(staging_, ignore);
}

std::string Staging::prepare(const std::string& path) {
    if (!is_safe(path)) return "refusing to write outside the output folder: " + path;
    const auto slash = path.rfind('/');
    const std::string folder = slash == std::string::npos ? std::string() : path.substr(0, slash);
    std::lock_guard<std::mutex> lock(mutex_);
    if (folders_.count(folder)) return {};
    // Usually only a page's own folder is new: one mkdir, and the general way when that fails.
    std::error_code ec;
    if (::mkdir((staging_ / folder).c_str(), 0777) != 0) fs::create_directories(staging_ / folder, ec);
    if (ec) return "cannot create " + (staging_ / folder).string() + ": " + ec.message();
    folders_.insert(folder);
    return {};
}

std::string Staging::write(const std::string& path, const std::string& bytes) {
    if (auto err = prepare(path); !err.empty()) return err;
    const fs::path file = staging_ / path;
    const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return "cannot write " + file.string() + ": " + std::strerror(errno);
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n <= 0) {
            ::close(fd);
            return "cannot write " + file.string() + ": " + std::strerror(errno);
        }
        done += std::size_t(n);
    }
    return ::close(fd) == 0 ? std::string() : "cannot write " + file.string();
}

std::string Staging::copy(const std::string& path, const fs::path& from) {
    if (auto err = prepare(path); !err.empty()) return err;
    std::error_code ec;
    fs::copy_file(from, staging_ / path, fs::copy_options::overwrite_existing, ec);
    return ec ? "cannot copy " + from.string() + ": " + ec.message() : std::string();
}

std::string Staging::commit() {
    if (!error_.empty()) return error_;
    std::error_code ec;
    if (fs::exists(target_, ec)) {
        // Swap the new site in and the old one out in one step, then delete the old one.
        if (::renameat2(AT_FDCWD, staging_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE) != 0)
            return "cannot swap in " + target_.string() + ": " + std::strerror(errno);
        committed_ = true;
        fs::remove_all(staging_, ec);
        return {};
    }
    if (::rename(staging_.c_str(), target_.c_str()) != 0)
        return "cannot move the site to " + target_.string() + ": " + std::strerror(errno);
    committed_ = true;
    return {};
}

std::string write_atomically(const fs::path& out, const Output& output) {
    Staging staging(out);
    if (!staging.error().empty()) return staging.error();
    for (const auto& f : output.files)
        if (auto err = staging.write(f.path, f.bytes); !err.empty()) return err;
    for (const auto& c : output.copies)
        if (auto err = staging.copy(c.path, c.from); !err.empty()) return err;
    return staging.commit();
}

}  // namespace site
