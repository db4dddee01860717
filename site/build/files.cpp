#include "files.hpp"

#include <algorithm>
#include <set>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace site {

std::optional<std::string> read_file(const fs::path& path) {
    // One read into a string of the file's size (a build reads every content file: streams cost
    // a buffer, a locale and a copy each).
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    struct stat st {};
    std::string bytes;
    // One byte more than the size, so that the read that finds the end needs no room of its own.
    bytes.resize(::fstat(fd, &st) == 0 && st.st_size > 0 ? std::size_t(st.st_size) + 1 : 4096);
    std::size_t done = 0;
    for (;;) {
        if (done == bytes.size()) bytes.resize(bytes.size() + 4096);  // grew, or no size given (a pipe, /proc)
        const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            ::close(fd);
            return std::nullopt;
        }
        if (n == 0) break;
        done += std::size_t(n);
    }
    ::close(fd);
    bytes.resize(done);
    return bytes;
}

std::vector<fs::path> list_files(const fs::path& dir) {
    std::vector<fs::path> files;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return files;
    for (auto it = fs::recursive_directory_iterator(dir, fs::directory_options::follow_directory_symlink, ec);
         !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
        if (it->is_regular_file(ec)) files.push_back(it->path().lexically_relative(dir));
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::string generic(const fs::path& p) { return p.generic_string(); }

namespace {

bool is_within(const fs::path& inner, const fs::path& outer) {
    auto i = inner.begin();
    for (auto o = outer.begin(); o != outer.end(); ++o, ++i)
        if (i == inner.end() || *i != *o) return false;
    return true;
}

std::string megabytes(std::uintmax_t bytes) { return std::to_string((bytes + (1u << 19)) >> 20) + " MB"; }

}  // namespace

InputListing list_inputs(const fs::path& dir, const fs::path& project) {
    InputListing out;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return out;
    const fs::path root = fs::weakly_canonical(fs::absolute(project, ec), ec);
    std::set<std::pair<dev_t, ino_t>> seen;  // every folder entered, so that a link back is a cycle
    struct Folder {
        fs::path path, rel;
        std::size_t depth;
    };
    std::vector<Folder> stack{{dir, {}, 0}};
    auto problem = [&](std::string code, const fs::path& rel, std::string message, std::string hint = {}) {
        out.problems.push_back({std::move(code), rel, std::move(message), std::move(hint)});
    };
    while (!stack.empty()) {
        Folder f = std::move(stack.back());
        stack.pop_back();
        struct stat st {};
        if (::stat(f.path.c_str(), &st) != 0) continue;
        if (!seen.insert({st.st_dev, st.st_ino}).second) {
            problem("load.symlink_cycle", f.rel, "this folder is reached twice through symlinks (a cycle, or two links to one folder)",
                    "remove the symlink; accelguide reads each folder once");
            continue;
        }
        for (fs::directory_iterator it(f.path, ec), end; !ec && it != end; it.increment(ec)) {
            const fs::path rel = f.rel / it->path().filename();
            fs::file_status status = it->symlink_status(ec);
            if (fs::is_symlink(status)) {
                const fs::path target = fs::canonical(it->path(), ec);
                if (ec) {
                    problem("load.broken_symlink", rel, "this symlink leads nowhere", "remove it or point it at a file in the project");
                    ec.clear();
                    continue;
                }
                if (!is_within(target, root)) {
                    problem("load.symlink_outside", rel, "this symlink leads outside the project, to " + generic(target),
                            "accelguide publishes only files inside the project: copy the file in instead");
                    continue;
                }
                status = fs::status(target, ec);
            }
            if (fs::is_directory(status)) {
                if (f.depth + 1 > kMaxFolderDepth)
                    problem("load.too_deep", rel, "folders nest deeper than " + std::to_string(kMaxFolderDepth) + " levels here",
                            "flatten the folders");
                else
                    stack.push_back({it->path(), rel, f.depth + 1});
            } else if (fs::is_regular_file(status)) {
                out.files.push_back(rel);
            } else {
                problem("load.not_a_file", rel, "this is not a regular file (a FIFO, socket or device), so it is not read",
                        "remove it from the folder");
            }
        }
        ec.clear();
    }
    std::sort(out.files.begin(), out.files.end());
    return out;
}

namespace {

std::string size_text(std::uintmax_t bytes) {
    return bytes >= (1u << 20) ? megabytes(bytes) : std::to_string((bytes + 512) >> 10) + " KB";
}

// size: the file's, when known before reading (0: found over the limit while reading).
InputProblem too_large(const fs::path& path, std::uintmax_t size, std::uintmax_t max_bytes) {
    return {"load.too_large", path,
            (size ? "this file is " + size_text(size) + "; files here are limited to " : "this is larger than the limit of ") +
                size_text(max_bytes),
            "split it into several files"};
}

// Reads fd to its end, but never more than max_bytes + 1 bytes: one byte over says "too large"
// without holding the rest (/dev/zero, a growing file, a pipe that never ends).
std::optional<std::string> read_at_most(int fd, std::uintmax_t max_bytes, bool& over) {
    std::string bytes;
    std::size_t done = 0;
    over = false;
    for (;;) {
        if (done == bytes.size()) bytes.resize(std::min<std::size_t>(max_bytes + 1, std::max<std::size_t>(4096, done * 2)));
        const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return std::nullopt;
        if (n == 0) break;
        done += std::size_t(n);
        if (done > max_bytes) {
            over = true;
            break;
        }
    }
    bytes.resize(done);
    return bytes;
}

}  // namespace

InputFile read_input(const fs::path& path, std::uintmax_t max_bytes) {
    InputFile out;
    if (path == "-") {  // standard input: a pipe or a terminal, read up to the limit and no further
        bool over = false;
        out.text = read_at_most(STDIN_FILENO, max_bytes, over);
        if (!out.text) out.problem = {"load.missing", path, "cannot read standard input", ""};
        else if (over) out.text.reset(), out.problem = too_large("standard input", 0, max_bytes);
        return out;
    }
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat st {};
    if (fd < 0 || ::fstat(fd, &st) != 0) {
        if (fd >= 0) ::close(fd);
        out.problem = {"load.missing", path, "cannot read this file", ""};
        return out;
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        out.problem = {"load.not_a_file", path, "this is not a regular file (a FIFO, socket or device), so it is not read",
                       "put a regular file here"};
        return out;
    }
    if (std::uintmax_t(st.st_size) > max_bytes) {
        ::close(fd);
        out.problem = too_large(path, std::uintmax_t(st.st_size), max_bytes);
        return out;
    }
    // The same descriptor, so that what was checked is what is read; a file that grew since is
    // still stopped at the limit.
    bool over = false;
    out.text = read_at_most(fd, max_bytes, over);
    ::close(fd);
    if (!out.text) out.problem = {"load.missing", path, "cannot read this file", ""};
    else if (over) out.text.reset(), out.problem = too_large(path, 0, max_bytes);
    return out;
}

namespace {

// Reads the catalogue's files from `folder` (sources.json …, operators/<chip>.json), naming each
// `named` + its path inside the folder: what its problems and its diagnostics say.
std::vector<InputProblem> read_catalogue_at(const fs::path& folder, const std::string& named, planner::CatalogueFiles& files) {
    std::vector<InputProblem> problems;
    const std::string prefix = "data/";
    for (planner::CatalogueFiles::File* f : files.all()) {
        const std::string inside = f->name.substr(prefix.size());
        f->name = named + inside;
        if (files.optional(f) && !fs::exists(folder / inside)) continue;
        InputFile in = read_input(folder / inside, kMaxInputBytes);
        if (in.text) f->text = std::move(*in.text);
        else problems.push_back({in.problem.code, f->name, in.problem.message, in.problem.hint});
    }
    // operators/<chip>.json: measured operator tables (scripts/measure/), in name order.
    std::error_code ec;
    std::vector<std::string> names;
    for (const fs::directory_entry& e : fs::directory_iterator(folder / "operators", ec))
        if (e.path().extension() == ".json") names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    files.operators.clear();
    for (const std::string& name : names) {
        planner::CatalogueFiles::File f{named + "operators/" + name, ""};
        InputFile in = read_input(folder / "operators" / name, kMaxInputBytes);
        if (in.text) f.text = std::move(*in.text), files.operators.push_back(std::move(f));
        else problems.push_back({in.problem.code, f.name, in.problem.message, in.problem.hint});
    }
    return problems;
}

}  // namespace

std::vector<InputProblem> read_catalogue_files(const fs::path& root, planner::CatalogueFiles& files) {
    return read_catalogue_at(root / "data", "data/", files);
}

std::vector<InputProblem> read_catalogue_folder(const fs::path& folder, planner::CatalogueFiles& files) {
    return read_catalogue_at(folder, (folder / "").string(), files);
}

}  // namespace site
