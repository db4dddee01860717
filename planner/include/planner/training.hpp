// Training time.
//
//     C = k · P · D          k = 6 (forward 2PD + backward 4PD), 8 with full activation recompute
//     X = peak_dense(precision) · MFU      or X = achieved FLOP/s per accelerator, as measured
//     T = C / (n · X)        n = instances · accelerators per instance
//
// Narayanan et al. 2021, "Efficient Large-Scale Language Model Training on GPU Clusters Using
// Megatron-LM", §5.1. GPT-3 175B on 300B tokens, 1024 A100 at 140 TFLOP/s, full recompute:
// 8 · 175e9 · 300e9 / (1024 · 140e12) s = 33.9 days.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"
#include "planner/memory.hpp"

namespace planner {

struct TrainingRequest {
    double parameters = 0;          // P
    double tokens = 0;              // D
    Recompute recompute = Recompute::none;
    std::string precision = "bf16"; // which dense peak of the accelerator to use
    std::string instance;           // catalogue id
    int instance_count = 1;
    std::optional<double> mfu;              // fraction of the dense peak, (0, 1]
    std::optional<double> achieved_tflops;  // per accelerator, measured; replaces peak · MFU
};

struct TrainingResult {
    double flops_per_parameter_token = 0;  // k: 6 or 8
    double total_flops = 0;                // C
    int accelerators = 0;                  // n
    std::optional<double> peak_tflops;     // per accelerator, dense, at the request's precision
    double achieved_tflops = 0;            // X, per accelerator
    std::optional<double> mfu;             // X / peak, when the peak is known
    double seconds = 0;
    double days = 0;
    double accelerator_hours = 0;
    double instance_hours = 0;
    std::optional<double> cost_usd;        // instance_hours · on-demand price, when priced
    std::optional<double> price_usd_per_hour;
    std::string price_as_of;
};

/// Reads a training request (the request object, "kind" already checked) into a value.
Checked<TrainingRequest> read_training_request(const nlohmann::json& request);

/// Estimates training time against the catalogue. Errors name request fields.
Checked<TrainingResult> estimate_training(const Catalogue& catalogue, const TrainingRequest& request);

void to_json(nlohmann::json& j, const TrainingResult& r);

}  // namespace planner
