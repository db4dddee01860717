// The planner's messages said in the calculator user's language: the English and Japanese of each
// code (codes/message_list.hpp declares them together), filled with the parts that vary. A
// response leaves the planner with codes (planner/messages.hpp); say_messages turns every one into
// its sentence, natively and in the wasm module alike.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/messages.hpp"

namespace site {

/// `code`'s message in `lang`, its parts {0}, {1}, … filled from `args` (a purchase option's id, or
/// a list of them, in Japanese words on Japanese pages).
std::string message_text(planner::msg::Code code, const std::vector<std::string>& args, std::string_view lang);

/// The same for a code as the JSON writes it; the code itself when the list has no such code (a
/// test keeps every code the planner uses in it).
std::string message_text(std::string_view code, const std::vector<std::string>& args, std::string_view lang);

/// An error's message ("must be from 1 to 100000"), in `lang`.
std::string error_text(const planner::FieldError& e, std::string_view lang = "en");

/// A request error's message for a form field typed in other units than the request's (a percent
/// field, `per` 100; a billions field, `scale` 1e9): the bounds a range message gives (range,
/// range_above, whole_range, whole_range_above, too_small) in the field's units, as the user typed
/// them; a keyword-or-number field's refusal (tokens_shape, overlap_shape: the keyword is a radio
/// button on the form) as not_a_number; any other message as error_text says it.
std::string field_message(std::string_view code, std::vector<std::string> args, double per, double scale, std::string_view lang);
/// The same for the module's call: {"code", "args", "per", "scale", "lang"} (per and scale 1, lang
/// "en" when absent); "" for anything but an object.
std::string field_message(const nlohmann::json& error);

/// A note's sentence, in `lang`.
std::string note_text(const planner::Note& n, std::string_view lang = "en");

/// One of the fixed words saying where a figure came from ("predicted", "assumed", …) in `lang`;
/// anything else (a source id) as it is.
std::string localise(const std::string& word, std::string_view lang);

/// A response's messages said in `lang`: each error's "message", every {"say": …} at any depth as
/// its sentence, and in Japanese the fixed words of mfu_source, scaling_source, throughput_source
/// and bandwidth_fraction_source.
void say_messages(nlohmann::json& response, std::string_view lang);

/// The list as planner/API.md prints it: code, English, Japanese (`accelguide messages`).
std::string messages_markdown();

}  // namespace site
