#include "shortcodes.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/messages.hpp"
#include "chart.hpp"
#include "mustache.hpp"
#include "views.hpp"

namespace site {

using nlohmann::json;
using planner::Diagnostic;

namespace {

const std::string kOpen = "{{<", kClose = ">}}";
// Placeholders use Unicode private-use characters, which Markdown leaves alone and text never holds.
const std::string kMarkStart = "\xEE\x80\x80", kMarkEnd = "\xEE\x80\x81";

std::string escape_html(const std::string& s) {
    std::string out;
    mustache::escape_html(s, out);
    return out;
}

struct Call {
    std::string name;
    std::map<std::string, std::string> args;
};

// Parses `name key="value" ...`; returns an error message, or "".
std::string parse_call(std::string_view inside, Call& call) {
    std::size_t i = 0;
    auto skip = [&] {
        while (i < inside.size() && (inside[i] == ' ' || inside[i] == '\t' || inside[i] == '\n')) ++i;
    };
    skip();
    while (i < inside.size() && inside[i] != ' ' && inside[i] != '\t' && inside[i] != '\n') call.name += inside[i++];
    if (call.name.empty()) return "a shortcode needs a name, e.g. {{< value request=\"s1\" path=\"train.days\" >}}";
    for (skip(); i < inside.size(); skip()) {
        std::string key;
        while (i < inside.size() && inside[i] != '=' && inside[i] != ' ') key += inside[i++];
        if (i >= inside.size() || inside[i] != '=' || i + 1 >= inside.size() || inside[i + 1] != '"')
            return "arguments are written key=\"value\" (at \"" + key + "\")";
        i += 2;
        std::string value;
        while (i < inside.size() && inside[i] != '"') value += inside[i++];
        if (i >= inside.size()) return "argument \"" + key + "\" is missing its closing quote";
        ++i;
        if (call.args.count(key)) return "argument \"" + key + "\" is given twice";
        call.args[key] = value;
    }
    return {};
}


class Expander {
public:
    Expander(const ShortcodeContext& c, std::vector<Diagnostic>& errors)
        : c_(c), names_(c.catalogue.benchmark_names(c.lang)), errors_(errors) {}

    // Returns the shortcode's HTML, or nullopt after reporting an error at (line, column).
    std::optional<std::string> run(const Call& call, std::size_t line, std::size_t column) {
        line_ = line;
        column_ = column;
        static const std::map<std::string, std::vector<std::string>> allowed = {
            {"value", {"request", "path", "digits", "scale", "range"}},
            {"table", {"request", "rows", "columns", "digits"}},
            {"cite", {"source"}},
            {"chart", {"request", "series", "points", "x", "y", "name", "title", "x_label", "y_label", "log_x", "log_y"}},
        };
        auto known = allowed.find(call.name);
        if (known == allowed.end()) return fail("unknown shortcode \"" + call.name + "\"", "one of: chart, cite, table, value");
        for (const auto& [key, v] : call.args)
            if (std::find(known->second.begin(), known->second.end(), key) == known->second.end())
                return fail("shortcode \"" + call.name + "\" has no argument \"" + key + "\"");
        if (call.name == "cite") return cite(call);
        const json* response = response_for(call);
        if (!response) return std::nullopt;
        if (call.name == "chart") return chart(call, *response);
        return call.name == "value" ? value(call, *response) : table(call, *response);
    }

private:
    std::optional<std::string> fail(std::string message, std::string hint = {}) {
        errors_.push_back(Diagnostic{"content.shortcode", c_.file, line_, column_, "", "", std::move(message), std::move(hint)});
        return std::nullopt;
    }

    std::optional<std::string> need(const Call& call, const char* key) {
        auto it = call.args.find(key);
        if (it == call.args.end() || it->second.empty()) {
            fail("shortcode \"" + call.name + "\" needs " + key + "=\"...\"");
            return std::nullopt;
        }
        return it->second;
    }

    std::optional<int> digits(const Call& call) {
        auto it = call.args.find("digits");
        if (it == call.args.end()) return 0;
        if (it->second.size() != 1 || it->second[0] < '0' || it->second[0] > '6') {
            fail("digits must be a whole number from 0 to 6");
            return std::nullopt;
        }
        return it->second[0] - '0';
    }

    const json* response_for(const Call& call) {
        auto name = need(call, "request");
        if (!name) return nullptr;
        if (!c_.requests.contains(*name)) {
            std::string known;
            for (auto it = c_.requests.begin(); it != c_.requests.end(); ++it) known += (known.empty() ? "" : ", ") + it.key();
            fail("no request named \"" + *name + "\" in this page's front matter",
                 known.empty() ? "define it under `requests:`" : "defined here: " + known);
            return nullptr;
        }
        auto cached = responses_.find(*name);
        if (cached == responses_.end()) {
            json response = json::parse(site::plan(c_.catalogue, in_language(c_.requests[*name], c_.lang).dump()));
            cached = responses_.emplace(*name, std::move(response)).first;
        }
        const json& r = cached->second;
        if (!r.value("ok", false)) {
            // The build's messages, for the page's author, are English: ask again without the page's language.
            const json english = json::parse(site::plan(c_.catalogue, c_.requests[*name].dump()));
            const json& e = english.value("ok", false) ? r["errors"][0] : english["errors"][0];
            fail("request \"" + *name + "\" fails: " + e.value("field", std::string()) + ": " + e.value("message", std::string()));
            return nullptr;
        }
        return &r;
    }

    std::string number(const json& v, int digits, double scale = 1) {
        return v.is_number() ? format_grouped(v.get<double>() * scale, digits) : escape_html(v.is_string() ? v.get<std::string>() : v.dump());
    }

    std::optional<std::string> value(const Call& call, const json& response) {
        auto path = need(call, "path");
        auto d = digits(call);
        if (!path || !d) return std::nullopt;
        const json* v = at_path(response, *path);
        if (!v || v->is_structured() || v->is_null())
            return fail("the response has no value at \"" + *path + "\"");
        double scale = 1;
        if (auto s = call.args.find("scale"); s != call.args.end()) {
            // The whole argument, and a finite number: "2abc", "nan" and "inf" are not scales.
            const char* begin = s->second.c_str();
            char* end = nullptr;
            errno = 0;
            scale = std::strtod(begin, &end);
            if (s->second.empty() || end != begin + s->second.size() || errno == ERANGE || !std::isfinite(scale))
                return fail("scale must be a finite number, e.g. scale=\"100\"");
            if (v->is_number() && !std::isfinite(v->get<double>() * scale))
                return fail("the value times scale=\"" + s->second + "\" is too large to show");
        }
        // Marked up so that readers see the rounded figure and tests (and scripts) can find it by
        // request and path: <data value="33.908..." data-figure="s1:train.days">33.9</data>.
        const std::string figure = escape_html(call.args.at("request") + ":" + *path);
        if (!v->is_number()) return "<span data-figure=\"" + figure + "\">" + escape_html(word(*v)) + "</span>";
        std::string html = "<data value=\"" + escape_html(json(v->get<double>() * scale).dump()) + "\" data-figure=\"" +
                           figure + "\">" + number(*v, *d, scale) + "</data>";
        // A figure that rests on an assumption carries its range (planner/API.md, `range`):
        // train.days is shown as "33.9 (29.1–41.2)" unless range="off".
        auto r = call.args.find("range");
        if (r != call.args.end() && r->second != "off") return fail("range must be \"off\" or left out");
        if (r == call.args.end()) {
            const auto dot = path->rfind('.');
            const json* span = dot == std::string::npos ? nullptr : at_path(response, path->substr(0, dot) + ".range." + path->substr(dot + 1));
            if (span && span->is_object() && span->value("low", json()).is_number() && span->value("high", json()).is_number())
                html += " <span class=\"range\" data-figure=\"" + figure + ":range\">(" + number(span->at("low"), *d, scale) +
                        "–" + number(span->at("high"), *d, scale) + ")</span>";
        }
        return html;
    }

    // A value that is not a number, for readers: true and false in the page's language, a benchmark
    // id as what was measured on which instance ("GPT-3 (Megatron-LM), trn1.32xlarge"), as
    // site::display_json shows it in the calculators.
    std::string word(const json& v) const {
        if (v.is_boolean()) return v.get<bool>() ? c_.yes : c_.no;
        if (!v.is_string()) return v.dump();
        const auto name = names_.find(v.get<std::string>());
        return name != names_.end() ? name->second : v.get<std::string>();
    }

    std::optional<std::string> table(const Call& call, const json& response) {
        auto rows_path = need(call, "rows");
        auto columns = need(call, "columns");
        auto d = digits(call);
        if (!rows_path || !columns || !d) return std::nullopt;
        const json* rows = at_path(response, *rows_path);
        if (!rows || !rows->is_array()) return fail("the response has no list at \"" + *rows_path + "\"");
        std::vector<std::pair<std::string, std::string>> cols;
        std::stringstream parts(*columns);
        for (std::string part; std::getline(parts, part, ',');) {
            const auto eq = part.find('=');
            cols.emplace_back(part.substr(0, eq), eq == std::string::npos ? part.substr(0) : part.substr(eq + 1));
        }
        std::string html = "<table class=\"planned\">\n<thead><tr>";
        for (const auto& [field, heading] : cols) html += "<th scope=\"col\">" + escape_html(heading) + "</th>";
        html += "</tr></thead>\n<tbody>\n";
        for (const json& row : *rows) {
            html += "<tr>";
            for (const auto& [field, heading] : cols) {
                const json* v = field == "." ? &row : at_path(row, field);
                const bool numeric = v && v->is_number();
                html += numeric ? "<td class=\"num\">" : "<td>";
                html += v ? number(*v, *d) : "—";
                html += "</td>";
            }
            html += "</tr>\n";
        }
        return html + "</tbody>\n</table>";
    }

    // chart: one line per element of the array at `series`, each with its `points` (an array of
    // objects) plotted as `x` against `y`, named by its `name` field.
    std::optional<std::string> chart(const Call& call, const json& response) {
        auto series_path = need(call, "series");
        auto points_field = need(call, "points");
        auto x = need(call, "x");
        auto y = need(call, "y");
        if (!series_path || !points_field || !x || !y) return std::nullopt;
        const json* list = at_path(response, *series_path);
        if (!list || !list->is_array()) return fail("the response has no list at \"" + *series_path + "\"");
        auto arg = [&](const char* key) { auto it = call.args.find(key); return it == call.args.end() ? std::string() : it->second; };
        std::vector<ChartSeries> series;
        for (const json& s : *list) {
            ChartSeries line;
            const json* name = at_path(s, arg("name").empty() ? "name" : arg("name"));
            line.name = name && name->is_string() ? name->get<std::string>() : "";
            if (const json* points = at_path(s, *points_field); points && points->is_array())
                for (const json& p : *points) {
                    const json* px = at_path(p, *x);
                    const json* py = at_path(p, *y);
                    if (px && py && px->is_number() && py->is_number()) line.points.emplace_back(px->get<double>(), py->get<double>());
                }
            series.push_back(std::move(line));
        }
        ChartOptions options{arg("title"), arg("x_label"), arg("y_label"), arg("log_x") == "true", arg("log_y") == "true"};
        return line_chart(series, options);
    }

    std::optional<std::string> cite(const Call& call) {
        auto id = need(call, "source");
        if (!id) return std::nullopt;
        const planner::Source* s = c_.catalogue.source(*id);
        if (!s) return fail("unknown source \"" + *id + "\"", "add it to data/sources.json");
        // A numbered marker; the page's list of what it cites (references_html) says what each is.
        auto it = std::find(cited_.begin(), cited_.end(), *id);
        if (it == cited_.end()) it = cited_.insert(cited_.end(), *id);
        const std::string n = std::to_string(it - cited_.begin() + 1);
        return "<sup class=\"ref\"><a href=\"#ref-" + escape_html(*id) + "\" title=\"" + escape_html(s->title) + "\">[" + n +
               "]</a></sup>";
    }

    const ShortcodeContext& c_;
    const std::map<std::string, std::string> names_;  // benchmark ids as readers see them, in c_.lang
    std::vector<std::string> cited_;  // source ids, in the order the page first cites them

public:
    // The page's sources, numbered as its markers, each linked to itself and to the site's list of
    // every source; "" when the page cites none.
    std::string references_html() const {
        if (cited_.empty()) return "";
        std::string html = "<section class=\"page-refs\" aria-labelledby=\"page-refs\"><h2 id=\"page-refs\">" +
                           escape_html(c_.references_heading) + "</h2>\n<ol>\n";
        for (const std::string& id : cited_) {
            const planner::Source* s = c_.catalogue.source(id);
            html += "<li id=\"ref-" + escape_html(id) + "\"><a href=\"" + escape_html(s->url) + "\">" + escape_html(s->title) +
                    "</a> <span class=\"as-of\">(" + escape_html(s->as_of) + ")</span> <a class=\"all-refs\" href=\"" +
                    escape_html(c_.root + c_.references_url) + "#src-" + escape_html(id) + "\" aria-label=\"" +
                    escape_html(c_.references_heading) + ": " + escape_html(id) + "\">#</a></li>\n";
        }
        return html + "</ol>\n</section>";
    }

private:
    std::vector<Diagnostic>& errors_;
    std::map<std::string, json> responses_;
    std::size_t line_ = 0, column_ = 0;

public:
    std::set<std::string> planned() const {
        std::set<std::string> names;
        for (const auto& [name, response] : responses_) names.insert(name);
        return names;
    }
};

}  // namespace

const json* at_path(const json& j, const std::string& path) {
    const json* node = &j;
    std::stringstream parts(path);
    for (std::string key; std::getline(parts, key, '.');) {
        if (node->is_object() && node->contains(key)) node = &(*node)[key];
        else if (node->is_array() && !key.empty() && key.find_first_not_of("0123456789") == std::string::npos &&
                 std::stoul(key) < node->size())
            node = &(*node)[std::stoul(key)];
        else return nullptr;
    }
    return node;
}

Expanded expand_shortcodes(std::string_view body, const ShortcodeContext& context, std::vector<Diagnostic>& errors) {
    Expanded out;
    Expander expander(context, errors);
    std::size_t pos = 0, line = context.body_line, line_start = 0;
    auto advance_lines = [&](std::size_t to) {
        for (std::size_t i = pos; i < to; ++i)
            if (body[i] == '\n') {
                ++line;
                line_start = i + 1;
            }
    };
    while (true) {
        const std::size_t open = body.find(kOpen, pos);
        if (open == std::string_view::npos) break;
        advance_lines(open);
        out.markdown.append(body.substr(pos, open - pos));
        const std::size_t column = open - line_start + 1;
        const std::size_t close = body.find(kClose, open + kOpen.size());
        if (close == std::string_view::npos) {
            errors.push_back(Diagnostic{"content.shortcode", context.file, line, column, "", "",
                                        "shortcode is never closed", "end it with >}}"});
            return out;
        }
        Call call;
        std::string problem = parse_call(body.substr(open + kOpen.size(), close - open - kOpen.size()), call);
        std::string html;
        if (!problem.empty()) {
            errors.push_back(Diagnostic{"content.shortcode", context.file, line, column, "", "", problem, ""});
        } else if (auto result = expander.run(call, line, column)) {
            html = *result;
        }
        out.markdown += kMarkStart + std::to_string(out.html.size()) + kMarkEnd;
        out.html.push_back(std::move(html));
        pos = open;
        advance_lines(close + kClose.size());
        pos = close + kClose.size();
    }
    out.markdown.append(body.substr(pos));
    if (std::string refs = expander.references_html(); !refs.empty()) {  // after the body, as a block
        out.markdown += "\n\n" + kMarkStart + std::to_string(out.html.size()) + kMarkEnd + "\n";
        out.html.push_back(std::move(refs));
    }
    out.planned = expander.planned();
    return out;
}

json in_language(json request, const std::string& lang) {
    if (request.is_object() && !request.contains("lang") && planner::is_supported_language(lang)) request["lang"] = lang;
    return request;
}

std::string fill_placeholders(std::string html, const std::vector<std::string>& parts) {
    if (parts.empty()) return html;
    std::string out;
    std::size_t pos = 0;
    while (true) {
        const std::size_t start = html.find(kMarkStart, pos);
        if (start == std::string::npos) break;
        const std::size_t end = html.find(kMarkEnd, start);
        if (end == std::string::npos) break;
        const std::string index = html.substr(start + kMarkStart.size(), end - start - kMarkStart.size());
        if (index.empty() || index.size() > 9 || index.find_first_not_of("0123456789") != std::string::npos) {
            // The page's own text holds the marker characters: keep it as it is (stoul threw here;
            // found by fuzzing).
            out.append(html, pos, start + kMarkStart.size() - pos);
            pos = start + kMarkStart.size();
            continue;
        }
        out.append(html, pos, start - pos);
        const std::size_t n = std::stoul(index);
        pos = end + kMarkEnd.size();
        if (n >= parts.size()) continue;
        // A block (a table) alone in its paragraph replaces the paragraph: <p><table> is not HTML.
        const bool block = parts[n].rfind("<table", 0) == 0 || parts[n].rfind("<figure", 0) == 0 ||
                           parts[n].rfind("<section", 0) == 0;
        if (block && out.size() >= 3 && out.compare(out.size() - 3, 3, "<p>") == 0 && html.compare(pos, 4, "</p>") == 0) {
            out.resize(out.size() - 3);
            pos += 4;
        }
        out += parts[n];
    }
    out.append(html, pos, std::string::npos);
    return out;
}

}  // namespace site
