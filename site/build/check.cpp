#include "check.hpp"

#include "planner/freshness.hpp"

#include <cctype>
#include <set>

#include "files.hpp"
#include "text.hpp"

namespace site {

using planner::Diagnostic;

namespace {

// Every value of `attribute="..."` in the HTML, with its byte offset.
std::vector<std::string> attribute_values(const std::string& html, const std::string& attribute) {
    std::vector<std::string> out;
    const std::string needle = " " + attribute + "=\"";
    for (std::size_t at = html.find(needle); at != std::string::npos; at = html.find(needle, at + 1)) {
        const std::size_t start = at + needle.size();
        const std::size_t end = html.find('"', start);
        if (end == std::string::npos) break;
        out.push_back(decode_entities(html.substr(start, end - start)));
    }
    return out;
}

// Markdown links come percent-encoded (#%E3%81%82 for #あ); ids in the HTML are not.
std::string percent_decode(const std::string& s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
            std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
            out += char(std::stoi(s.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += s[i];
        }
    }
    return out;
}

bool external(const std::string& href) {
    const auto colon = href.find(':');
    const auto slash = href.find('/');
    return href.rfind("//", 0) == 0 || (colon != std::string::npos && (slash == std::string::npos || colon < slash));
}

// Resolves `href` against the folder of `page` (an output path); returns the output path and fragment.
std::pair<std::string, std::string> resolve(const std::string& page, const std::string& href) {
    std::string path = href, fragment;
    if (auto hash = path.find('#'); hash != std::string::npos) {
        fragment = path.substr(hash + 1);
        path.resize(hash);
    }
    if (auto query = path.find('?'); query != std::string::npos) path.resize(query);
    if (path.empty()) return {page, fragment};
    std::vector<std::string> parts;
    if (path[0] != '/') {
        std::string dir = page.substr(0, page.rfind('/') == std::string::npos ? 0 : page.rfind('/') + 1);
        for (std::size_t s = 0, e; s < dir.size(); s = e + 1) {
            e = dir.find('/', s);
            if (e == std::string::npos) break;
            parts.push_back(dir.substr(s, e - s));
        }
    }
    const bool folder = path.back() == '/';
    for (std::size_t s = 0, e; s <= path.size(); s = e + 1) {
        e = path.find('/', s);
        if (e == std::string::npos) e = path.size();
        const std::string part = path.substr(s, e - s);
        if (part.empty() || part == ".") continue;
        if (part == "..") {
            if (parts.empty()) return {"..", fragment};  // above the site's root
            parts.pop_back();
        } else {
            parts.push_back(part);
        }
    }
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : "/") + p;
    if (folder || out.empty()) out += (out.empty() ? "" : "/") + std::string("index.html");
    return {out, fragment};
}

std::pair<std::size_t, std::size_t> line_of(const std::string& text, const std::string& needle) {
    const std::size_t at = needle.empty() ? std::string::npos : text.find(needle);
    if (at == std::string::npos) return {0, 0};
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < at; ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 0;
        }
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
    }
    return {line, column};
}

}  // namespace

std::vector<Diagnostic> check_links(const std::map<std::string, const std::string*>& files,
                                    const std::map<std::string, std::string>& page_sources,
                                    const std::map<std::string, std::string>& source_texts, std::size_t& links) {
    std::vector<Diagnostic> problems;
    std::map<std::string, std::set<std::string>> ids;
    auto ids_of = [&](const std::string& path) -> const std::set<std::string>& {
        auto it = ids.find(path);
        if (it != ids.end()) return it->second;
        std::set<std::string> found;
        if (auto f = files.find(path); f != files.end() && f->second)
            for (auto& id : attribute_values(*f->second, "id")) found.insert(id);
        return ids.emplace(path, std::move(found)).first->second;
    };
    for (const auto& entry : files) {
        // Named references, not a structured binding: the lambda below captures path, which
        // clang 14 (the fuzz preset) does not allow for structured bindings before C++20.
        const auto& path = entry.first;
        const auto& content = entry.second;
        if (!content || path.size() < 5 || path.compare(path.size() - 5, 5, ".html") != 0) continue;
        auto report = [&](std::string code, const std::string& href, std::string message) {
            auto src = page_sources.find(path);
            Diagnostic d{std::move(code), src == page_sources.end() ? path : src->second, 0, 0, "", "", std::move(message), ""};
            if (src != page_sources.end()) {
                auto text = source_texts.find(src->second);
                if (text != source_texts.end()) std::tie(d.line, d.column) = line_of(text->second, href);
                if (d.line == 0) d.hint = "the link is in the page's template, not its Markdown (output " + path + ")";
            }
            problems.push_back(std::move(d));
        };
        for (const char* attribute : {"href", "src"}) {
            for (const std::string& encoded : attribute_values(*content, attribute)) {
                if (encoded.empty() || external(encoded)) continue;
                ++links;
                const std::string href = percent_decode(encoded);
                auto [target, fragment] = resolve(path, href);
                if (!files.count(target)) {
                    report(attribute == std::string("src") ? "check.missing_image" : "check.broken_link", href,
                           std::string(attribute == std::string("src") ? "missing file " : "broken link ") + href +
                               " (no " + target + " in the site)");
                } else if (!fragment.empty() && !ids_of(target).count(fragment)) {
                    report("check.broken_anchor", href, "broken anchor " + href + ": " + target + " has no id \"" + fragment + "\"");
                }
            }
        }
    }
    return problems;
}

CheckReport check_site(const BuildOptions& options, const Freshness& freshness) {
    CheckReport report;
    Sources sources = load(options.root, report.problems);
    if (!report.problems.empty()) return report;
    Parsed parsed = parse(sources, options, report.problems);
    if (!report.problems.empty()) return report;
    if (!freshness.today.empty()) report.warnings = planner::stale_figures(parsed.catalogue, freshness.today, freshness.max_months);
    const Config& config = parsed.config;
    Site site = assemble(parsed, report.problems);
    if (!report.problems.empty()) return report;
    check_output_paths(site, sources, {}, report.problems);
    if (!report.problems.empty()) return report;
    Output output = render(site, sources, options, report.problems);
    if (!report.problems.empty()) return report;

    std::map<std::string, const std::string*> files;
    for (const auto& f : output.files) files[f.path] = &f.bytes;
    for (const auto& c : output.copies) files.emplace(c.path, nullptr);
    // The wasm module is copied at write time; its files count as present.
    for (const Page& p : site.pages)
        if (p.kind == "calculator")
            for (const char* name : {"accelguide-planner.js", "accelguide-planner.wasm", "calculator.js"})
                files.emplace(std::string("assets/wasm/") + name, nullptr);
    std::map<std::string, std::string> page_sources, source_texts;
    for (std::size_t i = 0; i < site.renders.size(); ++i)
        if (!site.pages[i].source.empty()) page_sources[site.renders[i].output] = site.pages[i].source;
    for (const auto& [rel, text] : sources.content) source_texts["content/" + rel] = text;
    report.pages = site.renders.size();
    auto problems = check_links(files, page_sources, source_texts, report.links);
    report.problems.insert(report.problems.end(), problems.begin(), problems.end());

    // Translations: every content page in every language.
    std::map<std::string, std::set<std::string>> languages_of;
    std::map<std::string, std::string> source_of;
    for (const Page& p : site.pages)
        if (!p.source.empty()) {
            languages_of[p.key].insert(p.lang);
            source_of.emplace(p.key, p.source);
        }
    for (const auto& [key, langs] : languages_of)
        for (const Language& l : config.languages)
            if (!langs.count(l.code))
                report.problems.push_back({"check.missing_translation", source_of[key], 1, 1, "", "",
                                           "no " + l.code + " translation",
                                           "add content/" + l.code + "/" + (key.empty() ? "_index" : key) + ".md (or _index.md / index.md)"});
    // What readers and search engines see of every content page: a description and when it was
    // last brought up to date.
    for (const Page& p : site.pages) {
        if (p.source.empty() || p.kind == "404") continue;
        if (p.front.description.empty())
            report.problems.push_back({"check.missing_description", p.source, 1, 1, "", "", "no description",
                                       "add `description:` to the front matter"});
        if (p.front.updated.empty() && p.front.date.empty())
            report.problems.push_back({"check.missing_updated", p.source, 1, 1, "", "", "no last-updated date",
                                       "add `updated: YYYY-MM-DD` to the front matter"});
    }
    return report;
}

}  // namespace site
