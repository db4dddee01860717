#include "training_throughput.hpp"

#include <algorithm>
#include <cmath>

#include "planner/request_reader.hpp"
#include "planner/messages.hpp"

namespace planner {
namespace training_throughput {

namespace {

// The catalogue's training utilisations were measured at 16-bit precision. FP8 runs the matrix
// multiplies at twice that peak, but the rest of the step (attention, norms, casts, communication)
// does not speed up: llm-foundry's MPT-1B and 3B on 8 H100 run 1.00× to 1.35× as many tokens per
// second in FP8 as in BF16 (six pairs at the same settings, sequences 32768 down to 512; median
// 1.13×). The default on FP8 is the 16-bit throughput times this gain; FP4 has no published
// training measurement, so it has no default.
constexpr double kFp8Gain = 1.13, kFp8GainLow = 1.0, kFp8GainHigh = 1.35;
constexpr const char* kFp8GainSource = "llm-foundry-mpt-benchmarks";


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

Note operators_note(const OperatorBasis& basis) {
    std::vector<std::string> parts = table_citation(*basis.table);
    if (!basis.borrowed()) return {msg::compute_predicted, parts};
    for (std::string& part : borrowed_parts(basis)) parts.push_back(std::move(part));
    return {msg::compute_predicted_borrowed, parts};
}

}  // namespace

std::string percent(double fraction) { return format_number(std::round(fraction * 1000) / 10) + "%"; }

namespace {

// The chip's published (or assumed) training utilisation `f`, an HFU, with its notes; at fp8 the
// 16-bit figure times the measured gain.
bool take_default(const Accelerator& chip, const Figure& f, const TrainingRequest& req, double executed, Throughput& t,
                  std::vector<FieldError>& errors) {
    if (req.precision == "fp4") {
        errors.push_back(coded("mfu", msg::fp4_needs_utilisation));
        return false;
    }
    t.hfu = f.value;
    t.mfu_source = f.estimate ? "assumed" : f.source;
    if (f.range) t.hfu_range = Range{f.range->first, f.range->second};
    if (f.estimate) {
        if (f.range)
            t.notes.push_back({msg::mfu_assumed_span,
                               {percent(f.value), chip.name, percent(f.range->first), percent(f.range->second), f.source}});
        else
            t.notes.push_back({msg::mfu_assumed, {percent(f.value), chip.name}});
    }
    // The catalogue's defaults count the FLOPs executed (Megatron-LM counts the recompute).
    if (executed != 1)
        t.notes.push_back({msg::utilisation_hfu, {percent(f.value), percent(f.value / executed)}});
    // Measured at 16 bits: at fp8 the throughput grows by the gain, not by the doubled peak.
    if (req.precision == "fp8") {
        if (auto base = sixteen_bit_peak(chip)) {
            const double to_fp8 = *base / *t.peak;
            t.gain = kFp8Gain;
            t.hfu = f.value * kFp8Gain * to_fp8;
            const Range span = t.hfu_range.value_or(Range{f.value, f.value});
            t.hfu_range = Range{span.low * kFp8GainLow * to_fp8, span.high * kFp8GainHigh * to_fp8};
            t.notes.push_back({msg::fp8_gain, {format_number(kFp8Gain), format_number(kFp8GainLow), format_number(kFp8GainHigh), kFp8GainSource, percent(*t.hfu)}});
        }
    }
    return true;
}

}  // namespace

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
        errors.push_back(coded("precision", msg::no_units, {chip.name, req.precision, formats}));
        return std::nullopt;
    }
    if (auto peak = chip.peak_tflops.find(req.precision); peak != chip.peak_tflops.end()) t.peak = peak->second.value;
    if (req.achieved_tflops) {
        t.achieved_tflops = *req.achieved_tflops;
        t.mfu_source = "measured";
        if (t.peak && t.achieved_tflops > *t.peak) {
            errors.push_back(coded("achieved_tflops", msg::above_peak, {req.precision, format_number(*t.peak)}));
            return std::nullopt;
        }
        if (t.peak) t.hfu = t.achieved_tflops / *t.peak;
        return t;
    }
    if (!t.peak) {
        errors.push_back(coded(req.mfu || req.hfu || req.matrix_utilisation ? "precision" : "achieved_tflops",
                               msg::no_dense_peak_for_mfu, {inst.id, req.precision}));
        return std::nullopt;
    }
    if (req.matrix_utilisation) {  // the multiplies' rate; the end-to-end figure comes with the layout
        if (!chip.memory_bandwidth) {
            errors.push_back(coded("matrix_utilisation", msg::no_bandwidth_for_memory_work, {chip.name}));
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
            errors.push_back(coded("mfu", msg::above_peak_with_recompute, {percent(1 / executed)}));
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
        if (!take_default(chip, d->second, req, executed, t, errors)) return std::nullopt;
    } else {
        errors.push_back(coded("mfu", msg::no_training_mfu, {chip.name}));
        return std::nullopt;
    }
    t.achieved_tflops = *t.peak * *t.hfu;
    return t;
}

std::optional<TrainingRanges> ranges_of(const TrainingResult& r, const std::optional<Range>& hfu,
                                        const std::optional<Range>& scaling, const ErrorBand* band) {
    const double e = r.scaling_efficiency;
    const std::optional<Range>& power = r.footprint.power_factor;
    if (!hfu && !scaling && !power && !band) return std::nullopt;
    TrainingRanges out;
    // Days go as 1 / (HFU · e): the best case is the high utilisation and efficiency, the worst the
    // low. The model's own error, where it predicts, widens both ends to what it has missed by.
    const double m = r.hfu.value_or(1);
    double fast = (hfu ? hfu->high / m : 1) * (scaling ? scaling->high / e : 1);
    double slow = (hfu ? hfu->low / m : 1) * (scaling ? scaling->low / e : 1);
    if (band) {
        fast = std::max(fast, 1 / band->low);
        slow = std::min(slow, 1 / band->high);
    }
    out.hfu = hfu;
    if (band) out.hfu = Range{std::min(hfu ? hfu->low : m, m / band->high), std::max(hfu ? hfu->high : m, m / band->low)};
    if (out.hfu) {
        const double to_model = r.model_flops / r.total_flops;
        out.mfu = Range{out.hfu->low * to_model, out.hfu->high * to_model};
    }
    out.scaling_efficiency = scaling;
    auto scaled = [&](double v) { return Range{v / fast, v / slow}; };
    // Energy and CO2e move with the time and, when the power is an estimate, with the power too.
    auto drawn = [&](double v) {
        return Range{v / fast * (power ? power->low : 1), v / slow * (power ? power->high : 1)};
    };
    if (hfu || scaling || band) {
        out.days = scaled(r.days);
        out.accelerator_hours = scaled(r.accelerator_hours);
        out.tokens_per_second = Range{r.tokens_per_second_per_accelerator * slow, r.tokens_per_second_per_accelerator * fast};
        if (r.step) out.step_seconds = scaled(r.step->step);
        if (r.footprint.cost_usd) out.cost_usd = scaled(*r.footprint.cost_usd);
    }
    if (r.footprint.energy_kwh) out.energy_kwh = drawn(*r.footprint.energy_kwh);
    if (r.footprint.co2e_kg) out.co2e_kg = drawn(*r.footprint.co2e_kg);
    return out;
}

}  // namespace training_throughput
}  // namespace planner
