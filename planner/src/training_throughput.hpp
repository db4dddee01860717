// What one accelerator achieves on a training job (training.cpp's first stage): a measured or
// published utilisation, an assumed one with its range, or the operator tables' prediction; and the
// ranges a result carries from them. Private to the planner's training files.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"
#include "planner/messages.hpp"
#include "planner/operator_cost.hpp"
#include "planner/training.hpp"

namespace planner {
namespace training_throughput {

struct Throughput {
    double achieved_tflops = 0;  // executed FLOP/s per accelerator, before scaling losses
    std::optional<double> peak;
    std::optional<double> hfu;   // achieved / peak
    std::string mfu_source;
    std::optional<Range> hfu_range;  // a default's plausible span
    std::optional<double> gain;      // fp8: the assumed speed-up of the default over bf16
    std::vector<Note> notes;  // what an assumed utilisation rests on, and its basis
    std::optional<OperatorBasis> priced;  // the multiplies priced per layout from a measured table
};

/// A share as a person writes it: 0.4567 → "45.7%".
std::string percent(double fraction);

/// The throughput per accelerator: the request's own figure, the catalogue's, or the operator
/// tables' (basis); nothing, with the reason in `errors`, when none applies.
/// executed: FLOPs executed per model FLOP (8/6 under full recompute; 1 without).
std::optional<Throughput> throughput_of(const Accelerator& chip, const Instance& inst, const TrainingRequest& req,
                                        double executed, const std::optional<OperatorBasis>& basis,
                                        std::vector<FieldError>& errors);

/// The spans of days, hours, cost, energy and CO2e a result carries from an assumed utilisation,
/// an assumed scaling efficiency and an estimated power, and, for a predicted plan, the planner's
/// own error on published runs of its family (`band`: the published throughput anywhere from
/// 1/high to 1/low of the planned); nothing when none applies.
std::optional<TrainingRanges> ranges_of(const TrainingResult& r, const std::optional<Range>& hfu,
                                        const std::optional<Range>& scaling, const ErrorBand* band = nullptr);

}  // namespace training_throughput
}  // namespace planner
