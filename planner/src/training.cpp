#include "planner/training.hpp"

#include "planner/operator_cost.hpp"
#include "planner/json_members.hpp"
#include "planner/load_power.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "planner/capacity.hpp"
#include "planner/count_search.hpp"
#include "planner/layout_search.hpp"
#include "planner/request_reader.hpp"
#include "planner/step_time.hpp"

namespace planner {

ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(TrainingRequest)
ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(TrainingResult)

using nlohmann::json;

namespace {
// The most instances a plan searches.
constexpr double kMaxInstances = 100000;
constexpr double kSecondsPerDay = 86400;
constexpr double kChinchillaTokensPerParameter = 20;  // Hoffmann et al. 2022
// A step of about four million tokens: Llama 2's batch (4M tokens), GPT-3 175B's 3.2M.
constexpr double kDefaultStepTokens = 4194304;
constexpr double kDefaultOverlap = 0.5;    // the share of data-parallel traffic hidden under compute
constexpr int kDefaultSequence = 2048;     // unless the request or the catalogue says: GPT-3's context
constexpr double kWeightBytes16 = 2;       // a frozen bf16 base parameter (LoRA)
// Without a published interconnect, accelerators in one instance talk over PCIe 4.0 x16: 32 GB/s
// each way in theory, about 25 GB/s measured.
constexpr double kPcieBytesPerSecond = 25e9;
constexpr std::size_t kLayoutsShown = 4;   // the chosen layout and three runners-up
// A deadline or budget search takes a count whose replicas need the global batch rounded up by at
// most this share: 21 replicas of 2,048 sequences make it 2,058 (+0.5%), 633 make it 2,532 (+24%).
constexpr double kBatchRounding = 0.05;


}  // namespace

namespace {

struct Throughput {
    double achieved_tflops = 0;  // executed FLOP/s per accelerator, before scaling losses
    std::optional<double> peak;
    std::optional<double> hfu;   // achieved / peak
    std::string mfu_source;
    std::optional<Range> hfu_range;  // a default's plausible span
    std::optional<double> gain;      // fp8: the assumed speed-up of the default over bf16
    std::vector<std::string> notes;  // what an assumed utilisation rests on, and its basis
    std::optional<OperatorBasis> priced;  // the multiplies priced per layout from a measured table
};

// The catalogue's training utilisations were measured at 16-bit precision. FP8 runs the matrix
// multiplies at twice that peak, but the rest of the step (attention, norms, casts, communication)
// does not speed up: llm-foundry's MPT-1B and 3B on 8 H100 run 1.00× to 1.35× as many tokens per
// second in FP8 as in BF16 (six pairs at the same settings, sequences 32768 down to 512; median
// 1.13×). The default on FP8 is the 16-bit throughput times this gain; FP4 has no published
// training measurement, so it has no default.
constexpr double kFp8Gain = 1.13, kFp8GainLow = 1.0, kFp8GainHigh = 1.35;
constexpr const char* kFp8GainSource = "llm-foundry-mpt-benchmarks";

std::string percent(double fraction) { return format_number(std::round(fraction * 1000) / 10) + "%"; }

// The 16-bit dense peak a default utilisation was measured against.
std::optional<double> sixteen_bit_peak(const Accelerator& chip) {
    for (const char* p : {"bf16", "fp16"})
        if (auto it = chip.peak_tflops.find(p); it != chip.peak_tflops.end()) return it->second.value;
    return std::nullopt;
}

// The fastest the multiplies can run on the basis' target in `precision`: its peak times the best
// efficiency (against the roofline) any measured shape reached, which no priced product exceeds, so
// searches can bound counts by it; nothing when the table has no row of the precision.
std::optional<double> best_multiply_rate(const OperatorBasis& basis, const std::string& precision) {
    const MeasuredShapes shapes = measured_shapes(basis, precision);
    const auto peak = basis.target->peak_tflops.find(precision);
    if (shapes.empty() || peak == basis.target->peak_tflops.end()) return std::nullopt;
    double best = 0;
    for (const ShapeEfficiency& r : shapes) best = std::max(best, r.efficiency);
    return peak->second.value * 1e12 * best;
}

std::string operators_note(const OperatorBasis& basis) {
    return "compute: predicted from operator measurements, not an assumed MFU: each layout's matrix products priced by "
           "shape from " + table_citation(*basis.table) + ", the memory-bound work and the optimizer's update at its "
           "measured bandwidth" + borrowed_clause(basis) + ". Give a measured achieved_tflops or your own mfu to override it";
}

// executed: FLOPs executed per model FLOP (8/6 under full recompute; 1 without).
std::optional<Throughput> throughput_of(const Accelerator& chip, const Instance& inst, const TrainingRequest& req,
                                        double executed, const std::optional<OperatorBasis>& basis,
                                        std::vector<FieldError>& errors) {
    Throughput t;
    const bool low_precision = req.precision == "fp8" || req.precision == "fp4";
    // A chip's published peaks are the formats it computes in; the 8- and 4-bit ones need units
    // of their own (A100 has none for fp8, H100 none for fp4).
    if (low_precision && !chip.peak_tflops.empty() && !chip.peak_tflops.count(req.precision)) {
        std::string formats;
        for (const auto& [name, figure] : chip.peak_tflops) formats += (formats.empty() ? "" : ", ") + name;
        errors.push_back({"precision", chip.name + " has no " + req.precision + " units: it computes in " + formats});
        return std::nullopt;
    }
    if (auto peak = chip.peak_tflops.find(req.precision); peak != chip.peak_tflops.end()) t.peak = peak->second.value;
    if (req.achieved_tflops) {
        t.achieved_tflops = *req.achieved_tflops;
        t.mfu_source = "measured";
        if (t.peak && t.achieved_tflops > *t.peak) {
            errors.push_back({"achieved_tflops", "is above the accelerator's dense " + req.precision + " peak of " +
                                                     format_number(*t.peak) + " TFLOPS"});
            return std::nullopt;
        }
        if (t.peak) t.hfu = t.achieved_tflops / *t.peak;
        return t;
    }
    if (!t.peak) {
        errors.push_back({req.mfu || req.hfu || req.matrix_utilisation ? "precision" : "achieved_tflops",
                          inst.id + " has no published dense " + req.precision +
                              " peak; give achieved_tflops instead of mfu"});
        return std::nullopt;
    }
    if (req.matrix_utilisation) {  // the multiplies' rate; the end-to-end figure comes with the layout
        if (!chip.memory_bandwidth) {
            errors.push_back({"matrix_utilisation", chip.name + " has no published memory bandwidth to price the "
                                                    "memory-bound work at: give hfu or mfu instead"});
            return std::nullopt;
        }
        t.achieved_tflops = *t.peak * *req.matrix_utilisation;
        t.mfu_source = "request";
        return t;
    }
    if (req.hfu) {
        t.hfu = req.hfu;
        t.mfu_source = "request";
    } else if (req.mfu) {
        t.hfu = *req.mfu * executed;
        t.mfu_source = "request";
        if (*t.hfu > 1) {
            errors.push_back({"mfu", "is more than the peak allows with full recompute: at most " + percent(1 / executed) +
                                         " (the recompute's extra forward pass runs on the same peak)"});
            return std::nullopt;
        }
    } else if (auto best = basis ? best_multiply_rate(*basis, req.precision) : std::nullopt) {
        // Predicted, not assumed: each layout's multiplies priced from measured shapes (step_time).
        t.priced = basis;
        t.achieved_tflops = *best / 1e12;  // the fastest any layout's multiplies can run: bounds searches
        t.mfu_source = "predicted";
        t.notes.push_back(operators_note(*basis));
        return t;
    } else if (auto d = chip.default_mfu.find("training"); d != chip.default_mfu.end()) {
        const Figure& f = d->second;
        if (req.precision == "fp4") {
            errors.push_back({"mfu", "is required at fp4: no published FP4 training measurement to take a default from "
                                     "(give mfu, hfu or achieved_tflops)"});
            return std::nullopt;
        }
        t.hfu = f.value;
        t.mfu_source = f.estimate ? "assumed" : f.source;
        if (f.range) t.hfu_range = Range{f.range->first, f.range->second};
        if (f.estimate) {
            const std::string note = "mfu: assumed " + percent(f.value) + " for " + chip.name +
                                     ", which has no published training MFU" +
                                     (f.range ? "; published GPU training runs span " + percent(f.range->first) + " to " +
                                                    percent(f.range->second) + " (" + f.source + ")"
                                              : "") +
                                     ". Give a measured achieved_tflops or your own mfu to narrow it";
            t.notes.push_back(note);
        }
        // The catalogue's defaults count the FLOPs executed (Megatron-LM counts the recompute).
        if (executed != 1)
            t.notes.push_back("utilisation: the default " + percent(f.value) +
                              " counts the FLOPs executed (HFU), recompute included; on the model's FLOPs (MFU) that is " +
                              percent(f.value / executed));
        // Measured at 16 bits: at fp8 the throughput grows by the gain, not by the doubled peak.
        if (req.precision == "fp8") {
            if (auto base = sixteen_bit_peak(chip)) {
                const double to_fp8 = *base / *t.peak;
                t.gain = kFp8Gain;
                t.hfu = f.value * kFp8Gain * to_fp8;
                const Range span = t.hfu_range.value_or(Range{f.value, f.value});
                t.hfu_range = Range{span.low * kFp8GainLow * to_fp8, span.high * kFp8GainHigh * to_fp8};
                t.notes.push_back("fp8: the default utilisation was measured at 16 bits; FP8 is taken as " +
                                  format_number(kFp8Gain) + "× its throughput (" + format_number(kFp8GainLow) + "× to " +
                                  format_number(kFp8GainHigh) + "× measured, " + kFp8GainSource +
                                  "), not the doubled peak: " + percent(*t.hfu) + " of the fp8 peak");
            }
        }
    } else {
        errors.push_back({"mfu", "is required: no published training MFU for " + chip.name +
                                     " (or give achieved_tflops per accelerator)"});
        return std::nullopt;
    }
    t.achieved_tflops = *t.peak * *t.hfu;
    return t;
}

std::optional<TrainingRanges> ranges_of(const TrainingResult& r, const std::optional<Range>& hfu,
                                        const std::optional<Range>& scaling) {
    const double e = r.scaling_efficiency;
    const std::optional<Range>& power = r.footprint.power_factor;
    if (!hfu && !scaling && !power) return std::nullopt;
    TrainingRanges out;
    out.hfu = hfu;
    if (hfu) {
        const double to_model = r.model_flops / r.total_flops;
        out.mfu = Range{hfu->low * to_model, hfu->high * to_model};
    }
    out.scaling_efficiency = scaling;
    // Days go as 1 / (HFU · e): the best case is the high utilisation and efficiency, the worst the low.
    const double m = r.hfu.value_or(1);
    const double fast = (hfu ? hfu->high / m : 1) * (scaling ? scaling->high / e : 1);
    const double slow = (hfu ? hfu->low / m : 1) * (scaling ? scaling->low / e : 1);
    auto scaled = [&](double v) { return Range{v / fast, v / slow}; };
    // Energy and CO2e move with the time and, when the power is an estimate, with the power too.
    auto drawn = [&](double v) {
        return Range{v / fast * (power ? power->low : 1), v / slow * (power ? power->high : 1)};
    };
    if (hfu || scaling) {
        out.days = scaled(r.days);
        out.accelerator_hours = scaled(r.accelerator_hours);
        if (r.footprint.cost_usd) out.cost_usd = scaled(*r.footprint.cost_usd);
    }
    if (r.footprint.energy_kwh) out.energy_kwh = drawn(*r.footprint.energy_kwh);
    if (r.footprint.co2e_kg) out.co2e_kg = drawn(*r.footprint.co2e_kg);
    return out;
}

// A layout chosen on some instance count, the runners-up, and how many layouts were tried.
struct Planned {
    std::optional<LayoutOption> chosen;
    std::vector<LayoutOption> alternatives;
    int considered = 0;
};

// One estimate's stages and what they share: the request, where it runs, what is trained, the step
// model's inputs, and the result being filled, read as it stands (a later stage revises the rates an
// earlier one set). A stage that returns false has put its reasons in `errors`.
struct Job : Stages {
    const Catalogue& catalogue;
    const TrainingRequest& req;
    const Instance* inst;
    const Accelerator& chip;
    TrainingResult& r;
    const int per_instance;
    TrainedModel trained;
    int sequence = 0;  // tokens per sequence the step runs at
    std::optional<Throughput> tp;
    double overhead = 1;  // checkpoints, interruptions and restarts
    StepInputs step_in;
    std::optional<Fabric> fabric;  // fitted once, for every layout tried; step_in points at it
    double capacity = 0;           // bytes per accelerator
    MemoryLimits limits;

    Job(const Catalogue& c, const TrainingRequest& q, const Instance* i, TrainingResult& result, std::vector<FieldError>& e)
        : Stages(e), catalogue(c), req(q), inst(i), chip(c.accelerator_of(*i)), r(result),
          per_instance(int(i->accelerator_count.value)) {}
    // What is trained, its FLOPs, and the chip's throughput for it.
    bool model_the_job() {
        r.model = req.model.id;
        r.parameters = req.model.parameters;
        r.tokens = req.chinchilla ? kChinchillaTokensPerParameter * r.parameters : *req.tokens;
        if (req.chinchilla) r.notes.push_back("tokens: Chinchilla-optimal, 20 per parameter (Hoffmann et al. 2022)");

        // What is trained. The architecture carries the sequence the step runs at.
        trained.transformer = req.model;
        trained.flash_attention = req.flash_attention;
        trained.sequence_parallel = req.sequence_parallel.value_or(TrainedModel::sequence_parallel_by_default(req.recompute));
        sequence = req.model.has_shape() && req.model.sequence ? req.model.sequence
                                                               : req.sequence.value_or(kDefaultSequence);
        if (trained.transformer.has_shape()) trained.transformer.sequence = sequence;
        if (req.precision == "fp32") trained.bytes = ParameterBytes{4, 4, 8};  // no master copy: the weights are fp32
        const FineTuning::Method method = req.fine_tuning ? req.fine_tuning->method : FineTuning::Method::full;
        const bool lora = method != FineTuning::Method::full;
        if (lora && !req.model.has_shape())  // the reader refuses it; a request built in code may not
            return refuse("fine_tuning.method", "LoRA counts its adapters from the model's shape: give a catalogue model, "
                          "model.config or model.architecture");
        if (lora) {
            const FineTuning& ft = *req.fine_tuning;
            trained.adapters = Adapters{adapter_parameters(trained.transformer, ft.rank, ft.modules),
                                        method == FineTuning::Method::qlora ? kNf4BytesPerParameter : kWeightBytes16};
            r.adapter_parameters = trained.adapters->parameters;
            r.base_weight_bytes = trained.adapters->base_weight_bytes;
            if (method == FineTuning::Method::qlora)
                r.notes.push_back("qlora: the base is held in 4-bit NF4 and dequantised for every multiply; that "
                                  "dequantisation's time is not in this plan");
        }
        r.fine_tuning = req.fine_tuning ? method_name(method) : "pretraining";
        r.bytes_per_parameter = trained.bytes;
        if (trained.experts()) {
            r.active_parameters = trained.active();
            r.expert_parameters = routed_parameters(trained.transformer);
        }

        // FLOPs per token: forward 2, backward 4 per active parameter (LoRA: 2, no weight gradients),
        // recompute another forward 2; adapters are trained in full; attention's products (step_time.hpp).
        const bool full_recompute = req.recompute == Recompute::full;
        r.flops_per_parameter_token = (lora ? 4 : 6) + (full_recompute ? 2 : 0);
        r.total_flops = training_flops_per_token(trained, r.flops_per_parameter_token, full_recompute) * r.tokens;
        r.model_flops = model_flops_per_token(trained, lora ? 4 : 6) * r.tokens;

        tp = throughput_of(chip, *inst, req, r.total_flops / r.model_flops, operator_basis(catalogue, chip), errors);
        if (!tp) return false;
        r.peak_tflops = tp->peak;
        r.achieved_tflops = tp->achieved_tflops;
        r.hfu = tp->hfu;
        if (tp->hfu) r.mfu = *tp->hfu * r.model_flops / r.total_flops;  // equal without recompute
        r.precision_gain = tp->gain;
        r.mfu_source = tp->mfu_source;
        r.notes.insert(r.notes.end(), tp->notes.begin(), tp->notes.end());

        // Checkpoints, interruptions and restarts lengthen the run by the share the request gives.
        overhead = 1 + req.checkpoint_overhead.value_or(0);
        r.checkpoint_overhead = req.checkpoint_overhead;
        if (req.footprint.purchase_option == std::optional<std::string>(kSpot) && !req.checkpoint_overhead)
            r.notes.push_back("checkpoints: a job on spot saves checkpoints and restarts after interruptions; this time "
                              "includes none of that: give checkpoint_overhead, the share of time it adds");
        return true;
    }

    // The step model's inputs; the layout is chosen (or checked) at each instance count.
    void prepare_step() {
        // The step model's inputs; the layout is chosen (or checked) at each instance count.
        step_in.model = trained;
        step_in.sequence = sequence;
        step_in.recompute = req.recompute;
        step_in.flops_per_parameter_token = r.flops_per_parameter_token;
        step_in.global_batch = req.global_batch ? *req.global_batch
                                                : std::max(1, int(std::lround(kDefaultStepTokens / step_in.sequence)));
        step_in.flops_per_second = r.achieved_tflops * 1e12;
        step_in.multiplies_only = req.matrix_utilisation.has_value() || tp->priced.has_value();
        if (chip.memory_bandwidth && chip.kind != "cpu") step_in.memory_bytes_per_second = chip.memory_bandwidth->value * 1e9;
        if (tp->priced) {
            step_in.operators = tp->priced;
            step_in.precision = req.precision;
            const double bandwidth = achievable_bandwidth(*tp->priced).value_or(step_in.memory_bytes_per_second);
            const OperatorTable* kernels = section_table(catalogue, *tp->priced, &OperatorTable::elementwise);
            step_in.memory_bytes_per_second = bandwidth * (kernels ? elementwise_share(*kernels).value_or(1) : 1);
            if (const OperatorTable* rows = section_table(catalogue, *tp->priced, &OperatorTable::attention))
                if (const Accelerator* measured = catalogue.accelerator(rows->chip))
                    step_in.attention_flops_per_second = attention_rate(*rows, *measured, chip, sequence).value_or(0);
        }
        step_in.update_bytes = optimizer_update_bytes(trained.bytes, req.precision == "fp16");
        step_in.link_bytes_per_second = inst->accelerator_interconnect ? inst->accelerator_interconnect->value * 1e9 / 2
                                                                       : kPcieBytesPerSecond;
        step_in.network_bytes_per_second = inst->network ? inst->network->value * 1e9 / 8 / per_instance : 0;
        step_in.accelerators_per_instance = per_instance;
        step_in.overlap = req.overlap.value_or(kDefaultOverlap);
        step_in.overlap_by_layer = req.overlap_by_layer;
        step_in.tensor_overlap = req.tensor_overlap.value_or(0);
        step_in.pipeline_overlap = req.pipeline_overlap.value_or(0);
        step_in.expert_overlap = req.expert_overlap.value_or(0);
        step_in.deduplicated_dispatch = req.deduplicated_dispatch;
        fabric = fabric_of(catalogue, *inst);  // fitted once, for every layout tried
        step_in.fabric = fabric ? &*fabric : nullptr;
        step_in.balanced_stages = req.balanced_stages;
        step_in.layout.micro_batch = req.layout ? req.layout->micro_batch : req.micro_batch;

        capacity = chip.kind == "cpu" ? inst->memory.value * 1073741824.0 / per_instance : chip.memory.value * 1e9;
        limits = MemoryLimits{capacity, req.headroom, req.recompute};
    }

    // The layout on n instances: the request's, or the fastest that fits (none when nothing does).
    Planned plan_on(int n) const {
        Planned planned;
        if (req.layout) {
            Layout l = *req.layout;
            const long mp = long(l.tensor) * l.pipeline * l.context;
            l.data = int(std::max(1L, long(n) * per_instance / mp));
            StepInputs in = step_in;
            in.layout = l;
            planned.chosen = LayoutOption{l, step_time(in),
                                          memory_per_accelerator(trained, l, req.recompute, capacity, req.headroom),
                                          0, {}};
            planned.considered = 1;
            return planned;
        }
        TimedLayouts timed = fastest_layouts(step_in, limits, n, kLayoutsShown);
        planned.considered = timed.candidates;
        if (timed.ranked.empty()) return planned;
        planned.chosen = std::move(timed.ranked.front());
        planned.alternatives.assign(std::make_move_iterator(timed.ranked.begin() + 1),
                                    std::make_move_iterator(timed.ranked.end()));
        return planned;
    }
    // The efficiency that applies: the request's, none for a throughput measured at the job's
    // scale, else the step's compute share.
    double efficiency_of(const Planned& p, std::string& source) const {
        if (req.scaling_efficiency) {
            source = "request";
            return *req.scaling_efficiency;
        }
        if (req.achieved_tflops) {
            source = "measured at scale";  // a measurement at the job's scale already includes its losses
            return 1.0;
        }
        source = "step time";
        return p.chosen ? p.chosen->step.efficiency : 1.0;
    }
    // Executed FLOP/s per accelerator while computing: the request's or default's, or, from the
    // multiplies' rate, what the layout's memory-bound share leaves of it.
    double rate_of(const std::optional<LayoutOption>& chosen) const {
        if (step_in.multiplies_only && chosen && chosen->step.compute > 0)
            return chosen->step.executed_flops / chosen->step.compute;
        return r.achieved_tflops * 1e12;
    }
    double seconds_at(int n, double efficiency, double rate) const {
        return r.total_flops / (double(n) * per_instance * rate * efficiency) * overhead;
    }
    // Seconds on n instances; none when no layout fits there, or when the layout raises the job's
    // global batch by more than kBatchRounding to give each replica whole micro-batches (that
    // changes the training recipe; it does not speed the job up).
    std::optional<double> seconds_on(int n) const {
        Planned p = plan_on(n);
        if (!p.chosen && !req.layout) return std::nullopt;
        if (p.chosen && p.chosen->step.global_batch > step_in.global_batch * (1 + kBatchRounding)) return std::nullopt;
        std::string source;
        return seconds_at(n, efficiency_of(p, source), rate_of(p.chosen));
    }
    // The fewest instances on which some layout fits (1 with the request's own layout): where the
    // budget and deadline searches start.
    SecondsOn seconds_on_fn() const {
        return [this](int n) { return seconds_on(n); };
    }
    int fewest_instances() const {
        if (req.layout) return 1;
        LayoutSearch lean = find_layout(trained, req.recompute, 1, per_instance, capacity, req.headroom,
                                        step_in.layout.micro_batch);
        return !lean.layout && lean.minimum_instances ? *lean.minimum_instances : 1;
    }

    // Counts below this cannot meet a deadline: the job at every accelerator's full rate, with no
    // scaling loss beyond the request's own efficiency.
    int ideal_count(double seconds) const {
        const double ideal = seconds_at(1, req.scaling_efficiency.value_or(1.0), r.achieved_tflops * 1e12);
        return ideal / seconds >= kMaxInstances ? int(kMaxInstances) : std::max(1, int(std::ceil(ideal / seconds * (1 - 1e-12))));
    }

    // The instance count: the request's, the fastest within its budget, or the cheapest that meets
    // its deadline.
    bool choose_count(int& n) {
        // The most instances a search may take: what one account can hold under the purchase option
        // where AWS publishes it (Capacity Blocks), else kMaxInstances.
        const std::string option = req.footprint.purchase_option.value_or(kOnDemand);
        const CapacityFact* held = option == kCapacityBlock ? catalogue.capacity_fact(kCapacityBlock, "instances_in_blocks") : nullptr;
        const int most = held ? int(std::min(held->figure.value, kMaxInstances)) : int(kMaxInstances);
        if (req.instance_count) {
            n = *req.instance_count;
            return true;
        }
        return req.budget_usd ? count_within_budget(most, n) : count_within_deadline(held, most, n);
    }

    bool count_within_budget(int most, int& n) {
        // Cost per instance-hour is the same at every count, so the budget holds a fixed number of
        // instance-seconds; the fastest plan within it is searched over every count.
        r.budget_usd = req.budget_usd;
        auto money = [](double usd) { return format_number(std::ceil(usd)) + " USD"; };
        const int fewest = fewest_instances();
        auto hourly = footprint(catalogue, *inst, 1.0, req.footprint);
        if (!hourly.ok()) {
            errors = hourly.errors;
            return false;
        }
        if (!hourly.value.cost_usd)
            return refuse("budget_usd", "needs a price for " + inst->id + ": give price_usd_per_hour");
        const double per_second = *hourly.value.cost_usd / 3600;
        const auto choice = fastest_within_budget(seconds_on_fn(), {fewest, most}, *req.budget_usd / per_second);
        if (!choice) {
            const auto at_fewest = seconds_on(fewest);
            const std::string cheapest = at_fewest ? money(*at_fewest * fewest * per_second) : std::string("more");
            if (fewest > 1)
                return refuse("budget_usd", "is too small for the model on " + inst->id + ": it needs at least " +
                              std::to_string(fewest) + " instances, at " + cheapest);
            return refuse("budget_usd", "is below the cheapest plan on " + inst->id + ", one instance at " + cheapest);
        }
        n = choice->count;
        r.notes.push_back("instances: " + std::to_string(n) + ", the fastest within the budget, of every count from " +
                          std::to_string(choice->scanned_from) + " to " + std::to_string(choice->scanned_to) +
                          " planned one by one (time is not monotone in the count)");
        return true;
    }

    bool count_within_deadline(const CapacityFact* held, int most, int& n) {
        r.deadline_days = req.deadline_days;
        const double deadline = *req.deadline_days * kSecondsPerDay;
        const int fewest = fewest_instances();
        const auto choice = cheapest_within_deadline(
            seconds_on_fn(), {std::min(most, std::max(fewest, ideal_count(deadline))), most}, deadline);
        if (!choice && !plan_on(most).chosen)
            return refuse("recompute", "the model does not fit in memory on up to " + std::to_string(most) + " instances of " + inst->id +
                          " with this recompute: recompute more (selective or full) or choose a type with more memory");
        if (!choice && held)
            return refuse("deadline_days", "cannot be met with the " + std::to_string(most) + " instances of " + inst->id +
                          " one account may hold across Capacity Blocks (AWS EC2 User Guide, read " +
                          catalogue.as_of(held->figure) + "): choose another purchase option");
        if (!choice)
            return refuse("deadline_days", "cannot be met with up to " + std::to_string(most) + " instances of " + inst->id +
                          " at the job's global batch of " + std::to_string(step_in.global_batch) +
                          " sequences (a larger global_batch allows more replicas)");
        n = choice->count;
        if (n == choice->first_meeting)
            r.notes.push_back("instances: " + std::to_string(n) + ", the fewest that meet the deadline, of every count from " +
                              std::to_string(choice->scanned_from) + " to " + std::to_string(choice->scanned_to) +
                              " planned one by one (time is not monotone in the count)");
        else
            r.notes.push_back("instances: " + std::to_string(n) + ", the cheapest that meet the deadline (the fewest, " +
                              std::to_string(choice->first_meeting) + ", costs more), of every count from " +
                              std::to_string(choice->scanned_from) + " to " + std::to_string(choice->scanned_to) +
                              " planned one by one (time is not monotone in the count)");
        if (fewest > 1 && n == fewest)
            r.notes.push_back("instances: " + std::to_string(n) + ", the fewest on which the model fits in memory");
        return true;
    }

    // A layout the request gives, against the instance and the model.
    bool check_layout() {
        if (req.layout) {
            const Layout& l = *req.layout;
            if (l.tensor > per_instance || per_instance % l.tensor)
                return refuse("layout.tensor", "must divide the " + std::to_string(per_instance) + " accelerators of one " +
                              inst->id + " (tensor parallelism stays inside an instance)");
            const long mp = long(l.tensor) * l.pipeline * l.context;
            if (r.accelerators % mp && l.context > 1)
                return refuse("layout.context", "tensor × pipeline × context (" + std::to_string(mp) + ") must divide the " +
                              std::to_string(r.accelerators) + " accelerators");
            if (r.accelerators % mp)
                return refuse("layout.pipeline", "tensor × pipeline (" + std::to_string(mp) + ") must divide the " +
                              std::to_string(r.accelerators) + " accelerators");
            if (req.model.has_shape() && l.pipeline > req.model.layers)
                return refuse("layout.pipeline", "cannot exceed the model's " + std::to_string(req.model.layers) + " layers");
            if (req.model.has_shape() && long(l.pipeline) * l.interleave > req.model.layers)
                return refuse("layout.interleave", "pipeline × interleave cannot exceed the model's " +
                              std::to_string(req.model.layers) + " layers");
            if ((r.accelerators / mp) % l.expert)
                return refuse("layout.expert", "must divide the data-parallel degree, " + std::to_string(r.accelerators / mp));
            if (l.context > 1 && sequence % l.context)
                return refuse("layout.context", "must divide the sequence of " + std::to_string(sequence) + " tokens");
        }
        return true;
    }

    // The plan's layout, memory and step: the chosen layout's, or when nothing fits the leanest's.
    void adopt(Planned& planned, int n) {
        r.layouts_considered = planned.considered;
        // A layout the request fixes is planned as given, and says so when memory cannot hold it (the
        // published runs the accuracy page reproduces sit near the limit, where the memory estimate's
        // own error decides): `fits` is false and the note gives the figures.
        if (req.layout && planned.chosen && !planned.chosen->memory.fits) {
            const MemoryBreakdown& m = planned.chosen->memory;
            r.notes.push_back("memory: this layout needs " + format_number(std::ceil(m.total / 1e8) / 10) +
                              " GB per accelerator, more than the " + format_number(std::floor(m.usable / 1e8) / 10) +
                              " GB usable on each " + chip.name + ", so it would not run as planned: raise layout.tensor, "
                              "layout.pipeline or layout.zero, or leave the layout to the planner");
        }
        if (planned.chosen) {
            r.layout = planned.chosen->layout;
            r.memory = planned.chosen->memory;
            r.fits = r.memory.fits;
            r.step = planned.chosen->step;
            r.alternatives = std::move(planned.alternatives);
        } else {
            // Nothing fits: the time is that of the leanest layout, ZeRO-3 over the widest tensor
            // degree, and the plan says how many instances it needs.
            LayoutSearch search = find_layout(trained, req.recompute, n, per_instance, capacity, req.headroom,
                                              step_in.layout.micro_batch);
            r.memory = search.memory;
            r.minimum_instances = search.minimum_instances;
            StepInputs in = step_in;
            in.layout = leanest_layout(r.accelerators, per_instance, step_in.layout.micro_batch,
                                       most_context(trained.transformer));
            r.step = step_time(in);
            planned.chosen = LayoutOption{in.layout, *r.step, r.memory, 0, {}};
        }
        r.overlap = r.step->overlap;
        r.tensor_overlap = step_in.tensor_overlap;
        r.pipeline_overlap = step_in.pipeline_overlap;
        r.expert_overlap = step_in.expert_overlap;
        r.deduplicated_dispatch = step_in.deduplicated_dispatch;
        r.balanced_stages = step_in.balanced_stages;
    }

    // The utilisation the chosen layout implies, and its range where priced from operator tables.
    void derive_utilisation(const Planned& planned) {
        r.scaling_efficiency = efficiency_of(planned, r.scaling_source);
        if (step_in.multiplies_only) {  // the end-to-end utilisation is the chosen layout's
            r.matrix_utilisation = req.matrix_utilisation;
            r.achieved_tflops = rate_of(planned.chosen) / 1e12;
            r.hfu = r.achieved_tflops / *r.peak_tflops;
            r.mfu = *r.hfu * r.model_flops / r.total_flops;
            if (tp->priced && planned.chosen && planned.chosen->step.multiply_rate > 0) {
                const StepTime& st = planned.chosen->step;
                r.matrix_utilisation = st.multiply_rate / (*r.peak_tflops * 1e12);
                // The range: the step's compute at the products' slowest and fastest priced rates.
                const double products = st.executed_flops / st.multiply_rate, rest = st.compute - products;
                auto hfu_at = [&](double rate) { return st.executed_flops / (st.executed_flops / rate + rest) / (*r.peak_tflops * 1e12); };
                tp->hfu_range = Range{hfu_at(st.multiply_rate_low), hfu_at(st.multiply_rate_high)};
            }
        } else if (r.peak_tflops && r.step && r.step->memory > 0 && r.step->compute > r.step->memory + r.step->optimizer) {
            const double matrix = r.step->executed_flops / (r.step->compute - r.step->memory - r.step->optimizer) /
                                  (*r.peak_tflops * 1e12);
            if (matrix <= 1) r.matrix_utilisation = matrix;
        }
    }

    void time_the_run(const Planned& planned, int n) {
        r.seconds = seconds_at(n, r.scaling_efficiency, rate_of(planned.chosen));
        r.days = r.seconds / kSecondsPerDay;
        r.tokens_per_second_per_accelerator = r.tokens / r.seconds / r.accelerators;
        r.accelerator_hours = r.seconds / 3600 * r.accelerators;
        r.instance_hours = r.seconds / 3600 * n;
    }

    // What the plan assumed and what to act on; the scaling efficiency's range where the overlap is assumed.
    std::optional<Range> add_notes(const Planned& planned) {
        if (r.step && r.step->global_batch > step_in.global_batch)
            r.notes.push_back("global_batch: raised from " + std::to_string(step_in.global_batch) + " to " +
                              std::to_string(r.step->global_batch) + " sequences so that each of the " +
                              std::to_string(r.layout ? r.layout->data : 1) + " replicas has a micro-batch");
        // Advice worth acting on: one stage carrying a tenth more than the others costs a tenth of the
        // run, and counting the embedding and the loss as layers saves part of it when they weigh
        // about a layer (not when a layer outweighs the output layer by far).
        if (r.step && planned.chosen && !step_in.balanced_stages && r.scaling_source == "step time" &&
            r.step->stages >= 0.01 * r.step->compute) {
            StepInputs balanced = step_in;
            balanced.layout = planned.chosen->layout;
            balanced.balanced_stages = true;
            const double shorter = 1 - step_time(balanced).step / r.step->step;
            if (shorter >= 0.005)
                r.notes.push_back("pipeline: the last stage also runs the output layer, so the others wait for it: " +
                                  percent(r.step->stages / r.step->compute) +
                                  " of the compute; a balanced pipeline_split (Megatron-LM's account_for_embedding_in_pipeline_split "
                                  "and account_for_loss_in_pipeline_split) makes the step " + percent(shorter) + " shorter");
        }
        if (!req.global_batch && r.scaling_source == "step time")
            r.notes.push_back("global_batch: assumed " + std::to_string(step_in.global_batch) + " sequences of " +
                              std::to_string(step_in.sequence) + " tokens per step (about 4M tokens); give global_batch");
        const bool sequence_given = req.sequence || (req.model.has_shape() && req.model.sequence);
        if (!sequence_given && r.scaling_source == "step time")
            r.notes.push_back("sequence: assumed " + std::to_string(kDefaultSequence) + " tokens; give sequence");
        if (!req.model.has_shape() && r.scaling_source == "step time")
            r.notes.push_back("step: no architecture given: the hidden size " + format_number(hidden_of(r.parameters)) +
                              " estimated from the parameters (128 per layer)");
        if (!inst->accelerator_interconnect && per_instance > 1 && r.scaling_source == "step time")
            r.notes.push_back("interconnect: none published for " + inst->id +
                              "; collectives inside the instance assumed at PCIe 4.0 speed, 25 GB/s");
        // The overlap of data-parallel traffic with compute is an assumption unless the request gives it.
        std::optional<Range> scaling;
        if (r.scaling_source == "step time" && !req.overlap && !req.overlap_by_layer && r.step && (r.step->data > 0 || r.step->context > 0)) {
            StepInputs in = step_in;
            in.layout = planned.chosen->layout;
            in.overlap = 0;
            const double low = step_time(in).efficiency;
            in.overlap = 1;
            const double high = step_time(in).efficiency;
            if (high > low) scaling = Range{low, high};
        }

        if (!req.model.has_shape())
            r.notes.push_back("memory: activations not included; give model.architecture to include them");
        if (req.layout && req.model.mixture_of_experts() && req.layout->expert == 1)
            r.notes.push_back("layout: expert parallelism 1 (layout.expert is 1 or not given): every data-parallel rank holds "
                              "every expert (gathered under ZeRO-3); give layout.expert, or leave out layout to search it");
        if (r.step && step_in.fabric && (r.step->data_over_network || r.step->expert_over_network))
            for (std::string& note : collectives_notes(*step_in.fabric, *inst, r.step->expert_over_network, req.deduplicated_dispatch))
                r.notes.push_back(std::move(note));
        if (req.recipe_recompute)
            r.notes.push_back("recompute: " + req.recipe_recompute->value + ", as " + req.model.id + "'s published recipe sets it (" +
                              req.recipe_recompute->source + "); give recompute to choose another");
        return scaling;
    }

    // The run's money, energy and CO2e, and the ranges of every figure.
    bool add_footprint(int n, const std::optional<Range>& scaling) {
        const std::optional<LoadPower> load = load_power(catalogue, *inst, training_mix(r.step));
        auto fp = footprint(catalogue, *inst, r.instance_hours, req.footprint, "", load ? &*load : nullptr);
        if (!fp.ok()) {
            errors = fp.errors;
            return false;
        }
        r.footprint = std::move(fp.value);
        r.notes.insert(r.notes.end(), r.footprint.notes.begin(), r.footprint.notes.end());
        for (std::string& note : capacity_notes(catalogue, *inst, r.footprint.purchase_option, n, r.days))
            r.notes.push_back(std::move(note));

        for (double v : {r.seconds, r.total_flops, r.footprint.cost_usd.value_or(0), r.footprint.energy_kwh.value_or(0),
                         r.memory.total})
            if (!std::isfinite(v)) return refuse("tokens", "the job is too large to estimate");
        r.range = ranges_of(r, tp->hfu_range, scaling);
        return true;
    }
};

}  // namespace

Checked<TrainingResult> estimate_training(const Catalogue& catalogue, const TrainingRequest& req) {
    Checked<TrainingResult> out;
    TrainingResult& r = out.value;
    const Instance* inst = catalogue.find_for(req.instance, kTrain, out.errors);
    if (!inst) return out;
    Job job(catalogue, req, inst, r, out.errors);
    if (!job.model_the_job()) return out;
    job.prepare_step();
    int n = 0;
    if (!job.choose_count(n)) return out;
    r.instances = n;
    r.accelerators = n * job.per_instance;
    Planned planned = job.plan_on(n);
    if (!job.check_layout()) return out;
    job.adopt(planned, n);
    job.derive_utilisation(planned);
    job.time_the_run(planned, n);
    const std::optional<Range> scaling = job.add_notes(planned);
    job.add_footprint(n, scaling);
    return out;
}

void to_json(json& j, const TrainingResult& r) {
    members(j, {{"model", r.model},
             {"parameters", r.parameters},
             {"fine_tuning", r.fine_tuning},
             {"bytes_per_parameter", {{"weights", r.bytes_per_parameter.weights},
                                      {"gradients", r.bytes_per_parameter.gradients},
                                      {"optimizer", r.bytes_per_parameter.optimizer}}},
             {"tokens", r.tokens},
             {"flops_per_parameter_token", r.flops_per_parameter_token},
             {"total_flops", r.total_flops},
             {"model_flops", r.model_flops},
             {"instances", r.instances},
             {"accelerators", r.accelerators},
             {"achieved_tflops", r.achieved_tflops},
             {"mfu_source", r.mfu_source},
             {"scaling_efficiency", r.scaling_efficiency},
             {"scaling_source", r.scaling_source},
             {"seconds", r.seconds},
             {"tokens_per_second_per_accelerator", r.tokens_per_second_per_accelerator},
             {"days", r.days},
             {"accelerator_hours", r.accelerator_hours},
             {"instance_hours", r.instance_hours},
             {"memory", r.memory},
             {"fits", r.fits},
             {"notes", r.notes}});
    optional_member(j, "active_parameters", r.active_parameters);
    optional_member(j, "expert_parameters", r.expert_parameters);
    optional_member(j, "adapter_parameters", r.adapter_parameters);
    optional_member(j, "base_weight_bytes", r.base_weight_bytes);
    optional_member(j, "precision_gain", r.precision_gain);
    optional_member(j, "peak_tflops", r.peak_tflops);
    optional_member(j, "mfu", r.mfu);
    optional_member(j, "hfu", r.hfu);
    optional_member(j, "matrix_utilisation", r.matrix_utilisation);
    optional_member(j, "deadline_days", r.deadline_days);
    optional_member(j, "checkpoint_overhead", r.checkpoint_overhead);
    optional_member(j, "budget_usd", r.budget_usd);
    if (r.step) {
        j["step"] = *r.step;
        j["overlap"] = r.overlap;
        j["tensor_overlap"] = r.tensor_overlap;
        j["pipeline_overlap"] = r.pipeline_overlap;
        j["expert_overlap"] = r.expert_overlap;
        j["expert_dispatch"] = r.deduplicated_dispatch ? "deduplicated" : "all_to_all";
        j["pipeline_split"] = r.balanced_stages ? "balanced" : "even";
        j["alternatives"] = r.alternatives;
        j["layouts_considered"] = r.layouts_considered;
    }
    add_to_json(j, r.footprint);
    j["layout"] = r.layout ? json(*r.layout) : json(nullptr);
    j["minimum_instances"] = r.minimum_instances ? json(*r.minimum_instances) : json(nullptr);
    if (r.range) {  // over the footprint's own range (power_watts), energy and CO2e with time and power
        range_member(j, "days", r.range->days);
        range_member(j, "accelerator_hours", r.range->accelerator_hours);
        range_member(j, "mfu", r.range->mfu);
        range_member(j, "hfu", r.range->hfu);
        range_member(j, "scaling_efficiency", r.range->scaling_efficiency);
        range_member(j, "cost_usd", r.range->cost_usd);
        range_member(j, "energy_kwh", r.range->energy_kwh);
        range_member(j, "co2e_kg", r.range->co2e_kg);
    }
}

}  // namespace planner
