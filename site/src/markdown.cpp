#include "markdown.hpp"

#include <cctype>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>

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

namespace site {
namespace {

struct ParserDeleter {
    void operator()(cmark_parser* p) const { cmark_parser_free(p); }
};
struct NodeDeleter {
    void operator()(cmark_node* n) const { cmark_node_free(n); }
};
struct CharDeleter {
    void operator()(char* s) const { std::free(s); }
};

// cmark-gfm 0.29 keeps the inline parser's table of special characters in one global array: a
// parser adds its extensions' characters when it starts parsing inlines and removes them when it
// is done. Parsers on two threads race: a page parsed while another one finished lost its
// strikethrough or autolinks (~~x~~ left as text in about 40 of 3,000 pages built on 2 threads).
// So the characters of autolink (':' 'w') and table ('|') are set once, for good, and those two
// extensions' lists emptied (nothing else reads them: autolink's matcher is asked for every special
// character, and the table is found at block level), so no parser adds or removes them again.
// Strikethrough's '~' cannot be set for good: cmark finds the extension that closes a '~' run
// through that list. It is attached only to pages that hold a '~', and those pages are parsed one
// at a time; every other page parses in parallel and never touches the global array.
std::mutex& parse_mutex() {
    static std::mutex m;
    return m;
}

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

// Allocations made while one lives are not reported as leaks (a no-op without AddressSanitizer).
struct LeakCheckPaused {
#ifdef ACCELGUIDE_LSAN
    LeakCheckPaused() { __lsan_disable(); }
    ~LeakCheckPaused() { __lsan_enable(); }
#endif
};

// The GFM extensions every parser uses, looked up once (nullptr for one cmark does not have).
struct Extensions {
    cmark_syntax_extension *table, *strikethrough, *autolink, *tasklist;
};

const Extensions& extensions() {
    static const Extensions found = [] {
        {
            // The lists emptied below are dropped, not freed (cmark-gfm offers no way to read them
            // back): a one-time 32 bytes that LeakSanitizer is told to expect.
            [[maybe_unused]] LeakCheckPaused paused;
            cmark_gfm_core_extensions_ensure_registered();
        }
        const Extensions e{cmark_find_syntax_extension("table"), cmark_find_syntax_extension("strikethrough"),
                           cmark_find_syntax_extension("autolink"), cmark_find_syntax_extension("tasklist")};
        // Autolink's and table's characters, set for good (see parse_mutex above).
        std::unique_ptr<cmark_parser, ParserDeleter> parser(cmark_parser_new(CMARK_OPT_DEFAULT));
        for (cmark_syntax_extension* ext : {e.autolink, e.table})
            if (ext) cmark_parser_attach_syntax_extension(parser.get(), ext);
        cmark_manage_extensions_special_characters(parser.get(), 1);
        for (cmark_syntax_extension* ext : {e.autolink, e.table})
            if (ext) cmark_syntax_extension_set_special_inline_chars(ext, nullptr);
        return e;
    }();
    return found;
}

std::string plain_text(cmark_node* node) {
    std::string out;
    for (cmark_node* child = cmark_node_first_child(node); child; child = cmark_node_next(child)) {
        const cmark_node_type type = cmark_node_get_type(child);
        if (type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE) {
            if (const char* literal = cmark_node_get_literal(child)) out += literal;
        } else if (type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK) {
            out += ' ';
        } else {
            out += plain_text(child);
        }
    }
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
    cmark_node* replacement = cmark_node_new(type);
    cmark_node_set_literal(replacement, literal.c_str());
    cmark_node_replace(old, replacement);
    cmark_node_free(old);
}

cmark_node* custom(cmark_node_type type, const char* on_enter, const char* on_exit) {
    cmark_node* node = cmark_node_new(type);
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
    std::unique_ptr<cmark_parser, ParserDeleter> parser(cmark_parser_new(parse_options));
    // Without a '~' there is nothing to strike through, and no reason to touch the global table.
    const bool tilde = markdown.find('~') != std::string_view::npos;
    for (cmark_syntax_extension* ext : {gfm.table, tilde ? gfm.strikethrough : nullptr, gfm.autolink, gfm.tasklist})
        if (ext) cmark_parser_attach_syntax_extension(parser.get(), ext);
    std::unique_ptr<cmark_node, NodeDeleter> doc;
    {
        std::unique_lock<std::mutex> one_at_a_time(parse_mutex(), std::defer_lock);
        if (tilde) one_at_a_time.lock();
        cmark_parser_feed(parser.get(), markdown.data(), markdown.size());
        doc.reset(cmark_parser_finish(parser.get()));
    }
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
    std::map<std::string, int> used;
    for (cmark_node* heading : marked.headings) {
        Heading h;
        h.level = cmark_node_get_heading_level(heading);
        h.text = plain_text(heading);
        std::string id = heading_id(h.text);
        if (int n = used[id]++) id += "-" + std::to_string(n);
        h.id = id;
        const std::string level = std::to_string(h.level);
        const std::string attr_id = escape_attribute(h.id);
        wrap_heading(heading, "<h" + level + " id=\"" + attr_id + "\">",
                     " <a class=\"anchor\" href=\"#" + attr_id + "\" aria-hidden=\"true\" tabindex=\"-1\">#</a></h" + level + ">");
        out.toc.push_back(std::move(h));
    }

    // Raw HTML left is trusted content (unsafe_html), so render without omitting it.
    std::unique_ptr<char, CharDeleter> html(cmark_render_html(doc.get(), CMARK_OPT_UNSAFE | footnotes, extensions));
    out.html = html ? std::string(html.get()) : std::string();
    return out;
}

}  // namespace site
