#include "planner/messages.hpp"

#include <iterator>

namespace planner {

namespace {
// message_list.hpp's codes, in msg::Code's order; the sentences are the display's.
const char* const kCodeNames[] = {
#define ACCELGUIDE_MESSAGE_NAME(code, en, ja) #code,
    ACCELGUIDE_MESSAGES(ACCELGUIDE_MESSAGE_NAME)
#undef ACCELGUIDE_MESSAGE_NAME
};
}  // namespace

const char* code_name(msg::Code code) { return kCodeNames[code]; }

FieldError coded(std::string field, msg::Code code, std::vector<std::string> args) {
    return FieldError(std::move(field), code_name(code), std::move(args));
}

void to_json(nlohmann::json& j, const Note& n) {
    j = nlohmann::json::object();
    j["say"] = code_name(n.code);
    if (!n.args.empty()) j["args"] = n.args;
}

nlohmann::json said(const FieldError& e, bool with_field) {
    nlohmann::json j{{"say", e.code}};
    if (!e.args.empty()) j["args"] = e.args;
    if (with_field && !e.field.empty()) j["field"] = e.field;
    return j;
}

bool Stages::refuse(std::string field, msg::Code code, std::vector<std::string> args) {
    errors.push_back(coded(std::move(field), code, std::move(args)));
    return false;
}

const std::vector<std::string>& message_codes() {
    static const std::vector<std::string> codes(std::begin(kCodeNames), std::end(kCodeNames));
    return codes;
}

}  // namespace planner
