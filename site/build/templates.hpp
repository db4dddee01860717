// HTML templates: Mustache (mustache.hpp), escaped by default, each parsed once.
//
// templates/
//   base.html            the layout; receives the rendered page template as {{{body}}}
//   <name>.html          page templates: home, page, section, calculator, cheatsheet, references,
//                        accelerator, 404
//   partials/<name>.html used as {{> name}}
//
// Templates see only the read-only JSON views the assemble stage builds (views.hpp): a stack of
// frames shared between pages (the language's strings and menu, the section's page list) under
// the page's own view.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "mustache.hpp"
#include "planner/error.hpp"

namespace site {

class Templates {
public:
    /// `files` maps a path relative to templates/ ("page.html", "partials/nav.html") to its text.
    explicit Templates(const std::map<std::string, std::string>& files);

    bool has(const std::string& name) const { return pages_.count(name) > 0; }

    /// Renders page template `name` over `contexts` (outermost first), then base.html around it.
    /// With a cache, the first `shared_contexts` are frames shared between pages (mustache.hpp).
    std::string render_page(const std::string& name, std::vector<const nlohmann::json*> contexts,
                            mustache::SectionCache* cache = nullptr, std::size_t shared_contexts = 0) const;

    /// Syntax errors found when loading (unclosed or mismatched sections, unclosed tags, unknown
    /// partials), each at templates/<file>:line:column.
    const std::vector<planner::Diagnostic>& errors() const { return errors_; }

private:
    std::map<std::string, mustache::Template> pages_;  // "page" -> parsed
    mustache::Partials partials_;                      // "nav" -> parsed
    std::vector<planner::Diagnostic> errors_;
};

}  // namespace site
