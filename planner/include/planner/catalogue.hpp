// The catalogue: accelerators, instance types, regions and published benchmarks, every figure
// with its unit and its source.
//
//     planner::CatalogueLoad load = planner::load_catalogue(files);   // the text of data/*.json
//     if (!load.ok()) for (auto& e : load.errors) std::cerr << e.to_string() << '\n';
//     const planner::Instance* p4d = load.catalogue.find("p4d.24xlarge");
//     const planner::Accelerator& a100 = load.catalogue.accelerator_of(*p4d);
//
// The loader is pure: it takes the files' text, never opens them. It validates everything
// (unknown field, missing or wrong unit, wrong type, negative or absurd value, missing or unknown
// source, unknown reference, duplicate id) and reports every problem, each with file:line:column.
// The schema is documented in data/README.md.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/collectives.hpp"
#include "planner/error.hpp"
#include "planner/messages.hpp"
#include "planner/operator_table.hpp"

namespace planner {

/// Where a figure comes from. `as_of` is the date it was published or read (YYYY-MM-DD or YYYY-MM).
struct Source {
    std::string id;
    std::string title;  // the citation alone: author, title, identifier
    std::string url;
    std::string as_of;
    std::string note;   // what was read there and how (research notes): the references page, never print
};

/// One cited number: value, unit and source. `estimate` figures say how they were made in `note`.
struct Figure {
    double value = 0;
    std::string unit;
    std::string source;  // id into Catalogue::sources
    std::string as_of;   // overrides the source's date when the figure is newer (e.g. a price)
    std::string note;
    bool estimate = false;
    // The plausible low and high of a figure used beyond the set-up it was measured on (a default
    // MFU); `note` says where they come from. Plans that rest on the figure show the range.
    std::optional<std::pair<double, double>> range;
};

/// One cited word or phrase, e.g. the EFA version.
struct Fact {
    std::string value;
    std::string source;
    std::string note;
};

/// Whether a chip is offered for a kind of work, and who says so. A plan that needs a capability the
/// chip lacks is refused, never offered (e.g. training on Inferentia).
struct Capability {
    bool value = true;
    std::string source;
    std::string note;  // why, for a chip that lacks it
};

/// The kinds of work a chip's capabilities name.
inline constexpr const char* kTrain = "train";
inline constexpr const char* kServe = "serve";

/// One chip (or, for CPUs, one socket as EC2 allocates it).
struct Accelerator {
    std::string id;        // e.g. "a100-40gb"
    std::string name;      // e.g. "NVIDIA A100 40GB SXM"
    std::string kind;      // "gpu" | "trainium" | "inferentia" | "gaudi" | "qualcomm" | "cpu"
    std::map<std::string, Figure> peak_tflops;    // DENSE, by precision ("fp4" … "fp32"); int8 in TOPS
    std::map<std::string, Figure> sparse_tflops;  // as vendors print them, never used for MFU
    Figure memory;                                // GB; zero for CPUs (host memory is the instance's)
    std::optional<Figure> memory_bandwidth;       // GB/s
    std::optional<Figure> power;                  // W, TDP or estimate
    std::map<std::string, Figure> default_mfu;    // by workload ("training", "inference"), fraction
    /// The share of memory_bandwidth an LLM decode step achieves, where published decode times
    /// imply one (serving's default, instead of an assumption).
    std::optional<Figure> decode_bandwidth_fraction;
    std::map<std::string, Capability> capabilities;  // kTrain, kServe: both always present

    /// Whether the chip is offered for `kind` (kTrain, kServe).
    bool can(const std::string& work) const;
};

/// How an instance type is bought. Savings Plans rates are per plan kind and term.
inline constexpr const char* kOnDemand = "on_demand";
inline constexpr const char* kSpot = "spot";
inline constexpr const char* kCapacityBlock = "capacity_block";
/// Every purchase option a price row may name, in the order pages list them.
const std::vector<std::string>& purchase_options();
/// A purchase option as readers see it in `lang` ("en", "ja"): "on-demand", "キャパシティブロック";
/// the id itself for an unknown one. Planner messages and the display both name options with it.
std::string purchase_option_name(const std::string& option, const std::string& lang);

/// One instance type's price in one region under one purchase option, Linux. "Not offered" is a
/// value: `offered` false, and `usd_per_hour` then holds only its source, date and note (value 0).
/// Spot prices are a dated snapshot; Capacity Blocks prices are per instance-hour of a block.
struct Price {
    std::string instance, region, option;
    bool offered = true;
    bool published = true;  // false: offered, but AWS lists no price ("value": null); the note says why
    Figure usd_per_hour;  // unit "USD/h"

    /// Offered with a published price.
    bool priced() const { return offered && published; }
};

/// What AWS publishes about how much capacity a purchase option can hold (data/prices.json,
/// "capacity"): a limit with its number (a Capacity Block's 64 instances), or a statement with its
/// source and no number (spot capacity is not guaranteed). Where AWS publishes nothing, no row.
struct CapacityFact {
    std::string option;  // a purchase option
    std::string limit;   // one of capacity_limits()
    bool numeric = false;  // a limit with a value, or a statement (figure.value is 0)
    Figure figure;         // count or days; source, as_of, note
};
/// The limits a capacity row may name: "instances_per_block", "instances_in_blocks", "days"
/// (numeric), "no_guarantee", "vcpu_quota" (statements).
const std::vector<std::string>& capacity_limits();

/// A currency exchange rate, e.g. USD→JPY 157 "JPY/USD", with its source and date.
struct ExchangeRate {
    std::string from, to;
    Figure rate;
};

/// The planner's own error where it predicts (data/model-error.json): over the fit third of the
/// accuracy cases of one plan and family (train or serve; "dense" or "moe"), the 10th and 90th
/// percentile of planned ÷ published speed (a throughput, or the inverse of a time). A predicted
/// plan's range includes it, so a buyer sees how far the planner has missed on published cases like
/// theirs; no test-third case sets it.
struct ErrorBand {
    std::string id;      // "train-dense"
    std::string plan;    // "train", "serve"
    std::string family;  // "dense", "moe"
    double low = 1, high = 1;        // planned ÷ published: 10th and 90th percentile
    std::vector<std::string> cases;  // the fit cases it was set on (data/accuracy.json ids)
    std::string as_of;               // YYYY-MM-DD
};
/// The note a plan whose range carries `band` adds, in `code`'s words: {0} its cases, {1} its date,
/// {2} and {3} the published speed's share of the planned at its ends ("83%", "117%").
Note band_note(const ErrorBand& band, msg::Code code);

struct Instance {
    std::string id;           // e.g. "p4d.24xlarge"
    std::string family;       // e.g. "P4d"
    std::string accelerator;  // id into Catalogue::accelerators
    Figure accelerator_count;
    std::optional<Figure> accelerator_interconnect;  // GB/s per accelerator
    Figure vcpu;
    Figure memory;            // GiB
    std::optional<Figure> network;  // Gbps
    std::optional<Fact> efa;  // "v1", "v2"
    std::optional<Figure> local_nvme;  // GB
    std::optional<Figure> power;       // W, whole instance at full load; always an estimate
};

/// Grid carbon intensity and data-centre PUE of one region.
struct Region {
    std::string id;    // e.g. "us-east-1"
    std::string name;
    double latitude = 0, longitude = 0;  // where the region's city is, to rank the nearest regions
    Figure carbon_intensity;  // gCO2e/kWh, location-based (the grid's average)
    std::optional<Figure> carbon_intensity_market;  // gCO2e/kWh, market-based, where AWS publishes one
    std::string market_note;  // why there is none, or what it counts
    Figure pue;               // ratio ≥ 1
};

/// A published measurement: a scaling efficiency, or an inference throughput and latency.
struct Benchmark {
    std::string id;
    std::string kind;      // "scaling" | "inference"
    std::string instance;  // id into Catalogue::instances
    std::string model;     // what was run, e.g. "GPT-3 (Megatron-LM)"
    std::string model_ja;  // the same in Japanese, for the Japanese site ("" = as `model`)
    std::optional<Figure> instances;           // scaling: measured at this many instances
    std::optional<Figure> scaling_efficiency;  // scaling: fraction of linear, at `instances`
    std::optional<Figure> throughput;          // inference: requests/s per instance
    std::optional<Figure> latency;             // inference: ms at that throughput
};

/// A published model: its size as its paper states it, and its architecture as its model card or
/// config states it. All figures are counts.
struct ModelArchitecture {
    Figure layers, hidden, heads, vocabulary;
    std::optional<Figure> sequence;  // the pre-training sequence length, where published
    // The rest, by name (kArchitectureDetails): context, kv_heads, head_dim, ffn_hidden,
    // expert_ffn_hidden, experts, experts_per_token, shared_experts, MLA's kv_lora_rank, ...
    std::map<std::string, Figure> details;

    /// A detail's value, or nothing when the model does not publish it.
    std::optional<double> detail(const std::string& name) const;
};

/// The architecture details a model may give beside layers, hidden, heads, sequence and vocabulary.
const std::vector<std::string>& architecture_details();

struct Model {
    std::string id;    // e.g. "gpt3-175b"
    std::string name;  // e.g. "GPT-3 175B"
    Figure parameters;               // count, as published (for a mixture of experts, the total)
    std::optional<Figure> active_parameters;  // per token, for a mixture of experts
    std::optional<ModelArchitecture> architecture;
    std::optional<Figure> tokens;    // tokens it was trained on, as published
    std::optional<Fact> recompute;   // "none", "selective" or "full": what its published recipe recomputes

    /// Whether the model is a mixture of experts (its architecture names experts).
    bool mixture_of_experts() const;
};

/// Where an instance type can be bought under one purchase option.
struct Availability {
    const Price* price = nullptr;       // the row for the asked region, if the catalogue has one
    std::vector<std::string> elsewhere; // regions that offer it, nearest first
    std::vector<std::string> options_here;  // options the asked region offers it under
};

/// Whether price rows are grouped by instance type (sorted by id), as Catalogue::prices must be.
bool prices_grouped(const std::vector<Price>& prices);

struct Catalogue {
    std::map<std::string, Source> sources;
    std::vector<Accelerator> accelerators;  // in file order
    std::vector<Instance> instances;
    std::vector<Region> regions;
    std::vector<Benchmark> benchmarks;
    std::vector<Model> models;
    /// Instance × region × option, grouped by instance type, each type's rows in file order: the
    /// loader groups them, from_json requires it, and price() relies on it.
    std::vector<Price> prices;
    std::vector<ExchangeRate> exchange_rates;
    std::vector<CapacityFact> capacity;
    /// Measured operator costs, one table per chip that has one (data/operators/<chip>.json).
    std::vector<OperatorTable> operator_tables;
    /// Published collective tables between instances (data/benchmarks.json, "collectives").
    std::vector<CollectiveTable> collectives;
    /// The planner's error bands where it predicts (data/model-error.json).
    std::vector<ErrorBand> error_bands;

    const Instance* find(std::string_view id) const;
    /// The same, reporting `unknown instance type "id"` against request field `field` when absent.
    const Instance* find(std::string_view id, const std::string& field, std::vector<FieldError>& errors) const;
    /// The instance type for `work` (kTrain, kServe): unknown, or its chip not offered for the work,
    /// is reported against request field "instance".
    const Instance* find_for(std::string_view id, const std::string& work, std::vector<FieldError>& errors) const;
    const Accelerator* accelerator(std::string_view id) const;
    /// A model of data/models.json by its id, or nothing.
    const Model* model(std::string_view id) const;
    /// The error band of a plan and family, or nothing.
    const ErrorBand* error_band(std::string_view plan, std::string_view family) const;
    /// The chip's measured operator table, or nothing.
    const OperatorTable* operators_of(std::string_view chip) const;
    const Region* region(std::string_view id) const;
    const Source* source(std::string_view id) const;
    /// The instance's accelerator; the loader guarantees it exists.
    const Accelerator& accelerator_of(const Instance& instance) const;
    /// Accelerator memory of the whole instance, GB.
    double accelerator_memory_gb(const Instance& instance) const;
    /// The price row of an instance type in a region under a purchase option, or nothing.
    const Price* price(std::string_view instance, std::string_view region, std::string_view option = kOnDemand) const;
    /// The row for the region, the other regions offering the type under `option` (nearest to
    /// `region` first) and the options the region offers it under.
    Availability availability(std::string_view instance, std::string_view region, std::string_view option) const;
    /// The regions that sell the type under any option, in the catalogue's order of regions.
    std::vector<std::string> regions_offering(std::string_view instance) const;
    /// The purchase options some price row names, in purchase_options() order: what a page offers
    /// to choose from.
    std::vector<std::string> priced_options() const;
    /// The capacity row of a purchase option naming `limit`, or nothing.
    const CapacityFact* capacity_fact(std::string_view option, std::string_view limit) const;
    /// The newest rate from `from` to `to` (by as_of), or nothing.
    const ExchangeRate* exchange_rate(std::string_view from, std::string_view to) const;
    /// The date of a figure: its own as_of, else its source's.
    std::string as_of(const Figure& figure) const;
    /// What readers see for a benchmark id in a response's `*_source` field: "GPT-3 (Megatron-LM),
    /// trn1.32xlarge" (site::display_json shows it instead of the id).
    std::map<std::string, std::string> benchmark_names(const std::string& lang = "en") const;
    /// What site::display_json shows for ids in a response: benchmark_names and, for
    /// `purchase_option`, purchase_option_name.
    std::map<std::string, std::string> display_names(const std::string& lang = "en") const;
};

/// The text of each data file, and the name used for it in error messages.
struct CatalogueFiles {
    struct File {
        std::string name;
        std::string text;
    };
    File sources{"data/sources.json", ""};
    File accelerators{"data/accelerators.json", ""};
    File instances{"data/instances.json", ""};
    File regions{"data/regions.json", ""};
    File benchmarks{"data/benchmarks.json", ""};
    File models{"data/models.json", ""};
    File prices{"data/prices.json", ""};
    File currency{"data/currency.json", ""};
    File model_error{"data/model-error.json", ""};
    /// data/operators/<chip>.json, any number of them (named so), in name order.
    std::vector<File> operators;

    std::vector<File*> all() { return {&sources, &accelerators, &instances, &regions, &benchmarks, &models, &prices, &currency, &model_error}; }
    /// Whether a catalogue folder may lack `f`: the error bands (the loader reads no text as none).
    bool optional(const File* f) const { return f == &model_error; }
};

struct CatalogueLoad {
    Catalogue catalogue;
    std::vector<Diagnostic> errors;
    bool ok() const { return errors.empty(); }
};

/// Parses and validates the catalogue.
CatalogueLoad load_catalogue(const CatalogueFiles& files);

void to_json(nlohmann::json& j, const Source& s);
void to_json(nlohmann::json& j, const Figure& f);
void to_json(nlohmann::json& j, const Fact& f);
void to_json(nlohmann::json& j, const Capability& c);
void to_json(nlohmann::json& j, const Price& p);
void to_json(nlohmann::json& j, const ExchangeRate& r);
void to_json(nlohmann::json& j, const ErrorBand& b);
void to_json(nlohmann::json& j, const Accelerator& a);
void to_json(nlohmann::json& j, const Instance& i);
void to_json(nlohmann::json& j, const Region& r);
void to_json(nlohmann::json& j, const Benchmark& b);
void to_json(nlohmann::json& j, const Model& m);
void to_json(nlohmann::json& j, const Catalogue& c);

/// The catalogue as programs read it (the `catalog` response, and what the wasm module embeds):
/// to_json without the figures' research notes, which only the site's pages show. Half the size.
nlohmann::json catalogue_without_notes(const Catalogue& c);

// The inverse of to_json, for a catalogue that load_catalogue has already validated (the wasm
// module embeds the native loader's output in this form, so the browser skips validation and
// position tracking). It trusts its input: on a missing field it throws nlohmann::json's
// out_of_range; it reports nothing the way load_catalogue does.
void from_json(const nlohmann::json& j, Source& s);
void from_json(const nlohmann::json& j, Figure& f);
void from_json(const nlohmann::json& j, Fact& f);
void from_json(const nlohmann::json& j, Capability& c);
void from_json(const nlohmann::json& j, Price& p);
void from_json(const nlohmann::json& j, ExchangeRate& r);
void from_json(const nlohmann::json& j, ErrorBand& b);
void from_json(const nlohmann::json& j, Accelerator& a);
void from_json(const nlohmann::json& j, Instance& i);
void from_json(const nlohmann::json& j, Region& r);
void from_json(const nlohmann::json& j, Benchmark& b);
void from_json(const nlohmann::json& j, Model& m);
void from_json(const nlohmann::json& j, Catalogue& c);

}  // namespace planner
