// What one replica's prefill and decode step cost on a chip with a measured operator table
// (operator_cost.hpp): issue 37's operator model under serving, in place of the assumed decode
// bandwidth share and prefill MFU. Pure functions over value structs.
//
// Per layer, on one of t tensor-parallel ranks, for M tokens (the prompt in a prefill, the batch's B
// new tokens in a decode step):
//   products   QKV (M × (q + 2·kv)/t × h), output (M × h × q/t), feed-forward (M × m·f/t × h and
//              M × h × f/t; m = 2 gated, else 1), each priced by shape (price_matmul); a mixture of
//              experts runs its routed experts on the tokens routed to each, E·(1 − (1 − k/E)^M) of
//              them touched (parameters_read_per_step's count), M·k of tokens among them
//   attention  prefill: causal flash attention forward, 2·(heads/t)·M²·head_dim FLOPs at the rate the
//              table's flash_forward rows reach by sequence; decode: the KV cache the B sequences
//              read (their context each) at the share of the bandwidth the table's decode rows reach
//              at full occupancy (engines split long contexts over blocks: flash-decoding)
//   element-wise  the norms, rotary, activation and residual adds (bytes per token below) at the
//              element-wise share of the bandwidth; never less than one launch per kernel
//   engine     each iteration, a prefill or a decode step, also takes the engine's fixed time
//              (kEngineStepSeconds)
// plus the output layer once per step: M × V/t × h over the tokens that need logits (one per
// sequence in a prefill, every new token in a decode). The all-reduces stay serving.hpp's.
// The widths come from the model's published ones, else from its parameter count (what the layers
// hold beyond attention and the embeddings is feed-forward): the weights a decode step reads are
// then the model's parameters, as in the assumed model.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "planner/catalogue.hpp"
#include "planner/operator_cost.hpp"
#include "planner/serving.hpp"

namespace planner {

/// The serving engine's own time per decode step beyond its kernels: scheduling the batch,
/// sampling, the host's turn between two graph replays. No operator table measures it; it was set
/// on the fit third of the GPU serving cases of data/accuracy.json (ids in data/README.md), where
/// 1.75 ms gave the lowest median error of 0, 1, 1.25, 1.5, 1.75, 2, 2.25 and 2.5 ms once the
/// all-reduces moved at the interconnect's one-way rate with NCCL's latencies (collectives.hpp
/// instance_link, all_reduce_latency_seconds; 2 ms with a flat 10 µs, 1.5 ms before TTFT counted the
/// queue: engine_queue.hpp). A prefill is an iteration of its own and takes it too. Results carry it
/// as engine_ms_per_iteration, and the pages quote it from there.
inline constexpr double kEngineStepSeconds = 1.75e-3;

/// What the serving model prices from a chip's table: built once per plan.
struct ServingBasis {
    OperatorBasis basis;
    std::string dtype;              // the products' rows: bf16 (fp16 too) or fp8
    MeasuredShapes shapes;          // of that precision
    double bandwidth = 0;           // achievable on the target, bytes/s
    double elementwise_share = 0;   // of the bandwidth, for the element-wise kernels
    double decode_share = 0;        // of the bandwidth, for decode attention at full occupancy
    double launch_seconds = 0;      // one kernel's least time (the table's graph launch)
    const OperatorTable* attention = nullptr;  // the flash_forward rows (the table's own or its sibling's)
    const Accelerator* attention_chip = nullptr;  // the chip they were measured on
};

/// The basis for serving `m` on `chip` with products in `dtype`; nothing when the chip has no table
/// (its own or a sibling's), the table lacks a section the prices need, or the precision is one the
/// tables do not measure (weight-only int8/int4, fp4): the assumed model applies.
std::optional<ServingBasis> serving_basis(const Catalogue& c, const Accelerator& chip, std::string_view dtype);

/// A layer's widths as the products see them.
struct ServingWidths {
    double q = 0, kv = 0;        // query and key (or value) widths: heads · head_dim, kv_heads · head_dim
    double ffn = 0;              // dense feed-forward width per layer (0: none)
    double expert_ffn = 0;       // one routed expert's width (0: dense model)
    double matrices = 3;         // per feed-forward: 3 gated, 2 plain
    double vocabulary = 0;       // 0: no output layer priced
};
ServingWidths serving_widths(const Transformer& m);

/// Element-wise bytes per token and layer of a forward pass on one of t ranks: two norms (read and
/// write h each) and two residual adds (read two, write one) on the whole hidden state; rotary on
/// the rank's queries and keys (read and write) and the activation on its split of the feed-forward
/// (read two widths, write one; the k routed experts' for a mixture), 2 bytes an element.
double elementwise_bytes_per_token(const Transformer& m, const ServingWidths& w, int t);

/// A priced pass through every layer, by part (seconds on one rank; the products carry the span).
struct ServingParts {
    OperatorPrice products;   // the layers' and the output layer's matrix products
    double attention = 0;     // flash attention (prefill) or the KV cache's reads (decode)
    double elementwise = 0;
    double engine = 0;        // the engine's own time per decode step (kEngineStepSeconds)
    OperatorPrice total() const;
};

/// One prefill of `prompt` tokens on one of t ranks (no all-reduce), the first `cached` of them
/// found in the engine's prefix cache: the products and element-wise work of the others, and their
/// attention to the whole prompt.
std::optional<ServingParts> prefill_parts(const ServingBasis& b, const Transformer& m, int t, double prompt, double cached = 0);
std::optional<OperatorPrice> prefill_price(const ServingBasis& b, const Transformer& m, int t, double prompt, double cached = 0);

/// One decode step of `batch` sequences each holding `context` tokens, on one of t ranks, with
/// `kv_bytes` per cached element (no all-reduce).
std::optional<ServingParts> decode_parts(const ServingBasis& b, const Transformer& m, int t, double batch,
                                         double context, double kv_bytes);
std::optional<OperatorPrice> decode_price(const ServingBasis& b, const Transformer& m, int t, double batch,
                                          double context, double kv_bytes);

}  // namespace planner
