// A training result as the API writes it (planner/API.md, train).
#include "planner/json_members.hpp"
#include "planner/training.hpp"

namespace planner {

ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(TrainingRequest)
ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(TrainingResult)

using nlohmann::json;

void to_json(json& j, const TrainingResult& r) {
    members(j, {{"model", r.model},
             {"parameters", r.parameters},
             {"fine_tuning", r.fine_tuning},
             {"bytes_per_parameter", {{"weights", r.bytes_per_parameter.weights},
                                      {"gradients", r.bytes_per_parameter.gradients},
                                      {"optimizer", r.bytes_per_parameter.optimizer}}},
             {"tokens", r.tokens},
             {"flops_per_parameter_token", r.flops_per_parameter_token},
             {"total_flops", r.total_flops},
             {"model_flops", r.model_flops},
             {"instances", r.instances},
             {"accelerators", r.accelerators},
             {"achieved_tflops", r.achieved_tflops},
             {"mfu_source", r.mfu_source},
             {"scaling_efficiency", r.scaling_efficiency},
             {"scaling_source", r.scaling_source},
             {"seconds", r.seconds},
             {"tokens_per_second_per_accelerator", r.tokens_per_second_per_accelerator},
             {"days", r.days},
             {"accelerator_hours", r.accelerator_hours},
             {"instance_hours", r.instance_hours},
             {"memory", r.memory},
             {"fits", r.fits},
             {"notes", r.notes}});
    optional_member(j, "active_parameters", r.active_parameters);
    optional_member(j, "expert_parameters", r.expert_parameters);
    optional_member(j, "adapter_parameters", r.adapter_parameters);
    optional_member(j, "base_weight_bytes", r.base_weight_bytes);
    optional_member(j, "precision_gain", r.precision_gain);
    optional_member(j, "peak_tflops", r.peak_tflops);
    optional_member(j, "mfu", r.mfu);
    optional_member(j, "hfu", r.hfu);
    optional_member(j, "matrix_utilisation", r.matrix_utilisation);
    optional_member(j, "deadline_days", r.deadline_days);
    optional_member(j, "checkpoint_overhead", r.checkpoint_overhead);
    optional_member(j, "budget_usd", r.budget_usd);
    if (r.step) {
        j["step"] = *r.step;
        j["overlap"] = r.overlap;
        j["tensor_overlap"] = r.tensor_overlap;
        j["pipeline_overlap"] = r.pipeline_overlap;
        j["expert_overlap"] = r.expert_overlap;
        j["expert_dispatch"] = r.deduplicated_dispatch ? "deduplicated" : "all_to_all";
        j["pipeline_split"] = r.balanced_stages ? "balanced" : "even";
        j["alternatives"] = r.alternatives;
        j["layouts_considered"] = r.layouts_considered;
    }
    add_to_json(j, r.footprint);
    j["layout"] = r.layout ? json(*r.layout) : json(nullptr);
    j["minimum_instances"] = r.minimum_instances ? json(*r.minimum_instances) : json(nullptr);
    if (r.range) {  // over the footprint's own range (power_watts), energy and CO2e with time and power
        range_member(j, "days", r.range->days);
        range_member(j, "accelerator_hours", r.range->accelerator_hours);
        range_member(j, "tokens_per_second_per_accelerator", r.range->tokens_per_second);
        if (r.range->step_seconds) j["range"]["step"]["step_seconds"] = *r.range->step_seconds;
        range_member(j, "mfu", r.range->mfu);
        range_member(j, "hfu", r.range->hfu);
        range_member(j, "scaling_efficiency", r.range->scaling_efficiency);
        range_member(j, "cost_usd", r.range->cost_usd);
        range_member(j, "energy_kwh", r.range->energy_kwh);
        range_member(j, "co2e_kg", r.range->co2e_kg);
    }
}

}  // namespace planner
