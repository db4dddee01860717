#include "planner/serving.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "planner/engine_queue.hpp"
#include "planner/inference.hpp"
#include "planner/json_members.hpp"
#include "planner/load_power.hpp"
#include "planner/serving_cost.hpp"
#include "serving_formats.hpp"

namespace planner {

ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(ServingRequest)
ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(ServingResult)

using nlohmann::json;
using namespace serving_formats;

const ServingAssumption kDecodeBandwidthFraction{
    0.7, 0.5, 0.85,
    "decode bandwidth: assumed {}% of the peak memory bandwidth ({}–{}%); give bandwidth_fraction to use your own"};
// The catalogue's figure for a chip whose published decode times imply its share (its source is
// the result's bandwidth_fraction_source).
constexpr const char* kPublishedBandwidthNote =
    "decode bandwidth: {}% of the peak memory bandwidth ({}–{}%), as the published decode times of {} imply; "
    "give bandwidth_fraction to use your own";
const ServingAssumption kPrefillMfu{
    0.5, 0.3, 0.6, "prefill MFU: assumed {}% of the dense peak ({}–{}%); give mfu to use your own"};

const std::vector<std::string>& serving_engines() {
    static const std::vector<std::string> engines = {"continuous", "static"};
    return engines;
}

namespace {

// "fp32 31.2 TFLOPS": the peaks the catalogue holds for a chip ("—": none), to say which are missing.
std::string published_peaks(const Accelerator& chip) {
    std::string out;
    for (const auto& [name, f] : chip.peak_tflops)
        out += (out.empty() ? "" : ", ") + name + " " + format_number(f.value) + " " + f.unit;
    return out.empty() ? std::string("—") : out;
}

std::string percent(double fraction) { return format_number(std::round(fraction * 1000) / 10); }

std::string assumption_note(const ServingAssumption& a, const std::string& chip = "") {
    std::string note = a.note;
    for (double v : {a.value, a.low, a.high}) note.replace(note.find("{}"), 2, percent(v));
    if (const auto at = note.find("{}"); at != std::string::npos) note.replace(at, 2, chip);
    return note;
}

// Which end of a predicted price a replica runs at: the estimate, or the span's slow or fast end.
enum class End { estimate, slow, fast };

double at_end(const OperatorPrice& p, End end) { return end == End::slow ? p.high : end == End::fast ? p.low : p.seconds; }

// The per-replica model of serving.hpp for one tensor-parallel degree, at given assumptions, or
// priced from a measured operator table (serving_cost.hpp) when `ops` is set.
struct Replica {
    const Transformer& m;
    const ServingRequest& req;
    int t;
    double peak, bandwidth, link;  // per accelerator: FLOP/s, bytes/s, bytes/s (0: not published)
    double capacity;               // bytes, t accelerators less headroom
    double weight_bytes;
    double f, mfu;
    const ServingBasis* ops = nullptr;
    End end = End::estimate;
    double kv_element_bytes = 2;
    mutable std::optional<double> prefill_seconds;  // priced once
    mutable std::map<int, double> step_seconds;     // priced once per concurrency

    // Prefill and one decode step on one rank, without the all-reduces: priced, else assumed.
    double prefill_compute() const {
        if (ops) {
            if (!prefill_seconds)
                prefill_seconds = at_end(prefill_price(*ops, m, t, req.prompt_tokens).value_or(OperatorPrice{}), end);
            return *prefill_seconds;
        }
        return planner::prefill_seconds(m, req.prompt_tokens, weight_bytes, roofline());
    }
    double step_compute(int b) const {
        const double context = mean_decode_context(req.prompt_tokens, req.output_tokens);
        if (ops) {
            const auto [at, fresh] = step_seconds.try_emplace(b, 0.0);
            if (fresh) at->second = at_end(decode_price(*ops, m, t, b, context, kv_element_bytes).value_or(OperatorPrice{}), end);
            return at->second;
        }
        return decode_step_seconds(m, b, cache(context), weight_bytes, roofline());
    }
    Roofline roofline() const { return {t * peak * mfu, t * bandwidth * f}; }

    double all_reduce(double tokens) const { return all_reduce_seconds(m, t, link, tokens); }
    double prefill() const { return prefill_compute() + all_reduce(req.prompt_tokens); }
    double step(int b) const { return step_compute(b) + all_reduce(b); }
    bool whole_batches() const { return req.engine == "static"; }
    double cycle(int b) const { return req.output_tokens * step(b) + b * prefill(); }
    double tpot(int b) const { return whole_batches() ? step(b) : cycle(b) / req.output_tokens; }
    // Continuous: the queue the other B − 1 requests in flight make (engine_queue.hpp), their
    // arrivals at the rate the replica serves them.
    double ttft(int b) const {
        if (whole_batches()) return cycle(b) / 2 + b * prefill() + step(b);
        return mean_first_token_seconds({step(b), prefill(), (b - 1) / cycle(b)});
    }
    bool meets(int b) const {
        return (!req.tpot_ms || tpot(b) * 1000 <= *req.tpot_ms) && (!req.ttft_ms || ttft(b) * 1000 <= *req.ttft_ms);
    }
    // The shares of a running replica's time by activity (load_power.hpp): a prefill's work
    // compute-bound, a decode step's memory-bound, the engine's own time (priced plans) idle, the
    // all-reduces waiting.
    ActivityMix running_mix(int b) const {
        const double engine = ops ? kEngineStepSeconds : 0, c = cycle(b), out = req.output_tokens;
        return {b * std::max(0.0, prefill_compute() - engine) / c, out * std::max(0.0, step_compute(b) - engine) / c, 0,
                (b + out) * engine / c, (b * all_reduce(req.prompt_tokens) + out * all_reduce(b)) / c};
    }
    // One sequence's KV cache at `context` tokens.
    double cache(double context) const { return kv_cache_bytes(m, context, kv_element_bytes); }
    double memory(int b) const { return m.parameters * weight_bytes + b * cache(req.prompt_tokens + req.output_tokens); }
    // The most sequences whose KV cache fits beside the weights (below 1: not even one).
    double most_sequences() const {
        return std::floor((capacity - m.parameters * weight_bytes) / cache(req.prompt_tokens + req.output_tokens));
    }

    ServingPoint solve(int per_instance) const {
        ServingPoint p;
        p.tensor_parallel = t;
        p.replicas = per_instance / t;
        auto gb = [](double bytes) { return format_number(std::ceil(bytes / 1e8) / 10); };
        auto refuse = [&](const char* limit, const char* field, std::string message) {
            p.limit = limit;
            p.field = field;
            p.error = std::move(message);
            return p;
        };
        const double weights = m.parameters * weight_bytes;
        const std::string at = " at tensor parallelism " + std::to_string(t);
        if (weights > capacity)
            return refuse("memory", "instance", "the weights need " + gb(weights) + " GB, more than the " + gb(capacity) +
                                                    " GB usable" + at);
        const double most = most_sequences();
        if (most < 1)
            return refuse("memory", "instance", "the weights and one sequence's KV cache need " + gb(memory(1)) +
                                                    " GB, more than the " + gb(capacity) + " GB usable" + at);
        if (req.concurrency) {  // as given: measured against, not searched; the targets only reported
            if (*req.concurrency > most)
                return refuse("memory", "concurrency", "the weights and the KV cache of " + std::to_string(*req.concurrency) +
                                                           " sequences need " + gb(memory(*req.concurrency)) +
                                                           " GB, more than the " + gb(capacity) + " GB usable" + at);
            return at_concurrency(p, *req.concurrency);
        }
        if (!meets(1)) {
            auto ms = [](double seconds) { return format_number(std::round(seconds * 10000) / 10); };
            if (req.ttft_ms && ttft(1) * 1000 > *req.ttft_ms) {
                // Which roofline the prefill meets first (a priced one's shares are below both).
                const double share_f = ops ? 1 : f, share_mfu = ops ? 1 : mfu;
                const bool compute = 2 * m.active_parameters * req.prompt_tokens / (t * peak * share_mfu) >=
                                     parameters_read_per_step(m, req.prompt_tokens) * weight_bytes / (t * bandwidth * share_f);
                return refuse(compute ? "compute" : "bandwidth", "ttft_ms",
                              "the first token takes " + ms(ttft(1)) + " ms" + at + " even alone (the prefill of " +
                                  format_number(req.prompt_tokens) + " tokens), above the " + format_number(*req.ttft_ms) +
                                  " ms target");
            }
            return refuse("bandwidth", "tpot_ms",
                          "each output token takes " + ms(tpot(1)) + " ms" + at + " even for one sequence (reading " +
                              gb(parameters_read_per_step(m, 1) * weight_bytes) + " GB of weights per token), above the " +
                              format_number(*req.tpot_ms) +
                              " ms target");
        }
        int low = 1, high = int(std::min(most, double(kMaxConcurrency)));  // meets(low); find the largest
        if (!meets(high)) {
            while (high - low > 1) {
                const int mid = low + (high - low) / 2;
                (meets(mid) ? low : high) = mid;
            }
            high = low;
        }
        return at_concurrency(p, high);
    }

    ServingPoint at_concurrency(ServingPoint p, int b) const {
        p.concurrency = b;
        p.ttft_ms = ttft(b) * 1000;
        p.tpot_ms = tpot(b) * 1000;
        p.requests_per_second = p.replicas * b / cycle(b);
        p.prefill_share = b * prefill() / cycle(b);
        p.memory_bytes = memory(b);
        return p;
    }
};

// The operator prices a plan rests on: the chip's measured table (or its sibling's) when the request
// gives neither a bandwidth share nor an MFU, and its products run in the precision the weights are
// stored in (bf16, fp16, fp8; weight-only int8 and int4 and fp4 have no measured rows).
std::optional<ServingBasis> predicted_basis(const Catalogue& c, const Accelerator& chip, const ServingRequest& req,
                                            const Transformer& m, double kv_bytes) {
    const auto sixteen = [](const std::string& f) { return f == "bf16" || f == "fp16"; };
    if (req.bandwidth_fraction || req.mfu) return std::nullopt;
    if (!(req.weights == req.compute || (sixteen(req.weights) && sixteen(req.compute)))) return std::nullopt;
    std::optional<ServingBasis> basis = serving_basis(c, chip, req.compute);
    // Every shape the plan prices has a row of its precision to rest on when one does.
    if (basis && (!prefill_price(*basis, m, 1, req.prompt_tokens) || !decode_price(*basis, m, 1, 1, req.prompt_tokens, kv_bytes)))
        return std::nullopt;
    return basis;
}

std::string serving_operators_note(const OperatorBasis& basis, bool own_table) {
    std::string note = "serving: predicted from operator measurements, not an assumed bandwidth share or MFU: the prefill's "
                       "and each decode step's matrix products priced by shape from " + table_citation(*basis.table) +
                       ", flash attention at its measured rate, the KV cache at the bandwidth the measured decode kernels "
                       "reach, and the element-wise work at its measured share of the bandwidth";
    if (basis.borrowed() && own_table)
        note += "; " + basis.target->name + "'s own products were timed one launch at a time, the host's launch inside each, "
                "while engines replay decode steps as CUDA graphs: the " + basis.measured->name +
                "'s graph-timed efficiencies (the same die) are borrowed, " + borrowed_carried();
    else
        note += borrowed_clause(basis);
    return note + ". Give bandwidth_fraction or mfu to override it";
}

}  // namespace

Checked<ServingResult> estimate_serving(const Catalogue& catalogue, const ServingRequest& req) {
    Checked<ServingResult> out;
    ServingResult& r = out.value;
    // Every caller returns what it gives back at once, so the result moves out rather than copies.
    auto fail = [&](std::string field, std::string message) {
        out.errors.push_back({std::move(field), std::move(message)});
        return std::move(out);
    };
    const Instance* inst = catalogue.find_for(req.instance, kServe, out.errors);
    if (!inst) return out;
    const Accelerator& chip = catalogue.accelerator_of(*inst);
    if (chip.kind == "cpu") return fail("instance", "serving on CPUs is not modelled: give throughput_rps to the infer kind");
    if (!chip.memory_bandwidth) return fail("instance", chip.name + " has no published memory bandwidth");
    const Transformer& m = req.model;
    if (m.context && req.prompt_tokens + req.output_tokens > *m.context)
        return fail(req.prompt_tokens > *m.context ? "prompt_tokens" : "output_tokens",
                    "the prompt and output (" + format_number(req.prompt_tokens + req.output_tokens) + " tokens) exceed the "
                    "model's context of " + format_number(*m.context) + " tokens");
    r.instance = inst->id;
    r.model = m.id;
    r.architecture = m;
    r.engine = req.engine;

    // The catalogue holds a chip's published peaks: a missing one is that figure, whether the chip
    // lacks the units or its maker does not publish them (the A10G's 16-bit tensor peaks). Each
    // missing figure is reported once, at the first field that needs it: compute, weights, KV cache.
    std::set<std::string> missing;
    const auto peak = chip.peak_tflops.find(req.compute);
    if (peak == chip.peak_tflops.end()) {
        missing.insert(req.compute);
        out.errors.push_back({"compute", chip.name + " has no published dense " + req.compute + " peak in the catalogue (its published peaks: " +
                                             published_peaks(chip) + ")"});
    }
    auto supported = [&](const char* field, const std::string& name, const char* needs) {
        if (!chip.peak_tflops.count(needs) && missing.insert(needs).second)
            out.errors.push_back({field, "needs a published dense " + std::string(needs) + " peak for " + chip.name +
                                             " to plan " + name + " on, and the catalogue has none (its published peaks: " +
                                             published_peaks(chip) + ")"});
    };
    const Storage& weights = format(kWeightFormats, req.weights);
    const Storage& kv = format(kKvFormats, req.kv_cache);
    supported("weights", req.weights, weights.needs);
    supported("kv_cache", req.kv_cache, kv.needs);
    if (!out.ok()) return out;

    const int per_instance = int(inst->accelerator_count.value);
    std::vector<int> degrees;
    if (req.tensor_parallel) {
        if (per_instance % *req.tensor_parallel)
            return fail("tensor_parallel", "must divide the " + std::to_string(per_instance) + " accelerators of one " +
                                               inst->id + " (tensor parallelism stays inside an instance)");
        degrees.push_back(*req.tensor_parallel);
    } else {
        for (int t = 1; t <= per_instance; ++t)
            if (per_instance % t == 0) degrees.push_back(t);
    }
    // GPU serving engines (vLLM, TensorRT-LLM, SGLang) split the attention heads evenly over the
    // tensor-parallel ranks; Neuron pads the heads to a multiple of the degree (NxD Inference).
    const bool splits_heads = chip.kind == "gpu";

    // What a decode step achieves of the peak bandwidth, unless the request says: what the chip's
    // published decode times imply (the catalogue's figure and its range), else the assumption.
    ServingAssumption bandwidth = kDecodeBandwidthFraction;
    std::string bandwidth_source = "assumed";
    if (const std::optional<Figure>& f = chip.decode_bandwidth_fraction) {
        bandwidth = {f->value, f->range ? f->range->first : f->value, f->range ? f->range->second : f->value,
                     kPublishedBandwidthNote};
        bandwidth_source = f->source;
    }
    r.bandwidth_fraction = req.bandwidth_fraction.value_or(bandwidth.value);
    r.bandwidth_fraction_source = req.bandwidth_fraction ? "request" : bandwidth_source;
    r.mfu = req.mfu.value_or(kPrefillMfu.value);
    r.mfu_source = req.mfu ? "request" : "assumed";
    r.weights_bytes = m.parameters * weights.bytes;
    r.kv_bytes_per_token = kv_bytes_per_token(m, kv.bytes);
    // Predicted rather than assumed where the chip has a measured table and the request gives
    // neither share (its own figures override): the prices replace f and the MFU.
    const std::optional<ServingBasis> priced = predicted_basis(catalogue, chip, req, m, kv.bytes);
    if (priced) r.bandwidth_fraction_source = r.mfu_source = "predicted";
    const double link = inst->accelerator_interconnect ? inst->accelerator_interconnect->value * 1e9 : 0;
    auto replica = [&](int t, double f, double mfu, End end = End::estimate) {
        return Replica{m, req, t, peak->second.value * 1e12, chip.memory_bandwidth->value * 1e9, link,
                       t * chip.memory.value * 1e9 * (1 - req.headroom), weights.bytes, f, mfu,
                       priced ? &*priced : nullptr, end, kv.bytes, std::nullopt, {}};
    };
    // The chosen degree serves the most requests per instance (the same instance-hour price: the
    // cheapest per token), then the lower TPOT; when none can serve, the largest t (the most
    // bandwidth and memory) says why, unless only an uneven split of the heads stops it.
    auto better = [](const ServingPoint& a, const ServingPoint& b) {
        if (a.error.has_value() != b.error.has_value()) return !a.error;
        if (a.error) {  // the reason worth reading: a limit of the hardware before the heads' split
            const bool a_heads = *a.limit == "heads", b_heads = *b.limit == "heads";
            return a_heads != b_heads ? b_heads : a.tensor_parallel > b.tensor_parallel;
        }
        if (a.requests_per_second != b.requests_per_second) return a.requests_per_second > b.requests_per_second;
        return a.tpot_ms < b.tpot_ms;
    };
    for (int t : degrees) {
        if (splits_heads && m.heads % t) {
            ServingPoint p;
            p.tensor_parallel = t;
            p.replicas = per_instance / t;
            p.limit = "heads";
            p.field = "tensor_parallel";
            p.error = "the model's " + std::to_string(m.heads) + " attention heads do not split evenly over " + std::to_string(t) + " GPUs";
            r.tensor_parallel_options.push_back(std::move(p));
        } else {
            r.tensor_parallel_options.push_back(replica(t, r.bandwidth_fraction, r.mfu).solve(per_instance));
        }
        if (r.tensor_parallel_options.size() == 1 || better(r.tensor_parallel_options.back(), r.chosen))
            r.chosen = r.tensor_parallel_options.back();
    }
    if (r.chosen.error) return fail(r.chosen.field, *r.chosen.error);
    const Replica chosen = replica(r.chosen.tensor_parallel, r.bandwidth_fraction, r.mfu);
    // The throughput–latency curve of the chosen layout: powers of two and the chosen concurrency,
    // as far as memory holds them.
    const double held = std::min(chosen.most_sequences(), double(kMaxConcurrency));
    const int chosen_b = r.chosen.concurrency;
    std::vector<int> sweep;  // in order, each once; memory holds one sequence at least (solve), so b = 1 is in it
    for (int b = 1; b <= held; b *= 2) {
        if (chosen_b < b && sweep.back() < chosen_b) sweep.push_back(chosen_b);
        sweep.push_back(b);
    }
    if (sweep.back() < chosen_b) sweep.push_back(chosen_b);
    for (int b : sweep) {
        const ServingPoint p = chosen.at_concurrency(r.chosen, b);
        r.sweep.push_back({b, p.ttft_ms, p.tpot_ms, p.requests_per_second * req.output_tokens});
    }
    const std::optional<double> longest = longest_context(m, chosen.capacity - r.weights_bytes, kv.bytes);
    if (longest) r.largest_context = std::floor(*longest);
    if (m.context) r.largest_context = std::min(r.largest_context.value_or(*m.context), *m.context);
    r.output_tokens_per_second = r.chosen.requests_per_second * req.output_tokens;
    if (req.ttft_ms) r.ttft_ok = r.chosen.ttft_ms <= *req.ttft_ms;
    if (req.tpot_ms) r.tpot_ok = r.chosen.tpot_ms <= *req.tpot_ms;
    r.concurrency_per_instance = double(r.chosen.concurrency) * r.chosen.replicas;
    r.peak_rps = req.demand.peak_rps();
    const std::optional<int> fleet = req.demand.fleet(r.chosen.requests_per_second);
    if (!fleet) return fail("rate.value", FleetDemand::kTooLarge);
    r.fleet = *fleet;
    if (priced) {
        // The shares the prices imply at the chosen point, reported as an assumed model's would be.
        r.bandwidth_fraction = (parameters_read_per_step(m, chosen_b) * weights.bytes +
                                chosen_b * chosen.cache(mean_decode_context(req.prompt_tokens, req.output_tokens))) /
                               (chosen.t * chosen.bandwidth * chosen.step_compute(chosen_b));
        r.mfu = 2 * m.active_parameters * req.prompt_tokens / (chosen.t * chosen.peak * chosen.prefill_compute());
        r.notes.push_back(serving_operators_note(priced->basis, catalogue.operators_of(chip.id) != nullptr));
    } else {
        if (!req.bandwidth_fraction) r.notes.push_back(assumption_note(bandwidth, chip.name));
        if (r.mfu_source == "assumed") r.notes.push_back(assumption_note(kPrefillMfu));
    }
    if (!req.bandwidth_fraction || !req.mfu) {
        // The same layout at both ends of the assumptions (or of the prices' span): throughput, and
        // the fleet it takes.
        const double low_f = req.bandwidth_fraction.value_or(bandwidth.low);
        const double high_f = req.bandwidth_fraction.value_or(bandwidth.high);
        const int t = r.chosen.tensor_parallel;
        const Replica slow = replica(t, low_f, req.mfu.value_or(kPrefillMfu.low), End::slow);
        const Replica fast = replica(t, high_f, req.mfu.value_or(kPrefillMfu.high), End::fast);
        const ServingPoint low = slow.solve(per_instance);
        const ServingPoint high = fast.solve(per_instance);
        // The chosen concurrency's latencies at both ends.
        const ServingPoint slow_at = slow.at_concurrency(r.chosen, chosen_b), fast_at = fast.at_concurrency(r.chosen, chosen_b);
        r.ttft_ms_range = Range{fast_at.ttft_ms, slow_at.ttft_ms};
        r.tpot_ms_range = Range{fast_at.tpot_ms, slow_at.tpot_ms};
        if (!low.error && !high.error) {
            r.output_tokens_per_second_range = Range{low.requests_per_second * req.output_tokens, high.requests_per_second * req.output_tokens};
            const std::optional<int> most = req.demand.fleet(low.requests_per_second);
            const std::optional<int> fewest = req.demand.fleet(high.requests_per_second);
            if (!most) r.notes.push_back("range: at the low end of the assumptions the demand needs more than ten million instances");
            else if (*most != *fewest) r.fleet_range = Range{double(*fewest), double(*most)};
        } else {
            r.notes.push_back("range: at the low end of the assumptions the targets are not met at this tensor parallelism");
        }
    }
    if (m.mixture_of_experts())
        r.notes.push_back("experts: memory holds every expert; a decode step reads the experts its tokens route to, assuming "
                          "uniform routing (skewed routing reads fewer at small batches and makes hot experts slower)");
    if (r.chosen.tensor_parallel > 1 && link == 0)
        r.notes.push_back("tensor parallelism: the catalogue has no interconnect figure for " + inst->id +
                          ", so only the all-reduce latency is counted");
    if (!priced)
        r.notes.push_back("attention: the FLOPs and KV reads of attention itself beyond the cache size are not counted; long prompts take longer");
    if (req.engine == "static")
        r.notes.push_back("engine: static batching: a request waits on average half a batch's cycle for the running batch to finish, "
                          "then for the whole batch's prefill; decode steps are not interrupted");
    else
        r.notes.push_back("engine: continuous batching (vLLM, TensorRT-LLM, SGLang, NxD Inference): each new request's prefill joins "
                          "the running batch and stalls its decode; TTFT counts the queue: a new request waits for the iteration "
                          "under way, then is prefilled beside those that arrived during it, the others arriving at random "
                          "at the rate served; set engine to static for a runtime that runs whole batches");

    // The power the work draws: while running, by activity (measured where the chip has power rows,
    // else the TDP); over the fleet's hour, running for the share of its capacity the mean rate uses.
    const ActivityMix running = chosen.running_mix(chosen_b);
    if (const std::optional<ChipPower> power = chip_power(catalogue, chip)) {
        const ActivityWatts draw = mean_draw(*power, running);
        r.accelerator_watts = draw.watts;
        r.accelerator_watts_range = draw.range;
    } else if (chip.power) {
        r.accelerator_watts = chip.power->value;
        r.accelerator_watts_range = Range{chip.power->value * kEstimatedPowerFactor.low, chip.power->value * kEstimatedPowerFactor.high};
    }
    const double busy = req.demand.rate_per_second / (r.fleet * r.chosen.requests_per_second);
    r.fleet_mix = busy_for(running, busy);
    const std::optional<LoadPower> load = load_power(catalogue, *inst, r.fleet_mix);
    auto fp = footprint(catalogue, *inst, r.fleet, req.footprint, "", load ? &*load : nullptr);  // one hour of the whole fleet
    if (!fp.ok()) {
        out.errors = fp.errors;
        return out;
    }
    r.footprint = std::move(fp.value);
    r.notes.insert(r.notes.end(), r.footprint.notes.begin(), r.footprint.notes.end());
    const double input_millions = req.demand.rate_per_second * 3600 * req.prompt_tokens / 1e6;
    const double output_millions = req.demand.rate_per_second * 3600 * req.output_tokens / 1e6;
    const double decode_share = 1 - r.chosen.prefill_share;
    if (r.footprint.cost_usd) {
        r.cost_per_million_input = *r.footprint.cost_usd * r.chosen.prefill_share / input_millions;
        r.cost_per_million_output = *r.footprint.cost_usd * decode_share / output_millions;
        if (r.fleet_range)
            r.cost_per_million_output_range = Range{*r.cost_per_million_output * r.fleet_range->low / r.fleet,
                                                    *r.cost_per_million_output * r.fleet_range->high / r.fleet};
    }
    if (r.footprint.energy_kwh) {
        r.kwh_per_million_input = *r.footprint.energy_kwh * r.chosen.prefill_share / input_millions;
        r.kwh_per_million_output = *r.footprint.energy_kwh * decode_share / output_millions;
    }
    if (r.footprint.co2e_kg) {
        r.co2e_kg_per_million_input = *r.footprint.co2e_kg * r.chosen.prefill_share / input_millions;
        r.co2e_kg_per_million_output = *r.footprint.co2e_kg * decode_share / output_millions;
    }
    return out;
}

void to_json(json& j, const ServingSweepPoint& p) {
    members(j, {{"concurrency", p.concurrency},
                {"ttft_ms", p.ttft_ms},
                {"tpot_ms", p.tpot_ms},
                {"output_tokens_per_second", p.output_tokens_per_second}});
}

void to_json(json& j, const ServingPoint& p) {
    members(j, {{"tensor_parallel", p.tensor_parallel}, {"replicas", p.replicas}});
    if (p.error) {
        members(j, {{"limit", *p.limit}, {"error", *p.error}});
        return;
    }
    members(j, {{"concurrency", p.concurrency},
                {"ttft_ms", p.ttft_ms},
                {"tpot_ms", p.tpot_ms},
                {"requests_per_second", p.requests_per_second},
                {"prefill_share", p.prefill_share},
                {"memory_bytes", p.memory_bytes}});
}

void to_json(json& j, const ServingResult& r) {
    members(j, {{"instance", r.instance},
                {"model", r.model},
                {"architecture", r.architecture},
                {"tensor_parallel", r.chosen.tensor_parallel},
                {"replicas", r.chosen.replicas},
                {"concurrency_per_instance", r.concurrency_per_instance},
                {"concurrency_per_replica", r.chosen.concurrency},
                {"engine", r.engine},
                {"ttft_ms", r.chosen.ttft_ms},
                {"tpot_ms", r.chosen.tpot_ms},
                {"requests_per_second", r.chosen.requests_per_second},
                {"output_tokens_per_second", r.output_tokens_per_second},
                {"memory_bytes", r.chosen.memory_bytes},
                {"weights_bytes", r.weights_bytes},
                {"kv_bytes_per_token", r.kv_bytes_per_token},
                {"peak_rps", r.peak_rps},
                {"fleet", r.fleet},
                {"bandwidth_fraction", r.bandwidth_fraction},
                {"bandwidth_fraction_source", r.bandwidth_fraction_source},
                {"mfu", r.mfu},
                {"mfu_source", r.mfu_source},
                {"tensor_parallel_options", r.tensor_parallel_options},
                {"sweep", r.sweep},
                {"notes", r.notes}});
    optional_member(j, "largest_context", r.largest_context);
    optional_member(j, "ttft_ok", r.ttft_ok);
    optional_member(j, "tpot_ok", r.tpot_ok);
    optional_member(j, "cost_per_million_input", r.cost_per_million_input);
    optional_member(j, "cost_per_million_output", r.cost_per_million_output);
    optional_member(j, "kwh_per_million_input", r.kwh_per_million_input);
    optional_member(j, "kwh_per_million_output", r.kwh_per_million_output);
    optional_member(j, "co2e_kg_per_million_input", r.co2e_kg_per_million_input);
    optional_member(j, "co2e_kg_per_million_output", r.co2e_kg_per_million_output);
    range_member(j, "output_tokens_per_second", r.output_tokens_per_second_range);
    range_member(j, "ttft_ms", r.ttft_ms_range);
    range_member(j, "tpot_ms", r.tpot_ms_range);
    optional_member(j, "accelerator_watts", r.accelerator_watts);
    range_member(j, "accelerator_watts", r.accelerator_watts_range);
    range_member(j, "fleet", r.fleet_range);
    range_member(j, "cost_per_million_output", r.cost_per_million_output_range);
    j["fleet_hour"] = json::object();
    add_to_json(j["fleet_hour"], r.footprint);
}

}  // namespace planner
