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

TEST_CASE("a chart is drawn at the width it is given, in CSS pixels, so its 12 px text is never scaled") {
    site::ChartOptions o{"Cost", "Instances", "USD", false, false};
    o.width = 360;
    const std::string svg = site::line_chart({{"a", {{1, 10}, {64, 20}}}}, o);
    CHECK(svg.find("<svg width=\"360\" height=\"360\" viewBox=\"0 0 360 360\"") != std::string::npos);
    CHECK(svg.find("font-size=\"12\"") != std::string::npos);
    // The title is shown above the chart, not only told to screen readers.
    CHECK(svg.find("<figcaption class=\"chart-title\">Cost</figcaption>") != std::string::npos);
    o.width = 5;  // clamped to what can be drawn
    CHECK(site::line_chart({{"a", {{1, 1}, {2, 2}}}}, o).find("<svg width=\"280\"") != std::string::npos);
}

TEST_CASE("axis labels make room for each other: long tick labels widen the left margin, crowded x ticks thin out") {
    site::ChartOptions o{"t", "x", "y", false, false};
    const std::string big = site::line_chart({{"a", {{0, 1}, {100, 35e6}}}}, o);
    // "35,000,000" is 10 characters: the plot starts right of it and of the rotated axis title.
    const auto poly = big.find("points=\"");
    REQUIRE(poly != std::string::npos);
    CHECK(std::stod(big.substr(poly + 8)) >= 7 * 10 + 34);
    o.width = 280;
    const std::string narrow = site::line_chart({{"a", {{0, 1}, {1e7, 2}}}}, o);
    int x_labels = 0;
    for (std::size_t at = 0; (at = narrow.find("y=\"330.0\">", at)) != std::string::npos; ++at) ++x_labels;
    CHECK(x_labels >= 2);
    CHECK(x_labels <= 3);  // "10,000,000" six times would not fit in 280 px
}

TEST_CASE("labels of marked points that would overlap are moved apart") {
    const std::string svg = site::scatter_chart(
        {{"inf2.48xlarge", 100, 1000, true}, {"inf2.24xlarge", 101, 1001, true}, {"far", 1, 1, true}}, {"t", "x", "y", false, false});
    std::vector<double> ys;
    for (const char* label : {"\">inf2.48xlarge</text>", "\">inf2.24xlarge</text>"}) {
        const auto at = svg.find(label);
        REQUIRE(at != std::string::npos);
        const auto y = svg.rfind("y=\"", at);
        ys.push_back(std::stod(svg.substr(y + 3)));
    }
    CHECK(std::abs(ys[0] - ys[1]) >= 14);
    for (double y : ys) CHECK(y >= 11);  // and stay inside the chart
}

TEST_CASE("y tick labels stay a line apart where steps bunch up on a log axis") {
    const std::string svg = site::line_chart({{"a", {{1, 1.9e6}, {1000, 3.6e7}}}}, {"t", "x", "y", true, true});
    std::vector<double> ys;
    const auto group = svg.find("<g text-anchor=\"end\">");
    const auto end = svg.find("</g>", group);
    for (auto at = svg.find("y=\"", group); at < end; at = svg.find("y=\"", at + 1)) ys.push_back(std::stod(svg.substr(at + 3)));
    REQUIRE(ys.size() >= 2);
    for (std::size_t i = 1; i < ys.size(); ++i) CHECK(std::abs(ys[i] - ys[i - 1]) >= 16);
}

TEST_CASE("a chart of money draws it in the page's currency: yen on Japanese pages at the plan's rate, dollars otherwise") {
    const nlohmann::json usd = {{"type", "line"}, {"y_label", "Cost ({currency})"}, {"width", 640},
                                {"series", {{{"name", "p5"}, {"points", {{1, 100}, {2, 300}}}}}}};
    nlohmann::json yen = usd;
    yen["money"] = {{"usd_jpy", 150}, {"lang", "ja"}};
    nlohmann::json drawn_in_yen = usd;
    drawn_in_yen["y_label"] = "Cost (円)";
    drawn_in_yen["series"][0]["points"] = {{1, 15000}, {2, 45000}};
    CHECK(site::chart_from_json(yen) == site::chart_from_json(drawn_in_yen));

    nlohmann::json english = usd;
    english["money"] = {{"usd_jpy", 150}, {"lang", "en"}};
    nlohmann::json drawn_in_usd = usd;
    drawn_in_usd["y_label"] = "Cost (USD)";
    CHECK(site::chart_from_json(english) == site::chart_from_json(drawn_in_usd));

    nlohmann::json no_rate = usd;
    no_rate["money"] = {{"usd_jpy", nullptr}, {"lang", "ja"}};
    CHECK(site::chart_from_json(no_rate) == site::chart_from_json(drawn_in_usd));
}
