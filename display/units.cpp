// The display units of every declared response figure, worked out at compile time from the
// declarations, so the module holds the paths and units only (not the declarations' docs).
#include "units.hpp"

#include <array>
#include <cstddef>

#include <nlohmann/json.hpp>

#include "planner/response_fields.hpp"

namespace site {

namespace {

constexpr bool same(const char* a, const char* b) {
    while (*a && *a == *b) ++a, ++b;
    return *a == *b;
}
constexpr bool starts(const char* s, const char* head) {
    while (*head && *s == *head) ++s, ++head;
    return !*head;
}

constexpr DisplayUnit unit_of(const char* unit) {
    if (same(unit, "0-1")) return DisplayUnit::percent;
    if (same(unit, "bytes")) return DisplayUnit::gigabytes;
    if (same(unit, "percent saved")) return DisplayUnit::saving;
    if (starts(unit, "USD")) return DisplayUnit::money;
    return DisplayUnit::as_is;
}

struct Row {
    const char* kind = "";
    const char* at = "";
    const char* path = "";
    DisplayUnit unit = DisplayUnit::as_is;
};

template <class Visit>
constexpr void each_shown(Visit visit) {
    for (const planner::results::ResultKind& k : planner::results::kKinds)
        for (const planner::FieldPart& part : k)
            for (const planner::Field* f : part)
                if (unit_of(f->unit) != DisplayUnit::as_is) visit(Row{k.kind, part.at, f->path, unit_of(f->unit)});
}

constexpr std::size_t shown_count() {
    std::size_t n = 0;
    each_shown([&n](const Row&) { ++n; });
    return n;
}

struct Table {
    std::array<Row, shown_count()> rows{};
};

constexpr Table make_table() {
    Table t;
    std::size_t i = 0;
    each_shown([&](const Row& r) { t.rows[i++] = r; });
    return t;
}

constexpr Table kTable = make_table();

// Whether `path` is the row's place and field joined: "fleet_hour" + "cost_usd".
bool names(const Row& r, std::string_view path) {
    const std::string_view at = r.at, field = r.path;
    if (at.empty()) return path == field;
    return path.size() == at.size() + 1 + field.size() && path.substr(0, at.size()) == at && path[at.size()] == '.' &&
           path.substr(at.size() + 1) == field;
}

const Row* find(std::string_view kind, std::string_view path) {
    for (const Row& r : kTable.rows)
        if (kind == r.kind && names(r, path)) return &r;
    return nullptr;
}

}  // namespace

DisplayUnit display_unit(std::string_view kind, std::string_view path) {
    if (const Row* r = find(kind, path)) return r->unit;
    // A range's low and high, a table's entries: the field they belong to.
    const auto dot = path.rfind('.');
    if (dot != std::string_view::npos)
        if (const Row* r = find(kind, path.substr(0, dot))) return r->unit;
    return DisplayUnit::as_is;
}

nlohmann::json display_scales(std::string_view kind) {
    nlohmann::json scales = nlohmann::json::object();
    for (const Row& r : kTable.rows) {
        if (kind != r.kind || (r.unit != DisplayUnit::percent && r.unit != DisplayUnit::gigabytes)) continue;
        const std::string at = r.at;
        if (at.find("[]") != std::string::npos) continue;  // a page's outputs are not in lists
        scales[std::string(kind) + "." + (at.empty() ? "" : at + ".") + r.path] = r.unit == DisplayUnit::percent ? 100 : 1e-9;
    }
    return scales;
}

}  // namespace site
