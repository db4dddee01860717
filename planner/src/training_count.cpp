// How many instances a training job runs on: the request's count, the fastest plan within a budget,
// or the cheapest that meets a deadline (training_job.hpp's count stages).
#include <algorithm>
#include <cmath>

#include "planner/request_reader.hpp"
#include "planner/messages.hpp"
#include "training_job.hpp"

namespace planner {
namespace training_job {

using namespace training_throughput;

double Job::efficiency_of(const Planned& p, std::string& source) const {
    if (req.scaling_efficiency) {
        source = "request";
        return *req.scaling_efficiency;
    }
    if (req.achieved_tflops) {
        source = "measured at scale";  // a measurement at the job's scale already includes its losses
        return 1.0;
    }
    source = "step time";
    return p.chosen ? p.chosen->step.efficiency : 1.0;
}

double Job::rate_of(const std::optional<LayoutOption>& chosen) const {
    if (step_in.multiplies_only && chosen && chosen->step.compute > 0)
        return chosen->step.executed_flops / chosen->step.compute;
    return r.achieved_tflops * 1e12;
}

double Job::seconds_at(int n, double efficiency, double rate) const {
    return r.total_flops / (double(n) * per_instance * rate * efficiency) * overhead;
}

std::optional<double> Job::seconds_on(int n) const {
    Planned p = plan_on(n);
    if (!p.chosen && !req.layout) return std::nullopt;
    if (p.chosen && p.chosen->step.global_batch > step_in.global_batch * (1 + kBatchRounding)) return std::nullopt;
    std::string source;
    return seconds_at(n, efficiency_of(p, source), rate_of(p.chosen));
}

SecondsOn Job::seconds_on_fn() const {
    return [this](int n) { return seconds_on(n); };
}

int Job::fewest_instances() const {
    if (req.layout) return 1;
    LayoutSearch lean = find_layout(trained, req.recompute, 1, per_instance, capacity, req.headroom,
                                    step_in.layout.micro_batch);
    return !lean.layout && lean.minimum_instances ? *lean.minimum_instances : 1;
}

int Job::ideal_count(double seconds) const {
    const double ideal = seconds_at(1, req.scaling_efficiency.value_or(1.0), r.achieved_tflops * 1e12);
    return ideal / seconds >= kMaxInstances ? int(kMaxInstances) : std::max(1, int(std::ceil(ideal / seconds * (1 - 1e-12))));
}

bool Job::choose_count(int& n) {
    // The most instances a search may take: what one account can hold under the purchase option
    // where AWS publishes it (Capacity Blocks), else kMaxInstances.
    const std::string option = req.footprint.purchase_option.value_or(kOnDemand);
    const CapacityFact* held = option == kCapacityBlock ? catalogue.capacity_fact(kCapacityBlock, "instances_in_blocks") : nullptr;
    const int most = held ? int(std::min(held->figure.value, kMaxInstances)) : int(kMaxInstances);
    if (req.instance_count) {
        n = *req.instance_count;
        return true;
    }
    return req.budget_usd ? count_within_budget(most, n) : count_within_deadline(held, most, n);
}

bool Job::count_within_budget(int most, int& n) {
    // Cost per instance-hour is the same at every count, so the budget holds a fixed number of
    // instance-seconds; the fastest plan within it is searched over every count.
    r.budget_usd = req.budget_usd;
    auto money = [](double usd) { return format_number(std::ceil(usd)) + " USD"; };
    const int fewest = fewest_instances();
    auto hourly = footprint(catalogue, *inst, 1.0, req.footprint);
    if (!hourly.ok()) {
        errors = hourly.errors;
        return false;
    }
    if (!hourly.value.cost_usd)
        return refuse("budget_usd", msg::budget_needs_price, {inst->id});
    const double per_second = *hourly.value.cost_usd / 3600;
    const auto choice = fastest_within_budget(seconds_on_fn(), {fewest, most}, *req.budget_usd / per_second);
    if (!choice) {
        const auto at_fewest = seconds_on(fewest);
        const std::string cheapest = at_fewest ? money(*at_fewest * fewest * per_second) : std::string("more");
        if (fewest > 1)
            return refuse("budget_usd", msg::budget_below_fewest, {inst->id, std::to_string(fewest), cheapest});
        return refuse("budget_usd", msg::budget_below_one, {inst->id, cheapest});
    }
    n = choice->count;
    r.notes.push_back({msg::instances_within_budget, {std::to_string(n), std::to_string(choice->scanned_from), std::to_string(choice->scanned_to)}});
    return true;
}

bool Job::count_within_deadline(const CapacityFact* held, int most, int& n) {
    r.deadline_days = req.deadline_days;
    const double deadline = *req.deadline_days * kSecondsPerDay;
    const int fewest = fewest_instances();
    const auto choice = cheapest_within_deadline(
        seconds_on_fn(), {std::min(most, std::max(fewest, ideal_count(deadline))), most}, deadline);
    if (!choice && !plan_on(most).chosen)
        return refuse("recompute", msg::recompute_does_not_fit, {std::to_string(most), inst->id});
    if (!choice && held)
        return refuse("deadline_days", msg::deadline_beyond_capacity_blocks, {std::to_string(most), inst->id, catalogue.as_of(held->figure)});
    if (!choice)
        return refuse("deadline_days", msg::deadline_beyond_global_batch,
                      {std::to_string(most), inst->id, std::to_string(step_in.global_batch)});
    n = choice->count;
    if (n == choice->first_meeting)
        r.notes.push_back({msg::instances_fewest_deadline, {std::to_string(n), std::to_string(choice->scanned_from), std::to_string(choice->scanned_to)}});
    else
        r.notes.push_back({msg::instances_cheapest_deadline, {std::to_string(n), std::to_string(choice->first_meeting), std::to_string(choice->scanned_from), std::to_string(choice->scanned_to)}});
    if (fewest > 1 && n == fewest)
        r.notes.push_back({msg::instances_fewest_fit, {std::to_string(n)}});
    return true;
}

}  // namespace training_job
}  // namespace planner
