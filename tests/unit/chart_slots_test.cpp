// A calculator's charts drawn at build time into its page's slots (site/build/chart_slots.hpp),
// labelled from the slots' data-* attributes as results.js labels them.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "chart.hpp"
#include "chart_slots.hpp"

using nlohmann::json;

TEST_CASE("an empty chart slot is drawn from its spec, titled and labelled by its attributes as the browser labels it") {
    const json bars = {{"type", "bar"}, {"bars", {{{"label", "P4d"}, {"value", 3.5}}, {{"label", "Trn1"}, {"value", 2}}}}};
    const std::string page = "<p>x</p><div data-chart=\"energy-kwh\" data-title=\"Energy &amp; CO2e\" data-unit=\"kWh\"></div><p>y</p>";
    const std::string drawn = site::draw_chart_slots(page, {{"energy-kwh", bars}});
    // What results.js's chartInto asks the module to draw: the title and the unit as the x label.
    const std::string svg = site::chart_from_json({{"title", "Energy & CO2e"}, {"x_label", "kWh"}, {"y_label", ""},
                                                  {"type", "bar"}, {"bars", bars["bars"]}});
    REQUIRE(svg.rfind("<figure class=\"chart\">", 0) == 0);
    CHECK(drawn == "<p>x</p><div data-chart=\"energy-kwh\" data-title=\"Energy &amp; CO2e\" data-unit=\"kWh\">" + svg + "</div><p>y</p>");
}

TEST_CASE("a chart slot's x and y labels and its list of labels come from data-x-label, data-y-label and data-labels") {
    const json memory = {{"type", "memory"}, {"memory", {{"weights_bytes", 1e9}, {"gradients_bytes", 1e9}, {"optimizer_bytes", 2e9},
                                                         {"activations_bytes", 3e9}, {"usable_bytes", 9e9}}}};
    const std::string page = "<div data-chart=\"memory\" data-title=\"Memory\" data-unit=\"GB\" data-labels=\"W|G|O|A|Usable\"></div>"
                             "<div data-chart=\"train-days\" data-title=\"Days\" data-x-label=\"Instances\" data-y-label=\"Days\"></div>";
    const json line = {{"type", "line"}, {"series", {{{"name", "p5.48xlarge"}, {"points", {{1, 30}, {2, 15}}}}}}};
    const std::string drawn = site::draw_chart_slots(page, {{"memory", memory}, {"train-days", line}});
    json full_memory = memory;
    full_memory.update({{"title", "Memory"}, {"x_label", "GB"}, {"y_label", ""}, {"labels", {"W", "G", "O", "A", "Usable"}}});
    json full_line = line;
    full_line.update({{"title", "Days"}, {"x_label", "Instances"}, {"y_label", "Days"}});
    CHECK(drawn.find(site::chart_from_json(full_memory)) != std::string::npos);
    CHECK(drawn.find(site::chart_from_json(full_line)) != std::string::npos);
}

TEST_CASE("a slot with no spec, or already drawn, is left as it is") {
    const std::string page = "<div data-chart=\"serve-cost\" data-title=\"Cost\"></div>"
                             "<div data-chart=\"memory\" data-title=\"M\"><svg>old</svg></div>";
    const json specs = {{"memory", {{"type", "bar"}, {"bars", json::array()}}}};
    CHECK(site::draw_chart_slots(page, specs) == page);
    CHECK(site::draw_chart_slots(page, json::object()) == page);
}
