// content/config.yaml: the site's settings, and the UI strings of each language.
//
//     base_url: http://127.0.0.1:8000/
//     languages:            # the first is the default; it is served at the root, the others under /<code>/
//       ja: {name: 日本語, title: ...}
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

struct Language {
    std::string code;     // "ja"
    std::string name;     // "日本語", shown in the language switcher
    std::string title;    // the site's title in this language
    nlohmann::json strings = nlohmann::json::object();  // UI strings from templates/i18n/<code>.yaml
};

struct Config {
    std::string base_url;
    std::vector<Language> languages;  // languages[0] is the default

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
