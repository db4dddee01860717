// Fuzz target: one content file, from its bytes to its rendered body, as the build's parse stage
// does it (site/build/build.cpp): the UTF-8 check, front matter (front_matter.hpp), then shortcodes
// and Markdown (build.hpp render_body), with the project's real config and catalogue.
//
// Besides not crashing, the body must never carry live markup from the source: with unsafe_html
// off (the project's setting), no <script>, <iframe>, <object> or <embed> element and no
// javascript: URL in an attribute; and no chart coordinate is NaN or Infinity.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "build.hpp"
#include "fuzz_support.hpp"
#include "utf8.hpp"

namespace {

const site::Parsed& project() {
    static const site::Parsed parsed = [] {
        site::Parsed p;
        auto config = site::read_file(site::fs::path(ACCELGUIDE_SOURCE_DIR) / "content/config.yaml");
        fuzz::require(config.has_value(), "content/config.yaml readable");
        std::vector<planner::Diagnostic> errors;
        p.config = site::parse_config(*config, "content/config.yaml", errors);
        fuzz::require(errors.empty() && !p.config.unsafe_html, "the project's config parses, unsafe_html off");
        p.catalogue = fuzz::project_catalogue().catalogue;
        return p;
    }();
    return parsed;
}

bool has_live_markup(std::string html) {
    std::transform(html.begin(), html.end(), html.begin(), [](unsigned char c) { return std::tolower(c); });
    // Attributes are always double-quoted, and text escapes '"', so ="javascript: is an attribute.
    for (const char* bad : {"<script", "<iframe", "<object", "<embed", "=\"javascript:"})
        if (html.find(bad) != std::string::npos) return true;
    return false;
}

// A chart coordinate drawn as NaN or Infinity: any x, y, x1, x2, y1, y2, points or transform
// attribute of an <svg> holding "nan" or "inf" (labels are the author's text, so not checked).
bool draws_non_finite(const std::string& html) {
    for (std::size_t svg = html.find("<svg"); svg != std::string::npos; svg = html.find("<svg", svg + 4)) {
        const std::size_t end = std::min(html.find("</svg>", svg), html.size());
        for (const char* attribute : {" x=\"", " y=\"", " x1=\"", " x2=\"", " y1=\"", " y2=\"", " points=\"", " transform=\""}) {
            const std::string a = attribute;
            for (std::size_t at = html.find(a, svg); at < end; at = html.find(a, at + 1)) {
                const std::size_t from = at + a.size(), to = html.find('"', from);
                std::string value = html.substr(from, to - from);
                std::transform(value.begin(), value.end(), value.begin(), [](unsigned char c) { return std::tolower(c); });
                if (value.find("nan") != std::string::npos || value.find("inf") != std::string::npos) return true;
            }
        }
    }
    return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (site::check_utf8(text).line) return 0;  // the build stops there with content.invalid_utf8
    site::ParseResult parsed = site::parse_content(text, "content/ja/fuzz.md");
    if (!parsed.content) {
        fuzz::require(!parsed.errors.empty(), "a file that does not parse gets an error");
        return 0;
    }
    site::Page page;
    page.source = "content/ja/fuzz.md";
    page.lang = "ja";
    page.key = "fuzz";
    page.url = "fuzz/";
    page.front = std::move(parsed.content->front);
    std::vector<planner::Diagnostic> errors;
    site::render_body(page, parsed.content->body, parsed.content->body_line, project(), errors);
    for (const auto& e : errors) fuzz::require(!e.file.empty() && e.line > 0, "errors name file:line");
    fuzz::require(!has_live_markup(page.html), "no live markup from the source in the body");
    fuzz::require(!draws_non_finite(page.html), "no chart coordinate is NaN or Infinity");
    return 0;
}
