// The read-only views templates see: plain JSON built from parsed values. Templates never reach
// the generator's internals; every number they show is formatted here or comes from the planner.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "build.hpp"

namespace site {

/// 1234567.891 with 1 decimal -> "1,234,567.9"; trailing zeros after the point are dropped.
std::string format_grouped(double value, int decimals);

/// Relative path from a page at site-relative `url` back to the site root: "./", "../", "../../".
std::string root_of(const std::string& url);

/// {lang, root, site{title, languages, menu}, page{title, description, content, url}, t{...}}
nlohmann::json page_view(const Parsed& parsed, const Page& page);

/// {rows: [...], sources: [{n, id, title, url, as_of}]}: the cheat-sheet, each figure with its source.
nlohmann::json catalogue_view(const planner::Catalogue& catalogue, const std::string& lang);

/// {instances: [{id, label, selected}], inputs: {...}, is: {...}, example: {...}} for a calculator.
nlohmann::json calculator_view(const planner::Catalogue& catalogue, const FrontMatter& front,
                               const nlohmann::json& response, const std::string& lang);

}  // namespace site
