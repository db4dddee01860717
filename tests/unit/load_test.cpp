// The load stage against hostile folders: symlink cycles, links out of the project, FIFOs, huge
// pages and deep folders are each an error with its path; none hangs or exhausts the build.
#include <doctest/doctest.h>

#include "print_vectors.hpp"
#include "temp_dir.hpp"

#include <sys/stat.h>
#include <filesystem>
#include <fstream>
#include <string>

#include "build.hpp"
#include "files.hpp"
#include "views.hpp"

namespace fs = std::filesystem;

namespace {

using test::TempDir;

const fs::path kFixtures = ACCELGUIDE_FIXTURES;

// A small valid project (the broken-site fixtures' base) in `dir`/src.
fs::path make_project(const TempDir& dir) {
    const fs::path root = dir.path / "src";
    fs::copy(kFixtures / "broken" / "_base", root, fs::copy_options::recursive);
    return root;
}

std::vector<std::string> build_errors(const fs::path& root, const fs::path& out) {
    site::BuildOptions options;
    options.root = root;
    options.out = out;
    std::vector<std::string> errors;
    for (const auto& e : site::build_site(options).errors) errors.push_back(e.to_string());
    return errors;
}

}  // namespace

TEST_CASE("the fixture project builds, so each case below fails for its own reason") {
    TempDir dir;
    CHECK(build_errors(make_project(dir), dir.path / "out").empty());
}

TEST_CASE("symlink cycles under content/ are reported once each, not followed forever") {
    TempDir dir;
    const fs::path root = make_project(dir);
    fs::create_directories(root / "content/ja/a");
    fs::create_directory_symlink("..", root / "content/ja/a/up");          // content/ja/a/up -> content/ja
    fs::create_directory_symlink("../../ja", root / "content/ja/a/again");  // the same folder again
    const auto errors = build_errors(root, dir.path / "out");
    REQUIRE(errors.size() == 2);
    for (const auto& e : errors) CHECK(e.find("error[load.symlink_cycle]") != std::string::npos);
    CHECK_FALSE(fs::exists(dir.path / "out"));
}

TEST_CASE("a symlink out of the project is refused, so /etc/passwd is never published") {
    TempDir dir;
    const fs::path root = make_project(dir);
    fs::create_directories(root / "content/ja/leak");
    std::ofstream(root / "content/ja/leak/index.md") << "---\ntitle: leak\n---\nBody.\n";
    fs::create_symlink("/etc/passwd", root / "content/ja/leak/passwd.txt");
    fs::create_directory_symlink("/etc", root / "content/ja/etc");
    const auto errors = build_errors(root, dir.path / "out");
    CHECK(errors == std::vector<std::string>{
        "content/ja/etc: error[load.symlink_outside]: this symlink leads outside the project, to /etc (hint: "
        "accelguide publishes only files inside the project: copy the file in instead)",
        "content/ja/leak/passwd.txt: error[load.symlink_outside]: this symlink leads outside the project, to "
        "/etc/passwd (hint: accelguide publishes only files inside the project: copy the file in instead)"});
}

TEST_CASE("a symlink to a file inside the project is followed like the file") {
    TempDir dir;
    const fs::path root = make_project(dir);
    fs::create_directories(root / "shared");
    std::ofstream(root / "shared/other.md") << "---\ntitle: other\ndescription: d\nupdated: 2026-11-21\n---\nShared body.\n";
    fs::create_symlink("../../shared/other.md", root / "content/ja/other.md");
    CHECK(build_errors(root, dir.path / "out").empty());
    CHECK(test::read(dir.path / "out/other/index.html").find("Shared body.") != std::string::npos);
}

TEST_CASE("a FIFO in data/ or content/ is reported without blocking the build") {
    TempDir dir;
    const fs::path root = make_project(dir);
    fs::remove(root / "data/regions.json");
    REQUIRE(::mkfifo((root / "data/regions.json").c_str(), 0644) == 0);
    REQUIRE(::mkfifo((root / "content/ja/pipe.md").c_str(), 0644) == 0);
    const auto errors = build_errors(root, dir.path / "out");
    REQUIRE(errors.size() == 2);
    CHECK(errors[0].rfind("data/regions.json: error[load.not_a_file]", 0) == 0);
    CHECK(errors[1].rfind("content/ja/pipe.md: error[load.not_a_file]", 0) == 0);
}

TEST_CASE("a page over the size limit is refused with its size, before it is read") {
    TempDir dir;
    const fs::path root = make_project(dir);
    {
        std::ofstream big(root / "content/ja/big.md");
        big << "---\ntitle: big\n---\n";
        const std::string line(63, 'a');
        for (std::uintmax_t n = 0; n * 64 <= site::kMaxPageBytes; ++n) big << line << '\n';
    }
    const auto errors = build_errors(root, dir.path / "out");
    REQUIRE(errors.size() == 1);
    CHECK(errors[0] == "content/ja/big.md: error[load.too_large]: this file is 2 MB; files here are limited to 2 MB "
                       "(hint: split it into several files)");
}

TEST_CASE("folders nested deeper than the limit are reported, not walked") {
    TempDir dir;
    const fs::path root = make_project(dir);
    fs::path deep = root / "content/ja";
    for (std::size_t i = 0; i <= site::kMaxFolderDepth; ++i) deep /= "d";
    fs::create_directories(deep);
    const auto errors = build_errors(root, dir.path / "out");
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].find("error[load.too_deep]") != std::string::npos);
}

TEST_CASE("a flat site of 3,000 top-level pages builds in linear size: the default menu holds 10, the home lists all") {
    // Every page used to print the whole menu: 2,000 pages took 2.4 GB, 10,000 were killed at 21.9 GB.
    TempDir dir;
    const fs::path root = make_project(dir);
    fs::remove_all(root / "templates");
    fs::copy(fs::path(ACCELGUIDE_SOURCE_DIR) / "templates", root / "templates", fs::copy_options::recursive);
    const int pages = 3000;
    for (int i = 0; i < pages; ++i)
        std::ofstream(root / "content/ja" / ("p" + std::to_string(i) + ".md"))
            << "---\ntitle: Page " << i << "\nweight: " << i << "\n---\nBody " << i << ".\n";
    REQUIRE(build_errors(root, dir.path / "out").empty());
    std::uintmax_t largest = 0;
    for (int i = 0; i < pages; i += 97) {
        const std::string html = test::read(dir.path / "out" / ("p" + std::to_string(i)) / "index.html");
        largest = std::max<std::uintmax_t>(largest, html.size());
        const auto nav = html.substr(html.find("<nav"), html.find("</nav>") - html.find("<nav"));
        std::size_t links = 0;
        for (std::size_t at = nav.find("<li>"); at != std::string::npos; at = nav.find("<li>", at + 1)) ++links;
        CHECK(links == site::kMaxDefaultMenu);
    }
    CHECK(largest < 20000);  // a page's size does not grow with the number of pages
    const std::string home = test::read(dir.path / "out/index.html");
    CHECK(home.find("href=\"./p2999/\"") != std::string::npos);  // the home page links every page
}
