// The charts a calculator draws beside its result, declared once: which figures of a response each
// chart slot plots, as the specs chart_from_json draws (chart.hpp). The calculators ask the module
// for them (charts(), wasm/bindings.cpp) and draw each into the page's slot of that name; the build
// draws the training calculator's memory bar from the same spec. A slot's title and axis labels are
// the page's (its data-* attributes, in its language), never the spec's.
//
//   slot            from                          plots
//   memory          a train response              memory per accelerator against the usable memory
//   energy-kwh      an energy response            each configuration's energy
//   energy-cost     an energy response            each configuration's cost (money)
//   infer-fleet     compare (infer job), else an  the fleet at 0.25-4x the rate, per picked type
//                   infer response's own sweep    (else the plan's own type)
//   train-days      compare (train job)           days by instance count, per picked type, where it fits
//   train-cost      compare (train job)           cost by instance count, likewise (money)
//   train-pareto    compare (train job)           cost against days, the Pareto set marked (money)
//   serve-curve     compare (serve job)           output tokens/s against TPOT, per picked type
//   serve-cost      compare (serve job)           cost per million output tokens, the cheapest 12 (money)
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"

namespace site {

struct ChartSources {
    const nlohmann::json* response = nullptr;  // the plan's whole response; none, or not ok: no chart of it
    const nlohmann::json* compare = nullptr;   // the same job on every type (compare's `like`), when asked and ok
    std::vector<std::string> picked;           // the types whose lines are drawn, in the compare's order
    std::string lang = "en";                   // money in yen on Japanese pages ("ja")
};

/// Each slot's spec, by slot name; a slot with nothing to draw has no spec.
nlohmann::json chart_specs(const ChartSources& in);

/// What plan_charts needs besides its input: the catalogue, what the `catalog` kind answers with
/// (as for plan()), and the names readers see for catalogue ids in each language (display_json).
struct ChartCall {
    const planner::Catalogue& catalogue;
    planner::CatalogWriter write_catalog;
    const std::map<std::string, std::string>& names_en;
    const std::map<std::string, std::string>& names_ja;
};

/// The comparison a calculator's charts and tables rest on, for its own request `like`: compare's
/// `like` (the same job on every type, planner/same_job.hpp) in the request's language, a training
/// job swept over the instance counts its charts' x axis takes (1, 2, 4 … 1,024).
nlohmann::json comparison_of(const nlohmann::json& like);

/// The comparison page's: the training `job` of its form on the types its cheat-sheet request
/// `sheet` shows (its ids; every type when it names none), one instance each, in the sheet's
/// language. The page's front matter declares the same request for its example (a test holds them
/// equal).
nlohmann::json sheet_comparison(const nlohmann::json& sheet, const nlohmann::json& job);

/// The module's call (charts()): a calculator's comparison planned, shown and charted in one call,
/// so that the browser never sends a comparison back to be parsed again (its sweep alone is 36 KB,
/// 1.5 ms in the module). `in` is {"like": the calculator's request, "response": the plan's own,
/// "picked": [ids], "lang"}, or the comparison page's "sheet" and "job" in place of "like"
/// (sheet_comparison); the text returned {"charts": {…}, "request": the comparison planned
/// (comparison_of(like) or sheet_comparison(sheet, job)), "compare": its answer, byte for byte as plan() gives
/// it, "shown": that comparison as display_json shows it, without its sweep, which is drawn, not
/// written (null when it failed)}. With neither, only the response's charts.
std::string plan_charts(const ChartCall& call, const nlohmann::json& in);

}  // namespace site
