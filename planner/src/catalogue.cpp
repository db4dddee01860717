#include "planner/catalogue.hpp"

#include <algorithm>
#include <stdexcept>

namespace planner {

using nlohmann::json;

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
    if (!inst) errors.push_back({field, "unknown instance type \"" + std::string(id) + "\""});
    return inst;
}

const Accelerator* Catalogue::accelerator(std::string_view id) const { return find_by_id(accelerators, id); }
const Region* Catalogue::region(std::string_view id) const { return find_by_id(regions, id); }

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

std::string Catalogue::as_of(const Figure& figure) const {
    if (!figure.as_of.empty()) return figure.as_of;
    const Source* s = source(figure.source);
    return s ? s->as_of : std::string();
}

void to_json(json& j, const Source& s) {
    j = json{{"id", s.id}, {"title", s.title}, {"url", s.url}, {"as_of", s.as_of}};
}

void to_json(json& j, const Figure& f) {
    j = json{{"value", f.value}, {"unit", f.unit}, {"source", f.source}};
    if (!f.as_of.empty()) j["as_of"] = f.as_of;
    if (!f.note.empty()) j["note"] = f.note;
    if (f.estimate) j["estimate"] = true;
}

void to_json(json& j, const Fact& f) { j = json{{"value", f.value}, {"source", f.source}}; }

void to_json(json& j, const Price& p) {
    j = p.usd_per_hour;
    j["region"] = p.region;
}

namespace {
template <class T>
void put(json& j, const char* key, const std::optional<T>& v) {
    if (v) j[key] = *v;
}
}  // namespace

void to_json(json& j, const Accelerator& a) {
    j = json{{"id", a.id},
             {"name", a.name},
             {"kind", a.kind},
             {"peak_tflops", a.peak_tflops},
             {"sparse_tflops", a.sparse_tflops},
             {"memory", a.memory},
             {"default_mfu", a.default_mfu}};
    put(j, "memory_bandwidth", a.memory_bandwidth);
    put(j, "power", a.power);
}

void to_json(json& j, const Instance& i) {
    j = json{{"id", i.id},   {"family", i.family}, {"accelerator", i.accelerator}, {"accelerator_count", i.accelerator_count},
             {"vcpu", i.vcpu}, {"memory", i.memory}};
    put(j, "network", i.network);
    put(j, "accelerator_interconnect", i.accelerator_interconnect);
    put(j, "efa", i.efa);
    put(j, "local_nvme", i.local_nvme);
    put(j, "price", i.price);
    put(j, "power", i.power);
}

void to_json(json& j, const Region& r) {
    j = json{{"id", r.id}, {"name", r.name}, {"carbon_intensity", r.carbon_intensity}, {"pue", r.pue}};
}

void to_json(json& j, const Benchmark& b) {
    j = json{{"id", b.id}, {"kind", b.kind}, {"instance", b.instance}, {"model", b.model}};
    put(j, "instances", b.instances);
    put(j, "scaling_efficiency", b.scaling_efficiency);
    put(j, "throughput", b.throughput);
    put(j, "latency", b.latency);
}

void to_json(json& j, const Model& m) {
    j = json{{"id", m.id}, {"name", m.name}, {"parameters", m.parameters}};
    if (m.architecture)
        j["architecture"] = json{{"layers", m.architecture->layers},
                                 {"hidden", m.architecture->hidden},
                                 {"heads", m.architecture->heads},
                                 {"sequence", m.architecture->sequence},
                                 {"vocabulary", m.architecture->vocabulary}};
    put(j, "tokens", m.tokens);
}

void to_json(json& j, const Catalogue& c) {
    j = json{{"sources", json::object()},
             {"accelerators", c.accelerators},
             {"instances", c.instances},
             {"regions", c.regions},
             {"benchmarks", c.benchmarks},
             {"models", c.models}};
    for (const auto& [id, s] : c.sources) j["sources"][id] = s;
}

}  // namespace planner
