// One training estimate as named stages over shared state (training.cpp): what is trained and the
// step model's inputs, the layout, the instance count (training_count.cpp), the time, notes and
// footprint. Private to the planner's training files.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "planner/capacity.hpp"
#include "planner/count_search.hpp"
#include "planner/error.hpp"
#include "planner/layout_search.hpp"
#include "planner/step_time.hpp"
#include "planner/training.hpp"
#include "instance_job.hpp"
#include "training_throughput.hpp"

namespace planner {
namespace training_job {

// The most instances a plan searches.
inline constexpr double kMaxInstances = 100000;
inline constexpr double kSecondsPerDay = 86400;
inline constexpr double kChinchillaTokensPerParameter = 20;  // Hoffmann et al. 2022
// A step of about four million tokens: Llama 2's batch (4M tokens), GPT-3 175B's 3.2M.
inline constexpr double kDefaultStepTokens = 4194304;
inline constexpr double kDefaultOverlap = 0.5;    // the share of data-parallel traffic hidden under compute
inline constexpr int kDefaultSequence = 2048;     // unless the request or the catalogue says: GPT-3's context
inline constexpr double kWeightBytes16 = 2;       // a frozen bf16 base parameter (LoRA)
inline constexpr std::size_t kLayoutsShown = 4;   // the chosen layout and three runners-up
// A deadline or budget search takes a count whose replicas need the global batch rounded up by at
// most this share: 21 replicas of 2,048 sequences make it 2,058 (+0.5%), 633 make it 2,532 (+24%).
inline constexpr double kBatchRounding = 0.05;

// A layout chosen on some instance count, the runners-up, and how many layouts were tried.
struct Planned {
    std::optional<LayoutOption> chosen;
    std::vector<LayoutOption> alternatives;
    int considered = 0;
};

// One estimate's stages and what they share: the request, where it runs, what is trained, the step
// model's inputs, and the result being filled, read as it stands (a later stage revises the rates an
// earlier one set). A stage that returns false has put its reasons in `errors`.
struct Job : InstanceJob<TrainingRequest, TrainingResult> {
    TrainedModel trained;
    int sequence = 0;  // tokens per sequence the step runs at
    std::optional<training_throughput::Throughput> tp;
    double overhead = 1;  // checkpoints, interruptions and restarts
    StepInputs step_in;
    std::optional<Fabric> fabric;  // fitted once, for every layout tried; step_in points at it
    double capacity = 0;           // bytes per accelerator
    MemoryLimits limits;

    Job(const Catalogue& c, const TrainingRequest& q, const Instance* i, TrainingResult& result, std::vector<FieldError>& e)
        : InstanceJob(c, q, i, result, e) {}
    // What is trained, its FLOPs, and the chip's throughput for it.
    bool model_the_job();

    // The step model's inputs; the layout is chosen (or checked) at each instance count.
    void prepare_step();

    // The layout on n instances: the request's, or the fastest that fits (none when nothing does).
    Planned plan_on(int n) const;
    // The efficiency that applies: the request's, none for a throughput measured at the job's
    // scale, else the step's compute share.
    double efficiency_of(const Planned& p, std::string& source) const;
    // Executed FLOP/s per accelerator while computing: the request's or default's, or, from the
    // multiplies' rate, what the layout's memory-bound share leaves of it.
    double rate_of(const std::optional<LayoutOption>& chosen) const;
    double seconds_at(int n, double efficiency, double rate) const;
    // Seconds on n instances; none when no layout fits there, or when the layout raises the job's
    // global batch by more than kBatchRounding to give each replica whole micro-batches (that
    // changes the training recipe; it does not speed the job up).
    std::optional<double> seconds_on(int n) const;
    // seconds_on as the count searches take it.
    SecondsOn seconds_on_fn() const;
    // The fewest instances on which some layout fits (1 with the request's own layout): where the
    // budget and deadline searches start.
    int fewest_instances() const;

    // Counts below this cannot meet a deadline: the job at every accelerator's full rate, with no
    // scaling loss beyond the request's own efficiency.
    int ideal_count(double seconds) const;

    // The instance count: the request's, the fastest within its budget, or the cheapest that meets
    // its deadline.
    bool choose_count(int& n);

    bool count_within_budget(int most, int& n);

    bool count_within_deadline(const CapacityFact* held, int most, int& n);

    // A layout the request gives, against the instance and the model.
    bool check_layout();

    // The plan's layout, memory and step: the chosen layout's, or when nothing fits the leanest's.
    void adopt(Planned& planned, int n);

    // The utilisation the chosen layout implies, and its range where priced from operator tables.
    void derive_utilisation(const Planned& planned);

    void time_the_run(const Planned& planned, int n);

    // What the plan assumed and what to act on; the scaling efficiency's range where the overlap is assumed.
    std::optional<Range> add_notes(const Planned& planned);

    // The run's money, energy and CO2e, and the ranges of every figure.
    bool add_footprint(int n, const std::optional<Range>& scaling);
};

}  // namespace training_job
}  // namespace planner
