// load_catalogue: parse and validate data/*.json, reporting every problem with its position.
#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

#include "data_file.hpp"
#include "planner/catalogue.hpp"
#include "planner/json_position.hpp"

namespace planner {

using nlohmann::json;
using Pointer = json::json_pointer;

namespace {

using namespace data_file;

const std::set<std::string> kAcceleratorKinds = {"gpu", "trainium", "inferentia", "gaudi", "cpu"};
const std::map<std::string, FigureSpec> kPrecisions = {
    {"fp32", {"TFLOPS", 100000}}, {"tf32", {"TFLOPS", 100000}}, {"bf16", {"TFLOPS", 100000}},
    {"fp16", {"TFLOPS", 100000}}, {"fp8", {"TFLOPS", 100000}},  {"int8", {"TOPS", 100000}},
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
        Source src{s.key(), in.text("title", true), in.text("url", true), in.text("as_of", true)};
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

}  // namespace

CatalogueLoad load_catalogue(const CatalogueFiles& files) {
    CatalogueLoad out;
    Catalogue& c = out.catalogue;
    std::vector<Diagnostic>& errors = out.errors;
    c.sources = load_sources(files.sources, errors);

    const auto accelerator_ids = load_list(files.accelerators, "accelerators", errors, c.sources, [&](EntryReader& in) {
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
        a.capabilities = in.capabilities("capabilities", {kTrain, kServe});
        if ((!memory && a.kind != "cpu") || a.name.empty() || a.kind.empty()) return;
        if (memory) a.memory = *memory;
        if (!c.accelerator(a.id)) c.accelerators.push_back(std::move(a));
    });

    const auto instance_ids = load_list(files.instances, "instances", errors, c.sources, [&](EntryReader& in) {
        Instance i;
        i.id = in.entry();
        i.family = in.text("family", true);
        i.accelerator = in.text("accelerator", true);
        if (!i.accelerator.empty() && accelerator_ids && !accelerator_ids->count(i.accelerator))
            in.validator().error("data.unknown_reference", i.id, in.at() / "accelerator",
                                 "unknown accelerator \"" + i.accelerator + "\"", "define it in data/accelerators.json");
        auto count = in.figure("accelerator_count", {"count", 64}, true);
        i.accelerator_interconnect = in.figure("accelerator_interconnect", {"GB/s", 100000}, false);
        auto vcpu = in.figure("vcpu", {"count", 1024}, true);
        auto memory = in.figure("memory", {"GiB", 32768}, true);
        i.network = in.figure("network", {"Gbps", 100000}, false);
        i.efa = in.fact("efa", false);
        i.local_nvme = in.figure("local_nvme", {"GB", 1000000}, false);
        i.price = in.price("price");
        i.power = in.figure("power", {"W", 100000}, false);
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

    load_list(files.regions, "regions", errors, c.sources, [&](EntryReader& in) {
        Region r;
        r.id = in.entry();
        r.name = in.text("name", true);
        auto intensity = in.figure("carbon_intensity", {"gCO2e/kWh", 2000}, true);
        auto pue = in.figure("pue", {"ratio", 3}, true);
        if (pue && pue->value < 1)
            in.validator().error("data.bad_value", r.id, in.at() / "pue" / "value", "PUE is at least 1");
        if (!intensity || !pue || r.name.empty()) return;
        r.carbon_intensity = *intensity;
        r.pue = *pue;
        if (!c.region(r.id)) c.regions.push_back(std::move(r));
    });

    load_list(files.benchmarks, "benchmarks", errors, c.sources, [&](EntryReader& in) {
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
    });

    load_list(files.models, "models", errors, c.sources, [&](EntryReader& in) {
        Model m;
        m.id = in.entry();
        m.name = in.text("name", true);
        auto parameters = in.figure("parameters", {"count", 1e14}, true);
        m.tokens = in.figure("tokens", {"count", 1e15}, false);
        auto layers = in.figure("layers", {"count", 1000}, false);
        auto hidden = in.figure("hidden", {"count", 1e6}, false);
        auto heads = in.figure("heads", {"count", 10000}, false);
        auto sequence = in.figure("sequence", {"count", 1e7}, false);
        auto vocabulary = in.figure("vocabulary", {"count", 1e7}, false);
        const int given = !!layers + !!hidden + !!heads + !!sequence + !!vocabulary;
        if (given != 0 && given != 5)
            in.validator().error("data.incomplete", m.id, in.at(), "an architecture needs all of layers, hidden, heads, sequence and vocabulary",
                                 "give all five, or none");
        if (!parameters || m.name.empty()) return;
        m.parameters = *parameters;
        if (given == 5) m.architecture = ModelArchitecture{*layers, *hidden, *heads, *sequence, *vocabulary};
        const bool known = std::any_of(c.models.begin(), c.models.end(), [&](const Model& x) { return x.id == m.id; });
        if (!known) c.models.push_back(std::move(m));
    });
    return out;
}

}  // namespace planner
