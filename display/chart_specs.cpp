#include "chart_specs.hpp"

#include <algorithm>

#include "plan.hpp"
#include "text.hpp"

namespace site {

using nlohmann::json;

namespace {

enum class Shape {
    memory,  // the result's memory object, as chart.hpp's "memory" type reads it
    lines,   // one line per picked type: each curve of `list` ({instance, points}), (x, y) of each point
    line,    // one line, the result's own type: (x, y) of each point of `list`
    dots,    // one dot per row of `list` with both figures: (x, y), labelled by its instance, `mark` filled
    bars,    // one bar per row of `list` with its figure and no error: `x` labels it, `y` is its value
};

// One chart slot: what it plots, from which result. `from` is a plan's result key ("train",
// "energy", "infer") or a comparison's job ("compare:train").
struct ChartDecl {
    const char* slot;
    const char* from;
    Shape shape;
    const char* list;
    const char* x = nullptr;
    const char* y = nullptr;
    const char* mark = nullptr;  // lines: a point is kept where this is true; dots: drawn filled where it is
    bool log_x = false, log_y = false;
    bool money = false;          // y in the page's currency, at the result's usd_jpy
    std::size_t most = 0;        // bars: the first this many (0: all)
};

// Every chart the calculators draw. A slot declared twice takes the first that has its result:
// the fleet chart is the comparison's when there is one (a measured throughput has none).
constexpr ChartDecl kCharts[] = {
    {"memory", "train", Shape::memory, "memory"},
    {"energy-kwh", "energy", Shape::bars, "configurations", "label", "energy_kwh"},
    {"energy-cost", "energy", Shape::bars, "configurations", "label", "cost_usd", nullptr, false, false, true},
    {"train-days", "compare:train", Shape::lines, "sweep", "instances", "days", "fits", true, true},
    {"train-cost", "compare:train", Shape::lines, "sweep", "instances", "cost_usd", "fits", true, true, true},
    {"train-pareto", "compare:train", Shape::dots, "rows", "days", "cost_usd", "pareto", true, true, true},
    {"serve-curve", "compare:serve", Shape::lines, "sweep", "tpot_ms", "output_tokens_per_second", nullptr, true},
    {"serve-cost", "compare:serve", Shape::bars, "rows", "instance", "cost_per_million_output", nullptr, false, false, true, 12},
    {"infer-fleet", "compare:infer", Shape::lines, "sweep", "rate_per_second", "fleet", nullptr, true},
    {"infer-fleet", "infer", Shape::line, "sweep", "rate_per_second", "fleet", nullptr, true},
};

const json kNone;

// A member's value, or null when the object has none.
const json& member(const json& object, const char* key) {
    if (!object.is_object() || !key) return kNone;
    const auto it = object.find(key);
    return it == object.end() ? kNone : *it;
}

bool is_true(const json& object, const char* key) { return member(object, key) == true; }

// The result a declaration reads, or null: a plan's own, or a comparison of its job.
const json& result_for(const ChartSources& in, const char* from) {
    const std::string_view f = from;
    const json& response = in.response && is_true(*in.response, "ok") ? *in.response : kNone;
    const json& compare = in.compare && is_true(*in.compare, "ok") ? member(*in.compare, "compare") : kNone;
    if (f.substr(0, 8) != "compare:") return member(response, from);
    return member(compare, "job") == f.substr(8) ? compare : kNone;
}

// The rate that turns dollars into yen on Japanese pages: the result's own, else its first row's.
json money_of(const ChartSources& in, const json& result, const json& list) {
    json rate = member(result, "usd_jpy");
    for (auto row = list.begin(); rate.is_null() && row != list.end(); ++row) rate = member(*row, "usd_jpy");
    json money = json::object();
    money["usd_jpy"] = rate;
    money["lang"] = in.lang;
    return money;
}

json point(const json& from, const ChartDecl& d) {
    json p = json::array();
    p.push_back(member(from, d.x));
    p.push_back(member(from, d.y));
    return p;
}

json line_of(const json& name, const json& points, const ChartDecl& d) {
    json line = json::object();
    line["name"] = name;
    json& drawn = line["points"] = json::array();
    for (const json& p : points)
        if (!d.mark || is_true(p, d.mark)) drawn.push_back(point(p, d));
    return line;
}

bool picked(const ChartSources& in, const json& id) {
    return id.is_string() && std::find(in.picked.begin(), in.picked.end(), id.get<std::string>()) != in.picked.end();
}

// What the spec plots, under the key chart_from_json reads for its shape.
void plot(const ChartSources& in, const json& result, const ChartDecl& d, json& spec) {
    const json& list = member(result, d.list);
    switch (d.shape) {
        case Shape::memory:
            spec["memory"] = list;
            return;
        case Shape::line: {
            json& series = spec["series"] = json::array();
            if (!list.empty()) series.push_back(line_of(member(result, "instance"), list, d));
            return;
        }
        case Shape::lines: {
            json& series = spec["series"] = json::array();
            for (const json& curve : list)
                if (picked(in, member(curve, "instance")) && !member(curve, "points").empty())
                    series.push_back(line_of(curve["instance"], curve["points"], d));
            return;
        }
        case Shape::dots: {
            json& points = spec["points"] = json::array();
            for (const json& row : list) {
                if (!member(row, d.x).is_number() || !member(row, d.y).is_number()) continue;
                json& p = points.emplace_back(json::object());
                p["label"] = member(row, "instance");
                p["x"] = row[d.x];
                p["y"] = row[d.y];
                p["marked"] = is_true(row, d.mark);
            }
            return;
        }
        case Shape::bars: {
            json& bars = spec["bars"] = json::array();
            for (const json& row : list) {
                if (d.most && bars.size() == d.most) break;
                if (!member(row, "error").is_null() || !member(row, d.y).is_number()) continue;
                json& bar = bars.emplace_back(json::object());
                bar["label"] = member(row, d.x);
                bar["value"] = row[d.y];
            }
            return;
        }
    }
}

const char* type_of(Shape shape) {
    switch (shape) {
        case Shape::memory: return "memory";
        case Shape::dots: return "scatter";
        case Shape::bars: return "bar";
        default: return "line";
    }
}

}  // namespace

json chart_specs(const ChartSources& in) {
    json out = json::object();
    for (const ChartDecl& d : kCharts) {
        const json& result = result_for(in, d.from);
        if (!result.is_object() || out.contains(d.slot)) continue;
        json& spec = out[d.slot] = json::object();
        spec["type"] = type_of(d.shape);
        if (d.log_x) spec["log_x"] = true;
        if (d.log_y) spec["log_y"] = true;
        if (d.money) spec["money"] = money_of(in, result, member(result, d.list));
        plot(in, result, d, spec);
    }
    return out;
}

namespace {
ChartSources sources_of(const json& in) {
    ChartSources sources;
    sources.response = &member(in, "response");
    for (const json& id : member(in, "picked"))
        if (id.is_string()) sources.picked.push_back(id.get<std::string>());
    if (member(in, "lang") == "ja") sources.lang = "ja";
    return sources;
}
}  // namespace

json comparison_of(const json& like) {
    json request{{"api", 1}, {"kind", "compare"}, {"like", like}};
    // The training charts' x axis (train-days, train-cost): each type at every count it can run.
    if (member(like, "kind") == "train") request["counts"] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
    if (const json& lang = member(like, "lang"); !lang.is_null()) request["lang"] = lang;
    return request;
}

json sheet_comparison(const json& sheet, const json& job) {
    json request{{"api", 1}, {"kind", "compare"}};
    if (const json& ids = member(sheet, "ids"); ids.is_array() && !ids.empty()) request["instances"] = ids;
    request["counts"] = {1};
    request["job"] = job;
    if (const json& lang = member(sheet, "lang"); !lang.is_null()) request["lang"] = lang;
    return request;
}

std::string plan_charts(const ChartCall& call, const json& in) {
    ChartSources sources = sources_of(in);
    const json& like = member(in, "like");
    const json& sheet = member(in, "sheet");
    const json request = !like.is_null() ? comparison_of(like) : !sheet.is_null() ? sheet_comparison(sheet, member(in, "job")) : json();
    if (request.is_null()) return "{\"charts\":" + chart_specs(sources).dump() + "}";
    planner::Answer a = said_answer(call.catalogue, request.dump(), call.write_catalog);
    sources.compare = &a.response;
    const std::string charts = chart_specs(sources).dump();
    std::string shown = "null";
    if (is_true(a.response, "ok") && a.response.contains("compare")) {
        json& compare = a.response["compare"];
        json sweep = std::move(compare["sweep"]);
        compare.erase("sweep");
        shown = display_json(a.response, sources.lang == "ja" ? call.names_ja : call.names_en, sources.lang)["compare"].dump();
        compare["sweep"] = std::move(sweep);
    }
    return "{\"charts\":" + charts + ",\"request\":" + request.dump() + ",\"compare\":" +
           planner::response_text(std::move(a.response)) + ",\"shown\":" + shown + "}";
}

}  // namespace site
