#include <doctest/doctest.h>

#include "markdown.hpp"

using site::render_markdown;

TEST_CASE("renders GFM tables") {
    CHECK(render_markdown("| a | b |\n|---|--:|\n| 1 | 2 |\n") ==
          "<table>\n<thead>\n<tr>\n<th>a</th>\n<th align=\"right\">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
          "<td>1</td>\n<td align=\"right\">2</td>\n</tr>\n</tbody>\n</table>\n");
}

TEST_CASE("renders strikethrough, autolinks and task lists") {
    CHECK(render_markdown("~~old~~") == "<p><del>old</del></p>\n");
    CHECK(render_markdown("see https://example.org") == "<p>see <a href=\"https://example.org\">https://example.org</a></p>\n");
    CHECK(render_markdown("- [x] done\n") ==
          "<ul>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> done</li>\n</ul>\n");
}

TEST_CASE("fenced code keeps its language class") {
    CHECK(render_markdown("```cpp\nint x;\n```\n") == "<pre><code class=\"language-cpp\">int x;\n</code></pre>\n");
}

TEST_CASE("raw HTML in Markdown is not passed through") {
    std::string html = render_markdown("<script>alert(1)</script>\n\nhi <b onclick=x>there</b>");
    CHECK(html.find("<script") == std::string::npos);
    CHECK(html.find("onclick") == std::string::npos);
}

TEST_CASE("Japanese text passes through unchanged") {
    CHECK(render_markdown("# 学習時間\n\n日本語の段落。") == "<h1>学習時間</h1>\n<p>日本語の段落。</p>\n");
}
