// The planner's one function for JavaScript: plan(requestJson) -> responseJson.
// Only conversion lives here; planner::plan never throws, so nothing opaque crosses into JS.
#include <string>

#include <emscripten/bind.h>

#include "planner/api.hpp"

// data/*.json, embedded at build time (wasm/CMakeLists.txt).
extern const char kSourcesJson[];
extern const char kAcceleratorsJson[];
extern const char kInstancesJson[];
extern const char kRegionsJson[];
extern const char kBenchmarksJson[];

namespace {

const planner::CatalogueLoad& catalogue() {
    static const planner::CatalogueLoad load = [] {
        planner::CatalogueFiles files;
        files.sources.text = kSourcesJson;
        files.accelerators.text = kAcceleratorsJson;
        files.instances.text = kInstancesJson;
        files.regions.text = kRegionsJson;
        files.benchmarks.text = kBenchmarksJson;
        return planner::load_catalogue(files);
    }();
    return load;
}

std::string plan(const std::string& request_json) { return planner::plan(catalogue(), request_json); }

}  // namespace

EMSCRIPTEN_BINDINGS(accelguide_planner) { emscripten::function("plan", &plan); }
