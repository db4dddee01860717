// YAML front matter: the block between two `---` lines at the top of a content file.
//
//     ---
//     title: 学習時間の計算
//     description: ...
//     weight: 10
//     template: calculator
//     ---
//     Markdown body...
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/error.hpp"

namespace site {

struct FrontMatter {
    std::string title;
    std::string description;
    int weight = 0;
    std::string template_name;       // empty: the default for the page's kind
    nlohmann::json example;          // calculator pages: a planner request for the worked example
    nlohmann::json inputs;           // calculator pages: the form's starting values, in form units
};

struct ParsedContent {
    FrontMatter front;
    std::string body;                // the Markdown after the closing `---`
    std::size_t body_line = 1;       // line of the file where the body starts
};

struct ParseResult {
    std::optional<ParsedContent> content;
    std::vector<planner::Diagnostic> errors;
};

/// Splits and parses a content file. `file` is used in error messages (file:line:column).
ParseResult parse_content(std::string_view text, const std::string& file);

}  // namespace site
