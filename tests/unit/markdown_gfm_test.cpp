// Our Markdown against cmark-gfm itself (issue 18 row 21). Our strikethrough is our own extension
// (site/markup/markdown.cpp says why); tests/conformance/gfm_reference.c is the library with its own,
// in another process, so nothing of ours touches it. Random texts of tildes, emphasis and words,
// and the cases that once differed, must render byte for byte the same.
#include <doctest/doctest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "markdown.hpp"
#include "temp_dir.hpp"

namespace {

// Each text's HTML from the reference program, run once over all of them.
std::vector<std::string> reference_html(const std::vector<std::string>& texts) {
    test::TempDir dir;
    const auto in = dir.path / "in";
    {
        std::FILE* f = std::fopen(in.c_str(), "wb");
        REQUIRE(f);
        for (const std::string& t : texts) {
            std::fwrite(t.data(), 1, t.size(), f);
            std::fputc(0, f);
        }
        std::fclose(f);
    }
    std::FILE* out = ::popen((std::string(ACCELGUIDE_GFM_REFERENCE) + " < '" + in.string() + "'").c_str(), "r");
    REQUIRE(out);
    std::vector<std::string> html(1);
    for (int c; (c = std::fgetc(out)) != EOF;) {
        if (c == 0) html.emplace_back();
        else html.back() += char(c);
    }
    REQUIRE(::pclose(out) == 0);
    html.pop_back();
    REQUIRE(html.size() == texts.size());
    return html;
}

std::string ours(const std::string& text) { return site::render_markdown(text, {/*unsafe_html=*/true}).html; }

}  // namespace

TEST_CASE("strikethrough between delimiters of different lengths renders as cmark-gfm renders it") {
    const std::vector<std::string> cases = {
        "~~about 3~, maybe 4~~\n",          // once not struck: the inner "~" spent the opener
        "a~~b~c~~\n",
        "~a~~ b~\n",
        "*~~a~ b~~*\n",                     // emphasis across such a span
        "~~a **b~ c** d~~\n",
        "~~a" + std::string(" a~") + " a~ a~~\n",  // closers that cannot open, then the match
        "~~x~~ ~y~ ~~~z~~~\n",
    };
    const auto expected = reference_html(cases);
    for (std::size_t i = 0; i < cases.size(); ++i) {
        CAPTURE(cases[i]);
        CHECK(ours(cases[i]) == expected[i]);
    }
    CHECK(ours(cases[0]) == "<p><del>about 3~, maybe 4</del></p>\n");
}

TEST_CASE("20,000 random texts of tildes, emphasis and words render as cmark-gfm renders them") {
    // No '#', '<', '[', '-' or '=': headings (our ids), raw HTML, links and setext headings differ
    // on purpose or are covered by the spec test; this is about delimiters.
    const std::vector<std::string> pieces = {"~", "~~", "~~~", "*", "**", "_", "a", "b", "1", " ", " ", ",", ".", "\n", "\\~"};
    std::mt19937 random(20261124);
    std::uniform_int_distribution<std::size_t> piece(0, pieces.size() - 1), length(1, 24);
    std::vector<std::string> texts(20000);
    for (std::string& t : texts)
        for (std::size_t n = length(random); n > 0; --n) t += pieces[piece(random)];
    const auto expected = reference_html(texts);
    std::size_t differ = 0;
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (ours(texts[i]) == expected[i]) continue;
        if (++differ <= 5) {
            CAPTURE(texts[i]);
            CHECK(ours(texts[i]) == expected[i]);
        }
    }
    CHECK(differ == 0);
}
