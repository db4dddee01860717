// The catalogue: instance types and their figures, each figure with its source.
//
//     planner::CatalogueLoad load = planner::load_instances(text, "data/instances.json");
//     if (!load.ok()) for (auto& e : load.errors) std::cerr << e.to_string() << '\n';
//     const planner::Instance* p4d = load.catalogue.find("p4d.24xlarge");
//
// The loader is pure: it takes the file's text, never opens it. It validates everything (unknown
// field, missing unit, wrong type, negative or absurd value, unknown source, duplicate id) and
// reports every problem it finds, each with the file's line and column. The schema is documented
// in data/README.md.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/error.hpp"

namespace planner {

/// Where a figure comes from. `as_of` is the date the figure was published or read (YYYY-MM-DD).
struct Source {
    std::string id;
    std::string title;
    std::string url;
    std::string as_of;
};

/// One cited number: value, unit and source. `estimate` figures say how they were made in `note`.
struct Figure {
    double value = 0;
    std::string unit;
    std::string source;      // id into Catalogue::sources
    std::string as_of;       // overrides the source's date when the figure is newer (e.g. a price)
    std::string note;
    bool estimate = false;
};

/// One cited word or phrase, e.g. the accelerator's name or the EFA version.
struct Fact {
    std::string value;
    std::string source;
};

struct Price {
    Figure usd_per_hour;     // unit "USD/h", on-demand, Linux
    std::string region;      // e.g. "us-east-1"
};

struct Instance {
    std::string id;          // e.g. "p4d.24xlarge"
    std::string family;      // e.g. "P4d"
    std::string category;    // "cpu" | "gpu" | "inferentia" | "trainium" | "gaudi"
    Fact accelerator;        // e.g. "NVIDIA A100 40GB"
    Figure accelerator_count;
    Figure accelerator_memory;                 // GB, whole instance
    std::map<std::string, Figure> peak_tflops; // per accelerator, DENSE, by precision ("bf16", ...)
    std::optional<Figure> accelerator_interconnect;  // GB/s per accelerator
    Figure vcpu;
    Figure memory;           // GiB
    Figure network;          // Gbps
    std::optional<Fact> efa; // "v1", "v2"
    std::optional<Price> price;
};

struct Catalogue {
    std::map<std::string, Source> sources;
    std::vector<Instance> instances;  // in file order

    const Instance* find(std::string_view id) const;
    const Source* source(std::string_view id) const;
};

struct CatalogueLoad {
    Catalogue catalogue;
    std::vector<Diagnostic> errors;
    bool ok() const { return errors.empty(); }
};

/// Parses and validates the text of data/instances.json. `file_name` is used in error messages.
CatalogueLoad load_instances(std::string_view json_text, std::string_view file_name);

void to_json(nlohmann::json& j, const Source& s);
void to_json(nlohmann::json& j, const Figure& f);
void to_json(nlohmann::json& j, const Fact& f);
void to_json(nlohmann::json& j, const Price& p);
void to_json(nlohmann::json& j, const Instance& i);
void to_json(nlohmann::json& j, const Catalogue& c);

}  // namespace planner
