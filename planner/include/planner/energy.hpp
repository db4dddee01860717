// Energy of one configuration, or a comparison of up to eight doing the same work, side by side.
//
//     {"api":1,"kind":"energy","region":"us-east-1","configurations":[
//        {"label":"P4d","instance":"p4d.24xlarge","instances":16,"hours":4},
//        {"label":"Trn1","instance":"trn1.32xlarge","instances":16,"hours":2.3}]}
//
// Each configuration gets instance-hours, cost, kWh and CO2e (footprint.hpp). The first is the
// baseline; every other gets how much less it uses than the baseline, in percent:
// (1 − x / x_baseline) · 100.
//
// Equal work: with `work`, a training job or a serving job without its instance ({"kind": "train",
// "model": …, "tokens": …} or {"kind": "serve", …, "rate": …}), each configuration's count and hours
// are the planner's for that job on its instance type, so every row does the same work: a training
// job on the configuration's `instances` (or, when the job gives deadline_days or budget_usd, the
// count that search finds) for as long as it takes; a serving job's fleet for its rate, for the
// configuration's `hours` (default 1). Its power then follows the job's activity where the chip has
// measured power rows (load_power.hpp), as the job's own plan does; without work, the catalogue's
// full-load estimate.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"
#include "planner/footprint.hpp"

namespace planner {


struct EnergyConfiguration {
    std::string label;
    std::string instance;
    std::optional<double> instances;  // required without work; a training job's count with it
    std::optional<double> hours;      // required without work; a serving job's hours with it (default 1)
    FootprintInputs footprint;  // per configuration; falls back to the request's region and PUE
};

struct EnergyRequest {
    std::vector<EnergyConfiguration> configurations;
    std::optional<nlohmann::json> work;  // a train or serve request without its instance: equal work

    ACCELGUIDE_OUT_OF_LINE_VALUE(EnergyRequest)
};

struct EnergyRow {
    std::string label;
    std::string instance;
    double instances = 0;
    double hours = 0;
    double instance_hours = 0;
    std::string work;  // "train" or "serve": the count and hours are the job's plan; empty: as given
    Footprint footprint;
    // How much less than the baseline (the first configuration), in percent; set from the second on.
    std::optional<double> energy_saving_percent;
    std::optional<double> co2e_saving_percent;
    std::optional<double> cost_saving_percent;
};

Checked<EnergyRequest> read_energy_request(const nlohmann::json& request);
Checked<std::vector<EnergyRow>> compare_energy(const Catalogue& catalogue, const EnergyRequest& request);

void to_json(nlohmann::json& j, const EnergyRow& r);

}  // namespace planner
