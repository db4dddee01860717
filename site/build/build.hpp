// The site build, as named stages that pass values:
//
//     Sources  load(root)                  read every input file; nothing else touches the inputs
//     Parsed   parse(sources, options)     config, front matter, shortcodes + Markdown, catalogue
//     Site     assemble(parsed)            URLs, sections, translations, data pages, each page's view
//     Output   render(site, sources)       HTML for every page, plus sitemap, feeds, redirects, search
//     write_atomically(out, output)        build into a temporary folder, then swap it in
//
// build_site() runs them in order and stops at the first stage with errors, leaving the previous
// output untouched. Markdown and templates are rendered in parallel on every core.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config.hpp"
#include "front_matter.hpp"
#include "markdown.hpp"
#include "mustache.hpp"
#include "output.hpp"
#include "output_paths.hpp"
#include "planner/accuracy.hpp"
#include "planner/catalogue.hpp"
#include "planner/error.hpp"

namespace site {

namespace fs = std::filesystem;

struct SiteIndex;   // views.hpp
class Templates;    // templates.hpp

struct BuildOptions {
    fs::path root = ".";    // the project: content/, data/, templates/
    fs::path out;           // default: <root>/build/site
    fs::path wasm_dir;      // default: <root>/build/wasm/dist; needed when a page is a calculator
    bool drafts = false;    // include pages marked draft: true
    std::string base_url;   // overrides the config's base_url
    unsigned threads = 0;   // 0: every core
    bool live_reload = false;  // serve: add the live-reload script to every page
    bool timings = false;   // print each stage's time
    bool progress = false;  // show the stage being run on one terminal line (stderr)
};

/// Every input, read from disk. Paths are relative to their folder, with forward slashes.
struct Sources {
    fs::path root;
    std::string config;                                  // content/config.yaml
    std::map<std::string, std::string> content;          // "ja/_index.md" -> text
    std::map<std::string, fs::path> content_assets;      // "ja/guide/chart.png" -> its path (page bundles)
    std::map<std::string, std::string> templates;        // "base.html", "partials/nav.html", "i18n/ja.yaml"
    std::map<std::string, fs::path> static_files;        // "style.css" -> templates/static/style.css
    planner::CatalogueFiles catalogue;                   // data/*.json
    std::optional<planner::CatalogueFiles::File> accuracy;  // data/accuracy.json, when the project has one
};

struct Page {
    std::string source;      // "content/ja/calculators/training.md"; empty for generated pages
    std::string lang;        // "ja"
    std::string key;         // language-relative path without ".md" and "/index": "calculators/training";
                             // a section is its folder ("calculators"), the home page ""
    std::string url;         // site-relative: "en/calculators/training/" ("" for the default home)
    std::string section;     // key of the section the page belongs to ("" for the home section)
    bool is_section = false; // an _index.md (or the home page)
    bool listed = true;      // false: a variant of another page (the cheat-sheet in another region),
                             // reached by that page's links; left out of menus, lists and search
    FrontMatter front;
    std::string html;        // the rendered body
    std::vector<Heading> toc;
    std::string kind;        // template name
    std::vector<std::string> assets;  // bundle files, content-relative ("ja/guide/chart.png")
    nlohmann::json data;     // generated pages: what they show (an instance family, an accelerator)
};

struct Parsed {
    Config config;
    std::set<std::string> templates;  // page template names available ("page", "section", ...)
    unsigned threads = 0;             // from BuildOptions, for the later stages
    std::vector<Page> pages;  // content pages, in source order (drafts left out unless asked for)
    planner::Catalogue catalogue;
    std::vector<planner::CaseResult> accuracy;  // data/accuracy.json's cases, run through the planner
    std::vector<planner::CaseResult> predicted; // the same without anchors: what a buyer is told
};

struct RenderedPage {
    std::string kind;        // template name
    std::vector<std::shared_ptr<const nlohmann::json>> frames;  // shared views, outermost first
    nlohmann::json view;     // the page's own view, over the frames
    std::string output;      // output path, "en/guide/index.html"
};

struct Site {
    std::vector<Page> pages;              // content and generated pages
    std::vector<RenderedPage> renders;    // one per page, same order
    std::vector<OutputFile> extra;        // sitemap, robots, feeds, redirects, search index
    std::vector<std::pair<std::string, std::string>> assets;  // output path, content-relative bundle file
    std::map<std::string, OutputClaim> alias_claims;  // extra files that are alias redirects, by output path
};

struct Report {
    std::size_t pages = 0;
    std::size_t files = 0;
    std::vector<planner::Diagnostic> errors;
    bool ok() const { return errors.empty(); }
};

Sources load(const fs::path& root, std::vector<planner::Diagnostic>& errors);
Parsed parse(const Sources& sources, const BuildOptions& options, std::vector<planner::Diagnostic>& errors);
/// Moves the pages out of `parsed`; its config and catalogue stay.
Site assemble(Parsed& parsed, std::vector<planner::Diagnostic>& errors);
/// Every file the site will write (pages, generated files, alias redirects, bundle files, static
/// files, the wasm module's files) checked against the others: one file per path, and no file where
/// another needs a folder. Each conflict is an error at the source that asked for the path.
void check_output_paths(const Site& site, const Sources& sources, const std::vector<fs::path>& wasm_files,
                        std::vector<planner::Diagnostic>& errors);
/// Renders every page into memory (check uses this).
Output render(const Site& site, const Sources& sources, const BuildOptions& options,
              std::vector<planner::Diagnostic>& errors);
/// Renders every page straight into the staging folder, in parallel (the build uses this).
void render_into(const Site& site, const Sources& sources, const BuildOptions& options, Staging& staging,
                 std::vector<planner::Diagnostic>& errors);

/// Shortcodes and Markdown of one page's body (the parse stage's per-page work).
void render_body(Page& page, const std::string& body, std::size_t body_line, const Parsed& parsed,
                 std::vector<planner::Diagnostic>& errors);
/// What one page's template sees (the assemble stage's per-page work).
nlohmann::json view_for(const SiteIndex& index, const Page& page, std::vector<planner::Diagnostic>& errors);
/// One page's final HTML (the render stage's per-page work). A cache shared by the pages of one
/// render stage renders sections over the shared frames (menu, section lists) once, not per page.
std::string render_html(const Templates& templates, const RenderedPage& page, bool live_reload,
                        mustache::SectionCache* cache = nullptr);

/// Everything a build produced, kept by `serve` to rebuild one page at a time.
struct BuildState {
    Sources sources;
    Parsed parsed;    // config and catalogue (its pages moved into `site`)
    Site site;
};

/// Runs the stages; on success `state` holds the result and the site has been written to `out`.
Report build_site(const BuildOptions& options, BuildState* state = nullptr);

}  // namespace site
