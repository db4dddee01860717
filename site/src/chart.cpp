#include "chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "mustache.hpp"
#include "views.hpp"

namespace site {

namespace {

constexpr double kWidth = 640, kHeight = 360, kLeft = 64, kRight = 16, kTop = 16, kBottom = 48;

std::string fmt(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

std::string esc(const std::string& s) {
    std::string out;
    mustache::escape_html(s, out);
    return out;
}

// Tick values: powers of ten on a log axis, otherwise 1-2-5 steps. `lo` < `hi`, both finite, and
// positive on a log axis (range() makes them so); at most kMaxTicks, so no range loops forever.
constexpr std::size_t kMaxTicks = 64;
std::vector<double> ticks(double lo, double hi, bool log) {
    std::vector<double> out;
    if (log) {
        for (double v = std::pow(10, std::floor(std::log10(lo))); v <= hi * 1.0001 && out.size() < kMaxTicks; v *= 10)
            if (v >= lo * 0.9999) out.push_back(v);
        if (out.size() < 2) out = {lo, hi};
        return out;
    }
    const double span = hi - lo, raw = span / 5, mag = std::pow(10, std::floor(std::log10(raw)));
    const double step = raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : raw / mag < 7.5 ? 5 * mag : 10 * mag;
    if (!std::isfinite(step) || step <= 0) return {lo, hi};
    for (double v = std::ceil(lo / step) * step; v <= hi + step * 1e-9 && out.size() < kMaxTicks; v += step) {
        if (v + step == v) break;  // too small a step to move on at this magnitude
        out.push_back(v);
    }
    return out;
}

// An axis range that can be drawn: finite, hi > lo, positive on a log axis. `lo`/`hi` come in as
// the smallest and largest values (infinite when there are none).
void range(double& lo, double& hi, bool log) {
    const double unit_lo = log ? 1 : 0, unit_hi = log ? 10 : 1;
    if (!std::isfinite(lo) || !std::isfinite(hi)) lo = unit_lo, hi = unit_hi;
    if (!(hi > lo)) hi = log ? lo * 10 : lo + std::max(1.0, std::abs(lo));  // one value: room around it
    const double span = log ? std::log10(hi) - std::log10(lo) : hi - lo;
    if (!std::isfinite(span) || !(span > 0)) lo = unit_lo, hi = unit_hi;  // beyond what a double holds
}

// Where a value falls between lo and hi, 0 to 1 (clamped, so no coordinate is ever NaN or Infinity).
double fraction(double v, double lo, double hi, bool log) {
    const double t = log ? (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)) : (v - lo) / (hi - lo);
    return std::isnan(t) ? 0 : std::clamp(t, 0.0, 1.0);
}

}  // namespace

std::string line_chart(const std::vector<ChartSeries>& all, const ChartOptions& o) {
    std::vector<ChartSeries> series;
    for (const ChartSeries& s : all) {
        ChartSeries kept{s.name, {}};
        for (auto [x, y] : s.points)
            if (std::isfinite(x) && std::isfinite(y) && (!o.log_x || x > 0) && (!o.log_y || y > 0)) kept.points.emplace_back(x, y);
        if (!kept.points.empty()) series.push_back(std::move(kept));
    }
    double x0 = INFINITY, x1 = -INFINITY, y0 = o.log_y ? INFINITY : 0, y1 = -INFINITY;
    for (const auto& s : series)
        for (auto [x, y] : s.points) {
            x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
        }
    range(x0, x1, o.log_x);
    range(y0, y1, o.log_y);
    auto tx = [&](double x) { return kLeft + fraction(x, x0, x1, o.log_x) * (kWidth - kLeft - kRight); };
    auto ty = [&](double y) { return kHeight - kBottom - fraction(y, y0, y1, o.log_y) * (kHeight - kTop - kBottom); };

    std::string svg = "<figure class=\"chart\"><svg viewBox=\"0 0 640 360\" role=\"img\" "
                      "xmlns=\"http://www.w3.org/2000/svg\" font-size=\"12\" fill=\"currentColor\"><title>" +
                      esc(o.title) + "</title>\n";
    svg += "<g stroke=\"currentColor\" stroke-opacity=\"0.35\">";
    for (double v : ticks(y0, y1, o.log_y))
        svg += "<line x1=\"" + fmt(kLeft) + "\" x2=\"" + fmt(kWidth - kRight) + "\" y1=\"" + fmt(ty(v)) + "\" y2=\"" + fmt(ty(v)) + "\"/>";
    svg += "</g>\n<g text-anchor=\"end\">";
    for (double v : ticks(y0, y1, o.log_y))
        svg += "<text x=\"" + fmt(kLeft - 6) + "\" y=\"" + fmt(ty(v) + 4) + "\">" + format_grouped(v, 2) + "</text>";
    svg += "</g>\n<g text-anchor=\"middle\">";
    for (double v : ticks(x0, x1, o.log_x))
        svg += "<text x=\"" + fmt(tx(v)) + "\" y=\"" + fmt(kHeight - kBottom + 18) + "\">" + format_grouped(v, 2) + "</text>";
    svg += "<text x=\"" + fmt((kLeft + kWidth - kRight) / 2) + "\" y=\"" + fmt(kHeight - 8) + "\">" + esc(o.x_label) + "</text>";
    svg += "</g>\n<text x=\"14\" y=\"" + fmt((kTop + kHeight - kBottom) / 2) + "\" transform=\"rotate(-90 14 " +
           fmt((kTop + kHeight - kBottom) / 2) + ")\" text-anchor=\"middle\">" + esc(o.y_label) + "</text>\n";
    static const char* kDash[] = {"", "6 3", "2 3", "8 3 2 3"};
    for (std::size_t i = 0; i < series.size(); ++i) {
        std::string points;
        for (auto [x, y] : series[i].points) points += fmt(tx(x)) + "," + fmt(ty(y)) + " ";
        svg += "<polyline fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"" +
               std::string(*kDash[i % 4] ? " stroke-dasharray=\"" + std::string(kDash[i % 4]) + "\"" : "") +
               " points=\"" + points + "\"><title>" + esc(series[i].name) + "</title></polyline>\n";
    }
    svg += "</svg>";
    if (series.size() > 1) {
        svg += "<figcaption>";
        for (std::size_t i = 0; i < series.size(); ++i) svg += (i ? " · " : "") + esc(series[i].name);
        svg += "</figcaption>";
    }
    return svg + "</figure>";
}

}  // namespace site
