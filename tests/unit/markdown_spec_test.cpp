// The GitHub Flavored Markdown spec (tests/conformance/gfm/spec.txt, GFM 0.29, which contains the
// CommonMark 0.29 spec, CC-BY-SA 4.0) and cmark-gfm's extension tests (extensions.txt, BSD-2),
// from the cmark-gfm tree Debian 12 builds (0.29.0.gfm), through our Markdown rendering as a
// trusted page is rendered (unsafe_html: true; raw HTML is shown as text otherwise, which is a
// difference on purpose for every example that holds HTML). Headings carry our id and anchor
// link; those are taken out before comparing, as the one difference every heading has on purpose.
// Every example passes except those tests/conformance/gfm-differences.txt lists, each with its
// reason; a listed example that starts to pass fails this test, so the list stays true.
#include <doctest/doctest.h>

#include <cstdio>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "markdown.hpp"
#include "differences.hpp"
#include "temp_dir.hpp"

namespace {

const std::string kConformance = std::string(ACCELGUIDE_SOURCE_DIR) + "/tests/conformance/";

struct Example {
    std::string id;  // "spec:123", "extensions:20"
    std::vector<std::string> extensions;
    std::string markdown, html;
};

// The examples of a spec file, as cmark-gfm's spec_tests.py reads them: a fence line
// "```````````````````````````````` example [extension...]", the Markdown, ".", the HTML, a fence;
// "→" stands for a tab.
std::vector<Example> examples(const std::string& file, const std::string& name) {
    const std::string fence(32, '`');
    auto tabs = [](std::string s) {
        for (std::size_t at; (at = s.find("\u2192")) != std::string::npos;) s.replace(at, 3, "\t");
        return s;
    };
    std::vector<Example> out;
    std::istringstream lines(test::read(file));
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind(fence + " example", 0) != 0) continue;
        Example e;
        e.id = name + ":" + std::to_string(out.size() + 1);
        std::istringstream words(line.substr(fence.size() + 8));
        for (std::string w; words >> w;) e.extensions.push_back(w);
        while (std::getline(lines, line) && line != ".") e.markdown += line + "\n";
        while (std::getline(lines, line) && line != fence) e.html += line + "\n";
        e.markdown = tabs(e.markdown);
        e.html = tabs(e.html);
        out.push_back(std::move(e));
    }
    return out;
}

// Our headings as cmark writes them: `<h2 id="x">text <a class="anchor" ...>#</a></h2>` → `<h2>text</h2>`.
std::string without_heading_ids(const std::string& html) {
    static const std::regex open("<h([1-6]) id=\"[^\"]*\">");
    static const std::regex anchor(" <a class=\"anchor\" href=\"#[^\"]*\" aria-hidden=\"true\" tabindex=\"-1\">#</a></h([1-6])>");
    return std::regex_replace(std::regex_replace(html, open, "<h$1>"), anchor, "</h$1>");
}

std::map<std::string, std::string> differences() { return test::read_differences(kConformance + "gfm-differences.txt"); }

}  // namespace

TEST_CASE("the GFM and CommonMark spec examples pass, except the differences listed with their reasons") {
    const auto listed = differences();
    std::set<std::string> seen;
    int passed = 0, total = 0, skipped = 0;
    std::vector<Example> all = examples(kConformance + "gfm/spec.txt", "spec");
    for (Example& e : examples(kConformance + "gfm/extensions.txt", "extensions")) all.push_back(std::move(e));
    for (const Example& e : all) {
        // "disabled" examples are not run upstream either; "<IGNORE>" ones only must not crash.
        const bool ignore = e.html == "<IGNORE>\n";
        if (!e.extensions.empty() && e.extensions[0] == "disabled") {
            ++skipped;
            continue;
        }
        const std::string got = without_heading_ids(site::render_markdown(e.markdown, {/*unsafe_html=*/true}).html);
        if (ignore) {
            ++skipped;
            continue;
        }
        CAPTURE(e.id);
        CAPTURE(e.markdown);
        ++total;
        const bool ok = got == e.html;
        passed += ok;
        if (listed.count(e.id)) {
            seen.insert(e.id);
            CHECK_MESSAGE(!ok, "listed as a difference but passes now: remove it from gfm-differences.txt");
        } else {
            CHECK(got == e.html);
        }
    }
    for (const auto& difference : listed)  // not a structured binding: clang 14 cannot capture one
        CHECK_MESSAGE(seen.count(difference.first), "listed but not run: " << difference.first);
    MESSAGE("GFM spec: " << passed << " of " << total << " pass, " << listed.size() << " differ on purpose, "
                         << skipped << " not compared");
    std::printf("GFM spec: %d of %d pass, %zu differ on purpose, %d not compared\n", passed, total, listed.size(), skipped);
}
