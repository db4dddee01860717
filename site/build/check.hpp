// `accelguide check`: builds the site in memory and reports, each with file:line,
//   broken internal links and #anchors, missing images, missing translations,
//   and every error the build itself finds (front matter, shortcodes, templates, data); and, as
//   warnings that do not fail the check, catalogue figures older than an age (planner/freshness.hpp).
#pragma once

#include <vector>

#include "build.hpp"

namespace site {

struct CheckReport {
    std::size_t pages = 0;
    std::size_t links = 0;                    // internal links and images followed
    std::vector<planner::Diagnostic> problems;
    std::vector<planner::Diagnostic> warnings;  // stale prices and specifications
};

/// How old a catalogue figure may be before `check` warns: `today` (YYYY-MM-DD; empty: no check)
/// and the age in months (`--max-age-months`, default 12).
struct Freshness {
    std::string today;
    int max_months = 12;
};

CheckReport check_site(const BuildOptions& options, const Freshness& freshness = {});

/// The internal problems of rendered pages: `files` maps output paths to contents (HTML is
/// scanned, other files only need to exist); `sources` maps an output path to the content file it
/// came from, for file:line. Exposed for tests.
std::vector<planner::Diagnostic> check_links(const std::map<std::string, const std::string*>& files,
                                             const std::map<std::string, std::string>& page_sources,
                                             const std::map<std::string, std::string>& source_texts,
                                             std::size_t& links);

}  // namespace site
