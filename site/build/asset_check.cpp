#include "asset_check.hpp"

#include <algorithm>
#include <cctype>

#include "utf8.hpp"

namespace site {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

bool ends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool any_suffix(const std::string& name, std::initializer_list<std::string_view> suffixes) {
    return std::any_of(suffixes.begin(), suffixes.end(), [&](std::string_view s) { return ends_with(name, s); });
}

UnsafeAsset at(std::string_view bytes, std::size_t offset, std::string what) {
    const TextAt where = position_at(bytes, offset);
    return UnsafeAsset{where.line, where.column, std::move(what)};
}

}  // namespace

bool may_be_active(std::string_view name) {
    const std::string n = lower(name);
    return any_suffix(n, {".html", ".htm", ".xhtml", ".xht", ".shtml", ".svg", ".svgz", ".xml", ".xsl", ".xslt"});
}

std::optional<UnsafeAsset> unsafe_asset(std::string_view name, std::string_view bytes) {
    const std::string n = lower(name);
    if (any_suffix(n, {".html", ".htm", ".xhtml", ".xht", ".shtml"})) return UnsafeAsset{1, 1, "an HTML page"};
    if (any_suffix(n, {".svgz", ".xsl", ".xslt"})) return UnsafeAsset{1, 1, "a file that can hold script unseen"};
    if (!any_suffix(n, {".svg", ".xml"})) return std::nullopt;
    const std::string text = lower(bytes);
    std::optional<UnsafeAsset> first;
    auto consider = [&](std::size_t offset, std::string what) {
        if (offset != std::string::npos) {
            UnsafeAsset u = at(bytes, offset, std::move(what));
            if (!first || u.line < first->line || (u.line == first->line && u.column < first->column)) first = u;
        }
    };
    consider(text.find("<script"), "a <script> element");
    consider(text.find("javascript:"), "a javascript: link");
    consider(text.find("<foreignobject"), "a <foreignObject> element (HTML inside SVG)");
    for (const char* tag : {"<iframe", "<embed", "<object", "<!entity", "<?xml-stylesheet"}) consider(text.find(tag), std::string("a ") + tag + " construct");
    // Event handler attributes: whitespace, "on", letters, optional spaces, "=".
    for (std::size_t i = text.find("on"); i != std::string::npos; i = text.find("on", i + 2)) {
        if (i == 0 || !std::isspace(static_cast<unsigned char>(text[i - 1]))) continue;
        std::size_t j = i + 2;
        while (j < text.size() && std::isalpha(static_cast<unsigned char>(text[j]))) ++j;
        if (j == i + 2) continue;
        while (j < text.size() && std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        if (j < text.size() && text[j] == '=') {
            consider(i, "an event handler attribute (" + std::string(bytes.substr(i, j - i)) + ")");
            break;
        }
    }
    return first;
}

}  // namespace site
