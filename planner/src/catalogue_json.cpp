// The catalogue's canonical JSON form (catalogue.hpp): what the `catalog` response writes and what
// the wasm module embeds and reads back with from_json, trusting a catalogue load_catalogue checked.
#include "planner/catalogue.hpp"

#include <stdexcept>

#include "planner/json_members.hpp"

namespace planner {

using nlohmann::json;

void to_json(json& j, const Source& s) {
    members(j, {{"id", s.id}, {"title", s.title}, {"url", s.url}, {"as_of", s.as_of}});
    if (!s.note.empty()) j["note"] = s.note;
}

void to_json(json& j, const Figure& f) {
    members(j, {{"value", f.value}, {"unit", f.unit}, {"source", f.source}});
    if (!f.as_of.empty()) j["as_of"] = f.as_of;
    if (!f.note.empty()) j["note"] = f.note;
    if (f.estimate) j["estimate"] = true;
    if (f.range) j["range"] = {f.range->first, f.range->second};
}

void to_json(json& j, const Fact& f) {
    members(j, {{"value", f.value}, {"source", f.source}});
    if (!f.note.empty()) j["note"] = f.note;
}

void to_json(json& j, const Capability& c) {
    members(j, {{"value", c.value}, {"source", c.source}});
    if (!c.note.empty()) j["note"] = c.note;
}

void to_json(json& j, const Price& p) {
    members(j, {{"instance", p.instance}, {"region", p.region}, {"option", p.option}, {"price", p.usd_per_hour}});
    if (!p.offered) j["offered"] = false;
    if (p.offered && !p.published) j["published"] = false;
}

void to_json(json& j, const ExchangeRate& r) { members(j, {{"from", r.from}, {"to", r.to}, {"rate", r.rate}}); }
void to_json(json& j, const ErrorBand& b) {
    members(j, {{"id", b.id}, {"plan", b.plan}, {"family", b.family}, {"low", b.low}, {"high", b.high},
                {"cases", b.cases}, {"as_of", b.as_of}});
}
void to_json(json& j, const CapacityFact& f) {
    members(j, {{"option", f.option}, {"limit", f.limit}, {"numeric", f.numeric}, {"figure", f.figure}});
}

void to_json(json& j, const Accelerator& a) {
    members(j, {{"id", a.id},
             {"name", a.name},
             {"kind", a.kind},
             {"peak_tflops", a.peak_tflops},
             {"sparse_tflops", a.sparse_tflops},
             {"memory", a.memory},
             {"default_mfu", a.default_mfu},
             {"capabilities", a.capabilities}});
    optional_member(j, "memory_bandwidth", a.memory_bandwidth);
    optional_member(j, "power", a.power);
    optional_member(j, "decode_bandwidth_fraction", a.decode_bandwidth_fraction);
}

void to_json(json& j, const Instance& i) {
    members(j, {{"id", i.id},   {"family", i.family}, {"accelerator", i.accelerator}, {"accelerator_count", i.accelerator_count},
             {"vcpu", i.vcpu}, {"memory", i.memory}});
    optional_member(j, "network", i.network);
    optional_member(j, "accelerator_interconnect", i.accelerator_interconnect);
    optional_member(j, "efa", i.efa);
    optional_member(j, "local_nvme", i.local_nvme);
    optional_member(j, "power", i.power);
}

void to_json(json& j, const Region& r) {
    members(j, {{"id", r.id},   {"name", r.name}, {"coordinates", {r.latitude, r.longitude}}, {"carbon_intensity", r.carbon_intensity},
             {"pue", r.pue}});
    optional_member(j, "carbon_intensity_market", r.carbon_intensity_market);
    if (!r.market_note.empty()) j["market_note"] = r.market_note;
}

void to_json(json& j, const Benchmark& b) {
    members(j, {{"id", b.id}, {"kind", b.kind}, {"instance", b.instance}, {"model", b.model}});
    if (!b.model_ja.empty()) j["model_ja"] = b.model_ja;
    optional_member(j, "instances", b.instances);
    optional_member(j, "scaling_efficiency", b.scaling_efficiency);
    optional_member(j, "throughput", b.throughput);
    optional_member(j, "latency", b.latency);
}

void to_json(json& j, const Model& m) {
    members(j, {{"id", m.id}, {"name", m.name}, {"parameters", m.parameters}});
    optional_member(j, "active_parameters", m.active_parameters);
    if (m.architecture) {
        const ModelArchitecture& a = *m.architecture;
        json arch{{"layers", a.layers}, {"hidden", a.hidden}, {"heads", a.heads}, {"vocabulary", a.vocabulary}};
        optional_member(arch, "sequence", a.sequence);
        for (const auto& [name, f] : a.details) arch[name] = f;
        j["architecture"] = std::move(arch);
    }
    optional_member(j, "tokens", m.tokens);
    optional_member(j, "recompute", m.recompute);
}

void to_json(json& j, const Catalogue& c) {
    members(j, {{"sources", json::object()},
             {"accelerators", c.accelerators},
             {"instances", c.instances},
             {"regions", c.regions},
             {"benchmarks", c.benchmarks},
             {"models", c.models},
             {"prices", c.prices},
             {"exchange_rates", c.exchange_rates},
             {"capacity", c.capacity},
             {"operator_tables", c.operator_tables},
             {"collectives", c.collectives},
             {"error_bands", c.error_bands}});
    for (const auto& [id, s] : c.sources) j["sources"][id] = s;
}

namespace {
// Removes "note" from every figure ({"value": number, "unit", "source", ...}) under `j`; a
// capability's or a region's note (why a chip cannot train) stays.
void drop_figure_notes(json& j) {
    if (j.is_array()) {
        for (json& item : j) drop_figure_notes(item);
    } else if (j.is_object()) {
        if ((j.contains("unit") && j.contains("source")) || (j.contains("url") && j.contains("as_of"))) j.erase("note");
        for (auto& [key, value] : j.items()) drop_figure_notes(value);
    }
}
}  // namespace

json catalogue_without_notes(const Catalogue& c) {
    json j = c;
    drop_figure_notes(j);
    return j;
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
    s.note = j.value("note", std::string());
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
    take(j, "note", f.note);
}

void from_json(const json& j, Capability& c) {
    j.at("value").get_to(c.value);
    j.at("source").get_to(c.source);
    if (auto it = j.find("note"); it != j.end()) it->get_to(c.note);
}

void from_json(const json& j, Price& p) {
    j.at("instance").get_to(p.instance);
    j.at("region").get_to(p.region);
    j.at("option").get_to(p.option);
    j.at("price").get_to(p.usd_per_hour);
    p.offered = j.value("offered", true);
    p.published = j.value("published", true);
}

void from_json(const json& j, CapacityFact& f) {
    j.at("option").get_to(f.option);
    j.at("limit").get_to(f.limit);
    j.at("numeric").get_to(f.numeric);
    j.at("figure").get_to(f.figure);
}

void from_json(const json& j, ExchangeRate& r) {
    j.at("from").get_to(r.from);
    j.at("to").get_to(r.to);
    j.at("rate").get_to(r.rate);
}

void from_json(const json& j, ErrorBand& b) {
    for (auto [key, text] : {std::pair{"id", &b.id}, {"plan", &b.plan}, {"family", &b.family}, {"as_of", &b.as_of}})
        j.at(key).get_to(*text);
    b.low = j.at("low").get<double>();
    b.high = j.at("high").get<double>();
    j.at("cases").get_to(b.cases);
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
    take(j, "decode_bandwidth_fraction", a.decode_bandwidth_fraction);
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
    take(j, "power", i.power);
}

void from_json(const json& j, Region& r) {
    j.at("id").get_to(r.id);
    j.at("name").get_to(r.name);
    r.latitude = j.at("coordinates").at(0).get<double>();
    r.longitude = j.at("coordinates").at(1).get<double>();
    j.at("carbon_intensity").get_to(r.carbon_intensity);
    take(j, "carbon_intensity_market", r.carbon_intensity_market);
    take(j, "market_note", r.market_note);
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
    take(j, "active_parameters", m.active_parameters);
    if (auto it = j.find("architecture"); it != j.end()) {
        const json& a = *it;
        ModelArchitecture arch{a.at("layers").get<Figure>(), a.at("hidden").get<Figure>(), a.at("heads").get<Figure>(),
                               a.at("vocabulary").get<Figure>(), std::nullopt, {}};
        take(a, "sequence", arch.sequence);
        for (const std::string& name : architecture_details())
            if (auto d = a.find(name); d != a.end()) arch.details.emplace(name, d->get<Figure>());
        m.architecture = std::move(arch);
    }
    take(j, "tokens", m.tokens);
    take(j, "recompute", m.recompute);
}

namespace {
// A list read element by element into a vector sized once: nlohmann's get_to inserts through an
// iterator, which the module carried as insert and buffer code for every element type.
template <class T>
void take_list(const json& j, const char* key, std::vector<T>& out) {
    const json& list = j.at(key);
    out.resize(list.size());
    for (std::size_t i = 0; i < out.size(); ++i) list[i].get_to(out[i]);
}
}  // namespace

void from_json(const json& j, Catalogue& c) {
    j.at("sources").get_to(c.sources);
    take_list(j, "accelerators", c.accelerators);
    take_list(j, "instances", c.instances);
    take_list(j, "regions", c.regions);
    take_list(j, "benchmarks", c.benchmarks);
    take_list(j, "models", c.models);
    take_list(j, "prices", c.prices);
    if (!prices_grouped(c.prices)) throw std::invalid_argument("catalogue JSON: prices are not grouped by instance type");
    take_list(j, "exchange_rates", c.exchange_rates);
    take_list(j, "capacity", c.capacity);
    take_list(j, "operator_tables", c.operator_tables);
    take_list(j, "collectives", c.collectives);
    take_list(j, "error_bands", c.error_bands);
}

}  // namespace planner
