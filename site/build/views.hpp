// The read-only views templates see: plain JSON built from parsed values. Templates never reach
// the generator's internals; every number they show is formatted here or comes from the planner.
// Links in views are site-relative ("en/guide/"); templates put {{root}} in front, so every link
// is relative and the site works under any base URL.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "build.hpp"
#include "text.hpp"

namespace site {

/// The path of an absolute base URL, with a trailing slash: "https://x.org/docs" -> "/docs/"; "/"
/// when there is none (or the URL is not absolute).
std::string base_path(const std::string& base_url);

/// Relative path from a page at site-relative `url` back to the site root: "./", "../", "../../".
std::string root_of(const std::string& url);

/// Without a `menu:` in the config, the menu holds at most this many top-level pages and sections
/// (by weight); the home page lists them all.
inline constexpr std::size_t kMaxDefaultMenu = 10;

/// Lookups over the assembled pages, and the view frames pages share, built once.
struct SiteIndex {
    SiteIndex(const Config& config, const std::vector<Page>& pages, const planner::Catalogue& catalogue,
              const std::vector<planner::CaseResult>& accuracy, const std::vector<planner::CaseResult>& predicted);

    const Config& config;
    const std::vector<Page>& pages;
    const planner::Catalogue& catalogue;
    const std::vector<planner::CaseResult>& accuracy;   // for the accuracy page
    const std::vector<planner::CaseResult>& predicted;  // the same without anchors: its headline
    std::map<std::pair<std::string, std::string>, const Page*> by_key;                 // (lang, key)
    std::map<std::pair<std::string, std::string>, std::vector<const Page*>> children;  // (lang, section key)
    // {site{title, home, search}, menu[...], feeds[{title, url}] (sections with an Atom feed), t{...}} per language
    std::map<std::string, std::shared_ptr<const nlohmann::json>> language_frames;
    // {section{title, url, pages[...], has_pages}} per (lang, section key)
    std::map<std::pair<std::string, std::string>, std::shared_ptr<const nlohmann::json>> section_frames;

    const Page* find(const std::string& lang, const std::string& key) const;
    /// The shared frames a page renders over, outermost first.
    std::vector<std::shared_ptr<const nlohmann::json>> frames_for(const Page& page) const;
};

/// The page's own view: {lang, root, canonical, languages[...], page{...}}, and `menu` again when
/// the page is in the menu (to mark it current). Templates see it over frames_for(page).
nlohmann::json page_view(const SiteIndex& index, const Page& page);

/// Which prices a cheat-sheet shows: a region and a purchase option, in a language (yen on Japanese
/// pages, with USD beside).
struct CheatsheetChoice {
    std::string region = "us-east-1";
    std::string option = "on_demand";
    std::string lang = "en";
};

/// {rows: [...], sources: [{n, id, title, url, as_of}], region, option, ...}: a cheat-sheet of
/// `instances` (all when empty) priced as `choice` says; `strings` (the page language's UI strings)
/// name the EFA words (efa_<word>), regions (region_<id>, region_short_<id>), options (option_<id>)
/// and "not offered".
nlohmann::json catalogue_view(const planner::Catalogue& catalogue,
                              const std::vector<const planner::Instance*>& instances = {},
                              const nlohmann::json& strings = nlohmann::json::object(),
                              const CheatsheetChoice& choice = {});

/// A calculator page's view: `kind` and `is_<kind>` (the planner request kind of the worked example),
/// `inputs` (the form's starting values as text), `is.<input>_<value>` flags, `pick.<input>` (the
/// choices of a select: instance types, regions, benchmarks or model presets, one selected),
/// `instances` and `models` (every choice), and `example`: the worked example's response with its
/// numbers formatted as the live calculator shows them, and `example_charts` drawn from it. A training
/// page also gets `fine_tuning_is.<method>` and `lost_on_labels` (the runner-up layouts' words, the table's data-words); the
/// instance comparison `example_training`, the front matter's `requests.training` (a compare request)
/// as shown. `strings` are the page language's UI strings (chart labels); `lang` its code (names of
/// catalogue ids).
nlohmann::json calculator_view(const planner::Catalogue& catalogue, const FrontMatter& front,
                               const nlohmann::json& response, const nlohmann::json& strings,
                               const std::string& lang = "en");

}  // namespace site
