// A Mustache template engine over nlohmann::json, for the generator's templates.
//
//     {{name}} {{a.b}}     a value, HTML-escaped        {{{name}}}   unescaped (trusted HTML)
//     {{#name}}…{{/name}}  a section: once per list item, once for an object or a true value,
//                          never for false, null, "", 0 or an empty list
//     {{^name}}…{{/name}}  an inverted section        {{> partial}}  another template
//     {{! comment }}
//
// Names are looked up through a stack of contexts, innermost first, as Mustache specifies. The
// stack lets pages share views: a page renders over [language frame, section frame, page view]
// without copying the shared parts.
//
// Why not Debian's libmstch: measured on the 10,000-page benchmark corpus, converting each view
// into mstch's nodes and re-parsing templates on every render took 8.5 s of a 24 s build, and
// mstch renders broken templates silently. This engine parses each template once, reports syntax
// errors at file:line:column, and renders straight from the JSON views.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/error.hpp"
#include "text.hpp"

namespace site::mustache {

using site::escape_html;  // text.hpp: shared with the charts, which the wasm module builds too

struct Node;
using Nodes = std::vector<Node>;

struct Node {
    enum class Kind { text, value, raw, section, inverted, partial } kind = Kind::text;
    std::string text;                  // literal text, or the tag's name
    std::vector<std::string> path;     // the name split at dots
    Nodes children;                    // sections
};

struct Template {
    Nodes nodes;
};

/// Parses `text`; errors name `file` with line and column.
Template parse(std::string_view text, const std::string& file, std::vector<planner::Diagnostic>& errors);

using Partials = std::map<std::string, Template>;

/// Renders `t` over `contexts` (outermost first) and appends to `out`.
void render(const Template& t, std::vector<const nlohmann::json*>& contexts, const Partials& partials, std::string& out);

}  // namespace site::mustache
