#include "planner/compare.hpp"

#include <algorithm>
#include <cmath>

#include "planner/inference.hpp"
#include "planner/request_reader.hpp"
#include "planner/training.hpp"

namespace planner {

using nlohmann::json;

std::vector<bool> pareto_set(const std::vector<std::pair<double, double>>& points) {
    std::vector<bool> on(points.size(), true);
    for (std::size_t i = 0; i < points.size(); ++i)
        for (std::size_t k = 0; k < points.size() && on[i]; ++k) {
            if (k == i) continue;
            const auto& a = points[k];
            const auto& b = points[i];
            if (a.first <= b.first && a.second <= b.second && (a.first < b.first || a.second < b.second)) on[i] = false;
        }
    return on;
}

namespace {

std::vector<FieldError> prefixed(const std::vector<FieldError>& errors, const std::string& prefix) {
    std::vector<FieldError> out;
    for (const auto& e : errors) out.push_back({prefix + e.field, e.message});
    return out;
}

std::string first_message(const std::vector<FieldError>& errors) {
    return errors.empty() ? std::string() : (errors.front().field.empty() ? "" : errors.front().field + ": ") +
                                                 errors.front().message;
}

// Marks Pareto rows (those with both keys that can run the job) and sorts by the first key.
void rank(json& rows, const char* x, const char* y) {
    std::vector<std::pair<double, double>> points;
    std::vector<std::size_t> index;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        rows[i]["pareto"] = false;
        if (rows[i].contains(x) && rows[i].contains(y) && rows[i].value("fits", true)) {
            points.emplace_back(rows[i][x].get<double>(), rows[i][y].get<double>());
            index.push_back(i);
        }
    }
    auto on = pareto_set(points);
    for (std::size_t k = 0; k < index.size(); ++k) rows[index[k]]["pareto"] = bool(on[k]);
    std::vector<json> sorted(rows.begin(), rows.end());
    // Rows that can run the job (a figure for x, and it fits) first, cheapest first.
    std::stable_sort(sorted.begin(), sorted.end(), [&](const json& a, const json& b) {
        const bool ha = a.contains(x) && a.value("fits", true), hb = b.contains(x) && b.value("fits", true);
        if (ha != hb) return ha;
        return ha && a[x].get<double>() < b[x].get<double>();
    });
    rows = sorted;
}

std::vector<const Instance*> chosen_instances(const Catalogue& catalogue, RequestReader& in) {
    std::vector<const Instance*> out;
    const json* list = in.find("instances");
    if (!list) {
        for (const auto& i : catalogue.instances) out.push_back(&i);
        return out;
    }
    if (!list->is_array() || list->empty()) {
        in.fail("instances", "must list instance types");
        return out;
    }
    for (std::size_t k = 0; k < list->size(); ++k) {
        const json& id = (*list)[k];
        const Instance* inst = id.is_string() ? catalogue.find(id.get<std::string>()) : nullptr;
        if (!inst) in.fail("instances." + std::to_string(k), "unknown instance type " + id.dump());
        else out.push_back(inst);
    }
    return out;
}

Checked<json> compare_train(const Catalogue& catalogue, const std::vector<const Instance*>& instances, json job,
                            const std::vector<int>& counts) {
    Checked<json> out;
    job["instance"] = instances.front()->id;
    auto read = read_training_request(job);
    if (!read.ok()) {
        out.errors = prefixed(read.errors, "job.");
        return out;
    }
    json rows = json::array(), sweep = json::array();
    for (const Instance* inst : instances) {
        TrainingRequest req = read.value;
        req.instance = inst->id;
        json row{{"instance", inst->id}};
        auto r = estimate_training(catalogue, req);
        if (!r.ok()) {
            row["error"] = first_message(r.errors);
        } else {
            const TrainingResult& t = r.value;
            row.update(json{{"instances", t.instances}, {"days", t.days}, {"fits", t.fits}});
            if (t.footprint.cost_usd) row["cost_usd"] = *t.footprint.cost_usd;
            if (t.footprint.energy_kwh) row["energy_kwh"] = *t.footprint.energy_kwh;
            if (t.footprint.co2e_kg) row["co2e_kg"] = *t.footprint.co2e_kg;
        }
        rows.push_back(std::move(row));

        json points = json::array();
        if (r.ok()) {
            for (int n : counts) {
                TrainingRequest at = req;
                at.instance_count = n;
                at.deadline_days.reset();
                auto p = estimate_training(catalogue, at);
                if (!p.ok()) continue;
                json point{{"instances", n}, {"days", p.value.days}, {"fits", p.value.fits}};
                if (p.value.footprint.cost_usd) point["cost_usd"] = *p.value.footprint.cost_usd;
                points.push_back(std::move(point));
            }
        }
        sweep.push_back({{"instance", inst->id}, {"points", std::move(points)}});
    }
    rank(rows, "cost_usd", "days");
    out.value = json{{"job", "train"}, {"rows", rows}, {"sweep", sweep}};
    return out;
}

Checked<json> compare_infer(const Catalogue& catalogue, const std::vector<const Instance*>& instances, json job) {
    Checked<json> out;
    job["instance"] = instances.front()->id;
    auto read = read_inference_request(job);
    if (!read.ok()) {
        out.errors = prefixed(read.errors, "job.");
        return out;
    }
    if (read.value.benchmark || read.value.throughput_rps) {
        out.errors.push_back({"job", "to compare instance types, give the throughput as compute or llm: a measured "
                                     "throughput belongs to one instance type"});
        return out;
    }
    json rows = json::array(), sweep = json::array();
    for (const Instance* inst : instances) {
        InferenceRequest req = read.value;
        req.instance = inst->id;
        json row{{"instance", inst->id}};
        auto r = estimate_inference(catalogue, req);
        if (!r.ok()) {
            row["error"] = first_message(r.errors);
        } else {
            row.update(json{{"fleet", r.value.fleet}, {"per_instance_rps", r.value.per_instance_rps}});
            if (r.value.latency_ms) row["latency_ms"] = *r.value.latency_ms;
            if (r.value.cost_per_million) row["cost_per_million"] = *r.value.cost_per_million;
            if (r.value.kwh_per_million) row["kwh_per_million"] = *r.value.kwh_per_million;
        }
        rows.push_back(std::move(row));
        json points = json::array();
        if (r.ok()) {
            for (double factor : {0.25, 0.5, 1.0, 2.0, 4.0}) {
                InferenceRequest at = req;
                at.rate_per_second *= factor;
                auto p = estimate_inference(catalogue, at);
                if (p.ok()) points.push_back({{"rate_per_second", at.rate_per_second}, {"fleet", p.value.fleet}});
            }
        }
        sweep.push_back({{"instance", inst->id}, {"points", std::move(points)}});
    }
    rank(rows, "cost_per_million", "kwh_per_million");
    out.value = json{{"job", "infer"}, {"rows", rows}, {"sweep", sweep}};
    return out;
}

}  // namespace

Checked<json> compare(const Catalogue& catalogue, const json& request) {
    RequestReader in(request);
    Checked<json> out;
    in.reject_unknown("", {"api", "kind", "job", "instances", "counts"});
    const json* job = in.find("job");
    if (!job || !job->is_object()) in.fail("job", "is required: a train or infer request without its instance");
    std::vector<int> counts;
    if (const json* c = in.find("counts")) {
        if (!c->is_array() || c->empty() || c->size() > 64) in.fail("counts", "must list 1 to 64 instance counts");
        else
            for (std::size_t k = 0; k < c->size(); ++k)
                if (auto n = in.number("counts." + std::to_string(k), {1, false, 100000, true}, true)) counts.push_back(int(*n));
    } else {
        for (int n = 1; n <= 4096; n *= 2) counts.push_back(n);
    }
    auto instances = chosen_instances(catalogue, in);
    if (!in.errors().empty()) {
        out.errors = std::move(in.errors());
        return out;
    }
    json j = *job;
    if (j.contains("instance")) {
        out.errors.push_back({"job.instance", "leave it out: compare runs the job on every instance type"});
        return out;
    }
    j["api"] = 1;
    // value() would throw on a kind that is not text (found by fuzz_plan: "kind": 0).
    const auto kind_field = j.find("kind");
    const std::string kind = kind_field != j.end() && kind_field->is_string() ? kind_field->get<std::string>() : "";
    if (kind == "train") return compare_train(catalogue, instances, j, counts);
    if (kind == "infer") return compare_infer(catalogue, instances, j);
    out.errors.push_back({"job.kind", "must be one of: train, infer"});
    return out;
}

}  // namespace planner
