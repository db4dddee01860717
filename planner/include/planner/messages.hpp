// The planner's messages in the calculator user's language.
//
// A request error is a code and the parts that vary (message_list.hpp declares each code with its
// English and Japanese): the planner refuses with msg::Code, the response carries "code", "args"
// and the English "message", and a request with "lang": "ja" gets the message rendered from the
// same row. Notes are still written in English and looked up by pattern (localise): a note with
// no entry stays English, so nothing is ever lost; tests/unit/messages_test.cpp checks that every
// note the planner can write has an entry.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "planner/error.hpp"
#include "planner/message_list.hpp"

namespace planner {

namespace msg {
/// Every request error's code, in message_list.hpp's order.
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

/// Languages with a message table besides English.
inline bool is_supported_language(std::string_view lang) { return lang == "en" || lang == "ja"; }

/// `message` in `lang` ("en" returns it unchanged).
std::string localise(const std::string& message, std::string_view lang);

/// A coded message (FieldError::code) in `lang`, its parts {0}, {1}, … filled from `args`; the
/// code itself when the table has no such code (a test keeps every code the planner uses in it).
std::string message_text(std::string_view code, const std::vector<std::string>& args, std::string_view lang);

/// The codes of the table, in its order (the response schema's enum of error codes).
std::vector<std::string> message_codes();

/// The table as planner/API.md prints it: code, English, Japanese (`accelguide schema messages --markdown`).
std::string messages_markdown();

/// The English patterns of the table, for the test that checks coverage.
std::vector<std::string> message_patterns();

}  // namespace planner
