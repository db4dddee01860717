#include "tables.hpp"

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace site {

using nlohmann::json;

namespace {

// How a column's cell reads its row.
enum class As {
    text,       // the value as shown
    figure,     // the value, right-aligned
    or_error,   // the value, else the row's error (why the type cannot run the job)
    error_row,  // the value; a row with an error shows it here and leaves the cells after it empty
    span,       // the range of the value (range.<path>): "low–high", else empty
    spanned,    // the value with its range when it has one: "12.3 (9.2–12.3)"
    times,      // "<path> × <second>": instances × hours
    mark,       // ✓ when true
    layout,     // a training layout: "TP 1 × PP 1 × DP 16 (EP 8), ZeRO 1"
    word,       // a word the page names in its own language (data-words)
};

struct Column {
    const char* path;
    As as = As::text;
    const char* second = nullptr;  // times: the other factor
};

// The comparison of a training job: each type, its count, the days or why it cannot run the job,
// their range, the cost, and whether it is in the cost–time Pareto set.
constexpr Column kTrainingRows[] = {{"instance"}, {"instances", As::figure}, {"days", As::or_error}, {"days", As::span},
                                    {"cost_usd", As::figure}, {"pareto", As::mark}};
// The comparison of a serving job: a type that cannot serve it says why, and nothing else.
constexpr Column kServingRows[] = {
    {"instance"}, {"tensor_parallel", As::error_row}, {"concurrency_per_instance", As::figure}, {"ttft_ms", As::figure},
    {"tpot_ms", As::figure}, {"fleet", As::figure}, {"cost_per_million_output", As::figure}, {"pareto", As::mark}};
// The energy configurations, each against the first.
constexpr Column kEnergyRows[] = {
    {"label"}, {"instance"}, {"instances", As::times, "hours"}, {"energy_kwh", As::spanned}, {"co2e_kg", As::spanned},
    {"cost_usd", As::figure}, {"energy_saving_percent", As::figure}, {"co2e_saving_percent", As::figure},
    {"cost_saving_percent", As::figure}};
// A training plan's runner-up layouts.
constexpr Column kAlternatives[] = {{"layout", As::layout}, {"slower", As::figure}, {"lost_on", As::word},
                                    {"step.step_seconds", As::figure}, {"memory_bytes", As::figure}};

using Text = std::optional<std::string>;

const json* at(const json& row, const std::string& path) {
    const json* node = &row;
    for (std::size_t start = 0; node;) {
        const std::size_t dot = path.find('.', start);
        const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        const auto found = node->is_object() ? node->find(key) : node->end();
        node = node->is_object() && found != node->end() && !found->is_null() ? &*found : nullptr;
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    return node;
}

// The text of a shown value: display_json has written every figure as text already.
Text text_at(const json& row, const std::string& path) {
    const json* value = at(row, path);
    if (!value) return std::nullopt;
    return value->is_string() ? value->get<std::string>() : value->dump();
}

std::string layout_text(const json& l) {
    const auto part = [&](const char* key) { return text_at(l, key).value_or(""); };
    std::string out = "TP " + part("tensor") + " × PP " + part("pipeline") + " × DP " + part("data");
    if (at(l, "expert")) out += " (EP " + part("expert") + ")";
    if (at(l, "context")) out += " × CP " + part("context");
    return out + ", ZeRO " + part("zero");
}

// "low–high" of the range beside a figure (range.<path>), when it has both ends.
Text span_of(const json& row, const std::string& path) {
    const Text low = text_at(row, "range." + path + ".low"), high = text_at(row, "range." + path + ".high");
    return low && high ? Text(*low + "–" + *high) : std::nullopt;
}

struct Cell {
    Text text;
    bool num = false, word = false;
};

Cell cell_of(const json& row, const Column& c) {
    const Text value = text_at(row, c.path);
    switch (c.as) {
        case As::text: return {value};
        case As::figure:
        case As::error_row: return {value, true};
        case As::or_error: return value ? Cell{value, true} : Cell{text_at(row, "error")};
        case As::span: return {span_of(row, c.path).value_or(""), true};
        case As::spanned: {
            const Text span = span_of(row, c.path);
            return {value && span ? Text(*value + " (" + *span + ")") : value, true};
        }
        case As::times: {
            const Text other = text_at(row, c.second);
            return {value && other ? Text(*value + " × " + *other) : std::nullopt, true};
        }
        case As::mark: {
            const json* v = at(row, c.path);
            return {std::string(v && v->is_boolean() && v->get<bool>() ? "✓" : "")};
        }
        case As::layout: {
            const json* v = at(row, c.path);
            return {v ? Text(layout_text(*v)) : std::nullopt};
        }
        case As::word: return {value, false, true};
    }
    return {};
}

json cell_json(const Cell& c) {
    json out = json::object();
    out["text"] = c.text ? json(*c.text) : json();
    out["num"] = c.num;
    if (c.word) out["word"] = true;
    return out;
}

struct Columns {
    const Column* begin_;
    const Column* end_;
    template <std::size_t N>
    constexpr Columns(const Column (&columns)[N]) : begin_(columns), end_(columns + N) {}
    const Column* begin() const { return begin_; }
    const Column* end() const { return end_; }
};

json table_of(const json& rows, Columns columns) {
    json table = json::array();
    if (!rows.is_array()) return table;
    for (const json& row : rows) {
        json cells = json::array();
        bool emptied = false;  // a serving row that cannot run: its reason, then nothing
        for (const Column& c : columns) {
            Cell next;
            if (emptied) next = {std::string()};
            else if (c.as == As::error_row && at(row, "error")) next = {text_at(row, "error")}, emptied = true;
            else next = cell_of(row, c);
            cells.push_back(cell_json(next));
        }
        json r = json::object();
        r["cells"] = std::move(cells);
        table.push_back(std::move(r));
    }
    return table;
}

// The rows under `key`, read in place (no copy: a comparison's rows are redrawn on every edit).
const json& rows_at(const json& parent, const char* key) {
    static const json kNone = json::array();
    const auto found = parent.find(key);
    return found != parent.end() ? *found : kNone;
}

}  // namespace

void add_tables(json& shown) {
    if (!shown.is_object()) return;
    if (auto compare = shown.find("compare"); compare != shown.end() && compare->is_object()) {
        const std::string job = compare->value("job", std::string());
        if (job == "train") (*compare)["table"] = table_of(rows_at(*compare, "rows"), kTrainingRows);
        if (job == "serve") (*compare)["table"] = table_of(rows_at(*compare, "rows"), kServingRows);
    }
    if (auto energy = shown.find("energy"); energy != shown.end() && energy->is_object())
        (*energy)["table"] = table_of(rows_at(*energy, "configurations"), kEnergyRows);
    if (auto train = shown.find("train"); train != shown.end() && train->is_object() && train->contains("alternatives"))
        (*train)["table"] = table_of((*train)["alternatives"], kAlternatives);
}

}  // namespace site
