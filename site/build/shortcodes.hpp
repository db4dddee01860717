// Shortcodes: numbers and tables in prose come from the planner, never typed by hand.
//
//     ---
//     requests:
//       s1: {api: 1, kind: train, model: {parameters: 175e9}, tokens: 300e9, recompute: full,
//            instance: p4de.24xlarge, instance_count: 128, achieved_tflops: 140}
//     ---
//     GPT-3 takes {{< value request="s1" path="train.days" digits="1" >}} days.
//     {{< table request="cmp" rows="compare.rows" columns="instance=Instance,days=Days" digits="1" >}}
//     {{< cite source="aws-energy-article" >}}
//     {{< chart request="cmp" series="compare.sweep" name="instance" points="points" x="instances" y="days"
//         title="Days against instances" x_label="Instances" y_label="Days" log_x="true" log_y="true" >}}
//
// value   one number (or text) from the response at `path`; `digits` fraction digits (default 0),
//         `scale` multiplies first (e.g. 100 for a percentage); emitted as
//         <data value="<exact>" data-figure="<request>:<path>">rounded</data> (<span> for text);
//         a figure with a range in the response (a.b and a.range.b: {low, high}) is followed by
//         <span class="range" data-figure="<request>:<path>:range">(low–high)</span>, unless range="off"
// table   rows from the response array at `rows`, one column per `field=Heading` in `columns`
//         (field "." is the row itself, for lists of text)
// cite    a numbered marker [n] (the source's title on hover), and at the end of the page one list of
//         the sources it cites, numbered alike, each linked to the source and to the references page
// chart   an SVG line chart: one line per element of the array at `series` (named by its `name`
//         field), plotting each of its `points` as `x` against `y`; `title`, `x_label`, `y_label`,
//         `log_x`, `log_y` ("true")
//
// Each named request is planned once per page. A shortcode with an unknown name, a missing or
// unknown argument, an unknown request, a planner error or a missing path is an error at the
// shortcode's file:line:column.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"

namespace site {

struct ShortcodeContext {
    const planner::Catalogue& catalogue;
    const nlohmann::json& requests;  // the page's front matter `requests`
    std::string file;                // for errors
    std::size_t body_line = 1;       // line of the file where the body starts
    std::string root;                // relative path from the page to its language's root ("../")
    std::string references_url;      // language-relative URL of the references page
    std::string lang = "en";         // the page's: requests without a "lang" are asked in it
    std::string references_heading = "References";  // of the page's list of the sources it cites
    std::string yes = "yes", no = "no";              // a true or false value, in the page's language
};

/// `request` with "lang" set to `lang` unless it names one: a page's planner answers (notes, where a
/// figure came from) come in the page's language.
nlohmann::json in_language(nlohmann::json request, const std::string& lang);

struct Expanded {
    std::string markdown;            // the body with each shortcode replaced by a placeholder
    std::vector<std::string> html;   // what each placeholder becomes
    std::set<std::string> planned;   // the requests the shortcodes planned (and reported if they failed)
};

Expanded expand_shortcodes(std::string_view body, const ShortcodeContext& context,
                           std::vector<planner::Diagnostic>& errors);

/// Puts each shortcode's HTML where its placeholder ended up in the rendered page.
std::string fill_placeholders(std::string html, const std::vector<std::string>& parts);

/// The value at a dotted path of a response ("train.days", "energy.configurations.1.hours"), or null.
const nlohmann::json* at_path(const nlohmann::json& j, const std::string& path);

}  // namespace site
