// Hostile text from content, front matter and data files comes out as text, never as markup.
// The fixture (tests/fixtures/site-xss) puts <script>, "><img onerror> and javascript: URLs in a
// page body (unsafe_html off), its title, description, tags and headings, the site title, and in
// data files: an accelerator's name, figure notes, an instance family, source titles and a source
// URL's query. The site is built with the project's own templates.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <fstream>

#include "build.hpp"
#include "files.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

const fs::path kFixture = fs::path(ACCELGUIDE_FIXTURES) / "site-xss";
const std::string kScript = "<script>alert(1)</script>";
const std::string kScriptText = "&lt;script&gt;alert(1)&lt;/script&gt;";
const std::string kImgText = "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;";

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
    return s;
}

// Copies the fixture and the project's templates into `root`.
void make_site(const fs::path& root) {
    fs::copy(kFixture, root, fs::copy_options::recursive);
    fs::copy(fs::path(ACCELGUIDE_SOURCE_DIR) / "templates", root / "templates", fs::copy_options::recursive);
}

}  // namespace

TEST_CASE("hostile text in content, front matter and data is escaped in every page, feed and sitemap") {
    test::TempDir dir;
    make_site(dir.path / "src");
    site::BuildOptions options;
    options.root = dir.path / "src";
    options.out = dir.path / "site";
    site::Report report = site::build_site(options);
    for (const auto& e : report.errors) CAPTURE(e.to_string());
    REQUIRE(report.ok());

    std::size_t checked = 0;
    for (const fs::path& rel : site::list_files(options.out)) {
        const std::string ext = rel.extension().string();
        if (ext != ".html" && ext != ".xml") continue;
        CAPTURE(rel);
        const std::string page = lower(test::read(options.out / rel));
        for (const char* live : {"<script>alert", "<img src=x", "\"><img", "onerror=alert(1)>\"", "href=\"javascript:",
                                 "src=\"javascript:", "href=\"data:", "<a href=\"javascript"})
            CHECK_MESSAGE(page.find(live) == std::string::npos, "live markup: " << std::string(live));
        ++checked;
    }
    CHECK(checked >= 8);

    SUBCASE("a page's title, description, headings and body show the payloads as text") {
        const std::string page = test::read(options.out / "attack/index.html");
        CHECK(page.find("<title>" + kScriptText) != std::string::npos);
        CHECK(page.find("content=\"" + kImgText + "\"") != std::string::npos);  // meta description
        CHECK(page.find("Body " + kScriptText) != std::string::npos);
        CHECK(page.find(">" + kScriptText + " heading <a class=\"anchor\"") != std::string::npos);
        CHECK(page.find("&lt;a href=&quot;javascript:alert(1)&quot;&gt;raw link&lt;/a&gt;") != std::string::npos);
        // javascript: and data: links keep their text and lose their target.
        CHECK(page.find("<a href=\"\">a link</a>") != std::string::npos);
        CHECK(page.find("<a href=\"\">a reference</a>") != std::string::npos);
        CHECK(page.find("<a href=\"\">data</a>") != std::string::npos);
    }
    SUBCASE("data files: source titles and URLs, accelerator names and figure notes are text") {
        const std::string refs = test::read(options.out / "references/index.html");
        CHECK(refs.find(">" + kScriptText + "</a>") != std::string::npos);
        CHECK(refs.find(">" + kImgText + "</a>") != std::string::npos);
        CHECK(refs.find("href=\"https://example.org/spec?a=1&amp;b=" + kImgText + "\"") != std::string::npos);
        const std::string chip = test::read(options.out / "accelerators/chip/index.html");
        CHECK(chip.find("<h1>" + kScriptText + "</h1>") != std::string::npos);
        CHECK(chip.find("<span class=\"note-text\" lang=\"en\">" + kImgText + "</span>") != std::string::npos);
        CHECK(chip.find("<span class=\"note-text\" lang=\"en\">" + kScriptText + "</span>") != std::string::npos);
    }
    SUBCASE("the site title from the config is text") {
        CHECK(test::read(options.out / "index.html").find(kScriptText) != std::string::npos);
    }
}

TEST_CASE("a source URL that is not http(s) is an error at its place in data/sources.json") {
    test::TempDir dir;
    make_site(dir.path / "src");
    std::ofstream(dir.path / "src/data/sources.json") << R"json({
  "sources": {
    "spec": {"title": "Spec", "url": "javascript:alert(1)", "as_of": "2024-01-02"},
    "price": {"title": "Price", "url": "https://example.org/price", "as_of": "2024-02"}
  }
})json";
    site::BuildOptions options;
    options.root = dir.path / "src";
    options.out = dir.path / "site";
    site::Report report = site::build_site(options);
    REQUIRE(report.errors.size() == 1);
    CHECK(report.errors[0].to_string() ==
          "data/sources.json:3:38: error[data.bad_url]: spec: \"url\" must be an http:// or https:// address "
          "(hint: link the page the figure was read from)");
    CHECK_FALSE(fs::exists(options.out));
}
