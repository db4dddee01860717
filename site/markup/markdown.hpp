// Markdown to HTML with cmark-gfm. Every cmark-gfm call in the project lives in markdown.cpp.
//
// GitHub-flavoured: tables, strikethrough, autolinks, task lists, footnotes. Headings get ids
// (for anchor links and the table of contents). Raw HTML in the source is shown as text unless
// the site's config allows it for trusted content (`unsafe_html: true`).
#pragma once

#include <cstddef>
#include <optional>
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

/// The most cells a line may split into outside fenced code. cmark-gfm 0.29.0.gfm.6 (Debian 12)
/// parses a table row in time that grows with the square of its cells (measured: rows of 1,000
/// cells → 4,000 took 38× the time; a 2 MB table of 5,000 columns took 17.7 s and 805 MB), and a
/// body row may have any number of cells whatever the header says. With at most 128 cells a line,
/// a row costs at most a fixed multiple of its bytes, so a page renders in time linear in its size.
inline constexpr std::size_t kMaxTableCells = 128;

struct WideLine {
    std::size_t line = 0, column = 0;  // 1-based, of the line's first byte
    std::size_t cells = 0;             // as GFM counts them: "|a|b|" is 2
};

/// The first line outside fenced code (``` or ~~~) that holds more than kMaxTableCells table
/// cells (the pieces between unescaped "|", without the empty ones a leading and a trailing pipe
/// leave); nothing when every line is within the limit.
/// One pass over the bytes; `work`, when given, is incremented once per byte examined (tests count
/// it at n and 10n).
std::optional<WideLine> find_wide_line(std::string_view markdown, std::size_t* work = nullptr);

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
