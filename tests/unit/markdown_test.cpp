// Markdown rendering, as data: tests/fixtures/markdown/cases.txt holds each case's input and the
// exact HTML it must give.
#include <doctest/doctest.h>

#include <pthread.h>

#include <functional>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "markdown.hpp"
#include "test_catalogue.hpp"

namespace {

struct Case {
    std::string what, markdown, html;
};

const std::string kFile = ACCELGUIDE_FIXTURES "/markdown/cases.txt";

std::vector<Case> read_cases(std::string& header) {
    const std::string text = test::read_text(kFile);
    std::vector<Case> cases;
    std::istringstream in(text);
    std::string line;
    Case* c = nullptr;
    enum { kHeader, kInput, kOutput } part = kHeader;
    while (std::getline(in, line)) {
        if (line.rfind("### ", 0) == 0) {
            cases.push_back({line.substr(4), "", ""});
            c = &cases.back();
            part = kInput;
        } else if (!c) {
            header += line + "\n";
        } else if (line == "===") {
            part = kHeader;
        } else if (part == kInput && line == ".") {
            part = kOutput;
        } else if (part == kInput) {
            c->markdown += line + "\n";
        } else if (part == kOutput) {
            c->html += line + "\n";
        }
    }
    return cases;
}

}  // namespace

TEST_CASE("every Markdown case renders to its expected HTML") {
    std::string header;
    auto cases = read_cases(header);
    REQUIRE(cases.size() >= 7);
    if (std::getenv("UPDATE_GOLDEN")) {
        std::string out = header;
        for (std::size_t i = 0; i < cases.size(); ++i) {
            out += "### " + cases[i].what + "\n" + cases[i].markdown + ".\n" + site::render_markdown(cases[i].markdown).html;
            if (i + 1 < cases.size()) out += "===\n";
        }
        std::ofstream(kFile, std::ios::binary) << out;
        cases = read_cases(header = {});
    }
    for (const Case& c : cases) {
        CAPTURE(c.what);
        CHECK(site::render_markdown(c.markdown).html == c.html);
    }
}

TEST_CASE("headings make the table of contents, with the ids the HTML uses") {
    auto r = site::render_markdown("# Title\n\n## First part\n\n### Detail\n\n## 日本語の見出し\n");
    REQUIRE(r.toc.size() == 4);
    CHECK(r.toc[1].level == 2);
    CHECK(r.toc[1].id == "first-part");
    CHECK(r.toc[2].text == "Detail");
    CHECK(r.toc[3].id == "日本語の見出し");
    CHECK(r.html.find("<h2 id=\"first-part\">") != std::string::npos);
}

namespace {
// Runs `f` on a thread with a 512 KB stack and waits for it.
void on_small_stack(const std::function<void()>& f) {
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 512 * 1024);
    pthread_t thread;
    auto run = [](void* arg) -> void* {
        (*static_cast<const std::function<void()>*>(arg))();
        return nullptr;
    };
    REQUIRE(pthread_create(&thread, &attr, run, const_cast<std::function<void()>*>(&f)) == 0);
    pthread_join(thread, nullptr);
    pthread_attr_destroy(&attr);
}
}  // namespace

TEST_CASE("heading ids are unique on a page whatever the order: A, A, A 1 get a, a-1, a-1-1") {
    auto r = site::render_markdown("## A\n\n## A\n\n## A 1\n\n## A\n");
    REQUIRE(r.toc.size() == 4);
    CHECK(r.toc[0].id == "a");
    CHECK(r.toc[1].id == "a-1");
    CHECK(r.toc[2].id == "a-1-1");
    CHECK(r.toc[3].id == "a-2");
    for (const auto& h : r.toc) CHECK(r.html.find("href=\"#" + h.id + "\"") != std::string::npos);
}

TEST_CASE("a heading of 65,000 nested emphases gets its id without overflowing the stack, in linear time") {
    // One 910 KB line: `# *a **a *a **a …` (the walk used to recurse once per level, and copy the
    // text once per level).
    auto nested = [](const char* open, const char* close, int pairs) {
        std::string line = "# ";
        for (int i = 0; i < pairs; ++i) line += std::string(i % 2 ? open : "*") + "a ";
        for (int i = pairs - 1; i >= 0; --i) line += std::string("a") + (i % 2 ? close : "*") + " ";
        return line + "\n";
    };
    // On a thread with a 512 KB stack (a build renders pages on worker threads): the walk must not
    // need stack in proportion to the nesting.
    site::RenderedMarkdown r;
    const std::string markdown = nested("**", "**", 65000);
    on_small_stack([&] { r = site::render_markdown(markdown); });
    REQUIRE(r.toc.size() == 1);
    CHECK(r.toc[0].text.size() >= 65000 * 3);
    CHECK(r.toc[0].id.rfind("a-a-a", 0) == 0);
    CHECK(r.html.find("<em>a <strong>a <em>a <strong>a") != std::string::npos);  // really nested
    const auto struck = site::render_markdown(nested("~~", "~~", 32000));
    REQUIRE(struck.toc.size() == 1);
    CHECK(struck.html.find("<em>a <del>a <em>a <del>a") != std::string::npos);
}

TEST_CASE("trusted content may keep raw HTML when the config allows it") {
    auto r = site::render_markdown("<div class=\"note\">kept</div>\n", {true});
    CHECK(r.html == "<div class=\"note\">kept</div>\n");
}

#include "chart.hpp"

TEST_CASE("charts leave out values that are not finite or not positive on a log axis") {
    const std::string svg = site::line_chart({{"a", {{1, 10}, {2, NAN}, {4, INFINITY}, {8, 0}, {16, 2.5}}}},
                                             {"Days", "Instances", "Days", true, true});
    CHECK(svg.rfind("<figure class=\"chart\"><figcaption class=\"chart-title\">Days</figcaption><svg", 0) == 0);
    CHECK(svg.find("nan") == std::string::npos);
    CHECK(svg.find("inf") == std::string::npos);
    // Two points kept: (1, 10) and (16, 2.5), at the plot's two ends.
    CHECK(svg.find(",16.0 624.0,312.0 \"") != std::string::npos);
    CHECK(svg.find("<title>Days</title>") != std::string::npos);
}

TEST_CASE("charts draw axes for any range: no points, one value, huge and tiny values, never NaN or Infinity") {
    struct Case {
        const char* what;
        std::vector<site::ChartSeries> series;
        bool log;
    };
    const std::vector<Case> cases = {
        {"no points on log axes (once an endless loop)", {{"a", {}}}, true},
        {"no points on linear axes", {}, false},
        {"one value", {{"a", {{3, 3}}}}, false},
        {"one value on log axes", {{"a", {{3, 3}}}}, true},
        {"values near the largest double", {{"a", {{1e308, 1e308}, {-1e308, 1.7e308}}}}, false},
        {"values near the largest double on log axes", {{"a", {{1e-308, 1e308}, {1.7e308, 1e-300}}}}, true},
        {"a span too small to step through", {{"a", {{1e20, 1}, {1e20 + 65536, 2}}}}, false},
    };
    for (const Case& c : cases) {
        CAPTURE(c.what);
        const std::string svg = site::line_chart(c.series, {"t", "x", "y", c.log, c.log});
        CHECK(svg.rfind("<figure class=\"chart\">", 0) == 0);
        CHECK(svg.find("<svg width=\"640\"") != std::string::npos);
        CHECK(svg.find("nan") == std::string::npos);
        CHECK(svg.find("inf") == std::string::npos);
        CHECK(svg.size() < 20000);  // a bounded number of ticks
    }
}

#include "outputs.hpp"

TEST_CASE("plain text for the search index never ends inside a character") {
    const std::string html = "<p>" + std::string(40, 'a') + "日本語の段落</p>";
    for (std::size_t limit = 38; limit < 60; ++limit) {
        CAPTURE(limit);
        const std::string text = site::plain_text(html, limit);
        CHECK(nlohmann::json(text).dump().size() > 2);  // throws on invalid UTF-8
        CHECK(text.size() <= limit + 3);
    }
}

#include "shortcodes.hpp"

TEST_CASE("text that holds the placeholder characters itself is kept, not taken for a shortcode") {
    // The shortcode placeholders are U+E000, an index, U+E001. Found by fuzzing: page text with
    // those characters around something that is not a number made the build throw.
    const std::string start = "\xEE\x80\x80", end = "\xEE\x80\x81";
    const std::vector<std::string> parts = {"<b>42</b>"};
    CHECK(site::fill_placeholders("<p>a" + start + "x" + end + "b</p>", parts) == "<p>a" + start + "x" + end + "b</p>");
    CHECK(site::fill_placeholders("<p>" + start + end + start + "0" + end + "</p>", parts) == "<p>" + start + end + "<b>42</b></p>");
    CHECK(site::fill_placeholders("<p>" + start + "99999999999999999999" + end + "</p>", parts) ==
          "<p>" + start + "99999999999999999999" + end + "</p>");
}

#include <thread>

TEST_CASE("Markdown renders the same on many threads at once: strikethrough, autolinks and tables are never lost") {
    // cmark-gfm keeps its extensions' special characters in one global table (markdown.cpp); pages
    // parsed in parallel once lost their strikethrough and autolinks. Four threads, 400 pages each:
    // pages with a '~' interleaved with pages without one, each with and without a table.
    struct Case {
        std::string markdown;
        std::vector<std::string> expected;
    };
    const std::vector<Case> cases = {
        {"~~gone~~ and www.example.org\n\n| a | b |\n| --- | --- |\n| 1 | ~~2~~ |\n",
         {"<del>gone</del>", "<td><del>2</del></td>", "<a href=\"http://www.example.org\">"}},
        {"para ~~gone~~ and ~~more~~\n\n- item ~~three~~ https://example.org/a\n",
         {"<del>gone</del>", "<del>three</del>", "<a href=\"https://example.org/a\">"}},
        {"see www.example.com and https://example.org/b\n\n| a | b |\n| --- | --- |\n| x | https://example.org/c |\n",
         {"<a href=\"http://www.example.com\">", "<a href=\"https://example.org/b\">",
          "<td><a href=\"https://example.org/c\">"}},
        {"plain https://example.org/d and www.example.net, nothing struck\n",
         {"<a href=\"https://example.org/d\">", "<a href=\"http://www.example.net\">"}},
    };
    std::vector<int> wrong(4, 0);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (int i = 0; i < 400; ++i) {
                const Case& c = cases[(i + t) % cases.size()];
                const std::string html = site::render_markdown(c.markdown, {}).html;
                for (const auto& e : c.expected)
                    if (html.find(e) == std::string::npos) {
                        ++wrong[t];
                        break;
                    }
            }
        });
    for (auto& th : threads) th.join();
    CHECK(wrong == std::vector<int>(4, 0));
    // And each case renders what it should on one thread, so the check above checks something.
    for (const Case& c : cases) {
        const std::string html = site::render_markdown(c.markdown, {}).html;
        CAPTURE(html);
        for (const auto& e : c.expected) CHECK(html.find(e) != std::string::npos);
    }
}

TEST_CASE("heading ids take linear work: 10 times the headings of one text, about 10 times the probes") {
    auto probes = [](std::size_t n) {
        site::HeadingIds ids;
        for (std::size_t i = 0; i < n; ++i) ids.take("a");
        return ids.probes();
    };
    const std::size_t small = probes(3000), large = probes(30000);
    CAPTURE(small);
    CAPTURE(large);
    CHECK(large <= 11 * small);  // quadratic would be about 100 times
    CHECK(large >= 9 * small);
    // Mixed with headings that take the suffixed ids first, still unique and still linear.
    site::HeadingIds ids;
    std::set<std::string> seen;
    for (int i = 0; i < 2000; ++i) {
        CHECK(seen.insert(ids.take("a-" + std::to_string(i % 50 + 1))).second);
        CHECK(seen.insert(ids.take("a")).second);
    }
    CHECK(ids.probes() <= 3 * 4000);
    // And the page renders 30,000 headings of one text with 30,000 different ids.
    std::string page;
    for (int i = 0; i < 30000; ++i) page += "## A\n\n";
    const auto rendered = site::render_markdown(page);
    REQUIRE(rendered.toc.size() == 30000);
    CHECK(rendered.toc.back().id == "a-29999");
}

namespace {

// A GFM table of `columns` cells a row: a header, the delimiter row and `rows` body rows.
std::string table(std::size_t columns, std::size_t rows) {
    auto row = [&](const char* cell) {
        std::string line = "|";
        for (std::size_t c = 0; c < columns; ++c) line += std::string(cell) + "|";
        return line + "\n";
    };
    std::string out = row("h") + row("-");
    for (std::size_t r = 0; r < rows; ++r) out += row("x");
    return out;
}

}  // namespace

TEST_CASE("a line of more than 128 table cells is found at its line, and fenced code and escaped pipes are not cells") {
    CHECK_FALSE(site::find_wide_line(table(site::kMaxTableCells, 3)));  // 128 columns: 129 pipes
    const auto wide = site::find_wide_line("text\n\n" + table(site::kMaxTableCells + 1, 2));
    REQUIRE(wide);
    CHECK(wide->line == 3);
    CHECK(wide->cells == site::kMaxTableCells + 1);
    CHECK(site::find_wide_line(std::string(200, 'a') + std::string(150, '|'))->cells == 150);  // a trailing pipe only
    // A body row may be wider than its header, and cmark-gfm parses every cell of it.
    const auto body = site::find_wide_line(table(2, 1) + std::string(200, '|') + "\n");
    REQUIRE(body);
    CHECK(body->line == 4);
    CHECK_FALSE(site::find_wide_line("```\n" + std::string(500, '|') + "\n```\n"));
    CHECK_FALSE(site::find_wide_line("~~~~\n```\n" + std::string(500, '|') + "\n~~~~\n"));  // a shorter fence does not close it
    CHECK(site::find_wide_line("```\n```\n" + std::string(500, '|') + "\n"));              // closed: the line is outside
    std::string escaped;
    for (int i = 0; i < 300; ++i) escaped += "a\\|";
    CHECK_FALSE(site::find_wide_line(escaped));
    CHECK(site::find_wide_line(escaped + std::string(200, '|')));
}

TEST_CASE("wide tables take linear work: 10 times the rows of 128 columns, about 10 times the work, and they render") {
    auto work = [](std::size_t rows) {
        std::size_t steps = 0;
        CHECK_FALSE(site::find_wide_line(table(128, rows), &steps));
        return steps;
    };
    const std::size_t small = work(100), large = work(1000);
    CAPTURE(small);
    CAPTURE(large);
    CHECK(large <= 11 * small);
    CHECK(large >= 9 * small);
    // At the limit the table is rendered whole: every body cell becomes a <td>.
    const std::string html = site::render_markdown(table(128, 40)).html;
    std::size_t cells = 0;
    for (std::size_t at = html.find("<td"); at != std::string::npos; at = html.find("<td", at + 1)) ++cells;
    CHECK(cells == 128 * 40);
}
