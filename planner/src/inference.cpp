#include "planner/inference.hpp"
#include "planner/response_fields.hpp"
#include "planner/response_writer.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "planner/decode.hpp"
#include "planner/load_power.hpp"
#include "planner/messages.hpp"
#include "planner/serving_batch.hpp"
#include "planner/request_fields.hpp"
#include "planner/request_reader.hpp"

namespace planner {

ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(InferenceRequest)
ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(InferenceResult)

using nlohmann::json;

FleetDemand read_fleet_demand(RequestReader& in) {
    FleetDemand d;
    namespace f = fields::fleet;
    auto rate = in.number(f::rate_value);
    auto per = in.text(f::rate_per);
    if (rate && per) d.rate_per_second = *rate / (*per == "second" ? 1 : *per == "hour" ? 3600 : 86400);
    if (auto v = in.number(f::peak_factor)) d.peak_factor = *v;
    if (auto v = in.number(f::target_utilisation)) d.target_utilisation = *v;
    if (auto v = in.integer(f::redundancy)) d.redundancy = *v;
    return d;
}

std::optional<int> FleetDemand::fleet(double per_instance_rps) const {
    const double needed = std::max(1.0, std::ceil(peak_rps() / (per_instance_rps * target_utilisation) - 1e-9)) + redundancy;
    if (!std::isfinite(needed) || needed > kMaxFleet) return std::nullopt;
    return int(needed);
}

Checked<InferenceRequest> read_inference_request(const json& request) {
    RequestReader in(request, "infer");
    Checked<InferenceRequest> out;
    InferenceRequest& r = out.value;
    namespace f = fields::infer;
    if (auto id = in.text(fields::job::instance)) r.instance = *id;

    r.demand = read_fleet_demand(in);
    r.latency_target_ms = in.number(f::latency_target_ms);
    if (auto v = in.number(fields::job::headroom)) r.headroom = *v;

    int sources = 0;
    if (in.find("throughput_rps")) {
        ++sources;
        r.throughput_rps = in.number(f::throughput_rps.needed());
    }
    if (in.find("benchmark")) {
        ++sources;
        r.benchmark = in.text(f::benchmark.needed());
    }
    if (const json* c = in.find("compute")) {
        ++sources;
        ComputeShape s;
        s.flops_per_request = in.number(f::compute_flops);
        s.parameters = in.number(f::compute_parameters);
        s.tokens = in.number(f::compute_tokens);
        if (auto m = in.number(f::compute_mfu)) s.mfu = *m;
        if (auto p = in.text(f::compute_precision)) s.precision = *p;
        if (c->is_object() && !s.flops_per_request && !(s.parameters && s.tokens) && !c->contains("flops_per_request"))
            in.refuse("compute", msg::compute_shape);
        r.compute = s;
    }
    if (in.find("llm")) {
        ++sources;
        LlmShape s;
        // A catalogue model, or its shape in four figures: one or the other.
        const std::optional<std::string> model = in.text(f::llm_model);
        auto shape = [&](const Field& field) { return model ? field : field.needed(); };
        if (model) {
            s.model = *model;
            for (const Field* field : {&f::llm_parameters, &f::llm_layers, &f::llm_kv_heads, &f::llm_head_dim})
                if (in.find(field->path)) in.refuse(field->path, msg::llm_model_or_figures);
        }
        if (auto v = in.number(shape(f::llm_parameters))) s.parameters = *v;
        if (auto v = in.integer(shape(f::llm_layers))) s.layers = *v;
        if (auto v = in.integer(shape(f::llm_kv_heads))) s.kv_heads = *v;
        if (auto v = in.integer(shape(f::llm_head_dim))) s.head_dim = *v;
        const std::optional<double> prompt = in.number(f::llm_prompt_tokens);
        if (prompt) s.prompt_tokens = *prompt;
        if (auto v = in.number(f::llm_cached_prompt_tokens)) s.cached_prompt_tokens = *v;
        if (prompt && s.cached_prompt_tokens > 0 && s.cached_prompt_tokens >= s.prompt_tokens)
            in.refuse("llm.cached_prompt_tokens", msg::cached_below_prompt, {format_number(s.prompt_tokens)});
        if (auto v = in.number(f::llm_output_tokens)) s.output_tokens = *v;
        if (auto v = in.integer(f::llm_batch)) s.batch = *v;
        if (auto v = in.number(f::llm_bytes_per_parameter)) s.bytes_per_parameter = *v;
        if (auto v = in.number(f::llm_kv_bytes)) s.kv_bytes_per_element = *v;
        s.bandwidth_fraction = in.number(f::llm_bandwidth_fraction);
        s.mfu = in.number(f::llm_mfu);
        if (auto p = in.text(f::llm_precision)) s.precision = *p;
        r.llm = s;
    }
    if (sources != 1)
        in.refuse("throughput_rps", msg::one_throughput);
    r.footprint = read_footprint_inputs(in, "");
    in.refuse_unused();
    out.errors = std::move(in.errors());
    return out;
}

namespace {

using Errors = std::vector<FieldError>;

// The chip's dense peak in FLOP/s at `precision`, or refused at `field`.
std::optional<double> peak_of(const Accelerator& chip, const std::string& precision, const char* field, Errors& errors) {
    auto it = chip.peak_tflops.find(precision);
    if (it == chip.peak_tflops.end()) {
        errors.push_back(coded(field, msg::no_dense_peak, {chip.name, precision}));
        return std::nullopt;
    }
    return it->second.value * 1e12;
}

// The throughput a benchmark of the catalogue measured on this instance type, with its range and latency.
bool benchmark_throughput(const Catalogue& catalogue, const Instance& inst, const std::string& id, InferenceResult& r,
                          Errors& errors) {
    const Benchmark* b = nullptr;
    for (const Benchmark& x : catalogue.benchmarks)
        if (x.id == id) b = &x;
    if (!b || b->kind != "inference") {
        errors.push_back(coded("benchmark", msg::unknown_benchmark, {id}));
        return false;
    }
    if (b->instance != inst.id) {
        errors.push_back(coded("benchmark", msg::benchmark_elsewhere, {b->id, b->instance, inst.id}));
        return false;
    }
    r.per_instance_rps = b->throughput->value;
    r.throughput_source = b->id;
    if (b->throughput->range) r.per_instance_rps_range = Range{b->throughput->range->first, b->throughput->range->second};
    if (b->latency) r.latency_ms = b->latency->value;
    return true;
}

// The throughput from one request's FLOPs at a utilisation of the instance's peak.
bool compute_throughput(const Accelerator& chip, double accelerators, const ComputeShape& c, InferenceResult& r, Errors& errors) {
    auto peak = peak_of(chip, c.precision, "compute.precision", errors);
    if (!peak) return false;
    const double flops = c.flops_per_request ? *c.flops_per_request : 2 * *c.parameters * *c.tokens;
    r.per_instance_rps = accelerators * *peak * c.mfu / flops;
    r.throughput_source = "compute estimate";
    r.running_mix = ActivityMix{1, 0, 0, 0, 0};  // compute-bound: matrix products while it runs
    return true;
}

// The model planned: a catalogue model (refused at llm.model when unknown or without what serving
// needs), else the shape's four figures.
std::optional<Transformer> llm_model(const Catalogue& catalogue, const LlmShape& s, Errors& errors) {
    if (s.model.empty()) {
        Transformer m;
        m.parameters = m.active_parameters = s.parameters;
        m.layers = s.layers, m.kv_heads = s.kv_heads, m.head_dim = s.head_dim;
        return m;
    }
    const Model* model = catalogue.model(s.model);
    if (!model) {
        errors.push_back(coded("llm.model", msg::unknown_model, {s.model}));
        return std::nullopt;
    }
    std::vector<FieldError> missing = missing_for_serving(*model, "llm.model");
    if (!missing.empty()) {
        errors.insert(errors.end(), missing.begin(), missing.end());
        return std::nullopt;
    }
    return transformer_of(*model);
}

// One replica over the instance's n accelerators running whole batches, as serve's static engine
// runs them (serving_batch.hpp): B prefills, then the output's decode steps.
bool llm_throughput(const Catalogue& catalogue, const Instance& inst, const Accelerator& chip, const LlmShape& s, double headroom,
                    InferenceResult& r, Errors& errors) {
    if (!peak_of(chip, s.precision, "llm.precision", errors)) return false;
    if (!chip.memory_bandwidth) {
        errors.push_back(coded("llm", msg::no_bandwidth_for_llm, {chip.name}));
        return false;
    }
    const std::optional<Transformer> m = llm_model(catalogue, s, errors);
    if (!m) return false;
    const double weights = m->parameters * s.bytes_per_parameter;
    r.kv_cache_bytes = kv_cache_bytes(*m, s.prompt_tokens + s.output_tokens, s.kv_bytes_per_element) * s.batch;
    r.memory_bytes = weights + *r.kv_cache_bytes;
    const double capacity = catalogue.accelerator_memory_gb(inst) * 1e9 * (1 - headroom);
    if (*r.memory_bytes > capacity) {
        errors.push_back(coded("llm.batch", msg::llm_memory_exceeded,
                               {format_number(std::ceil(*r.memory_bytes / 1e9)), format_number(std::floor(capacity / 1e9)), inst.id}));
        return false;
    }
    const std::optional<BatchRun> run = run_batch(catalogue, inst,
                                                  {*m, s.prompt_tokens, s.output_tokens, s.batch, s.bytes_per_parameter,
                                                   s.kv_bytes_per_element, s.precision, s.bandwidth_fraction, s.mfu,
                                                   s.cached_prompt_tokens});
    if (!run) return false;  // the peak and the bandwidth were checked above
    r.latency_ms = run->seconds * 1000;
    r.per_instance_rps = s.batch / run->seconds;
    if (run->seconds_range.high > run->seconds_range.low)
        r.per_instance_rps_range = Range{s.batch / run->seconds_range.high, s.batch / run->seconds_range.low};
    r.running_mix = run->mix;
    r.notes.insert(r.notes.end(), run->notes.begin(), run->notes.end());
    if (s.cached_prompt_tokens > 0)
        r.notes.push_back({msg::prefix_cache, {format_number(s.cached_prompt_tokens), format_number(s.prompt_tokens)}});
    r.throughput_source = "llm estimate";
    return true;
}

// The fleet the peak rate needs at that throughput (over its range when it has one), and the latency check.
bool size_fleet(const InferenceRequest& req, InferenceResult& r, Errors& errors) {
    r.peak_rps = req.demand.peak_rps();
    const std::optional<int> fleet = req.demand.fleet(r.per_instance_rps);
    if (!fleet) {
        errors.push_back(coded("rate.value", msg::fleet_too_large));
        return false;
    }
    r.fleet = *fleet;
    // A throughput estimated within a stated range sizes the fleet over it: more throughput, fewer instances.
    if (r.per_instance_rps_range) {
        const std::optional<int> fewest = req.demand.fleet(r.per_instance_rps_range->high);
        const std::optional<int> most = req.demand.fleet(r.per_instance_rps_range->low);
        if (!most) r.notes.push_back({msg::range_low_throughput_fleet});
        else if (*fewest != *most) r.fleet_range = Range{double(*fewest), double(*most)};
    }
    for (const double factor : kSweepRates) {
        FleetDemand at = req.demand;
        at.rate_per_second *= factor;
        if (const std::optional<int> n = at.fleet(r.per_instance_rps)) r.sweep.push_back({at.rate_per_second, *n});
    }
    if (r.latency_ms) r.requests_in_flight = r.peak_rps * *r.latency_ms / 1000;
    if (req.latency_target_ms) {
        if (r.latency_ms) r.latency_ok = *r.latency_ms <= *req.latency_target_ms;
        else r.notes.push_back({msg::latency_unchecked});
    }
    return true;
}

// One hour of the whole fleet, and per million requests: with the fleet's range (cost, energy,
// CO2e) and the estimated power's (energy, CO2e).
bool price_fleet(const Catalogue& catalogue, const Instance& inst, const InferenceRequest& req, InferenceResult& r,
                 Errors& errors) {
    // An llm or compute plan's power follows its load: running for the share of the fleet's
    // capacity the mean rate uses, idle for the rest (load_power.hpp), where the chip has measured
    // power; the others take the catalogue's estimate.
    std::optional<LoadPower> load;
    if (r.running_mix) load = load_power(catalogue, inst, busy_for(*r.running_mix, req.demand.rate_per_second / (r.fleet * r.per_instance_rps)));
    auto fp = footprint(catalogue, inst, r.fleet, req.footprint, "", load ? &*load : nullptr);
    if (!fp.ok()) {
        errors = fp.errors;
        return false;
    }
    r.footprint = std::move(fp.value);
    r.notes.insert(r.notes.end(), r.footprint.notes.begin(), r.footprint.notes.end());
    const double millions_per_hour = req.demand.rate_per_second * 3600 / 1e6;
    if (r.footprint.cost_usd) {
        r.cost_per_hour = r.footprint.cost_usd;
        r.cost_per_million = *r.footprint.cost_usd / millions_per_hour;
    }
    if (r.footprint.energy_kwh) r.kwh_per_million = *r.footprint.energy_kwh / millions_per_hour;
    if (r.footprint.co2e_kg) r.co2e_kg_per_million = *r.footprint.co2e_kg / millions_per_hour;
    const double fleet_low = r.fleet_range ? r.fleet_range->low / r.fleet : 1;
    const double fleet_high = r.fleet_range ? r.fleet_range->high / r.fleet : 1;
    const std::optional<Range>& power = r.footprint.power_factor;
    auto spread = [&](const std::optional<double>& v, bool with_power) -> std::optional<Range> {
        if (!v || (!r.fleet_range && !(with_power && power))) return std::nullopt;
        return Range{*v * fleet_low * (with_power && power ? power->low : 1),
                     *v * fleet_high * (with_power && power ? power->high : 1)};
    };
    r.cost_per_million_range = spread(r.cost_per_million, false);
    r.kwh_per_million_range = spread(r.kwh_per_million, true);
    r.co2e_kg_per_million_range = spread(r.co2e_kg_per_million, true);
    return true;
}

}  // namespace

Checked<InferenceResult> estimate_inference(const Catalogue& catalogue, const InferenceRequest& req) {
    Checked<InferenceResult> out;
    InferenceResult& r = out.value;
    const Instance* inst = catalogue.find_for(req.instance, kServe, out.errors);
    if (!inst) return out;
    const Accelerator& chip = catalogue.accelerator_of(*inst);
    r.instance = inst->id;
    bool ok = true;
    if (req.throughput_rps) {
        r.per_instance_rps = *req.throughput_rps;
        r.throughput_source = "request";
    } else if (req.benchmark) {
        ok = benchmark_throughput(catalogue, *inst, *req.benchmark, r, out.errors);
    } else if (req.compute) {
        ok = compute_throughput(chip, inst->accelerator_count.value, *req.compute, r, out.errors);
    } else {
        ok = llm_throughput(catalogue, *inst, chip, *req.llm, req.headroom, r, out.errors);
    }
    if (ok && size_fleet(req, r, out.errors)) price_fleet(catalogue, *inst, req, r, out.errors);
    return out;
}

namespace {
namespace out = results::infer;
using IR = InferenceResult;
constexpr Put<InferenceResult> kInferenceOut[] = {
    put<&IR::instance>(out::instance), put<&IR::per_instance_rps>(out::per_instance_rps),
    put<&IR::throughput_source>(out::throughput_source), put<&IR::peak_rps>(out::peak_rps),
    put<&IR::fleet>(out::fleet), put<&IR::notes>(results::notes), put<&IR::latency_ms>(out::latency_ms),
    put<&IR::latency_ok>(out::latency_ok), put<&IR::requests_in_flight>(out::requests_in_flight),
    put<&IR::kv_cache_bytes>(out::kv_cache_bytes), put<&IR::memory_bytes>(out::memory_bytes),
    put<&IR::cost_per_hour>(out::cost_per_hour), put<&IR::cost_per_million>(out::cost_per_million),
    put<&IR::kwh_per_million>(out::kwh_per_million), put<&IR::co2e_kg_per_million>(out::co2e_per_million),
    put<&IR::per_instance_rps_range>(out::per_instance_rps_range), put<&IR::fleet_range>(out::fleet_range),
    put<&IR::cost_per_million_range>(out::cost_per_million_range),
    put<&IR::kwh_per_million_range>(out::kwh_per_million_range),
    put<&IR::co2e_kg_per_million_range>(out::co2e_per_million_range), put<&IR::footprint>(out::fleet_hour),
    put<&IR::sweep>(out::sweep)};

constexpr Put<InferencePoint> kInferencePointOut[] = {
    put<&InferencePoint::rate_per_second>(out::point::rate_per_second), put<&InferencePoint::fleet>(out::point::fleet)};
}  // namespace

void to_json(json& j, const InferencePoint& p) { write_fields(j, p, kInferencePointOut); }

void to_json(json& j, const InferenceResult& r) { write_fields(j, r, kInferenceOut); }

}  // namespace planner
