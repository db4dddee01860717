#include "planner/serving_batch.hpp"

#include "planner/collectives.hpp"
#include "planner/serving.hpp"
#include "planner/serving_cost.hpp"
#include "serving_replica.hpp"

namespace planner {

using serving_replica::End;
using serving_replica::Replica;

namespace {

// Products priced in `compute` read weights stored in it: 16-bit weights for bf16 and fp16, 8-bit
// for fp8 (weight-only int8 or int4 have no measured rows).
bool weights_in(double weight_bytes, const std::string& compute) {
    if (compute == "bf16" || compute == "fp16") return weight_bytes == 2;
    return compute == "fp8" && weight_bytes == 1;
}

}  // namespace

std::optional<BatchRun> run_batch(const Catalogue& c, const Instance& instance, const BatchInputs& in) {
    const Accelerator& chip = c.accelerator_of(instance);
    const auto peak = chip.peak_tflops.find(in.compute);
    if (peak == chip.peak_tflops.end() || !chip.memory_bandwidth) return std::nullopt;
    // What the replica reads of a request: the lengths, the engine and the batch.
    ServingRequest req;
    req.prompt_tokens = in.prompt_tokens;
    req.cached_prompt_tokens = in.cached_prompt_tokens;
    req.output_tokens = in.output_tokens;
    req.engine = "static";
    req.concurrency = in.batch;
    const Transformer& m = in.model;
    std::optional<ServingBasis> priced;
    if (!in.bandwidth_fraction && !in.mfu && m.hidden > 0 && m.heads > 0 && weights_in(in.weight_bytes, in.compute))
        priced = priced_basis(c, chip, in.compute, m, in.prompt_tokens, in.kv_bytes);
    const int t = int(instance.accelerator_count.value);
    const InstanceLink link = instance_link(instance);
    auto replica = [&](double f, double mfu, End end) {
        return Replica{m, req, t, peak->second.value * 1e12, chip.memory_bandwidth->value * 1e9, link.bytes_per_second,
                       all_reduce_latency_seconds(chip, link, t),
                       t * chip.memory.value * 1e9, in.weight_bytes, f, mfu, priced ? &*priced : nullptr, end, in.kv_bytes,
                       std::nullopt, {}};
    };
    const ServingAssumption bandwidth = decode_bandwidth(chip).share;
    BatchRun run;
    const Replica at = replica(in.bandwidth_fraction.value_or(bandwidth.value), in.mfu.value_or(kPrefillMfu.value), End::estimate);
    run.seconds = at.cycle(in.batch);
    run.mix = at.running_mix(in.batch);
    const Replica slow = replica(in.bandwidth_fraction.value_or(bandwidth.low), in.mfu.value_or(kPrefillMfu.low), End::slow);
    const Replica fast = replica(in.bandwidth_fraction.value_or(bandwidth.high), in.mfu.value_or(kPrefillMfu.high), End::fast);
    run.seconds_range = {fast.cycle(in.batch), slow.cycle(in.batch)};
    run.predicted = priced.has_value();
    run.notes = basis_notes(c, chip, priced ? &*priced : nullptr, bandwidth, in.bandwidth_fraction.has_value(), in.mfu.has_value());
    return run;
}

}  // namespace planner
