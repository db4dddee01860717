#include "data_pages.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "views.hpp"

namespace site {

using nlohmann::json;

std::string cheatsheet_key(const std::string& region, const std::string& option) {
    return "instances/" + region + "/" + (option == planner::kOnDemand ? "on-demand" : option == planner::kCapacityBlock ? "capacity-blocks" : option);
}

std::string family_slug(const std::string& family) {
    std::string s;
    for (unsigned char c : family) s += std::isalnum(c) ? char(std::tolower(c)) : '-';
    return s;
}

namespace {

std::string text(const Language& lang, const char* key, const std::string& name = {}) {
    std::string t = lang.strings.value(key, std::string(key));
    if (auto at = t.find("{name}"); at != std::string::npos) t.replace(at, 6, name);
    return t;
}

Page generated(const Config& config, const Language& lang, std::string key, std::string kind, std::string title,
               std::string description, int weight, bool is_section) {
    Page p;
    p.lang = lang.code;
    p.key = std::move(key);
    p.url = config.prefix(lang.code) + p.key + "/";
    p.kind = std::move(kind);
    p.is_section = is_section;
    p.front.title = std::move(title);
    p.front.description = std::move(description);
    p.front.weight = weight;
    return p;
}

json figure_text(const planner::Catalogue& c, const planner::Figure& f, int digits = 2) {
    json j{{"text", format_grouped(f.value, digits)}, {"unit", f.unit}, {"source", f.source}};
    if (const planner::Source* s = c.source(f.source)) j["source_title"] = s->title;
    if (!f.note.empty()) j["note"] = f.note;
    if (f.estimate) j["estimate"] = true;
    j["as_of"] = c.as_of(f);
    return j;
}

json accelerator_data(const Language& lang, const planner::Catalogue& c, const planner::Accelerator& a) {
    json d{{"id", a.id}, {"name", a.name}, {"kind", a.kind}};
    json figures = json::array();
    auto add = [&](const std::string& label, const planner::Figure& f, int digits = 2) {
        json row = figure_text(c, f, digits);
        row["label"] = label;
        figures.push_back(row);
    };
    for (const auto& [precision, f] : a.peak_tflops) add(text(lang, "fig_dense_peak", precision_name(precision)), f);
    for (const auto& [precision, f] : a.sparse_tflops) add(text(lang, "fig_sparse_peak", precision_name(precision)), f);
    if (a.kind != "cpu") add(text(lang, "fig_memory"), a.memory);
    if (a.memory_bandwidth) add(text(lang, "fig_memory_bandwidth"), *a.memory_bandwidth);
    if (a.power) add(text(lang, "fig_power"), *a.power);
    auto add_percent = [&](const std::string& label, const planner::Figure& f) {  // a fraction, shown as a percentage
        planner::Figure percent = f;
        percent.value *= 100;
        json row = figure_text(c, percent, 1);
        row["unit"] = "%";
        row["label"] = label;
        figures.push_back(row);
    };
    for (const auto& [workload, f] : a.default_mfu)
        add_percent(text(lang, workload == "training" ? "fig_mfu_training" : "fig_mfu_inference"), f);
    if (a.decode_bandwidth_fraction) add_percent(text(lang, "fig_decode_bandwidth"), *a.decode_bandwidth_fraction);
    d["figures"] = figures;
    json instances = json::array();
    for (const auto& inst : c.instances)
        if (inst.accelerator == a.id)
            instances.push_back({{"id", inst.id}, {"count", format_grouped(inst.accelerator_count.value, 0)},
                                 {"family", family_slug(inst.family)}});
    d["has_instances"] = !instances.empty();
    d["instances"] = instances;
    return d;
}

}  // namespace

void add_data_pages(const Config& config, const planner::Catalogue& catalogue, const std::set<std::string>& templates,
                    std::vector<Page>& pages) {
    const bool sections = templates.count("section");
    for (const Language& lang : config.languages) {
        if (templates.count("references")) {
            Page refs = generated(config, lang, "references", "references", text(lang, "references_title"),
                                  text(lang, "references_description"), 900, false);
            json sources = json::array();
            for (const auto& [id, s] : catalogue.sources)
                sources.push_back({{"id", id}, {"title", s.title}, {"url", s.url}, {"as_of", s.as_of}, {"note", s.note}});
            std::stable_sort(sources.begin(), sources.end(), [](const json& a, const json& b) {
                return a["title"].get<std::string>() < b["title"].get<std::string>();
            });
            refs.data = {{"sources", sources}};
            pages.push_back(std::move(refs));
        }
        if (sections && templates.count("accelerator")) {
            pages.push_back(generated(config, lang, "accelerators", "section", text(lang, "accelerators_title"),
                                      text(lang, "accelerators_description"), 800, true));
            for (const auto& a : catalogue.accelerators) {
                Page p = generated(config, lang, "accelerators/" + a.id, "accelerator", a.name,
                                   text(lang, "accelerator_description", a.name), 0, false);
                p.data = accelerator_data(lang, catalogue, a);
                pages.push_back(std::move(p));
            }
        }
        if (templates.count("cheatsheet")) {
            // The cheat-sheet in every region and purchase option the catalogue prices: static pages
            // the cheat-sheet's selector links to, so it needs no JavaScript.
            for (const auto& region : catalogue.regions)
                for (const std::string& option : catalogue.priced_options()) {
                    const std::string where = text(lang, ("region_" + region.id).c_str()) + text(lang, "title_separator") + text(lang, ("option_" + option).c_str());
                    Page p = generated(config, lang, cheatsheet_key(region.id, option), "cheatsheet",
                                       text(lang, "cheatsheet_variant_title", where), text(lang, "cheatsheet_variant_description", where), 0, false);
                    p.data = {{"region", region.id}, {"option", option}};
                    p.listed = false;
                    pages.push_back(std::move(p));
                }
        }
        if (sections && templates.count("cheatsheet")) {
            pages.push_back(generated(config, lang, "families", "section", text(lang, "families_title"),
                                      text(lang, "families_description"), 700, true));
            std::set<std::string> families;
            for (const auto& inst : catalogue.instances) {
                if (!families.insert(inst.family).second) continue;
                Page p = generated(config, lang, "families/" + family_slug(inst.family), "cheatsheet",
                                   text(lang, "family_title", inst.family), text(lang, "family_description", inst.family),
                                   0, false);
                p.data = {{"family", inst.family}};
                pages.push_back(std::move(p));
            }
        }
    }
    // A 404 page per language: the default language's at /404.html, where static hosts look for it,
    // the others' at /<lang>/404.html (hosts that serve a folder's own 404, and the dev server).
    // It is served at any missing path, so its links are root-absolute (page_view).
    if (templates.count("404"))
        for (const Language& lang : config.languages) {
            Page p = generated(config, lang, "404", "404", text(lang, "not_found_title"), text(lang, "not_found_description"), 0, false);
            p.url = config.prefix(lang.code) + "404.html";
            pages.push_back(std::move(p));
        }
}

}  // namespace site
