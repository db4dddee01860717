#include "planner/footprint.hpp"

#include "planner/messages.hpp"
#include "planner/json_members.hpp"
#include "planner/response_fields.hpp"
#include "planner/response_writer.hpp"
#include "planner/load_power.hpp"
#include "planner/request_fields.hpp"

namespace planner {

ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(FootprintInputs)
ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(Footprint)

using nlohmann::json;

FootprintInputs read_footprint_inputs(RequestReader& in, const std::string& prefix) {
    FootprintInputs f;
    namespace field = fields::footprint;
    if (auto region = in.text(field::region, prefix)) f.region = *region;
    if (auto option = in.text(field::purchase_option, prefix)) f.purchase_option = *option;
    f.price_usd_per_hour = in.number(field::price_usd_per_hour, prefix);
    f.usd_jpy = in.number(field::usd_jpy, prefix);
    f.power_watts = in.number(field::power_watts, prefix);
    f.pue = in.number(field::pue, prefix);
    f.grid_kg_per_kwh = in.number(field::grid_kg_per_kwh, prefix);
    return f;
}

namespace {

// Why an instance type cannot be bought so here, and where it is sold instead: only here, off the
// path every priced plan takes.
FieldError not_offered(const Catalogue& catalogue, const Instance& inst, const Footprint& f, const FootprintInputs& in,
                       const std::string& field_prefix) {
    const Availability where = catalogue.availability(inst.id, f.region, f.purchase_option);
    std::string elsewhere;
    for (std::size_t i = 0; i < where.elsewhere.size() && i < 3; ++i) elsewhere += (i ? ", " : "") + where.elsewhere[i];
    std::vector<std::string> args = {inst.id, f.region, f.purchase_option};
    if (!where.options_here.empty()) {
        std::string options;
        for (const auto& o : where.options_here) options += (options.empty() ? "" : ", ") + o;
        args.push_back(options);
    }
    if (!elsewhere.empty()) args.push_back(elsewhere);
    const msg::Code code = where.options_here.empty()
                               ? (elsewhere.empty() ? msg::not_offered_nowhere : msg::not_offered_nearest)
                               : (elsewhere.empty() ? msg::not_offered_options_nowhere : msg::not_offered_options_nearest);
    return coded(field_prefix + (in.purchase_option && !where.options_here.empty() ? "purchase_option" : "region"), code, std::move(args));
}

// The instance's power (given, at the plan's load, or the catalogue's estimate with its range),
// the energy of its hours at the region's PUE, and their emissions at the grid factor.
void add_energy(const Catalogue& catalogue, const Instance& inst, const Region* region, double instance_hours,
                const FootprintInputs& in, const LoadPower* load, Footprint& f) {
    if (in.power_watts || inst.power) f.power_watts = in.power_watts ? *in.power_watts : inst.power->value;
    if (in.pue || region) f.pue = in.pue ? *in.pue : region->pue.value;
    if (!in.power_watts && load && load->watts > 0) {
        f.power_watts = load->watts;
        f.power_factor = Range{load->range.low / load->watts, load->range.high / load->watts};
        f.notes.push_back(load_power_note(*load));
    } else if (!in.power_watts && inst.power && inst.power->estimate && inst.power->value > 0) {
        const double v = inst.power->value;
        f.power_factor = inst.power->range ? Range{inst.power->range->first / v, inst.power->range->second / v}
                                           : kEstimatedPowerFactor;
    }
    if (!f.power_watts) {
        f.notes.push_back({msg::no_power_estimate, {inst.id}});
    } else if (f.pue) {
        f.energy_kwh = instance_hours * *f.power_watts / 1000 * *f.pue;
        if (in.grid_kg_per_kwh) {  // the user's own factor wins over the region's
            f.carbon_intensity = *in.grid_kg_per_kwh * 1000;
            f.carbon_intensity_source = f.carbon_intensity_as_of = "request";
        } else if (region) {
            f.carbon_intensity = region->carbon_intensity.value;
            f.carbon_intensity_source = region->id;
            f.carbon_intensity_as_of = catalogue.as_of(region->carbon_intensity);
        }
        if (f.carbon_intensity) f.co2e_kg = *f.energy_kwh * *f.carbon_intensity / 1000;
    }
    if (region && region->carbon_intensity_market) f.carbon_intensity_market = region->carbon_intensity_market->value;
    if (f.power_factor && f.power_watts) {
        auto span = [&](double v) { return Range{v * f.power_factor->low, v * f.power_factor->high}; };
        f.power_watts_range = span(*f.power_watts);
        if (f.energy_kwh) f.energy_kwh_range = span(*f.energy_kwh);
        if (f.co2e_kg) f.co2e_kg_range = span(*f.co2e_kg);
    }
}

}  // namespace

Checked<Footprint> footprint(const Catalogue& catalogue, const Instance& inst, double instance_hours,
                             const FootprintInputs& in, const std::string& field_prefix, const LoadPower* load) {
    Checked<Footprint> out;
    Footprint& f = out.value;
    f.region = in.region ? *in.region : kDefaultRegion;
    f.purchase_option = in.purchase_option ? *in.purchase_option : kOnDemand;
    const Region* region = catalogue.region(f.region);
    if (in.region && !region) {
        out.errors.push_back(coded(field_prefix + "region", msg::unknown_region, {*in.region}));
        return out;
    }
    const Price* price = catalogue.price(inst.id, f.region, f.purchase_option);
    if (price && !price->offered) {  // "not offered" is a value in the catalogue: refuse
        out.errors.push_back(not_offered(catalogue, inst, f, in, field_prefix));
        return out;
    }
    if (in.price_usd_per_hour) {
        f.price_usd_per_hour = *in.price_usd_per_hour;
        f.price_as_of = f.price_source = "request";
    } else if (price && price->priced()) {
        f.price_usd_per_hour = price->usd_per_hour.value;
        f.price_as_of = catalogue.as_of(price->usd_per_hour);
        f.price_source = price->usd_per_hour.source;
    } else {
        f.notes.push_back({msg::no_price, {f.purchase_option, inst.id, f.region}});
    }
    if (f.price_usd_per_hour) f.cost_usd = instance_hours * *f.price_usd_per_hour;
    if (f.price_usd_per_hour && f.purchase_option == kSpot)
        f.notes.push_back({msg::spot_snapshot});
    if (in.usd_jpy) {
        f.usd_jpy = *in.usd_jpy;
        f.usd_jpy_source = f.usd_jpy_as_of = "request";
    } else if (const ExchangeRate* rate = catalogue.exchange_rate("USD", "JPY")) {
        f.usd_jpy = rate->rate.value;
        f.usd_jpy_source = rate->rate.source;
        f.usd_jpy_as_of = catalogue.as_of(rate->rate);
    }
    add_energy(catalogue, inst, region, instance_hours, in, load, f);
    return out;
}

namespace {
namespace out = results::footprint;
using FP = Footprint;
// The footprint's fields (response_fields.hpp, results::footprint): a price's date and source only
// beside a price, a rate's and a grid factor's beside theirs.
constexpr Put<Footprint> kFootprintOut[] = {
    put<&FP::cost_usd>(out::cost_usd), put<&FP::price_usd_per_hour>(out::price_usd_per_hour),
    put_when<&FP::price_usd_per_hour, &FP::price_as_of>(out::price_as_of),
    put_when<&FP::price_usd_per_hour, &FP::price_source>(out::price_source),
    put<&FP::purchase_option>(out::purchase_option), put<&FP::usd_jpy>(out::usd_jpy),
    put_when<&FP::usd_jpy, &FP::usd_jpy_source>(out::usd_jpy_source),
    put_when<&FP::usd_jpy, &FP::usd_jpy_as_of>(out::usd_jpy_as_of), put<&FP::power_watts>(out::power_watts),
    put<&FP::energy_kwh>(out::energy_kwh), put<&FP::co2e_kg>(out::co2e_kg), put<&FP::pue>(out::pue),
    put<&FP::carbon_intensity>(out::carbon_intensity),
    put_when<&FP::carbon_intensity, &FP::carbon_intensity_source>(out::carbon_intensity_source),
    put_when<&FP::carbon_intensity, &FP::carbon_intensity_as_of>(out::carbon_intensity_as_of),
    put<&FP::carbon_intensity_market>(out::carbon_intensity_market), put<&FP::region>(out::region),
    put<&FP::power_watts_range>(out::power_watts_range), put<&FP::energy_kwh_range>(out::energy_kwh_range),
    put<&FP::co2e_kg_range>(out::co2e_kg_range)};
}  // namespace

void add_to_json(json& j, const Footprint& f) { write_fields(j, f, kFootprintOut); }
void to_json(json& j, const Footprint& f) { add_to_json(j, f); }

void to_json(json& j, const Range& r) { members(j, {{"low", r.low}, {"high", r.high}}); }

}  // namespace planner
