#include "planner/compare.hpp"
#include "planner/response_fields.hpp"
#include "planner/response_writer.hpp"
#include "planner/messages.hpp"
#include "planner/order.hpp"

#include <algorithm>

#include "planner/request_fields.hpp"
#include "planner/request_reader.hpp"
#include "planner/same_job.hpp"

namespace planner {

ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(CompareRequest)

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


// The two keys a row is ranked by: x (sorted on, cheapest first) and y; nothing for a row that
// cannot run the job there.
std::optional<std::pair<double, double>> keys(const TrainingRow& r) {
    if (r.error || !r.fits || !r.cost_usd) return std::nullopt;
    return std::pair{*r.cost_usd, r.days};
}
std::optional<std::pair<double, double>> keys(const InferenceRow& r) {
    if (r.error || !r.cost_per_million || !r.kwh_per_million) return std::nullopt;
    return std::pair{*r.cost_per_million, *r.kwh_per_million};
}
std::optional<std::pair<double, double>> keys(const ServingRow& r) {
    if (r.error || !r.cost_per_million_output) return std::nullopt;
    return std::pair{*r.cost_per_million_output, r.tpot_ms};
}
// Sorting needs only x: an inference row with a cost but no energy figure still sorts by cost.
// A training job with a budget ranks by time instead: the question is then the fastest plan.
std::optional<double> sort_key(const TrainingRow& r, bool by_time) {
    if (r.error || !r.fits) return std::nullopt;
    return by_time ? std::optional<double>(r.days) : r.cost_usd;
}
std::optional<double> sort_key(const InferenceRow& r, bool) { return r.error ? std::nullopt : r.cost_per_million; }
std::optional<double> sort_key(const ServingRow& r, bool) { return r.error ? std::nullopt : r.cost_per_million_output; }

// The order to show rows in, given each row's sort key (rows with one first, smallest first; then
// the rows that ran without one, such as no price; then the rows that could not run, each in their
// order), and the Pareto set of the rows that have both keys.
std::vector<std::size_t> ranking(const std::vector<std::optional<double>>& sort_keys, const std::vector<char>& failed,
                                 const std::vector<std::optional<std::pair<double, double>>>& both,
                                 std::vector<bool>& pareto) {
    std::vector<std::pair<double, double>> points;
    std::vector<std::size_t> index;
    for (std::size_t i = 0; i < both.size(); ++i)
        if (both[i]) {
            points.push_back(*both[i]);
            index.push_back(i);
        }
    const auto on = pareto_set(points);
    pareto.assign(both.size(), false);
    for (std::size_t k = 0; k < index.size(); ++k) pareto[index[k]] = on[k];
    std::vector<std::pair<int, double>> keys;
    for (std::size_t i = 0; i < sort_keys.size(); ++i)
        keys.emplace_back(sort_keys[i] ? 0 : failed[i] ? 2 : 1, sort_keys[i].value_or(0));
    return stable_order(keys);
}

// Marks the Pareto rows among those with both keys, then sorts: rows with x first, cheapest (or,
// by_time, fastest) first.
template <class Row>
void rank(std::vector<Row>& rows, bool by_time = false) {
    std::vector<std::optional<double>> sort_keys;
    std::vector<char> failed;  // not vector<bool>: one more container type in the module
    std::vector<std::optional<std::pair<double, double>>> both;
    for (const Row& r : rows) {
        sort_keys.push_back(sort_key(r, by_time));
        failed.push_back(r.error.has_value());
        both.push_back(keys(r));
    }
    std::vector<bool> pareto;
    std::vector<Row> sorted;
    for (std::size_t i : ranking(sort_keys, failed, both, pareto)) {
        sorted.push_back(std::move(rows[i]));
        sorted.back().pareto = pareto[i];
    }
    rows = std::move(sorted);
}

// The first runnable row's exchange rate: every row reads the same request and catalogue.
template <class Row, class Point>
void take_rate(Comparison<Row, Point>& c, const Footprint& f) {
    if (c.usd_jpy || !f.usd_jpy) return;
    c.usd_jpy = f.usd_jpy;
    c.usd_jpy_source = f.usd_jpy_source;
    c.usd_jpy_as_of = f.usd_jpy_as_of;
}

// Runs the job on each instance type of the request in turn: `fill` makes a result into its row
// and sweep; a type the job cannot run on keeps the first error as its row's reason.
template <class Row, class Point, class Job, class Estimate, class Fill>
Comparison<Row, Point> each_instance(const CompareRequest& request, const Job& job, Estimate estimate, Fill fill) {
    Comparison<Row, Point> out;
    for (const std::string& id : request.instances) {
        Job req = job;
        req.instance = id;
        Row row;
        row.instance = id;
        Sweep<Point> sweep{id, {}};
        auto r = estimate(req);
        if (!r.ok()) row.error = r.errors.front();
        else fill(out, row, sweep.points, req, r.value);
        out.rows.push_back(std::move(row));
        out.sweep.push_back(std::move(sweep));
    }
    return out;
}

TrainingComparison compare_train(const Catalogue& catalogue, const CompareRequest& request, const TrainingRequest& job) {
    auto estimate = [&](const TrainingRequest& req) { return estimate_training(catalogue, req); };
    auto out = each_instance<TrainingRow, TrainingPoint>(request, job, estimate, [&](TrainingComparison& c, TrainingRow& row,
                                                                                    std::vector<TrainingPoint>& points,
                                                                                    TrainingRequest& req, const TrainingResult& r) {
        row.instances = r.instances;
        row.days = r.days;
        row.fits = r.fits;
        row.cost_usd = r.footprint.cost_usd;
        row.energy_kwh = r.footprint.energy_kwh;
        row.co2e_kg = r.footprint.co2e_kg;
        take_rate(c, r.footprint);
        row.mfu = r.mfu;
        row.hfu = r.hfu;
        row.mfu_source = r.mfu_source;
        if (r.range) {
            row.days_range = r.range->days;
            row.cost_range = r.range->cost_usd;
        }
        req.deadline_days.reset();  // the sweep runs each count as given
        req.budget_usd.reset();
        for (int n : request.counts) {
            req.instance_count = n;
            auto p = estimate_training(catalogue, req);
            if (p.ok()) points.push_back({n, p.value.days, p.value.fits, p.value.footprint.cost_usd});
        }
    });
    rank(out.rows, job.budget_usd.has_value());
    return out;
}

InferenceComparison compare_infer(const Catalogue& catalogue, const CompareRequest& request, const InferenceRequest& job) {
    auto estimate = [&](const InferenceRequest& req) { return estimate_inference(catalogue, req); };
    auto out = each_instance<InferenceRow, InferencePoint>(request, job, estimate, [&](InferenceComparison& c, InferenceRow& row,
                                                                                        std::vector<InferencePoint>& points,
                                                                                        InferenceRequest&, const InferenceResult& r) {
        row.fleet = r.fleet;
        row.per_instance_rps = r.per_instance_rps;
        row.latency_ms = r.latency_ms;
        row.cost_per_million = r.cost_per_million;
        row.kwh_per_million = r.kwh_per_million;
        take_rate(c, r.footprint);
        points = r.sweep;
    });
    rank(out.rows);
    return out;
}

ServingComparison compare_serve(const Catalogue& catalogue, const CompareRequest& request, const ServingRequest& job) {
    auto estimate = [&](const ServingRequest& req) { return estimate_serving(catalogue, req); };
    auto out = each_instance<ServingRow, ServingSweepPoint>(request, job, estimate, [&](ServingComparison& c, ServingRow& row,
                                                                                         std::vector<ServingSweepPoint>& points,
                                                                                         ServingRequest&, const ServingResult& s) {
        row.tensor_parallel = s.chosen.tensor_parallel;
        row.concurrency_per_instance = s.concurrency_per_instance;
        row.ttft_ms = s.chosen.ttft_ms;
        row.tpot_ms = s.chosen.tpot_ms;
        row.output_tokens_per_second = s.output_tokens_per_second;
        row.fleet = s.fleet;
        row.cost_per_million_input = s.cost_per_million_input;
        row.cost_per_million_output = s.cost_per_million_output;
        row.kwh_per_million_output = s.kwh_per_million_output;
        take_rate(c, s.footprint);
        points = s.sweep;
    });
    rank(out.rows);
    return out;
}

}  // namespace

Checked<CompareRequest> read_compare_request(const Catalogue& catalogue, const json& request) {
    RequestReader in(request, "compare");
    Checked<CompareRequest> out;
    // The job, read by its own reader below: as given, or the one a request of its own instance
    // stands for (same_job.hpp).
    const json* given = in.take("job");
    const json* like = in.take("like");
    Checked<json> derived;
    if (given && like) in.refuse("like", msg::job_or_like);
    else if (like && !like->is_object()) in.refuse("like", msg::like_shape);
    else if (like && (derived = same_job(catalogue, *like)).ok()) given = &derived.value;
    else if (like) in.errors().insert(in.errors().end(), derived.errors.begin(), derived.errors.end());
    else if (!given || !given->is_object()) in.refuse("job", msg::job_required);
    const json* job = given;
    const Field& counts = fields::compare::counts;
    if (const json* c = in.list(counts)) {
        for (std::size_t k = 0; k < c->size(); ++k)
            if (auto n = in.number("counts." + std::to_string(k), rule_of(counts), true)) out.value.counts.push_back(int(*n));
    } else if (!in.find("counts")) {
        for (int n = 1; n <= 4096; n *= 2) out.value.counts.push_back(n);
    }
    if (in.find("instances")) {
        if (const json* list = in.list(fields::compare::instances); list && in.take("instances"))
            for (std::size_t k = 0; k < list->size(); ++k) {
                const json& id = (*list)[k];
                const Instance* inst = id.is_string() ? catalogue.find(id.get<std::string>()) : nullptr;
                if (!inst) in.refuse("instances." + std::to_string(k), msg::unknown_instance, {id.dump()});
                else if (std::find(out.value.instances.begin(), out.value.instances.end(), inst->id) != out.value.instances.end())
                    in.refuse("instances." + std::to_string(k), msg::listed_twice);
                else out.value.instances.push_back(inst->id);
            }
    } else {
        for (const auto& i : catalogue.instances) out.value.instances.push_back(i.id);
    }
    if (out.value.instances.empty() && in.errors().empty()) in.refuse("instances", msg::no_instance_types);
    in.refuse_unused();
    if (!in.errors().empty()) {
        out.errors = std::move(in.errors());
        return out;
    }
    // A job derived from `like` is that request: its problems are named under it.
    const char* at = like ? "like" : "job";
    json j = *job;
    if (j.contains("instance")) {
        out.errors.push_back(coded("job.instance", msg::compare_job_instance));
        return out;
    }
    out.value.work = j;
    out.value.work.erase("api");
    j["api"] = 1;
    // The job is read with the first instance type in place of its own, which it must leave out.
    j["instance"] = out.value.instances.front();
    // value() would throw on a kind that is not text (found by fuzz_plan: "kind": 0).
    const auto kind_field = j.find("kind");
    const std::string kind = kind_field != j.end() && kind_field->is_string() ? kind_field->get<std::string>() : "";
    if (kind == "train") {
        auto read = read_training_request(catalogue, j);
        if (!read.ok()) out.errors = nested(read.errors, at);
        else out.value.job = std::move(read.value);
    } else if (kind == "infer") {
        auto read = read_inference_request(j);
        if (!read.ok()) out.errors = nested(read.errors, at);
        else if (read.value.benchmark || read.value.throughput_rps)
            out.errors.push_back(coded(at, msg::compare_measured_throughput));
        else out.value.job = std::move(read.value);
    } else if (kind == "serve") {
        auto read = read_serving_request(catalogue, j);
        if (!read.ok()) out.errors = nested(read.errors, at);
        else out.value.job = std::move(read.value);
    } else {
        out.errors.push_back(coded(std::string(at) + ".kind", msg::not_one_of, {"train, infer, serve"}));
    }
    return out;
}

CompareResult compare(const Catalogue& catalogue, const CompareRequest& request) {
    CompareResult out = [&]() -> CompareResult {
        if (const auto* train = std::get_if<TrainingRequest>(&request.job)) return compare_train(catalogue, request, *train);
        if (const auto* serve = std::get_if<ServingRequest>(&request.job)) return compare_serve(catalogue, request, *serve);
        return compare_infer(catalogue, request, *std::get_if<InferenceRequest>(&request.job));
    }();
    std::visit([&](auto& c) { c.work = request.work; }, out);
    return out;
}

namespace {
namespace row = results::compare::row;
namespace point = results::compare::point;
using TRow = TrainingRow;
using IRow = InferenceRow;
using SRow = ServingRow;

// What every row has: its instance type, Pareto mark, and the reason when the job cannot run
// there; a row's figures only when it can.
template <class Row>
constexpr Put<Row> kRowHeadOut[] = {
    put<&Row::instance>(row::instance), put<&Row::pareto>(row::pareto),
    put_from<Row>(row::error, said_error<Row, true>)};

template <class Row, std::size_t N>
void write_row(json& j, const Row& r, const Put<Row> (&figures)[N]) {
    write_fields(j, r, kRowHeadOut<Row>);
    if (!r.error) write_fields(j, r, figures);
}

// A cost range only beside a days range.
constexpr Put<TrainingRow> kTrainingRowOut[] = {
    put<&TRow::instances>(row::instances), put<&TRow::days>(row::days), put<&TRow::fits>(row::fits),
    put<&TRow::cost_usd>(row::cost_usd), put<&TRow::energy_kwh>(row::energy_kwh), put<&TRow::co2e_kg>(row::co2e_kg),
    put<&TRow::mfu>(row::mfu), put<&TRow::hfu>(row::hfu), put<&TRow::mfu_source>(row::mfu_source),
    put<&TRow::days_range>(row::days_range), put_when<&TRow::days_range, &TRow::cost_range>(row::cost_usd_range)};

constexpr Put<InferenceRow> kInferenceRowOut[] = {
    put<&IRow::fleet>(row::fleet), put<&IRow::per_instance_rps>(row::per_instance_rps),
    put<&IRow::latency_ms>(row::latency_ms), put<&IRow::cost_per_million>(row::cost_per_million),
    put<&IRow::kwh_per_million>(row::kwh_per_million)};

constexpr Put<ServingRow> kServingRowOut[] = {
    put<&SRow::tensor_parallel>(row::tensor_parallel),
    put<&SRow::concurrency_per_instance>(row::concurrency_per_instance), put<&SRow::ttft_ms>(row::ttft_ms),
    put<&SRow::tpot_ms>(row::tpot_ms), put<&SRow::output_tokens_per_second>(row::output_tokens_per_second),
    put<&SRow::fleet>(row::fleet), put<&SRow::cost_per_million_input>(row::cost_per_million_input),
    put<&SRow::cost_per_million_output>(row::cost_per_million_output),
    put<&SRow::kwh_per_million_output>(row::kwh_per_million_output)};

constexpr Put<TrainingPoint> kTrainingPointOut[] = {
    put<&TrainingPoint::instances>(point::instances), put<&TrainingPoint::days>(point::days),
    put<&TrainingPoint::fits>(point::fits), put<&TrainingPoint::cost_usd>(point::cost_usd)};
}  // namespace

void to_json(json& j, const TrainingRow& r) { write_row(j, r, kTrainingRowOut); }
void to_json(json& j, const InferenceRow& r) { write_row(j, r, kInferenceRowOut); }
void to_json(json& j, const ServingRow& r) { write_row(j, r, kServingRowOut); }
void to_json(json& j, const TrainingPoint& p) { write_fields(j, p, kTrainingPointOut); }

namespace {
namespace cmp = results::compare;
template <class Point>
constexpr Put<Sweep<Point>> kCurveOut[] = {
    put<&Sweep<Point>::instance>(cmp::curve::instance), put<&Sweep<Point>::points>(cmp::curve::points)};
}  // namespace

template <class Point>
void to_json(json& j, const Sweep<Point>& s) {
    write_fields(j, s, kCurveOut<Point>);
}

namespace {

// A comparison: the job and its work, one exchange rate for every row, the rows and the curves.
template <class Row, class Point>
constexpr Put<Comparison<Row, Point>> kComparisonOut[] = {
    put<&Comparison<Row, Point>::work>(cmp::work), put<&Comparison<Row, Point>::usd_jpy>(cmp::usd_jpy),
    put_when<&Comparison<Row, Point>::usd_jpy, &Comparison<Row, Point>::usd_jpy_source>(cmp::usd_jpy_source),
    put_when<&Comparison<Row, Point>::usd_jpy, &Comparison<Row, Point>::usd_jpy_as_of>(cmp::usd_jpy_as_of),
    put<&Comparison<Row, Point>::rows>(cmp::rows), put<&Comparison<Row, Point>::sweep>(cmp::sweep)};

template <class Row, class Point>
void comparison_json(json& j, const char* job, const Comparison<Row, Point>& c) {
    j[cmp::job.path] = job;
    write_fields(j, c, kComparisonOut<Row, Point>);
}
}  // namespace

void to_json(json& j, const CompareResult& r) {
    if (const auto* train = std::get_if<TrainingComparison>(&r)) comparison_json(j, "train", *train);
    else if (const auto* infer = std::get_if<InferenceComparison>(&r)) comparison_json(j, "infer", *infer);
    else if (const auto* serve = std::get_if<ServingComparison>(&r)) comparison_json(j, "serve", *serve);
}

}  // namespace planner
