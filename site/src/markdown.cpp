#include "markdown.hpp"

#include <cctype>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>

#include <cmark-gfm-core-extensions.h>
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

constexpr const char* kExtensions[] = {"table", "strikethrough", "autolink", "tasklist"};

// cmark-gfm 0.29 keeps the inline parser's table of special characters in one global array: a
// parser adds its extensions' characters ('~', '|', ...) when it starts parsing inlines (and
// table rows) and removes them when it is done. Parsers on two threads race: a page parsed while
// another one finished lost its strikethrough (~~x~~ left as text in about 40 of 3,000 pages built
// on 2 threads). So parsing runs one page at a time; ids, rewriting and rendering stay parallel.
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

void register_extensions_once() {
    static std::once_flag once;
    std::call_once(once, [] { cmark_gfm_core_extensions_ensure_registered(); });
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

std::vector<cmark_node*> nodes_of(cmark_node* root, std::initializer_list<cmark_node_type> types) {
    std::vector<cmark_node*> found;
    cmark_iter* iter = cmark_iter_new(root);
    for (cmark_event_type ev; (ev = cmark_iter_next(iter)) != CMARK_EVENT_DONE;) {
        if (ev != CMARK_EVENT_ENTER) continue;
        cmark_node* node = cmark_iter_get_node(iter);
        for (cmark_node_type t : types)
            if (cmark_node_get_type(node) == t) found.push_back(node);
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
    register_extensions_once();
    const int parse_options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES;
    std::unique_ptr<cmark_parser, ParserDeleter> parser(cmark_parser_new(parse_options));
    for (const char* name : kExtensions)
        if (cmark_syntax_extension* ext = cmark_find_syntax_extension(name))
            cmark_parser_attach_syntax_extension(parser.get(), ext);
    std::unique_ptr<cmark_node, NodeDeleter> doc;
    {
        std::lock_guard<std::mutex> one_at_a_time(parse_mutex());
        cmark_parser_feed(parser.get(), markdown.data(), markdown.size());
        doc.reset(cmark_parser_finish(parser.get()));
    }
    cmark_llist* extensions = cmark_parser_get_syntax_extensions(parser.get());

    // Raw HTML becomes visible text: inline HTML a text node, an HTML block a code block.
    if (!options.unsafe_html) {
        for (cmark_node* node : nodes_of(doc.get(), {CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK})) {
            const char* literal = cmark_node_get_literal(node);
            const bool block = cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK;
            replace_with(node, block ? CMARK_NODE_CODE_BLOCK : CMARK_NODE_TEXT, literal ? literal : "");
        }
    }

    // Links and images keep their text but lose a target that would run code (XSS).
    if (!options.unsafe_html) {
        for (cmark_node* node : nodes_of(doc.get(), {CMARK_NODE_LINK, CMARK_NODE_IMAGE}))
            if (is_dangerous_url(cmark_node_get_url(node))) cmark_node_set_url(node, "");
    }

    // Headings get a unique id and an anchor link; they are rendered here and put back as HTML.
    RenderedMarkdown out;
    std::map<std::string, int> used;
    for (cmark_node* heading : nodes_of(doc.get(), {CMARK_NODE_HEADING})) {
        Heading h;
        h.level = cmark_node_get_heading_level(heading);
        h.text = plain_text(heading);
        std::string id = heading_id(h.text);
        if (int n = used[id]++) id += "-" + std::to_string(n);
        h.id = id;
        std::unique_ptr<char, CharDeleter> rendered(cmark_render_html(heading, CMARK_OPT_UNSAFE, extensions));
        std::string html = rendered.get();  // "<h2>…</h2>\n"
        const std::string open = "<h" + std::to_string(h.level) + ">";
        const std::string close = "</h" + std::to_string(h.level) + ">";
        if (html.rfind(open, 0) == 0) {
            const std::string attr_id = escape_attribute(h.id);
            html = "<h" + std::to_string(h.level) + " id=\"" + attr_id + "\">" + html.substr(open.size());
            const auto end = html.rfind(close);
            if (end != std::string::npos)
                html.insert(end, " <a class=\"anchor\" href=\"#" + attr_id + "\" aria-hidden=\"true\" tabindex=\"-1\">#</a>");
        }
        replace_with(heading, CMARK_NODE_HTML_BLOCK, html);
        out.toc.push_back(std::move(h));
    }

    // Every raw HTML node left is ours (or trusted content), so render without omitting it.
    std::unique_ptr<char, CharDeleter> html(cmark_render_html(doc.get(), CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES, extensions));
    out.html = html ? std::string(html.get()) : std::string();
    return out;
}

}  // namespace site
