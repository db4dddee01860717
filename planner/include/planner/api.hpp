// accelguide planner: the one entry point.
//
//     planner::Catalogue catalogue = ...;                 // see catalogue.hpp
//     std::string response = planner::plan(catalogue, R"({
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
// (`accelguide plan`), build-time shortcodes and the browser (wasm/) all call this function, so
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

/// The largest request plan() reads; a larger one fails as a whole, at field "".
inline constexpr std::size_t kMaxRequestBytes = std::size_t(64) << 10;

/// Runs one planning request (JSON text) against a catalogue; returns the response as JSON text.
std::string plan(const Catalogue& catalogue, std::string_view request_json);

/// What the `catalog` kind answers with: the catalogue as JSON, without the figures' research notes.
using CatalogWriter = nlohmann::json (*)(const Catalogue&);

/// The same, with the catalogue written by `write_catalog` instead of catalogue_without_notes. The
/// wasm module hands back the canonical JSON it embeds, which the build wrote with that very
/// function, and so carries no serializer for the catalogue's structs.
std::string plan(const Catalogue& catalogue, std::string_view request_json, CatalogWriter write_catalog);

/// The same for a catalogue that may have failed to load: then every response is
/// {"ok":false,...} carrying the data errors ("data/instances.json:12:5: ...").
std::string plan(const CatalogueLoad& load, std::string_view request_json);

}  // namespace planner
