// The fastest parallel layout that fits, with the runners-up and what each lost on.
//
// Over n accelerators every power-of-two tensor degree t that divides an instance's accelerators,
// pipeline degree p (at most the model's layers), context degree c (chunks of at least
// kLeastContextChunk tokens) and, for a mixture of experts, expert degree e (dividing the experts
// and the data-parallel degree d = n / (t·p·c)) is a candidate; for each,
// the lowest ZeRO stage from 1 to 3 whose memory fits (stage 1 and 2 move the same bytes, stage 3
// gathers the weights twice more; plain data parallelism, stage 0, moves more than stage 1 and is
// never faster). Candidates are ranked by seconds per token of their step (step_time.hpp), then by
// memory per accelerator.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/memory.hpp"
#include "planner/step_time.hpp"

namespace planner {

struct LayoutOption {
    Layout layout;
    StepTime step;
    MemoryBreakdown memory;
    double slower = 0;       // step time per token over the fastest's, less one (0 for the fastest)
    std::string lost_on;     // the term that grew most against the fastest, one of
                             // lost_on_terms(); empty for the fastest
};

/// The names `lost_on` takes: "compute" (a larger step batch, or less sharded an update),
/// "stages", "bubble", "tensor", "pipeline", "data", "expert", "context".
const std::vector<std::string>& lost_on_terms();

struct MemoryLimits {
    double capacity = 0;     // bytes per accelerator
    double headroom = 0.1;
    Recompute recompute = Recompute::none;
};

struct TimedLayouts {
    std::vector<LayoutOption> ranked;  // fastest first; at most `keep`
    int candidates = 0;                // layouts that fit
};

/// `step` carries everything but the layout (its micro_batch is used); n = instances × per instance.
TimedLayouts fastest_layouts(const StepInputs& step, const MemoryLimits& memory, int instances, std::size_t keep);

void to_json(nlohmann::json& j, const LayoutOption& o);
void to_json(nlohmann::json& j, const StepTime& s);

}  // namespace planner
