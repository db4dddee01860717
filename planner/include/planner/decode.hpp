// The decode model every LLM plan shares (`serve`, and `infer`'s llm path): one replica of a model
// over the t accelerators of its tensor-parallel group, at assumed speeds (serving.hpp's header
// gives the formulas; where an operator table prices a plan, serving_cost.hpp replaces the first two).
#pragma once

#include "planner/transformer.hpp"

namespace planner {

/// One replica's assumed speeds, where no operator table prices it: t · peak · MFU and
/// t · bandwidth · the achieved share, over the t accelerators of its tensor-parallel group.
struct Roofline {
    double flops_per_second = 0;
    double bytes_per_second = 0;
};

/// The decode model of the header, shared by `serve` and `infer`'s llm path: a prefill of `prompt`
/// tokens, its products or its weights read, whichever takes longer (no all-reduce).
double prefill_seconds(const Transformer& m, double prompt, double weight_bytes, const Roofline& r);
/// One decode step of `batch` sequences, each reading `cache_bytes` of KV cache (kv_cache_bytes at
/// the mean context): the weights they read and their caches, or their products, whichever takes
/// longer (no all-reduce).
double decode_step_seconds(const Transformer& m, double batch, double cache_bytes, double weight_bytes, const Roofline& r);
/// A tensor-parallel group's all-reduces over `tokens` (two a layer): `latency` each
/// (all_reduce_latency_seconds, collectives.hpp), and the hidden states' ring transfer over links of
/// `link` bytes/s each way (0: the latency only). None for t = 1.
double all_reduce_seconds(const Transformer& m, int t, double link, double latency, double tokens);
/// A sequence's mean context while it decodes: its prompt and half its output.
inline double mean_decode_context(double prompt, double output) { return prompt + output / 2; }

}  // namespace planner
