#include "planner/serving.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "planner/collectives.hpp"
#include "planner/engine_queue.hpp"
#include "planner/inference.hpp"
#include "planner/load_power.hpp"
#include "planner/messages.hpp"
#include "planner/response_fields.hpp"
#include "planner/response_writer.hpp"
#include "planner/serving_cost.hpp"
#include "instance_job.hpp"
#include "serving_formats.hpp"
#include "serving_replica.hpp"

namespace planner {

ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(ServingRequest)
ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(ServingResult)

using nlohmann::json;
using namespace serving_formats;
using namespace serving_replica;

const ServingAssumption kDecodeBandwidthFraction{0.7, 0.5, 0.85, msg::decode_bandwidth_assumed};
const ServingAssumption kPrefillMfu{0.5, 0.3, 0.6, msg::prefill_mfu_assumed};

const std::vector<std::string>& serving_engines() {
    static const std::vector<std::string> engines = {"continuous", "static"};
    return engines;
}

namespace {

std::string percent(double fraction) { return format_number(std::round(fraction * 1000) / 10); }

Note assumption_note(const ServingAssumption& a, const std::string& chip = "") {
    Note note{a.note, {percent(a.value), percent(a.low), percent(a.high)}};
    if (a.note == msg::decode_bandwidth_published) note.args.push_back(chip);
    return note;
}

Note serving_operators_note(const OperatorBasis& basis, bool own_table) {
    std::vector<std::string> parts = table_citation(*basis.table);
    if (!basis.borrowed()) return {msg::serving_predicted, parts};
    for (std::string& part : borrowed_parts(basis)) parts.push_back(std::move(part));
    return {own_table ? msg::serving_predicted_graph_borrowed : msg::serving_predicted_borrowed, parts};
}

}  // namespace

std::vector<Note> basis_notes(const Catalogue& c, const Accelerator& chip, const ServingBasis* priced,
                                     const ServingAssumption& bandwidth, bool bandwidth_given, bool mfu_given) {
    if (priced) return {serving_operators_note(priced->basis, c.operators_of(chip.id) != nullptr)};
    std::vector<Note> notes;
    if (!bandwidth_given) notes.push_back(assumption_note(bandwidth, chip.name));
    if (!mfu_given) notes.push_back(assumption_note(kPrefillMfu));
    return notes;
}

std::optional<ServingBasis> priced_basis(const Catalogue& c, const Accelerator& chip, const std::string& dtype,
                                         const Transformer& m, double prompt_tokens, double kv_bytes) {
    std::optional<ServingBasis> basis = serving_basis(c, chip, dtype);
    // Every shape the plan prices has a row of its precision to rest on when one does.
    if (basis && (!prefill_price(*basis, m, 1, prompt_tokens) || !decode_price(*basis, m, 1, 1, prompt_tokens, kv_bytes)))
        return std::nullopt;
    return basis;
}

DecodeBandwidth decode_bandwidth(const Accelerator& chip) {
    if (const std::optional<Figure>& f = chip.decode_bandwidth_fraction)
        return {{f->value, f->range ? f->range->first : f->value, f->range ? f->range->second : f->value,
                 msg::decode_bandwidth_published},
                f->source};
    return {kDecodeBandwidthFraction, "assumed"};
}

namespace {

// The operator prices a plan rests on: the chip's measured table (or its sibling's) when the request
// gives neither a bandwidth share nor an MFU, and its products run in the precision the weights are
// stored in (bf16, fp16, fp8; weight-only int8 and int4 and fp4 have no measured rows).
std::optional<ServingBasis> predicted_basis(const Catalogue& c, const Accelerator& chip, const ServingRequest& req,
                                            const Transformer& m, double kv_bytes) {
    const auto sixteen = [](const std::string& f) { return f == "bf16" || f == "fp16"; };
    if (req.bandwidth_fraction || req.mfu) return std::nullopt;
    if (!(req.weights == req.compute || (sixteen(req.weights) && sixteen(req.compute)))) return std::nullopt;
    return priced_basis(c, chip, req.compute, m, req.prompt_tokens, kv_bytes);
}

// "fp32 31.2 TFLOPS": the peaks the catalogue holds for a chip ("—": none), to say which are missing.
std::string published_peaks(const Accelerator& chip) {
    std::string out;
    for (const auto& [name, f] : chip.peak_tflops)
        out += (out.empty() ? "" : ", ") + name + " " + format_number(f.value) + " " + f.unit;
    return out.empty() ? std::string("—") : out;
}

// The chosen degree serves the most requests per instance (the same instance-hour price: the
// cheapest per token), then the lower TPOT; when none can serve, the largest t (the most
// bandwidth and memory) says why, unless only an uneven split of the heads stops it.
static bool better(const ServingPoint& a, const ServingPoint& b) {
    if (a.error.has_value() != b.error.has_value()) return !a.error;
    if (a.error) {  // the reason worth reading: a limit of the hardware before the heads' split
        const bool a_heads = *a.limit == "heads", b_heads = *b.limit == "heads";
        return a_heads != b_heads ? b_heads : a.tensor_parallel > b.tensor_parallel;
    }
    if (a.requests_per_second != b.requests_per_second) return a.requests_per_second > b.requests_per_second;
    return a.tpot_ms < b.tpot_ms;
}

// One serving estimate's stages and what they share: the request, where it runs, the speeds it
// assumes or prices, and the result being filled. A stage that returns false has put its reasons
// in `errors`.
struct ServingJob : InstanceJob<ServingRequest, ServingResult> {
    const Transformer& m;
    const Storage& weights;
    const Storage& kv;
    double peak = 0;                     // FLOP/s per accelerator at req.compute
    std::vector<int> degrees;            // tensor-parallel degrees to try
    bool splits_heads = false;
    ServingAssumption bandwidth = kDecodeBandwidthFraction;
    std::optional<ServingBasis> priced;  // the operator prices, when predicted
    InstanceLink link;                   // between an instance's accelerators, each way (collectives.hpp)

    ServingJob(const Catalogue& c, const ServingRequest& q, const Instance* i, ServingResult& result, std::vector<FieldError>& e)
        : InstanceJob(c, q, i, result, e), m(q.model), weights(format(kWeightFormats, q.weights)),
          kv(format(kKvFormats, q.kv_cache)) {}
    // The chip serves at all, and the job fits the model's context.
    bool check_job() {
        if (chip.kind == "cpu") return refuse("instance", msg::serving_on_cpu);
        if (!chip.memory_bandwidth) return refuse("instance", msg::no_bandwidth, {chip.name});
        if (m.context && req.prompt_tokens + req.output_tokens > *m.context)
            return refuse(req.prompt_tokens > *m.context ? "prompt_tokens" : "output_tokens", msg::context_exceeded,
                          {format_number(req.prompt_tokens + req.output_tokens), format_number(*m.context)});
        r.instance = inst->id;
        r.model = m.id;
        r.architecture = m;
        r.engine = req.engine;
        return true;
    }

    bool check_formats() {
        // The catalogue holds a chip's published peaks: a missing one is that figure, whether the chip
        // lacks the units or its maker does not publish them (the A10G's 16-bit tensor peaks). Each
        // missing figure is reported once, at the first field that needs it: compute, weights, KV cache.
        std::set<std::string> missing;
        const auto found = chip.peak_tflops.find(req.compute);
        if (found == chip.peak_tflops.end()) {
            missing.insert(req.compute);
            errors.push_back(coded("compute", msg::no_dense_peak_compute, {chip.name, req.compute, published_peaks(chip)}));
        }
        auto supported = [&](const char* field, const std::string& name, const char* needs) {
            if (!chip.peak_tflops.count(needs) && missing.insert(needs).second)
                errors.push_back(coded(field, msg::format_needs_peak, {std::string(needs), chip.name, name, published_peaks(chip)}));
        };
        supported("weights", req.weights, weights.needs);
        supported("kv_cache", req.kv_cache, kv.needs);
        if (!errors.empty()) return false;
        peak = found->second.value * 1e12;
        return true;
    }

    bool choose_degrees() {
        if (req.tensor_parallel) {
            if (per_instance % *req.tensor_parallel)
                return refuse("tensor_parallel", msg::tensor_divide_instance, {std::to_string(per_instance), inst->id});
            degrees.push_back(*req.tensor_parallel);
        } else {
            for (int t = 1; t <= per_instance; ++t)
                if (per_instance % t == 0) degrees.push_back(t);
        }
        // GPU serving engines (vLLM, TensorRT-LLM, SGLang) split the attention heads evenly over the
        // tensor-parallel ranks; Neuron pads the heads to a multiple of the degree (NxD Inference).
        splits_heads = chip.kind == "gpu";
        return true;
    }

    void assume_speeds() {
        // What a decode step achieves of the peak bandwidth, unless the request says: what the chip's
        // published decode times imply (the catalogue's figure and its range), else the assumption.
        const DecodeBandwidth published = decode_bandwidth(chip);
        bandwidth = published.share;
        const std::string& bandwidth_source = published.source;
        r.bandwidth_fraction = req.bandwidth_fraction.value_or(bandwidth.value);
        r.bandwidth_fraction_source = req.bandwidth_fraction ? "request" : bandwidth_source;
        r.mfu = req.mfu.value_or(kPrefillMfu.value);
        r.mfu_source = req.mfu ? "request" : "assumed";
        r.weights_bytes = m.parameters * weights.bytes;
        r.kv_bytes_per_token = kv_bytes_per_token(m, kv.bytes);
        // Predicted rather than assumed where the chip has a measured table and the request gives
        // neither share (its own figures override): the prices replace f and the MFU.
        priced = predicted_basis(catalogue, chip, req, m, kv.bytes);
        if (priced) {
            r.bandwidth_fraction_source = r.mfu_source = "predicted";
            r.engine_ms_per_iteration = kEngineStepSeconds * 1000;
        }
        link = instance_link(*inst);
    }

    Replica replica(int t, double f, double mfu, End end = End::estimate) const {
        return Replica{m, req, t, peak, chip.memory_bandwidth->value * 1e9, link.bytes_per_second,
                       all_reduce_latency_seconds(chip, link, t),
                       t * chip.memory.value * 1e9 * (1 - req.headroom), weights.bytes, f, mfu,
                       priced ? &*priced : nullptr, end, kv.bytes, std::nullopt, {}};
    }

    // Every degree tried, and the chosen one.
    bool choose_layout() {
        for (int t : degrees) {
            if (splits_heads && m.heads % t) {
                ServingPoint p;
                p.tensor_parallel = t;
                p.replicas = per_instance / t;
                p.limit = "heads";
                p.error = coded("tensor_parallel", msg::heads_do_not_split, {std::to_string(m.heads), std::to_string(t)});
                r.tensor_parallel_options.push_back(std::move(p));
            } else {
                r.tensor_parallel_options.push_back(replica(t, r.bandwidth_fraction, r.mfu).solve(per_instance));
            }
            if (r.tensor_parallel_options.size() == 1 || better(r.tensor_parallel_options.back(), r.chosen))
                r.chosen = r.tensor_parallel_options.back();
        }
        if (r.chosen.error) {
            errors.push_back(*r.chosen.error);
            return false;
        }
        return true;
    }

    // The chosen layout's curve, context, targets and fleet.
    bool size_fleet(const Replica& chosen) {
        // The throughput–latency curve of the chosen layout: powers of two and the chosen concurrency,
        // as far as memory holds them.
        const double held = std::min(chosen.most_sequences(), double(chosen.held_at_most()));
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
        if (!fleet) return refuse("rate.value", msg::fleet_too_large);
        r.fleet = *fleet;
        return true;
    }

    // The shares the plan rests on, priced or assumed, and their notes.
    void report_shares(const Replica& chosen) {
        if (priced) {
            // The shares the prices imply at the chosen point, reported as an assumed model's would be.
            r.bandwidth_fraction = (parameters_read_per_step(m, r.chosen.concurrency) * weights.bytes +
                                    r.chosen.concurrency * chosen.cache(mean_decode_context(req.prompt_tokens, req.output_tokens))) /
                                   (chosen.t * chosen.bandwidth * chosen.step_compute(r.chosen.concurrency));
            r.mfu = 2 * m.active_parameters * req.prefilled_tokens() / (chosen.t * chosen.peak * chosen.prefill_compute());
        }
        const std::vector<Note> notes =
            basis_notes(catalogue, chip, priced ? &*priced : nullptr, bandwidth, req.bandwidth_fraction.has_value(), req.mfu.has_value());
        r.notes.insert(r.notes.end(), notes.begin(), notes.end());
    }

    // The same layout at both ends of the assumptions (or of the prices' span).
    void add_ranges() {
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
            const ServingPoint slow_at = slow.at_concurrency(r.chosen, r.chosen.concurrency), fast_at = fast.at_concurrency(r.chosen, r.chosen.concurrency);
            r.ttft_ms_range = Range{fast_at.ttft_ms, slow_at.ttft_ms};
            r.tpot_ms_range = Range{fast_at.tpot_ms, slow_at.tpot_ms};
            if (!low.error && !high.error) {
                r.output_tokens_per_second_range = Range{low.requests_per_second * req.output_tokens, high.requests_per_second * req.output_tokens};
                const std::optional<int> most = req.demand.fleet(low.requests_per_second);
                const std::optional<int> fewest = req.demand.fleet(high.requests_per_second);
                if (!most) r.notes.push_back({msg::range_low_assumptions_fleet});
                else if (*most != *fewest) r.fleet_range = Range{double(*fewest), double(*most)};
            } else {
                r.notes.push_back({msg::range_low_assumptions_targets});
            }
        }
    }

    // A predicted plan's ranges also hold the planner's own error on published serving like it
    // (data/model-error.json, the fit third's spread): its latencies, throughput and fleet at least
    // that wide.
    void carry_error_band() {
        const ErrorBand* band = priced ? catalogue.error_band("serve", error_band_family(req)) : nullptr;
        if (!band) return;
        const double fast = 1 / band->low, slow = 1 / band->high;  // the published speed, over the planned
        auto widen = [](std::optional<Range>& range, double low, double high) {
            range = Range{std::min(range ? range->low : low, low), std::max(range ? range->high : high, high)};
        };
        widen(r.ttft_ms_range, r.chosen.ttft_ms / fast, r.chosen.ttft_ms / slow);
        widen(r.tpot_ms_range, r.chosen.tpot_ms / fast, r.chosen.tpot_ms / slow);
        widen(r.output_tokens_per_second_range, r.output_tokens_per_second * slow, r.output_tokens_per_second * fast);
        const std::optional<int> most = req.demand.fleet(r.chosen.requests_per_second * slow);
        const std::optional<int> fewest = req.demand.fleet(r.chosen.requests_per_second * fast);
        if (most && fewest && *most != *fewest) widen(r.fleet_range, *fewest, *most);
        r.notes.push_back(band_note(*band, msg::range_model_error_serving));
    }

    void add_notes() {
        if (m.mixture_of_experts())
            r.notes.push_back({msg::experts_uniform_routing});
        if (r.chosen.tensor_parallel > 1 && link.assumed)
            r.notes.push_back({msg::interconnect_assumed_pcie, {inst->id}});
        if (!priced)
            r.notes.push_back({msg::attention_not_counted});
        if (req.cached_prompt_tokens > 0)
            r.notes.push_back({msg::prefix_cache, {format_number(req.cached_prompt_tokens), format_number(req.prompt_tokens)}});
        if (req.max_batch && r.chosen.concurrency == *req.max_batch)
            r.notes.push_back({msg::max_batch_cap, {std::to_string(*req.max_batch)}});
        if (req.engine == "static")
            r.notes.push_back({msg::engine_static});
        else
            r.notes.push_back({msg::engine_continuous});
    }

    // The power, and the fleet's hour in money, energy and CO2e, per million tokens in and out.
    bool add_footprint(const Replica& chosen) {
        // The power the work draws: while running, by activity (measured where the chip has power rows,
        // else the TDP); over the fleet's hour, running for the share of its capacity the mean rate uses.
        const ActivityMix running = chosen.running_mix(r.chosen.concurrency);
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
            errors = fp.errors;
            return false;
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
        return true;
    }
};

}  // namespace

const char* error_band_family(const ServingRequest& request) { return request.model.mixture_of_experts() ? "moe" : "dense"; }

Checked<ServingResult> estimate_serving(const Catalogue& catalogue, const ServingRequest& req) {
    Checked<ServingResult> out;
    const Instance* inst = catalogue.find_for(req.instance, kServe, out.errors);
    if (!inst) return out;
    ServingJob job(catalogue, req, inst, out.value, out.errors);
    if (!job.check_job() || !job.check_formats() || !job.choose_degrees()) return out;
    job.assume_speeds();
    if (!job.choose_layout()) return out;
    const Replica chosen = job.replica(out.value.chosen.tensor_parallel, out.value.bandwidth_fraction, out.value.mfu);
    if (!job.size_fleet(chosen)) return out;
    job.report_shares(chosen);
    job.add_ranges();
    job.carry_error_band();
    job.add_notes();
    job.add_footprint(chosen);
    return out;
}

namespace {
namespace out = results::serve;
using SR = ServingResult;
using SP = ServingPoint;
using SW = ServingSweepPoint;

constexpr Put<ServingSweepPoint> kSweepPointOut[] = {
    put<&SW::concurrency>(out::point::concurrency), put<&SW::ttft_ms>(out::point::ttft_ms),
    put<&SW::tpot_ms>(out::point::tpot_ms), put<&SW::output_tokens_per_second>(out::point::output_tokens_per_second)};

// A tensor-parallel option: its plan, or the limit that rules it out and why.
constexpr Put<ServingPoint> kOptionOut[] = {
    put<&SP::tensor_parallel>(out::option::tensor_parallel), put<&SP::replicas>(out::option::replicas),
    put_when<&SP::error, &SP::limit>(out::option::limit),
    put_from<ServingPoint>(out::option::error, said_error<ServingPoint, false>),
    put_unless<&SP::error, &SP::concurrency>(out::option::concurrency),
    put_unless<&SP::error, &SP::ttft_ms>(out::option::ttft_ms),
    put_unless<&SP::error, &SP::tpot_ms>(out::option::tpot_ms),
    put_unless<&SP::error, &SP::requests_per_second>(out::option::requests_per_second),
    put_unless<&SP::error, &SP::prefill_share>(out::option::prefill_share),
    put_unless<&SP::error, &SP::memory_bytes>(out::option::memory_bytes)};

constexpr Put<ServingResult> kServingOut[] = {
    put<&SR::instance>(out::instance), put<&SR::model>(out::model), put<&SR::architecture>(out::architecture),
    put<&SR::chosen, &SP::tensor_parallel>(out::tensor_parallel), put<&SR::chosen, &SP::replicas>(out::replicas),
    put<&SR::concurrency_per_instance>(out::concurrency_per_instance),
    put<&SR::chosen, &SP::concurrency>(out::concurrency_per_replica), put<&SR::engine>(out::engine),
    put<&SR::chosen, &SP::ttft_ms>(out::ttft_ms), put<&SR::chosen, &SP::tpot_ms>(out::tpot_ms),
    put<&SR::chosen, &SP::requests_per_second>(out::requests_per_second),
    put<&SR::output_tokens_per_second>(out::output_tokens_per_second),
    put<&SR::chosen, &SP::memory_bytes>(out::memory_bytes), put<&SR::weights_bytes>(out::weights_bytes),
    put<&SR::kv_bytes_per_token>(out::kv_bytes_per_token), put<&SR::peak_rps>(out::peak_rps),
    put<&SR::fleet>(out::fleet), put<&SR::bandwidth_fraction>(out::bandwidth_fraction),
    put<&SR::bandwidth_fraction_source>(out::bandwidth_fraction_source), put<&SR::mfu>(out::mfu),
    put<&SR::mfu_source>(out::mfu_source), put<&SR::engine_ms_per_iteration>(out::engine_ms_per_iteration),
    put<&SR::tensor_parallel_options>(out::tensor_parallel_options),
    put<&SR::sweep>(out::sweep), put<&SR::notes>(results::notes), put<&SR::largest_context>(out::largest_context),
    put<&SR::ttft_ok>(out::ttft_ok), put<&SR::tpot_ok>(out::tpot_ok),
    put<&SR::cost_per_million_input>(out::cost_per_million_input),
    put<&SR::cost_per_million_output>(out::cost_per_million_output),
    put<&SR::kwh_per_million_input>(out::kwh_per_million_input),
    put<&SR::kwh_per_million_output>(out::kwh_per_million_output),
    put<&SR::co2e_kg_per_million_input>(out::co2e_per_million_input),
    put<&SR::co2e_kg_per_million_output>(out::co2e_per_million_output),
    put<&SR::output_tokens_per_second_range>(out::output_tokens_per_second_range),
    put<&SR::ttft_ms_range>(out::ttft_ms_range), put<&SR::tpot_ms_range>(out::tpot_ms_range),
    put<&SR::accelerator_watts>(out::accelerator_watts),
    put<&SR::accelerator_watts_range>(out::accelerator_watts_range), put<&SR::fleet_range>(out::fleet_range),
    put<&SR::cost_per_million_output_range>(out::cost_per_million_output_range),
    put<&SR::footprint>(results::infer::fleet_hour)};
}  // namespace

void to_json(json& j, const ServingSweepPoint& p) { write_fields(j, p, kSweepPointOut); }
void to_json(json& j, const ServingPoint& p) { write_fields(j, p, kOptionOut); }
void to_json(json& j, const ServingResult& r) { write_fields(j, r, kServingOut); }

}  // namespace planner
