// A training result as the API writes it (planner/API.md, train), from its declared fields
// (response_fields.hpp, results::train).
#include "planner/response_fields.hpp"
#include "planner/response_writer.hpp"
#include "planner/training.hpp"

namespace planner {

ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(TrainingRequest)
ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(TrainingResult)

using nlohmann::json;

namespace {
namespace out = results::train;
using TR = TrainingResult;
using TRR = TrainingRanges;

// The request's choices, said back as words.
bool expert_dispatch(json& v, const TR& r) { return v = r.deduplicated_dispatch ? "deduplicated" : "all_to_all", true; }
bool pipeline_split(json& v, const TR& r) { return v = r.balanced_stages ? "balanced" : "even", true; }

// The step's terms, the overlaps it used and the runners-up come with a chosen layout's step.
constexpr Put<TrainingResult> kTrainingOut[] = {
    put<&TR::model>(out::model), put<&TR::parameters>(out::parameters), put<&TR::fine_tuning>(out::fine_tuning),
    put<&TR::bytes_per_parameter, &ParameterBytes::weights>(out::bytes_weights),
    put<&TR::bytes_per_parameter, &ParameterBytes::gradients>(out::bytes_gradients),
    put<&TR::bytes_per_parameter, &ParameterBytes::optimizer>(out::bytes_optimizer), put<&TR::tokens>(out::tokens),
    put<&TR::flops_per_parameter_token>(out::flops_per_parameter_token), put<&TR::total_flops>(out::total_flops),
    put<&TR::model_flops>(out::model_flops), put<&TR::instances>(out::instances),
    put<&TR::accelerators>(out::accelerators), put<&TR::achieved_tflops>(out::achieved_tflops),
    put<&TR::mfu_source>(out::mfu_source), put<&TR::scaling_efficiency>(out::scaling_efficiency),
    put<&TR::scaling_source>(out::scaling_source), put<&TR::seconds>(out::seconds),
    put<&TR::tokens_per_second_per_accelerator>(out::tokens_per_second), put<&TR::days>(out::days),
    put<&TR::accelerator_hours>(out::accelerator_hours), put<&TR::instance_hours>(out::instance_hours),
    put<&TR::memory>(out::memory_field), put<&TR::fits>(out::fits), put<&TR::notes>(results::notes),
    put<&TR::active_parameters>(out::active_parameters), put<&TR::expert_parameters>(out::expert_parameters),
    put<&TR::adapter_parameters>(out::adapter_parameters), put<&TR::base_weight_bytes>(out::base_weight_bytes),
    put<&TR::precision_gain>(out::precision_gain), put<&TR::peak_tflops>(out::peak_tflops), put<&TR::mfu>(out::mfu),
    put<&TR::hfu>(out::hfu), put<&TR::matrix_utilisation>(out::matrix_utilisation),
    put<&TR::deadline_days>(out::deadline_days), put<&TR::checkpoint_overhead>(out::checkpoint_overhead),
    put<&TR::budget_usd>(out::budget_usd), put<&TR::step>(out::step), put_when<&TR::step, &TR::overlap>(out::overlap),
    put_when<&TR::step, &TR::tensor_overlap>(out::tensor_overlap),
    put_when<&TR::step, &TR::pipeline_overlap>(out::pipeline_overlap),
    put_when<&TR::step, &TR::expert_overlap>(out::expert_overlap),
    put_from<TrainingResult>(out::expert_dispatch, expert_dispatch, if_holds<&TR::step>),
    put_from<TrainingResult>(out::pipeline_split, pipeline_split, if_holds<&TR::step>),
    put_when<&TR::step, &TR::alternatives>(out::alternatives),
    put_when<&TR::step, &TR::layouts_considered>(out::layouts_considered), put<&TR::layout>(out::layout),
    put<&TR::minimum_instances>(out::minimum_instances)};

// The ranges an assumption gives, over the footprint's own (energy and CO2e with time and power).
constexpr Put<TrainingRanges> kRangesOut[] = {
    put<&TRR::days>(out::days_range), put<&TRR::accelerator_hours>(out::accelerator_hours_range),
    put<&TRR::tokens_per_second>(out::tokens_per_second_range), put<&TRR::step_seconds>(out::step_seconds_range),
    put<&TRR::mfu>(out::mfu_range), put<&TRR::hfu>(out::hfu_range),
    put<&TRR::scaling_efficiency>(out::scaling_efficiency_range), put<&TRR::cost_usd>(out::cost_usd_range),
    put<&TRR::energy_kwh>(results::footprint::energy_kwh_range), put<&TRR::co2e_kg>(results::footprint::co2e_kg_range)};
}  // namespace

void to_json(json& j, const TrainingResult& r) {
    write_fields(j, r, kTrainingOut);
    add_to_json(j, r.footprint);
    if (r.range) write_fields(j, *r.range, kRangesOut);
}

}  // namespace planner
