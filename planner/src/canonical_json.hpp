// A catalogue struct's canonical JSON (catalogue_json.cpp), declared once per member: its key and
// how the member is written and read back, so that the writer (the `catalog` kind, the embedded
// catalogue the build writes) and the reader (the wasm module's from_json) cannot drift apart.
//
//     const Canon<Fact> kFact[] = {canon<&Fact::value>("value"), canon<&Fact::source>("source"),
//                                  canon_if<&Fact::note>("note")};
//     void to_json(json& j, const Fact& f) { write_canon(j, f, kFact); }
//     void from_json(const json& j, Fact& f) { read_canon(j, f, kFact); }
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/response_writer.hpp"

namespace planner {

template <class R>
struct Canon {
    const char* key;
    void (*write)(nlohmann::json& j, const char* key, const R& r);
    void (*read)(const nlohmann::json& j, const char* key, R& r);
};

namespace canon_detail {
using writer_detail::assign;
using writer_detail::record_of;

/// One reader per value type; a list is read element by element into a vector sized once
/// (nlohmann's get_to inserts through an iterator, code the module would carry for every type).
template <class V>
[[gnu::noinline]] void get_value(const nlohmann::json& in, V& v) {
    in.get_to(v);
}
template <class V>
[[gnu::noinline]] void get_value(const nlohmann::json& in, std::vector<V>& v) {
    v.resize(in.size());
    for (std::size_t i = 0; i < v.size(); ++i) in[i].get_to(v[i]);
}
template <class V>
void get_value(const nlohmann::json& in, std::optional<V>& v) {
    get_value(in, v.emplace());
}

/// Whether an optional member says something: a value, a word, a true flag.
template <class V>
bool is_set(const std::optional<V>& v) { return v.has_value(); }
inline bool is_set(const std::string& v) { return !v.empty(); }
inline bool is_set(bool v) { return v; }
template <class V>
const V& value_of(const std::optional<V>& v) { return *v; }
template <class V>
const V& value_of(const V& v) { return v; }

template <auto M>
void write_always(nlohmann::json& j, const char* key, const record_of<M>& r) { assign(j[key], r.*M); }
template <auto M>
void read_required(const nlohmann::json& j, const char* key, record_of<M>& r) { get_value(j.at(key), r.*M); }
template <auto M>
void write_if_set(nlohmann::json& j, const char* key, const record_of<M>& r) {
    if (is_set(r.*M)) assign(j[key], value_of(r.*M));
}
template <auto M>
void read_if_present(const nlohmann::json& j, const char* key, record_of<M>& r) {
    if (const auto it = j.find(key); it != j.end()) get_value(*it, r.*M);
}
}  // namespace canon_detail

/// A member every entry has: always written, read with at() (a missing key throws).
template <auto M>
constexpr Canon<writer_detail::record_of<M>> canon(const char* key) {
    return {key, &canon_detail::write_always<M>, &canon_detail::read_required<M>};
}

/// A member that may be left out: written when it says something (an optional with a value, a
/// word, a true flag), read when present (else it keeps its default).
template <auto M>
constexpr Canon<writer_detail::record_of<M>> canon_if(const char* key) {
    return {key, &canon_detail::write_if_set<M>, &canon_detail::read_if_present<M>};
}

template <class R, std::size_t N>
void write_canon(nlohmann::json& j, const R& r, const Canon<R> (&rows)[N]) {
    if (!j.is_object()) j = nlohmann::json::object();
    for (const Canon<R>& row : rows) row.write(j, row.key, r);
}

template <class R, std::size_t N>
void read_canon(const nlohmann::json& j, R& r, const Canon<R> (&rows)[N]) {
    for (const Canon<R>& row : rows) row.read(j, row.key, r);
}

}  // namespace planner
