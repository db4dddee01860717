// What an instance draws at the work a plan runs (issue 37, item 7): its accelerators at the board
// power measured for each activity (data/operators/*.json, "power" rows), for the share of the time
// the plan spends in it, and the host at its estimate. Not the TDP at every second: a memory-bound
// decode draws well below the limit, an idle accelerator a fraction of it.
//
//     accelerator W = Σ share(activity) · W(activity)
//     instance W    = count · accelerator W + host W      host W = the catalogue's instance estimate
//                                                                  − count · the chip's TDP
//
// Activities and the measured state each is priced from (scripts/measure/opkit/power.py):
//     products   matrix products, prefill, compute-bound training     matmul_bf16_8192
//     decode     a decode step: weights read by a few tokens           matmul_m32_weight_read
//     streaming  memory-bound kernels: element-wise, optimizer         copy_2gib
//     idle       no work                                               idle
//     waiting    exposed collectives, pipeline bubbles: no state measures them; taken halfway between
//                idle and streaming, its range spanning both
// A state the chip's own table lacks comes from its same-die sibling's (the H100's note kept only
// idle: the H200's), a chip with no table of its own from the sibling it borrows operators from
// (B200, B300: the H200's); borrowed watts are scaled by the two chips' TDP and their range widened
// by kBorrowedWidening each way, never above the TDP. Ranges: the rows' p10 and p90; the host's, 75–100%
// of its estimate (kEstimatedPowerFactor).
#pragma once

#include <optional>
#include <string>

#include "planner/catalogue.hpp"
#include "planner/footprint.hpp"
#include "planner/messages.hpp"
#include "planner/step_time.hpp"

namespace planner {

/// Shares of an accelerator's time, summing to 1.
struct ActivityMix {
    double products = 0, decode = 0, streaming = 0, idle = 0, waiting = 0;
};

/// One accelerator's draw in one activity, W.
struct ActivityWatts {
    double watts = 0;
    Range range;
    std::string table;    // the file the row is from
    bool borrowed = false;  // from a sibling chip's table, scaled by TDP
    std::string measured;   // the chip the row was measured on
};

/// The draw of `chip` in each measured state; nothing when neither its table nor a sibling's has
/// all four states, or the chip (or the sibling) has no TDP in the catalogue.
struct ChipPower {
    ActivityWatts products, decode, streaming, idle;
};
std::optional<ChipPower> chip_power(const Catalogue& c, const Accelerator& chip);

/// A training step's mix: its matrix products, its memory-bound work (the tensors' traffic and the
/// optimizer's update) streaming, and what the step waits beyond its compute (exposed collectives,
/// the pipeline's bubble and slowest stage) waiting. Without a step: products throughout.
ActivityMix training_mix(const std::optional<StepTime>& step);

/// `running` for the share `busy` of the time (clamped to 0–1), idle for the rest: a fleet sized
/// above its mean load.
ActivityMix busy_for(const ActivityMix& running, double busy);

/// One accelerator's mean draw for a mix, with its range (waiting: halfway between idle and
/// streaming, spanning both).
ActivityWatts mean_draw(const ChipPower& p, const ActivityMix& mix);

/// An instance's mean draw for a plan's mix of activities.
struct LoadPower {
    double watts = 0;              // the instance
    Range range;
    double accelerator_watts = 0;  // one accelerator, on average
    double tdp = 0;                // one accelerator's TDP, for the note
    double host_watts = 0;
    bool borrowed = false;         // some busy state borrowed from a sibling
    std::string measured, table;   // where the busy states come from
};
/// Nothing when the chip has no measured power (chip_power) or the instance no power estimate to
/// take its host from: the catalogue's estimate stands.
std::optional<LoadPower> load_power(const Catalogue& c, const Instance& instance, const ActivityMix& mix);

/// The note a result carries when its power follows its load.
Note load_power_note(const LoadPower& p);

}  // namespace planner
