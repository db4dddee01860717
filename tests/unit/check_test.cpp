// accelguide check: broken links, anchors and images, and missing translations, at file:line.
#include <doctest/doctest.h>

#include <filesystem>

#include "check.hpp"
#include "print_vectors.hpp"

namespace fs = std::filesystem;

TEST_CASE("check reports broken links, anchors, images, missing translations, descriptions and dates at file:line") {
    const fs::path root = fs::temp_directory_path() / "accelguide-check-test";
    fs::remove_all(root);
    fs::copy(ACCELGUIDE_FIXTURES "/broken/_base", root, fs::copy_options::recursive);
    fs::copy(ACCELGUIDE_FIXTURES "/check", root, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    site::BuildOptions options;
    options.root = root;
    site::CheckReport report = site::check_site(options);
    std::vector<std::string> problems;
    for (const auto& p : report.problems) problems.push_back(p.to_string());
    CHECK(problems == std::vector<std::string>{
        "content/ja/links.md:6:22: error[check.broken_link]: broken link ../missing/ (no missing/index.html in the site)",
        "content/ja/links.md:8:8: error[check.broken_anchor]: broken anchor #nowhere: links/index.html has no id \"nowhere\"",
        "content/ja/links.md:8:28: error[check.broken_anchor]: broken anchor ../#top: index.html has no id \"top\"",
        "content/ja/links.md:10:6: error[check.missing_image]: missing file nope.png (no links/nope.png in the site)",
        "content/ja/links.md:1:1: error[check.missing_translation]: no en translation (hint: add content/en/links.md "
        "(or _index.md / index.md))",
        "content/ja/links.md:1:1: error[check.missing_description]: no description (hint: add `description:` to the front matter)",
        "content/ja/links.md:1:1: error[check.missing_updated]: no last-updated date (hint: add `updated: YYYY-MM-DD` to the "
        "front matter)",
    });
    CHECK(report.links == 6);  // the valid Japanese anchor (percent-encoded by cmark) included
    fs::remove_all(root);
}

TEST_CASE("the project's own site has no broken link, anchor, image or missing translation") {
    site::BuildOptions options;
    options.root = ACCELGUIDE_SOURCE_DIR;
    site::CheckReport report = site::check_site(options);
    for (const auto& p : report.problems) CAPTURE(p.to_string());
    CHECK(report.problems.empty());
    CHECK(report.links > 100);
}
