// The planner's messages in the calculator user's language.
//
// Every message is a code and the parts that vary (message_list.hpp declares each code once, with
// its English and its Japanese). A request error is a FieldError carrying its code, "args" and
// the English "message"; a note beside a result, or an error said inside one (a comparison row's),
// travels as {"say": code, "args": […]} until plan() renders it in the request's "lang"
// (render_messages). No sentence is ever matched back into a code.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "planner/error.hpp"
#include "planner/message_list.hpp"

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

/// `code`'s message in `lang`, its parts {0}, {1}, … filled from `args`.
std::string message_text(msg::Code code, const std::vector<std::string>& args, std::string_view lang);

/// An error at `field`: the code, its parts and its English message.
FieldError coded(std::string field, msg::Code code, std::vector<std::string> args = {});

/// A note beside a result (an assumption it rests on, what is missing): a code and its parts. A
/// result's JSON holds it as {"say": code, "args": […]} until the response is rendered in the
/// request's language (render_messages), where it becomes the sentence.
struct Note {
    msg::Code code;
    std::vector<std::string> args = {};  // none for a note with no parts: {msg::spot_snapshot}
};
inline bool operator==(const Note& a, const Note& b) { return a.code == b.code && a.args == b.args; }
void to_json(nlohmann::json& j, const Note& n);
/// The note's sentence in `lang`.
inline std::string note_text(const Note& n, std::string_view lang = "en") { return message_text(n.code, n.args, lang); }

/// An error said inside a result (a comparison row's, a replica option's), as a result's JSON holds
/// it until rendered: {"say": code, "args": […], "field": …}; with_field: the English sentence starts
/// with the field's path ("precision: …"), which the Japanese leaves out.
nlohmann::json said(const FieldError& e, bool with_field);

/// Every {"say": …} in `response`, at any depth, as its sentence in `lang`.
void render_messages(nlohmann::json& response, std::string_view lang);

/// Languages with a message table besides English.
inline bool is_supported_language(std::string_view lang) { return lang == "en" || lang == "ja"; }

/// One of the fixed words saying where a figure came from ("predicted", "assumed", …) in `lang`;
/// anything else (a source id) as it is.
std::string localise(const std::string& word, std::string_view lang);

/// A coded message (FieldError::code) in `lang`, its parts {0}, {1}, … filled from `args`; the
/// code itself when the table has no such code (a test keeps every code the planner uses in it).
std::string message_text(std::string_view code, const std::vector<std::string>& args, std::string_view lang);

/// The codes of the table, in its order (the response schema's enum of codes).
std::vector<std::string> message_codes();

/// The table as planner/API.md prints it: code, English, Japanese (`accelguide messages`).
std::string messages_markdown();

}  // namespace planner
