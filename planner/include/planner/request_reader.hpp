// Reads fields of a planning request, collecting a FieldError per bad field instead of throwing.
//
//     RequestReader in(request_json);
//     auto p = in.number("model.parameters", NumberRule{0, true, 1e15}, /*required=*/true);
//     in.reject_unknown("", {"kind", "model", "tokens"});
//     in.refuse_unused();   // last: a field no reader took is refused, never silently dropped
//     if (!in.errors().empty()) ...
#pragma once

#include <initializer_list>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/error.hpp"
#include "planner/messages.hpp"
#include "planner/schema.hpp"

namespace planner {

/// Names written in place at a call: a list of string literals. The readers take these rather
/// than a std::set<std::string> built at every call, which the wasm module paid for in code.
using Names = std::initializer_list<const char*>;

struct NumberRule {
    double min = 0;        // inclusive lower bound
    bool min_exclusive = false;
    double max = 1e300;    // inclusive upper bound
    bool integer = false;
};

class RequestReader {
public:
    explicit RequestReader(const nlohmann::json& request) : root_(request) {}
    /// A reader of one kind's request ("train", "serve"…): every member its schema does not declare
    /// is reported at once (reject_unknown below).
    RequestReader(const nlohmann::json& request, const std::string& kind) : root_(request) {
        reject_unknown(*request_schema(kind));
    }

    /// The value at a dotted path ("model.parameters", "configurations.0.hours"), or nullptr when
    /// absent. Looking is not using: see take().
    const nlohmann::json* find(const std::string& path) const;
    /// The same, and the value (with everything inside it) counts as used: for a value read
    /// directly (a boolean, a list, a word in place of a number, a config.json taken whole).
    /// number(), integer() and text() mark what they read themselves.
    const nlohmann::json* take(const std::string& path);

    std::optional<double> number(const std::string& path, const NumberRule& rule, bool required);
    std::optional<int> integer(const std::string& path, double min, double max, bool required);
    std::optional<std::string> text(const std::string& path, const std::set<std::string>& allowed, bool required);
    /// The same with the allowed words written in place ({"second", "hour"}; {} allows any text).
    std::optional<std::string> text(const std::string& path, Names allowed, bool required);

    /// A declared field (schema.hpp), checked as it declares: its bounds, words and whether it is
    /// required; `prefix` is where its part is in this request ("configurations.0.").
    std::optional<double> number(const Field& field, const std::string& prefix = {});
    std::optional<int> integer(const Field& field, const std::string& prefix = {});
    std::optional<std::string> text(const Field& field, const std::string& prefix = {});

    /// Reports every member of the object at `path` ("" for the top level) not named in `known`.
    void reject_unknown(const std::string& path, const std::set<std::string>& known);
    void reject_unknown(const std::string& path, Names known);
    /// The same for every object a kind declares (schema.hpp known_names, kept in RequestSchema::names), each list item too.
    void reject_unknown(const RequestSchema& schema);

    /// The "no silent drop" invariant (issue 34), called last by each request's reader: when no
    /// field was refused, every field of the request (but "api" and "kind", which the dispatch
    /// reads) must have been used; one that was not is refused at its path as an internal check,
    /// so a reader that forgets a field it accepts fails loudly instead of planning without it.
    void refuse_unused();

    /// The list at a declared field's path when it holds min_items to max_items items (max 0: any
    /// number); otherwise refused with its length's code (list_length, list_at_most, list_at_least)
    /// and none. Absent: none, refused only when the field is required. Its items are the caller's.
    const nlohmann::json* list(const Field& field);

    /// A coded refusal (messages.hpp): its English message from the table, its code and parts kept.
    void refuse(std::string field, msg::Code code, std::vector<std::string> args = {});
    std::vector<FieldError>& errors() { return errors_; }

private:
    /// The value at `path` when it is there and not null; otherwise reports it if required.
    const nlohmann::json* present(const std::string& path, bool required);

    const nlohmann::json& root_;
    std::vector<FieldError> errors_;
    std::set<std::string> used_;  // paths read by number/integer/text or taken
};

/// The precisions a request may name: fp32, tf32, bf16, fp16, fp8, fp4, int8.
const std::set<std::string>& precisions();

/// Formats a number for messages the way a person writes it: 100000, 0.5, 1e+15.
/// Numbers in a request are zero or at least this large in magnitude.
inline constexpr double kSmallestNumber = 1e-12;

std::string format_number(double v);

/// A number's bounds as a message gives them: the code (range, range_above, whole_range,
/// whole_range_above) and its parts, the bounds ("must be from 1 to 100").
msg::Code range_code(const NumberRule& rule);
std::vector<std::string> range_args(const NumberRule& rule);

/// The rule a declared number field checks.
NumberRule rule_of(const Field& field);

}  // namespace planner
