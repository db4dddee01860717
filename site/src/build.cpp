#include "build.hpp"

#include <algorithm>

#include "files.hpp"
#include "markdown.hpp"
#include "planner/api.hpp"
#include "templates.hpp"
#include "views.hpp"

namespace site {

using nlohmann::json;
using planner::Diagnostic;

namespace {

Diagnostic file_error(std::string code, const std::string& file, std::string message, std::string hint = {}) {
    return Diagnostic{std::move(code), file, 0, 0, "", "", std::move(message), std::move(hint)};
}

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

Sources load(const fs::path& root, std::vector<Diagnostic>& errors) {
    Sources s;
    s.root = root;
    auto must_read = [&](const fs::path& rel, std::string& into) {
        if (auto text = read_file(root / rel)) into = std::move(*text);
        else errors.push_back(file_error("load.missing", generic(rel), "cannot read this file"));
    };
    must_read("content/config.yaml", s.config);
    for (planner::CatalogueFiles::File* f : s.catalogue.all()) must_read(f->name, f->text);
    for (const auto& rel : list_files(root / "content")) {
        const std::string name = generic(rel);
        if (!ends_with(name, ".md")) continue;
        must_read(fs::path("content") / rel, s.content[name]);
    }
    for (const auto& rel : list_files(root / "templates")) {
        const std::string name = generic(rel);
        if (name.rfind("static/", 0) == 0) s.static_files.emplace(name.substr(7), root / "templates" / rel);
        else must_read(fs::path("templates") / rel, s.templates[name]);
    }
    if (s.content.empty())
        errors.push_back(file_error("load.no_content", "content/", "no Markdown files found",
                                    "pages live in content/<language>/**.md"));
    return s;
}

Parsed parse(const Sources& sources, std::vector<Diagnostic>& errors) {
    Parsed p;
    p.config = parse_config(sources.config, "content/config.yaml", errors);
    for (auto& lang : p.config.languages) {
        const std::string file = "i18n/" + lang.code + ".yaml";
        auto it = sources.templates.find(file);
        if (it == sources.templates.end())
            errors.push_back(file_error("load.missing", "templates/" + file, "UI strings for \"" + lang.code + "\" are missing"));
        else
            parse_strings(it->second, "templates/" + file, lang, errors);
    }

    planner::CatalogueLoad catalogue = planner::load_catalogue(sources.catalogue);
    errors.insert(errors.end(), catalogue.errors.begin(), catalogue.errors.end());
    p.catalogue = std::move(catalogue.catalogue);

    for (const auto& [rel, text] : sources.content) {
        const std::string file = "content/" + rel;
        const auto slash = rel.find('/');
        const std::string lang = slash == std::string::npos ? "" : rel.substr(0, slash);
        if (!p.config.language(lang)) {
            errors.push_back(file_error("content.unknown_language", file,
                                        "\"" + lang + "\" is not a language of content/config.yaml",
                                        "put pages under content/<language>/"));
            continue;
        }
        ParseResult parsed = parse_content(text, file);
        errors.insert(errors.end(), parsed.errors.begin(), parsed.errors.end());
        if (!parsed.content) continue;

        Page page;
        page.source = file;
        page.lang = lang;
        page.key = rel.substr(slash + 1, rel.size() - slash - 1 - 3);  // drop "<lang>/" and ".md"
        const bool is_index = page.key == "_index" || ends_with(page.key, "/_index");
        const std::string dir = is_index ? page.key.substr(0, page.key.size() - 6) : page.key + "/";
        page.url = p.config.prefix(lang) + dir;
        page.front = std::move(parsed.content->front);
        page.kind = !page.front.template_name.empty() ? page.front.template_name : page.key == "_index" ? "home" : "page";
        page.html = render_markdown(parsed.content->body);
        p.pages.push_back(std::move(page));
    }
    return p;
}

Site assemble(const Parsed& parsed, std::vector<Diagnostic>& errors) {
    Site site;
    for (const Page& page : parsed.pages) {
        json view = page_view(parsed, page);
        if (page.kind == "cheatsheet") view["catalogue"] = catalogue_view(parsed.catalogue, page.lang);
        if (page.kind == "calculator") {
            if (page.front.example.is_null()) {
                errors.push_back(file_error("content.calculator_example", page.source,
                                            "a calculator page needs an `example:` planner request in its front matter"));
                continue;
            }
            const json response = json::parse(planner::plan(parsed.catalogue, page.front.example.dump()));
            if (!response.value("ok", false)) {
                for (const auto& e : response["errors"])
                    errors.push_back(file_error("content.calculator_example", page.source,
                                                "example." + e.value("field", std::string()) + ": " +
                                                    e.value("message", std::string())));
                continue;
            }
            view["calculator"] = calculator_view(parsed.catalogue, page.front, response, page.lang);
        }
        site.pages.emplace_back(page.kind, std::move(view));
        site.outputs.push_back(page.url + "index.html");
    }
    return site;
}

Output render(const Site& site, const Sources& sources, std::vector<Diagnostic>& errors) {
    Output out;
    Templates templates(sources.templates);
    if (!templates.has("base"))
        errors.push_back(file_error("template.missing", "templates/base.html", "the layout every page is rendered into is missing"));
    for (std::size_t i = 0; i < site.pages.size(); ++i) {
        const auto& [kind, view] = site.pages[i];
        if (!templates.has(kind)) {
            errors.push_back(file_error("template.missing", "templates/" + kind + ".html", "missing",
                                        "a page uses `template: " + kind + "`"));
            continue;
        }
        if (!errors.empty()) continue;
        out.files.push_back({site.outputs[i], templates.render_page(kind, view)});
    }
    for (const auto& [rel, from] : sources.static_files) out.copies.push_back({rel, from});
    return out;
}

Report build_site(const BuildOptions& options) {
    Report report;
    const fs::path out = options.out.empty() ? options.root / "build" / "site" : options.out;
    const fs::path wasm = options.wasm_dir.empty() ? options.root / "build" / "wasm" / "dist" : options.wasm_dir;

    Sources sources = load(options.root, report.errors);
    if (!report.ok()) return report;
    Parsed parsed = parse(sources, report.errors);
    if (!report.ok()) return report;
    Site site = assemble(parsed, report.errors);
    if (!report.ok()) return report;
    Output output = render(site, sources, report.errors);
    if (!report.ok()) return report;

    const bool needs_wasm = std::any_of(parsed.pages.begin(), parsed.pages.end(),
                                        [](const Page& p) { return p.kind == "calculator"; });
    if (needs_wasm) {
        auto files = list_files(wasm);
        if (files.empty()) {
            report.errors.push_back(file_error("build.no_wasm", generic(wasm),
                                               "the calculator pages need the WebAssembly planner, and it is not built",
                                               "run `make wasm`, or pass --wasm-dir"));
            return report;
        }
        for (const auto& rel : files) output.copies.push_back({"assets/wasm/" + generic(rel), wasm / rel});
    }

    if (std::string err = write_atomically(out, output); !err.empty()) {
        report.errors.push_back(file_error("write.failed", generic(out), err));
        return report;
    }
    report.pages = output.files.size();
    report.files = output.files.size() + output.copies.size();
    return report;
}

}  // namespace site
