// Fuzz target: a Hugging Face config.json imported as the model (planner/model_config.hpp), served
// and trained. The first byte picks the demand (10^0 … 10^11 requests a second) and the instance,
// so that fleets near the cap are reached; the rest is the config.json's text. Oracle: every
// response keeps response_check.hpp's promises (the invariants among them), and a model it plans
// has a parameter count from one to the bound a typed model has.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/json_position.hpp"
#include "planner/model_limits.hpp"
#include "response_check.hpp"

namespace {

const char* const kInstances[] = {"p5.48xlarge", "g6e.xlarge", "inf2.48xlarge", "p4d.24xlarge"};

void plan_and_check(const nlohmann::json& request, const char* result) {
    const std::string text = site::plan(fuzz::project_catalogue().catalogue, request.dump());
    fuzz::check_response(text);
    const nlohmann::json r = nlohmann::json::parse(text);
    if (r["ok"] != true) return;
    const nlohmann::json& planned = r.at(result);
    const double parameters = planned.contains("parameters") ? planned.at("parameters").get<double>()
                                                             : planned.at("architecture").at("parameters").get<double>();
    fuzz::require(parameters >= 1 && parameters <= planner::model_limits::kParameters,
                  "a planned model has from 1 to 1e15 parameters");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    if (!planner::scan_json(text).empty()) return 0;  // refused before import, as the CLI does
    nlohmann::json config = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (config.is_discarded()) return 0;
    const double rate = std::pow(10.0, data[0] % 12);
    const char* instance = kInstances[(data[0] / 12) % 4];
    nlohmann::json serve = {{"api", 1}, {"kind", "serve"}, {"model", {{"config", config}}}, {"instance", instance},
                            {"prompt_tokens", 1000}, {"output_tokens", 200}, {"rate", {{"value", rate}, {"per", "second"}}},
                            {"peak_factor", 100}, {"redundancy", 5}};
    plan_and_check(serve, "serve");
    nlohmann::json train = {{"api", 1}, {"kind", "train"}, {"model", {{"config", config}}}, {"tokens", 1e12},
                            {"instance", instance}, {"instance_count", 1 + data[0] % 64}};
    plan_and_check(train, "train");
    return 0;
}
