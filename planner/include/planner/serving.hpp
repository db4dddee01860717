// LLM serving under latency targets: time to first token (TTFT), time per output token (TPOT), the
// concurrency that serves the most requests per instance while meeting both, and the fleet.
//
// One replica of the model runs on t accelerators of an instance (tensor parallelism, t divides the
// instance's count); an instance holds n / t replicas. Per replica, with B sequences in flight:
//
//   weights read per decode step   W(B) = shared + expert bytes · E · (1 − (1 − k/E)^B)   (MoE; dense: all)
//   decode step    step(B)  = max(W(B) + B · kv_token · (prompt + output/2),  over t · bandwidth · f;
//                                 2 · active · B over t · peak · mfu) + all-reduce(B tokens)
//   prefill        prefill  = max(2 · active · new over t · peak · mfu,  W(new) over t · bandwidth · f)
//                             + all-reduce(new tokens)
//                  new      = prompt − cached: the tokens not in the engine's prefix cache; priced,
//                             their attention to the whole prompt is counted (serving_cost.hpp)
//   continuous batching (engine "continuous": vLLM, TensorRT-LLM, SGLang, NxD Inference): while B
//   requests each decode `output` tokens, each of them is prefilled once, stalling the batch:
//                                cycle(B) = output · step(B) + B · prefill
//   TPOT = cycle(B) / output     requests/s = B / cycle(B)
//   TTFT = the mean wait for the iteration under way, then the request's own iteration: one decode
//   step and the prefills of those that arrived with it (engine_queue.hpp), the other B − 1
//   arriving at (B − 1) / cycle(B); alone (B = 1), prefill + step(1)
//   static batching (engine "static": a runtime that runs B requests whole, then the next B): the
//   same cycle and requests/s; decode is never interrupted, TPOT = step(B); a request waits on
//   average half a cycle for the running batch, then the whole batch's prefill:
//                                TTFT = cycle(B) / 2 + B · prefill + step(B)
//   memory     weights + B · kv_token · (prompt + output) ≤ t · memory · (1 − headroom)
//   kv_token   = the model's KV cache per token (transformer.hpp's kv_bytes_per_token); a sliding-
//                window layer's cache holds at most its window (kv_cache_bytes)
//   all-reduce(m) = layers · 2 · (latency + 2 (t − 1)/t · m · hidden · 2 bytes / link)   (t > 1)
//   link       = what one accelerator sends each way (collectives.hpp instance_link): half the
//                catalogue's both-ways interconnect figure, else PCIe 4.0's 25 GB/s, assumed
//   latency    = NCCL's tuning model on GPUs, 6.6 µs + 2(t − 1) steps of 0.6 µs (NVLink) or 1.0 µs
//                (PCIe); 10 µs, assumed, elsewhere (collectives.hpp all_reduce_latency_seconds)
//   predicted: where the chip has a measured operator table (its own or a sibling's) and the request
//   gives neither a bandwidth share nor an MFU, prefill and step(B) less their all-reduces are
//   priced from the table instead (serving_cost.hpp), and the result says "predicted"
//
// TPOT and TTFT grow with B and throughput does too, so the answer is the largest B that meets both
// targets and fits; the planner says which target cannot be met at any concurrency and why
// (bandwidth, compute, memory). With no tensor_parallel given it tries every t and keeps the one
// with the lowest cost per million output tokens. Then the fleet as in inference.hpp, and cost,
// energy and CO2e per million input and per million output tokens: the fleet's hour split between
// prefill and decode by their share of the cycle.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"
#include "planner/footprint.hpp"
#include "planner/inference.hpp"
#include "planner/load_power.hpp"
#include "planner/decode.hpp"
#include "planner/messages.hpp"
#include "planner/transformer.hpp"

namespace planner {

/// Assumed until published serving measurements calibrate them (the accuracy page): the share of
/// peak memory bandwidth a decode step achieves and the prefill's MFU.
struct ServingAssumption {
    double value, low, high;
    msg::Code note;  // its note, the three as percents ({0}–{2}), the chip {3} where published
};
extern const ServingAssumption kDecodeBandwidthFraction;
extern const ServingAssumption kPrefillMfu;
/// The batching behaviours `engine` may name: "continuous", "static".
const std::vector<std::string>& serving_engines();

struct ServingRequest {
    Transformer model;
    std::string instance;
    double prompt_tokens = 0;
    double cached_prompt_tokens = 0;          // of each prompt, in the engine's prefix cache: not prefilled
    double output_tokens = 0;
    std::optional<double> ttft_ms, tpot_ms;   // targets; absent: not constrained
    std::string weights = "bf16";             // bf16, fp16, fp8, int8, int4, fp4
    std::string kv_cache = "bf16";            // bf16, fp16, fp8
    std::string compute = "bf16";             // the dense peak prefill and decode run at
    std::optional<int> tensor_parallel;       // absent: the cheapest that meets the targets
    std::optional<int> concurrency;           // per replica, as given (a measurement's batch); absent: searched
    std::optional<int> max_batch;             // the engine's cap on a replica's sequences; absent: memory's
    std::optional<double> bandwidth_fraction; // absent: the chip's decode_bandwidth_fraction, else kDecodeBandwidthFraction
    std::optional<double> mfu;                // absent: kPrefillMfu
    double headroom = 0.1;                    // accelerator memory kept free
    std::string engine = "continuous";        // how the runtime batches: "continuous" or "static" (serving_engines())
    FleetDemand demand;
    FootprintInputs footprint;

    /// The tokens of each prompt a prefill computes: those not in the prefix cache.
    double prefilled_tokens() const { return prompt_tokens - cached_prompt_tokens; }

    ACCELGUIDE_OUT_OF_LINE_VALUE(ServingRequest)
};

/// One replica layout's answer: a concurrency and its latencies, or why none meets the targets.
struct ServingPoint {
    int tensor_parallel = 1;
    int replicas = 1;                 // per instance
    int concurrency = 0;              // per replica
    double ttft_ms = 0, tpot_ms = 0;
    double requests_per_second = 0;   // per instance
    double prefill_share = 0;         // of the cycle
    double memory_bytes = 0;          // per replica: weights + KV cache at the concurrency
    std::optional<std::string> limit; // "bandwidth", "compute", "memory": why no concurrency meets the targets
    // Why, when `limit` is set: the request field it is about (instance, concurrency, ttft_ms,
    // tpot_ms, tensor_parallel), the code and its parts.
    std::optional<FieldError> error;
};

/// One concurrency of the chosen layout, for the throughput–latency curve.
struct ServingSweepPoint {
    int concurrency = 0;                 // per replica
    double ttft_ms = 0, tpot_ms = 0;
    double output_tokens_per_second = 0; // per instance
};

struct ServingResult {
    std::string instance;
    std::string model;
    Transformer architecture;                // what was planned with (from a config.json: parameters counted)
    ServingPoint chosen;
    std::vector<ServingPoint> tensor_parallel_options;  // every t tried, smallest first
    std::vector<ServingSweepPoint> sweep;    // the chosen t at concurrency 1, 2, 4 … and the chosen one, while memory holds them
    double weights_bytes = 0;
    double kv_bytes_per_token = 0;
    std::optional<double> largest_context;   // tokens one sequence may hold at the chosen t
    std::optional<double> engine_ms_per_iteration;  // predicted: the engine's own time per iteration (serving_cost.hpp)
    std::optional<bool> ttft_ok, tpot_ok;    // each target, met or not (always met when searched)
    double output_tokens_per_second = 0;     // per instance
    double peak_rps = 0;
    int fleet = 0;
    double concurrency_per_instance = 0;     // sequences in flight on an instance: its replicas'
    double bandwidth_fraction = 0, mfu = 0;
    std::string bandwidth_fraction_source, mfu_source;  // "request", "assumed", or the chip figure's source id
    std::string engine;                      // the batching assumed (ServingRequest::engine)
    std::optional<double> cost_per_million_input, cost_per_million_output;
    std::optional<double> kwh_per_million_input, kwh_per_million_output;
    std::optional<double> co2e_kg_per_million_input, co2e_kg_per_million_output;
    // When an assumption sets the throughput: the span its low and high give.
    std::optional<Range> output_tokens_per_second_range, fleet_range, cost_per_million_output_range;
    std::optional<Range> ttft_ms_range, tpot_ms_range;  // at the chosen concurrency
    // One accelerator's draw while serving at the chosen concurrency, W: by activity from its
    // measured power rows where it has them (load_power.hpp: prefill in products, decode steps
    // reading weights, the engine's own time idle), else its TDP at 75–100% (kEstimatedPowerFactor).
    // Absent with neither.
    std::optional<double> accelerator_watts;
    std::optional<Range> accelerator_watts_range;
    ActivityMix fleet_mix;                   // the fleet's hour by activity: what its power follows
    Footprint footprint;                     // one hour of the whole fleet
    std::vector<Note> notes;

    ACCELGUIDE_OUT_OF_LINE_VALUE(ServingResult)
};

Checked<ServingRequest> read_serving_request(const Catalogue& catalogue, const nlohmann::json& request);
Checked<ServingResult> estimate_serving(const Catalogue& catalogue, const ServingRequest& request);
/// The family of data/model-error.json's serving bands a request's model belongs to: "dense", "moe".
const char* error_band_family(const ServingRequest& request);

void to_json(nlohmann::json& j, const ServingPoint& p);
void to_json(nlohmann::json& j, const ServingSweepPoint& p);
void to_json(nlohmann::json& j, const ServingResult& r);

}  // namespace planner
