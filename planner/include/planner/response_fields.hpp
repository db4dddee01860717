// Every response field, declared once as request fields are (schema.hpp): its path, type, unit and a
// one-line doc, and whether every successful response of its kind holds it. From these come the
// writers (each result's to_json binds these declarations to its members: response_writer.hpp),
// the published JSON Schema of each kind's response, API.md's response tables, and the unit a page
// shows a figure in (display: "0-1" in percent, "bytes" in GB, "USD…" as money).
// tests/schema/validate.py validates every tested response against the schema, and every declared
// field must appear in one of them.
#pragma once

#include "planner/messages.hpp"
#include "planner/response_parts.hpp"

namespace planner::results {

// A training or fine-tuning job's plan (training.hpp TrainingResult).
namespace train {
inline constexpr F model = word("model", "the model's id or a description of it").needed();
inline constexpr F parameters = figure("parameters", "parameters", "all parameters").needed();
inline constexpr F fine_tuning = word("fine_tuning", "`pretraining`, or the fine-tuning method: `full`, `lora` or `qlora`").needed();
inline constexpr F bytes_weights = figure("bytes_per_parameter.weights", "bytes per parameter", "weights' bytes per parameter").needed();
inline constexpr F bytes_gradients = figure("bytes_per_parameter.gradients", "bytes per parameter", "gradients' bytes per parameter").needed();
inline constexpr F bytes_optimizer = figure("bytes_per_parameter.optimizer", "bytes per parameter", "the optimizer state's bytes per parameter").needed();
inline constexpr F tokens = figure("tokens", "tokens", "tokens trained on").needed();
inline constexpr F flops_per_parameter_token = figure("flops_per_parameter_token", "FLOPs", "FLOPs per parameter and token executed (6 or 8)").needed();
inline constexpr F total_flops = figure("total_flops", "FLOPs", "FLOPs executed (HFU's basis)").needed();
inline constexpr F model_flops = figure("model_flops", "FLOPs", "the model's FLOPs (MFU's basis)").needed();
inline constexpr F instances = count("instances", "instances", "instances planned").needed();
inline constexpr F accelerators = count("accelerators", "accelerators", "accelerators planned").needed();
inline constexpr F achieved_tflops = figure("achieved_tflops", "TFLOP/s", "executed FLOP/s per accelerator").needed();
inline constexpr F mfu_source = word("mfu_source", "where the throughput came from: given, predicted, a published default or assumed").needed();
inline constexpr F scaling_efficiency = share("scaling_efficiency", "throughput per accelerator at this count over one instance's").needed();
inline constexpr F scaling_source = word("scaling_source", "where the scaling efficiency came from").needed();
inline constexpr F seconds = figure("seconds", "s", "the job's time").needed();
inline constexpr F tokens_per_second = figure("tokens_per_second_per_accelerator", "tokens/s", "tokens per second per accelerator").needed();
inline constexpr F days = figure("days", "days", "the job's time").needed();
inline constexpr F accelerator_hours = figure("accelerator_hours", "h", "accelerator-hours").needed();
inline constexpr F instance_hours = figure("instance_hours", "h", "instance-hours").needed();
inline constexpr F fits = yes_no("fits", "whether each accelerator holds its share").needed();
inline constexpr F bytes_per_parameter = F::object("bytes_per_parameter").needed().says("bytes per parameter held in training");
inline constexpr F memory_field = F::object("memory").needed().says("memory per accelerator on the chosen layout");
inline constexpr F active_parameters = figure("active_parameters", "parameters", "parameters each token runs through (a mixture of experts)");
inline constexpr F expert_parameters = figure("expert_parameters", "parameters", "the routed experts' parameters");
inline constexpr F adapter_parameters = figure("adapter_parameters", "parameters", "LoRA's trained parameters");
inline constexpr F base_weight_bytes = figure("base_weight_bytes", "bytes per parameter", "the frozen base weights' bytes per parameter (LoRA, QLoRA)");
inline constexpr F precision_gain = figure("precision_gain", "", "the speed-up a low-precision recipe's rate is given over bf16");
inline constexpr F peak_tflops = figure("peak_tflops", "TFLOP/s", "the dense peak the utilisations divide by");
inline constexpr F mfu = share("mfu", "model FLOPs utilisation");
inline constexpr F hfu = share("hfu", "hardware FLOPs utilisation");
inline constexpr F matrix_utilisation = share("matrix_utilisation", "the matrix products' FLOP/s over the dense peak");
inline constexpr F deadline_days = figure("deadline_days", "days", "the deadline asked for");
inline constexpr F checkpoint_overhead = share("checkpoint_overhead", "the share of time checkpoints and restarts add");
inline constexpr F budget_usd = figure("budget_usd", "USD", "the budget asked for");
inline constexpr F step = F::object("step").says("the chosen layout's step, term by term");
inline constexpr F overlap = share("overlap", "the share of data-parallel traffic under compute");
inline constexpr F tensor_overlap = share("tensor_overlap", "the share of tensor-parallel traffic under compute");
inline constexpr F pipeline_overlap = share("pipeline_overlap", "the share of pipeline sends under compute");
inline constexpr F expert_overlap = share("expert_overlap", "the share of the all-to-alls under compute");
inline constexpr F expert_dispatch = word("expert_dispatch", "how the expert all-to-all crosses instances", expert_dispatch_words);
inline constexpr F pipeline_split = word("pipeline_split", "how the layers are split into stages", pipeline_split_words);
inline constexpr F alternatives = F::objects("alternatives", 0, 0).says("the next-best layouts, each with what it loses on");
inline constexpr F layouts_considered = count("layouts_considered", "", "layouts the search priced");
inline constexpr F layout = F::object("layout").needed().or_null().says("the chosen layout, or null when none fits");
inline constexpr F minimum_instances = count("minimum_instances", "instances", "the fewest instances whose memory holds the job, or null").needed().or_null();
inline constexpr F days_range = span("range.days", "days", "the time's range");
inline constexpr F accelerator_hours_range = span("range.accelerator_hours", "h", "the accelerator-hours' range");
inline constexpr F tokens_per_second_range = span("range.tokens_per_second_per_accelerator", "tokens/s", "the throughput's range");
inline constexpr F step_seconds_range = span("range.step.step_seconds", "s", "the step's range");
inline constexpr F mfu_range = span("range.mfu", "0-1", "the MFU's range");
inline constexpr F hfu_range = span("range.hfu", "0-1", "the HFU's range");
inline constexpr F scaling_efficiency_range = span("range.scaling_efficiency", "0-1", "the scaling efficiency's range");
inline constexpr F cost_usd_range = span("range.cost_usd", "USD", "the cost's range");
inline constexpr const F* kResult[] = {
    &model, &parameters, &fine_tuning, &bytes_per_parameter, &bytes_weights, &bytes_gradients, &bytes_optimizer, &tokens,
    &flops_per_parameter_token, &total_flops, &model_flops, &instances, &accelerators, &achieved_tflops, &mfu_source,
    &scaling_efficiency, &scaling_source, &seconds, &tokens_per_second, &days, &accelerator_hours, &instance_hours,
    &fits, &memory_field, &notes, &active_parameters, &expert_parameters, &adapter_parameters, &base_weight_bytes, &precision_gain,
    &peak_tflops, &mfu, &hfu, &matrix_utilisation, &deadline_days, &checkpoint_overhead, &budget_usd, &step, &overlap,
    &tensor_overlap, &pipeline_overlap, &expert_overlap, &expert_dispatch, &pipeline_split, &alternatives,
    &layouts_considered, &layout, &minimum_instances, &days_range, &accelerator_hours_range, &tokens_per_second_range, &step_seconds_range,
    &mfu_range, &hfu_range, &scaling_efficiency_range, &cost_usd_range};

// A plan's memory per accelerator (memory.hpp MemoryBreakdown), at "memory".
namespace memory {
inline constexpr F weights = figure("weights_bytes", "bytes", "weights").needed();
inline constexpr F gradients = figure("gradients_bytes", "bytes", "gradients").needed();
inline constexpr F optimizer = figure("optimizer_bytes", "bytes", "optimizer state").needed();
inline constexpr F total = figure("total_bytes", "bytes", "all of it").needed();
inline constexpr F capacity = figure("capacity_bytes", "bytes", "the accelerator's memory").needed();
inline constexpr F usable = figure("usable_bytes", "bytes", "the memory a plan may use, headroom kept free").needed();
inline constexpr F fits = yes_no("fits", "whether the total fits in the usable memory").needed();
inline constexpr F activations = figure("activations_bytes", "bytes", "activations, or null when no layout was chosen").needed().or_null();
inline constexpr const F* kAll[] = {&weights, &gradients, &optimizer, &total, &capacity, &usable, &fits, &activations};
}  // namespace memory

// Each of `alternatives`: a layout the search did not choose.
namespace alternative {
inline constexpr F memory_bytes = figure("memory_bytes", "bytes", "memory per accelerator").needed();
inline constexpr F slower = figure("slower", "0-1", "how much longer a token takes than on the chosen layout").needed();
inline constexpr F lost_on = word("lost_on", "the step's term it loses most on");
inline constexpr F layout = F::object("layout").needed().says("its layout");
inline constexpr F step = F::object("step").needed().says("its step, term by term");
inline constexpr const F* kAll[] = {&layout, &step, &memory_bytes, &slower, &lost_on};
}  // namespace alternative
}  // namespace train

// A fleet for a request rate (inference.hpp InferenceResult).
namespace infer {
inline constexpr F instance = word("instance", "the instance type").needed();
inline constexpr F per_instance_rps = figure("per_instance_rps", "requests/s", "one instance's throughput").needed();
inline constexpr F throughput_source = word("throughput_source", "where the throughput came from").needed();
inline constexpr F peak_rps = figure("peak_rps", "requests/s", "the peak rate the fleet is planned for").needed();
inline constexpr F fleet = count("fleet", "instances", "instances, spares included").needed();
inline constexpr F latency_ms = figure("latency_ms", "ms", "one request's latency");
inline constexpr F latency_ok = yes_no("latency_ok", "whether the latency meets its target");
inline constexpr F requests_in_flight = figure("requests_in_flight", "requests", "requests in flight at the peak (Little's law)");
inline constexpr F kv_cache_bytes = figure("kv_cache_bytes", "bytes", "an LLM's KV cache per instance");
inline constexpr F memory_bytes = figure("memory_bytes", "bytes", "memory per instance");
inline constexpr F cost_per_hour = figure("cost_per_hour", "USD/h", "the fleet's hour");
inline constexpr F cost_per_million = figure("cost_per_million", "USD per million requests", "cost per million requests");
inline constexpr F kwh_per_million = figure("kwh_per_million", "kWh per million requests", "energy per million requests");
inline constexpr F co2e_per_million = figure("co2e_kg_per_million", "kg CO2e per million requests", "emissions per million requests");
inline constexpr F per_instance_rps_range = span("range.per_instance_rps", "requests/s", "the throughput's range");
inline constexpr F fleet_range = span("range.fleet", "instances", "the fleet's range");
inline constexpr F cost_per_million_range = span("range.cost_per_million", "USD per million requests", "the cost's range");
inline constexpr F kwh_per_million_range = span("range.kwh_per_million", "kWh per million requests", "the energy's range");
inline constexpr F co2e_per_million_range = span("range.co2e_kg_per_million", "kg CO2e per million requests", "the emissions' range");
inline constexpr F fleet_hour = F::object("fleet_hour").needed().says("the fleet's hour: its price, power, energy and emissions");
inline constexpr F sweep = F::objects("sweep", 0, 0).needed().says("the fleet at a quarter, half, once, twice and four times the rate");
inline constexpr const F* kResult[] = {
    &instance, &per_instance_rps, &throughput_source, &peak_rps, &fleet, &notes, &latency_ms, &latency_ok,
    &requests_in_flight, &kv_cache_bytes, &memory_bytes, &cost_per_hour, &cost_per_million, &kwh_per_million,
    &co2e_per_million, &per_instance_rps_range, &fleet_range, &cost_per_million_range, &kwh_per_million_range,
    &co2e_per_million_range, &fleet_hour, &sweep};

// Each of `sweep`: the fleet at one rate, the throughput unchanged.
namespace point {
inline constexpr F rate_per_second = figure("rate_per_second", "requests/s", "the mean request rate").needed();
inline constexpr F fleet = count("fleet", "instances", "the fleet for that rate, spares included").needed();
inline constexpr const F* kAll[] = {&rate_per_second, &fleet};
}  // namespace point
}  // namespace infer

// An LLM served under latency targets (serving.hpp ServingResult).
namespace serve {
inline constexpr F instance = word("instance", "the instance type").needed();
inline constexpr F model = word("model", "the model's id, or a description of the model given").needed();
inline constexpr F architecture = F::object("architecture").needed().says("the model as planned; sent back as `model`, it plans the same");
inline constexpr F tensor_parallel = count("tensor_parallel", "accelerators", "accelerators per replica").needed();
inline constexpr F replicas = count("replicas", "replicas", "replicas per instance").needed();
inline constexpr F concurrency_per_instance = figure("concurrency_per_instance", "sequences", "sequences in flight on one instance").needed();
inline constexpr F concurrency_per_replica = count("concurrency_per_replica", "sequences", "sequences in flight on one replica").needed();
inline constexpr F engine = word("engine", "how the runtime batches requests", engine_words).needed();
inline constexpr F ttft_ms = figure("ttft_ms", "ms", "time to first token").needed();
inline constexpr F tpot_ms = figure("tpot_ms", "ms", "time per output token").needed();
inline constexpr F requests_per_second = figure("requests_per_second", "requests/s", "one instance's requests per second").needed();
inline constexpr F output_tokens_per_second = figure("output_tokens_per_second", "tokens/s", "one instance's output tokens per second").needed();
inline constexpr F memory_bytes = figure("memory_bytes", "bytes", "memory per accelerator: weights and KV cache").needed();
inline constexpr F weights_bytes = figure("weights_bytes", "bytes", "the model's weights").needed();
inline constexpr F kv_bytes_per_token = figure("kv_bytes_per_token", "bytes per token", "KV cache per token").needed();
inline constexpr F peak_rps = figure("peak_rps", "requests/s", "the peak rate the fleet is planned for").needed();
inline constexpr F fleet = count("fleet", "instances", "instances, spares included").needed();
inline constexpr F bandwidth_fraction = share("bandwidth_fraction", "decode's share of peak memory bandwidth").needed();
inline constexpr F bandwidth_fraction_source = word("bandwidth_fraction_source", "where that share came from").needed();
inline constexpr F mfu = share("mfu", "prefill's model FLOPs utilisation").needed();
inline constexpr F mfu_source = word("mfu_source", "where prefill's MFU came from").needed();
inline constexpr F engine_ms_per_iteration = figure("engine_ms_per_iteration", "ms", "predicted: the engine's own time each prefill or decode step takes beyond its kernels, a constant set on the fit third of the accuracy cases");
inline constexpr F tensor_parallel_options = F::objects("tensor_parallel_options", 0, 0).needed().says("each tensor-parallel degree tried");
inline constexpr F sweep = F::objects("sweep", 0, 0).needed().says("the throughput-latency curve of the chosen replica");
inline constexpr F largest_context = figure("largest_context", "tokens", "the longest context the KV cache holds for one sequence");
inline constexpr F ttft_ok = yes_no("ttft_ok", "whether the TTFT meets its target");
inline constexpr F tpot_ok = yes_no("tpot_ok", "whether the TPOT meets its target");
inline constexpr F cost_per_million_input = figure("cost_per_million_input", "USD per million tokens", "cost per million input tokens");
inline constexpr F cost_per_million_output = figure("cost_per_million_output", "USD per million tokens", "cost per million output tokens");
inline constexpr F kwh_per_million_input = figure("kwh_per_million_input", "kWh per million tokens", "energy per million input tokens");
inline constexpr F kwh_per_million_output = figure("kwh_per_million_output", "kWh per million tokens", "energy per million output tokens");
inline constexpr F co2e_per_million_input = figure("co2e_kg_per_million_input", "kg CO2e per million tokens", "emissions per million input tokens");
inline constexpr F co2e_per_million_output = figure("co2e_kg_per_million_output", "kg CO2e per million tokens", "emissions per million output tokens");
inline constexpr F accelerator_watts = figure("accelerator_watts", "W", "one accelerator's power at the plan's load");
inline constexpr F output_tokens_per_second_range = span("range.output_tokens_per_second", "tokens/s", "the throughput's range");
inline constexpr F ttft_ms_range = span("range.ttft_ms", "ms", "the TTFT's range");
inline constexpr F tpot_ms_range = span("range.tpot_ms", "ms", "the TPOT's range");
inline constexpr F accelerator_watts_range = span("range.accelerator_watts", "W", "the power's range");
inline constexpr F fleet_range = span("range.fleet", "instances", "the fleet's range");
inline constexpr F cost_per_million_output_range = span("range.cost_per_million_output", "USD per million tokens", "the cost's range");
inline constexpr const F* kResult[] = {
    &instance, &model, &architecture, &tensor_parallel, &replicas, &concurrency_per_instance, &concurrency_per_replica,
    &engine, &ttft_ms, &tpot_ms, &requests_per_second, &output_tokens_per_second, &memory_bytes, &weights_bytes,
    &kv_bytes_per_token, &peak_rps, &fleet, &bandwidth_fraction, &bandwidth_fraction_source, &mfu, &mfu_source,
    &engine_ms_per_iteration, &tensor_parallel_options, &sweep, &notes, &largest_context, &ttft_ok, &tpot_ok, &cost_per_million_input,
    &cost_per_million_output, &kwh_per_million_input, &kwh_per_million_output, &co2e_per_million_input,
    &co2e_per_million_output, &accelerator_watts, &output_tokens_per_second_range, &ttft_ms_range, &tpot_ms_range,
    &accelerator_watts_range, &fleet_range, &cost_per_million_output_range, &infer::fleet_hour};

// Each of `sweep`: the replica at one concurrency.
namespace point {
inline constexpr F concurrency = count("concurrency", "sequences", "sequences in flight on the replica").needed();
inline constexpr F ttft_ms = figure("ttft_ms", "ms", "time to first token").needed();
inline constexpr F tpot_ms = figure("tpot_ms", "ms", "time per output token").needed();
inline constexpr F output_tokens_per_second = figure("output_tokens_per_second", "tokens/s", "one instance's output tokens per second").needed();
inline constexpr const F* kAll[] = {&concurrency, &ttft_ms, &tpot_ms, &output_tokens_per_second};
}  // namespace point

// Each of `tensor_parallel_options`: its best plan, or why it has none.
namespace option {
inline constexpr F tensor_parallel = count("tensor_parallel", "accelerators", "accelerators per replica").needed();
inline constexpr F replicas = count("replicas", "replicas", "replicas per instance").needed();
inline constexpr F limit = word("limit", "what rules it out: memory, the TTFT or the TPOT");
inline constexpr F error = word("error", "why it has no plan");
inline constexpr F concurrency = count("concurrency", "sequences", "sequences in flight on one replica");
inline constexpr F ttft_ms = figure("ttft_ms", "ms", "time to first token");
inline constexpr F tpot_ms = figure("tpot_ms", "ms", "time per output token");
inline constexpr F requests_per_second = figure("requests_per_second", "requests/s", "one instance's requests per second");
inline constexpr F prefill_share = share("prefill_share", "the share of the replica's time spent in prefill");
inline constexpr F memory_bytes = figure("memory_bytes", "bytes", "memory per accelerator");
inline constexpr const F* kAll[] = {&tensor_parallel, &replicas, &limit, &error, &concurrency, &ttft_ms, &tpot_ms,
                                    &requests_per_second, &prefill_share, &memory_bytes};
}  // namespace option
}  // namespace serve

// Two to eight configurations doing the same work (energy.hpp EnergyRow): each configuration's row.
namespace energy {
inline constexpr F configurations = F::objects("configurations", 0, 0).needed().says("one row per configuration, in the request's order");
inline constexpr F label = word("label", "the configuration's label").needed();
inline constexpr F instance = word("instance", "the instance type").needed();
inline constexpr F instances = figure("instances", "instances", "instances running").needed();
inline constexpr F hours = figure("hours", "h", "hours they run").needed();
inline constexpr F instance_hours = figure("instance_hours", "h", "instance-hours").needed();
inline constexpr F work = word("work", "the job planned for equal work: train or serve");
inline constexpr F energy_saving = F::number("energy_saving_percent", -kAny, 100).in("percent saved").says("energy saved against the first row");
inline constexpr F co2e_saving = F::number("co2e_saving_percent", -kAny, 100).in("percent saved").says("emissions saved against the first row");
inline constexpr F cost_saving = F::number("cost_saving_percent", -kAny, 100).in("percent saved").says("cost saved against the first row");
inline constexpr const F* kRow[] = {&label, &instance, &instances, &hours, &instance_hours, &notes, &work,
                                    &energy_saving, &co2e_saving, &cost_saving};
inline constexpr const F* kResult[] = {&configurations};
}  // namespace energy

// The same job on several instance types (compare.hpp): a row each, and each type's curve.
namespace compare {
inline constexpr F job = word("job", "the job compared: train, infer or serve").needed();
inline constexpr F work = F::object("work").needed().says("the job compared, as a request without an instance: `job` as given, or what `like` came to (energy's `work` takes it)");
inline constexpr F usd_jpy = figure("usd_jpy", "JPY per USD", "the exchange rate for yen figures");
inline constexpr F usd_jpy_source = word("usd_jpy_source", "the rate's source id");
inline constexpr F usd_jpy_as_of = word("usd_jpy_as_of", "the rate's date");
inline constexpr F rows = F::objects("rows", 0, 0).needed().says("one row per instance type, in the request's order");
inline constexpr F sweep = F::objects("sweep", 0, 0).needed().says("each type's figures across counts (train), rates (infer) or concurrency (serve)");
inline constexpr const F* kResult[] = {&job, &work, &usd_jpy, &usd_jpy_source, &usd_jpy_as_of, &rows, &sweep};

// Each of `rows`: the job's plan on one type (its fields by job), or why it cannot run there.
namespace row {
inline constexpr F instance = word("instance", "the instance type").needed();
inline constexpr F pareto = yes_no("pareto", "whether no other row is both faster and cheaper").needed();
inline constexpr F error = word("error", "why the job cannot run on this type");
inline constexpr F instances = count("instances", "instances", "train: instances planned");
inline constexpr F days = figure("days", "days", "train: the job's time");
inline constexpr F fits = yes_no("fits", "train: whether each accelerator holds its share");
inline constexpr F cost_usd = figure("cost_usd", "USD", "train: what the job costs");
inline constexpr F energy_kwh = figure("energy_kwh", "kWh", "train: the job's energy");
inline constexpr F co2e_kg = figure("co2e_kg", "kg CO2e", "train: the job's emissions");
inline constexpr F mfu = share("mfu", "train: model FLOPs utilisation");
inline constexpr F hfu = share("hfu", "train: hardware FLOPs utilisation");
inline constexpr F mfu_source = word("mfu_source", "train: where the throughput came from");
inline constexpr F days_range = span("range.days", "days", "train: the time's range");
inline constexpr F cost_usd_range = span("range.cost_usd", "USD", "train: the cost's range");
inline constexpr F fleet = count("fleet", "instances", "infer, serve: instances, spares included");
inline constexpr F per_instance_rps = figure("per_instance_rps", "requests/s", "infer: one instance's throughput");
inline constexpr F latency_ms = figure("latency_ms", "ms", "infer: one request's latency");
inline constexpr F cost_per_million = figure("cost_per_million", "USD per million requests", "infer: cost per million requests");
inline constexpr F kwh_per_million = figure("kwh_per_million", "kWh per million requests", "infer: energy per million requests");
inline constexpr F tensor_parallel = count("tensor_parallel", "accelerators", "serve: accelerators per replica");
inline constexpr F concurrency_per_instance = figure("concurrency_per_instance", "sequences", "serve: sequences in flight on one instance");
inline constexpr F ttft_ms = figure("ttft_ms", "ms", "serve: time to first token");
inline constexpr F tpot_ms = figure("tpot_ms", "ms", "serve: time per output token");
inline constexpr F output_tokens_per_second = figure("output_tokens_per_second", "tokens/s", "serve: one instance's output tokens per second");
inline constexpr F cost_per_million_input = figure("cost_per_million_input", "USD per million tokens", "serve: cost per million input tokens");
inline constexpr F cost_per_million_output = figure("cost_per_million_output", "USD per million tokens", "serve: cost per million output tokens");
inline constexpr F kwh_per_million_output = figure("kwh_per_million_output", "kWh per million tokens", "serve: energy per million output tokens");
inline constexpr const F* kAll[] = {
    &instance, &pareto, &error, &instances, &days, &fits, &cost_usd, &energy_kwh, &co2e_kg, &mfu, &hfu, &mfu_source,
    &days_range, &cost_usd_range, &fleet, &per_instance_rps, &latency_ms, &cost_per_million, &kwh_per_million,
    &tensor_parallel, &concurrency_per_instance, &ttft_ms, &tpot_ms, &output_tokens_per_second,
    &cost_per_million_input, &cost_per_million_output, &kwh_per_million_output};
}  // namespace row

// Each of `sweep`: one type's curve.
namespace curve {
inline constexpr F instance = word("instance", "the instance type").needed();
inline constexpr F points = F::objects("points", 0, 0).needed().says("the curve's points (their fields by job)");
inline constexpr const F* kAll[] = {&instance, &points};
}  // namespace curve

// Each of a curve's `points`.
namespace point {
inline constexpr F instances = count("instances", "instances", "train: the count");
inline constexpr F days = figure("days", "days", "train: the job's time at that count");
inline constexpr F fits = yes_no("fits", "train: whether it fits at that count");
inline constexpr F cost_usd = figure("cost_usd", "USD", "train: the cost at that count");
inline constexpr F rate_per_second = figure("rate_per_second", "requests/s", "infer: the rate");
inline constexpr F fleet = count("fleet", "instances", "infer: the fleet for that rate");
inline constexpr F concurrency = count("concurrency", "sequences", "serve: sequences in flight on a replica");
inline constexpr F ttft_ms = figure("ttft_ms", "ms", "serve: time to first token");
inline constexpr F tpot_ms = figure("tpot_ms", "ms", "serve: time per output token");
inline constexpr F output_tokens_per_second = figure("output_tokens_per_second", "tokens/s", "serve: one instance's output tokens per second");
inline constexpr const F* kAll[] = {&instances, &days, &fits, &cost_usd, &rate_per_second, &fleet, &concurrency, &ttft_ms,
                                    &tpot_ms, &output_tokens_per_second};
}  // namespace point
}  // namespace compare

// The instance cheat-sheet (instance_sheet.hpp InstanceSheetRow): a row per type.
namespace instances {
inline constexpr F rows = F::objects("rows", 0, 0).needed().says("one row per instance type");
inline constexpr F id = word("id", "the instance type").needed();
inline constexpr F family = word("family", "the instance family").needed();
inline constexpr F accelerator = word("accelerator", "the accelerator's id (data/accelerators.json)").needed();
inline constexpr F accelerator_count = figure("accelerator_count", "accelerators", "accelerators per instance").needed();
inline constexpr F accelerator_memory_gb = figure("accelerator_memory_gb", "GB", "one accelerator's memory").needed();
inline constexpr F peak_tflops = F::table("peak_tflops", precision_words).in("TFLOP/s").needed().says("one accelerator's dense peak by precision");
inline constexpr F vcpu = figure("vcpu", "vCPUs", "virtual CPUs").needed();
inline constexpr F memory_gib = figure("memory_gib", "GiB", "host memory").needed();
inline constexpr F usd_per_pflops_hour = F::table("usd_per_pflops_hour", precision_words).in("USD per PFLOP/s-hour").needed().says("the price of a peak PFLOP/s for an hour, by precision");
inline constexpr F memory_bandwidth_gbs = figure("memory_bandwidth_gbs", "GB/s", "one accelerator's memory bandwidth");
inline constexpr F network_gbps = figure("network_gbps", "Gbit/s", "the instance's network");
inline constexpr F efa = word("efa", "its Elastic Fabric Adapter generation");
inline constexpr F price_usd_per_hour = figure("price_usd_per_hour", "USD/h", "an instance-hour's price");
inline constexpr F price_as_of = word("price_as_of", "the price's date");
inline constexpr F price_region = word("price_region", "the region the price is from");
inline constexpr F price_source = word("price_source", "the price's source id");
inline constexpr F purchase_option = word("purchase_option", "how the hours are bought", purchase_option_words).needed();
inline constexpr F offered = yes_no("offered", "whether the region offers it");
inline constexpr F regions_offered = F::words("regions_offered", 0, 0).needed().says("the regions that offer it");
inline constexpr F power_watts = figure("power_watts", "W", "the instance's power");
inline constexpr F estimated = F::object("estimated").needed().says("which figures are estimates rather than published");
inline constexpr F estimated_peak = F::marks("estimated.peak_tflops", precision_words).says("peaks estimated, by precision");
inline constexpr F estimated_price = F::marks("estimated.usd_per_pflops_hour", precision_words).says("PFLOP/s-hour prices from an estimated peak");
inline constexpr F estimated_power = yes_no("estimated.power_watts", "whether the power is estimated");
inline constexpr const F* kResult[] = {&rows};
inline constexpr const F* kRow[] = {
    &id, &family, &accelerator, &accelerator_count, &accelerator_memory_gb, &peak_tflops, &vcpu, &memory_gib,
    &usd_per_pflops_hour, &memory_bandwidth_gbs, &network_gbps, &efa, &price_usd_per_hour, &price_as_of, &price_region,
    &price_source, &purchase_option, &offered, &regions_offered, &power_watts, &estimated, &estimated_peak,
    &estimated_price, &estimated_power};
}  // namespace instances

// The catalogue the planner reads (catalogue.hpp), as data/README.md describes its files.
namespace catalog {
inline constexpr F sources = F::object("sources").needed().says("every cited source by id (data/sources.json)");
inline constexpr F accelerators = F::objects("accelerators", 0, 0).needed().says("the chips (data/accelerators.json)");
inline constexpr F instances = F::objects("instances", 0, 0).needed().says("the instance types (data/instances.json)");
inline constexpr F regions = F::objects("regions", 0, 0).needed().says("the regions (data/regions.json)");
inline constexpr F benchmarks = F::objects("benchmarks", 0, 0).needed().says("published measurements (data/benchmarks.json)");
inline constexpr F models = F::objects("models", 0, 0).needed().says("the models (data/models.json)");
inline constexpr F prices = F::objects("prices", 0, 0).needed().says("prices by region and purchase option (data/prices.json)");
inline constexpr F exchange_rates = F::objects("exchange_rates", 0, 0).needed().says("exchange rates (data/currency.json)");
inline constexpr F capacity = F::objects("capacity", 0, 0).needed().says("what AWS publishes about getting capacity (data/prices.json)");
inline constexpr F operator_tables = F::objects("operator_tables", 0, 0).needed().says("measured operator tables (data/operators/)");
inline constexpr F collectives = F::objects("collectives", 0, 0).needed().says("measured collectives (data/benchmarks.json)");
inline constexpr F error_bands = F::objects("error_bands", 0, 0).needed().says("the planner's error where it predicts, by plan and family (data/model-error.json)");
inline constexpr const F* kResult[] = {&sources, &accelerators, &instances, &regions, &benchmarks, &models, &prices,
                                       &exchange_rates, &capacity, &operator_tables, &collectives, &error_bands};
}  // namespace catalog

// Where each group sits in a kind's result: "" its top level, "memory" an object, "rows[]" each item.
inline constexpr FieldPart kTrain[] = {
    part("", train::kResult), part("", footprint::kAll), part("memory", train::memory::kAll), part("layout", layout::kAll),
    part("step", step::kAll), part("alternatives[]", train::alternative::kAll),
    part("alternatives[].layout", layout::kSearched), part("alternatives[].step", step::kAll)};
inline constexpr FieldPart kInfer[] = {part("", infer::kResult), part("fleet_hour", footprint::kAll),
                                       part("sweep[]", infer::point::kAll)};
inline constexpr FieldPart kServe[] = {
    part("", serve::kResult), part("architecture", transformer::kAll), part("tensor_parallel_options[]", serve::option::kAll),
    part("sweep[]", serve::point::kAll), part("fleet_hour", footprint::kAll)};
inline constexpr FieldPart kModel[] = {part("", transformer::kAll)};
inline constexpr FieldPart kEnergy[] = {part("", energy::kResult), part("configurations[]", energy::kRow),
                                        part("configurations[]", footprint::kAll)};
inline constexpr FieldPart kCompare[] = {part("", compare::kResult), part("rows[]", compare::row::kAll),
                                         part("sweep[]", compare::curve::kAll), part("sweep[].points[]", compare::point::kAll)};
inline constexpr FieldPart kInstances[] = {part("", instances::kResult), part("rows[]", instances::kRow)};
inline constexpr FieldPart kCatalog[] = {part("", catalog::kResult)};

// What every response carries around its result (api.cpp), and each problem a failure lists
// (error.hpp FieldError; the display adds its message in the request's language).
namespace envelope {
inline constexpr F api = count("api", "", "the API version this response speaks: 1").needed();
inline constexpr F ok = yes_no("ok", "whether the request was planned: the result follows, or the errors").needed();
inline constexpr F kind = word("kind", "on success, the request's kind; the result is under its name");
inline constexpr F errors = F::objects("errors", 1, 0).says("on failure, one per problem");
inline constexpr const F* kAll[] = {&api, &ok, &kind, &errors};
}  // namespace envelope
namespace error {
inline constexpr F field = word("field", "the field's path in the request; \"\" the request as a whole").needed();
inline constexpr F code = word("code", "the message's code (API.md, Errors)", message_codes).needed();
inline constexpr F args = F::words("args", 0, 0).says("the code's arguments: the texts that vary in its message");
inline constexpr F message = word("message", "what is wrong, in the request's lang (said by the display)").needed();
inline constexpr const F* kAll[] = {&field, &code, &args, &message};
}  // namespace error
inline constexpr FieldPart kEnvelope[] = {part("", envelope::kAll), part("errors[]", error::kAll)};

/// Each kind's result: its name, what it holds, and its parts.
struct ResultKind {
    const char* kind;
    const char* doc;
    const FieldPart* parts;
    std::size_t count;

    constexpr const FieldPart* begin() const { return parts; }
    constexpr const FieldPart* end() const { return parts + count; }
};
template <std::size_t N>
constexpr ResultKind result_kind(const char* kind, const char* doc, const FieldPart (&parts)[N]) {
    return {kind, doc, parts, N};
}
inline constexpr ResultKind kKinds[] = {
    result_kind("train", "the job's plan: time, cost, energy, memory, the layout and its step", kTrain),
    result_kind("infer", "the fleet: its size, each instance's throughput, and the fleet's hour", kInfer),
    result_kind("serve", "the replica, the fleet and the latency they reach, each tensor-parallel degree tried and the curve", kServe),
    result_kind("model", "the architecture read from config.json, with its counted parameters", kModel),
    result_kind("energy", "a row per configuration: power, energy, emissions, cost, and what each saves against the first", kEnergy),
    result_kind("compare", "a row per instance type and each type's curve", kCompare),
    result_kind("instances", "the cheat-sheet's rows", kInstances),
    result_kind("catalog", "the catalogue as the planner reads it", kCatalog)};

}  // namespace planner::results
