#include "markdown.hpp"

#include <cstdlib>
#include <memory>
#include <mutex>

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

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

void register_extensions_once() {
    static std::once_flag once;
    std::call_once(once, [] { cmark_gfm_core_extensions_ensure_registered(); });
}

}  // namespace

std::string render_markdown(std::string_view markdown) {
    register_extensions_once();
    const int options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8;
    std::unique_ptr<cmark_parser, ParserDeleter> parser(cmark_parser_new(options));
    for (const char* name : kExtensions)
        if (cmark_syntax_extension* ext = cmark_find_syntax_extension(name))
            cmark_parser_attach_syntax_extension(parser.get(), ext);
    cmark_parser_feed(parser.get(), markdown.data(), markdown.size());
    std::unique_ptr<cmark_node, NodeDeleter> doc(cmark_parser_finish(parser.get()));
    std::unique_ptr<char, CharDeleter> html(
        cmark_render_html(doc.get(), options, cmark_parser_get_syntax_extensions(parser.get())));
    return html ? std::string(html.get()) : std::string();
}

}  // namespace site
