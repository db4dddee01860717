// Errors as values.
//
// FieldError: a problem with one field of a planning request, e.g.
//     {"field": "instance_count", "code": "whole_range", "args": ["1", "100000"]}
// which a response says as {…, "message": "must be a whole number from 1 to 100000"} (display/messages.hpp).
// Diagnostic: a problem in a file the site is built from (data, content, templates), printed as
//     data/instances.json:14:9: error[data.unknown_field]: p4d.24xlarge: unknown field "vcpus"
//     (hint: known fields are ...)
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

// The special members of a large value struct, declared in its header and defaulted in its .cpp
// file, so that the code to copy, move and destroy it exists once instead of inline at every use:
// in the wasm module that inline code, at every call and every exception path, was a sixth of the
// request dispatch. Moves stay moves (declared, noexcept).
#define ACCELGUIDE_OUT_OF_LINE_VALUE(T) \
    T();                                \
    T(const T&);                        \
    T(T&&) noexcept;                    \
    T& operator=(const T&);             \
    T& operator=(T&&) noexcept;         \
    ~T();
#define ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(T) \
    T::T() = default;                          \
    T::T(const T&) = default;                  \
    T::T(T&&) noexcept = default;              \
    T& T::operator=(const T&) = default;       \
    T& T::operator=(T&&) noexcept = default;   \
    T::~T() = default;

namespace planner {

namespace msg {
enum Code : unsigned short;  // messages.hpp
}  // namespace msg

struct FieldError {
    std::string field;  // dotted path into the request, e.g. "model.parameters"
    // Why it is wrong: the message's code and the parts that vary, e.g. "range", {"1", "100000"}
    // (display/messages.hpp says it in each language: "must be from 1 to 100000").
    std::string code;
    std::vector<std::string> args;

    FieldError() = default;
    FieldError(std::string f, std::string c, std::vector<std::string> a = {})
        : field(std::move(f)), code(std::move(c)), args(std::move(a)) {}
};

/// The same error about another field (a nested request's error as the outer request's): its
/// message, code and parts kept.
inline FieldError at_field(FieldError e, std::string field) {
    e.field = std::move(field);
    return e;
}

/// A nested request's errors as the outer request's, under its field `outer` ("job", "like"): each
/// at outer.field, or at outer itself for one about the nested request as a whole.
inline std::vector<FieldError> nested(const std::vector<FieldError>& errors, const std::string& outer) {
    std::vector<FieldError> out;
    for (const FieldError& e : errors) out.push_back(at_field(e, e.field.empty() ? outer : outer + "." + e.field));
    return out;
}

inline bool operator==(const FieldError& a, const FieldError& b) {
    return a.field == b.field && a.code == b.code && a.args == b.args;
}

void to_json(nlohmann::json& j, const FieldError& e);

struct Diagnostic {
    std::string code;     // stable id, e.g. "data.missing_source", "content.front_matter"
    std::string file;     // as given to the loader, e.g. "data/instances.json"
    std::size_t line = 0;    // 1-based; 0 when unknown
    std::size_t column = 0;  // 1-based; 0 when unknown
    std::string entry;    // the catalogue entry, e.g. "p4d.24xlarge"; empty for file-level errors
    std::string field;    // where inside the file, e.g. the JSON pointer "/instances/0/price/value"
    std::string message;
    std::string hint;     // how to fix it; may be empty

    /// "file:line:column: error[code]: entry: message (hint: ...)"; `severity` "warning" for what
    /// is reported but does not fail (a stale price).
    std::string to_string(const char* severity = "error") const;
};

void to_json(nlohmann::json& j, const Diagnostic& e);

/// A file name as an error line prints it: control characters (a newline, a tab, an escape) as
/// \n, \t, \r or \xNN, so that one error stays one line and a name cannot write to the terminal.
std::string escaped(std::string_view name);

/// What the stages of one plan share for their errors: a stage that cannot go on refuses, with the
/// field and the reason, and returns false. Not copyable: a plan's stages point into its state.
struct Stages {
    std::vector<FieldError>& errors;

    explicit Stages(std::vector<FieldError>& e) : errors(e) {}
    Stages(const Stages&) = delete;
    Stages& operator=(const Stages&) = delete;

    bool refuse(std::string field, msg::Code code, std::vector<std::string> args = {});
};

/// A value or the reasons there is none.
template <class T>
struct Checked {
    T value{};
    std::vector<FieldError> errors;
    bool ok() const { return errors.empty(); }
};

/// `next` applied to a checked value, or the value's reasons passed on: a request read, then planned.
///
///     auto plan = and_then(read_training_request(c, j), [&](const TrainingRequest& r) { return estimate_training(c, r); });
template <class T, class Next>
auto and_then(Checked<T>&& in, Next next) -> decltype(next(in.value)) {
    if (!in.ok()) return {{}, std::move(in.errors)};
    return next(in.value);
}

}  // namespace planner
