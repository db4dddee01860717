// Compare: one job across every instance type in the catalogue (or a chosen list).
//
//     {"api":1,"kind":"compare","job":{"kind":"train","model":{"parameters":7e9},"tokens":"chinchilla",
//      "instance_count":4,"mfu":0.4}}
//
// Training rows are sorted by cost, and the cost–time Pareto set is marked: a row is on it when no
// other row is both cheaper and faster. Inference rows are sorted by cost per million requests,
// Pareto on cost and energy per million. A sweep gives each instance type's figures over instance
// counts (training: 1, 2, 4 … 4096) or request rates (inference: ¼× … 4× the job's rate), for charts.
// Instance types the job cannot run on (no published peak, no price, no memory fit) are listed
// with the reason rather than left out silently.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"

namespace planner {

/// Runs a compare request (already parsed) and returns its result object, or field errors.
Checked<nlohmann::json> compare(const Catalogue& catalogue, const nlohmann::json& request);

/// Marks the Pareto set of points (x, y), both minimised: true where no other point is ≤ in both
/// and < in one.
std::vector<bool> pareto_set(const std::vector<std::pair<double, double>>& points);

}  // namespace planner
