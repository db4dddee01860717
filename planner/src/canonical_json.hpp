// A catalogue struct's canonical JSON (catalogue_json.cpp), declared once per struct as the list
// of its members: each member's key and whether every entry has it. The list is visited twice, to
// write (the `catalog` kind, the catalogue the build embeds) and to read back (the wasm module's
// from_json), so the two cannot drift apart, and the module, which only reads, carries no writer.
//
//     constexpr auto kFact = [](const auto& v) {
//         v.req(&Fact::value, "value"); v.req(&Fact::source, "source"); v.opt(&Fact::note, "note");
//     };
//     void to_json(json& j, const Fact& f) { write_canon(j, f, kFact); }
//     void from_json(const json& j, Fact& f) { read_canon(j, f, kFact); }
//
// req: every entry has it: always written, read with at() (a missing key throws). opt: written
// when it says something (an optional with a value, a word, a true flag), read when present (else
// it keeps its default). custom: a key with its own writer and reader.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/response_writer.hpp"

namespace planner {

namespace canon_detail {

/// One reader per value type; a list is read element by element into a vector made at its size
/// (nlohmann's get_to inserts through an iterator, and resize() grows a vector that may hold
/// elements already: code the module would carry for every type).
template <class V>
[[gnu::noinline]] void get_value(const nlohmann::json& in, V& v) {
    in.get_to(v);
}
template <class V>
[[gnu::noinline]] void get_value(const nlohmann::json& in, std::vector<V>& v) {
    v = std::vector<V>(in.size());
    for (std::size_t i = 0; i < v.size(); ++i) in[i].get_to(v[i]);
}
template <class V>
void get_value(const nlohmann::json& in, std::optional<V>& v) {
    get_value(in, v.emplace());
}

/// Whether a member that may be left out says something: a value, a word, a true flag.
template <class V>
bool is_set(const std::optional<V>& v) { return v.has_value(); }
inline bool is_set(const std::string& v) { return !v.empty(); }
inline bool is_set(bool v) { return v; }
template <class V>
const V& value_of(const std::optional<V>& v) { return *v; }
template <class V>
const V& value_of(const V& v) { return v; }

template <class R>
struct Writer {
    nlohmann::json& j;
    const R& r;
    template <class V>
    void req(V R::*m, const char* key) const { writer_detail::assign(j[key], r.*m); }
    template <class V>
    void opt(V R::*m, const char* key) const {
        if (is_set(r.*m)) writer_detail::assign(j[key], value_of(r.*m));
    }
    template <class Write, class Read>
    void custom(const char* key, Write write, Read) const { write(j, key, r); }
};

template <class R>
struct Reader {
    const nlohmann::json& j;
    R& r;
    template <class V>
    void req(V R::*m, const char* key) const { get_value(j.at(key), r.*m); }
    template <class V>
    void opt(V R::*m, const char* key) const {
        if (const auto it = j.find(key); it != j.end()) get_value(*it, r.*m);
    }
    template <class Write, class Read>
    void custom(const char* key, Write, Read read) const { read(j, key, r); }
};

}  // namespace canon_detail

template <class R, class Members>
void write_canon(nlohmann::json& j, const R& r, Members members) {
    if (!j.is_object()) j = nlohmann::json::object();
    members(canon_detail::Writer<R>{j, r});
}

template <class R, class Members>
void read_canon(const nlohmann::json& j, R& r, Members members) {
    members(canon_detail::Reader<R>{j, r});
}

}  // namespace planner
