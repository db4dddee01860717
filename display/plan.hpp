// The one boundary every caller uses: the CLI (`accelguide plan`), the build's shortcodes and
// examples, and the browser (wasm/bindings.cpp). A request answered by the planner
// (planner/api.hpp), its messages said in the request's "lang" (messages.hpp), as JSON text.
//
//     std::string response = site::plan(catalogue, R"({"api": 1, "kind": "train", ...})");
#pragma once

#include <string>
#include <string_view>

#include "planner/api.hpp"

namespace site {

/// The response to one planning request (JSON text), its messages in the request's language.
/// Never throws; bad input comes back as {"api":1,"ok":false,"errors":[{"field", "code", "args",
/// "message"}, …]}.
std::string plan(const planner::Catalogue& catalogue, std::string_view request_json,
                 planner::CatalogWriter write_catalog = planner::catalogue_without_notes);

/// The same for a catalogue that may have failed to load.
std::string plan(const planner::CatalogueLoad& load, std::string_view request_json);

/// The answer plan() writes, before it is written: for a caller that reads it first (the module's
/// charts(), display/chart_specs.hpp); planner::response_text(answer.response) is plan()'s text.
planner::Answer said_answer(const planner::Catalogue& catalogue, std::string_view request_json,
                            planner::CatalogWriter write_catalog);

}  // namespace site
