// The files a build will write, checked against each other before any is written: one file per
// path, and no file where another needs a folder ("404.html" the 404 page, and "404.html/index.html"
// an alias's redirect). A conflict is reported at the source that asked for the path (an alias at
// its front-matter line), not found when the write fails half way through.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "planner/error.hpp"

namespace site {

/// One output path and who asks for it.
struct OutputClaim {
    OutputClaim() = default;
    OutputClaim(std::string output, std::string who, std::string source = {}, std::size_t at_line = 0, std::size_t at_column = 0)
        : path(std::move(output)), what(std::move(who)), file(std::move(source)), line(at_line), column(at_column) {}

    std::string path;        // relative to the output folder: "en/guide/index.html"
    std::string what;        // for messages: "the 404 page", "alias \"404.html\"", "templates/static/s.css"
    std::string file;        // the source to blame ("content/ja/page.md"); empty for what the build generates
    std::size_t line = 0, column = 0;
};

/// Every conflict among `claims`, each reported once, at the claim that has a source position
/// (the later claim when both or neither have). Linear in the claims and their path depth.
std::vector<planner::Diagnostic> output_conflicts(const std::vector<OutputClaim>& claims);

}  // namespace site
