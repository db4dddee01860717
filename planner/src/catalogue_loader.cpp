// load_catalogue: parse and validate data/*.json, reporting every problem with its position.
#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

#include "data_file.hpp"
#include "operator_table_loader.hpp"
#include "planner/catalogue.hpp"
#include "planner/json_position.hpp"

namespace planner {

using nlohmann::json;
using Pointer = json::json_pointer;

namespace {

using namespace data_file;

const std::set<std::string> kAcceleratorKinds = {"gpu", "trainium", "inferentia", "gaudi", "qualcomm", "cpu"};
const std::map<std::string, FigureSpec> kPrecisions = {
    {"fp32", {"TFLOPS", 100000}}, {"tf32", {"TFLOPS", 100000}}, {"bf16", {"TFLOPS", 100000}},
    {"fp16", {"TFLOPS", 100000}}, {"fp8", {"TFLOPS", 100000}},  {"fp4", {"TFLOPS", 100000}},
    {"int8", {"TOPS", 100000}},
};
const std::map<std::string, FigureSpec> kWorkloads = {{"training", {"fraction", 1}}, {"inference", {"fraction", 1}}};

std::map<std::string, Source> load_sources(const CatalogueFiles::File& file, std::vector<Diagnostic>& errors) {
    std::map<std::string, Source> sources;
    FileValidator v(file, errors);
    const std::optional<json> parsed = v.parse();
    if (!parsed) return sources;
    const json& doc = *parsed;
    const Pointer root("");
    if (!doc.is_object() || !doc.contains("sources") || !doc["sources"].is_object()) {
        v.error("data.wrong_type", "", root, "the file must hold {\"sources\": {\"<id>\": {...}}}");
        return sources;
    }
    for (auto s = doc["sources"].begin(); s != doc["sources"].end(); ++s) {
        const Pointer at = root / "sources" / s.key();
        if (!s->is_object()) {
            v.error("data.wrong_type", s.key(), at, "a source must be an object {\"title\", \"url\", \"as_of\"}");
            continue;
        }
        EntryReader in(v, *s, at, s.key(), sources);
        Source src{s.key(), in.text("title", true), in.text("url", true), in.text("as_of", true), in.text("note", false)};
        if (!src.as_of.empty() && !is_date(src.as_of))
            v.error("data.bad_date", s.key(), at / "as_of", "\"as_of\" must be a date YYYY-MM-DD, YYYY-MM or YYYY");
        // Pages link to the url as it is: only a web address, never javascript: or data: (XSS).
        if (!src.url.empty() && src.url.rfind("https://", 0) != 0 && src.url.rfind("http://", 0) != 0)
            v.error("data.bad_url", s.key(), at / "url", "\"url\" must be an http:// or https:// address",
                    "link the page the figure was read from");
        in.finish();
        sources.emplace(src.id, src);
    }
    return sources;
}

const std::set<std::string>& option_set() {
    static const std::set<std::string> options(purchase_options().begin(), purchase_options().end());
    return options;
}

// data/prices.json: one row per instance type × region × purchase option, each priced or marked
// {"offered": false}; every row with its source and date.
void load_prices(const CatalogueFiles::File& file, const std::optional<std::set<std::string>>& instance_ids,
                 const std::optional<std::set<std::string>>& region_ids, Catalogue& c, std::vector<Diagnostic>& errors) {
    std::set<std::string> seen;
    load_list(file, "prices", errors, c.sources, [&](EntryReader& in) {
        const std::string row = in.raw_text("instance") + " in " + in.raw_text("region") + " (" + in.raw_text("option") + ")";
        in.rename(row);
        Price p;
        p.instance = in.text("instance", true);
        p.region = in.text("region", true);
        p.option = in.text("option", true, option_set());
        if (!p.instance.empty() && instance_ids && !instance_ids->count(p.instance))
            in.validator().error("data.unknown_reference", row, in.at() / "instance", "unknown instance \"" + p.instance + "\"",
                                 "define it in data/instances.json");
        if (!p.region.empty() && region_ids && !region_ids->count(p.region))
            in.validator().error("data.unknown_reference", row, in.at() / "region", "unknown region \"" + p.region + "\"",
                                 "define it in data/regions.json");
        if (const json* offered = in.member("offered", false)) {
            if (!offered->is_boolean() || offered->get<bool>())
                in.validator().error("data.wrong_type", row, in.at() / "offered", "\"offered\" is given only as false",
                                     "leave it out for a priced row");
            else
                p.offered = false;
        }
        const json* value = in.member("value", false);
        p.published = p.offered && !(value && value->is_null());
        if (p.published) {
            auto f = in.as_figure({"USD/h", 2000});
            if (!f) return;
            p.usd_per_hour = *f;
        } else {  // not offered, or no published price: still who says so and when
            in.member("unit", false);
            if (p.offered && in.text("note", false).empty())
                in.validator().error("data.missing_field", row, in.at(), "an offered type with no published price needs a \"note\" saying why");
            p.usd_per_hour.source = in.source();
            p.usd_per_hour.note = in.text("note", false);
            p.usd_per_hour.as_of = in.text("as_of", false);
            p.usd_per_hour.unit = "USD/h";
        }
        if (p.usd_per_hour.as_of.empty() || !is_date(p.usd_per_hour.as_of))
            in.validator().error("data.bad_date", row, in.at(), "a price row needs \"as_of\", the date the price was read (YYYY-MM-DD)",
                                 "prices change: every one shows its date");
        if (!seen.insert(row).second)
            in.validator().error("data.duplicate_id", row, in.at(), row + " is given twice", "remove one of them");
        else if (!p.instance.empty() && !p.region.empty() && !p.option.empty() && c.find(p.instance) && c.region(p.region))
            c.prices.push_back(std::move(p));
    }, /*ids_required=*/false, "capacity");
}

// data/prices.json, "capacity": what AWS publishes about how much each purchase option can hold.
void load_capacity(const CatalogueFiles::File& file, Catalogue& c, std::vector<Diagnostic>& errors) {
    static const std::set<std::string> numeric = {"instances_per_block", "instances_in_blocks", "days"};
    const std::set<std::string> limits(capacity_limits().begin(), capacity_limits().end());
    load_list(file, "capacity", errors, c.sources, [&](EntryReader& in) {
        const std::string row = in.raw_text("option") + " " + in.raw_text("limit");
        in.rename(row);
        CapacityFact f;
        f.option = in.text("option", true, option_set());
        f.limit = in.text("limit", true, limits);
        f.numeric = numeric.count(f.limit) > 0;
        if (f.numeric) {
            auto figure = in.as_figure({f.limit == "days" ? "days" : "count", 100000});
            if (!figure) return;
            f.figure = *figure;
        } else {
            if (in.member("value", false))
                in.validator().error("data.unknown_field", row, in.at() / "value", "\"" + f.limit + "\" is a statement: it has no value",
                                     "leave \"value\" out", Target::key);
            f.figure.source = in.source();
            f.figure.as_of = in.text("as_of", false);
            f.figure.note = in.text("note", true);
        }
        if (f.figure.as_of.empty() || !is_date(f.figure.as_of))
            in.validator().error("data.bad_date", row, in.at(), "a capacity row needs \"as_of\", the date it was read (YYYY-MM-DD)");
        if (!f.option.empty() && !f.limit.empty()) c.capacity.push_back(std::move(f));
    }, /*ids_required=*/false, "prices", /*optional=*/true);
}

// data/currency.json: exchange rates, each with its source and date.
void load_exchange_rates(const CatalogueFiles::File& file, Catalogue& c, std::vector<Diagnostic>& errors) {
    load_list(file, "exchange_rates", errors, c.sources, [&](EntryReader& in) {
        ExchangeRate r;
        r.from = in.text("from", true, {"USD"});
        r.to = in.text("to", true, {"JPY"});
        auto f = in.as_figure({"JPY/USD", 1000});
        if (!f || r.from.empty() || r.to.empty()) return;
        if (f->as_of.empty())
            in.validator().error("data.bad_date", r.from + "→" + r.to, in.at(), "a rate needs \"as_of\", the day or month it applies to");
        r.rate = *f;
        c.exchange_rates.push_back(std::move(r));
    }, /*ids_required=*/false);
}

// data/benchmarks.json, "collectives": published nccl-tests tables between instances, each row
// {"gpus", "mib", "busbw"} (ranks, MiB per rank, GB/s). A group size needs two buffer sizes to fit.
void load_collectives(const CatalogueFiles::File& file, const std::optional<std::set<std::string>>& instance_ids,
                      Catalogue& c, std::vector<Diagnostic>& errors) {
    static const std::set<std::string> kCollectives = {"all_reduce", "all_gather", "all_to_all"};
    load_list(file, "collectives", errors, c.sources, [&](EntryReader& in) {
        CollectiveTable t;
        t.id = in.entry();
        t.instance = in.text("instance", true);
        t.collective = in.text("collective", true, kCollectives);
        t.library = in.text("library", true);
        t.source = in.source();
        t.locator = in.text("locator", true);
        in.text("unit", true, {"GB/s"});
        if (!t.instance.empty() && instance_ids && !instance_ids->count(t.instance))
            in.validator().error("data.unknown_reference", t.id, in.at() / "instance", "unknown instance \"" + t.instance + "\"",
                                 "define it in data/instances.json");
        const json* rows = in.member("rows", true);
        if (rows && (!rows->is_array() || rows->empty())) {
            in.validator().error("data.wrong_type", t.id, in.at() / "rows", "\"rows\" must be a list of {\"gpus\", \"mib\", \"busbw\"}");
            rows = nullptr;
        }
        bool good = rows != nullptr;
        for (std::size_t i = 0; rows && i < rows->size(); ++i) {
            const json& r = (*rows)[i];
            const Pointer at = in.at() / "rows" / i;
            const bool shaped = r.is_object() && r.size() == 3 && r.contains("gpus") && r.contains("mib") && r.contains("busbw") &&
                                r["gpus"].is_number_integer() && r["mib"].is_number() && r["busbw"].is_number();
            if (!shaped) {
                in.validator().error("data.wrong_type", t.id, at, "a row is {\"gpus\": <ranks>, \"mib\": <MiB per rank>, \"busbw\": <GB/s>}");
                good = false;
                continue;
            }
            // Read as doubles first: a rank count past int's range must be refused, not wrapped.
            const double ranks = r["gpus"].get<double>(), bytes = r["mib"].get<double>() * 1048576.0,
                         speed = r["busbw"].get<double>() * 1e9;
            if (!(ranks >= 2 && ranks <= 1e6) || !(bytes > 0 && bytes < 1e15) || !(speed > 0 && speed < 1e13)) {
                in.validator().error("data.bad_value", t.id, at, "a row needs 2 to 1,000,000 ranks, a positive size and a bus "
                                     "bandwidth above 0 and below 10,000 GB/s");
                good = false;
                continue;
            }
            t.rows.push_back({int(ranks), bytes, speed});
        }
        const Instance* on = c.find(t.instance);
        if (good && on && !t.collective.empty() && !fit_collective(t, t.rows.front().ranks, on->accelerator_count.value))
            in.validator().error("data.incomplete", t.id, in.at() / "rows",
                                 "no group size that spans instances has two buffer sizes to fit", "give at least two sizes");
        if (!good || !on || t.collective.empty() || t.source.empty()) return;
        c.collectives.push_back(std::move(t));
    }, /*ids_required=*/true, "benchmarks", /*optional=*/true);
}

// The ids a list holds, for the lists that refer to it (none when the file did not parse).
using Ids = std::optional<std::set<std::string>>;

// data/accelerators.json: the chips, their peaks, memory, power and defaults.
Ids load_accelerators(const CatalogueFiles::File& file, Catalogue& c, std::vector<Diagnostic>& errors) {
    return load_list(file, "accelerators", errors, c.sources, [&](EntryReader& in) {
        Accelerator a;
        a.id = in.entry();
        a.name = in.text("name", true);
        a.kind = in.text("kind", true, kAcceleratorKinds);
        a.peak_tflops = in.figure_map("peak_tflops", kPrecisions, "precision");
        a.sparse_tflops = in.figure_map("sparse_tflops", kPrecisions, "precision");
        auto memory = in.figure("memory", {"GB", 10000}, a.kind != "cpu");
        a.memory_bandwidth = in.figure("memory_bandwidth", {"GB/s", 100000}, false);
        a.power = in.figure("power", {"W", 5000}, false);
        a.default_mfu = in.figure_map("default_mfu", kWorkloads, "workload");
        a.decode_bandwidth_fraction = in.figure("decode_bandwidth_fraction", {"fraction", 1}, false);
        a.capabilities = in.capabilities("capabilities", {kTrain, kServe});
        if ((!memory && a.kind != "cpu") || a.name.empty() || a.kind.empty()) return;
        if (memory) a.memory = *memory;
        if (!c.accelerator(a.id)) c.accelerators.push_back(std::move(a));
    });
}

// data/instances.json: each type, of a known accelerator.
Ids load_instances(const CatalogueFiles::File& file, const Ids& accelerator_ids, Catalogue& c,
                   std::vector<Diagnostic>& errors) {
    return load_list(file, "instances", errors, c.sources, [&](EntryReader& in) {
        Instance i;
        i.id = in.entry();
        i.family = in.text("family", true);
        i.accelerator = in.text("accelerator", true);
        if (!i.accelerator.empty() && accelerator_ids && !accelerator_ids->count(i.accelerator))
            in.validator().error("data.unknown_reference", i.id, in.at() / "accelerator",
                                 "unknown accelerator \"" + i.accelerator + "\"", "define it in data/accelerators.json");
        auto count = in.figure("accelerator_count", {"count", 256}, true);  // an UltraServer holds up to 144
        i.accelerator_interconnect = in.figure("accelerator_interconnect", {"GB/s", 100000}, false);
        auto vcpu = in.figure("vcpu", {"count", 8192}, true);
        auto memory = in.figure("memory", {"GiB", 32768}, true);
        i.network = in.figure("network", {"Gbps", 100000}, false);
        i.efa = in.fact("efa", false);
        i.local_nvme = in.figure("local_nvme", {"GB", 1000000}, false);
        i.power = in.figure("power", {"W", 500000}, false);
        if (i.power && !i.power->estimate)
            in.validator().error("data.power_not_estimate", i.id, in.at() / "power",
                                 "instance power is always an estimate", "set \"estimate\": true and say how in \"note\"");
        if (count && count->value < 1)
            in.validator().error("data.bad_value", i.id, in.at() / "accelerator_count" / "value",
                                 "an instance has at least one accelerator (for CPU instances, one CPU)");
        if (!count || !vcpu || !memory || i.family.empty() || !c.accelerator(i.accelerator)) return;
        i.accelerator_count = *count;
        i.vcpu = *vcpu;
        i.memory = *memory;
        if (!c.find(i.id)) c.instances.push_back(std::move(i));
    });
}

// data/regions.json: where, and its grid factor and PUE.
Ids load_regions(const CatalogueFiles::File& file, Catalogue& c, std::vector<Diagnostic>& errors) {
    return load_list(file, "regions", errors, c.sources, [&](EntryReader& in) {
        Region r;
        r.id = in.entry();
        r.name = in.text("name", true);
        const json* at = in.member("coordinates", true);
        const bool placed = at && at->is_array() && at->size() == 2 && (*at)[0].is_number() && (*at)[1].is_number() &&
                            std::abs((*at)[0].get<double>()) <= 90 && std::abs((*at)[1].get<double>()) <= 180;
        if (at && !placed)
            in.validator().error("data.wrong_type", r.id, in.at() / "coordinates",
                                 "\"coordinates\" must be [latitude, longitude] in degrees", "e.g. [35.7, 139.7] for Tokyo");
        auto intensity = in.figure("carbon_intensity", {"gCO2e/kWh", 2000}, true);
        r.carbon_intensity_market = in.figure("carbon_intensity_market", {"gCO2e/kWh", 2000}, false);
        r.market_note = in.text("market_note", false);
        auto pue = in.figure("pue", {"ratio", 3}, true);
        if (pue && pue->value < 1)
            in.validator().error("data.bad_value", r.id, in.at() / "pue" / "value", "PUE is at least 1");
        if (!intensity || !pue || r.name.empty() || !placed) return;
        r.latitude = (*at)[0].get<double>();
        r.longitude = (*at)[1].get<double>();
        r.carbon_intensity = *intensity;
        r.pue = *pue;
        if (!c.region(r.id)) c.regions.push_back(std::move(r));
    });
}

// data/benchmarks.json: published scaling and inference measurements on known types.
void load_benchmarks(const CatalogueFiles::File& file, const Ids& instance_ids, Catalogue& c,
                     std::vector<Diagnostic>& errors) {
    load_list(file, "benchmarks", errors, c.sources, [&](EntryReader& in) {
        Benchmark b;
        b.id = in.entry();
        b.kind = in.text("kind", true, {"scaling", "inference"});
        b.instance = in.text("instance", true);
        b.model = in.text("model", true);
        b.model_ja = in.text("model_ja", false);
        if (!b.instance.empty() && instance_ids && !instance_ids->count(b.instance))
            in.validator().error("data.unknown_reference", b.id, in.at() / "instance",
                                 "unknown instance \"" + b.instance + "\"", "define it in data/instances.json");
        const bool scaling = b.kind == "scaling", inference = b.kind == "inference";
        b.instances = in.figure("instances", {"count", 100000}, scaling);
        b.scaling_efficiency = in.figure("scaling_efficiency", {"fraction", 1}, scaling);
        b.throughput = in.figure("throughput", {"requests/s", 1e7}, inference);
        b.latency = in.figure("latency", {"ms", 1e6}, false);
        if (b.kind.empty() || !c.find(b.instance)) return;
        if (scaling && (!b.instances || !b.scaling_efficiency)) return;
        if (inference && !b.throughput) return;
        const bool known = std::any_of(c.benchmarks.begin(), c.benchmarks.end(), [&](const Benchmark& x) { return x.id == b.id; });
        if (!known) c.benchmarks.push_back(std::move(b));
    }, /*ids_required=*/true, "collectives");
}

// data/models.json: each model's parameters and, where published, its architecture.
void load_models(const CatalogueFiles::File& file, Catalogue& c, std::vector<Diagnostic>& errors) {
    load_list(file, "models", errors, c.sources, [&](EntryReader& in) {
        Model m;
        m.id = in.entry();
        m.name = in.text("name", true);
        auto parameters = in.figure("parameters", {"count", 1e14}, true);
        m.active_parameters = in.figure("active_parameters", {"count", 1e14}, false);
        m.tokens = in.figure("tokens", {"count", 1e15}, false);
        m.recompute = in.fact("recompute", false);
        if (m.recompute && m.recompute->value != "none" && m.recompute->value != "selective" && m.recompute->value != "full")
            in.validator().error("data.bad_value", m.id, in.at() / "recompute" / "value",
                                 "\"" + m.recompute->value + "\" is not a recompute setting", "one of: none, selective, full");
        auto layers = in.figure("layers", {"count", 1000}, false);
        auto hidden = in.figure("hidden", {"count", 1e6}, false);
        auto heads = in.figure("heads", {"count", 10000}, false);
        auto sequence = in.figure("sequence", {"count", 1e7}, false);
        auto vocabulary = in.figure("vocabulary", {"count", 1e7}, false);
        std::map<std::string, Figure> details;
        for (const std::string& name : architecture_details())
            if (auto f = in.figure(name, {"count", 1e7}, false)) details.emplace(name, *f);
        const int given = !!layers + !!hidden + !!heads + !!vocabulary;
        if ((given != 0 || sequence || !details.empty()) && given != 4)
            in.validator().error("data.incomplete", m.id, in.at(), "an architecture needs all of layers, hidden, heads and vocabulary",
                                 "give all four (and sequence, context, kv_heads ... where published), or none");
        if (!sequence && given == 4 && !details.count("context"))
            in.validator().error("data.incomplete", m.id, in.at(), "an architecture needs its sequence length or its context",
                                 "give \"sequence\" (pre-training) or \"context\" (the longest it serves)");
        if (const auto w = details.find("sliding_window_layers"); w != details.end()) {
            if (!details.count("sliding_window"))
                in.validator().error("data.incomplete", m.id, in.at() / "sliding_window_layers",
                                     "sliding_window_layers needs sliding_window", "give the window's tokens as \"sliding_window\"");
            else if (layers && w->second.value > layers->value)
                in.validator().error("data.bad_value", m.id, in.at() / "sliding_window_layers" / "value",
                                     "sliding_window_layers cannot exceed the layers");
        }
        if (parameters && m.active_parameters && m.active_parameters->value > parameters->value)
            in.validator().error("data.bad_value", m.id, in.at() / "active_parameters" / "value",
                                 "active parameters cannot exceed the total");
        if (!parameters || m.name.empty()) return;
        m.parameters = *parameters;
        if (given == 4) m.architecture = ModelArchitecture{*layers, *hidden, *heads, *vocabulary, sequence, std::move(details)};
        if (!c.model(m.id)) c.models.push_back(std::move(m));
    });
}

// data/model-error.json: the planner's error bands, one per plan and family, each the 10th and 90th
// percentile of planned ÷ published over the fit cases it names (written by the accuracy test).
void load_error_bands(const CatalogueFiles::File& file, Catalogue& c, std::vector<Diagnostic>& errors) {
    static const std::set<std::string> kPlans = {"train", "serve"}, kFamilies = {"dense", "moe"};
    if (file.text.empty()) return;  // optional: a catalogue without the file has no bands
    load_list(file, "bands", errors, c.sources, [&](EntryReader& in) {
        ErrorBand b;
        b.id = in.entry();
        b.plan = in.text("plan", true, kPlans);
        b.family = in.text("family", true, kFamilies);
        b.as_of = in.text("as_of", true);
        if (!b.as_of.empty() && !is_date(b.as_of))
            in.validator().error("data.bad_date", b.id, in.at() / "as_of", "\"as_of\" must be a date YYYY-MM-DD");
        bool good = !b.plan.empty() && !b.family.empty();
        for (auto [name, value] : {std::pair{"low", &b.low}, std::pair{"high", &b.high}}) {
            const json* v = in.member(name, true);
            if (v && v->is_number() && v->get<double>() > 0 && v->get<double>() < 100) *value = v->get<double>();
            else if (v) {
                in.validator().error("data.bad_value", b.id, in.at() / name, std::string("\"") + name + "\" must be a ratio above 0 and below 100");
                good = false;
            } else good = false;
        }
        if (good && b.low > b.high) {
            in.validator().error("data.bad_value", b.id, in.at() / "low", "\"low\" must not exceed \"high\"");
            good = false;
        }
        const json* cases = in.member("cases", true);
        if (cases && cases->is_array() && !cases->empty() &&
            std::all_of(cases->begin(), cases->end(), [](const json& x) { return x.is_string(); })) {
            b.cases = cases->get<std::vector<std::string>>();
        } else {
            if (cases) in.validator().error("data.wrong_type", b.id, in.at() / "cases", "\"cases\" must list the fit cases' ids");
            good = false;  // missing (reported by member) or malformed
        }
        if (good && c.error_band(b.plan, b.family))
            in.validator().error("data.duplicate_id", b.id, in.at(), "a second band for " + b.plan + " " + b.family);
        else if (good) c.error_bands.push_back(std::move(b));
    });
}

}  // namespace

CatalogueLoad load_catalogue(const CatalogueFiles& files) {
    CatalogueLoad out;
    Catalogue& c = out.catalogue;
    std::vector<Diagnostic>& errors = out.errors;
    c.sources = load_sources(files.sources, errors);
    const auto accelerator_ids = load_accelerators(files.accelerators, c, errors);
    const auto instance_ids = load_instances(files.instances, accelerator_ids, c, errors);
    const auto region_ids = load_regions(files.regions, c, errors);
    load_benchmarks(files.benchmarks, instance_ids, c, errors);
    load_collectives(files.benchmarks, instance_ids, c, errors);
    load_models(files.models, c, errors);
    load_prices(files.prices, instance_ids, region_ids, c, errors);
    std::stable_sort(c.prices.begin(), c.prices.end(), [](const Price& a, const Price& b) { return a.instance < b.instance; });
    load_capacity(files.prices, c, errors);
    load_exchange_rates(files.currency, c, errors);
    load_operator_tables(files.operators, c, errors);
    load_error_bands(files.model_error, c, errors);
    return out;
}

}  // namespace planner
