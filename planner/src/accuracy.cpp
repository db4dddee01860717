// The published cases the planner is checked against: loading (with positions), evaluation, summary.
#include "planner/accuracy.hpp"

#include <cstdint>
#include "planner/json_members.hpp"

#include <algorithm>
#include <cmath>

#include "data_file.hpp"
#include "planner/api.hpp"

namespace planner {

namespace {

using namespace data_file;

std::set<std::string> as_set(const std::vector<std::string>& v) { return {v.begin(), v.end()}; }

std::optional<Bilingual> bilingual(EntryReader& in, const std::string& name, bool required) {
    const json* j = in.member(name, required);
    if (!j) return std::nullopt;
    const Pointer at = in.at() / name;
    auto text = [&](const char* lang) -> std::string {
        auto it = j->find(lang);
        if (it != j->end() && it->is_string() && !it->get_ref<const std::string&>().empty()) return it->get<std::string>();
        in.validator().error("data.missing_translation", in.entry(), it == j->end() ? at : at / lang,
                             "\"" + name + "\" needs a non-empty \"" + lang + "\" text");
        return {};
    };
    if (!j->is_object()) {
        in.validator().error("data.wrong_type", in.entry(), at, "\"" + name + "\" must be {\"ja\": \"...\", \"en\": \"...\"}");
        return std::nullopt;
    }
    for (auto it = j->begin(); it != j->end(); ++it)
        if (it.key() != "ja" && it.key() != "en")
            in.validator().error("data.unknown_field", in.entry(), at / it.key(), "unknown language \"" + it.key() + "\"",
                                 "the site's languages are ja and en", Target::key);
    Bilingual b{text("ja"), text("en")};
    if (b.ja.empty() || b.en.empty()) return std::nullopt;
    return b;
}

std::optional<double> number(EntryReader& in, const json* j, const Pointer& at, double low, bool low_open, double high,
                             const std::string& what) {
    if (!j) return std::nullopt;
    if (j->is_number()) {
        const double v = j->get<double>();
        if (std::isfinite(v) && (low_open ? v > low : v >= low) && v <= high) return v;
    }
    in.validator().error("data.bad_value", in.entry(), at, what);
    return std::nullopt;
}

void read_case(EntryReader& in, const CatalogueFiles::File& file, std::vector<AccuracyCase>& out) {
    AccuracyCase c;
    c.id = in.entry();
    c.position = locate(file.text, in.at().to_string());
    c.kind = in.text("kind", true, as_set(kAccuracyKinds));
    c.basis = in.text("basis", true, as_set(kAccuracyBases));
    auto title = bilingual(in, "title", true);
    auto inputs = bilingual(in, "inputs", true);
    c.why = bilingual(in, "why", false);
    if (!c.basis.empty() && c.basis != "complete" && !in.member("why", false))
        in.validator().error("data.missing_field", c.id, in.at(), "a case whose basis is \"" + c.basis + "\" must say why",
                             "add \"why\": {\"ja\": ..., \"en\": ...} naming the input that is assumed or derived");
    c.source = in.source();
    if (in.member("locator", false)) c.locator = in.text("locator", false);
    bool good = title && inputs && !c.kind.empty() && !c.basis.empty();

    const json* requests = in.member("requests", true);
    if (requests && (!requests->is_array() || requests->empty() ||
                     !std::all_of(requests->begin(), requests->end(), [](const json& r) { return r.is_object(); }))) {
        in.validator().error("data.wrong_type", c.id, in.at() / "requests", "\"requests\" must list planner requests (objects)");
        requests = nullptr;
    }
    if (requests) c.requests.assign(requests->begin(), requests->end());
    const json* read = in.member("read", true);
    if (read && (!read->is_array() || read->empty() || !std::all_of(read->begin(), read->end(), [](const json& r) {
                     return r.is_string() && !r.get_ref<const std::string&>().empty();
                 }))) {
        in.validator().error("data.wrong_type", c.id, in.at() / "read", "\"read\" must list dotted paths into the responses",
                             "e.g. [\"train.days\"]");
        read = nullptr;
    }
    if (read)
        for (const json& r : *read) c.read.push_back(r.get<std::string>());
    if (in.member("combine", false)) c.combine = in.text("combine", false, {"value", "sum", "ratio", "saving_percent"});
    const std::size_t wanted = c.combine == "ratio" || c.combine == "saving_percent" ? 2 : c.combine == "value" ? 1 : 0;
    if (read && wanted && c.read.size() != wanted)
        in.validator().error("data.bad_value", c.id, in.at() / "read",
                             "combine \"" + c.combine + "\" reads " + std::to_string(wanted) + " figure" +
                                 (wanted > 1 ? "s" : "") + ", not " + std::to_string(c.read.size()));
    if (const json* s = in.member("scale", false))
        c.scale = number(in, s, in.at() / "scale", 0, true, 1e18, "\"scale\" must be a number above 0").value_or(0);

    const json* published = in.member("published", true);
    if (published && !published->is_object()) {
        in.validator().error("data.wrong_type", c.id, in.at() / "published", "\"published\" must be {\"value\", \"unit\"}");
        published = nullptr;
    }
    if (published) {
        static const std::map<std::string, Source> kNoSources;
        EntryReader p(in.validator(), *published, in.at() / "published", c.id, kNoSources);
        auto v = number(p, p.member("value", true), in.at() / "published" / "value", 0, true, 1e30,
                        "the published value must be a number above 0");
        c.published = v.value_or(0);
        c.unit = p.text("unit", true, as_set(kAccuracyUnits));
        p.finish();
        good = good && v && !c.unit.empty();
    }
    c.bound = number(in, in.member("bound", true), in.at() / "bound", 0, true, 5,
                     "\"bound\" must be a fraction above 0 and at most 5 (0.15 for 15%)")
                  .value_or(0);
    if (good && requests && read && c.scale > 0 && c.bound > 0) {
        c.title = *title;
        c.inputs = *inputs;
        out.push_back(std::move(c));
    }
}

// The number at dotted `path` in a response, or why there is none.
std::optional<double> read_number(const json& response, const std::string& path, std::string& failure) {
    std::string pointer = "/" + path;
    std::replace(pointer.begin(), pointer.end(), '.', '/');
    const Pointer p(pointer);
    if (!response.contains(p) || !response[p].is_number()) {
        failure = "the response has no number at \"" + path + "\"";
        return std::nullopt;
    }
    return response[p].get<double>();
}

// A figure "a.b.c" has a range when an object on its path holds the rest of the path under
// "range" as {low, high}: "a.b.range.c" (a row's own, as an energy configuration's), else "a.range.b.c".
std::optional<Range> read_range(const json& response, const std::string& path) {
    for (std::size_t dot = path.rfind('.'); dot != std::string::npos && dot > 0; dot = path.rfind('.', dot - 1)) {
        std::string pointer = "/" + path.substr(0, dot) + "/range/" + path.substr(dot + 1);
        std::replace(pointer.begin(), pointer.end(), '.', '/');
        const Pointer p(pointer);
        if (!response.contains(p)) continue;
        const json& r = response[p];
        if (r.is_object() && r.contains("low") && r.contains("high")) return Range{r["low"].get<double>(), r["high"].get<double>()};
    }
    return std::nullopt;
}

CaseResult evaluate(const Catalogue& catalogue, const AccuracyCase& c) {
    CaseResult r;
    r.c = c;
    std::vector<json> responses;
    for (std::size_t i = 0; i < c.requests.size(); ++i) {
        // The figures as the planner answers them, messages left as codes.
        json response = answer(catalogue, c.requests[i].dump()).response;
        if (!response.value("ok", false)) {
            const json& e = response["errors"][0];
            r.failure = "request " + std::to_string(i) + " fails";
            r.refused = FieldError(e.value("field", std::string()), e.value("code", std::string()),
                                   e.value("args", std::vector<std::string>()));
            return r;
        }
        responses.push_back(std::move(response));
    }
    std::vector<double> values;
    for (std::size_t i = 0; i < c.read.size(); ++i) {
        const json& response = responses[std::min(i, responses.size() - 1)];
        auto v = read_number(response, c.read[i], r.failure);
        if (!v) return r;
        values.push_back(*v);
    }
    double planned = 0;
    if (c.combine == "sum") {
        for (double v : values) planned += v;
    } else if (c.combine == "ratio" || c.combine == "saving_percent") {
        if (values[1] == 0) {
            r.failure = "\"" + c.read[1] + "\" is 0, so the ratio has no value";
            return r;
        }
        planned = c.combine == "ratio" ? values[0] / values[1] : (1 - values[0] / values[1]) * 100;
    } else {
        planned = values[0];
        if (auto range = read_range(responses[0], c.read[0])) r.range = Range{range->low * c.scale, range->high * c.scale};
    }
    planned *= c.scale;
    r.planned = planned;
    r.error = (planned - c.published) / c.published;
    r.within_bound = std::abs(r.error) <= c.bound + 1e-12;
    r.published_in_range = r.range && r.range->low <= c.published && c.published <= r.range->high;
    return r;
}

}  // namespace

AccuracyLoad load_accuracy_cases(const CatalogueFiles::File& file, const Catalogue& catalogue) {
    AccuracyLoad out;
    load_list(file, "cases", out.errors, catalogue.sources, [&](EntryReader& in) { read_case(in, file, out.cases); });
    // A case with any error (some, such as an unknown field, are found after it was read) is left out.
    std::set<std::string> broken;
    for (const Diagnostic& d : out.errors) broken.insert(d.entry);
    out.cases.erase(std::remove_if(out.cases.begin(), out.cases.end(),
                                   [&](const AccuracyCase& c) { return broken.count(c.id) > 0; }),
                    out.cases.end());
    return out;
}

std::vector<CaseResult> evaluate_cases(const Catalogue& catalogue, const std::vector<AccuracyCase>& cases) {
    std::vector<CaseResult> out;
    out.reserve(cases.size());
    for (const AccuracyCase& c : cases) out.push_back(evaluate(catalogue, c));
    return out;
}

double median_abs(std::vector<double> values) {
    if (values.empty()) return 0;
    for (double& v : values) v = std::abs(v);
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::vector<KindSummary> summarise(const std::vector<CaseResult>& results) {
    std::vector<KindSummary> out;
    for (const std::string& kind : kAccuracyKinds) {
        KindSummary s;
        s.kind = kind;
        std::vector<double> all, complete;
        for (const CaseResult& r : results) {
            if (r.c.kind != kind || !r.planned) continue;
            ++s.cases;
            all.push_back(r.error);
            if (std::abs(r.error) >= s.worst_all) {
                s.worst_all = std::abs(r.error);
                s.worst_id = r.c.id;
            }
            if (r.c.basis == "complete") {
                ++s.complete;
                complete.push_back(r.error);
                s.worst_complete = std::max(s.worst_complete.value_or(0), std::abs(r.error));
            }
        }
        if (!s.cases) continue;
        s.median_all = median_abs(all);
        if (!complete.empty()) s.median_complete = median_abs(complete);
        out.push_back(std::move(s));
    }
    return out;
}

bool in_test_third(std::string_view id) {
    std::uint64_t h = 14695981039346656037ull;  // FNV-1a offset basis
    for (unsigned char ch : id) {
        h ^= ch;
        h *= 1099511628211ull;  // FNV prime
    }
    return h % 3 == 0;
}

const std::vector<std::string>& anchor_fields() {
    static const std::vector<std::string> fields = {"mfu", "hfu", "matrix_utilisation", "achieved_tflops",
                                                    "scaling_efficiency", "bandwidth_fraction"};
    return fields;
}

AccuracyCase without_anchors(const AccuracyCase& c, bool* anchored) {
    AccuracyCase out = c;
    bool removed = false;
    auto strip = [&](json& request) {
        for (const std::string& f : anchor_fields()) removed = request.erase(f) > 0 || removed;
    };
    for (json& request : out.requests) {
        strip(request);
        if (auto job = request.find("job"); job != request.end() && job->is_object()) strip(*job);
    }
    if (anchored) *anchored = removed;
    return out;
}

void to_json(json& j, const Bilingual& b) { members(j, {{"ja", b.ja}, {"en", b.en}}); }

void to_json(json& j, const AccuracyCase& c) {
    members(j, {{"id", c.id},       {"kind", c.kind},         {"basis", c.basis},     {"title", c.title},
             {"inputs", c.inputs}, {"source", c.source},   {"requests", c.requests}, {"read", c.read},
             {"combine", c.combine}, {"scale", c.scale},   {"published", {{"value", c.published}, {"unit", c.unit}}},
             {"bound", c.bound}});
    if (c.why) j["why"] = *c.why;
    if (!c.locator.empty()) j["locator"] = c.locator;
}

void to_json(json& j, const CaseResult& r) {
    members(j, {{"case", r.c}, {"error", r.error}, {"within_bound", r.within_bound}});
    if (r.planned) j["planned"] = *r.planned;
    optional_member(j, "range", r.range);
    if (r.range) j["published_in_range"] = r.published_in_range;
    if (!r.failure.empty()) j["failure"] = r.failure;
}

void to_json(json& j, const KindSummary& s) {
    members(j, {{"kind", s.kind},           {"cases", s.cases},       {"complete", s.complete},
             {"median_all", s.median_all}, {"worst_all", s.worst_all}, {"worst_id", s.worst_id}});
    if (s.median_complete) j["median_complete"] = *s.median_complete;
    if (s.worst_complete) j["worst_complete"] = *s.worst_complete;
}

}  // namespace planner
