// The module's functions for JavaScript: plan(requestJson) -> responseJson; chart(specJson) -> SVG,
// drawn by the same code as the site's build-time charts (display/chart.hpp); charts(sourcesJson)
// -> a comparison planned and the spec of each chart a calculator draws beside its result
// (display/chart_specs.hpp plan_charts); and
// display(responseJson) -> the response with its numbers formatted as the site shows them
// (display/text.hpp), so a live result reads exactly like the build-time example.
//
// Each is a plain C export taking UTF-8 text as pointer and length (written into the buffer that
// accelguide_input() gives) and returning UTF-8 text whose length accelguide_result_size() gives;
// wasm/js/exports.js wraps them as Module.plan, .chart, .charts and .display, which take and return JS
// strings. (Plain exports instead of embind or cwrap: the same calls, a smaller module and
// loader, and no input text copied onto the module's small stack.) A returned pointer stays valid
// until the next call of the same function; exports.js copies it at once.
// Only conversion lives here; nothing throws, so nothing opaque crosses into JS.
#include <string>
#include <string_view>

#include <emscripten/emscripten.h>

#include <nlohmann/json.hpp>

#include "chart.hpp"
#include "chart_specs.hpp"
#include "messages.hpp"
#include "text.hpp"
#include "planner/api.hpp"
#include "plan.hpp"

// The catalogue in canonical form, validated at build time (wasm/catalogue_json.cpp).
extern const char kCatalogueJson[];

namespace {

// Every parse goes through one input type, as planner::answer's does, so the module holds one
// instantiation of nlohmann/json's parser.
nlohmann::json parse(std::string_view text) {
    return nlohmann::json::parse(text.data(), text.data() + text.size(), nullptr, /*allow_exceptions=*/false);
}

const planner::Catalogue& catalogue() {
    static const planner::Catalogue c = parse(kCatalogueJson).get<planner::Catalogue>();
    return c;
}

// The catalog kind answers with the embedded text itself (planner::CatalogWriter).
nlohmann::json embedded_catalogue(const planner::Catalogue&) { return parse(kCatalogueJson); }

// What readers see for catalogue ids, in English or Japanese (display_json), made once.
const std::map<std::string, std::string>& names(const char* lang) {
    static const auto en = catalogue().display_names("en");
    static const auto ja = catalogue().display_names("ja");
    return lang[0] == 'j' ? ja : en;
}

std::size_t result_size = 0;

// A response as the site shows it (site::display_json), as JSON text.
std::string shown(const nlohmann::json& response, const std::map<std::string, std::string>& names, const std::string& lang) {
    return site::display_json(response.is_discarded() ? nlohmann::json() : response, names, lang).dump();
}

// Keeps a result alive for JS to copy, one buffer per function, and notes its length.
const char* give(std::string& slot, std::string value) {
    slot = std::move(value);
    result_size = slot.size();
    return slot.data();
}

}  // namespace

extern "C" {

/// A buffer of `size` bytes for the next call's input text, valid until the next call of this.
EMSCRIPTEN_KEEPALIVE char* accelguide_input(std::size_t size) {
    static std::string in;
    in.resize(size);
    return in.data();
}

/// The length in bytes of the text the last call returned.
EMSCRIPTEN_KEEPALIVE std::size_t accelguide_result_size() { return result_size; }

EMSCRIPTEN_KEEPALIVE const char* accelguide_plan(const char* request_json, std::size_t size) {
    static std::string out;
    return give(out, site::plan(catalogue(), std::string_view(request_json, size), embedded_catalogue));
}

EMSCRIPTEN_KEEPALIVE const char* accelguide_chart(const char* spec_json, std::size_t size) {
    static std::string out;
    const auto spec = parse({spec_json, size});
    return give(out, spec.is_object() ? site::chart_from_json(spec) : std::string());
}

EMSCRIPTEN_KEEPALIVE const char* accelguide_charts(const char* sources_json, std::size_t size) {
    static std::string out;
    return give(out, site::plan_charts({catalogue(), embedded_catalogue, names("en"), names("ja")}, parse({sources_json, size})));
}

// display and display_ja differ in the language of the names shown for catalogue ids and of money
// (yen first on Japanese pages).
EMSCRIPTEN_KEEPALIVE const char* accelguide_display(const char* response_json, std::size_t size) {
    static std::string out;
    return give(out, shown(parse({response_json, size}), names("en"), "en"));
}

EMSCRIPTEN_KEEPALIVE const char* accelguide_display_ja(const char* response_json, std::size_t size) {
    static std::string out;
    return give(out, shown(parse({response_json, size}), names("ja"), "ja"));
}

// {"code", "args", "per", "scale", "lang"}: a request error's message in a form field's units
// (display/messages.hpp field_message).
EMSCRIPTEN_KEEPALIVE const char* accelguide_field_message(const char* error_json, std::size_t size) {
    static std::string out;
    return give(out, site::field_message(parse({error_json, size})));
}

}  // extern "C"
