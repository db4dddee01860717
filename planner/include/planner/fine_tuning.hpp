// Fine-tuning: the whole model, or LoRA adapters on a frozen base (Hu et al. 2021), the base
// quantised to 4-bit NormalFloat for QLoRA (Dettmers et al. 2023).
//
// A LoRA adapter of rank r on a d_in × d_out matrix adds r · (d_in + d_out) parameters. Per layer,
// with h hidden, a heads of width w, g key/value heads and feed-forward width f:
//     q: h → a·w    k, v: h → g·w    o: a·w → h    gate, up: h → f    down: f → h
// (gate only in a gated feed-forward; in a mixture of experts the feed-forward modules are each
// expert's, f its width). The default targets every linear layer of the blocks, as QLoRA found
// necessary to match full fine-tuning.
//
// Time: the frozen weights need no weight gradients, so a token costs 2P forward and 2P backward
// (4P, 6P with full recompute) plus 6 (8) FLOPs per adapter parameter. QLoRA dequantises each
// weight before its multiply: that cost is not modelled (plans say so).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "planner/memory.hpp"

namespace planner {

struct FineTuning {
    enum class Method { full, lora, qlora };
    Method method = Method::full;
    int rank = 16;
    std::vector<std::string> modules = {"q", "k", "v", "o", "gate", "up", "down"};
};

/// The modules a request may target.
const std::vector<std::string>& lora_modules();

/// Bytes per frozen base parameter under QLoRA: NF4 (4 bits) plus double-quantised constants
/// (0.127 bits per parameter; Dettmers et al. 2023, §3).
inline constexpr double kNf4BytesPerParameter = 4.127 / 8;

/// The adapters' parameters for `rank` on `modules` in every layer of `arch` (every expert's, for a
/// mixture of experts).
double adapter_parameters(const Transformer& arch, int rank, const std::vector<std::string>& modules);

const char* method_name(FineTuning::Method m);

}  // namespace planner
