// The sentence a calculator's result opens with ("the answer first"), declared once in English and
// Japanese and filled from a response as display_json shows it. The build's worked examples and the
// browser's live results both take it from display_json, so the two say the same thing in the same
// words and the page holds no sentence of its own.
#pragma once

#include <string>

#include <nlohmann/json_fwd.hpp>

namespace site {

/// Adds to `shown`, a response as display_json shows it, the sentences its calculator leads with:
///   serve.answer      the plan: "2 × p5.48xlarge: TTFT 310 ms, TPOT 21.4 ms, $1.52 per million …"
///   energy.answers    one per configuration after the first: its savings against that baseline
///   compare.answer    training with a deadline or budget in its `work`: the best type and the next;
///                     serving: the cheapest type for the targets; nothing for any other comparison
/// A figure the response does not have shows as "—". Nothing is added to a failed response.
void add_answers(nlohmann::json& shown, const std::string& lang);

}  // namespace site
