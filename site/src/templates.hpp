// HTML templates: Mustache (mstch), escaped by default. Every mstch call lives in templates.cpp.
//
// templates/
//   base.html            the layout; receives the rendered page template as {{{body}}}
//   <name>.html          page templates: home, page, calculator, cheatsheet
//   partials/<name>.html used as {{> name}}
//
// Templates see only the read-only JSON view the assemble stage builds (see site_build.hpp).
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/error.hpp"

namespace site {

class Templates {
public:
    /// `files` maps a path relative to templates/ ("page.html", "partials/nav.html") to its text.
    explicit Templates(const std::map<std::string, std::string>& files);

    bool has(const std::string& name) const { return pages_.count(name) > 0; }

    /// Renders page template `name` with `view`, then base.html around it.
    std::string render_page(const std::string& name, const nlohmann::json& view) const;

    /// Syntax errors found when loading: unclosed or mismatched sections, unclosed tags, unknown
    /// partials, each at templates/<file>:line:column. mstch itself renders broken templates silently.
    const std::vector<planner::Diagnostic>& errors() const { return errors_; }

private:
    std::vector<planner::Diagnostic> errors_;
    std::map<std::string, std::string> pages_;     // "page" -> text
    std::map<std::string, std::string> partials_;  // "nav" -> text
};

}  // namespace site
