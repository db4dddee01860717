// Inference fleet: how many instances serve a request rate, and what that costs per million requests.
//
//     fleet = ⌈ rate · peak_factor / (per-instance throughput · target utilisation) ⌉ + redundancy
//     requests in flight = rate · latency                            (Little's law)
//
// Per-instance throughput comes from one of:
//   throughput_rps   measured by the user
//   benchmark        a published measurement in data/benchmarks.json
//   compute          compute-bound: accelerators · dense peak · MFU / FLOPs per request
//                    (FLOPs per request default to 2 · parameters · tokens)
//   llm              serve's replica (serving_batch.hpp) over the instance's n accelerators, B
//                    sequences a batch, run whole as serve's "static" engine runs them:
//                      latency  = B · prefill + output tokens · step(B);  throughput = B / latency
//                    prefill and step priced from the chip's operator table for a catalogue model
//                    (`model`), else at the shares given or assumed (serving.hpp's formulas)
// With compute and llm the fleet's power follows its load where the chip has measured power rows
// (load_power.hpp): running (compute: matrix products; llm: the replica's mix of prefill, decode
// and waits) for the share of the fleet's capacity the mean rate uses, idle for the rest. A
// measured or published throughput says nothing of the work's activity: the catalogue's estimate.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"
#include "planner/footprint.hpp"
#include "planner/load_power.hpp"
#include "planner/messages.hpp"

namespace planner {

struct LlmShape {
    std::string model;                 // a catalogue model id; empty: the four figures below
    double parameters = 0;
    int layers = 0;
    int kv_heads = 0;
    int head_dim = 0;
    double prompt_tokens = 0;
    double cached_prompt_tokens = 0;   // of each prompt, in the engine's prefix cache: not prefilled
    double output_tokens = 0;
    int batch = 1;
    double bytes_per_parameter = 2;    // bf16 weights
    double kv_bytes_per_element = 2;
    std::optional<double> bandwidth_fraction;  // the user's: achieved share of peak memory bandwidth, (0, 1]
    std::optional<double> mfu;                 // the user's: prefill, share of the dense peak, (0, 1]
    std::string precision = "bf16";
};

struct ComputeShape {
    std::optional<double> flops_per_request;
    std::optional<double> parameters;  // with tokens: 2 · P · tokens
    std::optional<double> tokens;
    double mfu = 0;
    std::string precision = "bf16";
};

class RequestReader;

/// The demand a fleet serves: read and sized the same way by `infer` and `serve`.
struct FleetDemand {
    double rate_per_second = 0;        // average
    double peak_factor = 1;            // peak / average, ≥ 1
    double target_utilisation = 0.7;   // planned share of each instance's throughput, (0, 1]
    int redundancy = 0;                // k spare instances (N + k)

    /// The largest fleet planned: beyond it a plan says the demand is out of reach instead of
    /// counting instances (an int would overflow near 2^31; no region holds ten million).
    static constexpr int kMaxFleet = 10'000'000;

    double peak_rps() const { return rate_per_second * peak_factor; }
    /// ⌈peak / (per-instance throughput · utilisation)⌉, at least one (one request a day is not a
    /// fleet of none), plus the spares; none when that is over kMaxFleet or not finite.
    std::optional<int> fleet(double per_instance_rps) const;
};

/// Reads `rate` ({value, per: second | hour | day}, required), `peak_factor`, `target_utilisation`
/// and `redundancy`.
FleetDemand read_fleet_demand(RequestReader& in);

struct InferenceRequest {
    std::string instance;
    FleetDemand demand;
    std::optional<double> throughput_rps;
    std::optional<std::string> benchmark;
    std::optional<ComputeShape> compute;
    std::optional<LlmShape> llm;
    std::optional<double> latency_target_ms;
    double headroom = 0.1;             // accelerator memory kept free (llm)
    FootprintInputs footprint;

    ACCELGUIDE_OUT_OF_LINE_VALUE(InferenceRequest)
};

/// The fleet at another rate, the throughput unchanged (InferenceResult::sweep).
struct InferencePoint {
    double rate_per_second = 0;
    int fleet = 0;
};

/// The rates a result's sweep plans, as multiples of the request's.
inline constexpr double kSweepRates[] = {0.25, 0.5, 1.0, 2.0, 4.0};

struct InferenceResult {
    std::string instance;
    double per_instance_rps = 0;
    std::string throughput_source;     // "request", a benchmark id, "compute estimate", "llm estimate"
    std::optional<double> latency_ms;
    std::optional<bool> latency_ok;
    double peak_rps = 0;
    int fleet = 0;                     // instances, redundancy included
    std::optional<double> requests_in_flight;  // at peak, over the fleet (Little's law)
    std::optional<double> kv_cache_bytes;  // llm: per instance, whole batch
    std::optional<double> memory_bytes;    // llm: weights + KV cache per instance
    std::optional<double> cost_per_hour;
    std::optional<double> cost_per_million;
    std::optional<double> kwh_per_million;
    std::optional<double> co2e_kg_per_million;
    // When the throughput is an estimate with a stated range (a benchmark's `range`): its span and the
    // fleet's; per million, the span the fleet's range and an estimated power (Footprint::power_factor) give.
    std::optional<Range> per_instance_rps_range, fleet_range;
    std::optional<Range> cost_per_million_range, kwh_per_million_range, co2e_kg_per_million_range;
    Footprint footprint;               // of one hour of the whole fleet
    std::vector<Note> notes;
    std::optional<ActivityMix> running_mix;  // llm, compute: an instance's time by activity while it runs
    // The fleet at each of kSweepRates times the rate (the calculator's chart, compare's sweep); a
    // rate whose fleet would pass FleetDemand::kMaxFleet is left out.
    std::vector<InferencePoint> sweep;

    ACCELGUIDE_OUT_OF_LINE_VALUE(InferenceResult)
};

Checked<InferenceRequest> read_inference_request(const nlohmann::json& request);

Checked<InferenceResult> estimate_inference(const Catalogue& catalogue, const InferenceRequest& request);

void to_json(nlohmann::json& j, const InferenceResult& r);
void to_json(nlohmann::json& j, const InferencePoint& p);

}  // namespace planner
