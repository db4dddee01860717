#include "chart.hpp"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "text.hpp"

namespace site {

namespace {

constexpr double kRight = 16, kTop = 16, kBottom = 48;
constexpr double kCharWidth = 7;  // about how wide a character of 12 px text is, for laying out labels

double width_of(const ChartOptions& o) {
    return std::isfinite(o.width) ? std::clamp(o.width, kChartMinWidth, kChartMaxWidth) : 640;
}

std::string fmt(double v) { return format_fixed(v, 1); }

std::string esc(const std::string& s) {
    std::string out;
    escape_html(s, out);
    return out;
}

// A number from a chart spec; anything else (JSON null, from a NaN in JavaScript) is not drawn.
double number(const nlohmann::json& j) { return j.is_number() ? j.get<double>() : NAN; }

bool drawable(double x, double y, const ChartOptions& o) {
    return std::isfinite(x) && std::isfinite(y) && (!o.log_x || x > 0) && (!o.log_y || y > 0);
}

// Tick values: powers of ten on a log axis, otherwise 1-2-5 steps. `lo` < `hi`, both finite, and
// positive on a log axis (range() makes them so); at most kMaxTicks, so no range loops forever.
constexpr std::size_t kMaxTicks = 64;
std::vector<double> ticks(double lo, double hi, bool log) {
    std::vector<double> out;
    if (log) {
        for (double v = std::pow(10, std::floor(std::log10(lo))); v <= hi * 1.0001 && out.size() < kMaxTicks; v *= 10)
            if (v >= lo * 0.9999) out.push_back(v);
        if (out.size() >= 2) return out;
        out.clear();  // less than a decade: 1-2-5 steps read better than one power of ten
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

// The chart's title above it, then an SVG drawn at its own size in CSS pixels (width and height as
// well as the viewBox), so nothing scales its text.
std::string open_svg(double height, const ChartOptions& o) {
    const std::string w = std::to_string(static_cast<int>(width_of(o)));
    const std::string h = std::to_string(static_cast<int>(std::ceil(height)));
    return "<figure class=\"chart\">" +
           (o.title.empty() ? std::string() : "<figcaption class=\"chart-title\">" + esc(o.title) + "</figcaption>") +
           "<svg width=\"" + w + "\" height=\"" + h + "\" viewBox=\"0 0 " + w + " " + h +
           "\" role=\"img\" xmlns=\"http://www.w3.org/2000/svg\" font-size=\"12\" fill=\"currentColor\"><title>" +
           esc(o.title) + "</title>\n";
}

// The plotting area of a chart with two axes: scales, grid, tick labels and axis labels.
class Axes {
public:
    Axes(const std::vector<std::pair<double, double>>& points, const ChartOptions& o) : o_(o) {
        x0_ = INFINITY, x1_ = -INFINITY, y0_ = o.log_y ? INFINITY : 0, y1_ = -INFINITY;
        for (auto [x, y] : points) {
            x0_ = std::min(x0_, x), x1_ = std::max(x1_, x), y0_ = std::min(y0_, y), y1_ = std::max(y1_, y);
        }
        range(x0_, x1_, o.log_x);
        range(y0_, y1_, o.log_y);
        // Room on the left for the longest tick label and the rotated axis title, so they never meet.
        std::size_t longest = 0;
        for (double v : ticks(y0_, y1_, o.log_y)) longest = std::max(longest, format_display(v).size());
        left_ = std::max(48.0, kCharWidth * static_cast<double>(longest) + 34);
        width_ = width_of(o);
    }

    double x(double v) const { return left_ + fraction(v, x0_, x1_, o_.log_x) * (width_ - left_ - kRight); }
    double width() const { return width_; }
    double y(double v) const { return kHeight - kBottom - fraction(v, y0_, y1_, o_.log_y) * (kHeight - kTop - kBottom); }

    std::string draw() const {
        std::string svg = "<g stroke=\"currentColor\" stroke-opacity=\"0.35\">";
        for (double v : ticks(y0_, y1_, o_.log_y))
            svg += "<line x1=\"" + fmt(left_) + "\" x2=\"" + fmt(width_ - kRight) + "\" y1=\"" + fmt(y(v)) + "\" y2=\"" +
                   fmt(y(v)) + "\"/>";
        svg += "</g>\n<g text-anchor=\"end\">";
        // Y tick labels at least a line apart (1-2-5 steps bunch up at the top of a log axis).
        double last = INFINITY;
        for (double v : ticks(y0_, y1_, o_.log_y)) {
            if (std::abs(y(v) - last) < 16) continue;
            last = y(v);
            svg += "<text x=\"" + fmt(left_ - 6) + "\" y=\"" + fmt(y(v) + 4) + "\">" + format_display(v) + "</text>";
        }
        svg += "</g>\n<g text-anchor=\"middle\">";
        // X tick labels: every one when they fit, else every second, third, ... so they never overlap.
        const std::vector<double> xs = ticks(x0_, x1_, o_.log_x);
        std::size_t widest = 1;
        for (double v : xs) widest = std::max(widest, format_display(v).size());
        const double room = xs.size() > 1 ? (width_ - left_ - kRight) / static_cast<double>(xs.size() - 1) : width_;
        const std::size_t every = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil((kCharWidth * static_cast<double>(widest) + 8) / room)));
        for (std::size_t i = 0; i < xs.size(); i += every)
            svg += "<text x=\"" + fmt(x(xs[i])) + "\" y=\"" + fmt(kHeight - kBottom + 18) + "\">" + format_display(xs[i]) + "</text>";
        svg += "<text x=\"" + fmt((left_ + width_ - kRight) / 2) + "\" y=\"" + fmt(kHeight - 8) + "\">" + esc(o_.x_label) +
               "</text>";
        const std::string middle = fmt((kTop + kHeight - kBottom) / 2);
        svg += "</g>\n<text x=\"14\" y=\"" + middle + "\" transform=\"rotate(-90 14 " + middle +
               ")\" text-anchor=\"middle\">" + esc(o_.y_label) + "</text>\n";
        return svg;
    }

    static constexpr double kHeight = 360;

private:
    const ChartOptions& o_;
    double x0_, x1_, y0_, y1_;
    double left_ = 84, width_ = 640;
};

std::string legend(const std::vector<std::string>& names) {
    if (names.size() < 2) return "";
    std::string out = "<p class=\"chart-legend\">";
    for (std::size_t i = 0; i < names.size(); ++i) out += (i ? " · " : "") + esc(names[i]);
    return out + "</p>";
}

}  // namespace

std::string line_chart(const std::vector<ChartSeries>& all, const ChartOptions& o) {
    std::vector<ChartSeries> series;
    std::vector<std::pair<double, double>> every;
    for (const ChartSeries& s : all) {
        ChartSeries kept{s.name, {}};
        for (auto [x, y] : s.points)
            if (drawable(x, y, o)) kept.points.emplace_back(x, y), every.emplace_back(x, y);
        if (!kept.points.empty()) series.push_back(std::move(kept));
    }
    const Axes axes(every, o);
    std::string svg = open_svg(Axes::kHeight, o) + axes.draw();
    static const char* kDash[] = {"", "6 3", "2 3", "8 3 2 3"};
    std::vector<std::string> names;
    for (std::size_t i = 0; i < series.size(); ++i) {
        std::string points;
        for (auto [x, y] : series[i].points) points += fmt(axes.x(x)) + "," + fmt(axes.y(y)) + " ";
        svg += "<polyline fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"" +
               std::string(*kDash[i % 4] ? " stroke-dasharray=\"" + std::string(kDash[i % 4]) + "\"" : "") +
               " points=\"" + points + "\"><title>" + esc(series[i].name) + "</title></polyline>\n";
        names.push_back(series[i].name);
    }
    if (series.size() > 1)  // a key: each line's dash pattern beside its name
        for (std::size_t i = 0; i < series.size(); ++i) {
            const double y = kTop + 8 + 16 * static_cast<double>(i), x = axes.width() - kRight - 150;
            svg += "<line x1=\"" + fmt(x) + "\" x2=\"" + fmt(x + 24) + "\" y1=\"" + fmt(y) + "\" y2=\"" + fmt(y) +
                   "\" stroke=\"currentColor\" stroke-width=\"2\"" +
                   std::string(*kDash[i % 4] ? " stroke-dasharray=\"" + std::string(kDash[i % 4]) + "\"" : "") + "/><text x=\"" +
                   fmt(x + 30) + "\" y=\"" + fmt(y + 4) + "\">" + esc(series[i].name) + "</text>\n";
        }
    return svg + "</svg>" + legend(names) + "</figure>";
}

std::string scatter_chart(const std::vector<ChartPoint>& all, const ChartOptions& o) {
    std::vector<ChartPoint> points;
    std::vector<std::pair<double, double>> every;
    for (const ChartPoint& p : all)
        if (drawable(p.x, p.y, o)) points.push_back(p), every.emplace_back(p.x, p.y);
    const Axes axes(every, o);
    std::string svg = open_svg(Axes::kHeight, o) + axes.draw();
    struct Box {
        double x0, y0, x1, y1;
    };
    std::vector<Box> placed;  // labels already drawn: a new one moves up or down until it clears them
    for (const ChartPoint& p : points) {
        const std::string cx = fmt(axes.x(p.x)), cy = fmt(axes.y(p.y));
        svg += "<circle cx=\"" + cx + "\" cy=\"" + cy + "\" r=\"" + (p.marked ? "5" : "4") + "\"" +
               (p.marked ? "" : " fill=\"none\" stroke=\"currentColor\" stroke-opacity=\"0.7\"") + "><title>" +
               esc(p.label) + "</title></circle>";
        if (p.marked) {
            const double w = kCharWidth * static_cast<double>(p.label.size());
            // Right of the dot, or left of it near the right edge.
            const double x0 = axes.x(p.x) + 8 + w > axes.width() - 4 ? axes.x(p.x) - 8 - w : axes.x(p.x) + 8;
            double y = axes.y(p.y) - 6;
            for (int attempt = 0; attempt < 12; ++attempt) {
                const double dy = (attempt % 2 ? 1 : -1) * 14.0 * ((attempt + 1) / 2);
                const Box b{x0, y + dy - 11, x0 + w, y + dy + 3};
                const bool inside = b.y0 >= 0 && b.y1 <= Axes::kHeight - kBottom;
                const bool clear = inside && std::none_of(placed.begin(), placed.end(), [&](const Box& o2) {
                    return b.x0 < o2.x1 && o2.x0 < b.x1 && b.y0 < o2.y1 && o2.y0 < b.y1;
                });
                if (clear || attempt == 11) {
                    y += dy;
                    placed.push_back(b);
                    break;
                }
            }
            svg += "<text x=\"" + fmt(x0) + "\" y=\"" + fmt(y) + "\">" + esc(p.label) + "</text>";
        }
        svg += "\n";
    }
    return svg + "</svg></figure>";
}

std::string bar_chart(const std::vector<ChartBar>& all, const ChartOptions& o) {
    std::vector<ChartBar> bars;
    double top = 0;
    for (const ChartBar& b : all)
        if (std::isfinite(b.value) && b.value >= 0) bars.push_back(b), top = std::max(top, b.value);
    const double chart_width = width_of(o);
    constexpr double kRow = 36;
    const double kLabel = std::min(160.0, chart_width * 0.3), kValue = std::min(120.0, chart_width * 0.28);
    const double height = kTop + kRow * static_cast<double>(bars.size()) + 28;
    std::string svg = open_svg(height, o);
    for (std::size_t i = 0; i < bars.size(); ++i) {
        const double y = kTop + kRow * static_cast<double>(i);
        const double width = top > 0 ? bars[i].value / top * (chart_width - kLabel - kValue - kRight) : 0;
        svg += "<text x=\"" + fmt(kLabel - 8) + "\" y=\"" + fmt(y + 20) + "\" text-anchor=\"end\">" + esc(bars[i].label) +
               "</text><rect x=\"" + fmt(kLabel) + "\" y=\"" + fmt(y + 6) + "\" width=\"" + fmt(width) +
               "\" height=\"20\" fill-opacity=\"0.75\"/><text x=\"" + fmt(kLabel + width + 6) + "\" y=\"" + fmt(y + 20) +
               "\">" + format_display(bars[i].value) + " " + esc(o.x_label) + "</text>\n";
    }
    svg += "<text x=\"" + fmt(kLabel) + "\" y=\"" + fmt(height - 8) + "\">" + esc(o.y_label) + "</text>\n";
    return svg + "</svg></figure>";
}

std::string stacked_bar_chart(const std::vector<ChartBar>& all, double limit, const std::string& limit_label,
                              const ChartOptions& o) {
    std::vector<ChartBar> segments;
    double total = 0;
    for (const ChartBar& b : all)
        if (std::isfinite(b.value) && b.value > 0) segments.push_back(b), total += b.value;
    if (!std::isfinite(limit) || limit < 0) limit = 0;
    const double chart_width = width_of(o);
    const double top = std::max(total, limit), span = chart_width - 2 * kRight;
    auto x = [&](double v) { return kRight + (top > 0 ? v / top * span : 0); };
    static const char* kOpacity[] = {"0.9", "0.65", "0.45", "0.25"};
    std::string svg = open_svg(40 + 22 * static_cast<double>(segments.size()) + 24, o), legend;
    double at = 0;
    for (std::size_t i = 0; i < segments.size(); ++i) {
        const char* opacity = kOpacity[i % 4];
        svg += "<rect x=\"" + fmt(x(at)) + "\" y=\"8\" width=\"" + fmt(x(at + segments[i].value) - x(at)) +
               "\" height=\"28\" fill-opacity=\"" + opacity + "\" stroke=\"currentColor\"><title>" + esc(segments[i].label) +
               "</title></rect>";
        const std::string y = fmt(58 + 22 * static_cast<double>(i));
        legend += "<rect x=\"" + fmt(kRight) + "\" y=\"" + fmt(48 + 22 * static_cast<double>(i)) +
                  "\" width=\"14\" height=\"14\" fill-opacity=\"" + opacity + "\" stroke=\"currentColor\"/><text x=\"" +
                  fmt(kRight + 22) + "\" y=\"" + y + "\">" + esc(segments[i].label) + ": " + format_display(segments[i].value) +
                  " " + esc(o.x_label) + "</text>\n";
        at += segments[i].value;
    }
    svg += "\n" + legend;
    if (limit > 0)
        svg += "<line x1=\"" + fmt(x(limit)) + "\" x2=\"" + fmt(x(limit)) +
               "\" y1=\"2\" y2=\"42\" stroke=\"currentColor\" stroke-width=\"2\" stroke-dasharray=\"4 3\"/><text x=\"" +
               fmt(std::max(kRight, std::min(x(limit), chart_width - 200))) + "\" y=\"" + fmt(58 + 22 * static_cast<double>(segments.size())) + "\">" +
               esc(limit_label) + ": " + format_display(limit) + " " + esc(o.x_label) + "</text>\n";
    return svg + "</svg></figure>";
}

namespace {

// "money": {"usd_jpy": rate, "lang": "ja"} says the chart's values are US dollars, to be shown in
// the page's currency (money_factor) with "{currency}" in its labels naming it (money_unit).
struct Money {
    double factor = 1;
    std::string unit = "USD";
    std::string label(std::string text) const {
        for (std::size_t at; (at = text.find("{currency}")) != std::string::npos;) text.replace(at, 10, unit);
        return text;
    }
};

Money money_of(const nlohmann::json& spec) {
    Money m;
    const auto it = spec.find("money");
    if (it == spec.end() || !it->is_object()) return m;
    std::optional<double> rate;
    if (auto r = it->find("usd_jpy"); r != it->end() && r->is_number() && r->get<double>() > 0) rate = r->get<double>();
    const std::string lang = it->value("lang", std::string("en"));
    return {money_factor(rate, lang), money_unit(rate, lang)};
}

}  // namespace

std::string chart_from_json(const nlohmann::json& spec) {
    try {
        ChartOptions o;
        const Money money = money_of(spec);
        o.title = spec.value("title", std::string());
        o.x_label = money.label(spec.value("x_label", std::string()));
        o.y_label = money.label(spec.value("y_label", std::string()));
        o.log_x = spec.value("log_x", false);
        o.log_y = spec.value("log_y", false);
        if (auto w = spec.find("width"); w != spec.end() && w->is_number()) o.width = w->get<double>();
        const std::string type = spec.at("type").get<std::string>();
        if (type == "line") {
            std::vector<ChartSeries> series;
            for (const auto& s : spec.at("series")) {
                ChartSeries line{s.value("name", std::string()), {}};
                for (const auto& p : s.at("points")) line.points.emplace_back(number(p.at(0)), number(p.at(1)) * money.factor);
                series.push_back(std::move(line));
            }
            return line_chart(series, o);
        }
        if (type == "scatter") {
            std::vector<ChartPoint> points;
            for (const auto& p : spec.at("points"))
                points.push_back({p.value("label", std::string()), number(p.at("x")), number(p.at("y")) * money.factor,
                                  p.value("marked", false)});
            return scatter_chart(points, o);
        }
        if (type == "bar") {
            std::vector<ChartBar> bars;
            for (const auto& b : spec.at("bars")) bars.push_back({b.value("label", std::string()), number(b.at("value")) * money.factor});
            return bar_chart(bars, o);
        }
        if (type == "memory") {
            // A training result's memory per accelerator (its *_bytes fields), in GB: weights,
            // gradients, optimizer state and activations stacked, against the usable memory.
            // "labels" names the four parts and the limit, in the page's language.
            const nlohmann::json& m = spec.at("memory");
            const nlohmann::json& labels = spec.at("labels");
            auto gb = [&](const char* key) {  // activations are null without an architecture
                auto it = m.find(key);
                return it != m.end() && it->is_number() ? it->get<double>() / 1e9 : 0.0;
            };
            std::vector<ChartBar> segments;
            const char* const parts[] = {"weights_bytes", "gradients_bytes", "optimizer_bytes", "activations_bytes"};
            for (std::size_t i = 0; i < 4; ++i) segments.push_back({labels.at(i).get<std::string>(), gb(parts[i])});
            return stacked_bar_chart(segments, gb("usable_bytes"), labels.at(4).get<std::string>(), o);
        }
        if (type == "stack") {
            std::vector<ChartBar> segments;
            for (const auto& b : spec.at("bars")) segments.push_back({b.value("label", std::string()), number(b.at("value"))});
            return stacked_bar_chart(segments, number(spec.value("limit", nlohmann::json())),
                                     spec.value("limit_label", std::string()), o);
        }
    } catch (const nlohmann::json::exception&) {
    }
    return "";
}

}  // namespace site
