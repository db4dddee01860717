// The unit each response figure is shown in comes from its declaration (display/units.hpp).
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "text.hpp"
#include "units.hpp"

using nlohmann::json;
using site::DisplayUnit;

TEST_CASE("a figure's display unit is its declared unit: fractions in percent, bytes in GB, dollars as money") {
    CHECK(site::display_unit("train", "mfu") == DisplayUnit::percent);
    CHECK(site::display_unit("train", "memory.total_bytes") == DisplayUnit::gigabytes);
    CHECK(site::display_unit("train", "cost_usd") == DisplayUnit::money);
    CHECK(site::display_unit("train", "days") == DisplayUnit::as_is);
    // Bytes per parameter are not a size; KV bytes per token neither.
    CHECK(site::display_unit("train", "base_weight_bytes") == DisplayUnit::as_is);
    CHECK(site::display_unit("serve", "kv_bytes_per_token") == DisplayUnit::as_is);
    // Named by no list of keys: serve's decode bandwidth share and a step's efficiency are fractions too.
    CHECK(site::display_unit("serve", "bandwidth_fraction") == DisplayUnit::percent);
    CHECK(site::display_unit("train", "step.efficiency") == DisplayUnit::percent);
    CHECK(site::display_unit("serve", "tensor_parallel_options[].prefill_share") == DisplayUnit::percent);
    CHECK(site::display_unit("energy", "configurations[].cost_saving_percent") == DisplayUnit::saving);
    // The same name means what its kind declares: a compare row's days, an energy row's cost.
    CHECK(site::display_unit("compare", "rows[].days") == DisplayUnit::as_is);
    CHECK(site::display_unit("energy", "configurations[].cost_usd") == DisplayUnit::money);
    CHECK(site::display_unit("nothing", "mfu") == DisplayUnit::as_is);
}

TEST_CASE("a range's ends and a table's entries take the unit of the field they belong to") {
    CHECK(site::display_unit("train", "range.mfu.low") == DisplayUnit::percent);
    CHECK(site::display_unit("train", "range.cost_usd.high") == DisplayUnit::money);
    CHECK(site::display_unit("instances", "rows[].usd_per_pflops_hour.bf16") == DisplayUnit::money);
    CHECK(site::display_unit("instances", "rows[].peak_tflops.bf16") == DisplayUnit::as_is);
}

TEST_CASE("a serving result shows its decode bandwidth share in percent and its fleet's hour in money") {
    const json response = {{"api", 1}, {"ok", true}, {"kind", "serve"},
                           {"serve", {{"bandwidth_fraction", 0.62}, {"memory_bytes", 61.5e9}, {"fleet", 3},
                                      {"fleet_hour", {{"cost_usd", 294.75}, {"usd_jpy", 150}, {"energy_kwh", 12.5}}}}}};
    const json shown = site::display_json(response, {}, "ja");
    CHECK(shown["serve"]["bandwidth_fraction"] == "62");
    CHECK(shown["serve"]["memory_bytes"] == "61.5");
    CHECK(shown["serve"]["fleet"] == "3");
    CHECK(shown["serve"]["fleet_hour"]["cost_usd"] == site::format_money(294.75, 150.0, "ja"));
    CHECK(shown["serve"]["fleet_hour"]["energy_kwh"] == "12.5");
    CHECK(shown["kind"] == "serve");
}

TEST_CASE("a page's CSV scales are its kind's figures shown in percent or GB, by output path") {
    const json scales = site::display_scales("train");
    CHECK(scales["train.mfu"] == 100);
    CHECK(scales["train.range.mfu"] == 100);
    CHECK(scales["train.memory.total_bytes"] == 1e-9);
    CHECK_FALSE(scales.contains("train.days"));
    CHECK_FALSE(scales.contains("train.cost_usd"));  // money is shown in the page's currency, not scaled
    CHECK_FALSE(scales.contains("serve.bandwidth_fraction"));
    CHECK(site::display_scales("serve")["serve.bandwidth_fraction"] == 100);
}

TEST_CASE("a comparison's rows show their costs as money in the page's currency") {
    // What the calculators show under their result: the compare answer's rows, with its rate.
    const json compared = {{"compare", {{"usd_jpy", 150}, {"rows", {{{"instance", "p5.48xlarge"}, {"days", 12.26}, {"cost_usd", 1e6}}}}}}};
    const json shown = site::display_json(compared, {}, "ja");
    CHECK(shown["compare"]["rows"][0]["cost_usd"] == site::format_money(1e6, 150.0, "ja"));
    CHECK(shown["compare"]["rows"][0]["days"] == "12.3");
    // Outside a result of a kind nothing is known of a figure's unit: it is shown as it is.
    CHECK(site::display_json(json{{"rows", {{{"cost_usd", 1e6}}}}}, {}, "en")["rows"][0]["cost_usd"] == "1,000,000");
}
