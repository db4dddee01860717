// Compare: one job across every instance type in the catalogue (or a chosen list).
//
//     {"api":1,"kind":"compare","job":{"kind":"train","model":{"parameters":7e9},"tokens":"chinchilla",
//      "instance_count":4,"mfu":0.4}}
//
// Training rows are sorted by cost, and the cost–time Pareto set is marked: a row is on it when no
// other row is both cheaper and faster. Inference rows are sorted by cost per million requests,
// Pareto on cost and energy per million. Serving rows (an LLM under TTFT and TPOT targets) are
// sorted by cost per million output tokens, Pareto on that cost and TPOT. A sweep gives each instance type's figures over instance
// counts (training: 1, 2, 4 … 4096), request rates (inference: ¼× … 4× the job's rate) or
// concurrencies (serving: the throughput–TPOT curve of each type's chosen layout), for charts.
// Instance types the job cannot run on (no published peak, no price, no memory fit) are listed
// with the reason rather than left out silently.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"
#include "planner/inference.hpp"
#include "planner/serving.hpp"
#include "planner/training.hpp"

namespace planner {

struct CompareRequest {
    std::variant<TrainingRequest, InferenceRequest, ServingRequest> job;  // its `instance` is each compared one in turn
    std::vector<std::string> instances;                   // ids; default: the whole catalogue, in its order
    std::vector<int> counts;                              // training sweep; default 1, 2, 4 … 4096
    // The job compared, as a request without an instance (`job` as given, or what `like` came to):
    // what the energy comparison takes as its `work`, so that "this job on other types" is the
    // planner's one derivation (same_job.hpp), not the page's.
    nlohmann::json work;

    ACCELGUIDE_OUT_OF_LINE_VALUE(CompareRequest)
};

/// One instance type's result for a training job: `error` says why the job cannot run there.
struct TrainingRow {
    std::string instance;
    std::optional<FieldError> error;  // the first of the job's errors there
    int instances = 0;
    double days = 0;
    bool fits = false;
    std::optional<double> cost_usd;
    std::optional<double> energy_kwh;
    std::optional<double> co2e_kg;
    std::optional<double> mfu, hfu;          // as in TrainingResult: on the 6PD and the executed basis
    std::string mfu_source;                  // as in TrainingResult: published source id, "assumed", ...
    std::optional<Range> days_range, cost_range;  // when the row rests on an assumption (TrainingRanges)
    bool pareto = false;  // cost and days
};

struct TrainingPoint {
    int instances = 0;
    double days = 0;
    bool fits = false;
    std::optional<double> cost_usd;
};

struct InferenceRow {
    std::string instance;
    std::optional<FieldError> error;
    int fleet = 0;
    double per_instance_rps = 0;
    std::optional<double> latency_ms;
    std::optional<double> cost_per_million;
    std::optional<double> kwh_per_million;
    bool pareto = false;  // cost and energy per million requests
};

struct ServingRow {
    std::string instance;
    std::optional<FieldError> error;   // which target cannot be met there, and why
    int tensor_parallel = 0;
    double concurrency_per_instance = 0;  // sequences in flight on an instance
    double ttft_ms = 0, tpot_ms = 0;
    double output_tokens_per_second = 0;  // per instance
    int fleet = 0;
    std::optional<double> cost_per_million_input, cost_per_million_output, kwh_per_million_output;
    bool pareto = false;  // cost per million output tokens and TPOT
};

/// An instance type's points, for a chart; empty when the job cannot run there.
template <class Point>
struct Sweep {
    std::string instance;
    std::vector<Point> points;
};

template <class Row, class Point>
struct Comparison {
    std::vector<Row> rows;             // runnable rows first, cheapest first; then the others
    std::vector<Sweep<Point>> sweep;   // in the request's (or the catalogue's) order
    // The USD→JPY rate every row's costs convert with (the request's or the catalogue's), and where
    // it comes from: one rate for the whole comparison.
    std::optional<double> usd_jpy;
    std::string usd_jpy_source, usd_jpy_as_of;
    nlohmann::json work;  // CompareRequest::work
};
using TrainingComparison = Comparison<TrainingRow, TrainingPoint>;
using InferenceComparison = Comparison<InferenceRow, InferencePoint>;
using ServingComparison = Comparison<ServingRow, ServingSweepPoint>;
using CompareResult = std::variant<TrainingComparison, InferenceComparison, ServingComparison>;


/// Reads a compare request; instance types are looked up in the catalogue.
Checked<CompareRequest> read_compare_request(const Catalogue& catalogue, const nlohmann::json& request);

/// Runs the job on each instance type, ranks the rows and sweeps each type.
CompareResult compare(const Catalogue& catalogue, const CompareRequest& request);

/// Marks the Pareto set of points (x, y), both minimised: true where no other point is ≤ in both
/// and < in one.
std::vector<bool> pareto_set(const std::vector<std::pair<double, double>>& points);

void to_json(nlohmann::json& j, const TrainingRow& r);
void to_json(nlohmann::json& j, const TrainingPoint& p);
void to_json(nlohmann::json& j, const InferenceRow& r);
void to_json(nlohmann::json& j, const InferencePoint& p);
void to_json(nlohmann::json& j, const ServingRow& r);
void to_json(nlohmann::json& j, const CompareResult& r);

}  // namespace planner
