#include "planner/decode.hpp"

#include <algorithm>

namespace planner {

namespace {
constexpr double kActivationBytes = 2;  // bf16 activations in the all-reduces
}  // namespace

double prefill_seconds(const Transformer& m, double prompt, double weight_bytes, const Roofline& r) {
    const double compute = 2 * m.active() * prompt / r.flops_per_second;
    const double read = parameters_read_per_step(m, prompt) * weight_bytes / r.bytes_per_second;
    return std::max(compute, read);
}

double decode_step_seconds(const Transformer& m, double batch, double cache_bytes, double weight_bytes, const Roofline& r) {
    const double read = parameters_read_per_step(m, batch) * weight_bytes + batch * cache_bytes;
    return std::max(read / r.bytes_per_second, 2 * m.active() * batch / r.flops_per_second);
}

double all_reduce_seconds(const Transformer& m, int t, double link, double latency, double tokens) {
    if (t == 1) return 0;
    const double transfer = link > 0 ? 2.0 * (t - 1) / t * tokens * m.hidden * kActivationBytes / link : 0;
    return m.layers * 2 * (latency + transfer);
}

}  // namespace planner
