// .github/workflows/pages.yml only runs on GitHub, so its wiring is checked here instead: that it
// sets up and tests exactly as CI does, builds with scripts/pages-build.sh (replayed by the
// publish.pages_build test) and deploys the folder that script wrote. A workflow edited out of
// step with the scripts fails here, not on the first push.
#include <doctest/doctest.h>

#include <string>

#include <yaml-cpp/yaml.h>

#include "temp_dir.hpp"

namespace {

const std::string kRoot = ACCELGUIDE_SOURCE_DIR;

YAML::Node workflow() { return YAML::LoadFile(kRoot + "/.github/workflows/pages.yml"); }

std::string text(const YAML::Node& n) { return n && n.IsScalar() ? n.as<std::string>() : std::string(); }

// The index of the first step whose `run` or `uses` starts with `prefix`, or -1.
int step_index(const YAML::Node& steps, const char* key, const std::string& prefix) {
    for (std::size_t i = 0; i < steps.size(); ++i)
        if (text(steps[i][key]).rfind(prefix, 0) == 0) return int(i);
    return -1;
}

}  // namespace

TEST_CASE("the Pages workflow runs on pushes to main and by hand, with the permissions Pages needs") {
    const YAML::Node wf = workflow();
    REQUIRE(wf["on"]["push"]["branches"].IsSequence());
    CHECK(text(wf["on"]["push"]["branches"][0]) == "main");
    CHECK(wf["on"]["workflow_dispatch"].IsDefined());
    CHECK(text(wf["permissions"]["pages"]) == "write");
    CHECK(text(wf["permissions"]["id-token"]) == "write");
}

TEST_CASE("the Pages workflow tests as CI does, on Debian 12, before it builds the site") {
    const YAML::Node build = workflow()["jobs"]["build"];
    CHECK(text(build["container"]) == "debian:12");
    CHECK(text(build["env"]["CI"]) == "true");
    const YAML::Node steps = build["steps"];
    REQUIRE(steps.IsSequence());
    const int checkout = step_index(steps, "uses", "actions/checkout@");
    const int test = step_index(steps, "run", "bash .ci/run");
    const int site = step_index(steps, "run", "bash scripts/pages-build.sh ");
    CHECK(checkout >= 0);
    CHECK(test > checkout);
    CHECK(site > test);
    // .ci/run is `make test` and nothing else, so the workflow tests what CI tests.
    CHECK(test::read(kRoot + "/.ci/run").find("\nexec make test\n") != std::string::npos);
}

TEST_CASE("the Pages workflow uploads the folder it built, with the custom base URL passed through, and deploys it") {
    const YAML::Node wf = workflow();
    const YAML::Node steps = wf["jobs"]["build"]["steps"];
    const int site = step_index(steps, "run", "bash scripts/pages-build.sh ");
    const int upload = step_index(steps, "uses", "actions/upload-pages-artifact@");
    REQUIRE(site >= 0);
    REQUIRE(upload > site);
    const std::string out = text(steps[site]["run"]).substr(std::string("bash scripts/pages-build.sh ").size());
    CHECK(out == "build/site");
    CHECK(text(steps[upload]["with"]["path"]) == out);
    CHECK(text(steps[site]["env"]["SITE_BASE_URL"]) == "${{ vars.SITE_BASE_URL }}");

    const YAML::Node deploy = wf["jobs"]["deploy"];
    CHECK(text(deploy["needs"]) == "build");
    CHECK(text(deploy["environment"]["name"]) == "github-pages");
    CHECK(step_index(deploy["steps"], "uses", "actions/deploy-pages@") >= 0);
}
