// Text helpers shared by the generator and the charts (which the wasm module also builds): HTML
// escaping and number formatting. No dependencies beyond the standard library.
#pragma once

#include <string>
#include <string_view>

namespace site {

/// HTML-escapes `s` (& < > " ') and appends it to `out`.
void escape_html(std::string_view s, std::string& out);

/// 1234567.891 with 1 decimal -> "1,234,567.9"; trailing zeros after the point are dropped.
std::string format_grouped(double value, int decimals);

/// A number as the calculators show it: grouped, with 2 decimals below 10, 1 below 100 and none
/// from 100 up (33.908 -> "33.9", 1024 -> "1,024", 0.8312 -> "0.83"). wasm/js/calculator.js shows
/// live results with the same rule, so a build-time example and a live result read alike.
std::string format_display(double value);

}  // namespace site
