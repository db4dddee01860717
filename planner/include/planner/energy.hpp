// Energy comparison: two to eight configurations doing the same work, side by side.
//
//     {"api":1,"kind":"energy","region":"us-east-1","configurations":[
//        {"label":"P4d","instance":"p4d.24xlarge","instances":16,"hours":4},
//        {"label":"Trn1","instance":"trn1.32xlarge","instances":16,"hours":2.3}]}
//
// Each configuration gets instance-hours, cost, kWh and CO2e (footprint.hpp). The first is the
// baseline; every other gets how much less it uses than the baseline, in percent:
// (1 − x / x_baseline) · 100.
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

/// An energy request compares at most this many configurations (the calculator shows four; a page
/// may compare one job across every region of the catalogue).
inline constexpr std::size_t kMaxEnergyConfigurations = 8;

struct EnergyConfiguration {
    std::string label;
    std::string instance;
    double instances = 1;
    double hours = 0;
    FootprintInputs footprint;  // per configuration; falls back to the request's region and PUE
};

struct EnergyRequest {
    std::vector<EnergyConfiguration> configurations;

    ACCELGUIDE_OUT_OF_LINE_VALUE(EnergyRequest)
};

struct EnergyRow {
    std::string label;
    std::string instance;
    double instances = 0;
    double hours = 0;
    double instance_hours = 0;
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
