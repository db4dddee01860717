// content/config.yaml: the site's settings, and the UI strings of each language.
//
//     base_url: https://example.org/docs/   # absolute; a sub-path works, every link is relative
//     search: true                          # default true
//     unsafe_html: false                    # default false: raw HTML in Markdown is shown as text
//     languages:            # the first is the default; it is served at the root, the others under /<code>/
//       ja:
//         name: 日本語
//         title: ...
//         menu: [{title: 計算機, url: calculators/training/}]   # optional
//         more: [{title: 用語集, url: glossary/}]               # optional, behind "more"
//       en: {name: English, title: ...}
//
// UI strings live in templates/i18n/<code>.yaml (flat `key: text`).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/error.hpp"

namespace site {

struct MenuItem {
    std::string title;
    std::string url;      // language-relative, e.g. "calculators/training/"
};

struct Language {
    std::string code;     // "ja"
    std::string name;     // "日本語", shown in the language switcher
    std::string title;    // the site's title in this language
    std::vector<MenuItem> menu;  // empty: the top-level pages and sections, by weight
    std::vector<MenuItem> more;  // the rest, behind a "more" disclosure after the menu (optional)
    nlohmann::json strings = nlohmann::json::object();  // UI strings from templates/i18n/<code>.yaml
};

struct Config {
    std::string base_url;             // absolute, ends in '/', may have a sub-path: https://example.org/docs/
    std::vector<Language> languages;  // languages[0] is the default
    bool search = true;               // write the search index and show the search box
    bool unsafe_html = false;         // pass raw HTML in Markdown through (trusted content only)

    const Language* language(std::string_view code) const;
    /// "" for the default language, "en/" for the others: where a language's pages live.
    std::string prefix(std::string_view code) const;
};

/// Parses config.yaml text. Errors carry file:line:column.
Config parse_config(std::string_view text, const std::string& file, std::vector<planner::Diagnostic>& errors);

/// Parses templates/i18n/<code>.yaml into `language.strings`.
void parse_strings(std::string_view text, const std::string& file, Language& language,
                   std::vector<planner::Diagnostic>& errors);

}  // namespace site
