// What the accuracy page's template sees: the published cases of data/accuracy.json as the planner
// answered them at build time, grouped by kind, with a summary per kind, in the page's language.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/accuracy.hpp"
#include "planner/catalogue.hpp"

namespace site {

/// {total, complete_count, complete_median, complete_worst, targets_met, summary[...], groups[{kind,
/// name, anchor, rows[...]}]}; every number as text. `strings` are the language's UI strings (kind,
/// basis and unit names: acc_kind_<kind>, acc_basis_<basis>, acc_unit_<unit>); `references` is the
/// URL of the references page, relative to the page.
/// `predicted`: the same cases without anchors (planner::without_anchors), whose test third
/// (planner::in_test_third) is the page's headline.
nlohmann::json accuracy_view(const std::vector<planner::CaseResult>& results, const std::vector<planner::CaseResult>& predicted,
                             const std::string& lang, const nlohmann::json& strings, const std::string& references);

/// {has, rows[{family, cases, band, as_of}]}: the planner's own error bands (data/model-error.json)
/// that predicted training ranges carry, each as the published throughput's share of the planned
/// ("80%–104%"); the plan and family named by the UI string acc_band_<plan>_<family>.
nlohmann::json error_bands_view(const std::vector<planner::ErrorBand>& bands, const nlohmann::json& strings);

}  // namespace site
