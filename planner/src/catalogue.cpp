#include "planner/catalogue.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "planner/json_position.hpp"

namespace planner {

using nlohmann::json;

const Instance* Catalogue::find(std::string_view id) const {
    auto it = std::find_if(instances.begin(), instances.end(), [&](const Instance& i) { return i.id == id; });
    return it == instances.end() ? nullptr : &*it;
}

const Source* Catalogue::source(std::string_view id) const {
    auto it = sources.find(std::string(id));
    return it == sources.end() ? nullptr : &it->second;
}

namespace {

const std::set<std::string> kCategories = {"cpu", "gpu", "inferentia", "trainium", "gaudi"};
const std::set<std::string> kPrecisions = {"fp32", "tf32", "bf16", "fp16", "fp8", "int8"};

// What a figure field must look like: its unit and the largest value that is not a typo.
struct FigureSpec {
    const char* unit;
    double max;
};

std::string join(const std::set<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

bool is_date(const std::string& s) {
    // YYYY-MM or YYYY-MM-DD
    auto digits = [&](std::size_t from, std::size_t n) {
        for (std::size_t i = from; i < from + n; ++i)
            if (i >= s.size() || s[i] < '0' || s[i] > '9') return false;
        return true;
    };
    if (s.size() != 7 && s.size() != 10) return false;
    if (!digits(0, 4) || s[4] != '-' || !digits(5, 2)) return false;
    return s.size() == 7 || (s[7] == '-' && digits(8, 2));
}

// Collects errors for one file, each located by JSON pointer in the file's text.
class Validator {
public:
    Validator(std::string_view text, std::string_view file) : text_(text), file_(file) {}

    std::vector<Diagnostic> errors;

    void error(std::string code, const std::string& entry, const json::json_pointer& where, std::string message,
               std::string hint = {}, Target target = Target::value) {
        std::string pointer = where.to_string();
        TextPosition pos = locate(text_, pointer, target);
        errors.push_back(Diagnostic{std::move(code), std::string(file_), pos.line, pos.column, entry, pointer,
                                   std::move(message), std::move(hint)});
    }

    // Reports members of `obj` that are not in `known`.
    void only_known(const json& obj, const std::set<std::string>& known, const std::string& entry,
                    const json::json_pointer& where) {
        for (auto it = obj.begin(); it != obj.end(); ++it) {
            if (known.count(it.key())) continue;
            error("data.unknown_field", entry, where / it.key(), "unknown field \"" + it.key() + "\"",
                  "known fields: " + join(known), Target::key);
        }
    }

    bool text_field(const json& obj, const char* name, bool required, const std::string& entry,
                    const json::json_pointer& where, std::string& out) {
        auto it = obj.find(name);
        if (it == obj.end()) {
            if (required) error("data.missing_field", entry, where, std::string("missing field \"") + name + "\"");
            return false;
        }
        if (!it->is_string() || it->get_ref<const std::string&>().empty()) {
            error("data.wrong_type", entry, where / name, std::string("\"") + name + "\" must be a non-empty string");
            return false;
        }
        out = it->get<std::string>();
        return true;
    }

    void source_ref(const json& obj, const std::string& entry, const json::json_pointer& where,
                    const std::map<std::string, Source>& sources, std::string& out) {
        if (!text_field(obj, "source", false, entry, where, out)) {
            if (!obj.contains("source"))
                error("data.missing_source", entry, where, "figure has no \"source\"",
                      "add \"source\": \"<id>\" naming an entry of \"sources\"");
            return;
        }
        if (!sources.count(out))
            error("data.unknown_source", entry, where / "source", "unknown source \"" + out + "\"",
                  "define it under \"sources\" with title, url and as_of");
    }

    std::optional<Figure> figure(const json& j, const FigureSpec& spec, const std::string& entry,
                                 const json::json_pointer& where, const std::map<std::string, Source>& sources,
                                 const std::set<std::string>& extra_fields = {}) {
        if (!j.is_object()) {
            error("data.wrong_type", entry, where,
                  "a figure must be an object {\"value\", \"unit\", \"source\"}",
                  std::string("e.g. {\"value\": 1, \"unit\": \"") + spec.unit + "\", \"source\": \"...\"}");
            return std::nullopt;
        }
        std::set<std::string> known = {"value", "unit", "source", "as_of", "note", "estimate"};
        known.insert(extra_fields.begin(), extra_fields.end());
        only_known(j, known, entry, where);

        Figure f;
        bool good = true;
        auto value = j.find("value");
        if (value == j.end()) {
            error("data.missing_field", entry, where, "figure has no \"value\"");
            good = false;
        } else if (!value->is_number()) {
            error("data.wrong_type", entry, where / "value", "\"value\" must be a number");
            good = false;
        } else {
            f.value = value->get<double>();
            if (!std::isfinite(f.value) || f.value < 0) {
                error("data.negative_value", entry, where / "value", "value must not be negative");
                good = false;
            } else if (f.value > spec.max) {
                error("data.absurd_value", entry, where / "value",
                      "value " + json(f.value).dump() + " is above the plausible maximum " + json(spec.max).dump() +
                          " " + spec.unit,
                      "check the unit and the number of zeros");
                good = false;
            }
        }
        if (!j.contains("unit")) {
            error("data.missing_unit", entry, where, "figure has no \"unit\"",
                  std::string("this field is in \"") + spec.unit + "\"");
            good = false;
        } else if (text_field(j, "unit", true, entry, where, f.unit) && f.unit != spec.unit) {
            error("data.wrong_unit", entry, where / "unit", "unit \"" + f.unit + "\" is not the unit of this field",
                  std::string("use \"") + spec.unit + "\"");
            good = false;
        }
        source_ref(j, entry, where, sources, f.source);
        if (j.contains("as_of") && text_field(j, "as_of", false, entry, where, f.as_of) && !is_date(f.as_of))
            error("data.bad_date", entry, where / "as_of", "\"as_of\" must be a date YYYY-MM-DD or YYYY-MM");
        if (j.contains("note")) text_field(j, "note", false, entry, where, f.note);
        if (auto e = j.find("estimate"); e != j.end()) {
            if (!e->is_boolean()) error("data.wrong_type", entry, where / "estimate", "\"estimate\" must be true or false");
            else f.estimate = e->get<bool>();
            if (f.estimate && f.note.empty())
                error("data.estimate_without_method", entry, where, "an estimate must say how it was made",
                      "add a \"note\" describing the method");
        }
        return good ? std::optional<Figure>(f) : std::nullopt;
    }

    std::optional<Fact> fact(const json& j, const std::string& entry, const json::json_pointer& where,
                             const std::map<std::string, Source>& sources) {
        if (!j.is_object()) {
            error("data.wrong_type", entry, where, "a fact must be an object {\"value\", \"source\"}");
            return std::nullopt;
        }
        only_known(j, {"value", "source"}, entry, where);
        Fact f;
        bool good = text_field(j, "value", true, entry, where, f.value);
        source_ref(j, entry, where, sources, f.source);
        return good ? std::optional<Fact>(f) : std::nullopt;
    }

private:
    std::string_view text_;
    std::string_view file_;
};

std::map<std::string, Source> load_sources(const json& doc, Validator& v) {
    std::map<std::string, Source> sources;
    const json::json_pointer where("/sources");
    auto it = doc.find("sources");
    if (it == doc.end() || !it->is_object()) {
        v.error("data.missing_field", "", json::json_pointer(""), "\"sources\" must be an object of cited sources");
        return sources;
    }
    for (auto s = it->begin(); s != it->end(); ++s) {
        const json::json_pointer at = where / s.key();
        if (!s->is_object()) {
            v.error("data.wrong_type", s.key(), at, "a source must be an object {\"title\", \"url\", \"as_of\"}");
            continue;
        }
        v.only_known(*s, {"title", "url", "as_of"}, s.key(), at);
        Source src;
        src.id = s.key();
        v.text_field(*s, "title", true, s.key(), at, src.title);
        v.text_field(*s, "url", true, s.key(), at, src.url);
        if (v.text_field(*s, "as_of", true, s.key(), at, src.as_of) && !is_date(src.as_of))
            v.error("data.bad_date", s.key(), at / "as_of", "\"as_of\" must be a date YYYY-MM-DD or YYYY-MM");
        sources.emplace(src.id, src);
    }
    return sources;
}

const std::map<std::string, FigureSpec> kFigureFields = {
    {"accelerator_count", {"count", 64}},
    {"accelerator_memory", {"GB", 4096}},
    {"accelerator_interconnect", {"GB/s", 100000}},
    {"vcpu", {"count", 1024}},
    {"memory", {"GiB", 32768}},
    {"network", {"Gbps", 100000}},
};
const FigureSpec kPeakSpec{"TFLOPS", 100000};
const FigureSpec kPriceSpec{"USD/h", 1000};

std::set<std::string> instance_fields() {
    std::set<std::string> names = {"id", "family", "category", "accelerator", "peak_tflops", "efa", "price"};
    for (const auto& [name, spec] : kFigureFields) names.insert(name);
    return names;
}

void load_instance(const json& j, const json::json_pointer& at, Validator& v, Catalogue& c) {
    Instance inst;
    if (!j.is_object()) {
        v.error("data.wrong_type", "", at, "an instance must be an object");
        return;
    }
    v.text_field(j, "id", true, "", at, inst.id);
    const std::string entry = inst.id.empty() ? at.to_string() : inst.id;
    v.only_known(j, instance_fields(), entry, at);
    v.text_field(j, "family", true, entry, at, inst.family);
    if (v.text_field(j, "category", true, entry, at, inst.category) && !kCategories.count(inst.category))
        v.error("data.bad_value", entry, at / "category", "unknown category \"" + inst.category + "\"",
                "one of: " + join(kCategories));

    if (auto a = j.find("accelerator"); a != j.end()) {
        if (auto f = v.fact(*a, entry, at / "accelerator", c.sources)) inst.accelerator = *f;
    } else {
        v.error("data.missing_field", entry, at, "missing field \"accelerator\"");
    }
    if (auto e = j.find("efa"); e != j.end()) inst.efa = v.fact(*e, entry, at / "efa", c.sources);

    const std::map<std::string, Figure*> required = {
        {"accelerator_count", &inst.accelerator_count}, {"accelerator_memory", &inst.accelerator_memory},
        {"vcpu", &inst.vcpu},                           {"memory", &inst.memory},
        {"network", &inst.network},
    };
    for (const auto& [name, spec] : kFigureFields) {
        auto f = j.find(name);
        auto target = required.find(name);
        if (f == j.end()) {
            if (target != required.end()) v.error("data.missing_field", entry, at, "missing field \"" + name + "\"");
            continue;
        }
        auto fig = v.figure(*f, spec, entry, at / name, c.sources);
        if (!fig) continue;
        if (target != required.end()) *target->second = *fig;
        else inst.accelerator_interconnect = *fig;
    }
    if (inst.category != "cpu" && inst.accelerator_count.value < 1 && j.contains("accelerator_count"))
        v.error("data.bad_value", entry, at / "accelerator_count" / "value",
                "an accelerated instance needs at least one accelerator");

    if (auto p = j.find("peak_tflops"); p != j.end()) {
        if (!p->is_object()) {
            v.error("data.wrong_type", entry, at / "peak_tflops", "\"peak_tflops\" must map precisions to figures");
        } else {
            for (auto k = p->begin(); k != p->end(); ++k) {
                if (!kPrecisions.count(k.key())) {
                    v.error("data.unknown_field", entry, at / "peak_tflops" / k.key(),
                            "unknown precision \"" + k.key() + "\"", "one of: " + join(kPrecisions), Target::key);
                    continue;
                }
                if (auto fig = v.figure(*k, kPeakSpec, entry, at / "peak_tflops" / k.key(), c.sources))
                    inst.peak_tflops.emplace(k.key(), *fig);
            }
        }
    }
    if (auto p = j.find("price"); p != j.end()) {
        auto fig = v.figure(*p, kPriceSpec, entry, at / "price", c.sources, {"region"});
        Price price;
        bool has_region = p->is_object() && v.text_field(*p, "region", true, entry, at / "price", price.region);
        if (fig && has_region) {
            price.usd_per_hour = *fig;
            inst.price = price;
        }
    }

    if (!inst.id.empty() && c.find(inst.id))
        v.error("data.duplicate_id", entry, at / "id", "instance \"" + inst.id + "\" is defined twice",
                "remove or rename one of them");
    else if (!inst.id.empty())
        c.instances.push_back(std::move(inst));
}

}  // namespace

CatalogueLoad load_instances(std::string_view json_text, std::string_view file_name) {
    CatalogueLoad out;
    Validator v(json_text, file_name);
    json doc;
    try {
        doc = json::parse(json_text.begin(), json_text.end());
    } catch (const json::parse_error& e) {
        TextPosition pos = position_of_offset(json_text, e.byte == 0 ? 0 : e.byte - 1);
        std::string what = e.what();
        auto colon = what.find(": ", what.find("column"));
        std::string message = colon == std::string::npos ? what : what.substr(colon + 2);
        out.errors.push_back(Diagnostic{"data.syntax", std::string(file_name), pos.line, pos.column, "", "",
                                       "invalid JSON: " + message, ""});
        return out;
    }
    if (!doc.is_object()) {
        v.error("data.wrong_type", "", json::json_pointer(""), "the file must hold an object with \"sources\" and \"instances\"");
        out.errors = std::move(v.errors);
        return out;
    }
    v.only_known(doc, {"sources", "instances"}, "", json::json_pointer(""));
    out.catalogue.sources = load_sources(doc, v);
    auto list = doc.find("instances");
    if (list == doc.end() || !list->is_array()) {
        v.error("data.missing_field", "", json::json_pointer(""), "\"instances\" must be an array");
    } else {
        for (std::size_t i = 0; i < list->size(); ++i)
            load_instance((*list)[i], json::json_pointer("/instances") / i, v, out.catalogue);
    }
    out.errors = std::move(v.errors);
    return out;
}

void to_json(json& j, const Source& s) {
    j = json{{"id", s.id}, {"title", s.title}, {"url", s.url}, {"as_of", s.as_of}};
}

void to_json(json& j, const Figure& f) {
    j = json{{"value", f.value}, {"unit", f.unit}, {"source", f.source}};
    if (!f.as_of.empty()) j["as_of"] = f.as_of;
    if (!f.note.empty()) j["note"] = f.note;
    if (f.estimate) j["estimate"] = true;
}

void to_json(json& j, const Fact& f) { j = json{{"value", f.value}, {"source", f.source}}; }

void to_json(json& j, const Price& p) {
    j = p.usd_per_hour;
    j["region"] = p.region;
}

void to_json(json& j, const Instance& i) {
    j = json{{"id", i.id},
             {"family", i.family},
             {"category", i.category},
             {"accelerator", i.accelerator},
             {"accelerator_count", i.accelerator_count},
             {"accelerator_memory", i.accelerator_memory},
             {"peak_tflops", i.peak_tflops},
             {"vcpu", i.vcpu},
             {"memory", i.memory},
             {"network", i.network}};
    if (i.accelerator_interconnect) j["accelerator_interconnect"] = *i.accelerator_interconnect;
    if (i.efa) j["efa"] = *i.efa;
    if (i.price) j["price"] = *i.price;
}

void to_json(json& j, const Catalogue& c) {
    j = json{{"sources", json::object()}, {"instances", c.instances}};
    for (const auto& [id, s] : c.sources) j["sources"][id] = s;
}

}  // namespace planner
