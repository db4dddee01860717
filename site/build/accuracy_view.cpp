#include "accuracy_view.hpp"

#include <cmath>
#include <optional>

#include "text.hpp"

namespace site {

using nlohmann::json;

namespace {

std::string string_of(const json& strings, const std::string& key) {
    auto it = strings.find(key);
    return it != strings.end() && it->is_string() ? it->get<std::string>() : key;
}

// "+1.2%", "−0.3%", "0.0%"
std::string signed_percent(double fraction) {
    const double p = std::round(fraction * 1000) / 10;
    if (p == 0) return "0.0%";
    return (p > 0 ? "+" : "\u2212") + format_grouped(std::abs(p), 1) + (std::abs(p) == std::floor(std::abs(p)) ? ".0%" : "%");
}

std::string percent(double fraction) {
    const double p = std::round(std::abs(fraction) * 1000) / 10;
    return format_grouped(p, 1) + (p == std::floor(p) ? ".0%" : "%");
}

// A summary figure beside its target: to the hundredth where a tenth would read as the target itself
// ("10.03%" against 10%, which it misses).
std::string percent_against(double fraction, std::optional<double> target) {
    const double tenth = std::round(std::abs(fraction) * 1000) / 10;
    if (!target || tenth != std::round(*target * 1000) / 10 || std::abs(fraction) == *target) return percent(fraction);
    return format_grouped(std::round(std::abs(fraction) * 10000) / 100, 2) + "%";
}

// A case's text, escaped, with `identifiers` (config keys, file names, ids) set as code: they stay
// as the source spells them in either language.
std::string with_code(std::string_view text) {
    std::string out;
    bool code = false;
    for (std::size_t start = 0;;) {
        const std::size_t tick = text.find('`', start);
        escape_html(text.substr(start, tick == std::string_view::npos ? std::string_view::npos : tick - start), out);
        if (tick == std::string_view::npos) break;
        out += code ? "</code>" : "<code>";
        code = !code;
        start = tick + 1;
    }
    if (code) out += "</code>";
    return out;
}

std::string with_unit(const std::string& number, const std::string& unit) {
    return unit.empty() ? number : unit.rfind("%", 0) == 0 || unit.rfind("×", 0) == 0 || unit[0] == '/' ? number + unit : number + " " + unit;
}

// The headline: the test third predicted without anchors (planner::without_anchors), by kind and in
// all, against the targets of "Predict, don't calibrate" (median ≤ 10%, worst ≤ 35%).
constexpr double kPredictionMedianTarget = 0.10, kPredictionWorstTarget = 0.35;

// The test third's ranges: how many of the predictions that carry one hold the published value
// (the target: 80% or more), and their median width over the planned value, so that a range
// widened to catch cases shows as wider.
constexpr double kInRangeTarget = 0.80;

// Whether a case is of `kind` ("": any) and reads `read` ("": any figure).
bool of(const planner::CaseResult& r, const std::string& kind, const std::string& read) {
    return (kind.empty() || r.c.kind == kind) && (read.empty() || (!r.c.read.empty() && r.c.read[0] == read));
}

// Of every kind's cases, or of one `kind`'s (and one figure it reads).
json range_view(const std::vector<planner::CaseResult>& predicted, const std::string& kind = "", const std::string& read = "") {
    int ranged = 0, inside = 0;
    std::vector<double> widths;
    for (const planner::CaseResult& r : predicted) {
        if (!planner::in_test_third(r.c.id) || !planner::is_prediction(r.c.kind) || !r.planned || !r.range) continue;
        if (!of(r, kind, read)) continue;
        ++ranged;
        inside += r.published_in_range;
        if (*r.planned != 0) widths.push_back((r.range->high - r.range->low) / std::abs(*r.planned));
    }
    // "has" rather than a count the template would read as true when 0.
    if (!ranged) return {{"has", false}};
    const double share = double(inside) / ranged;
    return {{"has", true}, {"ranged", ranged}, {"inside", inside}, {"share", percent(share)},
            {"width", percent(planner::median_abs(widths))}, {"met", share >= kInRangeTarget}};
}

// The serving cases by the figure each reads, as issue 37 sets its targets (TTFT, TPOT, throughput).
const std::pair<const char*, const char*> kServingMeasures[] = {
    {"serve.ttft_ms", "acc_measure_ttft"}, {"serve.tpot_ms", "acc_measure_tpot"}, {"serve.output_tokens_per_second", "acc_measure_throughput"}};

// One row of the table: the test third's cases of `kind` (reading `read`, when given).
json kind_row(const std::vector<planner::CaseResult>& predicted, const std::string& kind, const std::string& read,
              std::vector<double>& errors, int& missing) {
    for (const planner::CaseResult& r : predicted) {
        if (!of(r, kind, read) || !planner::in_test_third(r.c.id)) continue;
        if (r.planned) errors.push_back(r.error);
        else ++missing;
    }
    double worst = 0;
    for (double e : errors) worst = std::max(worst, std::abs(e));
    // A kind with nothing predicted shows dashes (a missing key would take the headline's figure
    // from the template's enclosing context).
    return {{"anchor", "kind-" + kind}, {"cases", errors.size()}, {"unpredicted", missing},
            {"range", range_view(predicted, kind, read)},
            {"median", errors.empty() ? "—" : percent(planner::median_abs(errors))},
            {"worst", errors.empty() ? "—" : percent(worst)}};
}

json prediction_view(const std::vector<planner::CaseResult>& predicted, const std::string& lang, const json& strings) {
    std::vector<double> all;
    int test = 0, unpredicted = 0;
    json kinds = json::array();
    for (const std::string& kind : planner::kAccuracyKinds) {
        if (!planner::is_prediction(kind)) continue;
        std::vector<double> errors;
        int missing = 0;
        json row = kind_row(predicted, kind, "", errors, missing);
        if (errors.empty() && !missing) continue;
        test += int(errors.size()) + missing;
        unpredicted += missing;
        all.insert(all.end(), errors.begin(), errors.end());
        row["name"] = string_of(strings, "acc_kind_" + kind);
        kinds.push_back(std::move(row));
        if (kind != "serving") continue;
        for (const auto& [read, name] : kServingMeasures) {
            std::vector<double> measured;
            int none = 0;
            json part = kind_row(predicted, kind, read, measured, none);
            if (measured.empty() && !none) continue;
            part.update({{"name", string_of(strings, name)}, {"sub", true}});
            kinds.push_back(std::move(part));
        }
    }
    // The worst miss, named (and linked to its row) by the headline when it misses the target.
    const planner::CaseResult* worst_case = nullptr;
    for (const planner::CaseResult& r : predicted)
        if (planner::is_prediction(r.c.kind) && planner::in_test_third(r.c.id) && r.planned &&
            (!worst_case || std::abs(r.error) > std::abs(worst_case->error)))
            worst_case = &r;
    const double worst = worst_case ? std::abs(worst_case->error) : 0;
    const double median = planner::median_abs(all);
    return {{"test_cases", test}, {"predicted", all.size()}, {"unpredicted", unpredicted},
            {"median", percent(median)}, {"worst", percent(worst)},
            {"worst_id", worst_case ? worst_case->c.id : ""}, {"worst_title", worst_case ? worst_case->c.title.in(lang) : ""},
            {"median_met", !all.empty() && median <= kPredictionMedianTarget},
            {"worst_met", !all.empty() && worst <= kPredictionWorstTarget},
            {"ranges", range_view(predicted)}, {"kinds", std::move(kinds)}};
}

}  // namespace

json accuracy_view(const std::vector<planner::CaseResult>& results, const std::vector<planner::CaseResult>& predicted,
                   const std::string& lang, const json& strings, const std::string& references) {
    json groups = json::array();
    std::vector<double> complete;
    for (const std::string& kind : planner::kAccuracyKinds) {
        json rows = json::array();
        for (const planner::CaseResult& r : results) {
            if (r.c.kind != kind || !r.planned) continue;
            const std::string unit = string_of(strings, "acc_unit_" + r.c.unit);
            const auto target = planner::target_of(kind);
            json row = {{"id", r.c.id},
                        {"title", r.c.title.in(lang)},
                        {"inputs", with_code(r.c.inputs.in(lang))},
                        {"basis", r.c.basis},
                        {"basis_name", string_of(strings, "acc_basis_" + r.c.basis)},
                        {"complete", r.c.basis == "complete"},
                        {"published", with_unit(format_display(r.c.published), unit)},
                        {"planned", with_unit(format_display(*r.planned), unit)},
                        {"error", signed_percent(r.error)},
                        {"bound", "\u00B1" + percent(r.c.bound)},
                        {"beyond_target", target && target->worst && std::abs(r.error) > *target->worst},
                        {"source_url", references + "#src-" + r.c.source},
                        {"source", r.c.source}};
            if (!r.c.locator.empty()) row["locator"] = r.c.locator;
            if (r.c.why) row["why"] = with_code(r.c.why->in(lang));
            if (r.range) {
                row["range"] = with_unit(format_display(r.range->low) + "\u2013" + format_display(r.range->high), unit);
                row["in_range"] = r.published_in_range;
            }
            // The lead sentence speaks for the kinds held to the site's targets.
            if (r.c.basis == "complete" && target == planner::AccuracyTarget{}) complete.push_back(r.error);
            rows.push_back(std::move(row));
        }
        if (rows.empty()) continue;
        groups.push_back({{"kind", kind}, {"name", string_of(strings, "acc_kind_" + kind)}, {"anchor", "kind-" + kind},
                          {"count", rows.size()}, {"rows", std::move(rows)}});
    }
    json summary = json::array();
    for (const planner::KindSummary& s : planner::summarise(results)) {
        json row = {{"kind", s.kind},
                    {"name", string_of(strings, "acc_kind_" + s.kind)},
                    {"anchor", "kind-" + s.kind},
                    {"cases", s.cases},
                    {"complete", s.complete},
                    {"median_all", percent(s.median_all)},
                    {"worst_all", percent(s.worst_all)},
                    {"worst_id", s.worst_id},
                    {"prediction", planner::is_prediction(s.kind)}};
        if (auto target = planner::target_of(s.kind); target && s.median_complete) {
            row["target"] = percent(target->median) + (target->worst ? " / " + percent(*target->worst) : "");
            row["target_met"] = *s.median_complete <= target->median &&
                                (!target->worst || (s.worst_complete && *s.worst_complete <= *target->worst));
        }
        for (const planner::CaseResult& r : results)
            if (r.c.id == s.worst_id) row["worst_title"] = r.c.title.in(lang);
        const auto target = planner::target_of(s.kind);
        if (s.median_complete)
            row["median_complete"] = percent_against(*s.median_complete, target ? std::optional(target->median) : std::nullopt);
        if (s.worst_complete)
            row["worst_complete"] = percent_against(*s.worst_complete, target ? target->worst : std::nullopt);
        summary.push_back(std::move(row));
    }
    double worst = 0;
    for (double e : complete) worst = std::max(worst, std::abs(e));
    const double median = planner::median_abs(complete);
    return {{"prediction", prediction_view(predicted, lang, strings)},
            {"total", results.size()},
            {"complete_count", complete.size()},
            {"complete_median", percent(median)},
            {"complete_worst", percent(worst)},
            {"targets_met", !complete.empty() && median <= 0.05 && worst <= 0.15},
            {"summary", std::move(summary)},
            {"groups", std::move(groups)}};
}

json error_bands_view(const std::vector<planner::ErrorBand>& bands, const json& strings) {
    json rows = json::array();
    auto share = [](double ratio) { return format_display(std::round(100 / ratio)) + "%"; };
    for (const planner::ErrorBand& b : bands)
        rows.push_back({{"family", string_of(strings, "acc_band_" + b.plan + "_" + b.family)}, {"cases", b.cases.size()},
                        {"band", share(b.high) + "\u2013" + share(b.low)}, {"as_of", b.as_of}});
    return {{"has", !rows.empty()}, {"rows", std::move(rows)}};
}

}  // namespace site
