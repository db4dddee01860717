// What running instances costs in money, energy and carbon:
//
//     cost   = instance-hours · price (the region's, under the purchase option)
//     energy = instance-hours · instance power · PUE          (kWh)
//     CO2e   = energy · grid carbon intensity                 (kg)
//
// Instance power is an estimate (accelerator TDP × count + host, see data/README.md); every
// figure can be overridden by the request: region, purchase_option, price_usd_per_hour, power_watts,
// pue, grid_kg_per_kwh, usd_jpy. A type the region does not offer under the option is refused, with
// the nearest regions that do. Costs stay in USD; the response carries the USD→JPY rate it would
// use (usd_jpy, with its source and date) and the display shows yen on Japanese pages.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"
#include "planner/messages.hpp"
#include "planner/request_reader.hpp"

namespace planner {

/// A low and a high plausible value.
struct Range {
    double low = 0;
    double high = 0;
};

/// {"low": …, "high": …}
void to_json(nlohmann::json& j, const Range& r);

/// An instance power the catalogue estimates (accelerator TDP × count + host) is near the ceiling:
/// measured averages run lower. GPT-3 on 10,000 V100 drew 330 W per GPU on average (Patterson et al.
/// 2021) against 425 W estimated this way, 0.78 of it. So an estimate's range is 75–100% of it,
/// unless the figure carries a range of its own.
inline constexpr Range kEstimatedPowerFactor{0.75, 1.0};

/// Where a plan is priced when the request names no region.
inline constexpr const char* kDefaultRegion = "us-east-1";

struct FootprintInputs {
    std::optional<std::string> region;         // default: kDefaultRegion
    std::optional<std::string> purchase_option;  // default: on_demand (purchase_options())
    std::optional<double> price_usd_per_hour;  // overrides the catalogue's price
    std::optional<double> usd_jpy;             // overrides the catalogue's exchange rate
    std::optional<double> power_watts;         // per instance; overrides the catalogue's estimate
    std::optional<double> pue;                 // overrides the region's
    std::optional<double> grid_kg_per_kwh;     // the user's own grid factor (e.g. a power purchase
                                               // agreement), kg CO2e per kWh; overrides the region's

    ACCELGUIDE_OUT_OF_LINE_VALUE(FootprintInputs)
};

/// Reads region, purchase_option, price_usd_per_hour, usd_jpy, power_watts, pue and grid_kg_per_kwh
/// under `prefix` ("" or "configurations.0.").
FootprintInputs read_footprint_inputs(RequestReader& in, const std::string& prefix);

struct Footprint {
    std::optional<double> price_usd_per_hour;
    std::string price_as_of;   // "request" when overridden
    std::string price_source;  // the price row's source id, or "request"
    std::string purchase_option;  // on_demand, spot, ...
    std::optional<double> usd_jpy;       // the rate the display converts with
    std::string usd_jpy_source, usd_jpy_as_of;  // source id and date, or "request"
    std::optional<double> cost_usd;
    std::optional<double> power_watts;
    std::optional<double> energy_kwh;
    std::optional<double> co2e_kg;
    std::string region;
    std::optional<double> pue;
    std::optional<double> carbon_intensity;  // gCO2e/kWh
    std::string carbon_intensity_source;     // the region's id, or "request" (grid_kg_per_kwh)
    std::string carbon_intensity_as_of;      // the region's figure's date (its data year), or "request"
    /// gCO2e/kWh, market-based, where AWS publishes a figure for the region (none does today: the
    /// region's market_note says why); shown beside the location-based figure, never used for CO2e.
    std::optional<double> carbon_intensity_market;
    std::vector<Note> notes;          // what is missing and how to supply it
    // When the power is the catalogue's estimate (not power_watts from the request): the factors
    // low/high of the estimate (kEstimatedPowerFactor or the figure's own range), and what they give.
    std::optional<Range> power_factor, power_watts_range, energy_kwh_range, co2e_kg_range;

    ACCELGUIDE_OUT_OF_LINE_VALUE(Footprint)
};

/// The power a plan's load draws (load_power.hpp), when it knows its activity and the chip has
/// measured power: it replaces the catalogue's full-load estimate, with its own range and note.
struct LoadPower;

/// The footprint of `instance_hours` on `instance`. Errors: an unknown region or purchase option, and
/// a type the region does not offer under the option (naming the nearest regions that do). The power
/// is the request's power_watts, else `load`'s, else the catalogue's estimate.
Checked<Footprint> footprint(const Catalogue& catalogue, const Instance& instance, double instance_hours,
                             const FootprintInputs& inputs, const std::string& field_prefix = "",
                             const LoadPower* load = nullptr);

/// Adds the footprint's fields (cost_usd, energy_kwh, ...) to a result object, and under "range" the
/// span of power_watts, energy_kwh and co2e_kg when the power is an estimate.
void add_to_json(nlohmann::json& j, const Footprint& f);
/// The footprint as an object of its own (a fleet's hour).
void to_json(nlohmann::json& j, const Footprint& f);

}  // namespace planner
