// The whole generator on fixture sites (tests/fixtures/site-*), output checked against golden files.
#include <doctest/doctest.h>

#include "print_vectors.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "build.hpp"
#include "files.hpp"
#include "output.hpp"
#include "views.hpp"

namespace fs = std::filesystem;

namespace {

// A fresh, empty folder under the system temp folder, removed when the test ends.
struct TempDir {
    fs::path path;
    TempDir() {
        path = fs::temp_directory_path() / ("accelguide-test-" + std::to_string(std::rand()) + "-" +
                                            std::to_string(reinterpret_cast<std::uintptr_t>(this)));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
};

std::string read(const fs::path& p) {
    auto text = site::read_file(p);
    REQUIRE_MESSAGE(text, "cannot read " << p);
    return *text;
}

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

TEST_CASE("builds a two-language fixture site into pretty URLs") {
    TempDir out;
    site::BuildOptions options;
    options.root = kFixtures / "site-basic";
    options.out = out.path / "site";
    site::Report report = site::build_site(options);
    for (const auto& e : report.errors) CAPTURE(e.to_string());
    REQUIRE(report.ok());
    CHECK(report.pages == 4);
    CHECK(report.files == 5);
    CHECK(site::list_files(options.out) == std::vector<fs::path>{"en/index.html", "guide/index.html", "index.html",
                                                                 "instances/index.html", "s.css"});

    SUBCASE("the cheat-sheet shows every figure with its numbered source and date") {
        check_golden(kFixtures / "site-basic-expected/instances.html", read(options.out / "instances/index.html"));
    }
    SUBCASE("a page links to its translation, or to the other language's home when it has none") {
        check_golden(kFixtures / "site-basic-expected/guide.html", read(options.out / "guide/index.html"));
        check_golden(kFixtures / "site-basic-expected/en-index.html", read(options.out / "en/index.html"));
    }
}

TEST_CASE("a failed build reports every error and leaves the previous site as it was") {
    TempDir out;
    const fs::path site_dir = out.path / "site";
    fs::create_directories(site_dir);
    std::ofstream(site_dir / "index.html") << "previous";

    site::BuildOptions options;
    options.root = kFixtures / "site-broken";
    options.out = site_dir;
    site::Report report = site::build_site(options);
    std::vector<std::string> errors;
    for (const auto& e : report.errors) errors.push_back(e.to_string());
    CHECK(errors == std::vector<std::string>{
        "templates/i18n/en.yaml: error[load.missing]: UI strings for \"en\" are missing",
        "content/ja/_index.md:3:1: error[content.unknown_key]: unknown front-matter key \"wieght\" (hint: known "
        "keys: description, example, inputs, template, title, weight)",
        "content/ja/bad.md:1:1: error[content.no_front_matter]: the file does not start with front matter (hint: "
        "begin it with a line `---`, then `title: ...`, then another `---`)",
    });
    CHECK(read(site_dir / "index.html") == "previous");
    CHECK(site::list_files(out.path) == std::vector<fs::path>{"site/index.html"});
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
    CHECK(calc.find("<output data-output=\"train.days\" data-digits=\"1\">33.9</output>") != std::string::npos);
    CHECK(fs::exists(options.out / "en/calculators/training/index.html"));
    CHECK(fs::exists(options.out / "assets/wasm/accelguide-planner.js"));
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

TEST_CASE("writing swaps the whole folder: stale files go, no staging folder stays") {
    TempDir dir;
    const fs::path out = dir.path / "site";
    REQUIRE(site::write_atomically(out, {{{"a.html", "one"}, {"old/b.html", "two"}}, {}}).empty());
    REQUIRE(site::write_atomically(out, {{{"a.html", "three"}}, {}}).empty());
    CHECK(read(out / "a.html") == "three");
    CHECK(site::list_files(dir.path) == std::vector<fs::path>{"site/a.html"});
}

TEST_CASE("writing refuses paths that leave the output folder") {
    TempDir dir;
    CHECK(site::write_atomically(dir.path / "site", {{{"../escape.html", "x"}}, {}}) ==
          "refusing to write outside the output folder: ../escape.html");
    CHECK_FALSE(fs::exists(dir.path / "escape.html"));
    CHECK_FALSE(fs::exists(dir.path / "site"));
}

TEST_CASE("numbers are grouped by thousands and trimmed") {
    CHECK(site::format_grouped(1234567.891, 1) == "1,234,567.9");
    CHECK(site::format_grouped(33.908, 1) == "33.9");
    CHECK(site::format_grouped(40.0, 2) == "40");
    CHECK(site::format_grouped(999.999, 2) == "1,000");
    CHECK(site::format_grouped(-0.001, 1) == "0");
    CHECK(site::root_of("") == "./");
    CHECK(site::root_of("en/calculators/training/") == "../../../");
}
