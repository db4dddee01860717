#include "files.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace site {

std::optional<std::string> read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (in.bad()) return std::nullopt;
    return bytes.str();
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
