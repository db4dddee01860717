// Static SVG charts, for the chart shortcode at build time and for the calculators in the browser
// (the wasm module builds this file too, so a page's chart looks the same with and without
// JavaScript). Drawn in the page's text colour (readable in light and dark mode), no script, every
// text escaped. Non-finite and (on log axes) non-positive values are left out, so a chart never
// shows NaN or Infinity.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace site {

struct ChartSeries {
    std::string name;
    std::vector<std::pair<double, double>> points;  // (x, y), in x order
};

struct ChartPoint {
    std::string label;
    double x = 0, y = 0;
    bool marked = false;  // drawn filled and labelled (e.g. the Pareto set)
};

struct ChartBar {
    std::string label;
    double value = 0;
};

struct ChartOptions {
    std::string title;    // shown above the chart, and for screen readers (<title>)
    std::string x_label;  // with its unit, e.g. "Instances"
    std::string y_label;  // e.g. "Days"
    bool log_x = false;
    bool log_y = false;
    // Drawn at this many CSS pixels, never scaled, so its text stays 12 px on every screen: the
    // browser passes its slot's width; the build's charts are 640 wide and scroll on a phone.
    double width = 640;
};

/// The narrowest and widest a chart is drawn.
inline constexpr double kChartMinWidth = 280, kChartMaxWidth = 1600;

/// Lines through each series' points; empty series are skipped.
std::string line_chart(const std::vector<ChartSeries>& series, const ChartOptions& options);

/// One dot per point; marked points are filled and labelled.
std::string scatter_chart(const std::vector<ChartPoint>& points, const ChartOptions& options);

/// Horizontal bars from zero, one per category, each labelled with its value (x_label is the unit).
std::string bar_chart(const std::vector<ChartBar>& bars, const ChartOptions& options);

/// One horizontal bar made of `segments` stacked from zero, with a dashed line at `limit` (labelled
/// `limit_label`) when it is positive: e.g. memory per accelerator against its usable memory.
/// x_label is the unit.
std::string stacked_bar_chart(const std::vector<ChartBar>& segments, double limit, const std::string& limit_label,
                              const ChartOptions& options);

/// The same from JSON, for the browser: {"type": "line"|"scatter"|"bar", "title", "x_label",
/// "y_label", "log_x", "log_y", "width", "series": [{"name", "points": [[x, y], …]}] | "points": [{"label",
/// "x", "y", "marked"}] | "bars": [{"label", "value"}]}, or "type": "stack" with "bars", "limit" and
/// "limit_label", or "type": "memory" with a training response's "memory" (bytes) and "labels" (the
/// four parts and the limit): the calculator's memory bar, drawn the same at build time and in the
/// browser. Anything malformed gives an empty string.
std::string chart_from_json(const nlohmann::json& spec);

}  // namespace site
