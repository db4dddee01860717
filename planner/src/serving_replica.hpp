// One replica of a served model, for one tensor-parallel degree: its prefill, decode step, cycle,
// TTFT and TPOT (serving.hpp's header gives the formulas), at given assumptions or priced from a
// measured operator table (serving_cost.hpp), and the most concurrency that meets the targets.
// Private to serving.cpp, which plans with it.
#pragma once

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <string>

#include "planner/decode.hpp"
#include "planner/engine_queue.hpp"
#include "planner/load_power.hpp"
#include "planner/serving.hpp"
#include "planner/serving_cost.hpp"
#include "serving_formats.hpp"

namespace planner {

/// A decode's share of the peak bandwidth: the chip's published figure (and its source id), else
/// kDecodeBandwidthFraction ("assumed").
struct DecodeBandwidth {
    ServingAssumption share;
    std::string source;
};
DecodeBandwidth decode_bandwidth(const Accelerator& chip);
/// What a replica's figures rest on, as notes: the operator table it was priced from, else each
/// share it assumed (not those the request gave), with its value and range in percent.
std::vector<Note> basis_notes(const Catalogue& c, const Accelerator& chip, const ServingBasis* priced,
                                     const ServingAssumption& bandwidth, bool bandwidth_given, bool mfu_given);
/// The chip's operator prices for `m` in `dtype`, when every shape the plan prices has a measured
/// row of that precision to rest on; nothing otherwise (the assumed model applies).
std::optional<ServingBasis> priced_basis(const Catalogue& c, const Accelerator& chip, const std::string& dtype,
                                         const Transformer& m, double prompt_tokens, double kv_bytes);

namespace serving_replica {

using serving_formats::kMaxConcurrency;

// Which end of a predicted price a replica runs at: the estimate, or the span's slow or fast end.
enum class End { estimate, slow, fast };

inline double at_end(const OperatorPrice& p, End end) { return end == End::slow ? p.high : end == End::fast ? p.low : p.seconds; }

// The per-replica model of serving.hpp for one tensor-parallel degree, at given assumptions, or
// priced from a measured operator table (serving_cost.hpp) when `ops` is set.
struct Replica {
    const Transformer& m;
    const ServingRequest& req;
    int t;
    double peak, bandwidth, link;  // per accelerator: FLOP/s, bytes/s, bytes/s each way to the others (instance_link)
    double link_latency;           // one all-reduce's among the t (all_reduce_latency_seconds)
    double capacity;               // bytes, t accelerators less headroom
    double weight_bytes;
    double f, mfu;
    const ServingBasis* ops = nullptr;
    End end = End::estimate;
    double kv_element_bytes = 2;
    mutable std::optional<double> prefill_seconds;  // priced once
    mutable std::map<int, double> step_seconds;     // priced once per concurrency

    // Prefill and one decode step on one rank, without the all-reduces: priced, else assumed.
    double prefill_compute() const {
        if (ops) {
            if (!prefill_seconds)
                prefill_seconds = at_end(prefill_price(*ops, m, t, req.prompt_tokens, req.cached_prompt_tokens).value_or(OperatorPrice{}), end);
            return *prefill_seconds;
        }
        return planner::prefill_seconds(m, req.prefilled_tokens(), weight_bytes, roofline());
    }
    double step_compute(int b) const {
        const double context = mean_decode_context(req.prompt_tokens, req.output_tokens);
        if (ops) {
            const auto [at, fresh] = step_seconds.try_emplace(b, 0.0);
            if (fresh) at->second = at_end(decode_price(*ops, m, t, b, context, kv_element_bytes).value_or(OperatorPrice{}), end);
            return at->second;
        }
        return decode_step_seconds(m, b, cache(context), weight_bytes, roofline());
    }
    Roofline roofline() const { return {t * peak * mfu, t * bandwidth * f}; }

    double all_reduce(double tokens) const { return all_reduce_seconds(m, t, link, link_latency, tokens); }
    double prefill() const { return prefill_compute() + all_reduce(req.prefilled_tokens()); }
    double step(int b) const { return step_compute(b) + all_reduce(b); }
    bool whole_batches() const { return req.engine == "static"; }
    double cycle(int b) const { return req.output_tokens * step(b) + b * prefill(); }
    double tpot(int b) const { return whole_batches() ? step(b) : cycle(b) / req.output_tokens; }
    // Continuous: the queue the other B − 1 requests in flight make (engine_queue.hpp), their
    // arrivals at the rate the replica serves them.
    double ttft(int b) const {
        if (whole_batches()) return cycle(b) / 2 + b * prefill() + step(b);
        return mean_first_token_seconds({step(b), prefill(), (b - 1) / cycle(b)});
    }
    bool meets(int b) const {
        return (!req.tpot_ms || tpot(b) * 1000 <= *req.tpot_ms) && (!req.ttft_ms || ttft(b) * 1000 <= *req.ttft_ms);
    }
    // The shares of a running replica's time by activity (load_power.hpp): a prefill's work
    // compute-bound, a decode step's memory-bound, the engine's own time (priced plans) idle, the
    // all-reduces waiting.
    ActivityMix running_mix(int b) const {
        const double engine = ops ? kEngineStepSeconds : 0, c = cycle(b), out = req.output_tokens;
        return {b * std::max(0.0, prefill_compute() - engine) / c, out * std::max(0.0, step_compute(b) - engine) / c, 0,
                (b + out) * engine / c, (b * all_reduce(req.prefilled_tokens()) + out * all_reduce(b)) / c};
    }
    // One sequence's KV cache at `context` tokens.
    double cache(double context) const { return kv_cache_bytes(m, context, kv_element_bytes); }
    double memory(int b) const { return m.parameters * weight_bytes + b * cache(req.prompt_tokens + req.output_tokens); }
    // The most sequences whose KV cache fits beside the weights (below 1: not even one).
    double most_sequences() const {
        return std::floor((capacity - m.parameters * weight_bytes) / cache(req.prompt_tokens + req.output_tokens));
    }

    ServingPoint solve(int per_instance) const {
        ServingPoint p;
        p.tensor_parallel = t;
        p.replicas = per_instance / t;
        auto gb = [](double bytes) { return format_number(std::ceil(bytes / 1e8) / 10); };
        auto refuse = [&](const char* limit, const char* field, msg::Code code, std::vector<std::string> args) {
            p.limit = limit;
            p.error = coded(field, code, std::move(args));
            return p;
        };
        const double weights = m.parameters * weight_bytes;
        const std::string degree = std::to_string(t);  // the messages' "at tensor parallelism {t}"
        if (weights > capacity) return refuse("memory", "instance", msg::replica_weights_exceed, {gb(weights), gb(capacity), degree});
        const double most = most_sequences();
        if (most < 1)
            return refuse("memory", "instance", msg::replica_one_sequence_exceeds, {gb(memory(1)), gb(capacity), degree});
        if (req.concurrency) {  // as given: measured against, not searched; the targets only reported
            if (*req.concurrency > most)
                return refuse("memory", "concurrency", msg::replica_concurrency_exceeds,
                              {std::to_string(*req.concurrency), gb(memory(*req.concurrency)), gb(capacity), degree});
            return at_concurrency(p, *req.concurrency);
        }
        if (!meets(1)) {
            auto ms = [](double seconds) { return format_number(std::round(seconds * 10000) / 10); };
            if (req.ttft_ms && ttft(1) * 1000 > *req.ttft_ms) {
                // Which roofline the prefill meets first (a priced one's shares are below both).
                const double share_f = ops ? 1 : f, share_mfu = ops ? 1 : mfu;
                const double fresh = req.prefilled_tokens();
                const bool compute = 2 * m.active_parameters * fresh / (t * peak * share_mfu) >=
                                     parameters_read_per_step(m, fresh) * weight_bytes / (t * bandwidth * share_f);
                return refuse(compute ? "compute" : "bandwidth", "ttft_ms", msg::ttft_above_target_alone,
                              {ms(ttft(1)), degree, format_number(req.prompt_tokens), format_number(*req.ttft_ms)});
            }
            return refuse("bandwidth", "tpot_ms", msg::tpot_above_target_alone,
                          {ms(tpot(1)), degree, gb(parameters_read_per_step(m, 1) * weight_bytes), format_number(*req.tpot_ms)});
        }
        int low = 1, high = int(std::min(most, double(held_at_most())));  // meets(low); find the largest
        if (!meets(high)) {
            while (high - low > 1) {
                const int mid = low + (high - low) / 2;
                (meets(mid) ? low : high) = mid;
            }
            high = low;
        }
        return at_concurrency(p, high);
    }

    /// The most sequences a replica may run besides memory: the engine's batch cap when given.
    int held_at_most() const { return std::min(kMaxConcurrency, req.max_batch.value_or(kMaxConcurrency)); }

    ServingPoint at_concurrency(ServingPoint p, int b) const {
        p.concurrency = b;
        p.ttft_ms = ttft(b) * 1000;
        p.tpot_ms = tpot(b) * 1000;
        p.requests_per_second = p.replicas * b / cycle(b);
        p.prefill_share = b * prefill() / cycle(b);
        p.memory_bytes = memory(b);
        return p;
    }
};

}  // namespace serving_replica
}  // namespace planner
