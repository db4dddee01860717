// What every successful response must satisfy, checked from the outside: from the request, the
// response's JSON and the catalogue's specified figures alone, never through the planner's own
// functions, so that a wrong formula cannot vouch for itself.
//
//   every number          finite; money, energy, CO2e, time, counts, bytes, tokens and rates ≥ 0
//   counts                fleet, instances, replicas, tensor_parallel, accelerators: whole, ≥ 1, within limits
//   serve                 memory ≤ t · the chip's memory; TPOT ≥ the active weights over t · specified
//                         bandwidth; TTFT ≥ 2 · active · prompt over t · the chip's highest peak; the fleet
//                         serves the peak rate; prompt + output within the model's context
//   train                 seconds ≥ 2 · active parameters · tokens over accelerators · the chip's highest
//                         peak; a plan that says it fits needs no more than the chip's memory
//   infer                 the fleet serves the peak rate
//
// answer() runs it on each response it returns: a violation becomes a refusal at its field for the
// user ("internal check: ..."), and an internal error in the tests (unit, parity, fuzz), which
// require none.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"

namespace planner {

struct Violation {
    std::string field;  // dotted path in the response, e.g. "serve.tpot_ms"
    std::string what;   // the rule broken, with the figures
};

/// The violations of a response to `request` (none for a refusal: it holds no figure).
std::vector<Violation> check_response(const Catalogue& catalogue, const nlohmann::json& request,
                                      const nlohmann::json& response);

}  // namespace planner
