// "The same job on every instance type": the compare job that a plan's own request stands for, as
// the calculators compare it (compare's `like`). The request is read and planned on its own
// instance first; what belongs to that instance is left out, and what the plan settled is kept:
//
//   train   without its instance, layout, micro-batch, count, deadline or budget and utilisation
//           figures; then its deadline (the fewest instances of each type that meet it), else its
//           budget (the most each type buys), else the instance count the plan used; and, when the
//           request gave a utilisation of its own (mfu, hfu, achieved_tflops, matrix_utilisation),
//           the MFU the plan ran at, so every type runs at the user's figure; without one, each
//           type is predicted from its own hardware, as the plan was (issue 37: no chip's
//           prediction is another's)
//   serve   without its instance and tensor-parallel degree (each type takes its own)
//   infer   without its instance
#pragma once

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"

namespace planner {

/// The compare job of a train, serve or infer request with its instance; errors are the request's
/// own, at "like.…", when it cannot be planned.
Checked<nlohmann::json> same_job(const Catalogue& catalogue, const nlohmann::json& like);

}  // namespace planner
