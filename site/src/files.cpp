#include "files.hpp"

#include <algorithm>
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

std::vector<std::string> read_catalogue_files(const fs::path& root, planner::CatalogueFiles& files) {
    std::vector<std::string> unreadable;
    for (planner::CatalogueFiles::File* f : files.all()) {
        if (auto text = read_file(root / f->name)) f->text = std::move(*text);
        else unreadable.push_back(f->name);
    }
    return unreadable;
}

}  // namespace site
