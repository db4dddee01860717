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
    if (f.range) j["range"] = {f.range->first, f.range->second};
}

void to_json(json& j, const Fact& f) { j = json{{"value", f.value}, {"source", f.source}}; }

bool Accelerator::can(const std::string& work) const {
    auto it = capabilities.find(work);
    return it == capabilities.end() || it->second.value;
}

void to_json(json& j, const Capability& c) {
    j = json{{"value", c.value}, {"source", c.source}};
    if (!c.note.empty()) j["note"] = c.note;
}

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
             {"default_mfu", a.default_mfu},
             {"capabilities", a.capabilities}};
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
    if (!b.model_ja.empty()) j["model_ja"] = b.model_ja;
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

namespace {
template <class T>
void take(const json& j, const char* key, std::optional<T>& v) {
    if (auto it = j.find(key); it != j.end()) v = it->template get<T>();
}
template <class T>
void take(const json& j, const char* key, T& v) {
    if (auto it = j.find(key); it != j.end()) it->get_to(v);
}
}  // namespace

void from_json(const json& j, Source& s) {
    j.at("id").get_to(s.id);
    j.at("title").get_to(s.title);
    j.at("url").get_to(s.url);
    j.at("as_of").get_to(s.as_of);
}

void from_json(const json& j, Figure& f) {
    j.at("value").get_to(f.value);
    j.at("unit").get_to(f.unit);
    j.at("source").get_to(f.source);
    take(j, "as_of", f.as_of);
    take(j, "note", f.note);
    take(j, "estimate", f.estimate);
    if (auto r = j.find("range"); r != j.end()) f.range = std::pair{r->at(0).get<double>(), r->at(1).get<double>()};
}

void from_json(const json& j, Fact& f) {
    j.at("value").get_to(f.value);
    j.at("source").get_to(f.source);
}

void from_json(const json& j, Capability& c) {
    j.at("value").get_to(c.value);
    j.at("source").get_to(c.source);
    if (auto it = j.find("note"); it != j.end()) it->get_to(c.note);
}

void from_json(const json& j, Price& p) {
    from_json(j, p.usd_per_hour);
    j.at("region").get_to(p.region);
}

void from_json(const json& j, Accelerator& a) {
    j.at("id").get_to(a.id);
    j.at("name").get_to(a.name);
    j.at("kind").get_to(a.kind);
    j.at("peak_tflops").get_to(a.peak_tflops);
    j.at("sparse_tflops").get_to(a.sparse_tflops);
    j.at("memory").get_to(a.memory);
    j.at("default_mfu").get_to(a.default_mfu);
    j.at("capabilities").get_to(a.capabilities);
    take(j, "memory_bandwidth", a.memory_bandwidth);
    take(j, "power", a.power);
}

void from_json(const json& j, Instance& i) {
    j.at("id").get_to(i.id);
    j.at("family").get_to(i.family);
    j.at("accelerator").get_to(i.accelerator);
    j.at("accelerator_count").get_to(i.accelerator_count);
    j.at("vcpu").get_to(i.vcpu);
    j.at("memory").get_to(i.memory);
    take(j, "network", i.network);
    take(j, "accelerator_interconnect", i.accelerator_interconnect);
    take(j, "efa", i.efa);
    take(j, "local_nvme", i.local_nvme);
    take(j, "price", i.price);
    take(j, "power", i.power);
}

void from_json(const json& j, Region& r) {
    j.at("id").get_to(r.id);
    j.at("name").get_to(r.name);
    j.at("carbon_intensity").get_to(r.carbon_intensity);
    j.at("pue").get_to(r.pue);
}

void from_json(const json& j, Benchmark& b) {
    j.at("id").get_to(b.id);
    j.at("kind").get_to(b.kind);
    j.at("instance").get_to(b.instance);
    j.at("model").get_to(b.model);
    b.model_ja = j.value("model_ja", std::string());
    take(j, "instances", b.instances);
    take(j, "scaling_efficiency", b.scaling_efficiency);
    take(j, "throughput", b.throughput);
    take(j, "latency", b.latency);
}

void from_json(const json& j, Model& m) {
    j.at("id").get_to(m.id);
    j.at("name").get_to(m.name);
    j.at("parameters").get_to(m.parameters);
    if (auto it = j.find("architecture"); it != j.end()) {
        const json& a = *it;
        m.architecture = ModelArchitecture{a.at("layers").get<Figure>(), a.at("hidden").get<Figure>(),
                                           a.at("heads").get<Figure>(), a.at("sequence").get<Figure>(),
                                           a.at("vocabulary").get<Figure>()};
    }
    take(j, "tokens", m.tokens);
}

void from_json(const json& j, Catalogue& c) {
    j.at("sources").get_to(c.sources);
    j.at("accelerators").get_to(c.accelerators);
    j.at("instances").get_to(c.instances);
    j.at("regions").get_to(c.regions);
    j.at("benchmarks").get_to(c.benchmarks);
    j.at("models").get_to(c.models);
}

std::map<std::string, std::string> Catalogue::benchmark_names(const std::string& lang) const {
    std::map<std::string, std::string> names;
    for (const auto& b : benchmarks)
        names[b.id] = (lang == "ja" && !b.model_ja.empty() ? b.model_ja : b.model) + (lang == "ja" ? "、" : ", ") + b.instance;
    return names;
}

}  // namespace planner
