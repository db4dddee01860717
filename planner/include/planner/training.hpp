// Training: time, cost, energy and memory of one pre-training or fine-tuning job.
//
//     C = F · D              F = k · P_a + attention's products (step_time.hpp: 2·L·s·heads·head_dim
//                            forward under the causal mask, three times, four with full recompute)
//                            k = 6 (forward 2PD + backward 4PD), 8 with full activation recompute
//                            (selective recompute re-runs only attention scores: still about 6PD);
//                            P_a the active parameters (all of a dense model's; a mixture of experts'
//                            per token); LoRA: k = 4 (6), plus 6 (8) per adapter parameter
//                            (fine_tuning.hpp)
//     X = peak_dense(precision) · HFU      executed FLOP/s per accelerator, or as measured; a
//                            default measured at 16 bits gains 1.13× at fp8, not the doubled peak
//     HFU = MFU · C / C_model  MFU counts the model's FLOPs (6 P_a D and attention: PaLM, MosaicML,
//                            most model cards); HFU the FLOPs executed, recompute included (Megatron-LM): equal
//                            without recompute
//     T = C / (n · X · e)    n accelerators over N instances; e = compute / step of the layout
//                            (step_time.hpp: pipeline bubble and each collective on its link)
//     energy = N · T · P_instance · PUE;  CO2e = energy · grid intensity;  cost = N · T · price
//
// Narayanan et al. 2021 (Megatron-LM), §5.1: GPT-3 175B on 300B tokens, 1024 A100 at 140 TFLOP/s,
// full recompute: 8 · 175e9 · 300e9 / (1024 · 140e12) s = 33.9 days. Chinchilla-optimal tokens
// D = 20 · P (Hoffmann et al. 2022). Memory: memory.hpp; the layout: layout_search.hpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"
#include "planner/fine_tuning.hpp"
#include "planner/footprint.hpp"
#include "planner/layout_search.hpp"
#include "planner/memory.hpp"
#include "planner/messages.hpp"

namespace planner {

struct TrainingRequest {
    Transformer model;                         // P (given, from the catalogue or config, or counted from the
                                               // shape), per token for a mixture of experts, and the shape
                                               // where known (activations, collectives, LoRA's adapters)
    std::optional<int> sequence;               // tokens per sequence (a typed architecture has its own)
    std::optional<FineTuning> fine_tuning;     // absent: pre-training (every parameter trained)
    bool flash_attention = true;               // false: attention scores are stored (memory.hpp)
    std::optional<bool> sequence_parallel;     // default: with selective recompute only (memory.hpp)
    std::optional<double> tokens;              // D; absent with chinchilla
    bool chinchilla = false;                   // D = 20 · P
    Recompute recompute = Recompute::none;     // the request's; else a catalogue model's published recipe's; else none
    std::optional<Fact> recipe_recompute;      // the catalogue model's recipe, when it set `recompute`
    std::string precision = "bf16";            // which dense peak of the accelerator to use (its list of
                                               // peaks is what it can train at)
    std::string instance;                      // catalogue id
    std::optional<int> instance_count;         // N, or
    std::optional<double> deadline_days;       // the fewest N that finish in time, or
    std::optional<double> budget_usd;          // the most N (the fastest plan) whose cost stays within it
    std::optional<double> mfu;                 // model FLOPs (6PD) per second over the dense peak, or
    std::optional<double> hfu;                 // executed FLOPs (k·P·D) per second over it; default: the chip's (an HFU)
    std::optional<double> achieved_tflops;     // executed FLOP/s per accelerator, measured at the job's scale
    std::optional<double> matrix_utilisation;  // or the multiplies' FLOP/s over the peak, the memory-bound
                                               // work priced at the memory's bandwidth (step_time.hpp):
                                               // what carries a measurement to another model or layout
    std::optional<double> scaling_efficiency;  // at N; default: the step model's compute / step
    std::optional<Layout> layout;              // default: the fastest that fits (layout_search.hpp)
    int micro_batch = 1;
    std::optional<int> global_batch;           // sequences per step; default: about 4M tokens
    std::optional<double> overlap;             // share of data-parallel and context traffic under compute;
                                               // default 0.5
    bool overlap_by_layer = false;             // "overlap": "layer": 1 − p/L (step_time.hpp)
    std::optional<double> tensor_overlap;      // share of tensor-parallel traffic under compute; default 0
    std::optional<double> pipeline_overlap;    // share of pipeline sends under compute; default 0
    std::optional<double> expert_overlap;      // share of the expert all-to-alls under compute; default 0
    bool deduplicated_dispatch = false;        // "expert_dispatch": "deduplicated": each token crosses the
                                               // network once per instance its experts are on (DeepEP,
                                               // UCCL-EP); "all_to_all" (default): once per expert (NCCL)
    bool balanced_stages = false;              // "pipeline_split": "balanced": the embedding and the
                                               // loss count as a layer each when the layers are split
                                               // into stages; "even" (default): L/p layers per stage,
                                               // the output layer on the last (step_time.hpp)
    double headroom = 0.2;                     // share of accelerator memory kept free: plans stay under
                                               // 80%, below which Fujii et al. 2024 saw no out-of-memory
                                               // in 454 runs (fragmentation, buffers, CUDA context)
    /// The share of time that checkpoints, interruptions and restarts add (0.1: 10% longer), on
    /// spot above all; none when absent (a spot plan says so).
    std::optional<double> checkpoint_overhead;
    FootprintInputs footprint;                 // region, price, power, PUE overrides

    ACCELGUIDE_OUT_OF_LINE_VALUE(TrainingRequest)
};

/// How far the figures may move when the plan rests on an assumption: a default MFU taken from
/// another set-up (the catalogue figure's `range`), or a step model's overlap of data-parallel
/// traffic with compute that the request leaves to the default (none to all of it: the step's
/// efficiency at φ = 0 and φ = 1). Days, cost, energy and CO2e scale with
/// 1 / (MFU · e), so each range is the point figure times the ratio of the assumptions. A measured
/// achieved_tflops, or an mfu with a scaling_efficiency or overlap given in the request, narrow days
/// and cost to nothing. Energy and CO2e also move with an estimated instance power (Footprint::power_factor),
/// which only power_watts in the request removes.
struct TrainingRanges {
    std::optional<Range> mfu, hfu;  // a default's span (an HFU), and the same on the MFU basis
    std::optional<Range> scaling_efficiency;
    std::optional<Range> days, accelerator_hours;  // when MFU or scaling efficiency is assumed
    std::optional<Range> tokens_per_second, step_seconds;  // the same span, as the throughput and the step
    std::optional<Range> cost_usd, energy_kwh, co2e_kg;
};

struct TrainingResult {
    std::string model;                     // the catalogue's id, "config" or "request"
    double parameters = 0;
    std::optional<double> active_parameters;   // a mixture of experts: per token
    std::optional<double> expert_parameters;   // of which in routed experts
    std::string fine_tuning;                   // "pretraining", "full", "lora", "qlora"
    std::optional<double> adapter_parameters;  // LoRA: what is trained
    ParameterBytes bytes_per_parameter;        // of a trained parameter: weights, gradients, optimizer
    std::optional<double> base_weight_bytes;   // LoRA: of a frozen one
    std::optional<double> precision_gain;      // fp8: the default's speed-up over bf16, when assumed
    double tokens = 0;
    double flops_per_parameter_token = 0;  // k, per active parameter (LoRA: 4, 6 with full recompute)
    double total_flops = 0;                // C, executed (recompute included)
    double model_flops = 0;                // the model's: 6 P_a D (LoRA: (4 P_a + 6 A) D), MFU's basis
    int instances = 0;                     // N
    int accelerators = 0;                  // n
    std::optional<double> peak_tflops;     // per accelerator, dense, at the request's precision
    double achieved_tflops = 0;            // X, executed FLOP/s per accelerator, before scaling losses
    std::optional<double> hfu;             // X / peak
    std::optional<double> mfu;             // X · model FLOPs / executed FLOPs / peak: the model's FLOPs
                                           // only (6 P_a per token; LoRA 4 P_a + 6 per adapter)
    std::string mfu_source;                // "request", "measured", the source id of a published default, or "assumed"
    std::optional<double> matrix_utilisation;  // the multiplies' FLOP/s over the peak: the request's, or
                                               // what the end-to-end figure leaves them after the step's
                                               // memory-bound share (none when it leaves them nothing)
    double scaling_efficiency = 1;
    std::string scaling_source;            // "request", "measured at scale", "step time"
    std::optional<StepTime> step;          // the layout's step: compute, bubble, collectives
    double overlap = 0;                    // φ the step used
    double tensor_overlap = 0;             // φ_t the step used
    double pipeline_overlap = 0;           // φ_p the step used
    double expert_overlap = 0;             // φ_e the step used
    bool deduplicated_dispatch = false;    // the request's expert_dispatch
    bool balanced_stages = false;          // the request's pipeline_split
    std::vector<LayoutOption> alternatives;  // the runners-up, fastest first, and what each lost on
    int layouts_considered = 0;            // layouts that fit
    double seconds = 0;                    // including checkpoint_overhead
    double tokens_per_second_per_accelerator = 0;  // D / (seconds · n): what training benchmarks report
    double days = 0;
    std::optional<double> checkpoint_overhead;  // the request's, when given
    double accelerator_hours = 0;
    double instance_hours = 0;
    std::optional<double> deadline_days;
    std::optional<double> budget_usd;
    Footprint footprint;                   // cost, energy, CO2e of the instance-hours
    MemoryBreakdown memory;                // per accelerator, for `layout`
    std::optional<Layout> layout;
    bool fits = false;
    std::optional<int> minimum_instances;  // when it does not fit
    std::vector<Note> notes;        // assumptions the numbers rest on
    std::optional<TrainingRanges> range;   // when an assumption moves the figures

    ACCELGUIDE_OUT_OF_LINE_VALUE(TrainingResult)
};

/// Reads a training request (the request object) into a value, reporting every bad field; model
/// ids are looked up in the catalogue.
Checked<TrainingRequest> read_training_request(const Catalogue& catalogue, const nlohmann::json& request);

/// The family of a training request's model in the planner's error bands (data/model-error.json):
/// "moe" for a mixture of experts, else "dense".
const char* error_band_family(const TrainingRequest& request);

/// Estimates the job against the catalogue. Errors name request fields.
Checked<TrainingResult> estimate_training(const Catalogue& catalogue, const TrainingRequest& request);

void to_json(nlohmann::json& j, const TrainingResult& r);

}  // namespace planner
