// cmark-gfm as its own spec tests run it, with nothing of ours: NUL-separated Markdown documents on
// stdin, each one's HTML followed by a NUL on stdout. The extensions are the ones our renderer
// attaches (table, strikethrough, autolink, tasklist), raw HTML is kept (CMARK_OPT_UNSAFE).
// tests/unit/markdown_gfm_test.cpp compares our rendering with it on random inputs.
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>
#include <cstdio>
#include <cstdlib>

static void render(const char* text, size_t len) {
    static const char* const names[] = {"table", "strikethrough", "autolink", "tasklist"};
    cmark_parser* parser = cmark_parser_new(CMARK_OPT_DEFAULT);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i)
        cmark_parser_attach_syntax_extension(parser, cmark_find_syntax_extension(names[i]));
    cmark_parser_feed(parser, text, len);
    cmark_node* doc = cmark_parser_finish(parser);
    char* html = cmark_render_html(doc, CMARK_OPT_DEFAULT | CMARK_OPT_UNSAFE, cmark_parser_get_syntax_extensions(parser));
    fputs(html, stdout);
    putchar(0);
    free(html);
    cmark_node_free(doc);
    cmark_parser_free(parser);
}

int main(void) {
    cmark_gfm_core_extensions_ensure_registered();
    size_t cap = 1 << 16, len = 0;
    char* text = static_cast<char*>(std::malloc(cap));
    for (int c; (c = getchar()) != EOF;) {
        if (c == 0) {
            render(text, len);
            len = 0;
            continue;
        }
        if (len + 1 == cap) text = static_cast<char*>(std::realloc(text, cap *= 2));
        text[len++] = (char)c;
    }
    free(text);
    return 0;
}
