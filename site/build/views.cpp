#include "views.hpp"

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/fine_tuning.hpp"
#include "planner/instance_sheet.hpp"
#include "planner/layout_search.hpp"
#include "planner/request_fields.hpp"
#include "planner/serving.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string_view>

#include "chart_specs.hpp"
#include "shortcodes.hpp"

namespace site {

using nlohmann::json;

std::string base_path(const std::string& base_url) {
    const auto scheme = base_url.find("://");
    if (scheme == std::string::npos) return "/";
    const auto path = base_url.find('/', scheme + 3);
    if (path == std::string::npos) return "/";
    std::string p = base_url.substr(path);
    if (p.back() != '/') p += '/';
    return p;
}

std::string root_of(const std::string& url) {
    const auto depth = std::count(url.begin(), url.end(), '/');
    if (depth == 0) return "./";
    std::string root;
    for (long i = 0; i < depth; ++i) root += "../";
    return root;
}

namespace {

// Key by key, as in page_view: sections list every page, on one thread.
json link_of(const Page& p) {
    json l = json::object();
    l["title"] = p.front.title;
    l["url"] = p.url;
    l["description"] = p.front.description;
    if (!p.front.date.empty()) l["date"] = p.front.date.substr(0, 10);
    return l;
}

}  // namespace

SiteIndex::SiteIndex(const Config& c, const std::vector<Page>& p, const planner::Catalogue& cat,
                     const std::vector<planner::CaseResult>& acc, const std::vector<planner::CaseResult>& predicted_)
    : config(c), pages(p), catalogue(cat), accuracy(acc), predicted(predicted_) {
    for (const Page& page : pages) by_key[{page.lang, page.key}] = &page;
    for (const Page& page : pages)
        if (!page.key.empty() && page.kind != "404" && page.listed) children[{page.lang, page.section}].push_back(&page);
    for (auto& [k, list] : children)
        std::stable_sort(list.begin(), list.end(), [](const Page* a, const Page* b) {
            if (a->front.weight != b->front.weight) return a->front.weight < b->front.weight;
            if (a->front.date != b->front.date) return a->front.date > b->front.date;  // newest first
            return a->front.title < b->front.title;
        });

    for (const Language& lang : config.languages) {
        json menu = json::array();
        if (!lang.menu.empty()) {
            for (const MenuItem& item : lang.menu)
                menu.push_back({{"title", item.title}, {"url", config.prefix(lang.code) + item.url}, {"current", false}});
        } else if (auto top = children.find({lang.code, ""}); top != children.end()) {
            // The first top-level pages and sections by weight, no more than kMaxDefaultMenu: every
            // page prints the menu, so a flat site of N pages would otherwise print N² links. The
            // home page's section list links them all.
            for (const Page* page : top->second) {
                if (menu.size() == kMaxDefaultMenu) break;
                menu.push_back({{"title", page->front.title}, {"url", page->url}, {"current", false},
                                {"description", page->front.description}});
            }
        }
        json more = json::array();
        for (const MenuItem& item : lang.more)
            more.push_back({{"title", item.title}, {"url", config.prefix(lang.code) + item.url}, {"current", false}});
        // Every section of this language with an Atom feed, for <link rel="alternate"> in <head>.
        json feeds = json::array();
        for (const Page& page : pages)
            if (page.is_section && page.front.feed && page.lang == lang.code)
                feeds.push_back({{"title", page.front.title}, {"url", page.url + "atom.xml"}});
        language_frames[lang.code] = std::make_shared<const json>(
            json{{"site", {{"title", lang.title}, {"home", config.prefix(lang.code)}, {"search", config.search}}},
                 {"menu", std::move(menu)},
                 {"has_more", !more.empty()},
                 {"more", std::move(more)},
                 {"feeds", std::move(feeds)},
                 {"t", lang.strings}});
    }
    for (const Page& section : pages) {
        if (!section.is_section) continue;
        json list = json::array();
        if (auto it = children.find({section.lang, section.key}); it != children.end())
            for (const Page* page : it->second) list.push_back(link_of(*page));
        const bool has_pages = !list.empty();
        section_frames[{section.lang, section.key}] = std::make_shared<const json>(json{
            {"section", {{"title", section.front.title}, {"url", section.url}, {"pages", std::move(list)}, {"has_pages", has_pages}}}});
    }
}

const Page* SiteIndex::find(const std::string& lang, const std::string& key) const {
    auto it = by_key.find({lang, key});
    return it == by_key.end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<const json>> SiteIndex::frames_for(const Page& page) const {
    std::vector<std::shared_ptr<const json>> frames;
    if (auto l = language_frames.find(page.lang); l != language_frames.end()) frames.push_back(l->second);
    // A section shows its own pages, any other page its section's.
    const std::string section = page.is_section ? page.key : page.section;
    if (auto s = section_frames.find({page.lang, section}); s != section_frames.end()) frames.push_back(s->second);
    return frames;
}

// Built key by key (one map node each) rather than from nested initializer lists, which make
// each pair a temporary array first: this runs once per page.
json page_view(const SiteIndex& index, const Page& page) {
    const Config& config = index.config;
    json languages = json::array();
    for (const Language& other : config.languages) {
        const Page* translation = index.find(other.code, page.key);
        const std::string url = translation ? translation->url : config.prefix(other.code);
        json& l = languages.emplace_back(json::object());
        l["code"] = other.code;
        l["name"] = other.name;
        l["url"] = url;
        l["absolute"] = config.base_url + url;
        l["current"] = other.code == page.lang;
        l["translated"] = translation != nullptr;
    }
    json toc = json::array();
    for (const Heading& h : page.toc) {
        if (h.level != 2 && h.level != 3) continue;
        json& entry = toc.emplace_back(json::object());
        entry["level"] = h.level;
        entry["id"] = h.id;
        entry["text"] = h.text;
        entry["sub"] = h.level == 3;
    }

    json v = json::object();
    v["lang"] = page.lang;
    // A 404 page is served at whatever path was missing, so a relative root would resolve under it:
    // its links start from the base URL's path instead ("/", or "/accelguide/" for a project site).
    v["root"] = page.kind == "404" ? base_path(config.base_url) : root_of(page.url);
    v["canonical"] = config.base_url + page.url;
    v["languages"] = std::move(languages);
    json& p = v["page"];
    p["title"] = page.front.title;
    p["description"] = page.front.description;
    p["content"] = page.html;
    p["url"] = page.url;
    p["kind"] = page.kind;
    p["is_home"] = page.key.empty();
    p["has_toc"] = toc.size() >= 2;
    p["toc"] = std::move(toc);
    p["tags"] = page.front.tags;
    if (!page.front.date.empty()) p["date"] = page.front.date.substr(0, 10);
    if (!page.front.updated.empty()) p["updated"] = page.front.updated.substr(0, 10);

    // A page in the menu gets its own copy of the menu, with itself marked current.
    const json& menu = (*index.language_frames.at(page.lang))["menu"];
    for (std::size_t i = 0; i < menu.size(); ++i)
        if (menu[i]["url"].get_ref<const std::string&>() == page.url) {
            v["menu"] = menu;
            v["menu"][i]["current"] = true;
        }
    return v;
}

namespace {

// Numbers the sources in the order the cheat-sheet first cites them.
class Citations {
public:
    explicit Citations(const planner::Catalogue& c) : catalogue_(c) {}

    int number(const std::string& id) {
        auto [it, added] = numbers_.emplace(id, int(order_.size()) + 1);
        if (added) order_.push_back(id);
        return it->second;
    }

    json cell(const std::string& text, const std::string& source, const std::string& note = {}) {
        json c{{"text", text}};
        if (catalogue_.source(source)) c["n"] = number(source);
        if (!note.empty()) c["note"] = note;
        return c;
    }

    json figure(const planner::Figure& f, int decimals = 2) {
        json c = cell(format_grouped(f.value, decimals), f.source, f.note);
        c["value"] = f.value;  // raw, for sorting
        return c;
    }

    json sources() const {
        json list = json::array();
        for (const auto& id : order_) {
            const planner::Source* s = catalogue_.source(id);
            list.push_back({{"n", numbers_.at(id)}, {"id", id}, {"title", s->title}, {"url", s->url}, {"as_of", s->as_of}});
        }
        return list;
    }

private:
    const planner::Catalogue& catalogue_;
    std::map<std::string, int> numbers_;
    std::vector<std::string> order_;
};

}  // namespace

json catalogue_view(const planner::Catalogue& catalogue, const std::vector<const planner::Instance*>& instances,
                    const json& strings, const CheatsheetChoice& choice) {
    Citations cite(catalogue);
    auto word = [&](const std::string& key, const std::string& fallback) {
        const auto it = strings.find(key);
        return it != strings.end() && it->is_string() ? it->get<std::string>() : fallback;
    };
    const planner::ExchangeRate* rate = catalogue.exchange_rate("USD", "JPY");
    const std::optional<double> usd_jpy = rate ? std::optional<double>(rate->rate.value) : std::nullopt;
    std::vector<const planner::Instance*> all;
    for (const auto& inst : catalogue.instances) all.push_back(&inst);
    // The planner's figures for the chosen region and option (price per PFLOPS-hour, where each type
    // is sold): the instances kind's rows, so the table and the API never differ.
    planner::InstanceSheetRequest sheet_request{{}, choice.region, choice.option};
    for (const planner::Instance* inst : instances) sheet_request.ids.push_back(inst->id);
    std::map<std::string, planner::InstanceSheetRow> sheet;
    if (auto figures = planner::instance_sheet(catalogue, sheet_request); figures.ok())
        for (auto& r : figures.value) sheet.emplace(r.id, std::move(r));
    json rows = json::array();
    for (const planner::Instance* instance : instances.empty() ? all : instances) {
        const planner::Instance& inst = *instance;
        const planner::Accelerator& chip = catalogue.accelerator_of(inst);
        json row{{"id", inst.id},
                 {"family", inst.family},
                 {"kind", chip.kind},
                 {"accelerator", json{{"text", chip.name}}},
                 {"count", cite.figure(inst.accelerator_count)},
                 {"vcpu", cite.figure(inst.vcpu)},
                 {"memory", cite.figure(inst.memory)}};
        if (inst.network) row["network"] = cite.figure(*inst.network);
        if (chip.kind != "cpu") {
            json memory = cite.cell(format_grouped(catalogue.accelerator_memory_gb(inst), 2), chip.memory.source);
            memory["value"] = catalogue.accelerator_memory_gb(inst);
            memory["note"] = format_grouped(inst.accelerator_count.value, 0) + " × " + format_grouped(chip.memory.value, 2) + " GB";
            row["accelerator_memory"] = memory;
        }
        for (const char* precision : {"fp4", "fp8", "bf16"})  // per chip, dense, as the catalogue holds them
            if (auto peak = chip.peak_tflops.find(precision); peak != chip.peak_tflops.end())
                row[std::string("peak_") + precision] = cite.figure(peak->second);
        if (inst.accelerator_interconnect) row["interconnect"] = cite.figure(*inst.accelerator_interconnect);
        if (inst.efa) {  // "v2" stays; the words "none" and "unverified" in the page's language
            row["efa"] = cite.cell(word("efa_" + inst.efa->value, inst.efa->value), inst.efa->source);
        }
        if (const planner::Price* price = catalogue.price(inst.id, choice.region, choice.option)) {
            if (!price->priced()) {
                row["not_offered"] = cite.cell(word(price->offered ? "not_published" : "not_offered", "not offered"),
                                               price->usd_per_hour.source, price->usd_per_hour.note);
            } else {
                const planner::Figure& f = price->usd_per_hour;
                json cell = cite.cell(format_money(f.value, usd_jpy, choice.lang), f.source, f.note);
                cell["value"] = f.value;
                cell["as_of"] = catalogue.as_of(f);
                row["price"] = cell;
            }
        }
        const auto figures = sheet.find(inst.id);
        if (figures != sheet.end()) {
            const planner::InstanceSheetRow& r = figures->second;
            // Per dense BF16 PFLOPS-hour of the whole instance, in the same option.
            if (auto per = r.usd_per_pflops_hour.find("bf16"); per != r.usd_per_pflops_hour.end()) {
                json c{{"text", format_money(per->second, usd_jpy, choice.lang)}, {"value", per->second}};
                if (r.estimated.count("usd_per_pflops_hour.bf16")) c["note"] = "estimate: the BF16 peak is an estimate";
                row["per_pflops_hour"] = c;
            }
            std::string offered;
            for (const std::string& region : r.regions_offered)
                offered += (offered.empty() ? "" : choice.lang == "ja" ? "、" : ", ") + word("region_short_" + region, region);
            if (!offered.empty()) row["regions"] = offered;
        }
        if (inst.power) row["power"] = cite.figure(*inst.power, 0);  // always an estimate; its note says how
        rows.push_back(std::move(row));
    }
    json view{{"rows", rows}, {"sources", cite.sources()}, {"region", choice.region}, {"option", choice.option}};
    view["region_name"] = word("region_" + choice.region, choice.region);
    view["option_name"] = word("option_" + choice.option, choice.option);
    if (rate) {  // the rate's source joins the numbered list, after the rows'
        view["usd_jpy"] = format_grouped(rate->rate.value, 2);
        view["usd_jpy_n"] = cite.number(rate->rate.source);
        view["yen"] = choice.lang == "ja";
        view["sources"] = cite.sources();
        view["usd_jpy_as_of"] = catalogue.as_of(rate->rate);
    }
    return view;
}

namespace {

// Choices for a select named `key`: instance types, regions, inference benchmarks or model presets,
// by the input's name; the one the page starts with is selected.
json choices_for(const planner::Catalogue& catalogue, const std::string& key, const std::string& selected,
                 const json& strings = json::object(), const std::string& lang = "en") {
    json list = json::array();
    auto add = [&](const std::string& id, const std::string& label, json extra = json::object()) {
        extra.update(json{{"id", id}, {"label", label}, {"selected", id == selected}});
        list.push_back(std::move(extra));
    };
    const bool instance_choice = key.rfind("instance", 0) == 0 && key != "instance_count" && key.rfind("instances", 0) != 0;
    if (instance_choice) {
        for (const auto& inst : catalogue.instances)
            add(inst.id, inst.id + " (" + format_grouped(inst.accelerator_count.value, 0) + " × " +
                             catalogue.accelerator_of(inst).name + ")");
    } else if (key.rfind("region", 0) == 0) {
        for (const auto& r : catalogue.regions) {  // the region's name in the page's language (region_<id>)
            const auto name = strings.find("region_" + r.id);
            add(r.id, (name != strings.end() && name->is_string() ? name->get<std::string>() : r.name) + " (" + r.id + ")");
        }
    } else if (key == "purchase_option") {  // the options the catalogue has prices for
        for (const std::string& o : catalogue.priced_options()) {
            const auto name = strings.find("option_" + o);
            add(o, name != strings.end() && name->is_string() ? name->get<std::string>() : o);
        }
    } else if (key == "benchmark") {
        const auto names = catalogue.benchmark_names(lang);
        for (const auto& b : catalogue.benchmarks)
            if (b.kind == "inference") add(b.id, names.at(b.id));
    } else if (key == "model" || key == "l_model") {
        // The serving calculator's, and the inference calculator's llm: models whose architecture
        // the catalogue gives; the latter may instead take the model's figures (an empty choice).
        if (key == "l_model") add("", strings.value("llm_by_figures", std::string("—")));
        for (const auto& m : catalogue.models)
            if (planner::missing_for_serving(m, "model").empty()) add(m.id, m.name);
    } else if (key == "preset") {
        // Every catalogue model: choosing one sends its id (the planner reads its shape, experts
        // included). What it also puts in the form, in the form's units (billions): its published
        // tokens, and its counts for the "parameter count" form (the MoE fields emptied for a
        // dense model, so a previous choice's experts do not stay).
        for (const auto& m : catalogue.models) {
            const bool moe = m.mixture_of_experts();
            json set{{"parameters", format_grouped(m.parameters.value / 1e9, 3)},
                     {"active_parameters", ""}, {"experts", ""}, {"experts_per_token", ""}};
            if (m.tokens) set["tokens"] = format_grouped(m.tokens->value / 1e9, 1);
            // Its published pre-training sequence and recipe's recompute (data/models.json, cited),
            // so a preset is planned as the model was trained; none published: the form's own.
            set["sequence_length"] = m.architecture && m.architecture->sequence
                                         ? std::to_string(long(m.architecture->sequence->value)) : std::string();
            if (m.recompute) set["recompute"] = m.recompute->value;
            if (moe) {
                const auto& a = *m.architecture;
                if (m.active_parameters) set["active_parameters"] = format_grouped(m.active_parameters->value / 1e9, 3);
                set["experts"] = format_grouped(*a.detail("experts"), 0);
                if (auto k = a.detail("experts_per_token")) set["experts_per_token"] = format_grouped(*k, 0);
            }
            const planner::Source* source = catalogue.source(m.parameters.source);
            add(m.id, moe ? m.name + " (MoE)" : m.name,
                json{{"set", set.dump()}, {"source", source ? source->title : ""}, {"url", source ? source->url : ""}});
        }
    }
    return list;
}

// A text field of a calculator form, as templates/partials/calc-field.html draws it: input name,
// request field, label (a UI string), the keyboard it wants, how a typed number converts (data-scale,
// billions; or data-per, percent) and the placeholder (a UI string's key, or the text itself).
// An override (default_from, a response path such as "serve.mfu") shows in its placeholder the value
// the planner used without it: the page's example here, the live plan's in the browser
// (data-default, wasm/js/results.js).
struct FormField {
    const char* name;
    const char* field;
    const char* label;
    const char* mode;
    const char* per;    // "100": typed as a percent
    const char* scale;  // "1e9": typed in billions
    const char* placeholder;
    const char* default_from = nullptr;
};

// A declared field's input: a numeric keyboard for whole numbers, else decimal; a share typed as a
// percent (data-per 100), parameters in billions (data-scale 1e9); its path without the first
// `strip` characters (an architecture's fields without "model.").
FormField form_field_of(const planner::Field& f, std::size_t strip = 0) {
    const std::string unit = f.unit;
    return {f.form, f.path + strip, f.label, f.type == planner::Field::Type::number ? "decimal" : "numeric",
            unit == "0-1" ? "100" : "", unit == "parameters" ? "1e9" : "", f.placeholder ? f.placeholder : "", f.default_from};
}

// The number at `path` ("serve.mfu") of a response, in a form field's units (times `per`), to three
// significant figures as the browser writes it; empty when the response has none.
std::string planner_default(const json& response, const std::string& path, const char* per) {
    const json* at = at_path(response, path);
    if (!at || !at->is_number()) return "";
    const double v = at->get<double>() * (per && *per ? std::stod(per) : 1.0);
    if (!std::isfinite(v) || v == 0) return planner::format_number(v);
    const double scale = std::pow(10.0, 2 - std::floor(std::log10(std::fabs(v))));
    return planner::format_number(std::round(v * scale) / scale);
}

// `fields` as the templates loop over them, each with its starting value from the page's inputs.
template <class Fields>
json form_fields(const Fields& fields, const json& inputs, const json& strings, const json& response = json()) {
    json list = json::array();
    for (const FormField& f : fields) {
        const std::string generic = strings.value(f.placeholder, std::string(f.placeholder));
        std::string placeholder = generic;
        if (f.default_from) {
            const std::string used = planner_default(response, f.default_from, f.per);
            if (!used.empty()) placeholder = used;
        }
        list.push_back({{"name", f.name}, {"field", f.field}, {"label", strings.value(f.label, std::string(f.label))},
                        {"mode", f.mode}, {"per", f.per}, {"scale", f.scale}, {"placeholder", placeholder}, {"generic", generic},
                        {"default_from", f.default_from ? f.default_from : ""},
                        {"value", inputs.value(f.name, std::string())}});
    }
    return list;
}

// A field a form offers as a choice (templates/partials/calc-choice.html) rather than typed: a
// text field with its words, or a yes/no field.
bool is_choice(const planner::Field& f) {
    return f.type == planner::Field::Type::text || f.type == planner::Field::Type::boolean;
}

// A choice as calc-choice.html draws it, from its declared field: the words in the order the field
// declares them (those it offers, when fewer), each labelled by the UI string "<name>_<word>" (else
// the word in capitals: a precision, "BF16"), after an empty option when the form may leave it out
// ("<name>_<blank>"); a yes/no field offers its default ("<name>_default", sent as no value), on
// and off. Selected: the page's input, else the field's default when it is one of the words, else
// the first. A UI string "<name>_hint" is its hint.
json choice_of(const planner::Field& f, const json& inputs, const json& strings) {
    const std::string name = f.form;
    auto say = [&](const std::string& key, const std::string& otherwise) { return strings.value(key, otherwise); };
    std::vector<std::pair<std::string, std::string>> options;  // value, label
    const bool yes_no = f.type == planner::Field::Type::boolean;
    if (yes_no) options = {{"", say(name + "_default", "—")}, {"true", say(name + "_on", "true")}, {"false", say(name + "_off", "false")}};
    else {
        if (f.blank) options.emplace_back("", say(name + "_" + f.blank, f.blank));
        for (const std::string& w : (f.offered ? f.offered : f.allowed)()) options.emplace_back(w, say(name + "_" + w, precision_name(w)));
    }
    auto offered = [&](const std::string& v) {
        return std::any_of(options.begin(), options.end(), [&](const auto& o) { return o.first == v; });
    };
    const std::string input = inputs.value(name, std::string()), fallback = f.fallback;
    const std::string selected = offered(input) ? input : offered(fallback) ? fallback : options.front().first;
    json list = json::array();
    for (const auto& [value, label] : options) list.push_back({{"id", value}, {"label", label}, {"selected", value == selected}});
    const std::string hint = say(name + "_hint", "");
    return {{"name", name}, {"field", f.path}, {"label", say(f.label, f.label)}, {"options", std::move(list)}, {"boolean", yes_no},
            {"hint", hint.empty() ? json(false) : json(hint)}};
}

// Every choice of a kind's calculator, by input name: {{#choice.recompute}}{{> calc-choice}}{{/choice.recompute}}.
json choices_view(const std::string& kind, const json& inputs, const json& strings) {
    json out = json::object();
    if (const planner::RequestSchema* schema = planner::request_schema(kind))
        for (const planner::FieldPart& part : schema->parts)
            for (const planner::Field* f : part)
                if (f->form && is_choice(*f)) out[f->form] = choice_of(*f, inputs, strings);
    return out;
}

// The instance types a calculator's charts may draw, those its front matter names (`inputs.chart`, a
// list, as a link's repeated chart=) ticked; the page's own instance is added by calculator.js, the
// example's or a link's (own_instance).
json chart_choices(const planner::Catalogue& catalogue, const json& inputs) {
    json list = choices_for(catalogue, "instance", "");
    const json none = json::array();
    const json& chosen = inputs.is_object() && inputs.contains("chart") ? inputs["chart"] : none;
    for (json& choice : list)
        choice["checked"] = chosen.is_array() && std::find(chosen.begin(), chosen.end(), choice["id"]) != chosen.end();
    return list;
}

// The form's own instance type (inputs.instance), or "" for a calculator without one.
std::string own_instance(const json& inputs) {
    return inputs.is_object() && inputs.contains("instance") && inputs["instance"].is_string() ? inputs["instance"].get<std::string>() : "";
}

// The inference calculator's text inputs, as its request declares them: the rate, the fleet's
// fields, and those of each way to give the throughput (measured, compute, llm).
void infer_view(json& view, const json& inputs, const json& strings) {
    std::map<std::string, std::vector<FormField>> groups;
    for (const planner::Field* f : planner::fields::infer::kJob) {
        if (!f->form || is_choice(*f)) continue;
        const std::string path = f->path;
        // The llm's four figures show only when no catalogue model is chosen.
        const bool figures = path == "llm.parameters" || path == "llm.layers" || path == "llm.kv_heads" || path == "llm.head_dim";
        const std::string group = path == "rate.value" ? "rate" : path == "throughput_rps" ? "rps"
                                  : path.rfind("compute.", 0) == 0 ? "compute" : figures ? "llm_figures"
                                  : path.rfind("llm.", 0) == 0 ? "llm" : "fleet";
        groups[group].push_back(form_field_of(*f));
    }
    for (const auto& [group, fields] : groups) view["infer_" + group] = form_fields(fields, inputs, strings);
}

// The serving calculator's fields, in the order the form shows them.
void serve_view(json& view, const json& inputs, const json& strings, const json& response) {
    // The inputs the serve request declares (planner/request_fields.hpp), in its order: the model's
    // architecture (its fields named without "model.") and the job's.
    std::vector<FormField> architecture, fields;
    const std::string model = "model.";
    for (const planner::Field* f : planner::fields::serve::kJob) {
        if (!f->form || is_choice(*f)) continue;
        const bool of_model = std::string_view(f->path).substr(0, model.size()) == model;
        (of_model ? architecture : fields).push_back(form_field_of(*f, of_model ? model.size() : 0));
    }
    view["serve_architecture"] = form_fields(architecture, inputs, strings);
    view["serve_fields"] = form_fields(fields, inputs, strings, response);
    // The answer in one sentence, as the live result shows it (display/answers.hpp).
    view["serve_answer"] = view["example"]["serve"].value("answer", std::string());
}

// The comparison a training, serving or inference calculator makes live (results.js: the same job
// on every instance type, display/chart_specs.hpp comparison_of), planned at build time for its
// example so the page reads without JavaScript; null when it fails.
json example_comparison(const planner::Catalogue& catalogue, const FrontMatter& front, const std::string& lang) {
    json compared = json::parse(site::plan(catalogue, comparison_of(in_language(front.example, lang)).dump()));
    return compared.value("ok", false) ? compared : json();
}

// That comparison's table and answer as display_json writes them (without the sweep, which is drawn).
json shown_comparison(json compared, const std::map<std::string, std::string>& names, const std::string& lang) {
    if (compared.is_null()) return json::object();
    compared["compare"].erase("sweep");
    json shown = display_json(compared, names, lang)["compare"];
    // A cell with nothing to show is a dash, as results.js writes it (and no name the template
    // would look up in the page's own view instead).
    for (auto& row : shown["table"])
        for (auto& cell : row["cells"])
            if (cell["text"].is_null()) cell["text"] = "—";
    return shown;
}

// The example's comparison (training and serving pages: its table and answer) and every chart the
// page draws on a first visit, as the module's charts() gives them for the types ticked under the
// form; render_html draws them into the page's slots (chart_slots.hpp).
void example_comparison_and_charts(json& view, const planner::Catalogue& catalogue, const FrontMatter& front,
                                   const json& response, const std::map<std::string, std::string>& names,
                                   const std::string& lang) {
    const std::string kind = view["kind"];
    const json compared = kind == "train" || kind == "serve" || kind == "infer" ? example_comparison(catalogue, front, lang) : json();
    if (kind == "train" || kind == "serve") view["example_compare"] = shown_comparison(compared, names, lang);
    // The types the charts draw on a first visit, as results.js picks them: the ticked ones and the
    // form's own, in the catalogue's order.
    ChartSources sources;
    sources.response = &response;
    sources.compare = compared.is_null() ? nullptr : &compared;
    const std::string own = own_instance(front.inputs);
    for (const json& choice : view["instances"])
        if (choice.value("checked", false) || choice["id"] == own) sources.picked.push_back(choice["id"]);
    sources.lang = lang;
    view["chart_specs"] = chart_specs(sources);
}

}  // namespace

json calculator_view(const planner::Catalogue& catalogue, const FrontMatter& front, const json& response,
                     const json& strings, const std::string& lang) {
    json inputs = json::object(), is = json::object(), pick = json::object();
    for (auto it = front.inputs.begin(); it != front.inputs.end(); ++it) {
        std::string text = it->is_string() ? it->get<std::string>() : it->dump();
        inputs[it.key()] = text;
        is[it.key() + "_" + text] = true;
        json choices = choices_for(catalogue, it.key(), text, strings, lang);
        if (!choices.empty()) pick[it.key()] = std::move(choices);
    }
    const std::string kind = response.value("kind", std::string());
    // What readers see for catalogue ids, in the page's language (display_json).
    const std::map<std::string, std::string> names = catalogue.display_names(lang);
    json view{{"kind", kind}, {"inputs", inputs}, {"is", is}, {"pick", pick}, {"example", display_json(response, names, lang)},
              {"instances", chart_choices(catalogue, front.inputs)}, {"models", choices_for(catalogue, "preset", inputs.value("preset", std::string()))}};
    view["is_" + kind] = true;
    view["display_units"] = display_scales(kind).dump();  // the CSV export's units, as display_json's
    if (kind == "instances") {
        // The training job the page compares the ticked types on, shown without JavaScript as the
        // calculator shows it live: the front matter's `requests.training` job on the example's types,
        // as the display makes it (sheet_comparison; a test holds it equal to the declared request).
        if (front.requests.is_object() && front.requests.contains("training")) {
            const json asked = sheet_comparison(in_language(front.example, lang), front.requests["training"]["job"]);
            const json compared = json::parse(site::plan(catalogue, asked.dump()));
            if (compared.value("ok", false)) {
                json shown = display_json(compared, names, lang)["compare"];
                // A type that cannot run the job has no count or cost: a dash, as the live table writes
                // it (and no name the template would look up in the page's own view instead).
                for (auto& row : shown["rows"])
                    for (const char* key : {"instances", "cost_usd"})
                        if (!row.contains(key)) row[key] = "—";
                view["example_training"] = std::move(shown);
            }
        }
        json ids = json::array();
        for (const auto& row : response["instances"]["rows"]) ids.push_back(row["id"]);
        json sheet = choices_for(catalogue, "instance", "");
        for (auto& choice : sheet) choice["selected"] = std::find(ids.begin(), ids.end(), choice["id"]) != ids.end();
        view["sheet_choices"] = std::move(sheet);
    }
    if (kind == "energy") {
        // The answer first: each configuration's savings against the baseline, in one sentence
        // each, as the live result shows them (display/answers.hpp).
        view["energy_answers"] = view["example"]["energy"].value("answers", json::array());
        // Four configuration slots; the first two are required (the planner compares 2 to 4).
        json slots = json::array();
        for (int n = 1; n <= 4; ++n) {
            const std::string k = std::to_string(n);
            auto input = [&](const std::string& name) { return inputs.value(name + k, std::string()); };
            slots.push_back({{"n", n}, {"index", n - 1}, {"required", n <= 2}, {"label", input("label")},
                             {"instances", input("instances")}, {"hours", input("hours")}, {"price", input("price")},
                             {"choices", choices_for(catalogue, "instance", input("instance"))}});
        }
        view["configurations"] = std::move(slots);
    }
    view["choice"] = choices_view(kind, inputs, strings);
    if (kind == "instances") view["choice"].update(choices_view("train", inputs, strings));  // its training job
    example_comparison_and_charts(view, catalogue, front, response, names, lang);
    if (kind == "serve") serve_view(view, inputs, strings, response);
    if (kind == "infer") infer_view(view, inputs, strings);
    // The LoRA matrices a training job may target (templates/partials/calc-fine-tuning.html).
    if (kind == "train" || kind == "instances") view["lora_modules"] = planner::lora_modules();
    if (kind == "instances") {  // the comparison's training job, besides its model, tokens and precision
        namespace f = planner::fields::train;
        const FormField job[] = {form_field_of(f::instance_count), form_field_of(f::mfu)};
        view["compare_job_fields"] = form_fields(job, inputs, strings);
    }
    if (kind == "train") {
        // The advanced inputs: batch, overlap and a fixed layout; empty, the planner chooses.
        namespace f = planner::fields::train;
        const FormField advanced[] = {
            form_field_of(f::global_batch),   form_field_of(f::micro_batch), form_field_of(f::tensor_overlap),
            form_field_of(f::pipeline_overlap), form_field_of(f::expert_overlap), form_field_of(f::tensor),
            form_field_of(f::pipeline),       form_field_of(f::expert),      form_field_of(f::context),
            form_field_of(f::interleave),     form_field_of(f::zero)};
        view["train_advanced"] = form_fields(advanced, inputs, strings);
        // The data-parallel overlap: a share, or layer by layer (the request's "overlap": "layer").
        const FormField overlap[] = {form_field_of(f::overlap)};
        view["train_overlap"] = form_fields(overlap, inputs, strings);
        auto label = [&](const std::string& key) { return strings.value(key, key); };
        // What the result's words are, as wasm/js/results.js shows them: the kind of training,
        // and the term each runner-up layout lost most on (lost_on_<term>, one map for both).
        view["fine_tuning_is"][response["train"].value("fine_tuning", std::string("pretraining"))] = true;
        json lost_on = json::object();
        for (const std::string& term : planner::lost_on_terms()) lost_on[term] = label("lost_on_" + term);
        // The runner-up table's word cells in the page's language, as results.js names them (data-words).
        json& shown = view["example"]["train"];
        if (shown.contains("table"))
            for (auto& row : shown["table"])
                for (auto& cell : row["cells"])
                    if (cell.value("word", false) && cell["text"].is_string())
                        cell["text"] = lost_on.value(cell["text"].get<std::string>(), cell["text"].get<std::string>());
        view["lost_on_labels"] = lost_on.dump();
    }
    return view;
}

}  // namespace site
