// Whether a plan's instances can be had: what AWS publishes about the capacity each purchase
// option holds (data/prices.json, "capacity"), applied to the plan's count and duration.
//
// A Capacity Block holds at most 64 instances for at most 182 days, and an account at most 256
// across blocks; spot capacity is never guaranteed and its vCPU quota starts at 0 for accelerated
// families; for on-demand and Savings Plans AWS publishes no limit, and the note says so rather
// than invent one.
#pragma once

#include <string>
#include <vector>

#include "planner/catalogue.hpp"
#include "planner/messages.hpp"

namespace planner {

/// The notes ("capacity: …") for `instances` of `instance` for `days` under `option`, each naming
/// its source and the date it was read.
std::vector<Note> capacity_notes(const Catalogue& catalogue, const Instance& instance, const std::string& option,
                                        int instances, double days);

}  // namespace planner
