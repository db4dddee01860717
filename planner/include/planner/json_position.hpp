// Line and column of a value inside JSON text, found by its JSON pointer.
//
//     auto pos = planner::locate(R"({"a": [1, {"b": true}]})", "/a/1/b");   // {1, 17}
//
// nlohmann/json forgets positions once a document is parsed; data-file errors still have to point at
// file:line:column, so this walks the (already valid) text once more along the pointer's path.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace planner {

struct TextPosition {
    std::size_t line = 0;    // 1-based; 0 when the pointer does not resolve
    std::size_t column = 0;  // 1-based, in bytes
};

enum class Target { value, key };

/// Position of the value at `pointer` ("" is the whole document) in valid JSON `text`, or with
/// Target::key of its member name (for "unknown field" errors). For a member that is missing,
/// gives the position of the nearest enclosing value that exists.
TextPosition locate(std::string_view text, std::string_view pointer, Target target = Target::value);

/// Line and column of a byte offset.
TextPosition position_of_offset(std::string_view text, std::size_t offset);

/// The deepest nesting of arrays and objects accepted anywhere JSON is read. Requests nest about
/// six deep and config.json files four; nlohmann/json's writer and comparisons recurse once per
/// level, so 80,000 levels would overflow the stack (natively, and far sooner in wasm).
inline constexpr std::size_t kMaxJsonDepth = 64;

/// What nlohmann/json does not report, or reports without saying where: a number too large for a
/// double (it fails the whole parse with no position), a key given twice in one object (it keeps
/// the last, silently), and nesting deeper than kMaxJsonDepth (the scan stops there).
struct JsonProblem {
    enum class Kind { number_out_of_range, duplicate_key, too_deep } kind;
    std::size_t offset = 0;        // where the number, or the second key, starts
    std::size_t first_offset = 0;  // duplicate_key: where the first one starts
    std::string path;              // dotted path of the value, as requests name fields: "model.parameters"
    std::string pointer;           // the same as a JSON pointer, as data errors name places: "/model/parameters"
    std::string text;              // the number as written, or the key
};

/// Scans JSON text for those problems, in one pass. Stops quietly at the first syntax error (the
/// parser reports it), and after reporting nesting that is too deep (nothing after it is parsed).
std::vector<JsonProblem> scan_json(std::string_view text);

}  // namespace planner
