// `accelguide check`: builds the site in memory and reports, each with file:line,
//   broken internal links and #anchors, missing images, missing translations,
//   and every error the build itself finds (front matter, shortcodes, templates, data).
#pragma once

#include <vector>

#include "build.hpp"

namespace site {

struct CheckReport {
    std::size_t pages = 0;
    std::size_t links = 0;                    // internal links and images followed
    std::vector<planner::Diagnostic> problems;
};

CheckReport check_site(const BuildOptions& options);

/// The internal problems of rendered pages: `files` maps output paths to contents (HTML is
/// scanned, other files only need to exist); `sources` maps an output path to the content file it
/// came from, for file:line. Exposed for tests.
std::vector<planner::Diagnostic> check_links(const std::map<std::string, const std::string*>& files,
                                             const std::map<std::string, std::string>& page_sources,
                                             const std::map<std::string, std::string>& source_texts,
                                             std::size_t& links);

}  // namespace site
