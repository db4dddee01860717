#include "planner/engine_queue.hpp"

#include <limits>

namespace planner {

double mean_first_token_seconds(const EngineLoad& load) {
    const double s = load.step_seconds, p = load.prefill_seconds, lambda = load.others_per_second;
    if (lambda <= 0) return s + p;  // alone: the engine is idle when it arrives
    const double busy = lambda * p;  // the share of the time spent prefilling the others
    if (busy >= 1) return std::numeric_limits<double>::infinity();
    const double mean = s / (1 - busy);
    const double square = (s * s + 2 * s * p * lambda * mean + p * p * lambda * mean) / (1 - busy * busy);
    const double biased = square / mean;  // the length of the iteration an arrival lands in, on average
    return biased / 2 + s + p * (1 + lambda * biased);
}

}  // namespace planner
