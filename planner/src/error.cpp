#include "planner/error.hpp"
#include "planner/json_members.hpp"
#include "planner/response_fields.hpp"
#include "planner/response_writer.hpp"

namespace planner {

using nlohmann::json;

namespace {
namespace out = results::error;
// The message itself is the display's (display/messages.hpp adds "message" in the request's language).
constexpr Put<FieldError> kFieldErrorOut[] = {put<&FieldError::field>(out::field), put<&FieldError::code>(out::code),
                                              put_filled<&FieldError::args>(out::args)};
}  // namespace

void to_json(json& j, const FieldError& e) { write_fields(j, e, kFieldErrorOut); }

void to_json(json& j, const Diagnostic& e) {
    members(j, {{"code", e.code}, {"file", e.file},   {"line", e.line},       {"column", e.column},
             {"entry", e.entry}, {"field", e.field}, {"message", e.message}, {"hint", e.hint}});
}

std::string escaped(std::string_view name) {
    std::string out;
    out.reserve(name.size());
    for (const char ch : name) {
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c != 0x7f) {
            out += ch;
        } else if (c == '\n' || c == '\t' || c == '\r') {
            out += c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\r";
        } else {
            static const char kHex[] = "0123456789abcdef";
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    return out;
}

std::string Diagnostic::to_string(const char* severity) const {
    std::string out = escaped(file);
    if (line) out += ":" + std::to_string(line) + ":" + std::to_string(column);
    out += std::string(": ") + severity + "[" + code + "]: ";
    if (!entry.empty()) out += entry + ": ";
    out += message;
    if (!hint.empty()) out += " (hint: " + hint + ")";
    return out;
}

}  // namespace planner
