#include "markdown.hpp"

#include <cctype>
#include <cstddef>
#include <map>
#include <set>
#include <memory>

#if defined(__SANITIZE_ADDRESS__)
#define ACCELGUIDE_LSAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ACCELGUIDE_LSAN 1
#endif
#endif
#ifdef ACCELGUIDE_LSAN
#include <sanitizer/lsan_interface.h>
#endif

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm.h>

#include "mustache.hpp"
#include "page_arena.hpp"

namespace site {
namespace {

struct ParserDeleter {
    void operator()(cmark_parser* p) const { cmark_parser_free(p); }
};
struct NodeDeleter {
    void operator()(cmark_node* n) const { cmark_node_free(n); }
};

// Pages parse and render with memory from this thread's page arena (page_arena.hpp), given back
// when render_markdown returns. Every node put into such a tree must come from it too: cmark frees
// a whole tree with its root's allocator.
cmark_mem page_memory{site::page_arena::calloc, site::page_arena::realloc, site::page_arena::free};

// A link or image target that runs code or reads local files when followed: javascript:,
// vbscript:, file:, and data: other than an image (cmark-gfm's own rule for its safe mode, which
// the renderer below cannot use because it must pass our heading HTML through).
bool is_dangerous_url(const char* url) {
    std::string u;
    for (const char* c = url; c && *c; ++c) u += static_cast<char>(std::tolower(static_cast<unsigned char>(*c)));
    auto starts = [&](const char* prefix) { return u.rfind(prefix, 0) == 0; };
    if (starts("data:"))
        return !(starts("data:image/png") || starts("data:image/gif") || starts("data:image/jpeg") ||
                 starts("data:image/webp"));
    return starts("javascript:") || starts("vbscript:") || starts("file:");
}

// cmark-gfm 0.29 keeps the inline parser's table of special characters in one global array: a
// parser adds its extensions' characters when it starts parsing inlines and removes them when it
// is done. Parsers on two threads race: a page parsed while another one finished lost its
// strikethrough or autolinks (~~x~~ left as text in about 40 of 3,000 pages built on 2 threads).
// So every extension character (':' 'w' for autolinks, '|' for tables, '~' for strikethrough) is
// set once, for good, at start-up, and no parser adds or removes one again:
// - autolink's and table's lists are emptied: autolink's matcher is asked for every special
//   character, and the table is found at block level, so nothing else reads them.
// - strikethrough is replaced by our own extension, `Strike` below, which makes the same nodes.
//   cmark finds the extension that closes a delimiter run through the extension's list, keyed by
//   the character on the delimiter stack, so GFM's own extension must list '~' and be removed
//   again. Ours pushes its runs as kStrikeDelimiter instead, a byte that never reaches the
//   inline parser (cmark turns NUL into U+FFFD first), and lists that: toggling its slot in
//   the table changes nothing, and every page parses in parallel.
constexpr unsigned char kStrikeDelimiter = 0;

// Our strikethrough's callbacks find GFM's extension (whose renderer draws <del>) and node type here.
struct Strike {
    cmark_syntax_extension* gfm = nullptr;
    cmark_node_type type = CMARK_NODE_NONE;
};

// A run of '~': a text node, pushed as a delimiter when it is one or two long and flanking
// (GFM's rule, as in its strikethrough.c).
cmark_node* match_strike(cmark_syntax_extension*, cmark_parser*, cmark_node*, unsigned char character,
                         cmark_inline_parser* inline_parser) {
    if (character != '~') return nullptr;
    int left_flanking = 0, right_flanking = 0, punct_before = 0, punct_after = 0;
    const int run = cmark_inline_parser_scan_delimiters(inline_parser, 100, '~', &left_flanking, &right_flanking,
                                                        &punct_before, &punct_after);
    cmark_node* text = cmark_node_new_with_mem(CMARK_NODE_TEXT, &page_memory);
    cmark_node_set_literal(text, std::string(static_cast<std::size_t>(run), '~').c_str());
    if ((left_flanking || right_flanking) && (run == 1 || run == 2))
        cmark_inline_parser_push_delimiter(inline_parser, kStrikeDelimiter, left_flanking, right_flanking, text);
    return text;
}

// An opener and a closer of the same length enclose a strikethrough, and the delimiters between
// them are spent. When the lengths differ (`~~about 3~, maybe 4~~`), nothing is spent, as in
// GFM's strikethrough.c: the opener waits for a closer of its own length. One difference, for
// speed only: a closer that cannot open is dropped from the stack here, where GFM leaves it for
// every later closer to step over (quadratic: "~~a" followed by 50,000 " a~"). It could never
// match again, so the HTML is the same (tests/unit/markdown_gfm_test.cpp compares with cmark-gfm).
delimiter* insert_strike(cmark_syntax_extension* self, cmark_parser*, cmark_inline_parser* inline_parser,
                         delimiter* opener, delimiter* closer) {
    const auto* strike = static_cast<const Strike*>(cmark_syntax_extension_get_private(self));
    delimiter* const after = closer->next;
    if (opener->length != closer->length) {
        if (!closer->can_open) cmark_inline_parser_remove_delimiter(inline_parser, closer);
        return after;
    }
    cmark_node* node = opener->inl_text;
    if (cmark_node_set_type(node, strike->type)) {
        cmark_node_set_syntax_extension(node, strike->gfm);
        for (cmark_node* child = cmark_node_next(node); child && child != closer->inl_text;) {
            cmark_node* next = cmark_node_next(child);
            cmark_node_append_child(node, child);
            child = next;
        }
        cmark_node_free(closer->inl_text);
    }
    for (delimiter* d = closer; d && d != opener;) {
        delimiter* previous = d->previous;
        cmark_inline_parser_remove_delimiter(inline_parser, d);
        d = previous;
    }
    cmark_inline_parser_remove_delimiter(inline_parser, opener);
    return after;
}

// Allocations made while one lives are not reported as leaks (a no-op without AddressSanitizer).
struct LeakCheckPaused {
#ifdef ACCELGUIDE_LSAN
    LeakCheckPaused() { __lsan_disable(); }
    ~LeakCheckPaused() { __lsan_enable(); }
#endif
};

// The GFM extensions every parser uses, set up once (nullptr for one cmark does not have).
struct Extensions {
    cmark_syntax_extension *table, *strikethrough, *autolink, *tasklist;
};

// GFM's strikethrough node type, read off a parse of "~~x~~" (cmark-gfm's headers do not declare it).
cmark_node_type strikethrough_type(cmark_syntax_extension* gfm) {
    std::unique_ptr<cmark_parser, ParserDeleter> parser(cmark_parser_new(CMARK_OPT_DEFAULT));
    cmark_parser_attach_syntax_extension(parser.get(), gfm);
    cmark_parser_feed(parser.get(), "~~x~~", 5);
    std::unique_ptr<cmark_node, NodeDeleter> doc(cmark_parser_finish(parser.get()));
    cmark_node* paragraph = cmark_node_first_child(doc.get());
    cmark_node* struck = paragraph ? cmark_node_first_child(paragraph) : nullptr;
    return struck ? cmark_node_get_type(struck) : CMARK_NODE_NONE;
}

const Extensions& extensions() {
    static Strike strike;
    static const Extensions found = [] {
        // The lists emptied or made below live as long as the process (cmark-gfm offers no way to
        // read one back to free it): a one-time few bytes that LeakSanitizer is told to expect.
        [[maybe_unused]] LeakCheckPaused paused;
        cmark_gfm_core_extensions_ensure_registered();
        Extensions e{cmark_find_syntax_extension("table"), cmark_find_syntax_extension("strikethrough"),
                     cmark_find_syntax_extension("autolink"), cmark_find_syntax_extension("tasklist")};
        if (e.strikethrough) {
            // Parsed while only this thread parses, before the table holds '~' for good.
            strike.gfm = e.strikethrough;
            strike.type = strikethrough_type(e.strikethrough);
        }
        // Every extension character, set for good (see above).
        std::unique_ptr<cmark_parser, ParserDeleter> parser(cmark_parser_new(CMARK_OPT_DEFAULT));
        for (cmark_syntax_extension* ext : {e.autolink, e.table, e.strikethrough})
            if (ext) cmark_parser_attach_syntax_extension(parser.get(), ext);
        cmark_manage_extensions_special_characters(parser.get(), 1);
        for (cmark_syntax_extension* ext : {e.autolink, e.table})
            if (ext) cmark_syntax_extension_set_special_inline_chars(ext, nullptr);
        if (strike.type != CMARK_NODE_NONE) {
            cmark_syntax_extension* own = cmark_syntax_extension_new("accelguide-strikethrough");
            cmark_syntax_extension_set_match_inline_func(own, match_strike);
            cmark_syntax_extension_set_inline_from_delim_func(own, insert_strike);
            cmark_syntax_extension_set_private(own, &strike, nullptr);
            cmark_syntax_extension_set_special_inline_chars(
                own, cmark_llist_append(cmark_get_default_mem_allocator(), nullptr,
                                        reinterpret_cast<void*>(static_cast<std::size_t>(kStrikeDelimiter))));
            e.strikethrough = own;
        } else {
            e.strikethrough = nullptr;
        }
        return e;
    }();
    return found;
}

// The text of a node's inlines, in one iterative walk into one buffer: linear in the size of the
// subtree and free of recursion, so a heading of 65,000 nested emphases neither overflows the stack
// nor copies its text once per level.
std::string plain_text(cmark_node* node) {
    std::string out;
    cmark_iter* iter = cmark_iter_new(node);
    for (cmark_event_type ev; (ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
        if (ev != CMARK_EVENT_ENTER) continue;
        cmark_node* child = cmark_iter_get_node(iter);
        const cmark_node_type type = cmark_node_get_type(child);
        if (type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE) {
            if (const char* literal = cmark_node_get_literal(child)) out += literal;
        } else if (type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK) {
            out += ' ';
        }
    }
    cmark_iter_free(iter);
    return out;
}

// The nodes the render changes, found in one walk: raw HTML (made visible unless trusted), links
// and images (checked for targets that run code, unless trusted) and headings (given ids), each in
// document order.
struct Marked {
    std::vector<cmark_node*> raw_html;
    std::vector<cmark_node*> links;
    std::vector<cmark_node*> headings;
};

Marked marked_nodes(cmark_node* root, bool untrusted) {
    Marked found;
    cmark_iter* iter = cmark_iter_new(root);
    for (cmark_event_type ev; (ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
        if (ev != CMARK_EVENT_ENTER) continue;
        cmark_node* node = cmark_iter_get_node(iter);
        const cmark_node_type type = cmark_node_get_type(node);
        if (type == CMARK_NODE_HEADING) found.headings.push_back(node);
        else if (untrusted && (type == CMARK_NODE_HTML_INLINE || type == CMARK_NODE_HTML_BLOCK))
            found.raw_html.push_back(node);
        else if (untrusted && (type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE))
            found.links.push_back(node);
    }
    cmark_iter_free(iter);
    return found;
}

void replace_with(cmark_node* old, cmark_node_type type, const std::string& literal) {
    cmark_node* replacement = cmark_node_new_with_mem(type, &page_memory);
    cmark_node_set_literal(replacement, literal.c_str());
    cmark_node_replace(old, replacement);
    cmark_node_free(old);
}

cmark_node* custom(cmark_node_type type, const char* on_enter, const char* on_exit) {
    cmark_node* node = cmark_node_new_with_mem(type, &page_memory);
    cmark_node_set_on_enter(node, on_enter);
    cmark_node_set_on_exit(node, on_exit);
    return node;
}

// Replaces a heading with its inlines between tags of our own, so that the one render of the whole
// document writes `<hN id="…">…</hN>`: a custom block (which only starts and ends a line) holds
// the opening tag, the heading's inlines and the closing tag (custom inlines, written as they are).
// A custom block may hold any node, so no inline is ever refused.
void wrap_heading(cmark_node* heading, const std::string& open, const std::string& close) {
    cmark_node* block = custom(CMARK_NODE_CUSTOM_BLOCK, "", "");
    cmark_node_append_child(block, custom(CMARK_NODE_CUSTOM_INLINE, open.c_str(), ""));
    while (cmark_node* child = cmark_node_first_child(heading)) cmark_node_append_child(block, child);
    cmark_node_append_child(block, custom(CMARK_NODE_CUSTOM_INLINE, close.c_str(), ""));
    cmark_node_replace(heading, block);
    cmark_node_free(heading);
}

std::string escape_attribute(const std::string& s) {
    std::string out;
    mustache::escape_html(s, out);
    return out;
}

}  // namespace

std::string heading_id(std::string_view text) {
    std::string id;
    bool dash = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) {  // non-ASCII: keep the whole UTF-8 sequence
            if (dash && !id.empty()) id += '-';
            dash = false;
            id += char(c);
        } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            if (dash && !id.empty()) id += '-';
            dash = false;
            id += char(c);
        } else if (c >= 'A' && c <= 'Z') {
            if (dash && !id.empty()) id += '-';
            dash = false;
            id += char(c - 'A' + 'a');
        } else if (c == '_' ) {
            id += '_';
        } else {
            dash = true;
        }
    }
    return id.empty() ? "section" : id;
}

RenderedMarkdown render_markdown(std::string_view markdown, const MarkdownOptions& options) {
    const Extensions& gfm = extensions();
    // No CMARK_OPT_VALIDATE_UTF8: the input is valid UTF-8 already (see markdown.hpp), and cmark's
    // check would cost a pass over every byte for nothing. Footnotes cost cmark extra walks over
    // the whole tree; without "[^" in the text there can be none, so they are only asked for then.
    const int footnotes = markdown.find("[^") != std::string_view::npos ? CMARK_OPT_FOOTNOTES : 0;
    const int parse_options = CMARK_OPT_DEFAULT | footnotes;
    // Declared first, so it ends last: the parser, the tree and the HTML below all live in it.
    const page_arena::Scope scratch;
    std::unique_ptr<cmark_parser, ParserDeleter> parser(cmark_parser_new_with_mem(parse_options, &page_memory));
    for (cmark_syntax_extension* ext : {gfm.table, gfm.strikethrough, gfm.autolink, gfm.tasklist})
        if (ext) cmark_parser_attach_syntax_extension(parser.get(), ext);
    cmark_parser_feed(parser.get(), markdown.data(), markdown.size());
    std::unique_ptr<cmark_node, NodeDeleter> doc(cmark_parser_finish(parser.get()));
    cmark_llist* extensions = cmark_parser_get_syntax_extensions(parser.get());

    const Marked marked = marked_nodes(doc.get(), !options.unsafe_html);
    // Raw HTML becomes visible text: inline HTML a text node, an HTML block a code block.
    for (cmark_node* node : marked.raw_html) {
        const char* literal = cmark_node_get_literal(node);
        const bool block = cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK;
        replace_with(node, block ? CMARK_NODE_CODE_BLOCK : CMARK_NODE_TEXT, literal ? literal : "");
    }

    // Links and images keep their text but lose a target that would run code (XSS).
    for (cmark_node* node : marked.links)
        if (is_dangerous_url(cmark_node_get_url(node))) cmark_node_set_url(node, "");

    // Headings get a unique id and an anchor link, written by the one render below.
    RenderedMarkdown out;
    HeadingIds ids;
    for (cmark_node* heading : marked.headings) {
        Heading h;
        h.level = cmark_node_get_heading_level(heading);
        h.text = plain_text(heading);
        h.id = ids.take(heading_id(h.text));
        const std::string level = std::to_string(h.level);
        const std::string attr_id = escape_attribute(h.id);
        wrap_heading(heading, "<h" + level + " id=\"" + attr_id + "\">",
                     " <a class=\"anchor\" href=\"#" + attr_id + "\" aria-hidden=\"true\" tabindex=\"-1\">#</a></h" + level + ">");
        out.toc.push_back(std::move(h));
    }

    // Raw HTML left is trusted content (unsafe_html), so render without omitting it.
    const char* html = cmark_render_html_with_mem(doc.get(), CMARK_OPT_UNSAFE | footnotes, extensions, &page_memory);
    out.html = html ? std::string(html) : std::string();
    return out;
}

namespace {

// The fence a line opens or closes: its character ('`' or '~') and run length, or nothing. Up to
// three spaces of indent, then three or more of one fence character.
std::optional<std::pair<char, std::size_t>> fence_of(std::string_view line) {
    std::size_t i = 0;
    while (i < line.size() && i < 3 && line[i] == ' ') ++i;
    if (i >= line.size() || (line[i] != '`' && line[i] != '~')) return std::nullopt;
    const char c = line[i];
    std::size_t run = 0;
    while (i + run < line.size() && line[i + run] == c) ++run;
    if (run < 3) return std::nullopt;
    return std::make_pair(c, run);
}

}  // namespace

std::optional<WideLine> find_wide_line(std::string_view markdown, std::size_t* work) {
    char fence_char = 0;  // 0: not inside fenced code
    std::size_t fence_run = 0;
    std::size_t line_number = 1;
    for (std::size_t start = 0; start < markdown.size(); ++line_number) {
        std::size_t end = markdown.find('\n', start);
        if (end == std::string_view::npos) end = markdown.size();
        const std::string_view line = markdown.substr(start, end - start);
        start = end + 1;
        if (work) *work += line.size() + 1;
        if (const auto fence = fence_of(line)) {
            if (!fence_char) fence_char = fence->first, fence_run = fence->second;
            else if (fence->first == fence_char && fence->second >= fence_run) fence_char = 0;
            continue;
        }
        if (fence_char) continue;
        // Cells as GFM counts them: the pieces between unescaped pipes, without the empty ones a
        // leading and a trailing pipe leave ("|a|b|" is two).
        std::size_t pipes = 0;
        bool escaped = false, trailing = false;
        for (char c : line) {
            const bool pipe = c == '|' && !escaped;
            pipes += pipe;
            if (c != ' ' && c != '\t' && c != '\r') trailing = pipe;
            escaped = c == '\\' && !escaped;
        }
        if (pipes <= kMaxTableCells) continue;  // at most pipes + 1 cells: fine without counting further
        const std::size_t first = line.find_first_not_of(" \t");
        const bool leading = first != std::string_view::npos && line[first] == '|';
        const std::size_t cells = pipes + 1 - leading - (trailing && pipes > std::size_t(leading) ? 1 : 0);
        if (cells > kMaxTableCells) return WideLine{line_number, 1, cells};
    }
    return std::nullopt;
}

std::string HeadingIds::take(const std::string& base) {
    std::size_t& n = next_[base];
    std::string id = n == 0 ? base : base + "-" + std::to_string(n);
    for (;;) {
        ++probes_;
        if (taken_.insert(id).second) break;
        id = base + "-" + std::to_string(++n);
    }
    ++n;
    return id;
}

}  // namespace site
