// Reading a data file with every problem located: FileValidator (parse; errors by JSON pointer, turned
// into file:line:column), EntryReader (the fields of one entry, unknown ones reported) and load_list
// (each entry of a file's one top-level list, ids unique). Internal to the planner's loaders
// (catalogue_loader.cpp, accuracy.cpp).
#pragma once

#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "planner/catalogue.hpp"
#include "planner/json_position.hpp"

namespace planner::data_file {

using nlohmann::json;
using Pointer = json::json_pointer;

// What a figure must look like: its unit and the largest value that is not a typo.
struct FigureSpec {
    const char* unit;
    double max;
};

inline std::string join(const std::set<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

inline bool is_date(const std::string& s) {  // YYYY, YYYY-MM or YYYY-MM-DD
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
    /// Names the entry in later messages (rows without an id are named by their fields).
    void rename(std::string entry) { entry_ = std::move(entry); }
    /// The entry's text member `name` as it is, or "" (for naming, before it is validated).
    std::string raw_text(const std::string& name) const {
        auto it = obj_.find(name);
        return it != obj_.end() && it->is_string() ? it->get<std::string>() : std::string();
    }
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
        Fact f{inner.text("value", true), inner.source(), inner.text("note", false)};
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

    // This entry itself as a figure ({"value", "unit", "source", ...} beside the entry's own fields,
    // as a price row is), its figure fields marked as known.
    std::optional<Figure> as_figure(const FigureSpec& spec) {
        known_.insert({"value", "unit", "source", "as_of", "note", "estimate", "range"});
        auto f = read_figure(obj_, at_, spec, known_);
        for (auto it = obj_.begin(); it != obj_.end(); ++it) known_.insert(it.key());  // reported once, above
        return f;
    }

    // A member of any type, marked as known; reports it missing when required. The caller checks its shape.
    const json* member(const std::string& name, bool required) {
        known_.insert(name);
        auto it = obj_.find(name);
        if (it != obj_.end()) return &*it;
        if (required) v_.error("data.missing_field", entry_, at_, "missing field \"" + name + "\"");
        return nullptr;
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
// With `ids` false the entries have no "id" (rows such as prices, keyed by their fields) and each
// is named by its position until `read` names it. A file may hold a second list, `sibling`, read by
// its own call, which names the first as its sibling and may leave its own list out (`optional`).
inline std::optional<std::set<std::string>> load_list(const CatalogueFiles::File& file, const char* key, std::vector<Diagnostic>& errors,
                                const std::map<std::string, Source>& sources,
                                const std::function<void(EntryReader&)>& read, bool ids_required = true,
                                const char* sibling = nullptr, bool optional = false) {
    if (optional) {  // the file's first list has reported whether it parses
        std::vector<Diagnostic> reported;
        if (!FileValidator(file, reported).parse()) return std::nullopt;
    }
    FileValidator v(file, errors);
    std::set<std::string> ids;
    const std::optional<json> parsed = v.parse();
    if (!parsed) return std::nullopt;
    const json& doc = *parsed;
    const Pointer root("");
    if (optional && doc.is_object() && !doc.contains(key)) return ids;
    if (!doc.is_object() || !doc.contains(key) || !doc[key].is_array()) {
        v.error("data.wrong_type", "", root, std::string("the file must hold {\"") + key + "\": [...]}");
        return std::nullopt;
    }
    if (!optional)  // the first list's call reports unknown keys, once
        for (auto it = doc.begin(); it != doc.end(); ++it)
            if (it.key() != key && (!sibling || it.key() != sibling))
                v.error("data.unknown_field", "", root / it.key(), "unknown field \"" + it.key() + "\"",
                        std::string("the file holds only \"") + key + "\"" + (sibling ? std::string(" and \"") + sibling + "\"" : ""),
                        Target::key);
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
        if (ids_required) reader.text("id", true);
        const bool duplicate = id && id->is_string() && !ids.insert(entry).second;
        if (duplicate)
            v.error("data.duplicate_id", entry, at / "id", "\"" + entry + "\" is defined twice",
                    "remove or rename one of them");
        read(reader);
        reader.finish();
    }
    return ids;
}

}  // namespace planner::data_file
