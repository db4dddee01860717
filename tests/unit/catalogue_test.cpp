// The catalogue loader: every problem reported, each with file:line:column, entry and hint.
#include <doctest/doctest.h>

#include <algorithm>
#include <functional>
#include <set>

#include "print_vectors.hpp"

#include "planner/catalogue.hpp"
#include "test_catalogue.hpp"

namespace {

// A valid one-of-each catalogue; tests break one thing in it.
planner::CatalogueFiles valid() {
    planner::CatalogueFiles f;
    f.sources.text = R"({
  "sources": {"spec": {"title": "Spec sheet", "url": "https://example.org/spec", "as_of": "2024-01-02"}}
})";
    f.accelerators.text = R"({
  "accelerators": [
    {
      "id": "chip",
      "name": "Chip",
      "kind": "gpu", "capabilities": {"train": {"value": true, "source": "spec"}, "serve": {"value": true, "source": "spec"}},
      "peak_tflops": {"bf16": {"value": 100, "unit": "TFLOPS", "source": "spec"}},
      "memory": {"value": 80, "unit": "GB", "source": "spec"}
    }
  ]
})";
    f.instances.text = R"({
  "instances": [
    {
      "id": "x1.large",
      "family": "X1",
      "accelerator": "chip",
      "accelerator_count": {"value": 2, "unit": "count", "source": "spec"},
      "vcpu": {"value": 16, "unit": "count", "source": "spec"},
      "memory": {"value": 64, "unit": "GiB", "source": "spec"},
      "network": {"value": 100, "unit": "Gbps", "source": "spec"},
      "power": {"value": 900, "unit": "W", "source": "spec", "estimate": true, "note": "2 × 400 W + 100 W host"}
    }
  ]
})";
    f.regions.text = R"({
  "regions": [
    {"id": "r1", "name": "Region 1", "coordinates": [35.7, 139.7],
     "carbon_intensity": {"value": 300, "unit": "gCO2e/kWh", "source": "spec"},
     "pue": {"value": 1.15, "unit": "ratio", "source": "spec"}}
  ]
})";
    f.benchmarks.text = R"({
  "benchmarks": [
    {"id": "b1", "kind": "scaling", "instance": "x1.large", "model": "M",
     "instances": {"value": 16, "unit": "count", "source": "spec"},
     "scaling_efficiency": {"value": 0.9, "unit": "fraction", "source": "spec"}}
  ]
})";
    f.models.text = R"({
  "models": [
    {"id": "m1", "name": "Model 1", "parameters": {"value": 7e9, "unit": "count", "source": "spec"},
     "layers": {"value": 32, "unit": "count", "source": "spec"},
     "hidden": {"value": 4096, "unit": "count", "source": "spec"},
     "heads": {"value": 32, "unit": "count", "source": "spec"},
     "sequence": {"value": 4096, "unit": "count", "source": "spec"},
     "vocabulary": {"value": 32000, "unit": "count", "source": "spec"}}
  ]
})";
    f.prices.text = R"({
  "prices": [
    {"instance": "x1.large", "region": "r1", "option": "on_demand", "value": 3.5, "unit": "USD/h", "source": "spec", "as_of": "2026-07-20"},
    {"instance": "x1.large", "region": "r1", "option": "spot", "offered": false, "source": "spec", "as_of": "2026-07-20"}
  ],
  "capacity": [
    {"option": "capacity_block", "limit": "instances_per_block", "value": 64, "unit": "count", "source": "spec", "as_of": "2026-11-27", "note": "n"},
    {"option": "spot", "limit": "no_guarantee", "source": "spec", "as_of": "2026-11-27", "note": "no guarantee"}
  ]
})";
    f.currency.text = R"({
  "exchange_rates": [
    {"from": "USD", "to": "JPY", "value": 150, "unit": "JPY/USD", "source": "spec", "as_of": "2026-03"}
  ]
})";
    return f;
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
    auto at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, "fixture lacks: " << from);
    return text.replace(at, from.size(), to);
}

std::vector<std::string> messages(const planner::CatalogueLoad& load) {
    std::vector<std::string> out;
    for (const auto& e : load.errors) out.push_back(e.to_string());
    return out;
}

}  // namespace

TEST_CASE("loads a valid catalogue with every figure and its source") {
    auto load = planner::load_catalogue(valid());
    REQUIRE(messages(load).empty());
    const planner::Instance* x = load.catalogue.find("x1.large");
    REQUIRE(x);
    const planner::Accelerator& chip = load.catalogue.accelerator_of(*x);
    CHECK(chip.name == "Chip");
    CHECK(chip.peak_tflops.at("bf16").value == 100);
    CHECK(chip.peak_tflops.at("bf16").source == "spec");
    CHECK(load.catalogue.accelerator_memory_gb(*x) == 160);
    const planner::Price* price = load.catalogue.price("x1.large", "r1");
    REQUIRE(price);
    CHECK(price->usd_per_hour.value == 3.5);
    CHECK(load.catalogue.as_of(price->usd_per_hour) == "2026-07-20");
    const planner::Price* spot = load.catalogue.price("x1.large", "r1", planner::kSpot);
    REQUIRE(spot);
    CHECK_FALSE(spot->offered);  // "not offered" is a value
    CHECK(load.catalogue.price("x1.large", "r1", planner::kCapacityBlock) == nullptr);
    REQUIRE(load.catalogue.exchange_rate("USD", "JPY"));
    CHECK(load.catalogue.exchange_rate("USD", "JPY")->rate.value == 150);
    REQUIRE(x->power);
    CHECK(x->power->estimate);
    CHECK(load.catalogue.region("r1")->pue.value == doctest::Approx(1.15));
    REQUIRE(load.catalogue.benchmarks.size() == 1);
    CHECK(load.catalogue.benchmarks[0].scaling_efficiency->value == doctest::Approx(0.9));
    REQUIRE(load.catalogue.models.size() == 1);
    REQUIRE(load.catalogue.models[0].architecture);
    CHECK(load.catalogue.models[0].architecture->hidden.value == 4096);
    CHECK_FALSE(load.catalogue.models[0].tokens);
}

TEST_CASE("the project's data files are valid and hold the instances the site needs") {
    auto load = planner::load_catalogue(test::real_files());
    REQUIRE(messages(load).empty());
    for (const char* id : {"p4d.24xlarge", "p4de.24xlarge", "p5.48xlarge", "trn1.32xlarge", "dl1.24xlarge"}) {
        CAPTURE(id);
        CHECK(load.catalogue.find(id) != nullptr);
    }
}

TEST_CASE("every priced instance type has an on-demand row in every region, priced or 'not offered', each dated and cited") {
    const planner::Catalogue& c = test::real_catalogue();
    REQUIRE(c.instances.size() >= 50);
    REQUIRE(c.regions.size() >= 7);
    // AWS publishes no hourly price for these: UltraServers are bought as a whole through Capacity Blocks.
    const std::set<std::string> unpriced = {"u-p6e-gb200x72", "trn2-ultraserver", "trn3-ultraserver-gen1", "trn3-ultraserver-gen2"};
    for (const planner::Instance& inst : c.instances) {
        CAPTURE(inst.id);
        if (unpriced.count(inst.id)) {
            CHECK(c.availability(inst.id, "us-east-1", planner::kOnDemand).price == nullptr);
            continue;
        }
        for (const planner::Region& r : c.regions) {
            CAPTURE(r.id);
            const planner::Price* p = c.price(inst.id, r.id, planner::kOnDemand);
            REQUIRE(p);
            if (p->priced()) CHECK(p->usd_per_hour.value > 0);
            CHECK(c.source(p->usd_per_hour.source) != nullptr);
            CHECK_FALSE(c.as_of(p->usd_per_hour).empty());  // some secondary copies are dated by year only
        }
        if (inst.power) {  // no instance's power is published: every one is an estimate that says how
            CHECK(inst.power->value > 0);
            CHECK(inst.power->estimate);
            CHECK_FALSE(inst.power->note.empty());
        }
    }
}

TEST_CASE("the project's catalogue holds today's chips with dense peaks per precision, FP4 where published") {
    const planner::Catalogue& c = test::real_catalogue();
    for (const char* id : {"h200", "b200", "b300", "b200-gb200", "l40s", "rtx-pro-6000-server", "trainium2", "trainium3",
                           "qualcomm-ai100", "graviton4", "xeon-sapphire-rapids"}) {
        CAPTURE(id);
        REQUIRE(c.accelerator(id));
    }
    // Dense, never the sparse figure NVIDIA prints first: B200 BF16 2,250 dense (4,500 sparse).
    CHECK(c.accelerator("b200")->peak_tflops.at("bf16").value == 2250);
    CHECK(c.accelerator("b200")->peak_tflops.at("fp4").value == 9000);
    CHECK_FALSE(c.accelerator("h200")->peak_tflops.count("fp4"));  // Hopper has no FP4
    // Neuron prints GiB; the catalogue holds GB, converted explicitly.
    CHECK(c.accelerator("trainium2")->memory.value == doctest::Approx(96 * 1.073741824).epsilon(0.001));
    for (const char* id : {"llama3.1-8b", "llama3.1-70b", "llama3.1-405b", "llama3.3-70b", "mixtral-8x7b", "mixtral-8x22b",
                           "deepseek-v3", "qwen3-8b", "qwen3-30b-a3b", "gpt-oss-20b", "gpt-oss-120b"}) {
        CAPTURE(id);
        auto m = std::find_if(c.models.begin(), c.models.end(), [&](const planner::Model& x) { return x.id == id; });
        REQUIRE(m != c.models.end());
        REQUIRE(m->architecture);
        CHECK(m->architecture->detail("kv_heads"));
        CHECK(m->architecture->detail("context"));
        CHECK(m->active_parameters);
    }
    const auto& dsv3 = *std::find_if(c.models.begin(), c.models.end(), [](const planner::Model& x) { return x.id == "deepseek-v3"; });
    CHECK(dsv3.mixture_of_experts());
    CHECK(dsv3.architecture->detail("kv_lora_rank"));  // MLA's latent cache
}

TEST_CASE("the canonical JSON the wasm module embeds reads back to the same catalogue") {
    const planner::Catalogue& loaded = test::real_catalogue();
    const nlohmann::json canonical = loaded;
    const auto back = nlohmann::json::parse(canonical.dump()).get<planner::Catalogue>();
    CHECK(nlohmann::json(back) == canonical);

    // What to_json leaves out when absent comes back absent, and what it writes comes back whole.
    REQUIRE(back.instances.size() == loaded.instances.size());
    for (std::size_t i = 0; i < loaded.instances.size(); ++i) {
        const auto& a = loaded.instances[i];
        const auto& b = back.instances[i];
        CAPTURE(a.id);
        CHECK(b.id == a.id);
        CHECK(b.power.has_value() == a.power.has_value());
        if (a.power) {
            CHECK(b.power->estimate == a.power->estimate);
            CHECK(b.power->note == a.power->note);
        }
    }
    REQUIRE(back.prices.size() == loaded.prices.size());
    for (std::size_t i = 0; i < loaded.prices.size(); ++i) {
        CHECK(back.prices[i].offered == loaded.prices[i].offered);
        CHECK(back.prices[i].usd_per_hour.value == loaded.prices[i].usd_per_hour.value);  // exact: dump round-trips doubles
        CHECK(back.prices[i].usd_per_hour.as_of == loaded.prices[i].usd_per_hour.as_of);
    }
    REQUIRE(back.models.size() == loaded.models.size());
    for (std::size_t i = 0; i < loaded.models.size(); ++i)
        CHECK(back.models[i].architecture.has_value() == loaded.models[i].architecture.has_value());
    CHECK(back.sources.size() == loaded.sources.size());
}

TEST_CASE("errors point at the file, line and column, with the entry and a hint") {
    using Files = planner::CatalogueFiles;
    struct Case {
        const char* what;
        std::function<void(Files&)> breakit;
        std::string expected;
    };
    const Case cases[] = {
        {"an unknown field",
         [](Files& f) { f.instances.text = replace(f.instances.text, R"("family": "X1",)", R"("family": "X1", "vcpus": 3,)"); },
         "data/instances.json:5:23: error[data.unknown_field]: x1.large: unknown field \"vcpus\" (hint: known fields: "
         "accelerator, accelerator_count, accelerator_interconnect, efa, family, id, local_nvme, memory, network, "
         "power, vcpu)"},
        {"a missing unit",
         [](Files& f) { f.instances.text = replace(f.instances.text, R"("value": 64, "unit": "GiB", )", R"("value": 64, )"); },
         "data/instances.json:9:17: error[data.missing_unit]: x1.large: figure has no \"unit\" (hint: this field is in \"GiB\")"},
        {"a model architecture with a field missing",
         [](Files& f) { f.models.text = replace(f.models.text, R"("heads": {"value": 32, "unit": "count", "source": "spec"},)", ""); },
         "data/models.json:3:5: error[data.incomplete]: m1: an architecture needs all of layers, hidden, heads and "
         "vocabulary (hint: give all four (and sequence, context, kv_heads ... where published), or none)"},
        {"sliding-window layers beyond the model's layers",
         [](Files& f) {
             f.models.text = replace(f.models.text, R"("sequence": {"value": 4096, "unit": "count", "source": "spec"},)",
                                     R"("sequence": {"value": 4096, "unit": "count", "source": "spec"}, "sliding_window": {"value": 4096, "unit": "count", "source": "spec"}, "sliding_window_layers": {"value": 33, "unit": "count", "source": "spec"},)");
         },
         "data/models.json:7:175: error[data.bad_value]: m1: sliding_window_layers cannot exceed the layers"},
        {"sliding-window layers without the window",
         [](Files& f) {
             f.models.text = replace(f.models.text, R"("sequence": {"value": 4096, "unit": "count", "source": "spec"},)",
                                     R"("sequence": {"value": 4096, "unit": "count", "source": "spec"}, "sliding_window_layers": {"value": 16, "unit": "count", "source": "spec"},)");
         },
         "data/models.json:7:95: error[data.incomplete]: m1: sliding_window_layers needs sliding_window (hint: give the "
         "window's tokens as \"sliding_window\")"},
        {"a wrong unit",
         [](Files& f) { f.instances.text = replace(f.instances.text, R"("unit": "GiB")", R"("unit": "GB")"); },
         "data/instances.json:9:39: error[data.wrong_unit]: x1.large: unit \"GB\" is not the unit of this field (hint: use \"GiB\")"},
        {"a wrong type",
         [](Files& f) { f.instances.text = replace(f.instances.text, R"("value": 16,)", R"("value": "16",)"); },
         "data/instances.json:8:25: error[data.wrong_type]: x1.large: \"value\" must be a number"},
        {"a negative value",
         [](Files& f) { f.prices.text = replace(f.prices.text, R"("value": 3.5,)", R"("value": -3.5,)"); },
         "data/prices.json:3:78: error[data.negative_value]: x1.large in r1 (on_demand): value must not be negative"},
        {"a price row for a region the catalogue does not know",
         [](Files& f) { f.prices.text = replace(f.prices.text, R"("region": "r1", "option": "on_demand")", R"("region": "r9", "option": "on_demand")"); },
         "data/prices.json:3:40: error[data.unknown_reference]: x1.large in r9 (on_demand): unknown region \"r9\" (hint: define it in data/regions.json)"},
        {"a price without its date",
         [](Files& f) { f.prices.text = replace(f.prices.text, R"(, "as_of": "2026-07-20"})", "}"); },
         "data/prices.json:3:5: error[data.bad_date]: x1.large in r1 (on_demand): a price row needs \"as_of\", the date the "
         "price was read (YYYY-MM-DD) (hint: prices change: every one shows its date)"},
        {"the same price row twice",
         [](Files& f) { f.prices.text = replace(f.prices.text, R"("option": "spot")", R"("option": "on_demand")"); },
         "data/prices.json:4:5: error[data.duplicate_id]: x1.large in r1 (on_demand): x1.large in r1 (on_demand) is given twice (hint: remove one of them)"},
        {"an unknown purchase option",
         [](Files& f) { f.prices.text = replace(f.prices.text, R"("option": "spot")", R"("option": "reserved")"); },
         "data/prices.json:4:56: error[data.bad_value]: x1.large in r1 (reserved): \"reserved\" is not a valid option (hint: one of: "
         "capacity_block, on_demand, savings_plan_compute_1y, savings_plan_compute_3y, savings_plan_instance_1y, "
         "savings_plan_instance_3y, spot)"},
        {"a capacity statement given a value",
         [](Files& f) { f.prices.text = replace(f.prices.text, R"("limit": "no_guarantee",)", R"("limit": "no_guarantee", "value": 1,)"); },
         "data/prices.json:8:49: error[data.unknown_field]: spot no_guarantee: \"no_guarantee\" is a statement: it has no value (hint: leave \"value\" out)"},
        {"a capacity row naming an unknown limit",
         [](Files& f) { f.prices.text = replace(f.prices.text, R"("limit": "no_guarantee")", R"("limit": "guaranteed")"); },
         "data/prices.json:8:33: error[data.bad_value]: spot guaranteed: \"guaranteed\" is not a valid limit (hint: one of: days, instances_in_blocks, instances_per_block, no_guarantee, vcpu_quota)"},
        {"a third list in the prices file",
         [](Files& f) { f.prices.text = replace(f.prices.text, R"("capacity": [)", R"("reserved": [], "capacity": [)"); },
         "data/prices.json:6:3: error[data.unknown_field]: unknown field \"reserved\" (hint: the file holds only \"prices\" and \"capacity\")"},
        {"an absurd value",
         [](Files& f) { f.accelerators.text = replace(f.accelerators.text, R"("value": 80,)", R"("value": 80000,)"); },
         "data/accelerators.json:8:27: error[data.absurd_value]: chip: value 80000.0 is above the plausible maximum "
         "10000.0 GB (hint: check the unit and the number of zeros)"},
        {"a missing source",
         [](Files& f) { f.instances.text = replace(f.instances.text, R"("unit": "Gbps", "source": "spec")", R"("unit": "Gbps")"); },
         "data/instances.json:10:18: error[data.missing_source]: x1.large: figure has no \"source\" (hint: add "
         "\"source\": \"<id>\" naming an entry of data/sources.json)"},
        {"an unknown source",
         [](Files& f) { f.regions.text = replace(f.regions.text, R"("unit": "ratio", "source": "spec")", R"("unit": "ratio", "source": "blog")"); },
         "data/regions.json:5:56: error[data.unknown_source]: r1: unknown source \"blog\" (hint: define it in "
         "data/sources.json with title, url and as_of)"},
        {"a sparse peak filed as a precision",
         [](Files& f) { f.accelerators.text = replace(f.accelerators.text, R"({"bf16":)", R"({"bf16_sparse":)"); },
         "data/accelerators.json:7:23: error[data.unknown_field]: chip: unknown precision \"bf16_sparse\" (hint: one "
         "of: bf16, fp16, fp32, fp4, fp8, int8, tf32)"},
        {"an unknown accelerator",
         [](Files& f) { f.instances.text = replace(f.instances.text, R"("accelerator": "chip")", R"("accelerator": "chip2")"); },
         "data/instances.json:6:22: error[data.unknown_reference]: x1.large: unknown accelerator \"chip2\" (hint: "
         "define it in data/accelerators.json)"},
        {"power that is not marked as an estimate",
         [](Files& f) { f.instances.text = replace(f.instances.text, R"("estimate": true, )", ""); },
         "data/instances.json:11:16: error[data.power_not_estimate]: x1.large: instance power is always an estimate "
         "(hint: set \"estimate\": true and say how in \"note\")"},
        {"a bad date",
         [](Files& f) { f.sources.text = replace(f.sources.text, R"("as_of": "2024-01-02")", R"("as_of": "last year")"); },
         "data/sources.json:2:91: error[data.bad_date]: spec: \"as_of\" must be a date YYYY-MM-DD, YYYY-MM or YYYY"},
        {"invalid JSON",
         [](Files& f) { f.instances.text = replace(f.instances.text, R"("family": "X1",)", R"("family": "X1")"); },
         "data/instances.json:6:19: error[data.syntax]: invalid JSON: syntax error while parsing object - unexpected "
         "string literal; expected '}'"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.what);
        Files files = valid();
        c.breakit(files);
        auto load = planner::load_catalogue(files);
        CHECK(messages(load) == std::vector<std::string>{c.expected});
    }
}

TEST_CASE("every chip says, with a source, whether it can train and serve — a chip that cannot says why") {
    const std::string both = R"("capabilities": {"train": {"value": true, "source": "spec"}, "serve": {"value": true, "source": "spec"}},)";
    auto load_with = [&](const std::string& capabilities) {
        planner::CatalogueFiles files = valid();
        files.accelerators.text = replace(files.accelerators.text, both, capabilities);
        return planner::load_catalogue(files);
    };
    const auto missing = load_with("");
    REQUIRE(missing.errors.size() == 1);
    CHECK(missing.errors[0].code == "data.missing_field");
    CHECK(missing.errors[0].message.find("\"capabilities\" must say for each of serve, train") != std::string::npos);

    const auto no_note = load_with(R"("capabilities": {"train": {"value": false, "source": "spec"}, "serve": {"value": true, "source": "spec"}},)");
    REQUIRE(no_note.errors.size() == 1);
    CHECK(no_note.errors[0].to_string() ==
          "data/accelerators.json:6:48: error[data.missing_field]: chip: missing field \"note\"");

    const auto uncited = load_with(R"("capabilities": {"train": {"value": true}, "serve": {"value": true, "source": "spec"}},)");
    REQUIRE(uncited.errors.size() == 1);
    CHECK(uncited.errors[0].code == "data.missing_source");

    const auto half = load_with(R"("capabilities": {"train": {"value": true, "source": "spec"}, "fly": {"value": true, "source": "spec"}},)");
    REQUIRE(half.errors.size() == 2);
    CHECK(half.errors[0].message == "missing capability \"serve\"");
    CHECK(half.errors[1].message == "unknown capability \"fly\"");

    const auto inference_only = load_with(
        R"("capabilities": {"train": {"value": false, "source": "spec", "note": "inference only"}, "serve": {"value": true, "source": "spec"}},)");
    REQUIRE(inference_only.ok());
    const auto& chip = inference_only.catalogue.accelerators.front();
    CHECK_FALSE(chip.can(planner::kTrain));
    CHECK(chip.can(planner::kServe));
    CHECK(chip.capabilities.at(planner::kTrain).note == "inference only");
}

TEST_CASE("the project's Inferentia and Qualcomm chips cannot train and every chip can serve, each with a source") {
    for (const auto& chip : test::real_catalogue().accelerators) {
        CAPTURE(chip.id);
        CHECK(chip.can(planner::kTrain) == (chip.kind != "inferentia" && chip.kind != "qualcomm"));
        CHECK(chip.can(planner::kServe));
        for (const auto& [kind, capability] : chip.capabilities) CHECK(test::real_catalogue().source(capability.source));
    }
}

TEST_CASE("a duplicate id is reported and the first entry kept") {
    planner::CatalogueFiles files = valid();
    std::string& text = files.instances.text;
    auto start = text.find("    {\n      \"id\"");
    auto end = text.find("\n  ]");
    text.insert(end, ",\n" + text.substr(start, end - start));
    auto load = planner::load_catalogue(files);
    CHECK(messages(load) == std::vector<std::string>{
        "data/instances.json:14:13: error[data.duplicate_id]: x1.large: \"x1.large\" is defined twice (hint: remove "
        "or rename one of them)"});
    CHECK(load.catalogue.instances.size() == 1);
}

TEST_CASE("an estimate must say how it was made") {
    planner::CatalogueFiles files = valid();
    files.instances.text = replace(files.instances.text, R"(, "note": "2 × 400 W + 100 W host")", "");
    auto load = planner::load_catalogue(files);
    REQUIRE(load.errors.size() == 1);
    CHECK(load.errors[0].code == "data.estimate_without_method");
}

TEST_CASE("a figure's range holds its value, stays in bounds and says where it comes from") {
    const std::string mfu = R"("peak_tflops": {"bf16": {"value": 100, "unit": "TFLOPS", "source": "spec"}},)";
    auto with_mfu = [&](const std::string& figure) {
        planner::CatalogueFiles files = valid();
        files.accelerators.text = replace(files.accelerators.text, mfu, mfu + R"( "default_mfu": {"training": )" + figure + "},");
        return planner::load_catalogue(files);
    };
    auto good = with_mfu(R"({"value": 0.4, "unit": "fraction", "source": "spec", "note": "from 0.3 to 0.5", "range": [0.3, 0.5]})");
    REQUIRE(good.errors.empty());
    CHECK(good.catalogue.accelerators.at(0).default_mfu.at("training").range == std::pair{0.3, 0.5});
    for (const auto& bad : std::vector<std::pair<std::string, std::string>>{
             {R"({"value": 0.4, "unit": "fraction", "source": "spec", "note": "n", "range": [0.5, 0.6]})", "data.bad_range"},
             {R"({"value": 0.4, "unit": "fraction", "source": "spec", "note": "n", "range": [0.3, 1.5]})", "data.bad_range"},
             {R"({"value": 0.4, "unit": "fraction", "source": "spec", "note": "n", "range": [0.3]})", "data.wrong_type"},
             {R"({"value": 0.4, "unit": "fraction", "source": "spec", "range": [0.3, 0.5]})", "data.range_without_basis"}}) {
        const std::string& figure = bad.first;  // not a structured binding: clang 14 cannot capture one
        const std::string& code = bad.second;
        CAPTURE(figure);
        auto load = with_mfu(figure);
        REQUIRE(load.errors.size() == 1);
        CHECK(load.errors[0].code == code);
    }
}

TEST_CASE("a file that is valid JSON but not the expected shape is reported, never skipped") {
    planner::CatalogueFiles files = valid();
    files.regions.text = "null";
    auto load = planner::load_catalogue(files);
    CHECK(messages(load) == std::vector<std::string>{
        "data/regions.json:1:1: error[data.wrong_type]: the file must hold {\"regions\": [...]}"});
}

TEST_CASE("a number too large for a double and a key given twice in a data file are errors at file:line:column") {
    planner::CatalogueFiles files = valid();
    files.prices.text = replace(files.prices.text, R"("value": 3.5)", R"("value": 1e309)");
    files.regions.text = replace(files.regions.text, R"("name": "Region 1",)", R"("name": "Region 1", "name": "Again",)");
    const auto load = planner::load_catalogue(files);
    CHECK(messages(load) == std::vector<std::string>{
        "data/regions.json:3:38: error[data.duplicate_key]: \"name\" is given twice in this object (first at line 3, "
        "column 18); JSON would keep only this one (hint: remove one of them)",
        "data/prices.json:3:78: error[data.number_out_of_range]: the number 1e309 is too large for a double (above "
        "1.8e308) (hint: check the exponent)"});
}

TEST_CASE("the error bands are optional, and a bad band is an error at file:line:column") {
    planner::CatalogueFiles files = valid();
    REQUIRE(planner::load_catalogue(files).ok());  // no data/model-error.json: no bands, no error
    CHECK(planner::load_catalogue(files).catalogue.error_bands.empty());
    files.model_error.text = R"({
  "bands": [
    {"id": "train-dense", "plan": "train", "family": "dense", "low": 0.9, "high": 1.2, "cases": ["a", "b"], "as_of": "2026-11-29"}
  ]
})";
    const auto good = planner::load_catalogue(files);
    REQUIRE(good.ok());
    const planner::ErrorBand* band = good.catalogue.error_band("train", "dense");
    REQUIRE(band);
    CHECK(band->low == 0.9);
    CHECK(band->high == 1.2);
    CHECK(band->cases == std::vector<std::string>{"a", "b"});
    CHECK_FALSE(good.catalogue.error_band("train", "moe"));
    // low above high, a family it does not know, a second band for one family
    planner::CatalogueFiles bad = files;
    bad.model_error.text = replace(files.model_error.text, R"("low": 0.9)", R"("low": 1.5)");
    CHECK(messages(planner::load_catalogue(bad)) == std::vector<std::string>{
        "data/model-error.json:3:70: error[data.bad_value]: train-dense: \"low\" must not exceed \"high\""});
    bad.model_error.text = replace(files.model_error.text, R"("family": "dense")", R"("family": "sparse")");
    CHECK(messages(planner::load_catalogue(bad)) == std::vector<std::string>{
        "data/model-error.json:3:54: error[data.bad_value]: train-dense: \"sparse\" is not a valid family (hint: one of: dense, moe)"});
    bad.model_error.text = replace(files.model_error.text, "\n  ]", R"(,
    {"id": "again", "plan": "train", "family": "dense", "low": 0.8, "high": 1.1, "cases": ["c"], "as_of": "2026-11-29"}
  ])");
    CHECK(messages(planner::load_catalogue(bad)) == std::vector<std::string>{
        "data/model-error.json:4:5: error[data.duplicate_id]: again: a second band for train dense"});
}
