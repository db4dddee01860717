#include "url_path.hpp"

namespace site {

std::optional<std::vector<std::string>> path_segments(std::string_view path) {
    std::vector<std::string> segments;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= path.size(); ++i) {
        if (i < path.size() && path[i] != '/') continue;
        const std::string_view segment = path.substr(start, i - start);
        start = i + 1;
        if (segment.empty() || segment == ".") continue;
        if (segment == "..") {
            if (segments.empty()) return std::nullopt;
            segments.pop_back();
            continue;
        }
        segments.emplace_back(segment);
    }
    return segments;
}

std::optional<std::string> normalise_alias(std::string_view alias) {
    for (unsigned char c : alias)
        if (c < 0x20 || c == 0x7f || c == '?' || c == '#' || c == '\\') return std::nullopt;
    const auto segments = path_segments(alias);
    // A colon in the first segment reads as a scheme ("http:", "javascript:"), also when ".." put
    // it there ("x/../a:b/").
    if (!segments || (!segments->empty() && segments->front().find(':') != std::string::npos)) return std::nullopt;
    std::string out;
    for (const std::string& s : *segments) out += s + '/';
    return out;
}

}  // namespace site
