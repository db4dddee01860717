#include "planner/collectives.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "planner/catalogue.hpp"
#include "planner/request_reader.hpp"

namespace planner {

using nlohmann::json;

InstanceLink instance_link(const Instance& instance) {
    if (!instance.accelerator_interconnect) return {};
    return {instance.accelerator_interconnect->value * 1e9 / 2, false};
}

double all_reduce_latency_seconds(const Accelerator& chip, const InstanceLink& link, int ranks) {
    if (chip.kind != "gpu") return kAssumedAllReduceLatencySeconds;
    const double step = link.assumed ? kNcclPcieStepSeconds : kNcclNvlinkStepSeconds;
    return kNcclRingLlBaseSeconds + 2.0 * std::max(0, ranks - 1) * step;
}

void to_json(json& j, const CollectiveTable& t) {
    json rows = json::array();
    for (const CollectiveRow& r : t.rows) rows.push_back({r.ranks, r.bytes, r.bus_bytes_per_second});
    j = {{"id", t.id}, {"instance", t.instance}, {"collective", t.collective}, {"library", t.library},
         {"source", t.source}, {"locator", t.locator}, {"rows", rows}};
}

void from_json(const json& j, CollectiveTable& t) {
    const std::pair<const char*, std::string*> texts[] = {{"id", &t.id}, {"instance", &t.instance},
                                                          {"collective", &t.collective}, {"library", &t.library},
                                                          {"source", &t.source}, {"locator", &t.locator}};
    for (const auto& [key, field] : texts) j.at(key).get_to(*field);
    for (const json& r : j.at("rows"))
        t.rows.push_back({r.at(0).get<int>(), r.at(1).get<double>(), r.at(2).get<double>()});
}

double bus_factor(std::string_view collective, double ranks) {
    if (!(ranks > 1)) return 0;
    const double share = (ranks - 1) / ranks;
    return collective == "all_reduce" ? 2 * share : share;
}

namespace {

// The network's share of the bus bytes when the group's ranks sit `per_instance` to an instance.
double network_share(std::string_view collective, double ranks, double per_instance) {
    if (collective == "all_to_all") return ranks > per_instance ? (ranks - per_instance) / (ranks - 1) : 0;
    return 1 / per_instance;
}

// t = α + x/β over one group size's rows, least squares on the relative error (weights 1/t²), so
// that the smallest buffers count as much as the largest.
std::optional<SizeFit> fit_size(const CollectiveTable& table, int ranks, double per_instance) {
    double sw = 0, sx = 0, st = 0, sxx = 0, sxt = 0;
    std::vector<std::pair<double, double>> points;
    for (const CollectiveRow& r : table.rows) {
        if (r.ranks != ranks || !(r.bus_bytes_per_second > 0) || !(r.bytes > 0)) continue;
        const double x = bus_factor(table.collective, ranks) * r.bytes, t = x / r.bus_bytes_per_second, w = 1 / (t * t);
        sw += w, sx += w * x, st += w * t, sxx += w * x * x, sxt += w * x * t;
        points.push_back({x, t});
    }
    const double det = sw * sxx - sx * sx;
    if (points.size() < 2 || !(det > 0)) return std::nullopt;
    const double slope = (sw * sxt - sx * st) / det, alpha = (st - slope * sx) / sw;
    if (!(slope > 0)) return std::nullopt;
    double worst = 0;
    for (const auto& [x, t] : points) worst = std::max(worst, std::abs((alpha + slope * x) / t - 1));
    const double share = network_share(table.collective, ranks, per_instance);
    if (!(share > 0)) return std::nullopt;
    return SizeFit{std::log2(double(ranks)), std::max(0.0, alpha), slope / share, worst};
}

}  // namespace

std::vector<SizeFit> size_fits(const CollectiveTable& table, double per_instance) {
    std::map<int, int> sizes;
    for (const CollectiveRow& r : table.rows) ++sizes[r.ranks];
    std::vector<SizeFit> fits;
    for (const auto& [n, count] : sizes)
        if (count >= 2)
            if (auto f = fit_size(table, n, per_instance)) fits.push_back(*f);
    return fits;
}

std::optional<CollectiveFit> fit_at(const std::vector<SizeFit>& fits, double ranks) {
    if (fits.empty() || !(ranks > 1)) return std::nullopt;
    // Ascending in n: between the two measured sizes around n; below the smallest, held; beyond the
    // largest, the trend of the last two carried on, never faster than the largest measured
    // (latency and bandwidth both worsen with the group in every table).
    const double x = std::log2(ranks);
    const auto above = std::find_if(fits.begin(), fits.end(), [&](const SizeFit& f) { return f.log2_ranks >= x; });
    const bool beyond = above == fits.end() && fits.size() >= 2;
    const SizeFit* high = above == fits.end() ? &fits.back() : &*above;
    const SizeFit* low = beyond ? &fits[fits.size() - 2] : above == fits.begin() || above == fits.end() ? high : &*(above - 1);
    const double w = high->log2_ranks > low->log2_ranks ? (x - low->log2_ranks) / (high->log2_ranks - low->log2_ranks) : 0;
    double alpha = low->alpha + w * (high->alpha - low->alpha);
    double inverse = low->inverse_rate + w * (high->inverse_rate - low->inverse_rate);
    if (beyond) alpha = std::max(alpha, high->alpha), inverse = std::max(inverse, high->inverse_rate);
    return CollectiveFit{alpha, 1 / inverse, std::max(low->worst, high->worst)};
}

std::optional<CollectiveFit> fit_collective(const CollectiveTable& table, double ranks, double per_instance) {
    return fit_at(size_fits(table, per_instance), ranks);
}

double expert_instances_reached(int experts, int per_token, double instances) {
    if (!(instances > 1) || experts <= 0 || per_token <= 0) return 0;
    const double others = experts - experts / instances;  // experts not on one given instance
    // P(none of the k on that instance) = C(E − E/I, k) / C(E, k)
    double none = 1;
    for (int i = 0; i < per_token; ++i) none *= std::max(0.0, others - i) / (experts - i);
    return (instances - 1) * (1 - none);
}

std::optional<double> network_collective_seconds(const Fabric& fabric, const MeasuredCollective& collective, double ranks,
                                                 double network_bytes) {
    if (!collective || !(ranks > 1)) return std::nullopt;
    const std::optional<CollectiveFit> fit = fit_at(collective.fits, ranks);
    if (!fit) return std::nullopt;
    return fit->alpha_seconds + network_bytes / (fit->network_bytes_per_second * fabric.line_ratio);
}

std::vector<Note> collectives_notes(const Fabric& fabric, const Instance& instance, bool expert_over_network,
                                           bool deduplicated_dispatch) {
    int least = 0, most = 0;
    for (const MeasuredCollective* m : {&fabric.all_reduce, &fabric.all_gather, &fabric.all_to_all})
        if (*m)
            for (const CollectiveRow& r : m->table->rows) {
                least = least ? std::min(least, r.ranks) : r.ranks;
                most = std::max(most, r.ranks);
            }
    const double per = fabric.measured_per_instance > 0 ? fabric.measured_per_instance : 1;
    std::vector<Note> notes = {
        {msg::collectives_fitted, {format_number(least / per), format_number(most / per), fabric.measured_on}}};
    if (fabric.borrowed)
        notes.push_back({msg::collectives_carried,
                         {instance.id, fabric.measured_on, format_number(std::round(fabric.line_ratio * 1000) / 10) + "%",
                          fabric.measured_on}});
    if (expert_over_network)
        notes.push_back({deduplicated_dispatch ? msg::expert_dispatch_deduplicated : msg::expert_dispatch_per_expert, {}});
    return notes;
}

namespace {
double network_per_accelerator(const Instance& i) {
    return i.network && i.accelerator_count.value > 0 ? i.network->value * 1e9 / 8 / i.accelerator_count.value : 0;
}
}  // namespace

std::optional<Fabric> fabric_of(const Catalogue& catalogue, const Instance& instance) {
    if (!(network_per_accelerator(instance) > 0)) return std::nullopt;
    // The instance measured most: the plan's own when it has tables.
    std::map<std::string, int> tables;
    for (const CollectiveTable& t : catalogue.collectives) ++tables[t.instance];
    std::string measured = tables.count(instance.id) ? instance.id : "";
    for (const auto& [id, count] : tables)
        if (measured.empty() || (measured != instance.id && count > tables[measured])) measured = id;
    const Instance* on = measured.empty() ? nullptr : catalogue.find(measured);
    if (!on || !(network_per_accelerator(*on) > 0)) return std::nullopt;
    // NCCL's tables say nothing of another kind of chip's library (Neuron's, Habana's).
    if (catalogue.accelerator_of(*on).kind != catalogue.accelerator_of(instance).kind) return std::nullopt;
    Fabric f;
    f.measured_per_instance = on->accelerator_count.value;
    for (const CollectiveTable& t : catalogue.collectives) {
        if (t.instance != measured) continue;
        MeasuredCollective* slot = t.collective == "all_reduce"   ? &f.all_reduce
                                   : t.collective == "all_gather" ? &f.all_gather
                                   : t.collective == "all_to_all" ? &f.all_to_all
                                                                  : nullptr;
        if (slot) *slot = MeasuredCollective{&t, size_fits(t, f.measured_per_instance)};
    }
    f.line_ratio = network_per_accelerator(instance) / network_per_accelerator(*on);
    f.measured_on = on->id;
    f.borrowed = on->id != instance.id;
    return f;
}

}  // namespace planner
