// The write stage (site/build/output.hpp): the site is swapped in whole, and a build replaces only a
// folder it wrote before or an empty one. Never a user's file, a folder someone else filled, or the project.
#include <doctest/doctest.h>

#include "print_vectors.hpp"
#include "temp_dir.hpp"

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sys/resource.h>
#include <unistd.h>

#include "build.hpp"
#include "files.hpp"
#include "output.hpp"

namespace fs = std::filesystem;

namespace {

using test::read;
using test::TempDir;

const fs::path kFixtures = ACCELGUIDE_FIXTURES;
const site::Output kOneFile{{{"a.html", "new"}}, {}};

// Every file under `dir`, for "nothing was touched" checks.
std::map<std::string, std::string> snapshot(const fs::path& dir) {
    std::map<std::string, std::string> files;
    for (const fs::path& f : site::list_files(dir)) files[f.generic_string()] = read(dir / f);
    return files;
}

// A project folder like the user's: content/, data/, a .git folder and a notes file.
void make_project(const fs::path& root) {
    fs::create_directories(root / ".git");
    fs::create_directories(root / "content/ja");
    fs::create_directories(root / "data");
    std::ofstream(root / ".git/HEAD") << "ref: refs/heads/main\n";
    std::ofstream(root / "content/ja/_index.md") << "---\ntitle: t\n---\n";
    std::ofstream(root / "data/regions.json") << "{}";
    std::ofstream(root / "notes.txt") << "mine";
}

}  // namespace

// Runs `write` as on a full disk: under a 1,000-byte file size limit, so write() fails with EFBIG
// (SIGXFSZ ignored for the while).
template <typename Write>
auto on_a_full_disk(Write write) {
    struct rlimit old {};
    ::getrlimit(RLIMIT_FSIZE, &old);
    auto previous = std::signal(SIGXFSZ, SIG_IGN);
    struct rlimit small = old;
    small.rlim_cur = 1000;
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
    auto result = write();
    ::setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, previous);
    return result;
}

TEST_CASE("writing swaps the whole folder: stale files go, no staging folder stays") {
    TempDir dir;
    const fs::path out = dir.path / "site";
    REQUIRE_FALSE(site::write_atomically(out, {{{"a.html", "one"}, {"old/b.html", "two"}}, {}}));
    REQUIRE_FALSE(site::write_atomically(out, {{{"a.html", "three"}}, {}}));
    CHECK(read(out / "a.html") == "three");
    CHECK(site::list_files(dir.path) == std::vector<fs::path>{"site/.accelguide-output", "site/a.html"});
}

TEST_CASE("writing refuses paths that leave the output folder") {
    TempDir dir;
    const auto err = site::write_atomically(dir.path / "site", {{{"../escape.html", "x"}}, {}});
    REQUIRE(err);
    CHECK(err->to_string() == "../escape.html: error[write.outside]: refusing to write outside the output folder");
    CHECK_FALSE(fs::exists(dir.path / "escape.html"));
    CHECK_FALSE(fs::exists(dir.path / "site"));
}

TEST_CASE("a staging folder left by a killed build is cleared by the next one") {
    TempDir dir;
    const fs::path out = dir.path / "site";
    fs::create_directories(dir.path / ".site.tmp-999999/half");
    std::ofstream(dir.path / ".site.tmp-999999/half/page.html") << "half-written";
    REQUIRE_FALSE(site::write_atomically(out, kOneFile));
    CHECK(site::list_files(dir.path) == std::vector<fs::path>{"site/.accelguide-output", "site/a.html"});
}

TEST_CASE("the staging folder of a build still running, and look-alike names, are left alone") {
    TempDir dir;
    const std::string running = ".site.tmp-" + std::to_string(::getppid());  // a live process
    for (const std::string name : {running, std::string(".site.tmp-notes"), std::string(".site.tmp-")}) {
        fs::create_directories(dir.path / name);
        std::ofstream(dir.path / name / "keep.txt") << "mine";
    }
    REQUIRE_FALSE(site::write_atomically(dir.path / "site", kOneFile));
    CHECK(fs::exists(dir.path / running / "keep.txt"));
    CHECK(fs::exists(dir.path / ".site.tmp-notes/keep.txt"));
    CHECK(fs::exists(dir.path / ".site.tmp-/keep.txt"));
}

TEST_CASE("an output folder with a trailing slash is built and swapped like one without") {
    TempDir dir;
    const fs::path out = dir.path / "site/";
    REQUIRE_FALSE(site::write_atomically(out, kOneFile));
    REQUIRE_FALSE(site::write_atomically(out, {{{"b.html", "again"}}, {}}));
    CHECK(site::list_files(dir.path) == std::vector<fs::path>{"site/.accelguide-output", "site/b.html"});
}

TEST_CASE("a new, an empty or a previously built output folder is accepted") {
    TempDir dir;
    CHECK_FALSE(site::refuse_output(dir.path / "new/site", dir.path / "project"));
    fs::create_directories(dir.path / "empty");
    CHECK_FALSE(site::refuse_output(dir.path / "empty", dir.path / "project"));
    REQUIRE_FALSE(site::write_atomically(dir.path / "built", kOneFile, dir.path / "project"));
    CHECK_FALSE(site::refuse_output(dir.path / "built", dir.path / "project"));
}

TEST_CASE("a build never replaces the project or a folder that holds it") {
    TempDir dir;
    const fs::path project = dir.path / "work/accelguide";
    make_project(project);
    const auto before = snapshot(dir.path);
    for (const fs::path& out : {project, project / ".", fs::path(project.string() + "/"), project.parent_path(),
                                project / "content/..", dir.path}) {
        CAPTURE(out);
        const auto err = site::refuse_output(out, project);
        REQUIRE(err);
        CHECK(err->code == "output.holds_project");
        CHECK(err->message.find("would delete the project") != std::string::npos);
        CHECK(site::write_atomically(out, kOneFile, project));
    }
    CHECK(snapshot(dir.path) == before);
}

TEST_CASE("a build never writes into the project's content, data or templates folder") {
    TempDir dir;
    make_project(dir.path);
    for (const char* out : {"content/site", "data", "templates/out"}) {
        CAPTURE(out);
        const auto err = site::refuse_output(dir.path / out, dir.path);
        REQUIRE(err);
        CHECK(err->code == "output.inside_inputs");
    }
}

TEST_CASE("a build refuses a file and a non-empty folder it did not write, and says how to proceed") {
    TempDir dir;
    std::ofstream(dir.path / "report.pdf") << "%PDF";
    fs::create_directories(dir.path / "photos");
    std::ofstream(dir.path / "photos/cat.jpg") << "jpeg";
    const auto before = snapshot(dir.path);

    const auto file = site::refuse_output(dir.path / "report.pdf", "/nonexistent-project");
    REQUIRE(file);
    CHECK(file->code == "output.not_a_folder");
    CHECK(file->hint.find("--out") != std::string::npos);

    const auto folder = site::refuse_output(dir.path / "photos", "/nonexistent-project");
    REQUIRE(folder);
    CHECK(folder->code == "output.not_ours");
    CHECK(folder->message.find("has no .accelguide-output file") != std::string::npos);
    CHECK(folder->hint.find("delete it yourself") != std::string::npos);

    CHECK(site::write_atomically(dir.path / "report.pdf", kOneFile, "/nonexistent-project"));
    CHECK(site::write_atomically(dir.path / "photos", kOneFile, "/nonexistent-project"));
    CHECK(snapshot(dir.path) == before);
    CHECK(site::list_files(dir.path).size() == 2);  // no staging folder left either
}

TEST_CASE("build --out refuses the project root before reading anything, and leaves it as it was") {
    TempDir dir;
    const fs::path project = dir.path / "project";
    fs::create_directories(project);
    fs::copy(kFixtures / "site-basic", project, fs::copy_options::recursive);
    fs::create_directories(project / ".git");
    std::ofstream(project / ".git/HEAD") << "ref: refs/heads/main\n";
    const auto before = snapshot(dir.path);
    site::BuildOptions options;
    options.root = project;
    options.out = project;
    site::Report report = site::build_site(options);
    REQUIRE(report.errors.size() == 1);
    CHECK(report.errors[0].code == "output.holds_project");
    CHECK(snapshot(dir.path) == before);
}

TEST_CASE("a write error names the output file and leaves the previous site") {
    TempDir dir;
    const fs::path out = dir.path / "site";
    REQUIRE_FALSE(site::write_atomically(out, kOneFile));
    const auto err = on_a_full_disk([&] { return site::write_atomically(out, {{{"en/guide/index.html", std::string(5000, 'x')}}, {}}); });
    REQUIRE(err);
    CHECK(err->code == "write.failed");
    CHECK(err->file == site::generic(site::output_folder(out) / "en/guide/index.html"));
    CHECK(err->message == "cannot be written: File too large");
    CHECK(err->hint.find("free some disk space") != std::string::npos);
    CHECK(read(out / "a.html") == "new");
    CHECK(site::list_files(dir.path) == std::vector<fs::path>{"site/.accelguide-output", "site/a.html"});
}

TEST_CASE("serve's one-file rewrite on a full disk leaves the file as it was and no temporary file") {
    TempDir dir;
    const fs::path page = dir.path / "index.html";
    std::ofstream(page) << "old page";
    REQUIRE_FALSE(site::replace_file(page, "new page"));
    CHECK(read(page) == "new page");
    const auto err = on_a_full_disk([&] { return site::replace_file(page, std::string(5000, 'x')); });
    REQUIRE(err);
    CHECK(err->code == "write.failed");
    CHECK(err->file == site::generic(page));
    CHECK(err->hint == "the file is as it was; free some disk space");
    CHECK(read(page) == "new page");
    CHECK(site::list_files(dir.path) == std::vector<fs::path>{"index.html"});  // no index.html.tmp-serve
}
