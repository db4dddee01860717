#pragma once
// Writing a value struct's members into a JSON object, one out-of-line call per member.
//
//     void to_json(json& j, const Source& s) { members(j, {{"id", s.id}, {"title", s.title}}); }
//
// nlohmann/json's json{{"id", s.id}, ...} builds an initializer list of json_ref pairs, checks that
// every one is a pair, and destroys them all, inline at every to_json: in the wasm module that code
// was the largest part of the calculator module (make bench counts it against its 150 KB budget).
#include <initializer_list>
#include <optional>
#include <utility>

#include <nlohmann/json.hpp>

namespace planner {

/// One member: a key and a value already converted to JSON.
struct Member {
    const char* key;
    mutable nlohmann::json value;  // mutable: members() moves it out of the (const) list
};

/// Sets each member on `j` (an object afterwards), in order, moving the values out of the list.
void members(nlohmann::json& j, std::initializer_list<Member> list);

/// Sets j[key] = *value when there is a value; an absent figure leaves no key.
template <class T>
void optional_member(nlohmann::json& j, const char* key, const std::optional<T>& value) {
    if (value) j[key] = *value;
}

}  // namespace planner
