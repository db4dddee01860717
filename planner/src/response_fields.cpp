// The response kinds: where each group of declared result fields (response_fields.hpp) sits.
#include "planner/response_fields.hpp"

namespace planner {

const std::vector<ResponseSchema>& response_schemas() {
    using namespace results;
    static const std::vector<ResponseSchema> kinds = {
        {"train", "the job's plan: time, cost, energy, memory, the layout and its step",
         {part("", train::kResult), part("", footprint::kAll), part("memory", train::memory::kAll),
          part("layout", layout::kAll), part("step", step::kAll), part("alternatives[]", train::alternative::kAll),
          part("alternatives[].layout", layout::kSearched), part("alternatives[].step", step::kAll)}},
        {"infer", "the fleet: its size, each instance's throughput, and the fleet's hour",
         {part("", infer::kResult), part("fleet_hour", footprint::kAll)}},
        {"serve", "the replica, the fleet and the latency they reach, each tensor-parallel degree tried and the curve",
         {part("", serve::kResult), part("architecture", transformer::kAll), part("tensor_parallel_options[]", serve::option::kAll),
          part("sweep[]", serve::point::kAll), part("fleet_hour", footprint::kAll)}},
        {"model", "the architecture read from config.json, with its counted parameters", {part("", transformer::kAll)}},
        {"energy", "a row per configuration: power, energy, emissions, cost, and what each saves against the first",
         {part("", energy::kResult), part("configurations[]", energy::kRow), part("configurations[]", footprint::kAll)}},
        {"compare", "a row per instance type and each type's curve",
         {part("", compare::kResult), part("rows[]", compare::row::kAll), part("sweep[]", compare::curve::kAll),
          part("sweep[].points[]", compare::point::kAll)}},
        {"instances", "the cheat-sheet's rows", {part("", instances::kResult), part("rows[]", instances::kRow)}},
        {"catalog", "the catalogue as the planner reads it", {part("", catalog::kResult)}},
    };
    return kinds;
}

const ResponseSchema* response_schema(const std::string& kind) { return find_kind(response_schemas(), kind); }

}  // namespace planner
