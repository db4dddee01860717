// The module's functions for JavaScript: plan(requestJson) -> responseJson; chart(specJson) -> SVG,
// drawn by the same code as the site's build-time charts (site/src/chart.hpp); and
// display(responseJson) -> the response with its numbers formatted as the site shows them
// (site/src/text.hpp), so a live result reads exactly like the build-time example.
// Only conversion lives here; neither throws, so nothing opaque crosses into JS.
#include <string>

#include <emscripten/bind.h>

#include <nlohmann/json.hpp>

#include "chart.hpp"
#include "text.hpp"
#include "planner/api.hpp"

// data/*.json, embedded at build time (wasm/CMakeLists.txt).
extern const char kSourcesJson[];
extern const char kAcceleratorsJson[];
extern const char kInstancesJson[];
extern const char kRegionsJson[];
extern const char kBenchmarksJson[];
extern const char kModelsJson[];

namespace {

const planner::CatalogueLoad& catalogue() {
    static const planner::CatalogueLoad load = [] {
        planner::CatalogueFiles files;
        files.sources.text = kSourcesJson;
        files.accelerators.text = kAcceleratorsJson;
        files.instances.text = kInstancesJson;
        files.regions.text = kRegionsJson;
        files.benchmarks.text = kBenchmarksJson;
        files.models.text = kModelsJson;
        return planner::load_catalogue(files);
    }();
    return load;
}

std::string plan(const std::string& request_json) { return planner::plan(catalogue(), request_json); }

std::string chart(const std::string& spec_json) {
    const auto spec = nlohmann::json::parse(spec_json, nullptr, /*allow_exceptions=*/false);
    return spec.is_object() ? site::chart_from_json(spec) : std::string();
}

}  // namespace

std::string display(const std::string& response_json) {
    const auto response = nlohmann::json::parse(response_json, nullptr, /*allow_exceptions=*/false);
    return site::display_json(response.is_discarded() ? nlohmann::json() : response).dump();
}

EMSCRIPTEN_BINDINGS(accelguide_planner) {
    emscripten::function("plan", &plan);
    emscripten::function("chart", &chart);
    emscripten::function("display", &display);
}
