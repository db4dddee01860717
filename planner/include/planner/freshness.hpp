// Which figures of the catalogue are older than a given age: prices, exchange rates and the
// sources that chips' and instances' specifications rest on. `accelguide check` prints them as
// warnings (default age 12 months); the date is passed in, so the function stays pure.
//
//     for (const planner::Diagnostic& w : planner::stale_figures(catalogue, "2026-11-25", 12)) ...
#pragma once

#include <string>
#include <vector>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"

namespace planner {

/// Months from `as_of` (YYYY, YYYY-MM or YYYY-MM-DD; a year alone counts from its January, a month
/// from its first day) to `today` (YYYY-MM-DD), whole months, never negative.
int months_between(const std::string& as_of, const std::string& today);

/// One warning (code "data.stale"; print it with to_string("warning")) per group of figures that share a source and
/// a date older than `max_months`: "12 prices ... dated 2025-07 (16 months old)". Prices and exchange
/// rates group by their own date; specifications (accelerators, instances) by their source's.
std::vector<Diagnostic> stale_figures(const Catalogue& catalogue, const std::string& today, int max_months);

}  // namespace planner
