// The Mustache engine the templates use: spec behaviour that matters here, and its errors.
#include <doctest/doctest.h>

#include "mustache.hpp"
#include "print_vectors.hpp"

using nlohmann::json;
namespace mustache = site::mustache;

namespace {
std::string render(const std::string& text, std::vector<json> frames, const mustache::Partials& partials = {}) {
    std::vector<planner::Diagnostic> errors;
    const auto t = mustache::parse(text, "t.html", errors);
    REQUIRE(errors.empty());
    std::vector<const json*> contexts;
    for (const json& f : frames) contexts.push_back(&f);
    std::string out;
    mustache::render(t, contexts, partials, out);
    return out;
}
std::vector<std::string> errors_of(const std::string& text) {
    std::vector<planner::Diagnostic> errors;
    mustache::parse(text, "t.html", errors);
    std::vector<std::string> out;
    for (const auto& e : errors) out.push_back(e.to_string());
    return out;
}
}  // namespace

TEST_CASE("values are HTML-escaped unless triple-braced") {
    json v{{"x", "<b>&\"'</b>"}, {"n", 3}, {"f", 2.5}};
    CHECK(render("{{x}}|{{{x}}}|{{&x}}|{{n}}|{{f}}", {v}) == "&lt;b&gt;&amp;&quot;&#39;&lt;/b&gt;|<b>&\"'</b>|<b>&\"'</b>|3|2.5");
}

TEST_CASE("dotted names, sections over lists and objects, inverted sections") {
    json v{{"page", {{"title", "T"}}}, {"items", {{{"a", 1}}, {{"a", 2}}}}, {"obj", {{"k", "v"}}}, {"none", json::array()},
           {"flag", false}, {"empty", ""}};
    CHECK(render("{{page.title}}", {v}) == "T");
    CHECK(render("{{#items}}[{{a}}]{{/items}}", {v}) == "[1][2]");
    CHECK(render("{{#obj}}{{k}}{{/obj}}", {v}) == "v");
    CHECK(render("{{^none}}no items{{/none}}{{^flag}}, off{{/flag}}{{^empty}}, blank{{/empty}}{{^missing}}, missing{{/missing}}", {v}) ==
          "no items, off, blank, missing");
    CHECK(render("{{#items}}{{.}}{{/items}}", {json{{"items", {"x", "y"}}}}) == "xy");
}

TEST_CASE("names are looked up through the frames, innermost first") {
    json shared{{"t", {{"hello", "こんにちは"}}}, {"menu", {"a", "b"}}, {"root", "../"}};
    json page{{"root", "./"}, {"items", {{{"url", "x/"}}}}};
    CHECK(render("{{t.hello}} {{root}} {{#items}}{{root}}{{url}}{{/items}}", {shared, page}) == "こんにちは ./ ./x/");
    CHECK(render("{{#menu}}{{.}}{{/menu}}", {shared, page}) == "ab");
}

TEST_CASE("standalone section and partial tags take their whole line") {
    mustache::Partials partials;
    std::vector<planner::Diagnostic> errors;
    partials.emplace("p", mustache::parse("[{{x}}]", "p.html", errors));
    CHECK(render("<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n</ul>\n{{> p}}\n", {json{{"items", {1, 2}}, {"x", "y"}}}, partials) ==
          "<ul>\n  <li>1</li>\n  <li>2</li>\n</ul>\n[y]");
}

TEST_CASE("syntax errors are reported with line and column") {
    CHECK(errors_of("a\n{{#s}}b") == std::vector<std::string>{
        "t.html:2:1: error[template.syntax]: section \"s\" is never closed (hint: add {{/s}})"});
    CHECK(errors_of("{{#a}}{{/b}}") == std::vector<std::string>{
        "t.html:1:7: error[template.syntax]: {{/b}} closes \"b\", but the open section is \"a\" (opened at line 1)"});
    CHECK(errors_of("x {{y") == std::vector<std::string>{"t.html:1:3: error[template.syntax]: tag is never closed (hint: end it with }})"});
    CHECK(errors_of("{{/z}}") == std::vector<std::string>{
        "t.html:1:1: error[template.syntax]: {{/z}} closes a section that was never opened"});
}

namespace {
// Renders `t` over [shared, page], the first frame shared through `cache`.
std::string render_cached(const mustache::Template& t, const json& shared, const json& page, mustache::SectionCache& cache) {
    std::vector<const json*> contexts{&shared, &page};
    std::string out;
    mustache::render(t, contexts, {}, out, &cache, 1);
    return out;
}
mustache::Template parsed(const std::string& text) {
    std::vector<planner::Diagnostic> errors;
    auto t = mustache::parse(text, "t.html", errors);
    REQUIRE(errors.empty());
    return t;
}
}  // namespace

TEST_CASE("a section over a shared frame is rendered once per distinct value it reads outside itself") {
    const json shared{{"items", {{{"url", "a/"}}, {{"url", "b/"}}}}};
    const auto t = parsed("{{#items}}<{{root}}{{url}}>{{/items}}");
    mustache::SectionCache cache;
    const mustache::SectionCache::Key key{&t.nodes[0], &shared["items"]};
    CHECK(render_cached(t, shared, json{{"root", "./"}}, cache) == "<./a/><./b/>");
    CHECK(cache.find(key).size() == 1);
    CHECK(render_cached(t, shared, json{{"root", "./"}}, cache) == "<./a/><./b/>");
    CHECK(cache.find(key).size() == 1);  // reused, not rendered again
    CHECK(render_cached(t, shared, json{{"root", "../"}}, cache) == "<../a/><../b/>");
    CHECK(cache.find(key).size() == 2);
    CHECK(render_cached(t, shared, json{{"root", "./"}}, cache) == "<./a/><./b/>");
}

TEST_CASE("a kept section renders again when a name it found nowhere is found now") {
    const json shared{{"items", {1, 2}}};
    const auto t = parsed("{{#items}}[{{.}}{{missing}}]{{/items}}");
    mustache::SectionCache cache;
    CHECK(render_cached(t, shared, json::object(), cache) == "[1][2]");
    CHECK(render_cached(t, shared, json{{"missing", "!"}}, cache) == "[1!][2!]");
}

TEST_CASE("a kept section tells a dotted name its items answer from one they leave to the page") {
    // The first item holds `a` (so a.b is its own, missing); the second leaves a.b to the page.
    const json shared{{"items", {{{"a", json::object()}}, json::object()}}};
    const auto t = parsed("{{#items}}|{{a.b}}{{/items}}");
    mustache::SectionCache cache;
    CHECK(render_cached(t, shared, json{{"a", {{"b", "X"}}}}, cache) == "||X");
    CHECK(render_cached(t, shared, json::object(), cache) == "||");
    CHECK(render_cached(t, shared, json{{"a", {{"b", "Y"}}}}, cache) == "||Y");
}

TEST_CASE("sections over a page's own view are not kept") {
    const json shared = json::object();
    const json page{{"items", {1, 2}}};
    const auto t = parsed("{{#items}}{{.}}{{/items}}");
    mustache::SectionCache cache;
    CHECK(render_cached(t, shared, page, cache) == "12");
    CHECK(cache.find({&t.nodes[0], &page["items"]}).empty());
}

TEST_CASE("a partial may include itself over data that ends — past the depth limit it is an error at its tag") {
    std::vector<planner::Diagnostic> errors;
    mustache::Partials partials;
    partials.emplace("node", mustache::parse("({{name}}{{#children}}{{> node}}{{/children}})", "partials/node.html", errors));
    REQUIRE(errors.empty());
    // Leaves need their own empty list: names are looked up through the whole context stack, so a
    // leaf without "children" would find its parent's and recurse until the limit.
    const json tree = json::parse(
        R"j({"name":"a","children":[{"name":"b","children":[{"name":"c","children":[]}]},{"name":"d","children":[]}]})j");
    CHECK(render("{{> node}}", {tree}, partials) == "(a(b(c))(d))");
    const json leaf_without_list = json::parse(R"j({"name":"a","children":[{"name":"b"}]})j");
    CHECK_THROWS_AS(render("{{> node}}", {leaf_without_list}, partials), mustache::RenderError);

    partials.emplace("loop", mustache::parse("x\n {{> loop}}", "partials/loop.html", errors));
    REQUIRE(errors.empty());
    try {
        render("{{> loop}}", {json::object()}, partials);
        FAIL("rendering a partial that includes itself unconditionally must fail");
    } catch (const mustache::RenderError& e) {
        CHECK(e.diagnostic.code == "template.partial_depth");
        CHECK(e.diagnostic.file == "partials/loop.html");
        CHECK(e.diagnostic.line == 2);
        CHECK(e.diagnostic.column == 2);
    }
}

TEST_CASE("sections nested past the limit are a syntax error at the section that goes too deep, not a crash") {
    // 100,000 nested sections used to overflow the stack (and took 20 s to parse at 10,000).
    std::string deep;
    for (int i = 0; i < 100000; ++i) deep += "{{#page}}";
    const auto errors = errors_of(deep);
    REQUIRE(errors.size() == 1);
    const std::size_t column = 9 * mustache::kMaxSectionDepth + 1;
    CHECK(errors[0] == "t.html:1:" + std::to_string(column) + ": error[template.syntax]: sections nest more than 100 "
                       "levels deep here (hint: close some sections first)");
    std::string fine;
    for (std::size_t i = 0; i < mustache::kMaxSectionDepth; ++i) fine += "{{#a}}";
    for (std::size_t i = 0; i < mustache::kMaxSectionDepth; ++i) fine += "{{/a}}";
    CHECK(errors_of(fine).empty());
}

TEST_CASE("a template of 200,000 tags is read in one pass (positions are counted once, not per tag)") {
    std::string many;
    for (int i = 0; i < 100000; ++i) many += "{{#a}}x{{/a}}\n";
    many += "{{/b}}";
    const auto errors = errors_of(many);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].rfind("t.html:100001:1: error[template.syntax]: {{/b}} closes a section that was never opened", 0) == 0);
}

TEST_CASE("set delimiters change the tags until the end of the template, and a bad one is an error") {
    CHECK(render("{{=<% %>=}}<% x %> {{x}} <%={{ }}=%>{{x}}", {json{{"x", 1}}}) == "1 {{x}} 1");
    CHECK(errors_of("{{=<%>=}}") == std::vector<std::string>{
        "t.html:1:1: error[template.syntax]: a set-delimiters tag names two delimiters (hint: for example {{=<% %>=}})"});
}

TEST_CASE("a standalone partial's lines take the tag's indentation — its data's lines do not") {
    std::vector<planner::Diagnostic> errors;
    mustache::Partials partials;
    partials.emplace("p", mustache::parse("<li>\n{{{v}}}\n</li>\n", "p.html", errors));
    CHECK(render("<ul>\n  {{> p}}\n</ul>\n", {json{{"v", "a\nb"}}}, partials) == "<ul>\n  <li>\n  a\nb\n  </li>\n</ul>\n");
}

TEST_CASE("a render that would write more than the limit stops with an error instead of filling memory") {
    json list = json::array();
    for (int i = 0; i < 100; ++i) list.push_back(i);
    std::vector<planner::Diagnostic> errors;
    const auto t = mustache::parse("{{#a}}{{#a}}{{#a}}{{#a}}{{#a}}xxxxxxxxxx{{/a}}{{/a}}{{/a}}{{/a}}{{/a}}", "t.html", errors);
    const json v{{"a", list}};
    std::vector<const json*> contexts{&v};
    std::string out;
    try {
        mustache::render(t, contexts, {}, out);
        FAIL("rendered 100 GB");
    } catch (const mustache::RenderError& e) {
        CHECK(e.diagnostic.code == "template.too_large");
        CHECK(out.size() <= mustache::kMaxRenderBytes + 16);
    }
}
