// accelguide planner: the one entry point.
//
//     planner::Catalogue catalogue = ...;                 // see catalogue.hpp
//     std::string response = planner::plan(catalogue, R"({
//         "kind": "training",
//         "model": {"parameters": 175e9},
//         "tokens": 300e9,
//         "recompute": "full",
//         "instance": "p4de.24xlarge",
//         "instance_count": 128,
//         "achieved_tflops": 140
//     })");
//     // {"ok":true,"kind":"training","training":{"days":33.9...,...}}
//
// The request and the response are JSON text. This is the one boundary of the planner: the CLI
// (`accelguide plan`), build-time shortcodes and the browser (wasm/) all call this function, so
// native and WebAssembly give byte-identical answers for the same request.
//
// `plan` never throws. Bad input comes back as
//     {"ok":false,"errors":[{"field":"model.parameters","message":"must be greater than 0"}]}
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

/// Runs one planning request (JSON text) against a catalogue; returns the response as JSON text.
std::string plan(const Catalogue& catalogue, std::string_view request_json);

/// The same for a catalogue that may have failed to load: then every response is
/// {"ok":false,...} carrying the data errors ("data/instances.json:12:5: ...").
std::string plan(const CatalogueLoad& load, std::string_view request_json);

}  // namespace planner
