// The planner's one function for JavaScript: plan(requestJson) -> responseJson.
// Only conversion lives here; planner::plan never throws, so nothing opaque crosses into JS.
#include <string>

#include <emscripten/bind.h>

#include "planner/api.hpp"

extern const char kInstancesJson[];  // data/instances.json, embedded at build time

namespace {

const planner::CatalogueLoad& catalogue() {
    static const planner::CatalogueLoad load = planner::load_instances(kInstancesJson, "data/instances.json");
    return load;
}

std::string plan(const std::string& request_json) { return planner::plan(catalogue(), request_json); }

}  // namespace

EMSCRIPTEN_BINDINGS(accelguide_planner) { emscripten::function("plan", &plan); }
