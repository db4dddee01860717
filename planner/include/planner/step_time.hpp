// Step time of one training layout: compute, the pipeline bubble and each collective, priced on
// the link it runs over. One global step of B sequences of s tokens on n = t·p·d accelerators:
//
//     m = ⌈B / (b·d)⌉           micro-batches per data-parallel replica (b: micro-batch)
//     compute = k · P · m·b·s / (t·p · X)        X: executed FLOP/s per accelerator while computing
//     bubble  = compute · (p − 1) / m            1F1B schedule (Narayanan et al. 2021, §2.2.1)
//     tensor  = a · (L/p) · m · 2(t−1)/t · b·s·h·2 B / link
//               a = 4 all-reduces per layer (2 forward, 2 backward; Megatron-LM), 6 with full recompute
//     pipeline = 2 · m · b·s·h·2 B / t / bandwidth     activations forward, gradients back, per stage
//     data    = (d−1)/d · P/(t·p) · bytes / bandwidth  bytes per parameter: 2·4 (ZeRO 0: fp32 gradient
//               all-reduce), 4 + 2 (ZeRO 1–2: fp32 reduce-scatter, bf16 all-gather of the updated
//               weights), 4 + 2 + 2 (ZeRO 3: the weights gathered again for forward and backward)
//     data exposed = max((1 − φ) · data, data − compute)   φ: the share that overlaps compute
//     step = compute + bubble + tensor + pipeline + data exposed;  efficiency = compute / step
//
// Ring collectives: each accelerator moves 2(n−1)/n of the buffer for an all-reduce, (n−1)/n for a
// reduce-scatter or all-gather (Patarasuk and Yuan 2009; NCCL's bus bandwidth). Tensor parallelism
// stays inside an instance (the accelerator interconnect, one direction); data parallelism and
// pipeline stages that cross instances share the instance's network, per accelerator.
#pragma once

#include <optional>

#include "planner/memory.hpp"

namespace planner {

struct StepInputs {
    double parameters = 0;                    // P
    std::optional<Architecture> architecture; // L, h, s; without it, estimated from P (hidden_of)
    int sequence = 2048;                      // s, when there is no architecture
    double flops_per_parameter_token = 6;     // k: 8 with full recompute
    Layout layout;                            // t, p, d, ZeRO, b
    int global_batch = 1;                     // B, sequences per step
    double flops_per_second = 0;              // X
    double link_bytes_per_second = 0;         // per accelerator, one direction, inside an instance
    double network_bytes_per_second = 0;      // per accelerator, one direction, between instances
    int accelerators_per_instance = 1;
    double overlap = 0.5;                     // φ
};

struct StepTime {
    int micro_batches = 1;      // m
    int global_batch = 1;       // m·b·d: B, or more when every replica needs a micro-batch
    double tokens = 0;          // per step
    double compute = 0;         // seconds per step
    double bubble = 0;
    double tensor = 0;
    double pipeline = 0;
    double data = 0;            // the data-parallel collectives, all of it
    double data_exposed = 0;    // what overlap leaves on the step
    double step = 0;
    double efficiency = 1;      // compute / step
    bool data_over_network = false;
    bool pipeline_over_network = false;
};

/// The hidden size of a model of P parameters with the usual shape (h = 128 · layers, as GPT-3,
/// Llama 2 7B and Llama 3 8B): P ≈ 12·L·h² = 12·h³/128.
double hidden_of(double parameters);

StepTime step_time(const StepInputs& in);

}  // namespace planner
