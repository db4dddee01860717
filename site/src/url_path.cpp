#include "url_path.hpp"

#include <vector>

namespace site {

std::optional<std::string> normalise_alias(std::string_view alias) {
    std::vector<std::string_view> segments;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= alias.size(); ++i) {
        if (i < alias.size()) {
            const unsigned char c = static_cast<unsigned char>(alias[i]);
            if (c < 0x20 || c == 0x7f || c == '?' || c == '#' || c == '\\') return std::nullopt;
            if (c == ':' && segments.empty() && alias.find('/') > i) return std::nullopt;  // "http:", "javascript:"
            if (c != '/') continue;
        }
        const std::string_view segment = alias.substr(start, i - start);
        start = i + 1;
        if (segment.empty() || segment == ".") continue;
        if (segment == "..") {
            if (segments.empty()) return std::nullopt;
            segments.pop_back();
            continue;
        }
        segments.push_back(segment);
    }
    std::string out;
    for (std::string_view s : segments) {
        out.append(s);
        out += '/';
    }
    return out;
}

}  // namespace site
