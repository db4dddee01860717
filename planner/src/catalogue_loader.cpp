// load_catalogue: parse and validate data/*.json, reporting every problem with its position.
#include <algorithm>
#include <cmath>
#include <functional>
#include <set>

#include "planner/catalogue.hpp"
#include "planner/json_position.hpp"

namespace planner {

using nlohmann::json;
using Pointer = json::json_pointer;

namespace {

// What a figure must look like: its unit and the largest value that is not a typo.
struct FigureSpec {
    const char* unit;
    double max;
};

std::string join(const std::set<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

bool is_date(const std::string& s) {  // YYYY, YYYY-MM or YYYY-MM-DD
    auto digits = [&](std::size_t from, std::size_t n) {
        for (std::size_t i = from; i < from + n; ++i)
            if (i >= s.size() || s[i] < '0' || s[i] > '9') return false;
        return true;
    };
    if (!digits(0, 4)) return false;
    if (s.size() == 4) return true;
    if (s.size() < 7 || s[4] != '-' || !digits(5, 2)) return false;
    return s.size() == 7 || (s.size() == 10 && s[7] == '-' && digits(8, 2));
}

// Collects the errors of one file, each located by JSON pointer in the file's text.
class FileValidator {
public:
    FileValidator(const CatalogueFiles::File& file, std::vector<Diagnostic>& errors) : file_(file), errors_(errors) {}

    void error(std::string code, const std::string& entry, const Pointer& where, std::string message,
               std::string hint = {}, Target target = Target::value) {
        const std::string pointer = where.to_string();
        const TextPosition pos = locate(file_.text, pointer, target);
        errors_.push_back(Diagnostic{std::move(code), file_.name, pos.line, pos.column, entry, pointer,
                                     std::move(message), std::move(hint)});
    }

    // Parses the file; on a syntax error, a number out of range or a key given twice, reports it
    // and returns nothing.
    std::optional<json> parse() {
        if (auto problems = scan_json(file_.text); !problems.empty()) {
            for (const JsonProblem& p : problems) {
                const TextPosition pos = position_of_offset(file_.text, p.offset);
                if (p.kind == JsonProblem::Kind::number_out_of_range) {
                    errors_.push_back(Diagnostic{"data.number_out_of_range", file_.name, pos.line, pos.column, "", p.pointer,
                                                 "the number " + p.text + " is too large for a double (above 1.8e308)",
                                                 "check the exponent"});
                } else {
                    const TextPosition first = position_of_offset(file_.text, p.first_offset);
                    errors_.push_back(Diagnostic{"data.duplicate_key", file_.name, pos.line, pos.column, "", p.pointer,
                                                 "\"" + p.text + "\" is given twice in this object (first at line " +
                                                     std::to_string(first.line) + ", column " + std::to_string(first.column) +
                                                     "); JSON would keep only this one",
                                                 "remove one of them"});
                }
            }
            return std::nullopt;
        }
        try {
            return json::parse(file_.text);
        } catch (const json::parse_error& e) {
            const TextPosition pos = position_of_offset(file_.text, e.byte == 0 ? 0 : e.byte - 1);
            std::string what = e.what();
            const auto colon = what.find(": ", what.find("column"));
            errors_.push_back(Diagnostic{"data.syntax", file_.name, pos.line, pos.column, "", "",
                                         "invalid JSON: " + (colon == std::string::npos ? what : what.substr(colon + 2)),
                                         ""});
            return std::nullopt;
        } catch (const json::exception& e) {  // anything else the parser finds, still with the file
            errors_.push_back(Diagnostic{"data.syntax", file_.name, 0, 0, "", "", std::string("invalid JSON: ") + e.what(), ""});
            return std::nullopt;
        }
    }

private:
    const CatalogueFiles::File& file_;
    std::vector<Diagnostic>& errors_;
};

// Reads the fields of one entry (an object in a list), remembering which names it asked for so
// that finish() can report the ones nobody asked for.
class EntryReader {
public:
    EntryReader(FileValidator& v, const json& obj, Pointer at, std::string entry,
                const std::map<std::string, Source>& sources)
        : v_(v), obj_(obj), at_(std::move(at)), entry_(std::move(entry)), sources_(sources) {}

    const std::string& entry() const { return entry_; }
    const Pointer& at() const { return at_; }
    FileValidator& validator() { return v_; }

    std::string text(const std::string& name, bool required, const std::set<std::string>& allowed = {}) {
        known_.insert(name);
        auto it = obj_.find(name);
        if (it == obj_.end()) {
            if (required) v_.error("data.missing_field", entry_, at_, "missing field \"" + name + "\"");
            return {};
        }
        if (!it->is_string() || it->get_ref<const std::string&>().empty()) {
            v_.error("data.wrong_type", entry_, at_ / name, "\"" + name + "\" must be a non-empty string");
            return {};
        }
        std::string s = it->get<std::string>();
        if (!allowed.empty() && !allowed.count(s)) {
            v_.error("data.bad_value", entry_, at_ / name, "\"" + s + "\" is not a valid " + name, "one of: " + join(allowed));
            return {};
        }
        return s;
    }

    std::optional<Figure> figure(const std::string& name, const FigureSpec& spec, bool required,
                                 const std::set<std::string>& extra = {}) {
        known_.insert(name);
        auto it = obj_.find(name);
        if (it == obj_.end()) {
            if (required) v_.error("data.missing_field", entry_, at_, "missing field \"" + name + "\"");
            return std::nullopt;
        }
        return read_figure(*it, at_ / name, spec, extra);
    }

    std::optional<Fact> fact(const std::string& name, bool required) {
        known_.insert(name);
        auto it = obj_.find(name);
        if (it == obj_.end()) {
            if (required) v_.error("data.missing_field", entry_, at_, "missing field \"" + name + "\"");
            return std::nullopt;
        }
        const Pointer where = at_ / name;
        if (!it->is_object()) {
            v_.error("data.wrong_type", entry_, where, "a fact must be an object {\"value\", \"source\"}");
            return std::nullopt;
        }
        EntryReader inner(v_, *it, where, entry_, sources_);
        Fact f{inner.text("value", true), inner.source()};
        inner.finish();
        return f.value.empty() ? std::nullopt : std::optional<Fact>(f);
    }

    bool flag(const std::string& name) {
        known_.insert(name);
        auto it = obj_.find(name);
        if (it == obj_.end()) {
            v_.error("data.missing_field", entry_, at_, "missing field \"" + name + "\"");
            return false;
        }
        if (!it->is_boolean()) {
            v_.error("data.wrong_type", entry_, at_ / name, "\"" + name + "\" must be true or false");
            return false;
        }
        return it->get<bool>();
    }

    // An object naming, for every kind of work in `kinds`, whether the chip is offered for it:
    // {"train": {"value": false, "source": "...", "note": "why"}, "serve": {...}}.
    std::map<std::string, Capability> capabilities(const std::string& name, const std::set<std::string>& kinds) {
        known_.insert(name);
        std::map<std::string, Capability> out;
        auto it = obj_.find(name);
        if (it == obj_.end() || !it->is_object()) {
            v_.error(it == obj_.end() ? "data.missing_field" : "data.wrong_type", entry_,
                     it == obj_.end() ? at_ : at_ / name, "\"" + name + "\" must say for each of " + join(kinds) +
                     " whether the chip is offered for it",
                     "{\"train\": {\"value\": true, \"source\": \"<id>\"}, ...}; a false value needs a \"note\" saying why");
            return out;
        }
        for (const std::string& kind : kinds)
            if (!it->contains(kind))
                v_.error("data.missing_field", entry_, at_ / name, "missing capability \"" + kind + "\"");
        for (auto k = it->begin(); k != it->end(); ++k) {
            const Pointer where = at_ / name / k.key();
            if (!kinds.count(k.key())) {
                v_.error("data.unknown_field", entry_, where, "unknown capability \"" + k.key() + "\"",
                         "one of: " + join(kinds), Target::key);
                continue;
            }
            if (!k->is_object()) {
                v_.error("data.wrong_type", entry_, where, "a capability must be an object {\"value\", \"source\"}");
                continue;
            }
            EntryReader inner(v_, *k, where, entry_, sources_);
            Capability c;
            c.value = inner.flag("value");
            c.source = inner.source();
            c.note = inner.text("note", !c.value);  // a chip that lacks it says why
            inner.finish();
            out.emplace(k.key(), std::move(c));
        }
        return out;
    }

    // An object whose keys come from `specs` (e.g. precisions) and whose values are figures.
    std::map<std::string, Figure> figure_map(const std::string& name, const std::map<std::string, FigureSpec>& specs,
                                             const char* key_kind) {
        known_.insert(name);
        std::map<std::string, Figure> out;
        auto it = obj_.find(name);
        if (it == obj_.end()) return out;
        if (!it->is_object()) {
            v_.error("data.wrong_type", entry_, at_ / name, "\"" + name + "\" must map " + key_kind + "s to figures");
            return out;
        }
        std::set<std::string> keys;
        for (const auto& [k, spec] : specs) keys.insert(k);
        for (auto k = it->begin(); k != it->end(); ++k) {
            const Pointer where = at_ / name / k.key();
            auto spec = specs.find(k.key());
            if (spec == specs.end()) {
                v_.error("data.unknown_field", entry_, where, std::string("unknown ") + key_kind + " \"" + k.key() + "\"",
                         "one of: " + join(keys), Target::key);
                continue;
            }
            if (auto f = read_figure(*k, where, spec->second, {})) out.emplace(k.key(), *f);
        }
        return out;
    }

    std::optional<Price> price(const std::string& name) {
        known_.insert(name);
        auto it = obj_.find(name);
        if (it == obj_.end()) return std::nullopt;
        auto f = read_figure(*it, at_ / name, {"USD/h", 1000}, {"region"});
        if (!it->is_object()) return std::nullopt;
        EntryReader inner(v_, *it, at_ / name, entry_, sources_);
        Price p;
        p.region = inner.text("region", true);
        if (!f || p.region.empty()) return std::nullopt;
        p.usd_per_hour = *f;
        return p;
    }

    // The "source" of this object: present, and defined in sources.json.
    std::string source() {
        known_.insert("source");
        auto it = obj_.find("source");
        if (it == obj_.end()) {
            v_.error("data.missing_source", entry_, at_, "figure has no \"source\"",
                     "add \"source\": \"<id>\" naming an entry of data/sources.json");
            return {};
        }
        if (!it->is_string()) {
            v_.error("data.wrong_type", entry_, at_ / "source", "\"source\" must be a source id");
            return {};
        }
        std::string id = it->get<std::string>();
        if (!sources_.count(id))
            v_.error("data.unknown_source", entry_, at_ / "source", "unknown source \"" + id + "\"",
                     "define it in data/sources.json with title, url and as_of");
        return id;
    }

    // Reports every member that no reader asked for.
    void finish() {
        for (auto it = obj_.begin(); it != obj_.end(); ++it) {
            if (known_.count(it.key())) continue;
            v_.error("data.unknown_field", entry_, at_ / it.key(), "unknown field \"" + it.key() + "\"",
                     "known fields: " + join(known_), Target::key);
        }
    }

private:
    std::optional<Figure> read_figure(const json& j, const Pointer& where, const FigureSpec& spec,
                                      const std::set<std::string>& extra) {
        if (!j.is_object()) {
            v_.error("data.wrong_type", entry_, where, "a figure must be an object {\"value\", \"unit\", \"source\"}",
                     std::string("e.g. {\"value\": 1, \"unit\": \"") + spec.unit + "\", \"source\": \"...\"}");
            return std::nullopt;
        }
        EntryReader in(v_, j, where, entry_, sources_);
        for (const auto& e : extra) in.known_.insert(e);
        Figure f;
        bool good = true;
        in.known_.insert("value");
        auto value = j.find("value");
        if (value == j.end()) {
            v_.error("data.missing_field", entry_, where, "figure has no \"value\"");
            good = false;
        } else if (!value->is_number()) {
            v_.error("data.wrong_type", entry_, where / "value", "\"value\" must be a number");
            good = false;
        } else {
            f.value = value->get<double>();
            if (!std::isfinite(f.value) || f.value < 0) {
                v_.error("data.negative_value", entry_, where / "value", "value must not be negative");
                good = false;
            } else if (f.value > spec.max) {
                v_.error("data.absurd_value", entry_, where / "value",
                         "value " + json(f.value).dump() + " is above the plausible maximum " + json(spec.max).dump() +
                             " " + spec.unit,
                         "check the unit and the number of zeros");
                good = false;
            }
        }
        in.known_.insert("unit");
        if (!j.contains("unit")) {
            v_.error("data.missing_unit", entry_, where, "figure has no \"unit\"",
                     std::string("this field is in \"") + spec.unit + "\"");
            good = false;
        } else {
            f.unit = in.text("unit", true);
            if (!f.unit.empty() && f.unit != spec.unit) {
                v_.error("data.wrong_unit", entry_, where / "unit", "unit \"" + f.unit + "\" is not the unit of this field",
                         std::string("use \"") + spec.unit + "\"");
                good = false;
            }
        }
        f.source = in.source();
        in.known_.insert({"as_of", "note", "estimate"});
        if (j.contains("as_of")) {
            f.as_of = in.text("as_of", false);
            if (!f.as_of.empty() && !is_date(f.as_of))
                v_.error("data.bad_date", entry_, where / "as_of", "\"as_of\" must be a date YYYY-MM-DD, YYYY-MM or YYYY");
        }
        if (j.contains("note")) f.note = in.text("note", false);
        if (auto e = j.find("estimate"); e != j.end()) {
            if (!e->is_boolean()) v_.error("data.wrong_type", entry_, where / "estimate", "\"estimate\" must be true or false");
            else f.estimate = e->get<bool>();
            if (f.estimate && f.note.empty())
                v_.error("data.estimate_without_method", entry_, where, "an estimate must say how it was made",
                         "add a \"note\" describing the method");
        }
        in.known_.insert("range");
        if (auto r = j.find("range"); r != j.end()) {
            const bool pair = r->is_array() && r->size() == 2 && (*r)[0].is_number() && (*r)[1].is_number();
            const double low = pair ? (*r)[0].get<double>() : 0, high = pair ? (*r)[1].get<double>() : 0;
            if (!pair) {
                v_.error("data.wrong_type", entry_, where / "range", "\"range\" must be [low, high], two numbers");
            } else if (!(low >= 0 && low <= f.value && f.value <= high && high <= spec.max)) {
                v_.error("data.bad_range", entry_, where / "range",
                         "range [" + json(low).dump() + ", " + json(high).dump() + "] must hold the value " +
                             json(f.value).dump() + " and stay within 0 and " + json(spec.max).dump() + " " + spec.unit);
            } else if (f.note.empty()) {
                v_.error("data.range_without_basis", entry_, where, "a range must say where it comes from",
                         "add a \"note\" with the low and high figures and their sources");
            } else {
                f.range = std::pair{low, high};
            }
        }
        in.finish();
        return good ? std::optional<Figure>(f) : std::nullopt;
    }

    FileValidator& v_;
    const json& obj_;
    Pointer at_;
    std::string entry_;
    const std::map<std::string, Source>& sources_;
    std::set<std::string> known_;
};

// Runs `read` on each element of the file's single top-level list `key`, checking ids are unique.
// Returns every id the file declares, valid or not, so that references to an entry with errors of
// its own are not reported a second time; nothing when the file itself could not be read.
std::optional<std::set<std::string>> load_list(const CatalogueFiles::File& file, const char* key, std::vector<Diagnostic>& errors,
                                const std::map<std::string, Source>& sources,
                                const std::function<void(EntryReader&)>& read) {
    FileValidator v(file, errors);
    std::set<std::string> ids;
    const std::optional<json> parsed = v.parse();
    if (!parsed) return std::nullopt;
    const json& doc = *parsed;
    const Pointer root("");
    if (!doc.is_object() || !doc.contains(key) || !doc[key].is_array()) {
        v.error("data.wrong_type", "", root, std::string("the file must hold {\"") + key + "\": [...]}");
        return std::nullopt;
    }
    for (auto it = doc.begin(); it != doc.end(); ++it)
        if (it.key() != key)
            v.error("data.unknown_field", "", root / it.key(), "unknown field \"" + it.key() + "\"",
                    std::string("the file holds only \"") + key + "\"", Target::key);
    const json& list = doc[key];
    for (std::size_t i = 0; i < list.size(); ++i) {
        const Pointer at = root / key / i;
        if (!list[i].is_object()) {
            v.error("data.wrong_type", "", at, "each entry must be an object");
            continue;
        }
        const json* id = list[i].contains("id") ? &list[i]["id"] : nullptr;
        const std::string entry = id && id->is_string() ? id->get<std::string>() : at.to_string();
        EntryReader reader(v, list[i], at, entry, sources);
        reader.text("id", true);
        const bool duplicate = id && id->is_string() && !ids.insert(entry).second;
        if (duplicate)
            v.error("data.duplicate_id", entry, at / "id", "\"" + entry + "\" is defined twice",
                    "remove or rename one of them");
        read(reader);
        reader.finish();
    }
    return ids;
}

const std::set<std::string> kAcceleratorKinds = {"gpu", "trainium", "inferentia", "gaudi", "cpu"};
const std::map<std::string, FigureSpec> kPrecisions = {
    {"fp32", {"TFLOPS", 100000}}, {"tf32", {"TFLOPS", 100000}}, {"bf16", {"TFLOPS", 100000}},
    {"fp16", {"TFLOPS", 100000}}, {"fp8", {"TFLOPS", 100000}},  {"int8", {"TOPS", 100000}},
};
const std::map<std::string, FigureSpec> kWorkloads = {{"training", {"fraction", 1}}, {"inference", {"fraction", 1}}};

std::map<std::string, Source> load_sources(const CatalogueFiles::File& file, std::vector<Diagnostic>& errors) {
    std::map<std::string, Source> sources;
    FileValidator v(file, errors);
    const std::optional<json> parsed = v.parse();
    if (!parsed) return sources;
    const json& doc = *parsed;
    const Pointer root("");
    if (!doc.is_object() || !doc.contains("sources") || !doc["sources"].is_object()) {
        v.error("data.wrong_type", "", root, "the file must hold {\"sources\": {\"<id>\": {...}}}");
        return sources;
    }
    for (auto s = doc["sources"].begin(); s != doc["sources"].end(); ++s) {
        const Pointer at = root / "sources" / s.key();
        if (!s->is_object()) {
            v.error("data.wrong_type", s.key(), at, "a source must be an object {\"title\", \"url\", \"as_of\"}");
            continue;
        }
        EntryReader in(v, *s, at, s.key(), sources);
        Source src{s.key(), in.text("title", true), in.text("url", true), in.text("as_of", true)};
        if (!src.as_of.empty() && !is_date(src.as_of))
            v.error("data.bad_date", s.key(), at / "as_of", "\"as_of\" must be a date YYYY-MM-DD, YYYY-MM or YYYY");
        // Pages link to the url as it is: only a web address, never javascript: or data: (XSS).
        if (!src.url.empty() && src.url.rfind("https://", 0) != 0 && src.url.rfind("http://", 0) != 0)
            v.error("data.bad_url", s.key(), at / "url", "\"url\" must be an http:// or https:// address",
                    "link the page the figure was read from");
        in.finish();
        sources.emplace(src.id, src);
    }
    return sources;
}

}  // namespace

CatalogueLoad load_catalogue(const CatalogueFiles& files) {
    CatalogueLoad out;
    Catalogue& c = out.catalogue;
    std::vector<Diagnostic>& errors = out.errors;
    c.sources = load_sources(files.sources, errors);

    const auto accelerator_ids = load_list(files.accelerators, "accelerators", errors, c.sources, [&](EntryReader& in) {
        Accelerator a;
        a.id = in.entry();
        a.name = in.text("name", true);
        a.kind = in.text("kind", true, kAcceleratorKinds);
        a.peak_tflops = in.figure_map("peak_tflops", kPrecisions, "precision");
        a.sparse_tflops = in.figure_map("sparse_tflops", kPrecisions, "precision");
        auto memory = in.figure("memory", {"GB", 10000}, a.kind != "cpu");
        a.memory_bandwidth = in.figure("memory_bandwidth", {"GB/s", 100000}, false);
        a.power = in.figure("power", {"W", 5000}, false);
        a.default_mfu = in.figure_map("default_mfu", kWorkloads, "workload");
        a.capabilities = in.capabilities("capabilities", {kTrain, kServe});
        if ((!memory && a.kind != "cpu") || a.name.empty() || a.kind.empty()) return;
        if (memory) a.memory = *memory;
        if (!c.accelerator(a.id)) c.accelerators.push_back(std::move(a));
    });

    const auto instance_ids = load_list(files.instances, "instances", errors, c.sources, [&](EntryReader& in) {
        Instance i;
        i.id = in.entry();
        i.family = in.text("family", true);
        i.accelerator = in.text("accelerator", true);
        if (!i.accelerator.empty() && accelerator_ids && !accelerator_ids->count(i.accelerator))
            in.validator().error("data.unknown_reference", i.id, in.at() / "accelerator",
                                 "unknown accelerator \"" + i.accelerator + "\"", "define it in data/accelerators.json");
        auto count = in.figure("accelerator_count", {"count", 64}, true);
        i.accelerator_interconnect = in.figure("accelerator_interconnect", {"GB/s", 100000}, false);
        auto vcpu = in.figure("vcpu", {"count", 1024}, true);
        auto memory = in.figure("memory", {"GiB", 32768}, true);
        i.network = in.figure("network", {"Gbps", 100000}, false);
        i.efa = in.fact("efa", false);
        i.local_nvme = in.figure("local_nvme", {"GB", 1000000}, false);
        i.price = in.price("price");
        i.power = in.figure("power", {"W", 100000}, false);
        if (i.power && !i.power->estimate)
            in.validator().error("data.power_not_estimate", i.id, in.at() / "power",
                                 "instance power is always an estimate", "set \"estimate\": true and say how in \"note\"");
        if (count && count->value < 1)
            in.validator().error("data.bad_value", i.id, in.at() / "accelerator_count" / "value",
                                 "an instance has at least one accelerator (for CPU instances, one CPU)");
        if (!count || !vcpu || !memory || i.family.empty() || !c.accelerator(i.accelerator)) return;
        i.accelerator_count = *count;
        i.vcpu = *vcpu;
        i.memory = *memory;
        if (!c.find(i.id)) c.instances.push_back(std::move(i));
    });

    load_list(files.regions, "regions", errors, c.sources, [&](EntryReader& in) {
        Region r;
        r.id = in.entry();
        r.name = in.text("name", true);
        auto intensity = in.figure("carbon_intensity", {"gCO2e/kWh", 2000}, true);
        auto pue = in.figure("pue", {"ratio", 3}, true);
        if (pue && pue->value < 1)
            in.validator().error("data.bad_value", r.id, in.at() / "pue" / "value", "PUE is at least 1");
        if (!intensity || !pue || r.name.empty()) return;
        r.carbon_intensity = *intensity;
        r.pue = *pue;
        if (!c.region(r.id)) c.regions.push_back(std::move(r));
    });

    load_list(files.benchmarks, "benchmarks", errors, c.sources, [&](EntryReader& in) {
        Benchmark b;
        b.id = in.entry();
        b.kind = in.text("kind", true, {"scaling", "inference"});
        b.instance = in.text("instance", true);
        b.model = in.text("model", true);
        if (!b.instance.empty() && instance_ids && !instance_ids->count(b.instance))
            in.validator().error("data.unknown_reference", b.id, in.at() / "instance",
                                 "unknown instance \"" + b.instance + "\"", "define it in data/instances.json");
        const bool scaling = b.kind == "scaling", inference = b.kind == "inference";
        b.instances = in.figure("instances", {"count", 100000}, scaling);
        b.scaling_efficiency = in.figure("scaling_efficiency", {"fraction", 1}, scaling);
        b.throughput = in.figure("throughput", {"requests/s", 1e7}, inference);
        b.latency = in.figure("latency", {"ms", 1e6}, false);
        if (b.kind.empty() || !c.find(b.instance)) return;
        if (scaling && (!b.instances || !b.scaling_efficiency)) return;
        if (inference && !b.throughput) return;
        const bool known = std::any_of(c.benchmarks.begin(), c.benchmarks.end(), [&](const Benchmark& x) { return x.id == b.id; });
        if (!known) c.benchmarks.push_back(std::move(b));
    });

    load_list(files.models, "models", errors, c.sources, [&](EntryReader& in) {
        Model m;
        m.id = in.entry();
        m.name = in.text("name", true);
        auto parameters = in.figure("parameters", {"count", 1e14}, true);
        m.tokens = in.figure("tokens", {"count", 1e15}, false);
        auto layers = in.figure("layers", {"count", 1000}, false);
        auto hidden = in.figure("hidden", {"count", 1e6}, false);
        auto heads = in.figure("heads", {"count", 10000}, false);
        auto sequence = in.figure("sequence", {"count", 1e7}, false);
        auto vocabulary = in.figure("vocabulary", {"count", 1e7}, false);
        const int given = !!layers + !!hidden + !!heads + !!sequence + !!vocabulary;
        if (given != 0 && given != 5)
            in.validator().error("data.incomplete", m.id, in.at(), "an architecture needs all of layers, hidden, heads, sequence and vocabulary",
                                 "give all five, or none");
        if (!parameters || m.name.empty()) return;
        m.parameters = *parameters;
        if (given == 5) m.architecture = ModelArchitecture{*layers, *hidden, *heads, *sequence, *vocabulary};
        const bool known = std::any_of(c.models.begin(), c.models.end(), [&](const Model& x) { return x.id == m.id; });
        if (!known) c.models.push_back(std::move(m));
    });
    return out;
}

}  // namespace planner
