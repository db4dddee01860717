// accelguide planner: the one entry point.
//
//     planner::Catalogue catalogue = ...;                 // see catalogue.hpp
//     std::string response = site::plan(catalogue, R"({
//         "api": 1,
//         "kind": "train",
//         "model": {"parameters": 175e9},
//         "tokens": 300e9,
//         "recompute": "full",
//         "instance": "p4de.24xlarge",
//         "instance_count": 128,
//         "achieved_tflops": 140
//     })");
//     // {"api":1,"kind":"train","ok":true,"train":{"days":33.9...,...}}
//
// The request and the response are JSON text. This is the one boundary of the planner: the CLI
// (`accelguide plan`), build-time shortcodes and the browser (wasm/) all call it, through
// site::plan (display/plan.hpp), which says the answer's messages in the request's language, so
// native and WebAssembly give byte-identical answers for the same request.
//
// Requests and responses carry the API version, "api": 1; a request without it is refused, so a
// page built against another version fails loudly instead of misreading fields.
//
// `plan` never throws. Bad input comes back as
//     {"api":1,"errors":[{"field":"model.parameters","message":"must be greater than 0"}],"ok":false}
// with one entry per problem, each naming the request field (a dotted path) and the reason.
// Every number in an "ok" response is finite.
//
// Sections:
//   catalogue.hpp  instances and their cited figures, loaded and validated from data/*.json text
//   training.hpp   training time: C = 6PD (8PD with full recompute), T = C / (n * X)
//   error.hpp      FieldError (calculator input) and Diagnostic (data files, with line and column)
#pragma once

#include <string>
#include <string_view>

#include "planner/catalogue.hpp"

namespace planner {

/// The largest request answer() reads; a larger one fails as a whole, at field "".
inline constexpr std::size_t kMaxRequestBytes = std::size_t(64) << 10;

/// What the `catalog` kind answers with: the catalogue as JSON, without the figures' research notes.
using CatalogWriter = nlohmann::json (*)(const Catalogue&);

/// One request's answer before its messages are said: a failure's errors as {field, code, args}, a
/// result's notes and inner errors as {"say": code, "args": […]}, and where each figure came from in
/// its fixed English words; `lang` is the language the request asked for ("en" unless it said "ja").
/// display/plan.hpp says the messages (site::plan): that is what the CLI, the build and the browser call.
struct Answer {
    nlohmann::json response;
    std::string lang = "en";
};

/// Runs one planning request (JSON text) against a catalogue. `write_catalog` writes what the
/// `catalog` kind answers with: the wasm module hands back the canonical JSON it embeds, which the
/// build wrote with catalogue_without_notes, and so carries no serializer for the catalogue's structs.
Answer answer(const Catalogue& catalogue, std::string_view request_json, CatalogWriter write_catalog = catalogue_without_notes);

/// The same for a catalogue that may have failed to load: then every answer is {"ok":false,...}
/// carrying the data errors ("data/instances.json:12:5: ...").
Answer answer(const CatalogueLoad& load, std::string_view request_json);

/// A response as JSON text: a -0 as 0, and any byte that is not UTF-8 (a key rebuilt from \u
/// escapes) as U+FFFD.
std::string response_text(nlohmann::json response);

}  // namespace planner
