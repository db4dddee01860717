#include <doctest/doctest.h>

#include "front_matter.hpp"

using site::parse_content;

TEST_CASE("parses front matter and keeps the body with its starting line") {
    auto r = parse_content("---\ntitle: 学習時間\ndescription: 説明\nweight: 10\ntemplate: calculator\n---\n# Body\n", "c.md");
    REQUIRE(r.errors.empty());
    REQUIRE(r.content);
    CHECK(r.content->front.title == "学習時間");
    CHECK(r.content->front.description == "説明");
    CHECK(r.content->front.weight == 10);
    CHECK(r.content->front.template_name == "calculator");
    CHECK(r.content->body == "# Body\n");
    CHECK(r.content->body_line == 7);
}

TEST_CASE("accepts a byte-order mark and CRLF line ends") {
    auto r = parse_content("\xEF\xBB\xBF---\r\ntitle: T\r\n---\r\nbody\r\n", "c.md");
    REQUIRE(r.errors.empty());
    CHECK(r.content->front.title == "T");
}

TEST_CASE("reads every front-matter field a docs site needs") {
    auto r = parse_content("---\ntitle: T\ndraft: true\nslug: custom\ndate: 2026-11-21\nupdated: 2026-11-22T10:00:00+09:00\n"
                           "tags: [gpu, 学習]\nkeywords: [推論, serving]\naliases:\n  - /old/\n  - /older/\nfeed: true\n---\n", "c.md");
    REQUIRE(r.errors.empty());
    const auto& f = r.content->front;
    CHECK(f.draft);
    CHECK(f.feed);
    CHECK(f.slug == "custom");
    CHECK(f.date == "2026-11-21");
    CHECK(f.updated == "2026-11-22T10:00:00+09:00");
    CHECK(f.tags == std::vector<std::string>{"gpu", "学習"});
    CHECK(f.keywords == std::vector<std::string>{"推論", "serving"});
    CHECK(f.aliases == std::vector<std::string>{"/old/", "/older/"});
    CHECK(f.positions.at("aliases").line == 10);  // the list under the key
}

TEST_CASE("calculator examples become JSON with numbers, not strings") {
    auto r = parse_content("---\ntitle: T\nexample:\n  model: {parameters: 175e9}\n  instance: p4d.24xlarge\n"
                           "  quoted: \"12\"\n---\n", "c.md");
    REQUIRE(r.errors.empty());
    const auto& ex = r.content->front.example;
    CHECK(ex["model"]["parameters"].get<double>() == 175e9);
    CHECK(ex["instance"] == "p4d.24xlarge");
    CHECK(ex["quoted"] == "12");
}

TEST_CASE("front-matter errors give file:line:column and a hint") {
    struct Case {
        const char* what;
        const char* text;
        const char* expected;
    };
    const Case cases[] = {
        {"no front matter", "# Title\n",
         "c.md:1:1: error[content.no_front_matter]: the file does not start with front matter (hint: begin it with a "
         "line `---`, then `title: ...`, then another `---`)"},
        {"never closed", "---\ntitle: T\n",
         "c.md:1:1: error[content.unclosed_front_matter]: the front matter is never closed (hint: add a line `---` "
         "after the last front-matter field)"},
        {"an unknown key", "---\ntitle: T\ntitel: typo\n---\n",
         "c.md:3:1: error[content.unknown_key]: unknown front-matter key \"titel\" (hint: known keys: aliases, date, "
         "description, draft, example, feed, inputs, keywords, requests, slug, tags, template, title, updated, weight)"},
        {"a weight that is not a number", "---\ntitle: T\nweight: heavy\n---\n",
         "c.md:3:9: error[content.wrong_type]: \"weight\" must be a whole number"},
        {"invalid YAML", "---\ntitle: [unclosed\n---\n",
         "c.md:3:1: error[content.front_matter_syntax]: front matter is not valid YAML: end of sequence flow not found"},
        {"no title", "---\ndescription: D\n---\n",
         "c.md:2:1: error[content.missing_title]: front matter has no \"title\" (hint: add `title: ...`)"},
        {"a date that is not a date", "---\ntitle: T\ndate: 21/11/2026\n---\n",
         "c.md:3:7: error[content.bad_date]: \"date\" must be a date like 2026-11-21 (hint: YYYY-MM-DD, optionally "
         "with a time: 2026-11-21T09:00:00+09:00)"},
        {"a slug with a slash", "---\ntitle: T\nslug: a/b\n---\n",
         "c.md:3:7: error[content.bad_slug]: slug \"a/b\" is not one URL segment (hint: use letters, digits, '-' and "
         "'_', without '/')"},
        {"a draft flag that is not true or false", "---\ntitle: T\ndraft: maybe\n---\n",
         "c.md:3:8: error[content.wrong_type]: \"draft\" must be true or false"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.what);
        auto r = parse_content(c.text, "c.md");
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors[0].to_string() == c.expected);
        CHECK_FALSE(r.content);
    }
}

TEST_CASE("flat front matter read directly gives what yaml-cpp gives") {
    // The same fields, flat (read without yaml-cpp) and with one nested key (read by yaml-cpp).
    const std::string flat = "---\ntitle: \"Page 1: \\\"quoted\\\"\"\ndescription: plain text, with commas\nweight: 7\n"
                             "draft: false\ntags: [\"a-b\", c, 学習]\ndate: 2026-11-21\n---\nbody\n";
    const std::string nested = "---\ntitle: \"Page 1: \\\"quoted\\\"\"\ndescription: plain text, with commas\nweight: 7\n"
                               "draft: false\ntags: [\"a-b\", c, 学習]\ndate: 2026-11-21\nrequests:\n  r: {api: 1}\n---\nbody\n";
    auto a = site::parse_content(flat, "a.md"), b = site::parse_content(nested, "b.md");
    REQUIRE(a.errors.empty());
    REQUIRE(b.errors.empty());
    const auto &fa = a.content->front, &fb = b.content->front;
    CHECK(fa.title == "Page 1: \"quoted\"");
    CHECK(fa.title == fb.title);
    CHECK(fa.description == fb.description);
    CHECK(fa.weight == fb.weight);
    CHECK(fa.tags == fb.tags);
    CHECK(fa.tags == std::vector<std::string>{"a-b", "c", "学習"});
    CHECK(fa.date == fb.date);
    for (const char* key : {"title", "description", "weight", "tags", "date"}) {
        CAPTURE(key);
        CHECK(fa.positions.at(key).line == fb.positions.at(key).line);
        CHECK(fa.positions.at(key).column == fb.positions.at(key).column);
    }
    SUBCASE("errors point at the same place either way") {
        auto bad = site::parse_content("---\ntitle: T\nweight: heavy\n---\n", "c.md");
        REQUIRE(bad.errors.size() == 1);
        CHECK(bad.errors[0].to_string() == "c.md:3:9: error[content.wrong_type]: \"weight\" must be a whole number");
    }
}

TEST_CASE("a control character in front matter is an error at its line and column, not a broken string") {
    // Found by fuzzing: yaml-cpp reads a NUL as a lone 0x85 byte (not UTF-8), and writing the
    // request as JSON for the planner then threw.
    const std::string text("---\ntitle: T\nrequests:\n  a: {api: 1, kind: tr\0in}\n---\n", 54);
    REQUIRE(text.find('\0') != std::string::npos);
    const auto r = site::parse_content(text, "c.md");
    CHECK_FALSE(r.content);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].to_string() ==
          "c.md:4:23: error[content.control_character]: front matter holds the control character 0x00 "
          "(hint: remove it, or write it as an escape in quotes)");
}

TEST_CASE("dates must exist on the calendar, not only look like dates: 2026-13-45 never reaches the sitemap") {
    for (const char* bad : {"2026-13-45", "2026-00-10", "2026-02-29", "2026-04-31", "2026-11-21T24:00", "2026-11-21T10:60",
                            "2026-11-21T10:00:61", "2026-11-21T10:00+24:00", "2026-11-21T10:00+09:60"}) {
        CAPTURE(bad);
        auto r = site::parse_content(std::string("---\ntitle: T\ndate: ") + bad + "\n---\n", "c.md");
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors[0].code == "content.bad_date");
        CHECK(r.errors[0].line == 3);
    }
    for (const char* good : {"2024-02-29", "2000-02-29", "2026-12-31", "2026-11-21T23:59:60Z", "2026-11-21 09:00:00+09:00"}) {
        CAPTURE(good);
        CHECK(site::parse_content(std::string("---\ntitle: T\ndate: ") + good + "\n---\n", "c.md").errors.empty());
    }
    CHECK(site::parse_content("---\ntitle: T\ndate: 1900-02-29\n---\n", "c.md").errors.size() == 1);  // not a leap year
}

TEST_CASE("a front-matter key given twice is an error at the second, not the last one silently kept") {
    auto flat = parse_content("---\ntitle: First\nweight: 1\ntitle: Second\n---\nbody\n", "c.md");
    REQUIRE(flat.errors.size() == 1);
    CHECK(flat.errors[0].to_string() ==
          "c.md:4:1: error[content.duplicate_key]: \"title\" is given twice (first on line 2) (hint: keep one of them)");
    auto nested = parse_content("---\ntitle: T\nexample:\n  a: 1\nexample:\n  b: 2\n---\nbody\n", "c.md");
    REQUIRE(nested.errors.size() == 1);
    CHECK(nested.errors[0].code == "content.duplicate_key");
    CHECK(nested.errors[0].line == 5);
    // The same key inside different maps is not a duplicate.
    auto inner = parse_content("---\ntitle: T\nexample:\n  a: {x: 1}\n  b: {x: 2}\n---\nbody\n", "c.md");
    CHECK(inner.errors.empty());
}

TEST_CASE("front matter nested deeper than 32 levels is an error with its position, not a bad file") {
    std::string deep = "---\ntitle: T\nexample: ";
    for (int i = 0; i < 40; ++i) deep += "[";
    for (int i = 0; i < 40; ++i) deep += "]";
    auto r = parse_content(deep + "\n---\nbody\n", "c.md");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].code == "content.too_deep");
    CHECK(r.errors[0].line == 3);
    CHECK(r.errors[0].column == 41);  // yaml-cpp marks the 32nd bracket
}
