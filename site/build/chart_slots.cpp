#include "chart_slots.hpp"

#include <optional>
#include <string_view>

#include "chart.hpp"
#include "text.hpp"

namespace site {

using nlohmann::json;

namespace {

// The value of `name="…"` inside one start tag, or nothing.
std::optional<std::string> attribute(std::string_view tag, std::string_view name) {
    const std::string key = " " + std::string(name) + "=\"";
    const auto at = tag.find(key);
    if (at == std::string_view::npos) return std::nullopt;
    const auto start = at + key.size(), end = tag.find('"', start);
    if (end == std::string_view::npos) return std::nullopt;
    return decode_entities(tag.substr(start, end - start));  // as the template escaped it
}

// What results.js's chartInto adds to a spec from its slot: the labels, in the page's language.
json labelled(std::string_view tag, json spec) {
    json full = {{"title", attribute(tag, "data-title").value_or("")},
                 {"x_label", attribute(tag, "data-x-label").value_or(attribute(tag, "data-unit").value_or(""))},
                 {"y_label", attribute(tag, "data-y-label").value_or("")}};
    if (const auto labels = attribute(tag, "data-labels")) {
        json list = json::array();
        std::size_t from = 0;
        for (std::size_t bar; (bar = labels->find('|', from)) != std::string::npos; from = bar + 1)
            list.push_back(labels->substr(from, bar - from));
        list.push_back(labels->substr(from));
        full["labels"] = std::move(list);
    }
    full.update(spec);
    return full;
}

}  // namespace

std::string draw_chart_slots(std::string html, const json& specs) {
    if (!specs.is_object() || specs.empty()) return html;
    static constexpr std::string_view kSlot = "<div data-chart=\"";
    for (std::size_t at = html.find(kSlot); at != std::string::npos; at = html.find(kSlot, at + 1)) {
        const auto tag_end = html.find('>', at);
        if (tag_end == std::string::npos) break;
        static constexpr std::string_view kClose = "</div>";
        if (std::string_view(html).substr(tag_end + 1, kClose.size()) != kClose) continue;  // drawn already
        const std::string_view tag(html.data() + at, tag_end - at);
        const auto name = attribute(tag, "data-chart");
        const auto spec = name ? specs.find(*name) : specs.end();
        if (spec == specs.end()) continue;
        html.insert(tag_end + 1, chart_from_json(labelled(tag, *spec)));
    }
    return html;
}

}  // namespace site
