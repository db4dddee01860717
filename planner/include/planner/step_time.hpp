// Step time of one training layout: compute, the pipeline bubble and each collective, priced on
// the link it runs over. One global step of B sequences of s tokens on n = t·p·d accelerators:
//
//     m = ⌈B / (b·d)⌉           micro-batches per data-parallel replica (b: micro-batch)
//     compute = F · m·b·s / (t·p·c · X)    X: executed FLOP/s per accelerator while computing
//               (an end-to-end HFU times the peak); or, given the multiplies' own rate X_m (the
//               matrix utilisation times the peak), F · m·b·s / (t·p·c · X_m) + memory + optimizer
//     memory  = 5 · A_l · (L/p) · m / B_mem   the memory-bound operations (norms, activation
//               functions, dropout, residual adds, casts): A_l the activation bytes a layer passes
//               between its operations (Korthikanti et al. 2022, Table 2, the no-recompute row,
//               sequence-parallel or not), each written and read forward, read
//               again and its gradient written and read backward; 7 passes with full recompute.
//               B_mem the accelerator's memory bandwidth. Their share of the step falls as the
//               hidden size grows (A_l ∝ h, the multiplies ∝ h²): why a utilisation measured on a
//               small model understates a large one's, and carries between models only as X_m
//     optimizer = P_u · U / B_mem   the update, once per step whatever the micro-batches: P_u the
//               parameters this accelerator updates (P/(t·p), routed experts also /e; ZeRO ≥ 1
//               divides by the replicas that share them; LoRA only the adapters), U the bytes the
//               update reads and writes for each (`optimizer_update_bytes`). Memory-bound, so
//               counted on its own beside X_m; inside an end-to-end X it is a share of compute.
//               It matters when a step is short: a few sequences on one instance
//     F = k · P_a + 2 · L · s · n_q·d_head · (3, 4 with full recompute; twice without FlashAttention)
//               FLOPs per token: P_a the active parameters (a mixture of experts runs k of its E
//               experts per token); the
//               second term attention's Q·Kᵀ and scores·V under the causal mask, half the s × s
//               (FlashAttention skips the masked blocks). PaLM (Chowdhery et al. 2022, app. B) and
//               Megatron-LM (Narayanan et al. 2021, §5.1) count the whole s × s, twice this
//     stages  = (compute − optimizer) · (F_slowest / (F / p) − 1)   the pipeline runs at its slowest stage's
//               pace. Megatron-LM gives each stage L/p layers and the last one the output layer
//               too, F_o = k · V · h per token: F_slowest = (F − F_o)/p + F_o. Counting the
//               embedding and the loss as a layer each when splitting (`pipeline_split:
//               "balanced"`: Megatron-LM's account_for_embedding_in_pipeline_split and
//               account_for_loss_in_pipeline_split, or a layout that evens the stages) leaves the
//               middle stages (L+2)/p layers and the last (L+2)/p − 1 with the output layer:
//               F_slowest = max of the two (the last alone when p = 2), a layer being (F − F_o)/L;
//               worse than even when the output layer is small against a layer and L/p is
//               small. No term without a vocabulary
//     bubble  = (compute − optimizer + stages) · (p − 1) / (v · m)      1F1B schedule, v virtual stages per
//               rank (Narayanan et al. 2021, §2.2: interleaving divides the bubble by v)
//     tensor  = a · (L/p) · m · 2(t−1)/t · b·(s/c)·h·2 B / link
//               a = 4 all-reduces per layer (2 forward, 2 backward; Megatron-LM), 6 with full recompute
//     pipeline = 2 · v · m · b·(s/c)·h·2 B / t / bandwidth   activations forward, gradients back
//     context = a' · (L/p) · m · (c−1)/c · b·s·2·w/t·2 B / bandwidth   ring attention passes each
//               chunk's keys and values (w = kv_heads · head_dim) round the c ranks: once forward,
//               keys, values and their gradients backward (a' = 3, 4 with full recompute)
//     expert  = a · (L/p) · m · (e−1)/e · b·(s/(t·c))·K·h·2 B / bandwidth   all-to-all dispatch and
//               combine of the tokens routed to K experts (a = 4, 6 with full recompute); on the
//               critical path
//     data    = (g−1)/g · P_rank · bytes / bandwidth, per group of replicas g: d·c for the dense
//               weights, d·c/e for the experts; bytes per parameter: 2·4 (ZeRO 0: fp32 gradient
//               all-reduce), 4 + 2 (ZeRO 1–2: fp32 reduce-scatter, bf16 all-gather of the updated
//               weights), 4 + 2 + 2 (ZeRO 3: the weights gathered again for forward and backward);
//               LoRA reduces only the adapters' gradients (a frozen base sharded by ZeRO-3 is still
//               gathered twice, at its own bytes)
//     exposed = max((1 − φ) · x, x − compute)   for the data and context traffic: φ overlaps compute
//               (default 0.5); layer by layer, φ = 1 − p/L: each layer's gather and gradient
//               reduction run under the next layer's compute and only one layer's share waits
//               (PyTorch FSDP's prefetch, Zhao et al. 2023 §3.3; Megatron-LM's --overlap-grad-reduce
//               and --overlap-param-gather)
//     tensor exposed = max((1 − φ_t) · tensor, tensor − compute)   φ_t = 0 unless given: Megatron-LM
//               waits for each all-reduce; its --tp-comm-overlap (NeMo's tp_comm_overlap) splits
//               the multiplies to hide them (φ_t near 1)
//     pipeline exposed = max((1 − φ_p) · pipeline, pipeline − compute)   φ_p = 0 unless given:
//               Megatron-LM overlaps the sends with the next chunk's compute when the schedule is
//               interleaved (overlap_p2p_comm), and batches them on the critical path when it is not
//     step = compute + stages + bubble + tensor exposed + pipeline exposed + expert + context exposed
//            + data exposed
//     efficiency = compute / step
//
// Ring collectives: each accelerator moves 2(n−1)/n of the buffer for an all-reduce, (n−1)/n for a
// reduce-scatter or all-gather (Patarasuk and Yuan 2009; NCCL's bus bandwidth). Tensor parallelism
// stays inside an instance (the accelerator interconnect, one direction); data parallelism and
// pipeline stages that cross instances share the instance's network, per accelerator. Expert and
// context groups stay inside an instance while t·e, t·c fit in one.
#pragma once

#include <optional>

#include "planner/collectives.hpp"
#include "planner/memory.hpp"
#include "planner/operator_cost.hpp"

namespace planner {

struct StepInputs {
    TrainedModel model;                       // P, experts, adapters; its architecture gives L, h, s
                                              // (without one, h is estimated from P: hidden_of)
    int sequence = 2048;                      // s, when there is no architecture
    Recompute recompute = Recompute::none;    // full recompute repeats the forward collectives
    double flops_per_parameter_token = 6;     // k: 8 with full recompute (LoRA: 4 and 6, no weight
                                              // gradients; its adapters take k + 2)
    Layout layout;                            // t, p, d, ZeRO, b
    int global_batch = 1;                     // B, sequences per step
    double flops_per_second = 0;              // X
    bool multiplies_only = false;             // X is the multiplies' rate: the memory-bound work is
                                              // added to compute (otherwise it is inside X)
    std::optional<OperatorBasis> operators;   // X priced for each layout from a measured table
                                              // (layer_multiply_rate), multiplies_only implied
    std::string precision = "bf16";           // of the priced products
    double attention_flops_per_second = 0;    // flash attention's own measured rate; 0: at X
    double memory_bytes_per_second = 0;       // per accelerator; 0: no memory term
    double update_bytes = 0;                  // U: read and written per updated parameter by the
                                              // optimizer step (optimizer_update_bytes); 0: not counted
    double link_bytes_per_second = 0;         // per accelerator, one direction, inside an instance
    double network_bytes_per_second = 0;      // per accelerator, one direction, between instances
    int accelerators_per_instance = 1;
    double overlap = 0.5;                     // φ
    bool overlap_by_layer = false;            // φ = 1 − p/L instead
    double tensor_overlap = 0;                // φ_t
    double pipeline_overlap = 0;              // φ_p
    double expert_overlap = 0;                // φ_e
    bool deduplicated_dispatch = false;       // the expert all-to-all sends a token once per instance
    const Fabric* fabric = nullptr;           // measured collectives between instances (owned by the
                                              // caller, shared by every layout tried); without, the
                                              // network's line rate per accelerator
    bool balanced_stages = false;             // the embedding and the loss each counted as a layer
                                              // when the layers are split into stages
};

/// Forward FLOPs per token of attention's two sequence-long products, Q·Kᵀ and the scores times V,
/// under the causal mask: 2 · L · s · heads · head_dim, half the s × s that PaLM and Megatron-LM count
/// (FlashAttention skips the masked blocks, so this is what runs).
double attention_flops_per_token(const Transformer& a);

/// FLOPs per token of a training step as executed: k per active parameter, k + 2 per adapter
/// parameter (trained in full) and attention's products three times (forward and the two
/// backward), four with full recompute, and twice that without FlashAttention (the unfused kernels
/// multiply the whole s × s and mask it afterwards). Without an architecture attention is not
/// counted.
double training_flops_per_token(const TrainedModel& model, double k, bool full_recompute);

/// The model's FLOPs per token, the basis of an MFU: k = 6 (LoRA: 4) per parameter, attention's
/// causal half three times, whatever the recompute or the kernels.
double model_flops_per_token(const TrainedModel& model, double k);

struct StepTime {
    int micro_batches = 1;      // m
    int global_batch = 1;       // m·b·d: B, or more when every replica needs a micro-batch
    double tokens = 0;          // per step
    double executed_flops = 0;  // per accelerator per step
    double compute = 0;         // seconds per step
    double multiply_rate = 0;   // X, FLOP/s, when priced from a measured table (with its span)
    double multiply_rate_low = 0, multiply_rate_high = 0;
    double memory = 0;          // the memory-bound share of compute: the traffic of the tensors
                                // between operations at the memory's bandwidth
    double optimizer = 0;       // the share of compute the optimizer's update takes, once per step
    double stages = 0;          // the wait for the slowest pipeline stage, beyond the mean
    double bubble = 0;
    double tensor = 0;
    double tensor_exposed = 0;
    double pipeline = 0;
    double pipeline_exposed = 0;
    double expert = 0;          // all-to-all of a mixture of experts, all of it
    double expert_exposed = 0;  // what overlap leaves on the step
    double context = 0;         // ring attention's keys and values, all of it
    double context_exposed = 0;
    double data = 0;            // the data-parallel collectives, all of it
    double data_exposed = 0;    // what overlap leaves on the step
    double overlap = 0;         // φ used
    double step = 0;
    double efficiency = 1;      // compute / step
    bool data_over_network = false;
    bool pipeline_over_network = false;
    bool expert_over_network = false;
    bool context_over_network = false;
};

/// The hidden size of a model of P parameters with the usual shape (h = 128 · layers, as GPT-3,
/// Llama 2 7B and Llama 3 8B): P ≈ 12·L·h² = 12·h³/128.
double hidden_of(double parameters);

/// Bytes one accelerator moves through its memory for one layer of one micro-batch outside the
/// multiplies: five passes over the activations the layer passes between its operations (the
/// no-recompute row, sequence-parallel or not; seven passes with full recompute; under selective
/// recompute, unfused attention's recomputed scores seven times). A mixture of experts' layer passes
/// its routed tokens (memory.hpp) the same way, but for their k copies when the dispatch is
/// `in_place`: DeepEP's and HybridEP's dispatch kernels write each token into its experts' buffers
/// as they receive it, and their combine sums the experts' outputs in the kernel, where NCCL's
/// all-to-all needs a permutation before it and an unpermutation after.
double memory_traffic_per_layer(const Transformer& arch, const Layout& layout, Recompute recompute,
                                bool unfused_attention, bool sequence_parallel, bool in_place = false);

/// Bytes the optimizer step reads and writes per parameter it updates, as Megatron-LM's
/// mixed-precision optimizer runs it over an fp32 gradient buffer (megatron/core/optimizer/
/// optimizer.py, `MixedPrecisionOptimizer.step`): the gradient norm reads the gradient (4); Adam
/// reads the gradient, the master weight and both moments and writes all but the gradient
/// (2 · `optimizer` bytes + 4; the weight itself, 2 · `weights`, when there is no master copy);
/// the master weight is copied into the 16-bit one (4 read + `weights` written); the gradient
/// buffer is zeroed for the next step (4). With loss scaling (fp16) the gradients are also
/// unscaled and checked for overflow first (4 read + 4 written). bf16: 42 bytes, fp16: 50, fp32: 36.
double optimizer_update_bytes(const ParameterBytes& bytes, bool loss_scaling);

StepTime step_time(const StepInputs& in);

}  // namespace planner
