// A training estimate (planner/training.hpp): the Job's stages that model the job, choose its
// layout, time the run and say what it assumed (training_job.hpp); the instance count is
// training_count.cpp's, the throughput training_throughput.cpp's, the JSON training_json.cpp's.
#include "planner/training.hpp"

#include "planner/messages.hpp"
#include "planner/operator_cost.hpp"
#include "planner/load_power.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "planner/capacity.hpp"
#include "planner/count_search.hpp"
#include "planner/layout_search.hpp"
#include "planner/request_reader.hpp"
#include "planner/step_time.hpp"
#include "training_job.hpp"
#include "training_throughput.hpp"

namespace planner {

using nlohmann::json;

namespace training_job {

using namespace training_throughput;

bool Job::model_the_job() {
    r.model = req.model.id;
    r.parameters = req.model.parameters;
    r.tokens = req.chinchilla ? kChinchillaTokensPerParameter * r.parameters : *req.tokens;
    if (req.chinchilla) r.notes.push_back({msg::tokens_chinchilla});

    // What is trained. The architecture carries the sequence the step runs at.
    trained.transformer = req.model;
    trained.flash_attention = req.flash_attention;
    trained.sequence_parallel = req.sequence_parallel.value_or(TrainedModel::sequence_parallel_by_default(req.recompute));
    sequence = req.model.has_shape() && req.model.sequence ? req.model.sequence
                                                           : req.sequence.value_or(kDefaultSequence);
    if (trained.transformer.has_shape()) trained.transformer.sequence = sequence;
    if (req.precision == "fp32") trained.bytes = ParameterBytes{4, 4, 8};  // no master copy: the weights are fp32
    const FineTuning::Method method = req.fine_tuning ? req.fine_tuning->method : FineTuning::Method::full;
    const bool lora = method != FineTuning::Method::full;
    if (lora && !req.model.has_shape())  // the reader refuses it; a request built in code may not
        return refuse("fine_tuning.method", msg::lora_needs_shape);
    if (lora) {
        const FineTuning& ft = *req.fine_tuning;
        trained.adapters = Adapters{adapter_parameters(trained.transformer, ft.rank, ft.modules),
                                    method == FineTuning::Method::qlora ? kNf4BytesPerParameter : kWeightBytes16};
        r.adapter_parameters = trained.adapters->parameters;
        r.base_weight_bytes = trained.adapters->base_weight_bytes;
        if (method == FineTuning::Method::qlora)
            r.notes.push_back({msg::qlora_dequantisation});
    }
    r.fine_tuning = req.fine_tuning ? method_name(method) : "pretraining";
    r.bytes_per_parameter = trained.bytes;
    if (trained.experts()) {
        r.active_parameters = trained.active();
        r.expert_parameters = routed_parameters(trained.transformer);
    }

    // FLOPs per token: forward 2, backward 4 per active parameter (LoRA: 2, no weight gradients),
    // recompute another forward 2; adapters are trained in full; attention's products (step_time.hpp).
    const bool full_recompute = req.recompute == Recompute::full;
    r.flops_per_parameter_token = (lora ? 4 : 6) + (full_recompute ? 2 : 0);
    r.total_flops = training_flops_per_token(trained, r.flops_per_parameter_token, full_recompute) * r.tokens;
    r.model_flops = model_flops_per_token(trained, lora ? 4 : 6) * r.tokens;

    tp = throughput_of(chip, *inst, req, r.total_flops / r.model_flops, operator_basis(catalogue, chip), errors);
    if (!tp) return false;
    r.peak_tflops = tp->peak;
    r.achieved_tflops = tp->achieved_tflops;
    r.hfu = tp->hfu;
    if (tp->hfu) r.mfu = *tp->hfu * r.model_flops / r.total_flops;  // equal without recompute
    r.precision_gain = tp->gain;
    r.mfu_source = tp->mfu_source;
    r.notes.insert(r.notes.end(), tp->notes.begin(), tp->notes.end());

    // Checkpoints, interruptions and restarts lengthen the run by the share the request gives.
    overhead = 1 + req.checkpoint_overhead.value_or(0);
    r.checkpoint_overhead = req.checkpoint_overhead;
    if (req.footprint.purchase_option == std::optional<std::string>(kSpot) && !req.checkpoint_overhead)
        r.notes.push_back({msg::spot_checkpoints});
    return true;
}

void Job::prepare_step() {
    // The step model's inputs; the layout is chosen (or checked) at each instance count.
    step_in.model = trained;
    step_in.sequence = sequence;
    step_in.recompute = req.recompute;
    step_in.flops_per_parameter_token = r.flops_per_parameter_token;
    step_in.global_batch = req.global_batch ? *req.global_batch
                                            : std::max(1, int(std::lround(kDefaultStepTokens / step_in.sequence)));
    step_in.flops_per_second = r.achieved_tflops * 1e12;
    step_in.multiplies_only = req.matrix_utilisation.has_value() || tp->priced.has_value();
    if (chip.memory_bandwidth && chip.kind != "cpu") step_in.memory_bytes_per_second = chip.memory_bandwidth->value * 1e9;
    if (tp->priced) {
        step_in.operators = tp->priced;
        step_in.precision = req.precision;
        const double bandwidth = achievable_bandwidth(*tp->priced).value_or(step_in.memory_bytes_per_second);
        const OperatorTable* kernels = section_table(catalogue, *tp->priced, &OperatorTable::elementwise);
        step_in.memory_bytes_per_second = bandwidth * (kernels ? elementwise_share(*kernels).value_or(1) : 1);
        if (const OperatorTable* rows = section_table(catalogue, *tp->priced, &OperatorTable::attention))
            if (const Accelerator* measured = catalogue.accelerator(rows->chip))
                step_in.attention_flops_per_second = attention_rate(*rows, *measured, chip, sequence).value_or(0);
    }
    step_in.update_bytes = optimizer_update_bytes(trained.bytes, req.precision == "fp16");
    step_in.link_bytes_per_second = instance_link(*inst).bytes_per_second;
    step_in.network_bytes_per_second = inst->network ? inst->network->value * 1e9 / 8 / per_instance : 0;
    step_in.accelerators_per_instance = per_instance;
    step_in.overlap = req.overlap.value_or(kDefaultOverlap);
    step_in.overlap_by_layer = req.overlap_by_layer;
    step_in.tensor_overlap = req.tensor_overlap.value_or(0);
    step_in.pipeline_overlap = req.pipeline_overlap.value_or(0);
    step_in.expert_overlap = req.expert_overlap.value_or(0);
    step_in.deduplicated_dispatch = req.deduplicated_dispatch;
    fabric = fabric_of(catalogue, *inst);  // fitted once, for every layout tried
    step_in.fabric = fabric ? &*fabric : nullptr;
    step_in.balanced_stages = req.balanced_stages;
    step_in.layout.micro_batch = req.layout ? req.layout->micro_batch : req.micro_batch;

    capacity = chip.kind == "cpu" ? inst->memory.value * 1073741824.0 / per_instance : chip.memory.value * 1e9;
    limits = MemoryLimits{capacity, req.headroom, req.recompute};
}

Planned Job::plan_on(int n) const {
    Planned planned;
    if (req.layout) {
        Layout l = *req.layout;
        const long mp = long(l.tensor) * l.pipeline * l.context;
        l.data = int(std::max(1L, long(n) * per_instance / mp));
        StepInputs in = step_in;
        in.layout = l;
        planned.chosen = LayoutOption{l, step_time(in),
                                      memory_per_accelerator(trained, l, req.recompute, capacity, req.headroom),
                                      0, {}};
        planned.considered = 1;
        return planned;
    }
    TimedLayouts timed = fastest_layouts(step_in, limits, n, kLayoutsShown);
    planned.considered = timed.candidates;
    if (timed.ranked.empty()) return planned;
    planned.chosen = std::move(timed.ranked.front());
    planned.alternatives.assign(std::make_move_iterator(timed.ranked.begin() + 1),
                                std::make_move_iterator(timed.ranked.end()));
    return planned;
}

bool Job::check_layout() {
    if (req.layout) {
        const Layout& l = *req.layout;
        if (l.tensor > per_instance || per_instance % l.tensor)
            return refuse("layout.tensor", msg::tensor_divide_instance, {std::to_string(per_instance), inst->id});
        const long mp = long(l.tensor) * l.pipeline * l.context;
        if (r.accelerators % mp && l.context > 1)
            return refuse("layout.context", msg::layout_context_divide, {std::to_string(mp), std::to_string(r.accelerators)});
        if (r.accelerators % mp)
            return refuse("layout.pipeline", msg::layout_pipeline_divide, {std::to_string(mp), std::to_string(r.accelerators)});
        if (req.model.has_shape() && l.pipeline > req.model.layers)
            return refuse("layout.pipeline", msg::pipeline_exceeds_layers, {std::to_string(req.model.layers)});
        if (req.model.has_shape() && long(l.pipeline) * l.interleave > req.model.layers)
            return refuse("layout.interleave", msg::interleave_exceeds_layers, {std::to_string(req.model.layers)});
        if ((r.accelerators / mp) % l.expert)
            return refuse("layout.expert", msg::expert_divide_data, {std::to_string(r.accelerators / mp)});
        if (l.context > 1 && sequence % l.context)
            return refuse("layout.context", msg::context_divide_sequence, {std::to_string(sequence)});
    }
    return true;
}

void Job::adopt(Planned& planned, int n) {
    r.layouts_considered = planned.considered;
    // A layout the request fixes is planned as given, and says so when memory cannot hold it (the
    // published runs the accuracy page reproduces sit near the limit, where the memory estimate's
    // own error decides): `fits` is false and the note gives the figures.
    if (req.layout && planned.chosen && !planned.chosen->memory.fits) {
        const MemoryBreakdown& m = planned.chosen->memory;
        r.notes.push_back({msg::layout_over_memory, {format_number(std::ceil(m.total / 1e8) / 10), format_number(std::floor(m.usable / 1e8) / 10), chip.name}});
    }
    if (planned.chosen) {
        r.layout = planned.chosen->layout;
        r.memory = planned.chosen->memory;
        r.fits = r.memory.fits;
        r.step = planned.chosen->step;
        r.alternatives = std::move(planned.alternatives);
    } else {
        // Nothing fits: the time is that of the leanest layout, ZeRO-3 over the widest tensor
        // degree, and the plan says how many instances it needs.
        LayoutSearch search = find_layout(trained, req.recompute, n, per_instance, capacity, req.headroom,
                                          step_in.layout.micro_batch);
        r.memory = search.memory;
        r.minimum_instances = search.minimum_instances;
        StepInputs in = step_in;
        in.layout = leanest_layout(r.accelerators, per_instance, step_in.layout.micro_batch,
                                   most_context(trained.transformer));
        r.step = step_time(in);
        planned.chosen = LayoutOption{in.layout, *r.step, r.memory, 0, {}};
    }
    r.overlap = r.step->overlap;
    r.tensor_overlap = step_in.tensor_overlap;
    r.pipeline_overlap = step_in.pipeline_overlap;
    r.expert_overlap = step_in.expert_overlap;
    r.deduplicated_dispatch = step_in.deduplicated_dispatch;
    r.balanced_stages = step_in.balanced_stages;
}

void Job::derive_utilisation(const Planned& planned) {
    r.scaling_efficiency = efficiency_of(planned, r.scaling_source);
    if (step_in.multiplies_only) {  // the end-to-end utilisation is the chosen layout's
        r.matrix_utilisation = req.matrix_utilisation;
        r.achieved_tflops = rate_of(planned.chosen) / 1e12;
        r.hfu = r.achieved_tflops / *r.peak_tflops;
        r.mfu = *r.hfu * r.model_flops / r.total_flops;
        if (tp->priced && planned.chosen && planned.chosen->step.multiply_rate > 0) {
            const StepTime& st = planned.chosen->step;
            r.matrix_utilisation = st.multiply_rate / (*r.peak_tflops * 1e12);
            // The range: the step's compute at the products' slowest and fastest priced rates.
            const double products = st.executed_flops / st.multiply_rate, rest = st.compute - products;
            auto hfu_at = [&](double rate) { return st.executed_flops / (st.executed_flops / rate + rest) / (*r.peak_tflops * 1e12); };
            tp->hfu_range = Range{hfu_at(st.multiply_rate_low), hfu_at(st.multiply_rate_high)};
        }
    } else if (r.peak_tflops && r.step && r.step->memory > 0 && r.step->compute > r.step->memory + r.step->optimizer) {
        const double matrix = r.step->executed_flops / (r.step->compute - r.step->memory - r.step->optimizer) /
                              (*r.peak_tflops * 1e12);
        if (matrix <= 1) r.matrix_utilisation = matrix;
    }
}

void Job::time_the_run(const Planned& planned, int n) {
    r.seconds = seconds_at(n, r.scaling_efficiency, rate_of(planned.chosen));
    r.days = r.seconds / kSecondsPerDay;
    r.tokens_per_second_per_accelerator = r.tokens / r.seconds / r.accelerators;
    r.accelerator_hours = r.seconds / 3600 * r.accelerators;
    r.instance_hours = r.seconds / 3600 * n;
}

std::optional<Range> Job::add_notes(const Planned& planned) {
    if (r.step && r.step->global_batch > step_in.global_batch)
        r.notes.push_back({msg::global_batch_raised, {std::to_string(step_in.global_batch), std::to_string(r.step->global_batch),
                                                      std::to_string(r.layout ? r.layout->data : 1)}});
    // Advice worth acting on: one stage carrying a tenth more than the others costs a tenth of the
    // run, and counting the embedding and the loss as layers saves part of it when they weigh
    // about a layer (not when a layer outweighs the output layer by far).
    if (r.step && planned.chosen && !step_in.balanced_stages && r.scaling_source == "step time" &&
        r.step->stages >= 0.01 * r.step->compute) {
        StepInputs balanced = step_in;
        balanced.layout = planned.chosen->layout;
        balanced.balanced_stages = true;
        const double shorter = 1 - step_time(balanced).step / r.step->step;
        if (shorter >= 0.005)
            r.notes.push_back({msg::pipeline_output_stage, {percent(r.step->stages / r.step->compute), percent(shorter)}});
    }
    if (!req.global_batch && r.scaling_source == "step time")
        r.notes.push_back({msg::global_batch_assumed, {std::to_string(step_in.global_batch), std::to_string(step_in.sequence)}});
    const bool sequence_given = req.sequence || (req.model.has_shape() && req.model.sequence);
    if (!sequence_given && r.scaling_source == "step time")
        r.notes.push_back({msg::sequence_assumed, {std::to_string(kDefaultSequence)}});
    if (!req.model.has_shape() && r.scaling_source == "step time")
        r.notes.push_back({msg::hidden_estimated, {format_number(hidden_of(r.parameters))}});
    if (instance_link(*inst).assumed && per_instance > 1 && r.scaling_source == "step time")
        r.notes.push_back({msg::interconnect_assumed_pcie, {inst->id}});
    // Each overlap of traffic with compute the request leaves out is an assumption: the
    // data-parallel one (half), and the tensor, pipeline and expert ones (none, as Megatron-LM waits
    // for them unless told). The range spans each from none to all of its traffic hidden.
    std::optional<Range> scaling;
    if (r.scaling_source == "step time" && r.step) {
        const StepTime& st = *r.step;
        const bool data = !req.overlap && !req.overlap_by_layer && (st.data > 0 || st.context > 0);
        const bool tensor = !req.tensor_overlap && st.tensor > 0, pipeline = !req.pipeline_overlap && st.pipeline > 0,
                   expert = !req.expert_overlap && st.expert > 0;
        if (data || tensor || pipeline || expert) {
            StepInputs in = step_in;
            in.layout = planned.chosen->layout;
            if (data) in.overlap = 0;
            const double low = step_time(in).efficiency;
            if (data) in.overlap = 1;
            if (tensor) in.tensor_overlap = 1;
            if (pipeline) in.pipeline_overlap = 1;
            if (expert) in.expert_overlap = 1;
            const double high = step_time(in).efficiency;
            if (high > low) scaling = Range{low, high};
        }
    }

    if (!req.model.has_shape())
        r.notes.push_back({msg::activations_not_included});
    if (req.layout && req.model.mixture_of_experts() && req.layout->expert == 1)
        r.notes.push_back({msg::expert_parallelism_one});
    if (r.step && step_in.fabric && (r.step->data_over_network || r.step->expert_over_network))
        for (Note& note : collectives_notes(*step_in.fabric, *inst, r.step->expert_over_network, req.deduplicated_dispatch))
            r.notes.push_back(std::move(note));
    if (req.recipe_recompute)
        r.notes.push_back({msg::recompute_from_recipe, {req.recipe_recompute->value, req.model.id, req.recipe_recompute->source}});
    return scaling;
}

bool Job::add_footprint(int n, const std::optional<Range>& scaling) {
    const std::optional<LoadPower> load = load_power(catalogue, *inst, training_mix(r.step));
    auto fp = footprint(catalogue, *inst, r.instance_hours, req.footprint, "", load ? &*load : nullptr);
    if (!fp.ok()) {
        errors = fp.errors;
        return false;
    }
    r.footprint = std::move(fp.value);
    r.notes.insert(r.notes.end(), r.footprint.notes.begin(), r.footprint.notes.end());
    for (Note& note : capacity_notes(catalogue, *inst, r.footprint.purchase_option, n, r.days))
        r.notes.push_back(std::move(note));

    for (double v : {r.seconds, r.total_flops, r.footprint.cost_usd.value_or(0), r.footprint.energy_kwh.value_or(0),
                     r.memory.total})
        if (!std::isfinite(v)) return refuse("tokens", msg::job_too_large);
    // A predicted plan's range also holds the planner's own error on published runs like it.
    const ErrorBand* band = tp->priced ? catalogue.error_band("train", error_band_family(req)) : nullptr;
    if (band) r.notes.push_back(band_note(*band, band->family == "moe" ? msg::range_model_error_moe : msg::range_model_error_dense));
    r.range = ranges_of(r, tp->hfu_range, scaling, band);
    return true;
}

}  // namespace training_job

const char* error_band_family(const TrainingRequest& request) { return request.model.mixture_of_experts() ? "moe" : "dense"; }

Checked<TrainingResult> estimate_training(const Catalogue& catalogue, const TrainingRequest& req) {
    Checked<TrainingResult> out;
    TrainingResult& r = out.value;
    const Instance* inst = catalogue.find_for(req.instance, kTrain, out.errors);
    if (!inst) return out;
    training_job::Job job(catalogue, req, inst, r, out.errors);
    if (!job.model_the_job()) return out;
    job.prepare_step();
    int n = 0;
    if (!job.choose_count(n)) return out;
    r.instances = n;
    r.accelerators = n * job.per_instance;
    training_job::Planned planned = job.plan_on(n);
    if (!job.check_layout()) return out;
    job.adopt(planned, n);
    job.derive_utilisation(planned);
    job.time_the_run(planned, n);
    const std::optional<Range> scaling = job.add_notes(planned);
    job.add_footprint(n, scaling);
    return out;
}

}  // namespace planner
