// The site build, as named stages that pass values:
//
//     Sources  load(root)                  read every input file; nothing else touches the inputs
//     Parsed   parse(sources)              config, front matter + Markdown, catalogue -> values
//     Site     assemble(parsed)            URLs, translations, menus, and each page's template view
//     Output   render(site, templates)     HTML for every page
//     write_atomically(out, output)        build into a temporary folder, then swap it in
//
// build_site() runs them in order and stops at the first stage with errors, leaving the previous
// output untouched.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config.hpp"
#include "front_matter.hpp"
#include "output.hpp"
#include "planner/catalogue.hpp"
#include "planner/error.hpp"

namespace site {

namespace fs = std::filesystem;

struct BuildOptions {
    fs::path root = ".";    // the project: content/, data/, templates/
    fs::path out;           // default: <root>/build/site
    fs::path wasm_dir;      // default: <root>/build/wasm/dist; needed when a page is a calculator
};

/// Every input, read from disk. Paths are relative to their folder, with forward slashes.
struct Sources {
    fs::path root;
    std::string config;                                  // content/config.yaml
    std::map<std::string, std::string> content;          // "ja/_index.md" -> text
    std::map<std::string, std::string> templates;        // "base.html", "partials/nav.html", "i18n/ja.yaml"
    std::map<std::string, fs::path> static_files;        // "style.css" -> templates/static/style.css
    planner::CatalogueFiles catalogue;                   // data/*.json
};

struct Page {
    std::string source;      // "content/ja/calculators/training.md"
    std::string lang;        // "ja"
    std::string key;         // path inside the language tree without ".md": "calculators/training"
    std::string url;         // site-relative: "calculators/training/" ("" for the default home)
    FrontMatter front;
    std::string html;        // the rendered Markdown body
    std::string kind;        // template name
};

struct Parsed {
    Config config;
    std::vector<Page> pages;
    planner::Catalogue catalogue;
};

struct Site {
    std::vector<std::pair<std::string, nlohmann::json>> pages;  // template name, view; in Parsed::pages order
    std::vector<std::string> outputs;                           // output path of each page
};

struct Report {
    std::size_t pages = 0;
    std::size_t files = 0;
    std::vector<planner::Diagnostic> errors;
    bool ok() const { return errors.empty(); }
};

Sources load(const fs::path& root, std::vector<planner::Diagnostic>& errors);
Parsed parse(const Sources& sources, std::vector<planner::Diagnostic>& errors);
Site assemble(const Parsed& parsed, std::vector<planner::Diagnostic>& errors);
Output render(const Site& site, const Sources& sources, std::vector<planner::Diagnostic>& errors);

Report build_site(const BuildOptions& options);

}  // namespace site
