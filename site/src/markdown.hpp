// Markdown to HTML with cmark-gfm. Every cmark-gfm call in the project lives in markdown.cpp.
//
// GitHub-flavoured: tables, strikethrough, autolinks, task lists, footnotes. Headings get ids
// (for anchor links and the table of contents). Raw HTML in the source is shown as text unless
// the site's config allows it for trusted content (`unsafe_html: true`).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace site {

struct Heading {
    int level = 0;
    std::string id;    // unique within the page: "gpu-の選び方", "memory-1"
    std::string text;  // plain text
};

struct MarkdownOptions {
    bool unsafe_html = false;  // pass raw HTML through (trusted content only)
};

struct RenderedMarkdown {
    std::string html;
    std::vector<Heading> toc;  // every heading, in order
};

/// `markdown` must be valid UTF-8: the build and serve reject any other content file first, with
/// its position (check_utf8 in utf8.hpp), so the renderer does not check it again.
RenderedMarkdown render_markdown(std::string_view markdown, const MarkdownOptions& options = {});

/// The id a heading's text gets: lowercase ASCII letters and digits, '-' for spaces and
/// punctuation runs, non-ASCII text (Japanese) kept as it is.
std::string heading_id(std::string_view text);

/// The ids of one page's headings, each unique: `base`, else base-1, base-2, … (a later heading
/// whose own text is "A 1" cannot take the "a-1" an earlier second "A" took; it becomes "a-1-1").
/// Each base remembers the next suffix to try, so n headings of the same text take O(n) probes in
/// all, not O(n²) (30,000 "## A" took 76 s that way).
class HeadingIds {
public:
    std::string take(const std::string& base);
    /// Ids looked up so far: the work, which tests count at n and 10n.
    std::size_t probes() const { return probes_; }

private:
    std::unordered_set<std::string> taken_;
    std::unordered_map<std::string, std::size_t> next_;  // by base: the suffix to try first
    std::size_t probes_ = 0;
};

}  // namespace site
