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

constexpr Canon<Source> kSource[] = {canon<&Source::id>("id"), canon<&Source::title>("title"), canon<&Source::url>("url"),
                                     canon<&Source::as_of>("as_of"), canon_if<&Source::note>("note")};

constexpr Canon<Figure> kFigure[] = {
    canon<&Figure::value>("value"),        canon<&Figure::unit>("unit"),         canon<&Figure::source>("source"),
    canon_if<&Figure::as_of>("as_of"),     canon_if<&Figure::note>("note"),      canon_if<&Figure::estimate>("estimate"),
    canon_if<&Figure::range>("range")};  // [low, high]

constexpr Canon<Fact> kFact[] = {canon<&Fact::value>("value"), canon<&Fact::source>("source"), canon_if<&Fact::note>("note")};

constexpr Canon<Capability> kCapability[] = {canon<&Capability::value>("value"), canon<&Capability::source>("source"),
                                             canon_if<&Capability::note>("note")};

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
constexpr Canon<Price> kPrice[] = {
    canon<&Price::instance>("instance"), canon<&Price::region>("region"), canon<&Price::option>("option"),
    canon<&Price::usd_per_hour>("price"), {"offered", write_offered, read_offered},
    {"published", write_published, read_published}};

constexpr Canon<ExchangeRate> kExchangeRate[] = {canon<&ExchangeRate::from>("from"), canon<&ExchangeRate::to>("to"),
                                                 canon<&ExchangeRate::rate>("rate")};

constexpr Canon<ErrorBand> kErrorBand[] = {
    canon<&ErrorBand::id>("id"),     canon<&ErrorBand::plan>("plan"),   canon<&ErrorBand::family>("family"),
    canon<&ErrorBand::low>("low"),   canon<&ErrorBand::high>("high"),   canon<&ErrorBand::cases>("cases"),
    canon<&ErrorBand::as_of>("as_of")};

constexpr Canon<CapacityFact> kCapacityFact[] = {canon<&CapacityFact::option>("option"), canon<&CapacityFact::limit>("limit"),
                                                 canon<&CapacityFact::numeric>("numeric"), canon<&CapacityFact::figure>("figure")};

constexpr Canon<Accelerator> kAccelerator[] = {
    canon<&Accelerator::id>("id"), canon<&Accelerator::name>("name"), canon<&Accelerator::kind>("kind"),
    canon<&Accelerator::peak_tflops>("peak_tflops"), canon<&Accelerator::sparse_tflops>("sparse_tflops"),
    canon<&Accelerator::memory>("memory"), canon<&Accelerator::default_mfu>("default_mfu"),
    canon<&Accelerator::capabilities>("capabilities"), canon_if<&Accelerator::memory_bandwidth>("memory_bandwidth"),
    canon_if<&Accelerator::power>("power"), canon_if<&Accelerator::decode_bandwidth_fraction>("decode_bandwidth_fraction")};

constexpr Canon<Instance> kInstance[] = {
    canon<&Instance::id>("id"), canon<&Instance::family>("family"), canon<&Instance::accelerator>("accelerator"),
    canon<&Instance::accelerator_count>("accelerator_count"), canon<&Instance::vcpu>("vcpu"), canon<&Instance::memory>("memory"),
    canon_if<&Instance::network>("network"), canon_if<&Instance::accelerator_interconnect>("accelerator_interconnect"),
    canon_if<&Instance::efa>("efa"), canon_if<&Instance::local_nvme>("local_nvme"), canon_if<&Instance::power>("power")};

// A region's place: [latitude, longitude].
void write_coordinates(json& j, const char* key, const Region& r) { j[key] = {r.latitude, r.longitude}; }
void read_coordinates(const json& j, const char* key, Region& r) {
    r.latitude = j.at(key).at(0).get<double>();
    r.longitude = j.at(key).at(1).get<double>();
}
constexpr Canon<Region> kRegion[] = {
    canon<&Region::id>("id"), canon<&Region::name>("name"), {"coordinates", write_coordinates, read_coordinates},
    canon<&Region::carbon_intensity>("carbon_intensity"), canon<&Region::pue>("pue"),
    canon_if<&Region::carbon_intensity_market>("carbon_intensity_market"), canon_if<&Region::market_note>("market_note")};

constexpr Canon<Benchmark> kBenchmark[] = {
    canon<&Benchmark::id>("id"), canon<&Benchmark::kind>("kind"), canon<&Benchmark::instance>("instance"),
    canon<&Benchmark::model>("model"), canon_if<&Benchmark::model_ja>("model_ja"), canon_if<&Benchmark::instances>("instances"),
    canon_if<&Benchmark::scaling_efficiency>("scaling_efficiency"), canon_if<&Benchmark::throughput>("throughput"),
    canon_if<&Benchmark::latency>("latency")};

// An architecture's details sit beside its four widths, by name (architecture_details()).
using Arch = ModelArchitecture;
constexpr Canon<ModelArchitecture> kArchitecture[] = {
    canon<&Arch::layers>("layers"), canon<&Arch::hidden>("hidden"), canon<&Arch::heads>("heads"),
    canon<&Arch::vocabulary>("vocabulary"), canon_if<&Arch::sequence>("sequence")};
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
constexpr Canon<Model> kModel[] = {
    canon<&Model::id>("id"), canon<&Model::name>("name"), canon<&Model::parameters>("parameters"),
    canon_if<&Model::active_parameters>("active_parameters"), {"architecture", write_architecture, read_architecture},
    canon_if<&Model::tokens>("tokens"), canon_if<&Model::recompute>("recompute")};

using C = Catalogue;
constexpr Canon<Catalogue> kCatalogue[] = {
    canon<&C::sources>("sources"), canon<&C::accelerators>("accelerators"), canon<&C::instances>("instances"),
    canon<&C::regions>("regions"), canon<&C::benchmarks>("benchmarks"), canon<&C::models>("models"),
    canon<&C::prices>("prices"), canon<&C::exchange_rates>("exchange_rates"), canon<&C::capacity>("capacity"),
    canon<&C::operator_tables>("operator_tables"), canon<&C::collectives>("collectives"),
    canon<&C::error_bands>("error_bands")};

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

void to_json(json& j, const Source& s) { write_canon(j, s, kSource); }
void to_json(json& j, const Figure& f) { write_canon(j, f, kFigure); }
void to_json(json& j, const Fact& f) { write_canon(j, f, kFact); }
void to_json(json& j, const Capability& c) { write_canon(j, c, kCapability); }
void to_json(json& j, const Price& p) { write_canon(j, p, kPrice); }
void to_json(json& j, const ExchangeRate& r) { write_canon(j, r, kExchangeRate); }
void to_json(json& j, const ErrorBand& b) { write_canon(j, b, kErrorBand); }
void to_json(json& j, const CapacityFact& f) { write_canon(j, f, kCapacityFact); }
void to_json(json& j, const Accelerator& a) { write_canon(j, a, kAccelerator); }
void to_json(json& j, const Instance& i) { write_canon(j, i, kInstance); }
void to_json(json& j, const Region& r) { write_canon(j, r, kRegion); }
void to_json(json& j, const Benchmark& b) { write_canon(j, b, kBenchmark); }
void to_json(json& j, const Model& m) { write_canon(j, m, kModel); }
void to_json(json& j, const Catalogue& c) { write_canon(j, c, kCatalogue); }

void from_json(const json& j, Source& s) { read_canon(j, s, kSource); }
void from_json(const json& j, Figure& f) { read_canon(j, f, kFigure); }
void from_json(const json& j, Fact& f) { read_canon(j, f, kFact); }
void from_json(const json& j, Capability& c) { read_canon(j, c, kCapability); }
void from_json(const json& j, Price& p) { read_canon(j, p, kPrice); }
void from_json(const json& j, ExchangeRate& r) { read_canon(j, r, kExchangeRate); }
void from_json(const json& j, ErrorBand& b) { read_canon(j, b, kErrorBand); }
void from_json(const json& j, CapacityFact& f) { read_canon(j, f, kCapacityFact); }
void from_json(const json& j, Accelerator& a) { read_canon(j, a, kAccelerator); }
void from_json(const json& j, Instance& i) { read_canon(j, i, kInstance); }
void from_json(const json& j, Region& r) { read_canon(j, r, kRegion); }
void from_json(const json& j, Benchmark& b) { read_canon(j, b, kBenchmark); }
void from_json(const json& j, Model& m) { read_canon(j, m, kModel); }

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
