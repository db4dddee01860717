#include "planner/order.hpp"

#include <algorithm>

namespace planner {

std::vector<std::size_t> stable_order(const std::vector<std::pair<int, double>>& keys) {
    std::vector<std::size_t> order(keys.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
    return order;
}

}  // namespace planner
