#include "planner/catalogue.hpp"

#include "planner/messages.hpp"
#include "planner/order.hpp"
#include "planner/request_reader.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

namespace planner {

namespace {
template <class T>
const T* find_by_id(const std::vector<T>& items, std::string_view id) {
    auto it = std::find_if(items.begin(), items.end(), [&](const T& x) { return x.id == id; });
    return it == items.end() ? nullptr : &*it;
}
}  // namespace

const Instance* Catalogue::find(std::string_view id) const { return find_by_id(instances, id); }
const Instance* Catalogue::find(std::string_view id, const std::string& field, std::vector<FieldError>& errors) const {
    const Instance* inst = find(id);
    if (!inst) errors.push_back(coded(field, msg::unknown_instance, {"\"" + std::string(id) + "\""}));
    return inst;
}

const Instance* Catalogue::find_for(std::string_view id, const std::string& work, std::vector<FieldError>& errors) const {
    const Instance* inst = find(id, "instance", errors);
    if (!inst || accelerator_of(*inst).can(work)) return inst;
    const std::string& chip = accelerator_of(*inst).name;
    errors.push_back(coded("instance", work == kTrain ? msg::offered_for_inference_only : msg::not_offered_for_inference, {chip}));
    return nullptr;
}

const Accelerator* Catalogue::accelerator(std::string_view id) const { return find_by_id(accelerators, id); }
const Model* Catalogue::model(std::string_view id) const { return find_by_id(models, id); }
const OperatorTable* Catalogue::operators_of(std::string_view chip) const {
    for (const OperatorTable& t : operator_tables)
        if (t.chip == chip) return &t;
    return nullptr;
}
const Region* Catalogue::region(std::string_view id) const { return find_by_id(regions, id); }
Note band_note(const ErrorBand& band, msg::Code code) {
    auto share = [](double ratio) { return format_number(std::round(100 / ratio)) + "%"; };
    return {code, {std::to_string(band.cases.size()), band.as_of, share(band.high), share(band.low)}};
}

const ErrorBand* Catalogue::error_band(std::string_view plan, std::string_view family) const {
    for (const ErrorBand& b : error_bands)
        if (b.plan == plan && b.family == family) return &b;
    return nullptr;
}

const Source* Catalogue::source(std::string_view id) const {
    auto it = sources.find(std::string(id));
    return it == sources.end() ? nullptr : &it->second;
}

const Accelerator& Catalogue::accelerator_of(const Instance& instance) const {
    if (const Accelerator* a = accelerator(instance.accelerator)) return *a;
    throw std::logic_error("instance " + instance.id + " names unknown accelerator " + instance.accelerator);
}

double Catalogue::accelerator_memory_gb(const Instance& instance) const {
    return accelerator_of(instance).memory.value * instance.accelerator_count.value;
}

const std::vector<std::string>& purchase_options() {
    static const std::vector<std::string> options = {kOnDemand,
                                                     "savings_plan_compute_1y",
                                                     "savings_plan_compute_3y",
                                                     "savings_plan_instance_1y",
                                                     "savings_plan_instance_3y",
                                                     kSpot,
                                                     kCapacityBlock};
    return options;
}

std::string purchase_option_name(const std::string& option, const std::string& lang) {
    struct Name {
        const char *id, *en, *ja;
    };
    static constexpr Name kNames[] = {
        {kOnDemand, "on-demand", "オンデマンド"},
        {kSpot, "spot", "スポット"},
        {kCapacityBlock, "Capacity Blocks", "キャパシティブロック"},
        {"savings_plan_compute_1y", "Compute Savings Plans (1 year)", "Compute Savings Plans (1 年)"},
        {"savings_plan_compute_3y", "Compute Savings Plans (3 years)", "Compute Savings Plans (3 年)"},
        {"savings_plan_instance_1y", "EC2 Instance Savings Plans (1 year)", "EC2 Instance Savings Plans (1 年)"},
        {"savings_plan_instance_3y", "EC2 Instance Savings Plans (3 years)", "EC2 Instance Savings Plans (3 年)"}};
    for (const Name& n : kNames)
        if (option == n.id) return lang == "ja" ? n.ja : n.en;
    return option;
}

const std::vector<std::string>& architecture_details() {
    static const std::vector<std::string> names = {
        "context",           "kv_heads",       "head_dim",     "ffn_hidden",       "expert_ffn_hidden",
        "experts",           "experts_per_token", "shared_experts", "kv_lora_rank", "q_lora_rank",
        "qk_nope_head_dim",  "qk_rope_head_dim", "v_head_dim",  "sliding_window", "sliding_window_layers"};
    return names;
}

std::optional<double> ModelArchitecture::detail(const std::string& name) const {
    auto it = details.find(name);
    return it == details.end() ? std::nullopt : std::optional<double>(it->second.value);
}

bool Model::mixture_of_experts() const { return architecture && architecture->detail("experts").value_or(0) > 1; }

bool prices_grouped(const std::vector<Price>& prices) {
    return std::is_sorted(prices.begin(), prices.end(), [](const Price& a, const Price& b) { return a.instance < b.instance; });
}

// A binary search for the type's rows, then a scan of those (a few regions × options): every plan
// prices itself, and a linear scan of all the rows was a quarter of the wasm compare sweep.
const Price* Catalogue::price(std::string_view instance, std::string_view region, std::string_view option) const {
    auto it = std::lower_bound(prices.begin(), prices.end(), instance,
                               [](const Price& p, std::string_view id) { return p.instance < id; });
    for (; it != prices.end() && it->instance == instance; ++it)
        if (it->region == region && it->option == option) return &*it;
    return nullptr;
}

namespace {
// Great-circle distance in km between two regions' cities (haversine).
double distance_km(const Region& a, const Region& b) {
    constexpr double kRad = 3.14159265358979323846 / 180, kEarthKm = 6371;
    const double dlat = (b.latitude - a.latitude) * kRad, dlon = (b.longitude - a.longitude) * kRad;
    const double h = std::sin(dlat / 2) * std::sin(dlat / 2) +
                     std::cos(a.latitude * kRad) * std::cos(b.latitude * kRad) * std::sin(dlon / 2) * std::sin(dlon / 2);
    return 2 * kEarthKm * std::asin(std::sqrt(std::min(1.0, h)));
}
}  // namespace

Availability Catalogue::availability(std::string_view instance, std::string_view region, std::string_view option) const {
    Availability out;
    out.price = price(instance, region, option);
    const Region* here = this->region(region);
    std::vector<std::pair<int, double>> distances;  // of the regions in `elsewhere`, in price-row order
    for (const Price& p : prices) {
        if (p.instance != instance || !p.offered) continue;
        if (p.region == region) {
            out.options_here.push_back(p.option);
        } else if (p.option == option) {
            const Region* there = this->region(p.region);
            distances.emplace_back(0, here && there ? distance_km(*here, *there) : 0);
            out.elsewhere.push_back(p.region);
        }
    }
    std::vector<std::string> nearest_first;
    for (std::size_t i : stable_order(distances)) nearest_first.push_back(std::move(out.elsewhere[i]));
    out.elsewhere = std::move(nearest_first);
    return out;
}

std::vector<std::string> Catalogue::regions_offering(std::string_view instance) const {
    std::set<std::string_view> offered;
    for (const Price& p : prices)
        if (p.instance == instance && p.offered) offered.insert(p.region);
    std::vector<std::string> out;
    for (const Region& r : regions)
        if (offered.count(r.id)) out.push_back(r.id);
    return out;
}

std::vector<std::string> Catalogue::priced_options() const {
    std::set<std::string_view> named;
    for (const Price& p : prices) named.insert(p.option);
    std::vector<std::string> out;
    for (const std::string& o : purchase_options())
        if (named.count(o)) out.push_back(o);
    return out;
}

const std::vector<std::string>& capacity_limits() {
    static const std::vector<std::string> limits = {"instances_per_block", "instances_in_blocks", "days", "no_guarantee",
                                                    "vcpu_quota"};
    return limits;
}

const CapacityFact* Catalogue::capacity_fact(std::string_view option, std::string_view limit) const {
    for (const CapacityFact& f : capacity)
        if (f.option == option && f.limit == limit) return &f;
    return nullptr;
}

const ExchangeRate* Catalogue::exchange_rate(std::string_view from, std::string_view to) const {
    const ExchangeRate* best = nullptr;
    for (const ExchangeRate& r : exchange_rates)
        if (r.from == from && r.to == to && (!best || as_of(r.rate) > as_of(best->rate))) best = &r;
    return best;
}

std::string Catalogue::as_of(const Figure& figure) const {
    if (!figure.as_of.empty()) return figure.as_of;
    const Source* s = source(figure.source);
    return s ? s->as_of : std::string();
}

bool Accelerator::can(const std::string& work) const {
    auto it = capabilities.find(work);
    return it == capabilities.end() || it->second.value;
}

std::map<std::string, std::string> Catalogue::display_names(const std::string& lang) const {
    std::map<std::string, std::string> names = benchmark_names(lang);
    for (const std::string& option : purchase_options()) names[option] = purchase_option_name(option, lang);
    return names;
}

std::map<std::string, std::string> Catalogue::benchmark_names(const std::string& lang) const {
    std::map<std::string, std::string> names;
    for (const auto& b : benchmarks)
        names[b.id] = (lang == "ja" && !b.model_ja.empty() ? b.model_ja : b.model) + (lang == "ja" ? "、" : ", ") + b.instance;
    return names;
}

}  // namespace planner
