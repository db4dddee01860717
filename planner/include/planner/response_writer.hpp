#pragma once
// A result's JSON writer, generated from its declared fields (response_fields.hpp): each row binds
// one declared field to the member that holds its figure, so a key is spelled once, in its
// declaration, and the writer, the JSON Schema, API.md and the page's units all read it there.
//
//     constexpr Put<InferenceResult> kInferenceOut[] = {
//         put<&InferenceResult::instance>(results::infer::instance),
//         put<&InferenceResult::latency_ms>(results::infer::latency_ms),           // optional: absent, no key
//     };
//     void to_json(json& j, const InferenceResult& r) { write_fields(j, r, kInferenceOut); }
//     put<&ServingResult::chosen, &ServingPoint::ttft_ms>(results::serve::ttft_ms)  // a member's member
//
// How a row writes: the member's value converts to JSON as any value does (its own to_json); an
// empty optional writes nothing, or null when the field is declared or_null(), and a chain of
// members steps into optionals (`put<&Transformer::experts, &Experts::count>`); a dotted path
// ("bytes_per_parameter.weights", "range.days") writes into the objects it names, made as needed.
// A row may be written only when another member holds (`when`: the price's date beside a price).
#include <optional>

#include <nlohmann/json.hpp>

#include "planner/schema.hpp"

namespace planner {

/// A row keeps its field's path and whether it may be null, not the declaration itself: the docs
/// and bounds stay out of the wasm module.
template <class R>
struct Put {
    const char* path;
    bool nullable;
    /// Sets `out` from `r`; false when there is nothing to write (an empty optional).
    bool (*take)(nlohmann::json& out, const R& r);
    /// Written only when this holds of `r`; none: always.
    bool (*when)(const R& r) = nullptr;
};

namespace writer_detail {

template <class M>
struct member_of;
template <class R, class V>
struct member_of<V R::*> {
    using record = R;
};

template <auto First, auto...>
struct first_record {
    using type = typename member_of<decltype(First)>::record;
};
template <auto... Ms>
using record_of = typename first_record<Ms...>::type;

template <class V>
const V* deref(const V& v) {
    return &v;
}
template <class V>
const V* deref(const std::optional<V>& v) {
    return v ? &*v : nullptr;
}

/// The value at the end of a chain of members, r.*A, (r.*A).*B, …, stepping into each optional
/// on the way; none when one is empty.
template <auto M, auto... Rest, class R>
auto find(const R& r) {
    const auto* at = deref(r.*M);
    if constexpr (sizeof...(Rest) == 0) {
        return at;
    } else {
        return at ? find<Rest...>(*at) : decltype(find<Rest...>(*at)){};
    }
}

/// One conversion per value type, out of line: each row's own code is only its member's address
/// (the module is smaller by the conversions not inlined into every row).
template <class V>
[[gnu::noinline]] void assign(nlohmann::json& out, const V& v) {
    out = v;
}

/// Which values a row writes: any, one above a floor, one not empty.
struct any_value {
    template <class V>
    static bool keep(const V&) { return true; }
};
template <int Floor>
struct above {
    template <class V>
    static bool keep(const V& v) { return v > Floor; }
};
struct filled {
    template <class V>
    static bool keep(const V& v) { return !v.empty(); }
};

template <class Keep, auto... Ms>
bool take(nlohmann::json& out, const record_of<Ms...>& r) {
    const auto* v = find<Ms...>(r);
    if (!v || !Keep::keep(*v)) return false;
    assign(out, *v);
    return true;
}

template <auto M>
bool holds(const record_of<M>& r) {
    return static_cast<bool>(r.*M);
}

template <auto M>
bool lacks(const record_of<M>& r) {
    return !(r.*M);
}

/// The slot at `path` under `j`, each dotted step an object made as needed.
nlohmann::json& slot(nlohmann::json& j, const char* path);

}  // namespace writer_detail

/// A row whose value is worked out from `r` rather than read from one member (a word for a flag,
/// an error said inside a result), written when `when` holds of `r` (none: always).
template <class R>
constexpr Put<R> put_from(const Field& field, bool (*take)(nlohmann::json&, const R&),
                          bool (*when)(const R&) = nullptr) {
    return {field.path, field.nullable, take, when};
}

/// A row writing the member reached through `Ms` (one member, or a member's member) as `field`.
template <auto... Ms>
constexpr auto put(const Field& field) {
    return put_from(field, &writer_detail::take<writer_detail::any_value, Ms...>);
}

/// The same row, written only when the member `When` holds (an optional with a value, a true flag).
template <auto When, auto... Ms>
constexpr auto put_when(const Field& field) {
    return put_from(field, &writer_detail::take<writer_detail::any_value, Ms...>, &writer_detail::holds<When>);
}

/// The same row, written only when the member `Unless` does not hold.
template <auto Unless, auto... Ms>
constexpr auto put_unless(const Field& field) {
    return put_from(field, &writer_detail::take<writer_detail::any_value, Ms...>, &writer_detail::lacks<Unless>);
}

/// A row written only when its value is above `Floor`: a degree above 1, a width above 0.
template <int Floor, auto... Ms>
constexpr auto put_above(const Field& field) {
    return put_from(field, &writer_detail::take<writer_detail::above<Floor>, Ms...>);
}

/// A row written only when its value, a word or a list, is not empty.
template <auto... Ms>
constexpr auto put_filled(const Field& field) {
    return put_from(field, &writer_detail::take<writer_detail::filled, Ms...>);
}

/// put_from's `when`: the member `M` holds.
template <auto M>
constexpr bool (*if_holds)(const writer_detail::record_of<M>&) = &writer_detail::holds<M>;

/// Writes each row's field of `r` into `j` (an object afterwards), in the rows' order.
template <class R, std::size_t N>
void write_fields(nlohmann::json& j, const R& r, const Put<R> (&rows)[N]) {
    if (!j.is_object()) j = nlohmann::json::object();
    for (const Put<R>& row : rows) {
        if (row.when && !row.when(r)) continue;
        nlohmann::json value;
        if (!row.take(value, r)) {
            if (!row.nullable) continue;
            value = nullptr;
        }
        writer_detail::slot(j, row.path) = std::move(value);
    }
}

}  // namespace planner
