// A Mustache template engine over nlohmann::json, for the generator's templates.
//
//     {{name}} {{a.b}}     a value, HTML-escaped        {{{name}}}   unescaped (trusted HTML)
//     {{#name}}…{{/name}}  a section: once per list item, once for an object or a true value,
//                          never for false, null, "", 0 or an empty list
//     {{^name}}…{{/name}}  an inverted section        {{> partial}}  another template
//     {{! comment }}      {{=<% %>=}}  set delimiters (until the end of this template)
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
#include <mutex>
#include <optional>
#include <stdexcept>
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
    std::string file{};                // where a partial's tag is, for the error when it nests too deep
    std::size_t line = 0, column = 0;
    std::string indent{};              // a standalone partial's indentation, put before each of its lines
};

struct Template {
    Nodes nodes;
};

/// Partials may include themselves (a tree, one level per list), but no deeper than this: past it,
/// render() throws RenderError pointing at the {{> tag}} that went one level too far.
constexpr int kMaxPartialDepth = 32;

/// Sections and inverted sections nest at most this deep in one template: deeper is a syntax error
/// at the section that goes one level too far (so no template can exhaust the stack).
constexpr std::size_t kMaxSectionDepth = 100;

/// One render writes at most this much (a page of a few MB is already large): past it, render()
/// throws RenderError (a template whose sections repeat over data that repeats, say).
constexpr std::size_t kMaxRenderBytes = std::size_t(256) << 20;

struct RenderError : std::runtime_error {
    explicit RenderError(planner::Diagnostic d) : std::runtime_error(d.to_string()), diagnostic(std::move(d)) {}
    planner::Diagnostic diagnostic;
};

/// Parses `text`; errors name `file` with line and column.
Template parse(std::string_view text, const std::string& file, std::vector<planner::Diagnostic>& errors);

using Partials = std::map<std::string, Template>;

/// Keeps what sections over shared data rendered (a language's menu, a section's list of pages), so
/// that each renders once per distinct set of outside values instead of once per page.
///
/// A render that passes a cache names how many of its outermost contexts are shared: views that
/// many renders use, that outlive the cache and that nobody changes while it lives (the templates
/// must outlive it too). A section whose value lies in one of
/// them is kept with every value its body looked up outside that value (the page's `root`, say, or
/// nothing found); a later render of the same section over the same value reuses the output only
/// when each of those lookups finds an equal value again. Safe to share between threads.
class SectionCache {
public:
    struct Outside {
        std::vector<std::string> path;        // the name, split at dots
        std::optional<nlohmann::json> value;   // what it found; nothing when it found nothing
    };
    struct Kept {
        std::vector<Outside> outside;
        std::string output;
    };
    using Key = std::pair<const Node*, const nlohmann::json*>;  // the section, its value

    /// The outputs kept for a section over a value, most recent last.
    std::vector<std::shared_ptr<const Kept>> find(const Key& key) const;
    void keep(const Key& key, std::shared_ptr<const Kept> kept);

private:
    static constexpr std::size_t kVariants = 4;  // per key: pages at a few depths see a few roots
    mutable std::mutex mutex_;
    std::map<Key, std::vector<std::shared_ptr<const Kept>>> kept_;
};

/// Renders `t` over `contexts` (outermost first) and appends to `out`. With a cache, the first
/// `shared_contexts` contexts are the shared ones (see SectionCache).
void render(const Template& t, std::vector<const nlohmann::json*>& contexts, const Partials& partials, std::string& out,
            SectionCache* cache = nullptr, std::size_t shared_contexts = 0);

}  // namespace site::mustache
