// The whole generator on fixture sites (tests/fixtures/site-*), output checked against golden files.
#include <doctest/doctest.h>

#include "print_vectors.hpp"
#include "temp_dir.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "build.hpp"
#include "files.hpp"
#include "output.hpp"
#include "planner/layout_search.hpp"
#include "views.hpp"
#include "test_catalogue.hpp"

namespace fs = std::filesystem;

namespace {

using test::read;
using test::TempDir;

// Compares `actual` with the golden file; UPDATE_GOLDEN=1 rewrites it instead.
void check_golden(const fs::path& golden, const std::string& actual) {
    if (std::getenv("UPDATE_GOLDEN")) {
        fs::create_directories(golden.parent_path());
        std::ofstream(golden, std::ios::binary) << actual;
    }
    CAPTURE(golden);
    CHECK(read(golden) == actual);
}

const fs::path kFixtures = ACCELGUIDE_FIXTURES;

}  // namespace

TEST_CASE("builds a two-language fixture site: sections, bundles, drafts, slugs, aliases, feeds, shortcodes") {
    TempDir out;
    site::BuildOptions options;
    options.root = kFixtures / "site-basic";
    options.out = out.path / "site";
    site::Report report = site::build_site(options);
    for (const auto& e : report.errors) CAPTURE(e.to_string());
    REQUIRE(report.ok());
    CHECK(site::list_files(options.out) == std::vector<fs::path>{
        ".accelguide-output",
        "api/1/catalog.request.schema.json", "api/1/catalog.response.schema.json", "api/1/compare.request.schema.json", "api/1/compare.response.schema.json",
        "api/1/energy.request.schema.json", "api/1/energy.response.schema.json", "api/1/infer.request.schema.json", "api/1/infer.response.schema.json",
        "api/1/instances.request.schema.json", "api/1/instances.response.schema.json", "api/1/model.request.schema.json", "api/1/model.response.schema.json",
        "api/1/serve.request.schema.json", "api/1/serve.response.schema.json", "api/1/train.request.schema.json", "api/1/train.response.schema.json",
        "en/families/index.html", "en/families/x1/index.html", "en/index.html",
        "en/instances/us-east-1/on-demand/index.html", "en/search-index.json",
        "en/updates/atom.xml", "en/updates/index.html", "families/index.html", "families/x1/index.html",
        "guide/index.html", "index.html", "instances/index.html", "instances/us-east-1/on-demand/index.html",
        "news/first/index.html", "numbers/index.html",
        "robots.txt", "s.css", "search-index.json", "sitemap.xml", "updates/atom.xml", "updates/first/index.html",
        "updates/index.html", "updates/zweite/chart.svg", "updates/zweite/index.html"});

    const fs::path expected = kFixtures / "site-basic-expected";
    SUBCASE("the cheat-sheet shows every figure with its numbered source and date") {
        check_golden(expected / "instances.html", read(options.out / "instances/index.html"));
        check_golden(expected / "family-x1.html", read(options.out / "families/x1/index.html"));
    }
    SUBCASE("a page links to its translation, or to the other language's home when it has none") {
        check_golden(expected / "guide.html", read(options.out / "guide/index.html"));
        check_golden(expected / "en-index.html", read(options.out / "en/index.html"));
    }
    SUBCASE("shortcodes put the planner's numbers, tables and citations into prose") {
        check_golden(expected / "numbers.html", read(options.out / "numbers/index.html"));
    }
    SUBCASE("a section lists its pages newest first and has an Atom feed; a bundle keeps its files") {
        check_golden(expected / "updates.html", read(options.out / "updates/index.html"));
        check_golden(expected / "updates-atom.xml", read(options.out / "updates/atom.xml"));
        check_golden(expected / "zweite.html", read(options.out / "updates/zweite/index.html"));
    }
    SUBCASE("aliases redirect, the sitemap lists every page with absolute URLs under the sub-path") {
        check_golden(expected / "alias-news-first.html", read(options.out / "news/first/index.html"));
        check_golden(expected / "sitemap.xml", read(options.out / "sitemap.xml"));
        check_golden(expected / "robots.txt", read(options.out / "robots.txt"));
    }
    SUBCASE("drafts are left out unless asked for") {
        CHECK_FALSE(fs::exists(options.out / "draft/index.html"));
        options.drafts = true;
        REQUIRE(site::build_site(options).ok());
        CHECK(fs::exists(options.out / "draft/index.html"));
    }
}

// Each folder under tests/fixtures/broken/ is one broken site (laid over broken/_base/), with the
// errors its build must report in expected.txt. UPDATE_GOLDEN=1 rewrites expected.txt.
TEST_CASE("each broken site reports its error at file:line:column and leaves the previous site as it was") {
    const fs::path broken = kFixtures / "broken";
    for (const char* name : {"bad-yaml", "unclosed-front-matter", "unknown-key", "missing-template", "template-syntax",
                             "duplicate-url", "alias-cycle", "invalid-utf8", "shortcode-bad-args", "partial-recursion",
                             "yaml-aliases", "unsafe-assets", "config-cascade", "shortcode-bad-numbers", "alias-spellings",
                             "accuracy-case", "binary-template", "duplicate-title", "alias-404", "wide-table"}) {
        CAPTURE(name);
        TempDir dir;
        const fs::path root = dir.path / "src";
        fs::copy(broken / "_base", root, fs::copy_options::recursive);
        fs::copy(broken / name, root, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
        fs::remove(root / "expected.txt");
        const fs::path out = dir.path / "site";
        fs::create_directories(out);
        std::ofstream(out / "index.html") << "previous";
        std::ofstream(out / site::kOutputMarker) << "an earlier build";

        site::BuildOptions options;
        options.root = root;
        options.out = out;
        site::Report report = site::build_site(options);
        std::string errors;
        for (const auto& e : report.errors) errors += e.to_string() + "\n";
        CHECK_FALSE(report.ok());
        check_golden(broken / name / "expected.txt", errors);
        CHECK(read(out / "index.html") == "previous");
        CHECK(site::list_files(dir.path / "site") == std::vector<fs::path>{".accelguide-output", "index.html"});
    }
}

TEST_CASE("a build with several errors reports them all") {
    TempDir dir;
    const fs::path root = dir.path / "src";
    fs::copy(kFixtures / "broken" / "_base", root, fs::copy_options::recursive);
    fs::copy_file(kFixtures / "broken/unknown-key/content/ja/page.md", root / "content/ja/one.md");
    fs::copy_file(kFixtures / "broken/bad-yaml/content/ja/page.md", root / "content/ja/two.md");
    fs::remove(root / "templates/i18n/en.yaml");
    site::BuildOptions options;
    options.root = root;
    options.out = dir.path / "site";
    site::Report report = site::build_site(options);
    std::vector<std::string> codes;
    for (const auto& e : report.errors) codes.push_back(e.code);
    CHECK(codes == std::vector<std::string>{"load.missing", "content.unknown_key", "content.front_matter_syntax"});
}

TEST_CASE("the project's own content, templates and data build without errors") {
    TempDir out, wasm;
    std::ofstream(wasm.path / "accelguide-planner.js") << "// stand-in for the wasm build";
    site::BuildOptions options;
    options.root = ACCELGUIDE_SOURCE_DIR;
    options.out = out.path / "site";
    options.wasm_dir = wasm.path;
    site::Report report = site::build_site(options);
    for (const auto& e : report.errors) CAPTURE(e.to_string());
    REQUIRE(report.ok());
    const std::string calc = read(options.out / "calculators/training/index.html");
    CHECK(calc.find("<html lang=\"ja\">") != std::string::npos);
    CHECK(calc.find("hreflang=\"en\"") != std::string::npos);
    // The worked example is computed by the planner at build time (S1: 33.9 days).
    CHECK(calc.find("<output data-output=\"train.days\">33.9</output>") != std::string::npos);
    CHECK(fs::exists(options.out / "en/calculators/training/index.html"));
    CHECK(fs::exists(options.out / "assets/wasm/accelguide-planner.js"));
    // Every term a runner-up layout can lose on has its words in both languages (an unlabelled one
    // would show its key, lost_on_<term>).
    for (const std::string& page : {calc, read(options.out / "en/calculators/training/index.html")})
        for (const std::string& term : planner::lost_on_terms()) {
            CAPTURE(term);
            CHECK(page.find("&quot;" + term + "&quot;:") != std::string::npos);
            CHECK(page.find("lost_on_" + term) == std::string::npos);
        }
    // Without JavaScript, the training and serving calculators show their example compared on
    // every instance type, as results.js shows it live: a row per type in the catalogue, and the
    // serving page's cheapest type in its answer.
    const auto rows_in = [](const std::string& page, const std::string& table) {
        const auto at = page.find("data-table=\"" + table + "\"");
        REQUIRE(at != std::string::npos);
        const auto from = page.find("<tbody>", at), to = page.find("</tbody>", at);
        std::size_t rows = 0;
        for (auto tr = page.find("<tr>", from); tr < to; tr = page.find("<tr>", tr + 1)) ++rows;
        return rows;
    };
    const std::size_t types = test::real_catalogue().instances.size();
    CHECK(rows_in(calc, "compare-rows") == types);
    const std::string serve = read(options.out / "en/calculators/serving/index.html");
    CHECK(rows_in(serve, "serve-rows") == types);
    CHECK(serve.find("<span data-serve-best data-headline-text>The cheapest type for these targets is ") != std::string::npos);
    // And every chart the calculator draws on a first visit, titled in the page's language.
    const auto chart_in = [](const std::string& page, const std::string& slot) {
        const auto at = page.find("<div data-chart=\"" + slot + "\"");
        REQUIRE(at != std::string::npos);
        const auto open = page.find('>', at) + 1;
        return page.substr(open, page.find("</div>", open) - open);
    };
    for (const char* slot : {"memory", "train-days", "train-cost", "train-pareto"}) {
        CAPTURE(slot);
        CHECK(chart_in(calc, slot).rfind("<figure class=\"chart\">", 0) == 0);
    }
    CHECK(chart_in(calc, "train-days").find("インスタンス数と学習時間") != std::string::npos);
    for (const char* slot : {"serve-curve", "serve-cost"}) CHECK(chart_in(serve, slot).rfind("<figure class=\"chart\">", 0) == 0);
    CHECK(chart_in(read(options.out / "en/calculators/inference/index.html"), "infer-fleet").rfind("<figure class=\"chart\">", 0) == 0);
    CHECK(chart_in(read(options.out / "en/calculators/energy/index.html"), "energy-kwh").rfind("<figure class=\"chart\">", 0) == 0);
    // The cheat-sheet shows each instance's power estimate with its source and how it was made.
    const std::string sheet = read(options.out / "en/instances/index.html");
    CHECK(sheet.find("Power (W, estimate)") != std::string::npos);
    const auto trn1 = sheet.find("<code>trn1.32xlarge</code>");
    REQUIRE(trn1 != std::string::npos);
    const std::string row = sheet.substr(trn1, sheet.find("</tr>", trn1) - trn1);
    CHECK(row.find("5,186<sup>") != std::string::npos);
    // The note opens on tap and keyboard (a disclosure), not in a hover-only tooltip.
    CHECK(row.find("<summary aria-label=\"Note\">*</summary><span class=\"note-text\" lang=\"en\">derived, not measured") != std::string::npos);
    // The accuracy page, in both languages, from data/accuracy.json as the planner answers it.
    const std::string acc_ja = read(options.out / "guide/accuracy/index.html");
    const std::string acc_en = read(options.out / "en/guide/accuracy/index.html");
    CHECK(acc_ja.find("件の公表事例") != std::string::npos);
    CHECK(acc_en.find("Errors by kind") != std::string::npos);
    for (const std::string* page : {&acc_ja, &acc_en}) {
        CHECK(page->find("id=\"case-s1-gpt3-175b-1024-a100\"") != std::string::npos);
        CHECK(page->find("id=\"kind-inference_throughput\"") != std::string::npos);
        CHECK(page->find("#src-narayanan-2021") != std::string::npos);
    }
    // S1's row: published 34 days, the planner 33.9, −0.3%.
    const auto s1 = acc_en.find("id=\"case-s1-gpt3-175b-1024-a100\"");
    const std::string s1_row = acc_en.substr(s1, acc_en.find("</tr>", s1) - s1);
    CHECK(s1_row.find("34 days") != std::string::npos);
    CHECK(s1_row.find("33.9 days") != std::string::npos);
    CHECK(s1_row.find("\u22120.3%") != std::string::npos);
    // Training at scale has its own target, shown under its name with whether it is met; identifiers marked `so` in a case's
    // Japanese text are set as code (they stay as the source spells them), the rest stays escaped.
    const auto scale = acc_ja.find("id=\"kind-training_scale\"");
    REQUIRE(scale != std::string::npos);
    CHECK(acc_ja.find("目標 (中央値 / 最大): 10.0%、達成") != std::string::npos);  // met: accuracy_test checks the median
    const auto n3 = acc_ja.find("id=\"case-n3-gpt3-175b-128-h100-fp8\"");
    const std::string n3_row = acc_ja.substr(n3, acc_ja.find("</tr>", n3) - n3);
    CHECK(n3_row.find("<code>ub_tp_comm_overlap: False</code>") != std::string::npos);
    CHECK(n3_row.find("`") == std::string::npos);
    // Japanese pages name regions and the cheat-sheet's EFA words in Japanese.
    CHECK(calc.find("アジアパシフィック (東京) (ap-northeast-1)") != std::string::npos);
    const std::string sheet_ja = read(options.out / "instances/index.html");
    CHECK(sheet_ja.find("未確認") != std::string::npos);
    CHECK(sheet_ja.find(">unverified<") == std::string::npos);
    // A 404 page per language, with links from the base URL's path: it is served at any missing path.
    const std::string nf_en = read(options.out / "en/404.html");
    CHECK(nf_en.find("<html lang=\"en\">") != std::string::npos);
    CHECK(nf_en.find("href=\"/style.css\"") != std::string::npos);
    CHECK(read(options.out / "404.html").find("<html lang=\"ja\">") != std::string::npos);
    // Every calculator links to it beside its results.
    for (const char* c : {"training", "inference", "energy", "compare"})
        CHECK(read(options.out / "en/calculators" / c / "index.html").find("guide/accuracy/") != std::string::npos);
}

TEST_CASE("a base URL's path is where root-absolute links start") {
    CHECK(site::base_path("https://example.org/") == "/");
    CHECK(site::base_path("https://example.org") == "/");
    CHECK(site::base_path("https://example.org/accelguide") == "/accelguide/");
    CHECK(site::base_path("https://example.org/docs/ml/") == "/docs/ml/");
    CHECK(site::base_path("") == "/");
}

TEST_CASE("calculator pages need the wasm module") {
    TempDir out;
    site::BuildOptions options;
    options.root = ACCELGUIDE_SOURCE_DIR;
    options.out = out.path / "site";
    options.wasm_dir = out.path / "nowhere";
    site::Report report = site::build_site(options);
    REQUIRE(report.errors.size() == 1);
    CHECK(report.errors[0].code == "build.no_wasm");
    CHECK_FALSE(fs::exists(options.out));
}

TEST_CASE("numbers are grouped by thousands and trimmed") {
    CHECK(site::format_grouped(1234567.891, 1) == "1,234,567.9");
    CHECK(site::format_grouped(33.908, 1) == "33.9");
    CHECK(site::format_grouped(40.0, 2) == "40");
    CHECK(site::format_grouped(999.999, 2) == "1,000");
    CHECK(site::format_grouped(-0.001, 1) == "0");
    CHECK(site::format_grouped(0.05, 0) == "0");
    CHECK(site::format_grouped(123456789012.5, 0) == "123,456,789,012");
    CHECK(site::root_of("") == "./");
    CHECK(site::root_of("en/calculators/training/") == "../../../");
}

TEST_CASE("fixed decimals round half to even as printf does, with no printf") {
    // The same text printf's "%.*f" gives for each (checked here against it natively).
    const std::pair<double, int> cases[] = {{12.345, 1}, {-0.04, 1}, {0.125, 2}, {0.375, 2}, {2.5, 0}, {3.5, 0},
                                            {1e15 + 2, 0}, {987654.321, 3}, {0, 2}, {-1234.5678, 1}, {1.005, 2}};
    for (const auto& c : cases) {
        const double value = c.first;  // not a structured binding: clang 14 cannot capture one
        const int decimals = c.second;
        char expected[64];
        std::snprintf(expected, sizeof expected, "%.*f", decimals, value);
        CHECK_MESSAGE(site::format_fixed(value, decimals) == expected, value, " with ", decimals);
    }
    CHECK(site::format_fixed(-0.04, 1) == "-0.0");
    CHECK(site::format_fixed(7, 0) == "7");
}

TEST_CASE("each stage passes values to the next: load, parse, assemble, render, write") {
    std::vector<planner::Diagnostic> errors;
    site::BuildOptions options;
    options.root = kFixtures / "site-basic";

    SUBCASE("load reads every input and nothing else") {
        site::Sources s = site::load(options.root, errors);
        REQUIRE(errors.empty());
        CHECK(s.content.size() == 10);
        CHECK(s.content.count("ja/updates/second/index.md") == 1);
        CHECK(s.content_assets.count("ja/updates/second/chart.svg") == 1);
        CHECK(s.static_files.count("s.css") == 1);
        CHECK(s.templates.count("i18n/ja.yaml") == 1);
    }
    SUBCASE("parse turns files into pages with keys, URLs and HTML; drafts stay out") {
        site::Sources s = site::load(options.root, errors);
        site::Parsed p = site::parse(s, options, errors);
        REQUIRE(errors.empty());
        std::map<std::string, const site::Page*> by_source;
        for (const auto& page : p.pages) by_source[page.source] = &page;
        CHECK(by_source.count("content/ja/draft.md") == 0);
        const site::Page& bundle = *by_source.at("content/ja/updates/second/index.md");
        CHECK(bundle.key == "updates/second");
        CHECK(bundle.url == "updates/zweite/");
        CHECK(bundle.assets == std::vector<std::string>{"ja/updates/second/chart.svg"});
        const site::Page& section = *by_source.at("content/en/updates/_index.md");
        CHECK(section.is_section);
        CHECK(section.url == "en/updates/");
        CHECK(by_source.at("content/ja/numbers.md")->html.find("6.94") != std::string::npos);
    }
    SUBCASE("assemble finds sections, adds data pages and builds every view") {
        site::Sources s = site::load(options.root, errors);
        site::Parsed p = site::parse(s, options, errors);
        site::Site site = site::assemble(p, errors);
        REQUIRE(errors.empty());
        CHECK(site.renders.size() == site.pages.size());
        for (std::size_t i = 0; i < site.pages.size(); ++i) {
            if (site.pages[i].source == "content/ja/updates/first.md") {
                CHECK(site.pages[i].section == "updates");
                CHECK(site.renders[i].output == "updates/first/index.html");
                CHECK(site.renders[i].frames.size() == 2);  // language, section
                CHECK(site.renders[i].view["root"] == "../../");
            }
        }
        bool family = false;
        for (const auto& page : site.pages) family |= page.key == "families/x1";
        CHECK(family);
        SUBCASE("render makes every page's HTML from its template") {
            site::Output out = site::render(site, s, options, errors);
            REQUIRE(errors.empty());
            CHECK(out.files.size() == site.renders.size() + site.extra.size());
            CHECK(out.files.front().bytes.rfind("<html lang=", 0) == 0);
        }
    }
}

TEST_CASE("--base-url replaces the config's base_url in canonical links, the sitemap and feeds") {
    TempDir out;
    site::BuildOptions options;
    options.root = kFixtures / "site-basic";
    options.out = out.path / "site";
    options.base_url = "https://someone.github.io/accelguide";  // the trailing slash is added
    site::Report report = site::build_site(options);
    for (const auto& e : report.errors) CAPTURE(e.to_string());
    REQUIRE(report.ok());
    const std::string sitemap = read(options.out / "sitemap.xml");
    CHECK(sitemap.find("<loc>https://someone.github.io/accelguide/guide/</loc>") != std::string::npos);
    CHECK(sitemap.find("example.org") == std::string::npos);
    CHECK(read(options.out / "guide/index.html").find("<link rel=\"canonical\" href=\"https://someone.github.io/accelguide/guide/\">") !=
          std::string::npos);
    CHECK(read(options.out / "updates/atom.xml").find("<id>https://someone.github.io/accelguide/updates/atom.xml</id>") !=
          std::string::npos);
}

TEST_CASE("--base-url must be an absolute http(s) URL") {
    TempDir out;
    site::BuildOptions options;
    options.root = kFixtures / "site-basic";
    options.out = out.path / "site";
    options.base_url = "someone.github.io/accelguide/";
    site::Report report = site::build_site(options);
    REQUIRE(report.errors.size() == 1);
    CHECK(report.errors[0].to_string() ==
          "--base-url: error[options.bad_base_url]: \"someone.github.io/accelguide/\" is not an absolute http(s) URL "
          "(hint: for example --base-url https://example.org/docs/)");
    CHECK_FALSE(fs::exists(options.out));
}

#include "shortcodes.hpp"
#include "test_catalogue.hpp"
#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/request_fields.hpp"

TEST_CASE("citations are numbered by first use, repeat their number, and the page lists each source once") {
    const nlohmann::json requests = nlohmann::json::object();
    const site::ShortcodeContext context{test::real_catalogue(), requests, "content/ja/x.md", 1, "../", "references/", "ja",
                                         "参考文献"};
    std::vector<planner::Diagnostic> errors;
    const site::Expanded e = site::expand_shortcodes(
        "A{{< cite source=\"narayanan-2021\" >}} B{{< cite source=\"rajbhandari-2020\" >}} C{{< cite source=\"narayanan-2021\" >}}\n",
        context, errors);
    REQUIRE(errors.empty());
    REQUIRE(e.html.size() == 4);  // three markers and the list
    CHECK(e.html[0].find(">[1]</a></sup>") != std::string::npos);
    CHECK(e.html[1].find(">[2]</a></sup>") != std::string::npos);
    CHECK(e.html[2].find(">[1]</a></sup>") != std::string::npos);
    const std::string& list = e.html[3];
    CHECK(list.rfind("<section class=\"page-refs\"", 0) == 0);
    CHECK(list.find("参考文献") != std::string::npos);
    const auto first = list.find("id=\"ref-narayanan-2021\""), second = list.find("id=\"ref-rajbhandari-2020\"");
    CHECK(first < second);
    CHECK(list.find("id=\"ref-narayanan-2021\"", first + 1) == std::string::npos);  // once
    CHECK(list.find("../references/#src-narayanan-2021") != std::string::npos);
    // The list is a block of its own: no <p> around it once the Markdown is rendered.
    const std::string html = site::fill_placeholders("<p>x</p>\n<p>" + std::string("\xEE\x80\x80" "3" "\xEE\x80\x81") + "</p>\n", e.html);
    CHECK(html.find("<p><section") == std::string::npos);
}

TEST_CASE("output paths: a file where another needs a folder, or one path twice, is reported at the source that asked") {
    using site::OutputClaim;
    const std::vector<OutputClaim> claims = {
        {"404.html", "the generated page /404.html"},
        {"index.html", "the page content/ja/_index.md", "content/ja/_index.md", 1, 1},
        {"404.html/index.html", "alias \"404.html\" of content/ja/page.md", "content/ja/page.md", 3, 10},
        {"s.css", "templates/static/s.css"},
        {"s.css", "content/ja/s.css"},
        {"guide/index.html", "the page content/ja/guide.md", "content/ja/guide.md", 1, 1},
    };
    const auto errors = site::output_conflicts(claims);
    REQUIRE(errors.size() == 2);
    CHECK(errors[0].to_string() ==
          "s.css: error[content.output_conflict]: content/ja/s.css writes s.css, which templates/static/s.css writes too "
          "(hint: give one of them another path)");
    CHECK(errors[1].to_string() ==
          "content/ja/page.md:3:10: error[content.output_conflict]: alias \"404.html\" of content/ja/page.md writes "
          "404.html/index.html, inside 404.html, which the generated page /404.html writes as a file "
          "(hint: give one of them another path)");
    CHECK(site::output_conflicts({claims[1], claims[5]}).empty());
}

namespace {
using nlohmann::json;
}  // namespace

TEST_CASE("a calculator's choices are its request's declared fields: their words in order, the page's input or the default selected") {
    site::FrontMatter front;
    front.inputs = {{"recompute", "full"}};
    const json strings = {{"in_recompute", "Recompute"}, {"recompute_none", "None"}, {"pipeline_split_hint", "How the layers split"},
                          {"sequence_parallel_default", "Default"}};
    const json response = json::parse(site::plan(test::real_catalogue(),
        json({{"api", 1}, {"kind", "train"}, {"model", "llama3.1-8b"}, {"tokens", 1e11}, {"instance", "p5.48xlarge"}, {"instance_count", 1}}).dump()));
    const json choice = site::calculator_view(test::real_catalogue(), front, response, strings)["choice"];
    // Every word the reader allows, in the order the field declares them, labelled by its UI string
    // when there is one; the input chosen.
    const json& recompute = choice["recompute"];
    CHECK(recompute["field"] == "recompute");
    CHECK(recompute["label"] == "Recompute");
    std::vector<std::string> ids, labels;
    for (const json& o : recompute["options"]) ids.push_back(o["id"]), labels.push_back(o["label"]);
    CHECK(ids == planner::recompute_words());
    CHECK(labels == std::vector<std::string>{"None", "SELECTIVE", "FULL"});  // unlabelled: the word in capitals
    for (const json& o : recompute["options"]) CHECK(o["selected"] == (o["id"] == "full"));
    // Without an input, the field's declared default; its hint from "<name>_hint".
    const json& split = choice["pipeline_split"];
    for (const json& o : split["options"]) CHECK(o["selected"] == (o["id"] == "even"));
    CHECK(split["hint"] == "How the layers split");
    CHECK(choice["expert_dispatch"]["hint"] == false);
    // A yes/no field: its default (sent as nothing), on and off.
    const json& sp = choice["sequence_parallel"];
    CHECK(sp["boolean"] == true);
    CHECK(sp["options"][0] == json{{"id", ""}, {"label", "Default"}, {"selected", true}});
    CHECK(sp["options"].size() == 3);
    // A field that is typed, not chosen, is not a choice.
    CHECK_FALSE(choice.contains("micro_batch"));
    // A choice may offer fewer words than its reader accepts: training reads int8 only to refuse it.
    std::vector<std::string> precisions;
    for (const json& o : choice["precision"]["options"]) precisions.push_back(o["id"]);
    CHECK(precisions == planner::training_precision_words());
    CHECK(std::find(precisions.begin(), precisions.end(), "int8") == precisions.end());
    CHECK(precisions.size() + 1 == planner::precision_words().size());
    // A choice the form may leave out opens with an empty option, its word's label, selected by
    // default: no fine-tuning method sends no fine_tuning object, which is pre-training.
    const json& ft = choice["ft"];
    CHECK(ft["field"] == "fine_tuning.method");
    CHECK(ft["options"][0]["id"] == "");
    CHECK(ft["options"][0]["label"] == "pretraining");  // no UI string given here: the word
    CHECK(ft["options"][0]["selected"] == true);
    CHECK(ft["options"].size() == planner::fine_tuning_words().size() + 1);
    // The instance sheet's training job draws the same choices from the training request.
    const site::FrontMatter sheet;
    const json rows = json::parse(site::plan(test::real_catalogue(), json({{"api", 1}, {"kind", "instances"}}).dump()));
    const json sheet_choice = site::calculator_view(test::real_catalogue(), sheet, rows, strings)["choice"];
    CHECK(sheet_choice["precision"] == choice["precision"]);
    CHECK(sheet_choice["ft"] == ft);
}
