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

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/error.hpp"

namespace site {

struct Position {
    std::size_t line = 0;
    std::size_t column = 0;
};

struct FrontMatter {
    std::string title;
    std::string description;
    int weight = 0;
    bool draft = false;              // left out unless building with --drafts
    bool feed = false;               // sections: write an Atom feed of the dated pages (atom.xml)
    std::string slug;                // replaces the last segment of the page's URL
    std::string date;                // YYYY-MM-DD (or with a time: YYYY-MM-DDTHH:MM:SS and a zone)
    std::string updated;             // same form; the page's last-updated date
    std::vector<std::string> tags;
    std::vector<std::string> keywords;  // words the search finds the page by, ranked next to the title
    std::vector<std::string> aliases;  // old URLs that redirect here ("/old/path/")
    std::string template_name;       // empty: the default for the page's kind
    nlohmann::json example;          // calculator pages: a planner request for the worked example
    nlohmann::json inputs;           // calculator pages: the form's starting values, in form units
    nlohmann::json requests = nlohmann::json::object();  // named planner requests for shortcodes
    std::map<std::string, Position> positions;            // where each key stands, for later errors
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
