// Every request field, declared once (schema.hpp says what a declaration holds). The readers check
// what these say; the CLI flags, the calculator forms, API.md's field tables and the JSON Schema
// are made from them. A new field is one line here and one where its reader stores it.
#pragma once

#include "planner/model_limits.hpp"
#include "planner/schema.hpp"

namespace planner {

/// The words of the text fields below.
const std::set<std::string>& precision_words();
const std::set<std::string>& weight_format_words();
const std::set<std::string>& kv_format_words();
const std::set<std::string>& engine_words();
const std::set<std::string>& purchase_option_words();
const std::set<std::string>& rate_unit_words();

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
inline constexpr F rate_per = F::text("rate.per", rate_unit_words).needed().says("the rate's time unit");
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
inline constexpr F ttft_ms = F::number("ttft_ms", 0, 1e8, true).in("ms").says("time-to-first-token target").or_else("none").flag("ttft-ms").input("ttft", "in_ttft_ms");
inline constexpr F tpot_ms = F::number("tpot_ms", 0, 1e8, true).in("ms").says("time-per-output-token target").or_else("none").flag("tpot-ms").input("tpot", "in_tpot_ms");
inline constexpr F weights = F::text("weights", weight_format_words).says("the precision the weights are stored in").or_else("bf16").flag("weights");
inline constexpr F kv_cache = F::text("kv_cache", kv_format_words).says("the precision of the KV cache").or_else("bf16").flag("kv-cache");
inline constexpr F compute = F::text("compute", precision_words).says("the dense peak prefill and decode run at").or_else("bf16").flag("compute");
inline constexpr F tensor_parallel = F::integer("tensor_parallel", 1, 1024).in("accelerators").says("accelerators per replica, dividing the instance's").or_else("the cheapest").flag("tensor-parallel").input("tp", "in_tensor_parallel").hint("auto", "serve.tensor_parallel");
inline constexpr F concurrency = F::integer("concurrency", 1, 1 << 20).in("sequences").says("sequences each replica runs at once, planned as given (a measurement's batch)").or_else("the most that meets the targets").flag("concurrency").input("concurrency", "in_serve_concurrency").hint("auto", "serve.concurrency_per_replica");
inline constexpr F bandwidth_fraction = F::number("bandwidth_fraction", 0.001, 1).in("0-1").says("decode's share of peak memory bandwidth").or_else("predicted, the chip's figure, or 0.7").flag("bandwidth-fraction").input("bandwidth", "in_bandwidth_fraction").hint("default_placeholder", "serve.bandwidth_fraction");
inline constexpr F mfu = F::number("mfu", 0.001, 1).in("0-1").says("prefill's model FLOPs utilisation").or_else("predicted, or 0.5").flag("mfu").input("prefill_mfu", "in_prefill_mfu").hint("default_placeholder", "serve.mfu");
inline constexpr F engine = F::text("engine", engine_words).says("how the runtime batches requests").or_else("continuous").flag("engine");
inline constexpr const F* kJob[] = {
    &job::instance, &served_model::id, &served_model::config, &served_model::parameters, &served_model::active_parameters,
    &served_model::layers, &served_model::hidden, &served_model::heads, &served_model::kv_heads, &served_model::head_dim,
    &served_model::experts, &served_model::experts_per_token, &served_model::kv_lora_rank, &served_model::qk_rope_head_dim,
    &served_model::sliding_window, &served_model::sliding_window_layers, &served_model::context,
    &served_model::vocabulary, &served_model::ffn_hidden, &served_model::expert_ffn_hidden,
    &prompt_tokens, &output_tokens, &ttft_ms, &tpot_ms, &fleet::rate, &fleet::rate_value, &fleet::rate_per, &weights, &kv_cache,
    &compute, &tensor_parallel, &concurrency, &bandwidth_fraction, &mfu, &fleet::peak_factor,
    &fleet::target_utilisation, &fleet::redundancy, &job::headroom, &engine};
}  // namespace serve

// A fleet for a request rate, from one per-instance throughput (inference.hpp): exactly one of
// throughput_rps, benchmark, compute or llm.
namespace infer {
inline constexpr F latency_target_ms = F::number("latency_target_ms", 0, 1e7, true).in("ms").says("a latency target to check").or_else("none").flag("latency-target-ms");
inline constexpr F throughput_rps = F::number("throughput_rps", 0, 1e7, true).in("requests/s").says("a measured throughput per instance").flag("throughput-rps");
inline constexpr F benchmark = F::text("benchmark").says("a benchmark id of data/benchmarks.json measured on this instance").flag("benchmark");
inline constexpr F compute = F::object("compute").says("the throughput from the FLOPs of one request");
inline constexpr F compute_flops = F::number("compute.flops_per_request", 0, 1e21, true).in("FLOPs").says("the FLOPs of one request (or parameters and tokens)");
inline constexpr F compute_parameters = F::number("compute.parameters", 0, 1e15, true).in("parameters").says("the model's parameters: 2 · parameters · tokens FLOPs");
inline constexpr F compute_tokens = F::number("compute.tokens", 0, 1e9, true).in("tokens").says("tokens per request, with parameters");
inline constexpr F compute_mfu = F::number("compute.mfu", 0.001, 1).needed().in("0-1").says("model FLOPs utilisation");
inline constexpr F compute_precision = F::text("compute.precision", precision_words).says("the dense peak it runs at").or_else("bf16");
inline constexpr F llm = F::object("llm").says("the throughput from serve's decode model, one replica over the instance");
inline constexpr F llm_parameters = F::number("llm.parameters", 0, 1e15, true).needed().in("parameters").says("the model's parameters");
inline constexpr F llm_layers = F::integer("llm.layers", 1, 10000).needed().says("transformer layers");
inline constexpr F llm_kv_heads = F::integer("llm.kv_heads", 1, 10000).needed().says("key/value heads");
inline constexpr F llm_head_dim = F::integer("llm.head_dim", 1, 100000).needed().says("width of one head");
inline constexpr F llm_prompt_tokens = F::number("llm.prompt_tokens", 0, 1e7).needed().in("tokens").says("tokens in each prompt");
inline constexpr F llm_output_tokens = F::number("llm.output_tokens", 1, 1e7).needed().in("tokens").says("tokens generated per request");
inline constexpr F llm_batch = F::integer("llm.batch", 1, 100000).in("sequences").says("sequences decoded together").or_else("1");
inline constexpr F llm_bytes_per_parameter = F::number("llm.bytes_per_parameter", 0, 8, true).in("bytes").says("bytes per weight").or_else("2");
inline constexpr F llm_kv_bytes = F::number("llm.kv_bytes_per_element", 0, 8, true).in("bytes").says("bytes per KV-cache element").or_else("2");
inline constexpr F llm_bandwidth_fraction = F::number("llm.bandwidth_fraction", 0.001, 1).needed().in("0-1").says("decode's share of peak memory bandwidth");
inline constexpr F llm_mfu = F::number("llm.mfu", 0.001, 1).needed().in("0-1").says("prefill's model FLOPs utilisation");
inline constexpr F llm_precision = F::text("llm.precision", precision_words).says("the precision of weights, KV cache and peak").or_else("bf16");
inline constexpr const F* kJob[] = {
    &job::instance, &fleet::rate, &fleet::rate_value, &fleet::rate_per, &fleet::peak_factor, &fleet::target_utilisation,
    &fleet::redundancy, &latency_target_ms, &job::headroom, &throughput_rps, &benchmark, &compute, &compute_flops,
    &compute_parameters, &compute_tokens, &compute_mfu, &compute_precision, &llm, &llm_parameters, &llm_layers,
    &llm_kv_heads, &llm_head_dim, &llm_prompt_tokens, &llm_output_tokens, &llm_batch, &llm_bytes_per_parameter,
    &llm_kv_bytes, &llm_bandwidth_fraction, &llm_mfu, &llm_precision};
}  // namespace infer

// Energy, CO2e and cost of two to eight configurations (energy.hpp).
namespace energy {
inline constexpr F configurations = F::objects("configurations", 2, 8).needed().says("the configurations compared, the first the baseline");
inline constexpr F work = F::object("work").says("a train or serve request without its instance, planned on each configuration").or_else("none: each gives instances and hours");
inline constexpr F label = F::text("label").says("the configuration's name").or_else("its instance");
inline constexpr F instances = F::number("instances", 0, 100000, true).says("instances running (required without work)");
inline constexpr F hours = F::number("hours", 0, 1e6, true).in("h").says("hours they run (required without work)");
inline constexpr const F* kJob[] = {&configurations, &work};
inline constexpr const F* kConfiguration[] = {&label, &job::instance, &instances, &hours};
}  // namespace energy

// One job on many instance types (compare.hpp).
namespace compare {
inline constexpr F job = F::object("job").needed().says("a train, infer or serve request without its instance, run on each type");
inline constexpr F instances = F::words("instances", 1, 256).says("the instance types compared").or_else("every type of the catalogue");
inline constexpr F counts = F::numbers("counts", 1, 64, 1, 100000).says("the instance counts a training sweep plans").or_else("1, 2, 4 … 4096");
inline constexpr const F* kJob[] = {&job, &instances, &counts};
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
