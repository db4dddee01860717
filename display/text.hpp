// Text helpers shared by the generator and the charts (which the wasm module also builds): HTML
// escaping and number formatting. No dependencies beyond the standard library.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <nlohmann/json_fwd.hpp>
#include <string_view>

#include "units.hpp"

namespace site {

/// HTML-escapes `s` (& < > " ') and appends it to `out`.
void escape_html(std::string_view s, std::string& out);

/// The text an attribute value or text node stands for: escape_html's entities undone, and the
/// other spellings of '/' and '\'' escapers write (&#x2F;, &#47;, &#x27;); any other '&' kept as it is.
std::string decode_entities(std::string_view s);

/// `value` with `decimals` (0 to 6) digits after the point, no grouping, trailing zeros kept:
/// (12.345, 1) -> "12.3", (-0.04, 1) -> "-0.0". Rounded half to even from the value times 10^decimals,
/// so it can differ from printf's "%.*f" only when that product lands on a half by rounding. Written
/// here because printf would bring C's formatter and its long-double arithmetic into the wasm module.
std::string format_fixed(double value, int decimals);

/// 1234567.891 with 1 decimal -> "1,234,567.9"; trailing zeros after the point are dropped.
std::string format_grouped(double value, int decimals);

/// A number as the calculators show it: grouped, with 2 decimals below 10, 1 below 100 and none
/// from 100 up (33.908 -> "33.9", 1024 -> "1,024", 0.8312 -> "0.83"); from 10¹⁵ up, in powers of ten
/// (3.15e23 -> "3.15 × 10²³"). wasm/js/calculator.js shows
/// live results with the same rule, so a build-time example and a live result read alike.
std::string format_display(double value);

/// Yen as Japanese writes large sums: "8,500 円", "10,802 円", "12.3 万円", "2.6 億円", "1.2 兆円".
std::string format_yen(double jpy);

/// Money in a language's convention: English pages USD as format_display writes it ("1,234");
/// Japanese pages, given the USD→JPY rate, yen first with USD beside ("19.4 万円 (1,234 ドル)").
std::string format_money(double usd, std::optional<double> usd_jpy, const std::string& lang);
/// The currency money is shown in, in `lang`: yen on Japanese pages that have a rate, else dollars.
/// money_factor turns dollars into it; money_unit names it ("円", "USD").
double money_factor(std::optional<double> usd_jpy, const std::string& lang);
std::string money_unit(std::optional<double> usd_jpy, const std::string& lang);

/// A precision's name as the pages write it, in capitals: "bf16" -> "BF16".
std::string precision_name(std::string precision);

/// A saving against a baseline, in percent, as a reader says it: "29% less" or "137% more" (a negative
/// saving is an increase), "no change" under 0.05%; in Japanese "29% 減", "137% 増", "変化なし".
/// display_json shows every saving (a field in "percent saved") with it.
std::string format_saving(double percent, const std::string& lang);

/// A planner response as the calculators show it: every number as text by format_display, in the
/// unit its declaration gives it (units.hpp: a fraction in percent, bytes in GB, a saving as
/// format_saving says it, money as format_money in `lang` with the rate, `usd_jpy`, of the nearest
/// enclosing object that has one: the planner puts it beside every cost). The build shows worked
/// examples with it and the browser shows live results with it (the wasm module's display()), so
/// both read alike. `names` (optional) maps a catalogue id to what readers see: a `*_source` field
/// naming a benchmark shows "GPT-3 (Megatron-LM) ..., trn1.32xlarge" instead of its id, and
/// `purchase_option` its name ("on-demand"; planner::Catalogue::display_names gives both).
/// The sentences a calculator leads with are added to it (answers.hpp: serve.answer, energy.answers,
/// compare.answer).
nlohmann::json display_json(const nlohmann::json& response, const std::map<std::string, std::string>& names = {},
                            const std::string& lang = "en");

}  // namespace site
