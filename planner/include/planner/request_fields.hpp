// Every request field, declared once (schema.hpp says what a declaration holds). The readers check
// what these say; the CLI flags, the calculator forms, API.md's field tables and the JSON Schema
// are made from them. A new field is one line here and one where its reader stores it.
#pragma once

#include "planner/model_limits.hpp"
#include "planner/schema.hpp"

namespace planner {

/// The words of the text fields below, in the order a calculator offers them.
const std::vector<std::string>& precision_words();
/// The precisions a training form offers: precision_words without int8, an inference format.
const std::vector<std::string>& training_precision_words();
const std::vector<std::string>& weight_format_words();
const std::vector<std::string>& kv_format_words();
const std::vector<std::string>& engine_words();
const std::vector<std::string>& purchase_option_words();
const std::vector<std::string>& rate_unit_words();
const std::vector<std::string>& recompute_words();
const std::vector<std::string>& fine_tuning_words();
const std::vector<std::string>& lora_module_words();
const std::vector<std::string>& expert_dispatch_words();
const std::vector<std::string>& pipeline_split_words();
const std::vector<std::string>& chinchilla_words();
const std::vector<std::string>& overlap_words();

namespace fields {

using F = Field;
namespace limit = model_limits;

// Where a plan runs and what its hours cost and emit (footprint.hpp): every kind with an instance.
namespace footprint {
inline constexpr F region = F::text("region").says("AWS region: prices, carbon intensity and PUE").or_else("us-east-1").flag("region");
inline constexpr F purchase_option = F::text("purchase_option", purchase_option_words).says("how the hours are bought").or_else("on_demand").flag("purchase-option");
inline constexpr F price_usd_per_hour = F::number("price_usd_per_hour", 0, 10000).in("USD/h").says("an instance-hour's price, overriding the catalogue's").flag("price");
inline constexpr F usd_jpy = F::number("usd_jpy", 0, 1000, true).in("JPY per USD").says("the exchange rate for yen figures, overriding the catalogue's").flag("usd-jpy");
inline constexpr F power_watts = F::number("power_watts", 0, 1e6, true).in("W").says("an instance's power, overriding the catalogue's estimate").flag("power");
inline constexpr F pue = F::number("pue", 1, 3).says("data-centre power usage effectiveness, overriding the region's").flag("pue");
inline constexpr F grid_kg_per_kwh = F::number("grid_kg_per_kwh", 0, 2).in("kg CO2e/kWh").says("your own grid factor (a PPA, say), overriding the region's").flag("grid-kg-per-kwh");
inline constexpr const F* kAll[] = {&region, &purchase_option, &price_usd_per_hour, &usd_jpy, &power_watts, &pue, &grid_kg_per_kwh};
// What a request of several configurations shares (energy): not a price or a power, which are each one's.
inline constexpr const F* kShared[] = {&region, &purchase_option, &usd_jpy, &pue, &grid_kg_per_kwh};
}  // namespace footprint

// What several kinds ask alike.
namespace job {
inline constexpr F instance = F::text("instance").needed().says("the instance type, e.g. p5.48xlarge").flag("instance");
inline constexpr F headroom = F::number("headroom", 0, 0.9).in("0-1").says("share of accelerator memory kept free").or_else("0.1").flag("headroom");
}  // namespace job

// The traffic a fleet serves (inference.hpp FleetDemand): infer and serve.
namespace fleet {
inline constexpr F rate = F::object("rate").needed().says("requests arriving: value per unit");
inline constexpr F rate_value = F::number("rate.value", 0, 1e9, true).needed().in("requests").says("requests arriving, per rate.per").input("rate", "in_rate");
inline constexpr F rate_per = F::text("rate.per", rate_unit_words).needed().says("the rate's time unit").input("per", "in_per");
inline constexpr F peak_factor = F::number("peak_factor", 1, 100).says("peak traffic over the average").or_else("1").flag("peak-factor").input("peak_factor", "in_peak_factor").hint("1");
inline constexpr F target_utilisation = F::number("target_utilisation", 0.001, 1).in("0-1").says("the planned share of each instance's throughput").or_else("0.7").flag("utilisation").input("utilisation", "in_utilisation").hint("70");
inline constexpr F redundancy = F::integer("redundancy", 0, 10000).in("instances").says("spare instances (N + k)").or_else("0").flag("redundancy").input("redundancy", "in_redundancy").hint("0");
}  // namespace fleet

// A served model given field by field (transformer.hpp), or beside a config.json to override it.
namespace served_model {
inline constexpr F id = F::text("model").needed().says("a model id of data/models.json, or the architecture field by field").flag("model");
inline constexpr F config = F::object("model.config").says("a Hugging Face config.json as published; fields beside it override it");
inline constexpr F parameters = F::number("model.parameters", 0, limit::kParameters, true).in("parameters").says("all parameters (required without config)").flag("parameters").input("m_parameters", "in_parameters");
inline constexpr F active_parameters = F::number("model.active_parameters", 0, limit::kParameters, true).in("parameters").says("parameters each token runs through").or_else("the parameters").flag("active-parameters").input("m_active", "in_active_parameters");
inline constexpr F layers = F::integer("model.layers", 1, limit::kLayers).says("transformer layers (required without config)").flag("layers").input("m_layers", "in_layers");
inline constexpr F hidden = F::integer("model.hidden", 1, limit::kHidden).says("hidden size (required without config)").flag("hidden").input("m_hidden", "in_hidden");
inline constexpr F heads = F::integer("model.heads", 1, limit::kHeads).says("attention heads (required without config)").flag("heads").input("m_heads", "in_heads");
inline constexpr F kv_heads = F::integer("model.kv_heads", 1, limit::kHeads).says("key/value heads, dividing the heads (required without config)").flag("kv-heads").input("m_kv_heads", "in_kv_heads");
inline constexpr F head_dim = F::integer("model.head_dim", 1, limit::kHeadDim).says("width of one head (required without config)").flag("head-dim").input("m_head_dim", "in_head_dim");
inline constexpr F experts = F::integer("model.experts", 1, limit::kExperts).says("routed experts, with experts_per_token (a mixture of experts)").flag("experts").input("m_experts", "in_experts");
inline constexpr F experts_per_token = F::integer("model.experts_per_token", 1, limit::kExperts).says("experts each token is routed to, with experts").flag("experts-per-token").input("m_experts_per_token", "in_experts_per_token");
inline constexpr F kv_lora_rank = F::integer("model.kv_lora_rank", 1, limit::kHidden).says("latent attention's KV rank, with qk_rope_head_dim").flag("kv-lora-rank").input("m_kv_lora_rank", "in_kv_lora_rank");
inline constexpr F qk_rope_head_dim = F::integer("model.qk_rope_head_dim", 1, limit::kHeadDim).says("latent attention's rotary width, with kv_lora_rank").flag("qk-rope-head-dim").input("m_qk_rope", "in_qk_rope_head_dim");
inline constexpr F sliding_window = F::integer("model.sliding_window", 1, 1e9).in("tokens").says("the attention window of the windowed layers").flag("sliding-window");
inline constexpr F sliding_window_layers = F::integer("model.sliding_window_layers", 0, limit::kLayers).says("layers with the window, with sliding_window").or_else("all").flag("sliding-window-layers");
inline constexpr F context = F::whole("model.context", 1, 1e9).in("tokens").says("the longest prompt and output the model takes").flag("context").input("m_context", "in_context");
inline constexpr F vocabulary = F::integer("model.vocabulary", 1, limit::kWidth).says("vocabulary size").or_else("from the parameters").flag("vocabulary").input("m_vocabulary", "in_vocabulary");
inline constexpr F ffn_hidden = F::integer("model.ffn_hidden", 1, limit::kWidth).says("feed-forward width").or_else("from the parameters").flag("ffn-hidden").input("m_ffn_hidden", "in_ffn_hidden");
inline constexpr F expert_ffn_hidden = F::integer("model.expert_ffn_hidden", 1, limit::kWidth).says("one expert's feed-forward width, with experts").or_else("from the parameters").flag("expert-ffn-hidden").input("m_expert_ffn_hidden", "in_expert_ffn_hidden");
}  // namespace served_model

// An LLM served under latency targets (serving.hpp).
namespace serve {
inline constexpr F prompt_tokens = F::whole("prompt_tokens", 1, 1e8).needed().in("tokens").says("tokens in each prompt").flag("prompt-tokens").input("prompt", "in_prompt_tokens");
inline constexpr F output_tokens = F::whole("output_tokens", 1, 1e8).needed().in("tokens").says("tokens generated per request").flag("output-tokens").input("output", "in_output_tokens");
inline constexpr F cached_prompt_tokens = F::whole("cached_prompt_tokens", 0, 1e8).in("tokens").says("tokens of each prompt the engine finds in its prefix cache (a shared system prompt, a conversation's history), not prefilled again").or_else("0").flag("cached-prompt-tokens").input("cached_prompt", "in_cached_prompt_tokens").hint("0");
inline constexpr F ttft_ms = F::number("ttft_ms", 0, 1e8, true).in("ms").says("time-to-first-token target").or_else("none").flag("ttft-ms").input("ttft", "in_ttft_ms");
inline constexpr F tpot_ms = F::number("tpot_ms", 0, 1e8, true).in("ms").says("time-per-output-token target").or_else("none").flag("tpot-ms").input("tpot", "in_tpot_ms");
inline constexpr F weights = F::text("weights", weight_format_words).says("the precision the weights are stored in").or_else("bf16").flag("weights").input("weights", "in_weights");
inline constexpr F kv_cache = F::text("kv_cache", kv_format_words).says("the precision of the KV cache").or_else("bf16").flag("kv-cache").input("kv_cache", "in_kv_cache");
inline constexpr F compute = F::text("compute", precision_words).says("the dense peak prefill and decode run at").or_else("bf16").flag("compute").input("compute", "in_compute");
inline constexpr F tensor_parallel = F::integer("tensor_parallel", 1, 1024).in("accelerators").says("accelerators per replica, dividing the instance's").or_else("the cheapest").flag("tensor-parallel").input("tp", "in_tensor_parallel").hint("auto", "serve.tensor_parallel");
inline constexpr F concurrency = F::integer("concurrency", 1, 1 << 20).in("sequences").says("sequences each replica runs at once, planned as given (a measurement's batch)").or_else("the most that meets the targets").flag("concurrency").input("concurrency", "in_serve_concurrency").hint("auto", "serve.concurrency_per_replica");
inline constexpr F max_batch = F::integer("max_batch", 1, 1 << 20).in("sequences").says("the engine's cap on a replica's sequences at once (vLLM max_num_seqs, TensorRT-LLM max_batch_size)").or_else("none").flag("max-batch").input("max_batch", "in_max_batch");
inline constexpr F bandwidth_fraction = F::number("bandwidth_fraction", 0.001, 1).in("0-1").says("decode's share of peak memory bandwidth").or_else("predicted, the chip's figure, or 0.7").flag("bandwidth-fraction").input("bandwidth", "in_bandwidth_fraction").hint("default_placeholder", "serve.bandwidth_fraction");
inline constexpr F mfu = F::number("mfu", 0.001, 1).in("0-1").says("prefill's model FLOPs utilisation").or_else("predicted, or 0.5").flag("mfu").input("prefill_mfu", "in_prefill_mfu").hint("default_placeholder", "serve.mfu");
inline constexpr F engine = F::text("engine", engine_words).says("how the runtime batches requests").or_else("continuous").flag("engine").input("engine", "in_engine");
inline constexpr const F* kJob[] = {
    &job::instance, &served_model::id, &served_model::config, &served_model::parameters, &served_model::active_parameters,
    &served_model::layers, &served_model::hidden, &served_model::heads, &served_model::kv_heads, &served_model::head_dim,
    &served_model::experts, &served_model::experts_per_token, &served_model::kv_lora_rank, &served_model::qk_rope_head_dim,
    &served_model::sliding_window, &served_model::sliding_window_layers, &served_model::context,
    &served_model::vocabulary, &served_model::ffn_hidden, &served_model::expert_ffn_hidden,
    &prompt_tokens, &cached_prompt_tokens, &output_tokens, &ttft_ms, &tpot_ms, &fleet::rate, &fleet::rate_value, &fleet::rate_per, &weights, &kv_cache,
    &compute, &tensor_parallel, &concurrency, &max_batch, &bandwidth_fraction, &mfu, &fleet::peak_factor,
    &fleet::target_utilisation, &fleet::redundancy, &job::headroom, &engine};
}  // namespace serve

// A fleet for a request rate, from one per-instance throughput (inference.hpp): exactly one of
// throughput_rps, benchmark, compute or llm.
namespace infer {
inline constexpr F latency_target_ms = F::number("latency_target_ms", 0, 1e7, true).in("ms").says("a latency target to check").or_else("none").flag("latency-target-ms").input("latency_ms", "in_latency");
inline constexpr F throughput_rps = F::number("throughput_rps", 0, 1e7, true).in("requests/s").says("a measured throughput per instance").flag("throughput-rps").input("rps", "in_rps");
inline constexpr F benchmark = F::text("benchmark").says("a benchmark id of data/benchmarks.json measured on this instance").flag("benchmark");
inline constexpr F compute = F::object("compute").says("the throughput from the FLOPs of one request");
inline constexpr F compute_flops = F::number("compute.flops_per_request", 0, 1e21, true).in("FLOPs").says("the FLOPs of one request (or parameters and tokens)");
inline constexpr F compute_parameters = F::number("compute.parameters", 0, 1e15, true).in("parameters").says("the model's parameters: 2 · parameters · tokens FLOPs").input("c_parameters", "in_parameters");
inline constexpr F compute_tokens = F::number("compute.tokens", 0, 1e9, true).in("tokens").says("tokens per request, with parameters").input("c_tokens", "in_tokens_per_request");
inline constexpr F compute_mfu = F::number("compute.mfu", 0.001, 1).needed().in("0-1").says("model FLOPs utilisation").input("c_mfu", "in_mfu");
inline constexpr F compute_precision = F::text("compute.precision", precision_words).says("the dense peak it runs at").or_else("bf16").input("c_precision", "in_precision");
inline constexpr F llm = F::object("llm").says("the throughput from serve's decode model, one replica over the instance");
inline constexpr F llm_model = F::text("llm.model").says("a model id of data/models.json, in place of parameters, layers, kv_heads and head_dim: its widths let the chip's operator table price it");
inline constexpr F llm_parameters = F::number("llm.parameters", 0, 1e15, true).in("parameters").says("the model's parameters (required without model)").input("l_parameters", "in_parameters");
inline constexpr F llm_layers = F::integer("llm.layers", 1, 10000).says("transformer layers (required without model)").input("l_layers", "in_layers");
inline constexpr F llm_kv_heads = F::integer("llm.kv_heads", 1, 10000).says("key/value heads (required without model)").input("l_kv_heads", "in_kv_heads");
inline constexpr F llm_head_dim = F::integer("llm.head_dim", 1, 100000).says("width of one head (required without model)").input("l_head_dim", "in_head_dim");
inline constexpr F llm_prompt_tokens = F::number("llm.prompt_tokens", 0, 1e7).needed().in("tokens").says("tokens in each prompt").input("l_prompt", "in_prompt_tokens");
inline constexpr F llm_cached_prompt_tokens = F::number("llm.cached_prompt_tokens", 0, 1e7).in("tokens").says("tokens of each prompt the engine finds in its prefix cache, not prefilled again").or_else("0").input("l_cached_prompt", "in_cached_prompt_tokens").hint("0");
inline constexpr F llm_output_tokens = F::number("llm.output_tokens", 1, 1e7).needed().in("tokens").says("tokens generated per request").input("l_output", "in_output_tokens");
inline constexpr F llm_batch = F::integer("llm.batch", 1, 100000).in("sequences").says("sequences decoded together").or_else("1").input("l_batch", "in_batch");
inline constexpr F llm_bytes_per_parameter = F::number("llm.bytes_per_parameter", 0, 8, true).in("bytes").says("bytes per weight").or_else("2");
inline constexpr F llm_kv_bytes = F::number("llm.kv_bytes_per_element", 0, 8, true).in("bytes").says("bytes per KV-cache element").or_else("2");
inline constexpr F llm_bandwidth_fraction = F::number("llm.bandwidth_fraction", 0.001, 1).in("0-1").says("decode's share of peak memory bandwidth, your own").or_else("predicted, the chip's figure, or 0.7").input("l_bandwidth", "in_bandwidth_fraction").hint("default_placeholder");
inline constexpr F llm_mfu = F::number("llm.mfu", 0.001, 1).in("0-1").says("prefill's model FLOPs utilisation, your own").or_else("predicted, or 0.5").input("l_mfu", "in_prefill_mfu").hint("default_placeholder");
inline constexpr F llm_precision = F::text("llm.precision", precision_words).says("the precision of weights, KV cache and peak").or_else("bf16").input("l_precision", "in_precision");
inline constexpr const F* kJob[] = {
    &job::instance, &fleet::rate, &fleet::rate_value, &fleet::rate_per, &fleet::peak_factor, &fleet::target_utilisation,
    &fleet::redundancy, &latency_target_ms, &job::headroom, &throughput_rps, &benchmark, &compute, &compute_flops,
    &compute_parameters, &compute_tokens, &compute_mfu, &compute_precision, &llm, &llm_model, &llm_parameters, &llm_layers,
    &llm_kv_heads, &llm_head_dim, &llm_prompt_tokens, &llm_cached_prompt_tokens, &llm_output_tokens, &llm_batch, &llm_bytes_per_parameter,
    &llm_kv_bytes, &llm_bandwidth_fraction, &llm_mfu, &llm_precision};
}  // namespace infer

// A trained model (training.hpp): a catalogue id, its parameter count, a GPT-style architecture or
// a config.json, exactly one.
namespace trained_model {
inline constexpr F id = F::text("model").needed().says("a model id of data/models.json, or model.parameters, model.architecture or model.config").flag("model");
inline constexpr F parameters = F::number("model.parameters", 0, limit::kParameters, true).in("parameters").says("the parameter count, for a job priced from it alone").flag("parameters");
inline constexpr F active_parameters = F::number("model.active_parameters", 0, limit::kParameters, true).in("parameters").says("parameters each token runs through (a mixture of experts), beside model.parameters").or_else("the parameters");
inline constexpr F experts = F::integer("model.experts", 2, 100000).says("experts, with experts_per_token and active_parameters, beside model.parameters");
inline constexpr F experts_per_token = F::integer("model.experts_per_token", 1, 100000).says("experts each token is routed to, fewer than experts");
inline constexpr F architecture = F::object("model.architecture").says("a GPT-style architecture, its parameters counted from it");
inline constexpr F layers = F::integer("model.architecture.layers", 1, 10000).needed().says("transformer layers").flag("layers");
inline constexpr F hidden = F::integer("model.architecture.hidden", 1, 1000000).needed().says("hidden size").flag("hidden");
inline constexpr F heads = F::integer("model.architecture.heads", 1, 10000).needed().says("attention heads, dividing the hidden size").flag("heads");
inline constexpr F sequence = F::integer("model.architecture.sequence", 1, 10000000).needed().in("tokens").says("sequence length (the CLI's --sequence)");
inline constexpr F vocabulary = F::integer("model.architecture.vocabulary", 1, 10000000).needed().says("vocabulary size").flag("vocabulary");
inline constexpr F config = F::object("model.config").says("a Hugging Face config.json as published");
}  // namespace trained_model

// A training or fine-tuning job (training.hpp).
namespace train {
inline constexpr F sequence = F::integer("sequence", 1, 10000000).in("tokens").says("sequence length, beside a catalogue model or config").or_else("the model's").flag("sequence");
inline constexpr F fine_tuning = F::object("fine_tuning").says("fine-tuning instead of pretraining").or_else("pretraining");
inline constexpr F fine_tuning_method = F::text("fine_tuning.method", fine_tuning_words).needed().says("full, or LoRA adapters (QLoRA: over 4-bit weights)").input("ft", "in_fine_tuning_method").or_blank("pretraining");
inline constexpr F fine_tuning_rank = F::integer("fine_tuning.rank", 1, 65536).says("the adapters' rank, at most the hidden size").or_else("16");
inline constexpr F fine_tuning_modules = F::words("fine_tuning.target_modules", 1, 0, lora_module_words).says("the matrices adapted").or_else("all seven");
inline constexpr F sequence_parallel = F::boolean("sequence_parallel").says("Megatron's sequence parallelism").or_else("true with selective recompute").flag("sequence-parallel").input("sequence_parallel", "in_sequence_parallel");
inline constexpr F flash_attention = F::boolean("flash_attention").says("attention without storing its scores").or_else("true");
inline constexpr F tokens = F::number("tokens", 0, 1e17, true).needed().or_words(chinchilla_words).in("tokens").says("training tokens, or chinchilla (20 per parameter)").flag("tokens");
inline constexpr F recompute = F::text("recompute", recompute_words).says("activation recomputation").or_else("the recipe's, else none").flag("recompute").input("recompute", "in_recompute");
inline constexpr F precision = F::text("precision", precision_words).says("the dense peak it trains at (int8, an inference format, is refused)").or_else("bf16").flag("precision").offers(training_precision_words).input("precision", "in_precision");
inline constexpr F instance_count = F::integer("instance_count", 1, 100000).says("instances (or deadline_days, or budget_usd)").flag("instances").input("instance_count", "in_instance_count");
inline constexpr F deadline_days = F::number("deadline_days", 0, 36500, true).in("days").says("or: the fewest instances that finish in this many days").flag("deadline-days");
inline constexpr F budget_usd = F::number("budget_usd", 0, 1e12, true).in("USD").says("or: the fastest plan within this budget").flag("budget-usd");
inline constexpr F mfu = F::number("mfu", 0.001, 1).in("0-1").says("model FLOPs utilisation (6PD)").or_else("predicted, or the chip's published figure").flag("mfu").input("mfu", "in_job_mfu").hint("default_placeholder");
inline constexpr F hfu = F::number("hfu", 0.001, 1).in("0-1").says("or: hardware FLOPs utilisation (recompute included)").flag("hfu");
inline constexpr F achieved_tflops = F::number("achieved_tflops", 0, 100000, true).in("TFLOP/s").says("or: measured TFLOP/s per accelerator").flag("achieved-tflops");
inline constexpr F matrix_utilisation = F::number("matrix_utilisation", 0.001, 1).in("0-1").says("or: the products' share of the peak, the memory-bound work at the bandwidth").flag("matrix-utilisation");
inline constexpr F scaling_efficiency = F::number("scaling_efficiency", 0.001, 1).in("0-1").says("the share of linear scaling kept at this count").or_else("the step model's compute share").flag("scaling-efficiency");
inline constexpr F layout = F::object("layout").says("a fixed parallel layout (the rest 1, ZeRO 0)").or_else("the fastest that fits");
inline constexpr F tensor = F::integer("layout.tensor", 1, 1024).says("tensor-parallel degree").flag("tensor").input("tp", "in_layout_tensor").hint("auto_placeholder");
inline constexpr F pipeline = F::integer("layout.pipeline", 1, 10000).says("pipeline stages").flag("pipeline").input("pp", "in_layout_pipeline").hint("auto_placeholder");
inline constexpr F zero = F::integer("layout.zero", 0, 3).says("ZeRO stage").flag("zero").input("zero", "in_layout_zero").hint("auto_placeholder");
inline constexpr F layout_micro_batch = F::integer("layout.micro_batch", 1, 100000).says("micro-batch size (or micro_batch)");
inline constexpr F expert = F::integer("layout.expert", 1, 100000).says("expert-parallel degree, dividing the experts").flag("expert").input("ep", "in_layout_expert").hint("auto_placeholder");
inline constexpr F context = F::integer("layout.context", 1, 1024).says("context-parallel degree").flag("context").input("cp", "in_layout_context").hint("auto_placeholder");
inline constexpr F interleave = F::integer("layout.interleave", 1, 1024).says("virtual pipeline stages per rank (interleaved 1F1B)").flag("interleave").input("vpp", "in_layout_interleave").hint("auto_placeholder");
inline constexpr F micro_batch = F::integer("micro_batch", 1, 100000).says("micro-batch size (activation memory, pipeline bubble)").or_else("1").flag("micro-batch").input("micro_batch", "in_micro_batch").hint("auto_placeholder");
inline constexpr F global_batch = F::integer("global_batch", 1, 100000000).in("sequences").says("sequences per step").or_else("about 4M tokens").flag("global-batch").input("global_batch", "in_global_batch").hint("default_placeholder");
inline constexpr F overlap = F::number("overlap", 0, 1).or_words(overlap_words).in("0-1").says("share of data-parallel traffic under compute, or layer (layer by layer)").or_else("0.5").flag("overlap").input("overlap", "in_overlap").hint("default_placeholder");
inline constexpr F tensor_overlap = F::number("tensor_overlap", 0, 1).in("0-1").says("share of the tensor-parallel all-reduces under compute").or_else("0").flag("tensor-overlap").input("tensor_overlap", "in_tensor_overlap").hint("default_placeholder");
inline constexpr F pipeline_overlap = F::number("pipeline_overlap", 0, 1).in("0-1").says("share of the pipeline sends under compute").or_else("0").flag("pipeline-overlap").input("pipeline_overlap", "in_pipeline_overlap").hint("default_placeholder");
inline constexpr F expert_overlap = F::number("expert_overlap", 0, 1).in("0-1").says("share of the expert all-to-alls under compute").or_else("0").flag("expert-overlap").input("expert_overlap", "in_expert_overlap").hint("default_placeholder");
inline constexpr F expert_dispatch = F::text("expert_dispatch", expert_dispatch_words).says("deduplicated: a token once per instance, as DeepEP and HybridEP").or_else("all_to_all").flag("expert-dispatch").input("expert_dispatch", "in_expert_dispatch");
inline constexpr F pipeline_split = F::text("pipeline_split", pipeline_split_words).says("balanced: the embedding and the loss counted as layers").or_else("even").flag("pipeline-split").input("pipeline_split", "in_pipeline_split");
inline constexpr F headroom = F::number("headroom", 0, 0.9).in("0-1").says("share of accelerator memory kept free").or_else("0.2").flag("headroom");
inline constexpr F checkpoint_overhead = F::number("checkpoint_overhead", 0, 1).in("0-1").says("share of time lost to checkpoints and restarts").or_else("none");
inline constexpr const F* kJob[] = {
    &trained_model::id, &trained_model::parameters, &trained_model::active_parameters, &trained_model::experts,
    &trained_model::experts_per_token, &trained_model::architecture, &trained_model::layers, &trained_model::hidden,
    &trained_model::heads, &trained_model::sequence, &trained_model::vocabulary, &trained_model::config, &sequence,
    &tokens, &recompute, &precision, &fine_tuning, &fine_tuning_method, &fine_tuning_rank, &fine_tuning_modules,
    &sequence_parallel, &flash_attention, &job::instance, &instance_count, &deadline_days, &budget_usd, &mfu, &hfu,
    &achieved_tflops, &matrix_utilisation, &scaling_efficiency, &layout, &tensor, &pipeline, &zero, &layout_micro_batch,
    &expert, &context, &interleave, &micro_batch, &global_batch, &overlap, &tensor_overlap, &pipeline_overlap,
    &expert_overlap, &expert_dispatch, &pipeline_split, &headroom, &checkpoint_overhead};
}  // namespace train

// Energy, CO2e and cost of one to eight configurations (energy.hpp).
namespace energy {
inline constexpr F configurations = F::objects("configurations", 1, 8).needed().says("the configurations, the first the baseline the others are compared with");
inline constexpr F work = F::object("work").says("a train or serve request without its instance, planned on each configuration").or_else("none: each gives instances and hours");
inline constexpr F label = F::text("label").says("the configuration's name").or_else("its instance");
inline constexpr F instances = F::number("instances", 0, 100000, true).says("instances running (required without work)");
inline constexpr F hours = F::number("hours", 0, 1e6, true).in("h").says("hours they run (required without work)");
inline constexpr const F* kJob[] = {&configurations, &work};
inline constexpr const F* kConfiguration[] = {&label, &job::instance, &instances, &hours};
}  // namespace energy

// One job on many instance types (compare.hpp).
namespace compare {
inline constexpr F job = F::object("job").says("a train, infer or serve request without its instance, run on each type (or like)");
inline constexpr F like = F::object("like").says("a train, infer or serve request with its instance: the same job on each type, as its calculator compares it (or job)");
inline constexpr F instances = F::words("instances", 1, 256).says("the instance types compared").or_else("every type of the catalogue");
inline constexpr F counts = F::numbers("counts", 1, 64, 1, 100000).says("the instance counts a training sweep plans").or_else("1, 2, 4 … 4096");
inline constexpr const F* kJob[] = {&job, &like, &instances, &counts};
}  // namespace compare

// The instance cheat-sheet's rows (instance_sheet.hpp).
namespace sheet {
inline constexpr F ids = F::words("ids", 0, 64).says("the instance types shown").or_else("every type");
inline constexpr const F* kJob[] = {&ids, &footprint::region, &footprint::purchase_option};
}  // namespace sheet

// A Hugging Face config.json read as serve reads it (model_config.hpp).
namespace model {
inline constexpr F config = F::object("config").needed().says("a Hugging Face config.json as published");
inline constexpr const F* kJob[] = {&config};
}  // namespace model

}  // namespace fields
}  // namespace planner
