// The catalogue's canonical JSON form (catalogue.hpp): what the `catalog` response writes and what
// the wasm module embeds and reads back with from_json, trusting a catalogue load_catalogue checked.
// Each struct's members are declared once (canonical_json.hpp): the writer and the reader are the
// same table.
#include "planner/catalogue.hpp"

#include <stdexcept>

#include "canonical_json.hpp"

namespace planner {

using nlohmann::json;

namespace {

constexpr auto kSource = [](const auto& v) {
    v.req(&Source::id, "id"); v.req(&Source::title, "title"); v.req(&Source::url, "url");
    v.req(&Source::as_of, "as_of"); v.opt(&Source::note, "note");
};

constexpr auto kFigure = [](const auto& v) {
    v.req(&Figure::value, "value"); v.req(&Figure::unit, "unit"); v.req(&Figure::source, "source");
    v.opt(&Figure::as_of, "as_of"); v.opt(&Figure::note, "note"); v.opt(&Figure::estimate, "estimate");
    v.opt(&Figure::range, "range");  // [low, high]
};

constexpr auto kFact = [](const auto& v) {
    v.req(&Fact::value, "value"); v.req(&Fact::source, "source"); v.opt(&Fact::note, "note");
};

constexpr auto kCapability = [](const auto& v) {
    v.req(&Capability::value, "value"); v.req(&Capability::source, "source"); v.opt(&Capability::note, "note");
};

// A price is offered unless it says "offered": false, and published unless an offered one says
// "published": false.
void write_offered(json& j, const char* key, const Price& p) {
    if (!p.offered) j[key] = false;
}
void read_offered(const json& j, const char* key, Price& p) { p.offered = j.value(key, true); }
void write_published(json& j, const char* key, const Price& p) {
    if (p.offered && !p.published) j[key] = false;
}
void read_published(const json& j, const char* key, Price& p) { p.published = j.value(key, true); }
constexpr auto kPrice = [](const auto& v) {
    v.req(&Price::instance, "instance"); v.req(&Price::region, "region"); v.req(&Price::option, "option");
    v.req(&Price::usd_per_hour, "price"); v.custom("offered", write_offered, read_offered);
    v.custom("published", write_published, read_published);
};

constexpr auto kExchangeRate = [](const auto& v) {
    v.req(&ExchangeRate::from, "from"); v.req(&ExchangeRate::to, "to"); v.req(&ExchangeRate::rate, "rate");
};

constexpr auto kErrorBand = [](const auto& v) {
    v.req(&ErrorBand::id, "id"); v.req(&ErrorBand::plan, "plan"); v.req(&ErrorBand::family, "family");
    v.req(&ErrorBand::low, "low"); v.req(&ErrorBand::high, "high"); v.req(&ErrorBand::cases, "cases");
    v.req(&ErrorBand::as_of, "as_of");
};

constexpr auto kCapacityFact = [](const auto& v) {
    v.req(&CapacityFact::option, "option"); v.req(&CapacityFact::limit, "limit");
    v.req(&CapacityFact::numeric, "numeric"); v.req(&CapacityFact::figure, "figure");
};

constexpr auto kAccelerator = [](const auto& v) {
    v.req(&Accelerator::id, "id"); v.req(&Accelerator::name, "name"); v.req(&Accelerator::kind, "kind");
    v.req(&Accelerator::peak_tflops, "peak_tflops"); v.req(&Accelerator::sparse_tflops, "sparse_tflops");
    v.req(&Accelerator::memory, "memory"); v.req(&Accelerator::default_mfu, "default_mfu");
    v.req(&Accelerator::capabilities, "capabilities"); v.opt(&Accelerator::memory_bandwidth, "memory_bandwidth");
    v.opt(&Accelerator::power, "power"); v.opt(&Accelerator::decode_bandwidth_fraction, "decode_bandwidth_fraction");
};

constexpr auto kInstance = [](const auto& v) {
    v.req(&Instance::id, "id"); v.req(&Instance::family, "family"); v.req(&Instance::accelerator, "accelerator");
    v.req(&Instance::accelerator_count, "accelerator_count"); v.req(&Instance::vcpu, "vcpu");
    v.req(&Instance::memory, "memory"); v.opt(&Instance::network, "network");
    v.opt(&Instance::accelerator_interconnect, "accelerator_interconnect"); v.opt(&Instance::efa, "efa");
    v.opt(&Instance::local_nvme, "local_nvme"); v.opt(&Instance::power, "power");
};

// A region's place: [latitude, longitude].
void write_coordinates(json& j, const char* key, const Region& r) { j[key] = {r.latitude, r.longitude}; }
void read_coordinates(const json& j, const char* key, Region& r) {
    r.latitude = j.at(key).at(0).get<double>();
    r.longitude = j.at(key).at(1).get<double>();
}
constexpr auto kRegion = [](const auto& v) {
    v.req(&Region::id, "id"); v.req(&Region::name, "name");
    v.custom("coordinates", write_coordinates, read_coordinates);
    v.req(&Region::carbon_intensity, "carbon_intensity"); v.req(&Region::pue, "pue");
    v.opt(&Region::carbon_intensity_market, "carbon_intensity_market"); v.opt(&Region::market_note, "market_note");
};

constexpr auto kBenchmark = [](const auto& v) {
    v.req(&Benchmark::id, "id"); v.req(&Benchmark::kind, "kind"); v.req(&Benchmark::instance, "instance");
    v.req(&Benchmark::model, "model"); v.opt(&Benchmark::model_ja, "model_ja");
    v.opt(&Benchmark::instances, "instances"); v.opt(&Benchmark::scaling_efficiency, "scaling_efficiency");
    v.opt(&Benchmark::throughput, "throughput"); v.opt(&Benchmark::latency, "latency");
};

// An architecture's details sit beside its four widths, by name (architecture_details()).
using Arch = ModelArchitecture;
constexpr auto kArchitecture = [](const auto& v) {
    v.req(&Arch::layers, "layers"); v.req(&Arch::hidden, "hidden"); v.req(&Arch::heads, "heads");
    v.req(&Arch::vocabulary, "vocabulary"); v.opt(&Arch::sequence, "sequence");
};
void write_architecture(json& j, const char* key, const Model& m) {
    if (!m.architecture) return;
    json& a = j[key];
    write_canon(a, *m.architecture, kArchitecture);
    for (const auto& [name, f] : m.architecture->details) a[name] = f;
}
void read_architecture(const json& j, const char* key, Model& m) {
    const auto it = j.find(key);
    if (it == j.end()) return;
    ModelArchitecture& arch = m.architecture.emplace();
    read_canon(*it, arch, kArchitecture);
    for (const std::string& name : architecture_details())
        if (auto d = it->find(name); d != it->end()) arch.details.emplace(name, d->get<Figure>());
}
constexpr auto kModel = [](const auto& v) {
    v.req(&Model::id, "id"); v.req(&Model::name, "name"); v.req(&Model::parameters, "parameters");
    v.opt(&Model::active_parameters, "active_parameters");
    v.custom("architecture", write_architecture, read_architecture); v.opt(&Model::tokens, "tokens");
    v.opt(&Model::recompute, "recompute");
};

using C = Catalogue;
constexpr auto kCatalogue = [](const auto& v) {
    v.req(&C::sources, "sources"); v.req(&C::accelerators, "accelerators"); v.req(&C::instances, "instances");
    v.req(&C::regions, "regions"); v.req(&C::benchmarks, "benchmarks"); v.req(&C::models, "models");
    v.req(&C::prices, "prices"); v.req(&C::exchange_rates, "exchange_rates"); v.req(&C::capacity, "capacity");
    v.req(&C::operator_tables, "operator_tables"); v.req(&C::collectives, "collectives");
    v.req(&C::error_bands, "error_bands");
};

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

// Each struct's writer and reader, from its one list of members.
#define ACCELGUIDE_CANONICAL_JSON(T, members)                                  \
    void to_json(json& j, const T& value) { write_canon(j, value, members); } \
    void from_json(const json& j, T& value) { read_canon(j, value, members); }
ACCELGUIDE_CANONICAL_JSON(Source, kSource)
ACCELGUIDE_CANONICAL_JSON(Figure, kFigure)
ACCELGUIDE_CANONICAL_JSON(Fact, kFact)
ACCELGUIDE_CANONICAL_JSON(Capability, kCapability)
ACCELGUIDE_CANONICAL_JSON(Price, kPrice)
ACCELGUIDE_CANONICAL_JSON(ExchangeRate, kExchangeRate)
ACCELGUIDE_CANONICAL_JSON(ErrorBand, kErrorBand)
ACCELGUIDE_CANONICAL_JSON(CapacityFact, kCapacityFact)
ACCELGUIDE_CANONICAL_JSON(Accelerator, kAccelerator)
ACCELGUIDE_CANONICAL_JSON(Instance, kInstance)
ACCELGUIDE_CANONICAL_JSON(Region, kRegion)
ACCELGUIDE_CANONICAL_JSON(Benchmark, kBenchmark)
ACCELGUIDE_CANONICAL_JSON(Model, kModel)
#undef ACCELGUIDE_CANONICAL_JSON

void to_json(json& j, const Catalogue& c) { write_canon(j, c, kCatalogue); }

void from_json(const json& j, Catalogue& c) {
    read_canon(j, c, kCatalogue);
    if (!prices_grouped(c.prices)) throw std::invalid_argument("catalogue JSON: prices are not grouped by instance type");
}

json catalogue_without_notes(const Catalogue& c) {
    json j = c;
    drop_figure_notes(j);
    return j;
}

}  // namespace planner
