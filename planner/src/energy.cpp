#include "planner/energy.hpp"
#include "planner/json_members.hpp"

#include "planner/request_reader.hpp"

namespace planner {

ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(EnergyRequest)

using nlohmann::json;

Checked<EnergyRequest> read_energy_request(const json& request) {
    RequestReader in(request);
    Checked<EnergyRequest> out;
    in.reject_unknown("", {"api", "kind", "configurations", "region", "purchase_option", "usd_jpy", "pue", "grid_kg_per_kwh"});
    const FootprintInputs shared = read_footprint_inputs(in, "");
    const json* list = in.find("configurations");
    if (!list || !list->is_array() || list->size() < 2 || list->size() > kMaxEnergyConfigurations) {
        in.fail("configurations", "must list two to eight configurations");
    } else {
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string at = "configurations." + std::to_string(i) + ".";
            if (!(*list)[i].is_object()) {
                in.fail(at.substr(0, at.size() - 1), "must be an object {label, instance, instances, hours}");
                continue;
            }
            in.reject_unknown(at.substr(0, at.size() - 1), with_footprint_fields({"label", "instance", "instances", "hours"}));
            EnergyConfiguration c;
            c.instance = in.text(at + "instance", {}, true).value_or("");
            c.label = in.text(at + "label", {}, false).value_or(c.instance);
            if (auto v = in.number(at + "instances", {0, true, 100000, false}, true)) c.instances = *v;
            if (auto v = in.number(at + "hours", {0, true, 1e6, false}, true)) c.hours = *v;
            c.footprint = read_footprint_inputs(in, at);
            if (!c.footprint.region) c.footprint.region = shared.region;
            if (!c.footprint.pue) c.footprint.pue = shared.pue;
            if (!c.footprint.grid_kg_per_kwh) c.footprint.grid_kg_per_kwh = shared.grid_kg_per_kwh;
            if (!c.footprint.purchase_option) c.footprint.purchase_option = shared.purchase_option;
            if (!c.footprint.usd_jpy) c.footprint.usd_jpy = shared.usd_jpy;
            out.value.configurations.push_back(std::move(c));
        }
    }
    in.refuse_unused();
    out.errors = std::move(in.errors());
    return out;
}

namespace {
// How much less `x` is than the baseline, in percent (negative when it is more).
std::optional<double> saving(const std::optional<double>& base, const std::optional<double>& x) {
    if (!base || !x || *base <= 0) return std::nullopt;
    return (1 - *x / *base) * 100;
}
}  // namespace

Checked<std::vector<EnergyRow>> compare_energy(const Catalogue& catalogue, const EnergyRequest& req) {
    Checked<std::vector<EnergyRow>> out;
    for (std::size_t i = 0; i < req.configurations.size(); ++i) {
        const EnergyConfiguration& c = req.configurations[i];
        const std::string at = "configurations." + std::to_string(i) + ".";
        const Instance* inst = catalogue.find(c.instance, at + "instance", out.errors);
        if (!inst) continue;
        EnergyRow row{c.label, inst->id, c.instances, c.hours, c.instances * c.hours, {}, {}, {}, {}};
        auto fp = footprint(catalogue, *inst, row.instance_hours, c.footprint, at);
        if (!fp.ok()) {
            out.errors.insert(out.errors.end(), fp.errors.begin(), fp.errors.end());
            continue;
        }
        row.footprint = std::move(fp.value);
        out.value.push_back(std::move(row));
    }
    if (!out.ok()) return out;
    const Footprint& first = out.value.front().footprint;
    for (std::size_t i = 1; i < out.value.size(); ++i) {
        EnergyRow& row = out.value[i];
        row.energy_saving_percent = saving(first.energy_kwh, row.footprint.energy_kwh);
        row.co2e_saving_percent = saving(first.co2e_kg, row.footprint.co2e_kg);
        row.cost_saving_percent = saving(first.cost_usd, row.footprint.cost_usd);
    }
    return out;
}

void to_json(json& j, const EnergyRow& r) {
    members(j, {{"label", r.label}, {"instance", r.instance}, {"instances", r.instances}, {"hours", r.hours},
             {"instance_hours", r.instance_hours}, {"notes", r.footprint.notes}});
    add_to_json(j, r.footprint);
    optional_member(j, "energy_saving_percent", r.energy_saving_percent);
    optional_member(j, "co2e_saving_percent", r.co2e_saving_percent);
    optional_member(j, "cost_saving_percent", r.cost_saving_percent);
}

}  // namespace planner
