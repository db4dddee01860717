// Pages generated from data/, in every language: the references page (every source), one page per
// accelerator and an index of them, one page per instance family and an index of them, and a 404
// page. Their titles come from the UI strings (templates/i18n/<lang>.yaml). A theme opts in to each
// by having its template (references, accelerator, section, cheatsheet, 404).
#pragma once

#include <vector>

#include "build.hpp"

namespace site {

void add_data_pages(const Config& config, const planner::Catalogue& catalogue, const std::set<std::string>& templates,
                    std::vector<Page>& pages);

/// "instances/ap-northeast-1/on-demand": the key (language-relative URL) of the cheat-sheet priced in
/// a region under a purchase option.
std::string cheatsheet_key(const std::string& region, const std::string& option);

/// "p4d" for "P4d", "trn1n" for "Trn1n": a family's URL segment.
std::string family_slug(const std::string& family);

}  // namespace site
