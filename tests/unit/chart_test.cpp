// The SVG charts the calculators draw in the browser (through the wasm module) and the chart
// shortcode draws at build time.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "chart.hpp"

using nlohmann::json;

TEST_CASE("scatter charts fill and label the marked points and only outline the others") {
    const std::string svg = site::scatter_chart({{"p4d", 10, 1000, true}, {"g5", 40, 3000, false}},
                                                {"Cost against time", "Days", "USD", true, true});
    CHECK(svg.find("<title>Cost against time</title>") != std::string::npos);
    CHECK(svg.find("r=\"5\"><title>p4d</title></circle><text") != std::string::npos);
    CHECK(svg.find("fill=\"none\" stroke=\"currentColor\" stroke-opacity=\"0.7\"><title>g5</title></circle>\n") !=
          std::string::npos);
}

TEST_CASE("bar charts grow from zero, show each value with its unit and skip what is not a number") {
    const std::string svg =
        site::bar_chart({{"P4d", 1000}, {"Trn1", 500}, {"bad", NAN}, {"negative", -1}}, {"Energy", "kWh", "", false, false});
    CHECK(svg.find(">1,000 kWh</text>") != std::string::npos);
    CHECK(svg.find(">500 kWh</text>") != std::string::npos);
    CHECK(svg.find("bad") == std::string::npos);
    CHECK(svg.find("negative") == std::string::npos);
    // The longest bar spans the plot (640 - 160 label - 120 value - 16 margin); the other is half of it.
    CHECK(svg.find("width=\"344.0\"") != std::string::npos);
    CHECK(svg.find("width=\"172.0\"") != std::string::npos);
}

TEST_CASE("charts from JSON escape every text, so a label from a link cannot become markup") {
    const json spec = {{"type", "bar"},
                       {"title", "<script>alert(1)</script>"},
                       {"x_label", "\"><img src=x onerror=alert(1)>"},
                       {"bars", {{{"label", "<b>x</b>"}, {"value", 1}}}}};
    const std::string svg = site::chart_from_json(spec);
    CHECK(svg.find("<script") == std::string::npos);
    CHECK(svg.find("<img") == std::string::npos);
    CHECK(svg.find("<b>") == std::string::npos);
    CHECK(svg.find("&lt;script&gt;") != std::string::npos);
    CHECK(svg.find("&quot;&gt;&lt;img") != std::string::npos);
}

TEST_CASE("charts from JSON skip nulls (NaN in JavaScript) and answer malformed specs with nothing") {
    const json line = {{"type", "line"},
                       {"series", {{{"name", "a"}, {"points", {{1, 2}, {2, nullptr}, {4, 8}}}}}}};
    const std::string svg = site::chart_from_json(line);
    CHECK(svg.find("<polyline") != std::string::npos);
    CHECK(svg.find("nan") == std::string::npos);
    CHECK(site::chart_from_json(json{{"type", "pie"}}).empty());
    CHECK(site::chart_from_json(json{{"type", "line"}, {"series", 3}}).empty());
    CHECK(site::chart_from_json(json::array()).empty());
}

#include "text.hpp"

TEST_CASE("numbers are shown with fewer decimals as they grow, and huge ones in powers of ten") {
    CHECK(site::format_display(33.908) == "33.9");
    CHECK(site::format_display(1024) == "1,024");
    CHECK(site::format_display(0.8312) == "0.83");
    CHECK(site::format_display(-2.5) == "-2.5");
    CHECK(site::format_display(3.15e23) == "3.15 × 10²³");
    CHECK(site::format_display(9.999e15) == "1 × 10¹⁶");
    CHECK(site::format_display(999e12) == "999,000,000,000,000");
}

TEST_CASE("responses are shown with bytes in GB and fractions in percent") {
    const json shown = site::display_json(json{{"train", {{"mfu", 0.449}, {"memory", {{"total_bytes", 2.73e9}}}, {"days", 33.908},
                                                          {"notes", {"a"}}, {"fits", true}}}});
    CHECK(shown["train"]["mfu"] == "44.9");
    CHECK(shown["train"]["memory"]["total_bytes"] == "2.73");
    CHECK(shown["train"]["days"] == "33.9");
    CHECK(shown["train"]["notes"][0] == "a");
    CHECK(shown["train"]["fits"] == true);
}

TEST_CASE("a range is shown in the unit of the figure it ranges") {
    const json shown = site::display_json(json{{"train", {{"range", {{"mfu", {{"low", 0.24}, {"high", 0.52}}},
                                                                     {"days", {{"low", 25.73}, {"high", 67.8}}}}}}}});
    CHECK(shown["train"]["range"]["mfu"]["low"] == "24");
    CHECK(shown["train"]["range"]["mfu"]["high"] == "52");
    CHECK(shown["train"]["range"]["days"]["low"] == "25.7");
}

TEST_CASE("the memory chart is a stack of a training response's bytes in GB against the usable memory") {
    const nlohmann::json memory = {{"weights_bytes", 2e9},       {"gradients_bytes", 2e9}, {"optimizer_bytes", 12e9},
                                   {"activations_bytes", nullptr}, {"usable_bytes", 72e9},   {"total_bytes", 16e9}};
    const nlohmann::json labels = {"W", "G", "O", "A", "usable"};
    const std::string drawn =
        site::chart_from_json({{"type", "memory"}, {"title", "Memory"}, {"x_label", "GB"}, {"memory", memory}, {"labels", labels}});
    site::ChartOptions o;
    o.title = "Memory";
    o.x_label = "GB";
    // Activations are null without an architecture: drawn as zero.
    CHECK(drawn == site::stacked_bar_chart({{"W", 2}, {"G", 2}, {"O", 12}, {"A", 0}}, 72, "usable", o));
    CHECK(site::chart_from_json({{"type", "memory"}, {"memory", memory}}).empty());  // no labels: malformed
}
