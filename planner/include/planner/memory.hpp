// Training memory per accelerator, and the smallest parallel layout that fits.
//
// Model states, mixed-precision AdamW (Rajbhandari et al. 2020, "ZeRO"): per parameter
//     2 B weights (bf16/fp16) + 2 B gradients + 12 B optimizer (fp32 master, momentum, variance)
// divided by the model-parallel size t·p, and over the data-parallel degree d by ZeRO:
//     stage 1 shards the optimizer, stage 2 also the gradients, stage 3 (FSDP) also the weights.
//
// Activations per transformer layer, 16-bit (Korthikanti et al. 2022, "Reducing Activation
// Recomputation in Large Transformer Models", Table 2), s sequence, b micro-batch, h hidden, a heads:
//     no recompute, t = 1:                  s·b·h·(34 + 5·a·s/h)
//     no recompute, tensor parallel t:      s·b·h·(10 + 24/t + 5·a·s/(h·t))
//     selective recompute + sequence par.:  34·s·b·h / t
//     full recompute:                       2·s·b·h   (only each layer's input is kept)
// With a 1F1B pipeline schedule the first stage holds p micro-batches of L/p layers, so the
// activations per accelerator are L times the per-layer figure, whatever p is.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace planner {

enum class Recompute { none, selective, full };

/// A decoder-only transformer's shape.
struct Architecture {
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int sequence = 0;
    int vocabulary = 0;
};

/// Parameters of a GPT-style model (Narayanan et al. 2021, eq. 2):
/// 12·l·h²·(1 + 13/(12h) + (V + s)/(12·l·h)).
double parameters_of(const Architecture& a);

struct Layout {
    int tensor = 1;    // t: within one instance's accelerator interconnect
    int pipeline = 1;  // p: stages, across instances
    int data = 1;      // d: replicas
    int zero = 0;      // ZeRO stage 0..3 over the data-parallel degree
    int micro_batch = 1;
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

/// Bytes per accelerator for `parameters` trained with `layout`.
MemoryBreakdown memory_per_accelerator(double parameters, const std::optional<Architecture>& arch,
                                       const Layout& layout, Recompute recompute, double capacity_bytes,
                                       double headroom);

/// The layout that needs the least memory on n accelerators: ZeRO-3 over the widest power-of-two
/// tensor degree that divides an instance, no pipeline (memory.cpp says why).
Layout leanest_layout(long accelerators, int per_instance, int micro_batch);

struct LayoutSearch {
    std::optional<Layout> layout;     // the smallest model-parallel layout that fits, if any
    MemoryBreakdown memory;           // for `layout`, or for the closest miss
    std::optional<int> minimum_instances;  // when nothing fits: the fewest instances where one does
};

/// Tries t ∈ powers of two up to `accelerators_per_instance`, p ∈ powers of two up to the layer
/// count, ZeRO 0..3, in order of model-parallel size t·p, then ZeRO stage, then pipeline depth;
/// returns the first layout whose memory fits with `headroom`.
LayoutSearch find_layout(double parameters, const std::optional<Architecture>& arch, Recompute recompute,
                         int instances, int accelerators_per_instance, double capacity_bytes, double headroom,
                         int micro_batch);

void to_json(nlohmann::json& j, const Layout& l);
void to_json(nlohmann::json& j, const MemoryBreakdown& m);

}  // namespace planner
