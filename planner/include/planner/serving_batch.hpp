// A whole batch on one replica, start to finish: what `infer`'s llm path sizes a fleet from. It is
// the replica `serve` plans (serving.hpp's formulas) at its static engine, over all of an instance's
// accelerators: B prefills, then the output's decode steps,
//
//     seconds = B · prefill + output · step(B)
//
// priced from the chip's measured operators (serving_cost.hpp) where the model's widths are known,
// its weights are in the precision the products run in, and neither share is given; else at the
// shares given, or assumed (the chip's published decode share or kDecodeBandwidthFraction, and
// kPrefillMfu), with the span their low and high ends give.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "planner/catalogue.hpp"
#include "planner/load_power.hpp"
#include "planner/messages.hpp"
#include "planner/transformer.hpp"

namespace planner {

struct BatchInputs {
    Transformer model;                               // priced only with its widths (hidden, heads)
    double prompt_tokens = 0, output_tokens = 0;
    int batch = 1;                                   // B
    double weight_bytes = 2, kv_bytes = 2;           // per weight, per KV-cache element
    std::string compute = "bf16";                    // the precision the products run in
    std::optional<double> bandwidth_fraction, mfu;   // the user's own: they override the prices
    double cached_prompt_tokens = 0;                 // of each prompt, in the prefix cache: not prefilled
};

struct BatchRun {
    double seconds = 0;          // the batch's prefills and decode steps
    Range seconds_range;         // at both ends of the assumptions or of the prices' span
    ActivityMix mix;             // a running replica's time by activity (load_power.hpp)
    bool predicted = false;      // priced from an operator table
    std::vector<Note> notes;  // what the figures rest on
};

/// Nothing when the chip has no dense peak at `compute` or no memory bandwidth: the caller refuses
/// those with its own fields first.
std::optional<BatchRun> run_batch(const Catalogue& c, const Instance& instance, const BatchInputs& in);

}  // namespace planner
