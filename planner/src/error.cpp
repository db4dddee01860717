#include "planner/error.hpp"
#include "planner/json_members.hpp"

namespace planner {

using nlohmann::json;

void to_json(json& j, const FieldError& e) { members(j, {{"field", e.field}, {"message", e.message}}); }

void to_json(json& j, const Diagnostic& e) {
    members(j, {{"code", e.code}, {"file", e.file},   {"line", e.line},       {"column", e.column},
             {"entry", e.entry}, {"field", e.field}, {"message", e.message}, {"hint", e.hint}});
}

std::string Diagnostic::to_string(const char* severity) const {
    std::string out = file;
    if (line) out += ":" + std::to_string(line) + ":" + std::to_string(column);
    out += std::string(": ") + severity + "[" + code + "]: ";
    if (!entry.empty()) out += entry + ": ";
    out += message;
    if (!hint.empty()) out += " (hint: " + hint + ")";
    return out;
}

}  // namespace planner
