// The planner's messages in the calculator user's language.
//
// The planner writes every message in English, and English is the message id (as in gettext): a
// request with "lang": "ja" gets each error message looked up in a table of patterns, where {0},
// {1}, … stand for the parts that vary (field names, numbers, instance ids). A message with no
// entry stays English, so nothing is ever lost; tests/unit/messages_test.cpp checks that every
// message the planner can write has an entry.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace planner {

/// Languages with a message table besides English.
inline bool is_supported_language(std::string_view lang) { return lang == "en" || lang == "ja"; }

/// `message` in `lang` ("en" returns it unchanged).
std::string localise(const std::string& message, std::string_view lang);

/// A coded message (FieldError::code) in `lang`, its parts {0}, {1}, … filled from `args`; the
/// code itself when the table has no such code (a test keeps every code the planner uses in it).
std::string message_text(std::string_view code, const std::vector<std::string>& args, std::string_view lang);

/// The codes of the table, for the test that checks each has both languages.
std::vector<std::string> message_codes();

/// The English patterns of the table, for the test that checks coverage.
std::vector<std::string> message_patterns();

}  // namespace planner
