#include "planner/step_time.hpp"

#include <algorithm>
#include <cmath>

namespace planner {

namespace {
constexpr double kActivationBytes = 2;       // bf16 activations and their gradients
constexpr double kGradientReduceBytes = 4;   // fp32 gradient reduction (Megatron-LM, DeepSpeed defaults)
constexpr double kWeightGatherBytes = 2;     // bf16 weights gathered
constexpr double kHiddenPerLayer = 128;      // h / L of GPT-3, Llama 2 7B, Llama 3 8B
}  // namespace

// Rounded to a whole number: the cube root may differ in its last bit between glibc and the wasm
// module's libm, and every figure after it would carry that difference.
double hidden_of(double parameters) { return std::round(std::cbrt(parameters * kHiddenPerLayer / 12)); }

StepTime step_time(const StepInputs& in) {
    StepTime out;
    const Layout& l = in.layout;
    const double t = l.tensor, p = l.pipeline, d = l.data, b = l.micro_batch;
    const double h = in.architecture ? in.architecture->hidden : hidden_of(in.parameters);
    const double layers = in.architecture ? in.architecture->layers : std::max(1.0, h / kHiddenPerLayer);
    const double s = in.architecture ? in.architecture->sequence : in.sequence;

    const double per_step = b * d;
    out.micro_batches = int(std::max(1.0, std::ceil(in.global_batch / per_step)));
    const double m = out.micro_batches;
    out.global_batch = int(m * per_step);
    out.tokens = m * per_step * s;

    out.compute = in.flops_per_parameter_token * in.parameters * m * b * s / (t * p * in.flops_per_second);
    out.bubble = out.compute * (p - 1) / m;

    // Inside one instance the accelerators talk over their interconnect; a group that spans
    // instances moves at the pace of the network share of each accelerator.
    const long per_instance = in.accelerators_per_instance;
    const double message = b * s * h * kActivationBytes;  // one micro-batch's activations at a layer boundary
    if (l.tensor > 1) {
        const double all_reduces = in.flops_per_parameter_token > 6 ? 6 : 4;
        out.tensor = all_reduces * (layers / p) * m * 2 * (t - 1) / t * message / in.link_bytes_per_second;
    }
    if (l.pipeline > 1) {
        out.pipeline_over_network = long(l.tensor) * l.pipeline > per_instance;
        const double bandwidth = out.pipeline_over_network ? in.network_bytes_per_second : in.link_bytes_per_second;
        out.pipeline = 2 * m * message / t / bandwidth;
    }
    if (l.data > 1) {
        // Data-parallel peers sit t·p ranks apart: the group stays inside an instance only when
        // all d replicas of a model-parallel rank fit in one.
        out.data_over_network = long(l.tensor) * l.pipeline * l.data > per_instance;
        const double bandwidth = out.data_over_network ? in.network_bytes_per_second : in.link_bytes_per_second;
        const double bytes_per_parameter = l.zero == 0   ? 2 * kGradientReduceBytes
                                           : l.zero < 3 ? kGradientReduceBytes + kWeightGatherBytes
                                                        : kGradientReduceBytes + 2 * kWeightGatherBytes;
        out.data = (d - 1) / d * in.parameters / (t * p) * bytes_per_parameter / bandwidth;
        out.data_exposed = std::max((1 - in.overlap) * out.data, out.data - out.compute);
    }
    out.step = out.compute + out.bubble + out.tensor + out.pipeline + out.data_exposed;
    out.efficiency = out.compute / out.step;
    return out;
}

}  // namespace planner
