// The request fields, each declared once as a value: its path, type, bounds, unit, default and a
// one-line doc, and where it shows outside the planner (its CLI flag, its calculator input and
// label). From these declarations come the readers' checks (request_reader.hpp), the CLI flags,
// the calculator forms, the tables in planner/API.md and the published JSON Schema.
//
//     inline constexpr Field prompt_tokens =
//         Field::whole("prompt_tokens", 1, 1e8).needed().in("tokens").says("tokens in each prompt")
//             .flag("prompt-tokens").input("prompt", "in_prompt_tokens");
//     if (auto v = in.number(prompt_tokens)) r.prompt_tokens = *v;
//
// A request kind's schema (RequestSchema) lists its parts: groups of fields at a place in the
// request ("" the top level, "configurations[]" each item of a list). A response's fields are
// declared the same way (response_fields.hpp: type, unit, doc, and whether every answer holds
// them), for its JSON Schema, API.md's response tables and the unit each figure is shown in.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#ifndef ACCELGUIDE_FIELD_DOCS
#define ACCELGUIDE_FIELD_DOCS 1
#endif

namespace planner {

/// The words a text field allows, in the order a calculator offers them (the usual choice first);
/// messages, API.md and the JSON Schema list them alphabetically (sorted_words). Empty allows any text.
using Words = const std::vector<std::string>& (*)();

struct Field {
    // words, numbers and objects are lists: of text (of `allowed` when given), of whole numbers
    // within min..max, of objects whose fields a part declares at "<path>[]". The last three are
    // responses' shapes: a range {low, high} of a figure; a table of figures by word
    // ({"bf16": 989.5, …}); marks, an object of `true` by word (which figures are estimates).
    enum class Type : unsigned char { number, whole, integer, text, boolean, object, words, numbers, objects, range, table, marks };

    const char* path = "";        // dotted, from the part's place: "prompt_tokens", "model.layers"
    Type type = Type::number;
    double min = 0;
    double max = 1e300;
    bool min_exclusive = false;
    bool required = false;        // required where its part applies (a reader may ask otherwise)
    Words allowed = nullptr;      // text: the words allowed; number: words allowed instead of one
    const char* unit = "";        // "tokens", "ms", "0-1", "W", "USD/h", …; "" for none
    const char* doc = "";         // one line: CLI help, API.md, the JSON Schema's description
    const char* fallback = "";    // what holds when it is absent, in words ("0.7", "the cheapest")
    const char* cli = nullptr;    // the CLI flag without "--", or none
    const char* form = nullptr;   // the calculator input's name (the page URL's key), or none
    const char* label = nullptr;  // the calculator input's label id (templates/i18n), or none
    const char* placeholder = nullptr;   // the input's placeholder id when empty
    const char* default_from = nullptr;  // the response path whose figure the placeholder shows
    Words offered = nullptr;      // a choice's words when a form offers fewer than it reads
    const char* blank = nullptr;  // a choice a form may leave out: its empty first option's word
    unsigned min_items = 0, max_items = 0;  // a list's length; max 0: any
    bool nullable = false;        // a response's figure written as null when there is none

    // Constructors by type; the rest is set by the chained setters below.
    static constexpr Field number(const char* p, double lo, double hi, bool lo_exclusive = false) {
        Field f;
        f.path = p, f.type = Type::number, f.min = lo, f.max = hi, f.min_exclusive = lo_exclusive;
        return f;
    }
    /// A number that must be whole but is read as a double (token counts, rates of whole units).
    static constexpr Field whole(const char* p, double lo, double hi) {
        Field f = number(p, lo, hi);
        f.type = Type::whole;
        return f;
    }
    static constexpr Field integer(const char* p, double lo, double hi) {
        Field f = number(p, lo, hi);
        f.type = Type::integer;
        return f;
    }
    static constexpr Field text(const char* p, Words words = nullptr) {
        Field f;
        f.path = p, f.type = Type::text, f.allowed = words;
        return f;
    }
    static constexpr Field boolean(const char* p) {
        Field f;
        f.path = p, f.type = Type::boolean;
        return f;
    }
    /// An object taken whole (a config.json): its own reader checks inside it.
    static constexpr Field object(const char* p) {
        Field f;
        f.path = p, f.type = Type::object;
        return f;
    }
    /// A list of text, each one of `words` when given.
    static constexpr Field words(const char* p, unsigned lo, unsigned hi, Words w = nullptr) {
        Field f;
        f.path = p, f.type = Type::words, f.allowed = w, f.min_items = lo, f.max_items = hi;
        return f;
    }
    /// A list of whole numbers from `lo` to `hi`.
    static constexpr Field numbers(const char* p, unsigned items_lo, unsigned items_hi, double lo, double hi) {
        Field f = number(p, lo, hi);
        f.type = Type::numbers, f.min_items = items_lo, f.max_items = items_hi;
        return f;
    }
    /// A list of objects, their fields declared by a part at "<p>[]".
    static constexpr Field objects(const char* p, unsigned lo, unsigned hi) {
        Field f;
        f.path = p, f.type = Type::objects, f.min_items = lo, f.max_items = hi;
        return f;
    }

    /// A figure's range, {low, high}, in the figure's unit.
    static constexpr Field range(const char* p) {
        Field f;
        f.path = p, f.type = Type::range;
        return f;
    }
    /// Figures by word: {"bf16": 989.5, "fp8": 1979}, each of `w` when given.
    static constexpr Field table(const char* p, Words w = nullptr) {
        Field f;
        f.path = p, f.type = Type::table, f.allowed = w;
        return f;
    }
    /// `true` by word, for the words that hold: {"power_watts": true}.
    static constexpr Field marks(const char* p, Words w = nullptr) {
        Field f;
        f.path = p, f.type = Type::marks, f.allowed = w;
        return f;
    }

    constexpr Field needed(bool yes = true) const { Field f = *this; f.required = yes; return f; }
    constexpr Field or_null() const { Field f = *this; f.nullable = true; return f; }
    constexpr Field in(const char* u) const { Field f = *this; f.unit = u; return f; }
    /// The doc and the default in words: for the CLI's help, API.md and the JSON Schema only. The
    /// wasm module shows none of them, and is built without them (ACCELGUIDE_FIELD_DOCS=0, PUBLIC on
    /// the planner there), so their text stays out of it.
    constexpr Field says([[maybe_unused]] const char* d) const {
        Field f = *this;
        if (ACCELGUIDE_FIELD_DOCS) f.doc = d;
        return f;
    }
    constexpr Field or_else([[maybe_unused]] const char* d) const {
        Field f = *this;
        if (ACCELGUIDE_FIELD_DOCS) f.fallback = d;
        return f;
    }
    constexpr Field or_words(Words w) const { Field f = *this; f.allowed = w; return f; }
    constexpr Field flag(const char* name) const { Field f = *this; f.cli = name; return f; }
    /// A calculator input: its name on the page (and in a saved URL) and its label id.
    constexpr Field input(const char* name, const char* label_id) const {
        Field f = *this;
        f.form = name, f.label = label_id;
        return f;
    }
    /// The words a calculator offers, when it offers fewer than the reader accepts (training reads
    /// int8 to refuse it with its own message, and offers the rest).
    constexpr Field offers(Words w) const { Field f = *this; f.offered = w; return f; }
    /// A choice the form may leave out (its parent then takes its default): an empty first
    /// option, labelled by the UI string "<input>_<word>" (the fine-tuning method's "pretraining").
    constexpr Field or_blank(const char* word) const { Field f = *this; f.blank = word; return f; }
    /// The input's placeholder id, and optionally the response figure it shows once planned.
    constexpr Field hint(const char* placeholder_id, const char* response_path = nullptr) const {
        Field f = *this;
        f.placeholder = placeholder_id, f.default_from = response_path;
        return f;
    }
};

/// A field's words in alphabetical order, as an error message, API.md, the CLI's help and the JSON
/// Schema list them; none for a field without words.
std::vector<std::string> sorted_words(const Field& f);

/// A group of fields at one place in a request: "" the top level, "configurations[]" each item of
/// the list "configurations", "job" the object "job".
struct FieldPart {
    const char* at;
    const Field* const* fields;
    std::size_t count;

    constexpr const Field* const* begin() const { return fields; }
    constexpr const Field* const* end() const { return fields + count; }
};

template <std::size_t N>
constexpr FieldPart part(const char* at, const Field* const (&fields)[N]) {
    return {at, fields, N};
}

/// One request kind's fields ("api" and "kind" are every kind's and not listed).
struct RequestSchema {
    const char* kind;
    const char* doc;
    std::vector<FieldPart> parts;
    /// Each object's known names (known_names below), worked out once when the list is made.
    std::vector<std::pair<std::string, std::set<std::string>>> names = {};
};

/// The kinds declared so far, in API.md's order.
const std::vector<RequestSchema>& request_schemas();
const RequestSchema* request_schema(const std::string& kind);

/// The schema of `kind` in a list of them, or none.
const RequestSchema* find_kind(const std::vector<RequestSchema>& schemas, const std::string& kind);

/// The JSON Schema (draft 2020-12) of one kind's request: every field with its type, bounds, words
/// and doc; a field whose path continues ("model" and "model.layers") takes its scalar form or an
/// object of the fields below it; unknown fields are refused, as the planner refuses them.
nlohmann::json request_json_schema(const RequestSchema& schema);

/// Each object of a kind's request with the names it may hold, the top level ("") first, as paths
/// a reader walks ("configurations[]" for each item of that list). A name with no entry of its own
/// ("model.config") is taken whole by its reader.
std::vector<std::pair<std::string, std::set<std::string>>> known_names(const RequestSchema& schema);

/// The fields of one kind as the Markdown table planner/API.md holds (a test keeps the two equal).
std::string fields_markdown(const RequestSchema& schema);

/// One kind's successful result, declared as a request is (response_fields.hpp): the fields of the
/// object at the response's key named after the kind.
using ResponseSchema = RequestSchema;
const std::vector<ResponseSchema>& response_schemas();
const ResponseSchema* response_schema(const std::string& kind);
/// What every response carries around its result, and each error a failure lists (kind "envelope").
const ResponseSchema& envelope_schema();

/// The JSON Schema of one kind's response: {"api", "ok": true, "kind", KIND: the result} with every
/// declared field and none other, or a failure {"api", "ok": false, "errors"}.
nlohmann::json response_json_schema(const ResponseSchema& schema);

/// The fields of one kind's result as API.md's response table.
std::string response_markdown(const ResponseSchema& schema);

/// A field's full path in a request: the part's place and the field's path ("configurations[].hours").
std::string full_path(const FieldPart& part, const Field& field);

}  // namespace planner
