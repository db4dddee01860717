#pragma once
// One stable ordering for every ranked list the planner returns (comparison rows, the regions that
// offer an instance type), so the module carries one sort instead of one per element type.

#include <cstddef>
#include <utility>
#include <vector>

namespace planner {

/// The indices 0 … n−1 ordered by (group, key), smallest first; equal ones keep their order.
std::vector<std::size_t> stable_order(const std::vector<std::pair<int, double>>& keys);

}  // namespace planner
