// A calculator page's charts, drawn at build time into the page's chart slots so that it reads
// without JavaScript: each empty `<div data-chart="NAME" …></div>` whose spec the page's view holds
// (display/chart_specs.hpp, the module's charts() for the page's example) gets the chart's SVG, its
// title and axis labels read from the slot's data-* attributes exactly as wasm/js/results.js
// (chartInto) reads them: data-title; data-x-label, else data-unit; data-y-label; data-labels
// split at "|". The browser draws them again, at the slot's width, once the module runs.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace site {

/// `html` with every empty chart slot that `specs` (by slot name) has a spec for filled.
std::string draw_chart_slots(std::string html, const nlohmann::json& specs);

}  // namespace site
