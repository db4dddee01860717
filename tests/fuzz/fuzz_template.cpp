// Fuzz target: the Mustache engine (site/markup/mustache.hpp), both of its inputs.
//
//   first byte even: the rest is a template, parsed and rendered over a fixed view and partials;
//                    every syntax error must carry a line and column.
//   first byte odd:  the rest is a JSON view, rendered through the project's own templates
//                    (templates/*.html, as the build loads them) as a page; or, when the rest
//                    holds a NUL, a template before it rendered over the JSON view after it.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "files.hpp"
#include "fuzz_support.hpp"
#include "mustache.hpp"
#include "templates.hpp"

namespace {

using nlohmann::json;
namespace mustache = site::mustache;

const json& fixed_view() {
    static const json view = json::parse(R"({
        "title": "<script>alert(1)</script>", "n": 3, "zero": 0, "yes": true, "no": false, "none": null,
        "page": {"title": "学習時間", "url": "guide/", "tags": ["a", "\"><img src=x onerror=alert(1)>"]},
        "items": [{"name": "p4d", "v": 1.5}, {"name": "trn1", "v": 2}], "empty": [], "text": ""
    })");
    return view;
}

const mustache::Partials& fixed_partials() {
    static const mustache::Partials partials = [] {
        mustache::Partials p;
        std::vector<planner::Diagnostic> errors;
        p["item"] = mustache::parse("<li>{{name}} {{v}}</li>\n", "partials/item.html", errors);
        p["nested"] = mustache::parse("{{#items}}{{> item}}{{/items}}", "partials/nested.html", errors);
        fuzz::require(errors.empty(), "the fixed partials parse");
        return p;
    }();
    return partials;
}

const site::Templates& project_templates() {
    static const site::Templates templates = [] {
        const site::fs::path dir = site::fs::path(ACCELGUIDE_SOURCE_DIR) / "templates";
        std::map<std::string, std::string> files;
        for (const auto& rel : site::list_files(dir)) {
            const std::string name = site::generic(rel);
            if (name.rfind("static/", 0) == 0) continue;
            auto text = site::read_file(dir / rel);
            fuzz::require(text.has_value(), "templates/ readable");
            files[name] = std::move(*text);
        }
        site::Templates t(files);
        fuzz::require(t.errors().empty() && t.has("page"), "the project's templates load");
        return t;
    }();
    return templates;
}

// Nested sections over lists multiply (a list of 2 under 30 nested sections is 2^30 renders):
// a property of Mustache, not a bug, so templates with many sections are left out.
std::size_t count(std::string_view text, std::string_view what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

namespace {

// Parses `text` and renders it over `view`: syntax errors carry a position; rendering stops at
// kMaxRenderBytes with an error instead of running out of memory.
void render_template(std::string_view text, const json& view) {
    if (count(text, "{{#") + count(text, "{{>") > 8) return;
    std::vector<planner::Diagnostic> errors;
    const mustache::Template t = mustache::parse(text, "fuzz.html", errors);
    for (const auto& e : errors) fuzz::require(e.line >= 1 && e.column >= 1, "syntax errors carry line:column");
    std::vector<const json*> contexts{&view};
    std::string out;
    try {
        mustache::render(t, contexts, fixed_partials(), out);
    } catch (const mustache::RenderError& e) {
        fuzz::require(e.diagnostic.line >= 1, "render errors carry a position");
        return;
    }
    fuzz::require(contexts.size() == 1, "rendering leaves the context stack as it found it");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
    if (data[0] % 2 == 0) {
        render_template(rest, fixed_view());
        return 0;
    }
    if (const std::size_t nul = rest.find('\0'); nul != std::string_view::npos) {
        const json view = json::parse(rest.substr(nul + 1), nullptr, /*allow_exceptions=*/false);
        if (!view.is_discarded()) render_template(rest.substr(0, nul), view);
        return 0;
    }
    const json view = json::parse(rest, nullptr, /*allow_exceptions=*/false);
    if (view.is_discarded()) return 0;
    project_templates().render_page("page", {&view});
    return 0;
}
