// Instance types side by side: the figures that matter for ML, per whole instance, with the
// derived price per dense PFLOPS-hour.
//
//     {"api":1,"kind":"instances","ids":["p4d.24xlarge","trn1.32xlarge"],
//      "region":"ap-northeast-1","purchase_option":"on_demand"}
//
// Peaks are dense (never sparse) and summed over the instance's accelerators; the price is the
// region's under the purchase option (default us-east-1, on-demand), and the price per
// PFLOPS-hour is that price over the dense peak at that precision. A type the region does not offer
// under the option has `offered: false` and no price; `regions_offered` lists where it is sold
// under any option. Figures the catalogue does not have are left out, never guessed.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"

namespace planner {

struct InstanceSheetRequest {
    std::vector<std::string> ids;  // empty: every instance type, in catalogue order
    std::string region = "us-east-1";
    std::string purchase_option = "on_demand";
};

struct InstanceSheetRow {
    std::string id, family, accelerator;
    double accelerator_count = 0;
    double accelerator_memory_gb = 0;                  // all accelerators
    std::optional<double> memory_bandwidth_gbs;        // all accelerators
    std::map<std::string, double> peak_tflops;         // dense, all accelerators, by precision
    std::optional<double> network_gbps;
    std::optional<std::string> efa;
    double vcpu = 0, memory_gib = 0;
    std::optional<double> price_usd_per_hour;
    std::string price_as_of, price_region, price_source, purchase_option;
    std::optional<bool> offered;               // in the region under the option; unknown when absent
    std::vector<std::string> regions_offered;  // under any option, in catalogue order
    std::map<std::string, double> usd_per_pflops_hour;  // price / (dense peak in PFLOPS), by precision
    std::optional<double> power_watts;                  // estimate
    // The fields above whose figure the catalogue marks as an estimate, not a published value, as
    // paths ("peak_tflops.fp32", "usd_per_pflops_hour.fp32", "power_watts"); in JSON, `estimated`
    // mirrors them as an object of `true`s ({"peak_tflops": {"fp32": true}, "power_watts": true}).
    std::set<std::string> estimated;
};

Checked<InstanceSheetRequest> read_instance_sheet_request(const nlohmann::json& request);
Checked<std::vector<InstanceSheetRow>> instance_sheet(const Catalogue& catalogue, const InstanceSheetRequest& request);

void to_json(nlohmann::json& j, const InstanceSheetRow& row);

}  // namespace planner
