#include "build.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>
#include <set>

#include "accuracy_view.hpp"
#include "asset_check.hpp"
#include "chart_slots.hpp"
#include "data_pages.hpp"
#include "files.hpp"
#include "outputs.hpp"
#include "parallel.hpp"
#include "planner/api.hpp"
#include "plan.hpp"
#include "messages.hpp"
#include "planner/json_position.hpp"
#include "shortcodes.hpp"
#include "stop_point.hpp"
#include "templates.hpp"
#include "url_path.hpp"
#include "utf8.hpp"
#include "views.hpp"

namespace site {

using nlohmann::json;
using planner::Diagnostic;

namespace {

// Prints how long each stage took (--timings), or which stage runs on one terminal line.
class Stopwatch {
public:
    Stopwatch(bool timings, bool progress)
        : timings_(timings), progress_(progress && !timings), last_(std::chrono::steady_clock::now()) {}
    ~Stopwatch() {
        if (progress_) std::fprintf(stderr, "\r\033[K");
    }
    void lap(const char* stage, const char* next = nullptr) {
        const auto now = std::chrono::steady_clock::now();
        if (timings_ && *stage)
            std::fprintf(stderr, "  %-9s %8.1f ms\n", stage, std::chrono::duration<double, std::milli>(now - last_).count());
        if (progress_ && next) std::fprintf(stderr, "\r\033[K%s…", next);
        last_ = now;
    }

private:
    bool timings_, progress_;
    std::chrono::steady_clock::time_point last_;
};

Diagnostic file_error(std::string code, const std::string& file, std::string message, std::string hint = {},
                      std::size_t line = 0, std::size_t column = 0) {
    return Diagnostic{std::move(code), file, line, column, "", "", std::move(message), std::move(hint)};
}

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string parent_of(const std::string& key) {
    const auto slash = key.rfind('/');
    return slash == std::string::npos ? std::string() : key.substr(0, slash);
}

// Where a front-matter key stands, for errors found after parsing (1:1 when the key is absent).
std::pair<std::size_t, std::size_t> where(const Page& p, const char* key) {
    auto it = p.front.positions.find(key);
    return it == p.front.positions.end() ? std::make_pair(std::size_t(1), std::size_t(1))
                                         : std::make_pair(it->second.line, it->second.column);
}

// One content file, read on its own: the page (none after an error, or for a draft left out),
// its Markdown body and the errors found.
struct SourcePage {
    std::optional<Page> page;
    std::string body;
    std::size_t body_line = 1;
    std::vector<Diagnostic> errors;
};

// A page's place in the site: its key, whether it is a section, its URL, its template and the files
// beside it (a bundle's or a section's).
void place_page(Page& page, const std::string& rel, const Config& config, const Sources& sources) {
    const auto slash = rel.find('/');
    std::string path = rel.substr(slash + 1, rel.size() - slash - 1 - 3);  // without "<lang>/" and ".md"
    const std::string base = path.substr(path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
    page.is_section = base == "_index";
    const bool bundle = base == "index";
    if (page.is_section || bundle) path = parent_of(path);
    page.key = path;
    // The URL: the key, with the slug in place of its last segment.
    std::string url_key = page.key;
    if (!page.front.slug.empty() && !url_key.empty()) url_key = parent_of(url_key).empty() ? page.front.slug
                                                                                           : parent_of(url_key) + "/" + page.front.slug;
    page.url = config.prefix(page.lang) + (url_key.empty() ? "" : url_key + "/");
    page.kind = !page.front.template_name.empty() ? page.front.template_name
                : page.key.empty()                 ? "home"
                : page.is_section                  ? "section"
                                                   : "page";
    // Files beside a bundle (dir/index.md) or a section (dir/_index.md) go with the page.
    if (page.is_section || bundle) {
        const std::string dir = page.lang + "/" + (page.key.empty() ? "" : page.key + "/");
        for (const auto& [asset, from] : sources.content_assets)
            if (asset.rfind(dir, 0) == 0 && asset.find('/', dir.size()) == std::string::npos) page.assets.push_back(asset);
    }
}

SourcePage parse_page(const std::string& rel, const std::string& text, const Config& config, const Sources& sources,
                      const BuildOptions& options) {
    SourcePage out;
    const std::string file = "content/" + rel;
    const auto slash = rel.find('/');
    const std::string lang = slash == std::string::npos ? "" : rel.substr(0, slash);
    if (!config.language(lang)) {
        out.errors.push_back(file_error("content.unknown_language", file,
                                        "\"" + lang + "\" is not a language of content/config.yaml",
                                        "put pages under content/<language>/"));
        return out;
    }
    if (const Utf8Error bad = check_utf8(text); bad.line) {
        char byte[8];
        std::snprintf(byte, sizeof byte, "0x%02x", bad.byte);
        out.errors.push_back(file_error("content.invalid_utf8", file, std::string("byte ") + byte + " is not valid UTF-8",
                                        "save the file as UTF-8", bad.line, bad.column));
        return out;
    }
    ParseResult parsed = parse_content(text, file);
    out.errors = std::move(parsed.errors);
    if (!parsed.content || (parsed.content->front.draft && !options.drafts)) return out;

    Page page;
    page.source = file;
    page.lang = lang;
    page.front = std::move(parsed.content->front);
    place_page(page, rel, config, sources);
    out.page = std::move(page);
    out.body = std::move(parsed.content->body);
    out.body_line = parsed.content->body_line;
    return out;
}

}  // namespace

Sources load(const fs::path& root, std::vector<Diagnostic>& errors) {
    Sources s;
    s.root = root;
    auto report = [&](const std::string& folder, const InputProblem& p) {
        errors.push_back(file_error(p.code, folder + generic(p.path), p.message, p.hint));
    };
    auto must_read = [&](const fs::path& rel, std::string& into) {
        InputFile in = read_input(root / rel, kMaxInputBytes);
        if (in.text) into = std::move(*in.text);
        else report(generic(rel.parent_path()) + "/", {in.problem.code, rel.filename(), in.problem.message, in.problem.hint});
    };
    must_read("content/config.yaml", s.config);
    for (const InputProblem& p : read_catalogue_files(root, s.catalogue)) report("", p);
    if (fs::exists(root / "data/accuracy.json")) {
        s.accuracy.emplace(planner::CatalogueFiles::File{"data/accuracy.json", ""});
        must_read("data/accuracy.json", s.accuracy->text);
    }
    std::vector<std::pair<std::string, std::string*>> pages;  // read in parallel below
    InputListing content = list_inputs(root / "content", root);
    for (const InputProblem& p : content.problems) report("content/", p);
    for (const auto& rel : content.files) {
        const std::string name = generic(rel);
        if (name == "config.yaml") continue;
        if (ends_with(name, ".md")) pages.emplace_back(name, &s.content[name]);
        else s.content_assets.emplace(name, root / "content" / rel);
    }
    std::vector<InputProblem> unreadable(pages.size());
    parallel_for(pages.size(), 0, [&](std::size_t i) {
        InputFile in = read_input(root / "content" / pages[i].first, kMaxPageBytes);
        if (in.text) *pages[i].second = std::move(*in.text);
        else unreadable[i] = {in.problem.code, pages[i].first, in.problem.message, in.problem.hint};
    });
    for (const InputProblem& p : unreadable)
        if (!p.code.empty()) report("content/", p);
    InputListing templates = list_inputs(root / "templates", root);
    for (const InputProblem& p : templates.problems) report("templates/", p);
    for (const auto& rel : templates.files) {
        const std::string name = generic(rel);
        if (name.rfind("static/", 0) == 0) s.static_files.emplace(name.substr(7), root / "templates" / rel);
        else must_read(fs::path("templates") / rel, s.templates[name]);
    }
    if (s.content.empty())
        errors.push_back(file_error("load.no_content", "content/", "no Markdown files found",
                                    "pages live in content/<language>/**.md"));
    return s;
}

Parsed parse(const Sources& sources, const BuildOptions& options, std::vector<Diagnostic>& errors) {
    Parsed p;
    p.threads = options.threads;
    const std::size_t errors_before = errors.size();
    p.config = parse_config(sources.config, "content/config.yaml", errors);
    // Every page depends on the config (its languages above all): report the config's own errors,
    // not one per page that follows from them.
    if (errors.size() > errors_before) return p;
    if (!p.config.unsafe_html)
        for (const auto& [name, path] : sources.content_assets) {
            if (!may_be_active(name)) continue;
            InputFile in = read_input(path, kMaxInputBytes);
            if (!in.text) {
                errors.push_back(file_error(in.problem.code, "content/" + name, in.problem.message, in.problem.hint));
                continue;
            }
            if (auto unsafe = unsafe_asset(name, *in.text))
                errors.push_back(file_error("content.unsafe_asset", "content/" + name,
                                            "this file holds " + unsafe->what + ", which a browser would run on the site",
                                            "remove it, or set unsafe_html: true in content/config.yaml if you trust it",
                                            unsafe->line, unsafe->column));
        }
    for (const auto& [path, text] : sources.templates) {
        if (ends_with(path, ".html") && path.rfind("partials/", 0) != 0) p.templates.insert(path.substr(0, path.size() - 5));
        // Templates are text: a binary file (an image saved under templates/, say) would be copied
        // into every page that uses it.
        if (const Utf8Error bad = check_utf8(text); bad.line) {
            char byte[8];
            std::snprintf(byte, sizeof byte, "0x%02x", bad.byte);
            errors.push_back(file_error("template.not_text", "templates/" + path,
                                        std::string("byte ") + byte + " is not valid UTF-8: templates are text",
                                        "save the file as UTF-8, or move it out of templates/", bad.line, bad.column));
        } else if (const auto nul = text.find('\0'); nul != std::string::npos) {
            const planner::TextPosition at = planner::position_of_offset(text, nul);
            errors.push_back(file_error("template.not_text", "templates/" + path, "a NUL byte: templates are text",
                                        "move binary files out of templates/", at.line, at.column));
        }
    }
    if (!options.base_url.empty()) {
        if (options.base_url.rfind("http://", 0) != 0 && options.base_url.rfind("https://", 0) != 0)
            errors.push_back(file_error("options.bad_base_url", "--base-url", "\"" + options.base_url + "\" is not an absolute http(s) URL",
                                        "for example --base-url https://example.org/docs/"));
        p.config.base_url = options.base_url.back() == '/' ? options.base_url : options.base_url + "/";
    }
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
    if (sources.accuracy && catalogue.ok()) {
        planner::AccuracyLoad cases = planner::load_accuracy_cases(*sources.accuracy, p.catalogue);
        errors.insert(errors.end(), cases.errors.begin(), cases.errors.end());
        p.accuracy = planner::evaluate_cases(p.catalogue, cases.cases);
        std::vector<planner::AccuracyCase> bare;
        for (const planner::AccuracyCase& c : cases.cases) bare.push_back(planner::without_anchors(c));
        p.predicted = planner::evaluate_cases(p.catalogue, bare);
        for (const planner::CaseResult& r : p.accuracy)
            if (!r.planned)
                errors.push_back(planner::Diagnostic{"data.accuracy_case", sources.accuracy->name, r.c.position.line,
                                                     r.c.position.column, r.c.id, "",
                                                     r.failure + (r.refused ? ": " + r.refused->field + ": " + site::error_text(*r.refused) : ""),
                                                     "fix the case's requests or read paths (planner/API.md)"});
    }

    // Each content file on its own, in parallel: language, UTF-8, front matter, URL.
    std::vector<const std::pair<const std::string, std::string>*> files;
    for (const auto& file : sources.content) files.push_back(&file);
    std::vector<SourcePage> read(files.size());
    parallel_for(files.size(), options.threads, [&](std::size_t i) {
        read[i] = parse_page(files[i]->first, files[i]->second, p.config, sources, options);
    });
    std::vector<SourcePage*> bodies;  // of the pages kept, in source order
    for (SourcePage& r : read) {
        errors.insert(errors.end(), r.errors.begin(), r.errors.end());
        if (!r.page) continue;
        p.pages.push_back(std::move(*r.page));
        bodies.push_back(&r);
    }
    if (!errors.empty()) return p;

    // Shortcodes and Markdown, in parallel: each page is independent.
    std::vector<std::vector<Diagnostic>> page_errors(p.pages.size());
    parallel_for(p.pages.size(), options.threads,
                 [&](std::size_t i) {
                     render_body(p.pages[i], bodies[i]->body, bodies[i]->body_line, p, page_errors[i]);
                     std::string().swap(bodies[i]->body);  // its memory can serve the pages still to come
                 });
    for (auto& e : page_errors) errors.insert(errors.end(), e.begin(), e.end());
    return p;
}

namespace {
std::string ui_string(const Config& config, const std::string& lang, const char* key, const std::string& fallback) {
    const Language* language = config.language(lang);
    return language ? language->strings.value(key, fallback) : fallback;
}
}  // namespace

void render_body(Page& page, const std::string& body, std::size_t body_line, const Parsed& parsed,
                 std::vector<Diagnostic>& errors) {
    const ShortcodeContext context{parsed.catalogue, page.front.requests, page.source, body_line,
                                   root_of(page.url) + parsed.config.prefix(page.lang), "references/", page.lang,
                                   ui_string(parsed.config, page.lang, "references_title", "References"),
                                   ui_string(parsed.config, page.lang, "value_yes", "yes"),
                                   ui_string(parsed.config, page.lang, "value_no", "no")};
    if (const auto wide = find_wide_line(body)) {
        errors.push_back(file_error("content.table_too_wide", page.source,
                                    "this line has " + std::to_string(wide->cells) + " table cells; at most " +
                                        std::to_string(kMaxTableCells) + " are rendered (more would take time that grows "
                                        "with the square of the cells)",
                                    "split the table, or put the line in a fenced code block (```)",
                                    body_line + wide->line - 1, wide->column));
        return;
    }
    Expanded expanded = expand_shortcodes(body, context, errors);
    // A request no shortcode uses is still checked: a broken one is a mistake waiting to be quoted.
    if (page.front.requests.is_object())
        for (const auto& [name, request] : page.front.requests.items()) {
            if (expanded.planned.count(name)) continue;
            // Asked in English: the build's own messages (for the page's author) are English.
            const json response = json::parse(site::plan(parsed.catalogue, request.dump()));
            if (response.value("ok", false)) continue;
            const auto [line, column] = where(page, "requests");
            const json& e = response["errors"][0];
            errors.push_back(file_error("content.request", page.source,
                                        "request \"" + name + "\" fails: " + e.value("field", std::string()) + ": " +
                                            e.value("message", std::string()),
                                        "fix it, or remove it if no shortcode uses it", line, column));
        }
    RenderedMarkdown rendered = render_markdown(expanded.markdown, MarkdownOptions{parsed.config.unsafe_html});
    page.html = fill_placeholders(std::move(rendered.html), expanded.html);
    page.toc = std::move(rendered.toc);
}

json view_for(const SiteIndex& index, const Page& page, std::vector<Diagnostic>& errors) {
    const planner::Catalogue& catalogue = index.catalogue;
    json view = page_view(index, page);
    if (page.kind == "cheatsheet") {
        std::vector<const planner::Instance*> only;
        if (page.data.contains("family"))
            for (const auto& inst : catalogue.instances)
                if (inst.family == page.data["family"]) only.push_back(&inst);
        const Language* language = index.config.language(page.lang);
        const json strings = language ? language->strings : json::object();
        CheatsheetChoice choice;
        choice.lang = page.lang;
        const json variant = page.data.is_object() ? page.data : json::object();
        choice.region = variant.value("region", ui_string(index.config, page.lang, "home_region", "us-east-1"));
        choice.option = variant.value("option", std::string(planner::kOnDemand));
        view["catalogue"] = catalogue_view(catalogue, only, strings, choice);
        // The selector: every region and option as a link to its own static page.
        const std::string base = root_of(page.url) + index.config.prefix(page.lang);
        json regions = json::array(), options = json::array();
        for (const auto& r : catalogue.regions)
            regions.push_back({{"name", strings.value("region_short_" + r.id, r.name)},
                               {"title", strings.value("region_" + r.id, r.name)},
                               {"url", base + cheatsheet_key(r.id, choice.option) + "/"},
                               {"current", r.id == choice.region}});
        for (const auto& o : catalogue.priced_options())
            options.push_back({{"name", strings.value("option_" + o, o)},
                               {"url", base + cheatsheet_key(choice.region, o) + "/"},
                               {"current", o == choice.option}});
        view["catalogue"]["regions"] = regions;
        view["catalogue"]["options"] = options;
        std::string note = strings.value("cheatsheet_prices", std::string());
        json& cv = view["catalogue"];
        for (const auto& [hole, value] : {std::pair{"{region}", cv.value("region_name", std::string())},
                                          std::pair{"{option}", cv.value("option_name", std::string())},
                                          std::pair{"{rate}", cv.value("usd_jpy", std::string())},
                                          std::pair{"{as_of}", cv.value("usd_jpy_as_of", std::string())}})
            if (auto at = note.find(hole); at != std::string::npos) note.replace(at, std::string(hole).size(), value);
        cv["prices_note"] = note;
        cv["spot"] = choice.option == planner::kSpot;
    }
    if (!page.data.is_null()) view["data"] = page.data;
    if (page.kind == "accuracy") {
        if (index.accuracy.empty())
            errors.push_back(file_error("content.accuracy", page.source,
                                        "the accuracy page shows data/accuracy.json, and it has no cases",
                                        "add the published cases the planner is checked against"));
        const Language* language = index.config.language(page.lang);
        view["accuracy"] = accuracy_view(index.accuracy, index.predicted, page.lang, language ? language->strings : json::object(),
                                         root_of(page.url) + index.config.prefix(page.lang) + "references/");
        view["accuracy"]["bands"] = error_bands_view(catalogue.error_bands, language ? language->strings : json::object());
    }
    if (page.kind == "calculator") {
        if (page.front.example.is_null()) {
            errors.push_back(file_error("content.calculator_example", page.source,
                                        "a calculator page needs an `example:` planner request in its front matter"));
            return view;
        }
        const json response = json::parse(site::plan(catalogue, in_language(page.front.example, page.lang).dump()));
        if (!response.value("ok", false)) {
            auto [line, column] = where(page, "example");
            for (const auto& e : response["errors"])
                errors.push_back(file_error("content.calculator_example", page.source,
                                            "example." + e.value("field", std::string()) + ": " +
                                                e.value("message", std::string()),
                                            "", line, column));
            return view;
        }
        const Language* language = index.config.language(page.lang);
        view["calculator"] = calculator_view(catalogue, page.front, response, language ? language->strings : json::object(), page.lang);
    }
    return view;
}

std::string render_html(const Templates& templates, const RenderedPage& r, bool live_reload,
                        mustache::SectionCache* cache) {
    std::vector<const json*> contexts;
    for (const auto& frame : r.frames) contexts.push_back(frame.get());
    contexts.push_back(&r.view);
    std::string html = templates.render_page(r.kind, std::move(contexts), cache, r.frames.size());
    // A calculator's charts for its example, for readers without JavaScript (chart_slots.hpp).
    if (const auto calculator = r.view.find("calculator"); calculator != r.view.end() && calculator->contains("chart_specs"))
        html = draw_chart_slots(std::move(html), (*calculator)["chart_specs"]);
    if (live_reload) {
        const auto body = html.rfind("</body>");
        const std::string script =
            "<script src=\"" + r.view["root"].get<std::string>() + "__accelguide/live-reload.js\"></script>\n";
        html.insert(body == std::string::npos ? html.size() : body, script);
    }
    return html;
}

Site assemble(Parsed& parsed, std::vector<Diagnostic>& errors) {
    Site site;
    site.pages = std::move(parsed.pages);
    add_data_pages(parsed.config, parsed.catalogue, parsed.templates, site.pages);

    // Sections: each page belongs to the nearest folder above it that has an _index.md.
    std::set<std::pair<std::string, std::string>> sections;
    for (const Page& p : site.pages)
        if (p.is_section) sections.insert({p.lang, p.key});
    for (Page& p : site.pages) {
        if (p.key.empty()) continue;
        std::string up = parent_of(p.key);
        while (!up.empty() && !sections.count({p.lang, up})) up = parent_of(up);
        p.section = up;
    }

    // Every URL once; aliases must not land on a page or on each other.
    std::map<std::string, const Page*> owner;
    for (const Page& p : site.pages) {
        auto [it, added] = owner.emplace(p.url, &p);
        if (!added) {
            auto [line, column] = where(p, "slug");
            errors.push_back(file_error("content.duplicate_url", p.source.empty() ? "(generated)" : p.source,
                                        "the URL /" + p.url + " is already used by " +
                                            (it->second->source.empty() ? "a generated page" : it->second->source),
                                        "give one of them another file name or slug", line, column));
        }
    }
    std::map<std::string, const Page*> alias_owner;
    for (const Page& p : site.pages) {
        for (const std::string& alias : p.front.aliases) {
            // One spelling per URL: "./", "en/guide/." and "/en//guide/" are the URLs they name.
            const std::optional<std::string> normal = normalise_alias(alias);
            auto [line, column] = where(p, "aliases");
            if (!normal) {
                errors.push_back(file_error("content.bad_alias", p.source,
                                            "alias \"" + alias + "\" does not name a page of this site",
                                            "write a path from the site root, e.g. old/guide/", line, column));
                continue;
            }
            const std::string& a = *normal;
            if (a == p.url) {
                errors.push_back(file_error("content.alias_cycle", p.source, "alias \"" + alias + "\" redirects the page to itself",
                                            "remove it", line, column));
            } else if (auto page = owner.find(a); page != owner.end()) {
                errors.push_back(file_error("content.alias_cycle", p.source,
                                            "alias \"" + alias + "\" is the URL of " + page->second->source +
                                                ", which would redirect away from a live page",
                                            "remove the alias or move that page", line, column));
            } else if (auto other = alias_owner.emplace(a, &p); !other.second) {
                errors.push_back(file_error("content.alias_cycle", p.source,
                                            "alias \"" + alias + "\" is also an alias of " + other.first->second->source,
                                            "keep it on one page", line, column));
            } else {
                site.extra.push_back({a + "index.html", redirect_page(parsed.config.base_url, a, p.url)});
                site.alias_claims[a + "index.html"] = {a + "index.html", "alias \"" + alias + "\" of " + p.source, p.source,
                                                      line, column};
            }
        }
    }
    if (!errors.empty()) return site;

    const SiteIndex index(parsed.config, site.pages, parsed.catalogue, parsed.accuracy, parsed.predicted);
    for (const Page& page : site.pages)
        for (const std::string& asset : page.assets)
            site.assets.emplace_back(page.url + asset.substr(asset.rfind('/') + 1), asset);
    // Views in parallel: each reads the index and its own page only.
    site.renders.resize(site.pages.size());
    std::vector<std::vector<Diagnostic>> view_errors(site.pages.size());
    parallel_for(site.pages.size(), parsed.threads, [&](std::size_t i) {
        const Page& page = site.pages[i];
        site.renders[i] = {page.kind, index.frames_for(page), view_for(index, page, view_errors[i]),
                           page.kind == "404" ? page.url : page.url + "index.html"};  // 404 pages: "404.html", "en/404.html"
    });
    for (auto& e : view_errors) errors.insert(errors.end(), e.begin(), e.end());
    add_site_files(index, site.extra);
    return site;
}

void check_output_paths(const Site& site, const Sources& sources, const std::vector<fs::path>& wasm_files,
                        std::vector<Diagnostic>& errors) {
    std::vector<OutputClaim> claims;
    claims.reserve(site.renders.size() + site.extra.size() + site.assets.size() + sources.static_files.size() +
                   wasm_files.size());
    for (std::size_t i = 0; i < site.renders.size(); ++i) {
        const Page& page = site.pages[i];
        if (page.source.empty()) {
            claims.push_back({site.renders[i].output, "the generated page /" + page.url});
        } else {
            auto [line, column] = where(page, "slug");
            claims.push_back({site.renders[i].output, "the page " + page.source, page.source, line, column});
        }
    }
    for (const OutputFile& f : site.extra) {
        auto alias = site.alias_claims.find(f.path);
        claims.push_back(alias != site.alias_claims.end() ? alias->second : OutputClaim{f.path, "the generated " + f.path});
    }
    for (const auto& [path, asset] : site.assets) claims.push_back({path, "content/" + asset});
    for (const auto& [rel, from] : sources.static_files) claims.push_back({rel, "templates/static/" + rel});
    for (const fs::path& rel : wasm_files) {
        const std::string path = "assets/wasm/" + generic(rel);
        claims.push_back({path, "the WebAssembly planner's " + path});
    }
    for (Diagnostic& e : output_conflicts(claims)) errors.push_back(std::move(e));
}

namespace {

// Loads the templates and checks that every page's template exists.
bool templates_for(const Site& site, const Templates& templates, std::vector<Diagnostic>& errors) {
    for (const auto& e : templates.errors()) errors.push_back(e);
    if (!templates.has("base"))
        errors.push_back(file_error("template.missing", "templates/base.html", "the layout every page is rendered into is missing"));
    std::set<std::string> reported;
    for (std::size_t i = 0; i < site.renders.size(); ++i) {
        const Page& page = site.pages[i];
        if (templates.has(site.renders[i].kind) || !reported.insert(page.source + site.renders[i].kind).second) continue;
        auto [line, column] = where(page, "template");
        errors.push_back(file_error("template.missing", page.source.empty() ? "templates/" : page.source,
                                    "no template \"" + site.renders[i].kind + "\" in templates/",
                                    "add templates/" + site.renders[i].kind + ".html or use another template", line, column));
    }
    return errors.empty();
}

// Renders every page on all cores and hands each to sink(i, html). A template that fails while
// rendering (a partial nested too deep, mustache.hpp) fails every page it renders: its error is
// reported once, and the result is false.
template <class Sink>
bool render_pages(const Site& site, const Templates& templates, const BuildOptions& options,
                  std::vector<Diagnostic>& errors, const Sink& sink) {
    mustache::SectionCache cache;
    std::mutex failed_mutex;
    std::map<std::string, Diagnostic> failed;  // by their text: each once, in order
    parallel_for(site.renders.size(), options.threads, [&](std::size_t i) {
        try {
            sink(i, render_html(templates, site.renders[i], options.live_reload, &cache));
        } catch (const mustache::RenderError& e) {
            Diagnostic d = e.diagnostic;
            if (d.file.empty()) d.file = site.pages[i].source.empty() ? site.renders[i].output : site.pages[i].source;
            const std::lock_guard<std::mutex> lock(failed_mutex);
            failed.emplace(d.to_string(), d);
        }
    });
    for (const auto& [text, d] : failed) errors.push_back(d);
    return failed.empty();
}

}  // namespace

Output render(const Site& site, const Sources& sources, const BuildOptions& options, std::vector<Diagnostic>& errors) {
    Output out;
    const Templates templates(sources.templates);
    if (!templates_for(site, templates, errors)) return out;
    out.files.resize(site.renders.size());
    const bool rendered = render_pages(site, templates, options, errors, [&](std::size_t i, std::string html) {
        out.files[i] = {site.renders[i].output, std::move(html)};
    });
    if (!rendered) return Output{};
    out.files.insert(out.files.end(), site.extra.begin(), site.extra.end());
    for (const auto& [path, asset] : site.assets) out.copies.push_back({path, sources.content_assets.at(asset)});
    for (const auto& [rel, from] : sources.static_files) out.copies.push_back({rel, from});
    return out;
}

void render_into(const Site& site, const Sources& sources, const BuildOptions& options, Staging& staging,
                 std::vector<Diagnostic>& errors) {
    const Templates templates(sources.templates);
    if (!templates_for(site, templates, errors)) return;
    std::vector<std::optional<Diagnostic>> failures(site.renders.size());
    if (!render_pages(site, templates, options, errors, [&](std::size_t i, const std::string& html) {
            failures[i] = staging.write(site.renders[i].output, html);
        }))
        return;
    for (const OutputFile& f : site.extra) failures.push_back(staging.write(f.path, f.bytes));
    for (const auto& [path, asset] : site.assets) failures.push_back(staging.copy(path, sources.content_assets.at(asset)));
    for (const auto& [rel, from] : sources.static_files) failures.push_back(staging.copy(rel, from));
    for (const auto& f : failures)
        if (f) {
            errors.push_back(*f);  // the first is enough: the rest are usually the same full disk
            return;
        }
}

Report build_site(const BuildOptions& options, BuildState* state) {
    Report report;
    const fs::path out = options.out.empty() ? options.root / "build" / "site" : options.out;
    const fs::path wasm = options.wasm_dir.empty() ? options.root / "build" / "wasm" / "dist" : options.wasm_dir;

    // Refused before any work: a build never replaces a folder it did not write (output.hpp).
    if (auto refused = refuse_output(out, options.root)) {
        report.errors.push_back(*refused);
        return report;
    }
    BuildState local;
    BuildState& s = state ? *state : local;
    Stopwatch watch(options.timings, options.progress);
    watch.lap("", "reading content");
    s.sources = load(options.root, report.errors);
    watch.lap("load", "rendering Markdown");
    stop_point("load");
    if (!report.ok()) return report;
    s.parsed = parse(s.sources, options, report.errors);
    watch.lap("parse", "assembling");
    stop_point("parse");
    if (!report.ok()) return report;
    const bool needs_wasm = std::any_of(s.parsed.pages.begin(), s.parsed.pages.end(),
                                        [](const Page& p) { return p.kind == "calculator"; });
    s.site = assemble(s.parsed, report.errors);
    watch.lap("assemble", "rendering templates and writing");
    stop_point("assemble");
    if (!report.ok()) return report;

    std::vector<fs::path> wasm_files;
    if (needs_wasm) {
        wasm_files = list_files(wasm);
        if (wasm_files.empty()) {
            report.errors.push_back(file_error("build.no_wasm", generic(wasm),
                                               "the calculator pages need the WebAssembly planner, and it is not built",
                                               "run `make wasm`, or pass --wasm-dir"));
            return report;
        }
    }
    check_output_paths(s.site, s.sources, wasm_files, report.errors);
    if (!report.ok()) return report;
    Staging staging(out, options.root);
    if (staging.error()) {
        report.errors.push_back(*staging.error());
        return report;
    }
    render_into(s.site, s.sources, options, staging, report.errors);
    for (const auto& rel : wasm_files)
        if (auto err = staging.copy("assets/wasm/" + generic(rel), wasm / rel)) {
            report.errors.push_back(*err);
            break;
        }
    watch.lap("render", "swapping the site in");
    stop_point("rendered");
    if (!report.ok()) return report;
    if (auto err = staging.commit()) {
        report.errors.push_back(*err);
        return report;
    }
    watch.lap("swap");
    report.pages = s.site.renders.size();
    report.files = s.site.renders.size() + s.site.extra.size() + s.site.assets.size() + s.sources.static_files.size() +
                   wasm_files.size();
    return report;
}

}  // namespace site
