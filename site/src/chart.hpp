// Static SVG charts for the chart shortcode: one or more series of (x, y) points, with axes,
// ticks and labels in the page's text colour (readable in light and dark mode), no script.
#pragma once

#include <string>
#include <vector>

namespace site {

struct ChartSeries {
    std::string name;
    std::vector<std::pair<double, double>> points;  // (x, y), in x order
};

struct ChartOptions {
    std::string title;    // for screen readers (<title>)
    std::string x_label;  // with its unit, e.g. "Instances"
    std::string y_label;  // e.g. "Days"
    bool log_x = false;
    bool log_y = false;
};

/// An <svg> element; empty series are skipped. Non-finite and (on log axes) non-positive values
/// are left out, so the chart never shows NaN or Infinity.
std::string line_chart(const std::vector<ChartSeries>& series, const ChartOptions& options);

}  // namespace site
