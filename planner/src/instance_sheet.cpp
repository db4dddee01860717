#include "planner/instance_sheet.hpp"
#include "planner/response_fields.hpp"
#include "planner/response_writer.hpp"

#include "planner/messages.hpp"
#include "planner/request_fields.hpp"
#include "planner/request_reader.hpp"

namespace planner {

using nlohmann::json;

Checked<InstanceSheetRequest> read_instance_sheet_request(const json& request) {
    RequestReader in(request, "instances");
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

namespace {
namespace out = results::instances;
using Row = InstanceSheetRow;

// `estimated` mirrors the row's set of paths as an object of `true`s:
// {"peak_tflops": {"fp32": true}, "power_watts": true}.
bool estimated_json(json& v, const Row& r) {
    v = json::object();
    for (const std::string& path : r.estimated) {
        const auto dot = path.find('.');
        if (dot == std::string::npos) v[path] = true;
        else v[path.substr(0, dot)][path.substr(dot + 1)] = true;
    }
    return true;
}

// A price's date, region and source only beside a price.
constexpr Put<InstanceSheetRow> kRowOut[] = {
    put<&Row::id>(out::id), put<&Row::family>(out::family), put<&Row::accelerator>(out::accelerator),
    put<&Row::accelerator_count>(out::accelerator_count),
    put<&Row::accelerator_memory_gb>(out::accelerator_memory_gb), put<&Row::peak_tflops>(out::peak_tflops),
    put<&Row::vcpu>(out::vcpu), put<&Row::memory_gib>(out::memory_gib),
    put<&Row::usd_per_pflops_hour>(out::usd_per_pflops_hour),
    put<&Row::memory_bandwidth_gbs>(out::memory_bandwidth_gbs), put<&Row::network_gbps>(out::network_gbps),
    put<&Row::efa>(out::efa), put<&Row::price_usd_per_hour>(out::price_usd_per_hour),
    put_when<&Row::price_usd_per_hour, &Row::price_as_of>(out::price_as_of),
    put_when<&Row::price_usd_per_hour, &Row::price_region>(out::price_region),
    put_when<&Row::price_usd_per_hour, &Row::price_source>(out::price_source),
    put<&Row::purchase_option>(out::purchase_option), put<&Row::offered>(out::offered),
    put<&Row::regions_offered>(out::regions_offered), put<&Row::power_watts>(out::power_watts),
    put_from<InstanceSheetRow>(out::estimated, estimated_json)};
}  // namespace

void to_json(json& j, const InstanceSheetRow& r) { write_fields(j, r, kRowOut); }

}  // namespace planner
