#include "planner/instance_sheet.hpp"
#include "planner/json_members.hpp"

#include "planner/messages.hpp"
#include "planner/request_fields.hpp"
#include "planner/request_reader.hpp"

namespace planner {

using nlohmann::json;

Checked<InstanceSheetRequest> read_instance_sheet_request(const json& request) {
    RequestReader in(request);
    in.reject_unknown(*request_schema("instances"));
    Checked<InstanceSheetRequest> out;
    if (auto option = in.text(fields::footprint::purchase_option)) out.value.purchase_option = *option;
    if (auto region = in.text(fields::footprint::region)) out.value.region = *region;
    if (const json* ids = in.list(fields::sheet::ids); ids && in.take("ids"))
        for (std::size_t k = 0; k < ids->size(); ++k) {
            if ((*ids)[k].is_string()) out.value.ids.push_back((*ids)[k].get<std::string>());
            else in.refuse("ids." + std::to_string(k), msg::not_text);
        }
    in.refuse_unused();
    out.errors = in.errors();
    return out;
}

Checked<std::vector<InstanceSheetRow>> instance_sheet(const Catalogue& catalogue, const InstanceSheetRequest& request) {
    Checked<std::vector<InstanceSheetRow>> out;
    std::vector<const Instance*> chosen;
    if (request.ids.empty()) {
        for (const Instance& i : catalogue.instances) chosen.push_back(&i);
    } else {
        for (std::size_t k = 0; k < request.ids.size(); ++k)
            if (const Instance* i = catalogue.find(request.ids[k], "ids." + std::to_string(k), out.errors)) chosen.push_back(i);
    }
    if (!catalogue.region(request.region)) out.errors.push_back(coded("region", msg::unknown_region, {request.region}));
    if (!out.ok()) return out;
    for (const Instance* inst : chosen) {
        const Accelerator& chip = catalogue.accelerator_of(*inst);
        const double n = inst->accelerator_count.value;
        InstanceSheetRow row;
        row.id = inst->id;
        row.family = inst->family;
        row.accelerator = chip.name;
        row.accelerator_count = n;
        row.accelerator_memory_gb = catalogue.accelerator_memory_gb(*inst);
        if (chip.memory_bandwidth) row.memory_bandwidth_gbs = chip.memory_bandwidth->value * n;
        if (chip.memory_bandwidth && chip.memory_bandwidth->estimate) row.estimated.insert("memory_bandwidth_gbs");
        for (const auto& [precision, peak] : chip.peak_tflops) {
            row.peak_tflops[precision] = peak.value * n;
            if (peak.estimate) row.estimated.insert("peak_tflops." + precision);
        }
        if (inst->network) row.network_gbps = inst->network->value;
        if (inst->efa) row.efa = inst->efa->value;
        row.vcpu = inst->vcpu.value;
        row.memory_gib = inst->memory.value;
        row.regions_offered = catalogue.regions_offering(inst->id);
        row.purchase_option = request.purchase_option;
        const Price* price = catalogue.price(inst->id, request.region, request.purchase_option);
        if (price) row.offered = price->offered;
        if (price && price->priced()) {
            row.price_usd_per_hour = price->usd_per_hour.value;
            row.price_as_of = catalogue.as_of(price->usd_per_hour);
            row.price_region = price->region;
            row.price_source = price->usd_per_hour.source;
            for (const auto& [precision, tflops] : row.peak_tflops)
                if (tflops > 0) {
                    row.usd_per_pflops_hour[precision] = *row.price_usd_per_hour / (tflops / 1000);
                    if (row.estimated.count("peak_tflops." + precision))
                        row.estimated.insert("usd_per_pflops_hour." + precision);
                }
        }
        if (inst->power) {
            row.power_watts = inst->power->value;
            if (inst->power->estimate) row.estimated.insert("power_watts");
        }
        out.value.push_back(std::move(row));
    }
    return out;
}

void to_json(json& j, const InstanceSheetRow& r) {
    members(j, {{"id", r.id},
             {"family", r.family},
             {"accelerator", r.accelerator},
             {"accelerator_count", r.accelerator_count},
             {"accelerator_memory_gb", r.accelerator_memory_gb},
             {"peak_tflops", r.peak_tflops},
             {"vcpu", r.vcpu},
             {"memory_gib", r.memory_gib},
             {"usd_per_pflops_hour", r.usd_per_pflops_hour}});
    if (r.memory_bandwidth_gbs) j["memory_bandwidth_gbs"] = *r.memory_bandwidth_gbs;
    if (r.network_gbps) j["network_gbps"] = *r.network_gbps;
    if (r.efa) j["efa"] = *r.efa;
    if (r.price_usd_per_hour) {
        j["price_usd_per_hour"] = *r.price_usd_per_hour;
        j["price_as_of"] = r.price_as_of;
        j["price_region"] = r.price_region;
        j["price_source"] = r.price_source;
    }
    j["purchase_option"] = r.purchase_option;
    if (r.offered) j["offered"] = *r.offered;
    j["regions_offered"] = r.regions_offered;
    if (r.power_watts) j["power_watts"] = *r.power_watts;
    json estimated = json::object();
    for (const std::string& path : r.estimated) {
        const auto dot = path.find('.');
        if (dot == std::string::npos) estimated[path] = true;
        else estimated[path.substr(0, dot)][path.substr(dot + 1)] = true;
    }
    j["estimated"] = std::move(estimated);
}

}  // namespace planner
