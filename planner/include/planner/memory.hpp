// Training memory per accelerator, and the smallest parallel layout that fits.
//
// Model states, mixed-precision AdamW (Rajbhandari et al. 2020, "ZeRO"): per parameter
//     2 B weights (bf16/fp16) + 2 B gradients + 12 B optimizer (fp32 master, momentum, variance)
// (FP8 and FP4 training keep the same states: only the matrix multiplies run at low precision;
// fp32 training holds 4 B weights, 4 B gradients and 8 B moments) divided by the model-parallel
// size t·p, and over the weights' data-parallel group d·c by ZeRO: stage 1 shards the optimizer,
// stage 2 also the gradients, stage 3 (FSDP) also the weights.
//
// Mixture of experts: the routed experts' parameters are split over the expert-parallel degree e
// as well (each rank holds E/e experts), and sharded by ZeRO over the d·c/e replicas of each.
// LoRA (Hu et al. 2021): the base is frozen (weights only, 2 B each; QLoRA's NF4 with double
// quantisation 4.127 bits = 0.516 B, Dettmers et al. 2023), the adapters carry the full 16 B.
//
// Activations per transformer layer, 16-bit (Korthikanti et al. 2022, "Reducing Activation
// Recomputation in Large Transformer Models", Table 2), s sequence, b micro-batch, h hidden, a heads:
//     no recompute, t = 1:                  s·b·h·(34 + 5·a·s/h)
//     no recompute, tensor parallel t:      s·b·h·(10 + 24/t + 5·a·s/(h·t))
//     the same with FlashAttention:         s·b·h·(10 + 24/t)   (Dao et al. 2022: the a·s² scores,
//                                           softmax and dropout mask are recomputed in the kernel,
//                                           never stored; the default, as in Megatron-Core, NeMo,
//                                           NeuronX and PyTorch's scaled_dot_product_attention)
//     selective recompute:                  s·b·h·(10 + 24/t)
//     selective recompute + sequence par.:  34·s·b·h / t
//     full recompute:                       2·s·b·h   (only each layer's input is kept)
// Sequence parallelism (Korthikanti et al. §4.2.2) splits the norms' and dropouts' tensors over the
// t ranks as well: the 10 + 24/t becomes 34/t, and full recompute's kept input 2·s·b·h/t. Megatron-LM,
// NeMo and Megatron-Bridge turn it on whenever t > 1; the planner's default is on only with selective
// recompute (the paper's pairing), and `sequence_parallel` in the request says otherwise.
// A mixture-of-experts layer replaces the dense feed-forward's 19·s·b·h of those 34 (its input 2, its
// two 4h-wide intermediates 8 + 8 split over t, the dropout mask 1) with what its routed tokens keep,
// per token, 16-bit: the input 2h (shared with the router), the router's fp32 probabilities 4E, each
// of the k routed copies (the experts' input 2h, gathered by the dispatch, and their output 2h, kept
// for the weighted combine), the experts' intermediates 2·(g + 1)·f over t (g = 2 gated: gate and
// up, then the activation's output), and a shared expert's 2·(g + 1)·f_shared over t like a dense
// one's. Qwen3-30B-A3B (h 2,048, k 8 of E 128, f 768) holds 67.25·s·b·h per layer where the dense
// formula says 34. The leading dense layers (DeepSeek's first three) keep the dense 34.
// Context parallelism c splits each sequence over c ranks: s becomes s/c in each term, but a rank's
// attention scores still span all s keys (5·a·(s/c)·s per layer).
// With a 1F1B pipeline schedule the first stage holds p micro-batches of L/p layers, so the
// activations per accelerator are L times the per-layer figure, whatever p is; interleaved over v
// virtual stages, (1 + (p − 1)/(p·v)) times that (Korthikanti et al. 2022, §4.2.3: GPT-3 175B on
// TP 8 × PP 8, v = 3, holds 66.8 GiB without recompute, their Figure 1).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/transformer.hpp"

namespace planner {

enum class Recompute { none, selective, full };

/// Bytes each trainable parameter holds while training.
struct ParameterBytes {
    double weights = 2, gradients = 2, optimizer = 12;
};

/// LoRA adapters on a frozen base.
struct Adapters {
    double parameters = 0;         // trainable
    double base_weight_bytes = 2;  // per frozen parameter: bf16 2, QLoRA's NF4 0.516
};

/// What is trained: the model (its counts, its shape where known, at the sequence the step runs),
/// how its parameters split and what each holds.
struct TrainedModel {
    Transformer transformer;
    std::optional<Adapters> adapters;
    ParameterBytes bytes;          // per trainable parameter
    bool flash_attention = true;   // attention scores are not stored
    bool sequence_parallel = false;  // the norms' and dropouts' tensors split over the tensor ranks

    double parameters() const { return transformer.parameters; }
    double active() const { return transformer.active(); }
    /// The shape, or none where only the counts are known.
    const Transformer* architecture() const { return transformer.has_shape() ? &transformer : nullptr; }
    /// A mixture of experts' experts, or none for a dense model.
    const Experts* experts() const { return transformer.mixture_of_experts() ? &*transformer.experts : nullptr; }

    /// Sequence parallelism unless a request says otherwise: with selective recompute only, the
    /// pairing of Korthikanti et al.'s Table 2.
    static bool sequence_parallel_by_default(Recompute recompute) { return recompute == Recompute::selective; }

    /// A dense model of `parameters`, with `shape` where known (its experts and counts set aside).
    static TrainedModel dense(double parameters, std::optional<Transformer> shape = std::nullopt);
};

struct Layout {
    int tensor = 1;    // t: within one instance's accelerator interconnect
    int pipeline = 1;  // p: stages, across instances
    int data = 1;      // d: replicas
    int zero = 0;      // ZeRO stage 0..3 over the data-parallel degree
    int micro_batch = 1;
    int expert = 1;    // e: expert parallelism, ranks drawn from the data-parallel ones (e divides d)
    int context = 1;   // c: context parallelism, each sequence split over c ranks
    int interleave = 1;  // v: virtual pipeline stages per rank (interleaved 1F1B)

    long accelerators() const { return long(tensor) * pipeline * context * data; }
};

struct MemoryBreakdown {
    double weights = 0;      // bytes per accelerator
    double gradients = 0;
    double optimizer = 0;
    std::optional<double> activations;  // needs the architecture
    double total = 0;
    double capacity = 0;     // the accelerator's memory, bytes
    double usable = 0;       // capacity less headroom
    bool fits = false;
};

/// Bytes of one layer's attention scores, softmax and dropout mask on one accelerator for one
/// micro-batch when attention is not fused: 5·a·(s/c)·s·b / t (the a·s² term above).
double attention_score_bytes_per_layer(const Transformer& arch, const Layout& layout);

/// Activation bytes one accelerator holds for one transformer layer of one micro-batch (the
/// Korthikanti et al. formulas above, before the pipeline's micro-batches in flight).
/// `routed_copies` false leaves out a mixture of experts' k routed copies of each token (the step's
/// memory-bound traffic does when the dispatch writes them in place, below).
double activation_bytes_per_layer(const Transformer& arch, const Layout& layout, Recompute recompute,
                                  bool flash_attention, bool sequence_parallel, bool routed_copies = true);

/// Per s·b·h, what a mixture-of-experts layer holds beyond the dense formula's 34 (above; negative
/// when its experts keep less than a dense feed-forward would), averaged over the layers; 0 for a
/// dense model. `copies`: with the routed copies and the experts' outputs (4k).
double routed_activation_per_sbh(const Transformer& arch, double t, bool sequence_parallel, bool copies = true);

/// Bytes per accelerator for `model` trained with `layout`.
MemoryBreakdown memory_per_accelerator(const TrainedModel& model, const Layout& layout, Recompute recompute,
                                       double capacity_bytes, double headroom);
/// The same for a dense model trained in full (sequence-parallel with selective recompute).
MemoryBreakdown memory_per_accelerator(double parameters, const std::optional<Transformer>& arch,
                                       const Layout& layout, Recompute recompute, double capacity_bytes,
                                       double headroom);

/// Context parallelism splits a sequence into chunks of at least this many tokens: smaller chunks'
/// attention is too short to hide the ring's key/value traffic. NeMo's published runs split 8K
/// sequences in two (NeMo 24.07 performance summary, Llama 3 8B and 70B).
inline constexpr int kLeastContextChunk = 4096;

/// The widest power-of-two context degree the model's sequence allows (1 without a shape).
int most_context(const Transformer& model);

/// The layout that needs the least memory on n accelerators: ZeRO-3 over the widest power-of-two
/// tensor degree that divides an instance, the widest context degree up to max_context, no pipeline
/// (memory.cpp says why).
Layout leanest_layout(long accelerators, int per_instance, int micro_batch, int max_context = 1);

struct LayoutSearch {
    std::optional<Layout> layout;     // the smallest model-parallel layout that fits, if any
    MemoryBreakdown memory;           // for `layout`, or for the closest miss
    std::optional<int> minimum_instances;  // when nothing fits: the fewest instances where one does
};

/// Tries t ∈ powers of two up to `accelerators_per_instance`, p ∈ powers of two up to the layer
/// count, ZeRO 0..3, in order of model-parallel size t·p, then ZeRO stage, then pipeline depth;
/// returns the first layout whose memory fits with `headroom`.
LayoutSearch find_layout(const TrainedModel& model, Recompute recompute, int instances,
                         int accelerators_per_instance, double capacity_bytes, double headroom, int micro_batch);
LayoutSearch find_layout(double parameters, const std::optional<Transformer>& arch, Recompute recompute,
                         int instances, int accelerators_per_instance, double capacity_bytes, double headroom,
                         int micro_batch);

void to_json(nlohmann::json& j, const Layout& l);
void to_json(nlohmann::json& j, const MemoryBreakdown& m);

}  // namespace planner
