// What the planner says, as codes.
//
// Every message is a code and the parts that vary (display/codes/message_list.hpp declares each
// code once, with its English and its Japanese). A request error is a FieldError carrying its code
// and "args"; a note beside a result, or an error said inside one (a comparison row's), travels as
// {"say": code, "args": […]}. The planner never writes a sentence: the display says each message in
// the request's language (display/messages.hpp), natively and in the browser. No sentence is ever
// matched back into a code.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "message_list.hpp"
#include "planner/error.hpp"

namespace planner {

namespace msg {
/// Every message's code (request errors and notes), in message_list.hpp's order.
enum Code : unsigned short {
#define ACCELGUIDE_MESSAGE_CODE(code, en, ja) code,
    ACCELGUIDE_MESSAGES(ACCELGUIDE_MESSAGE_CODE)
#undef ACCELGUIDE_MESSAGE_CODE
};
}  // namespace msg

/// The code as the JSON writes it, e.g. "unknown_model".
const char* code_name(msg::Code code);

/// An error at `field`: the code and its parts.
FieldError coded(std::string field, msg::Code code, std::vector<std::string> args = {});

/// A note beside a result (an assumption it rests on, what is missing): a code and its parts. A
/// result's JSON holds it as {"say": code, "args": […]} until the display says it in the request's
/// language.
struct Note {
    msg::Code code;
    std::vector<std::string> args = {};  // none for a note with no parts: {msg::spot_snapshot}
};
inline bool operator==(const Note& a, const Note& b) { return a.code == b.code && a.args == b.args; }
void to_json(nlohmann::json& j, const Note& n);

/// An error said inside a result (a comparison row's, a replica option's), as a result's JSON holds
/// it: {"say": code, "args": […], "field": …}; with_field: the English sentence starts with the
/// field's path ("precision: …"), which the Japanese leaves out.
nlohmann::json said(const FieldError& e, bool with_field);

/// A result's writer row for its optional `error` (response_writer.hpp's put_from): the error said,
/// or nothing when there is none.
template <class R, bool WithField>
bool said_error(nlohmann::json& v, const R& r) {
    if (!r.error) return false;
    v = said(*r.error, WithField);
    return true;
}

/// The languages the display says messages in.
inline bool is_supported_language(std::string_view lang) { return lang == "en" || lang == "ja"; }

/// The codes of the list, in its order (the response schema's enum of codes).
const std::vector<std::string>& message_codes();

}  // namespace planner
