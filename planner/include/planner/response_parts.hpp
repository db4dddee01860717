// The pieces several kinds' responses share, declared once (response_fields.hpp gathers them into
// each kind): the helpers that make a response field, a plan's footprint (where its hours are bought
// and what they cost and emit), the model it ran, a training layout and its step.
#pragma once

#include "planner/request_fields.hpp"
#include "planner/schema.hpp"

namespace planner::results {

using F = Field;

constexpr double kAny = 1e300;
/// A figure of zero or more, in `unit`.
constexpr F figure(const char* p, const char* unit, const char* doc) { return F::number(p, 0, kAny).in(unit).says(doc); }
/// A whole count of zero or more.
constexpr F count(const char* p, const char* unit, const char* doc) { return F::integer(p, 0, kAny).in(unit).says(doc); }
/// A share from 0 to 1 (shown in percent).
constexpr F share(const char* p, const char* doc) { return F::number(p, 0, 1).in("0-1").says(doc); }
constexpr F word(const char* p, const char* doc, Words w = nullptr) { return F::text(p, w).says(doc); }
constexpr F yes_no(const char* p, const char* doc) { return F::boolean(p).says(doc); }
constexpr F span(const char* p, const char* unit, const char* doc) { return F::range(p).in(unit).says(doc); }
inline constexpr F notes = F::words("notes", 0, 0).needed().says("what the plan assumed and why, one sentence each");

// Where a plan's hours are bought and what they cost and emit (footprint.hpp): a training result,
// an energy configuration, a fleet's hour.
namespace footprint {
inline constexpr F cost_usd = figure("cost_usd", "USD", "what the hours cost");
inline constexpr F price_usd_per_hour = figure("price_usd_per_hour", "USD/h", "an instance-hour's price");
inline constexpr F price_as_of = word("price_as_of", "the price's date");
inline constexpr F price_source = word("price_source", "the price's source id (data/sources.json)");
inline constexpr F purchase_option = word("purchase_option", "how the hours are bought", purchase_option_words).needed();
inline constexpr F usd_jpy = figure("usd_jpy", "JPY per USD", "the exchange rate for yen figures");
inline constexpr F usd_jpy_source = word("usd_jpy_source", "the rate's source id");
inline constexpr F usd_jpy_as_of = word("usd_jpy_as_of", "the rate's date");
inline constexpr F power_watts = figure("power_watts", "W", "an instance's power at the plan's load");
inline constexpr F energy_kwh = figure("energy_kwh", "kWh", "energy at the facility, PUE included");
inline constexpr F co2e_kg = figure("co2e_kg", "kg CO2e", "emissions at the region's grid factor");
inline constexpr F pue = figure("pue", "", "the data centre's power usage effectiveness");
inline constexpr F carbon_intensity = figure("carbon_intensity", "kg CO2e/kWh", "the region's grid factor (location-based)");
inline constexpr F carbon_intensity_source = word("carbon_intensity_source", "the grid factor's source id");
inline constexpr F carbon_intensity_as_of = word("carbon_intensity_as_of", "the grid factor's date");
inline constexpr F carbon_intensity_market = figure("carbon_intensity_market", "kg CO2e/kWh", "the region's market-based grid factor");
inline constexpr F region = word("region", "the AWS region").needed();
inline constexpr F power_watts_range = span("range.power_watts", "W", "the power's range");
inline constexpr F energy_kwh_range = span("range.energy_kwh", "kWh", "the energy's range");
inline constexpr F co2e_kg_range = span("range.co2e_kg", "kg CO2e", "the emissions' range");
inline constexpr const F* kAll[] = {&cost_usd, &price_usd_per_hour, &price_as_of, &price_source, &purchase_option, &usd_jpy,
                                    &usd_jpy_source, &usd_jpy_as_of, &power_watts, &energy_kwh, &co2e_kg, &pue,
                                    &carbon_intensity, &carbon_intensity_source, &carbon_intensity_as_of,
                                    &carbon_intensity_market, &region, &power_watts_range, &energy_kwh_range, &co2e_kg_range};
}  // namespace footprint

// The model a plan ran (transformer.hpp): the model kind's answer and serve's architecture.
namespace transformer {
inline constexpr F parameters = figure("parameters", "parameters", "all parameters").needed();
inline constexpr F active_parameters = figure("active_parameters", "parameters", "parameters each token runs through").needed();
inline constexpr F layers = count("layers", "", "transformer layers").needed();
inline constexpr F hidden = count("hidden", "", "hidden size").needed();
inline constexpr F heads = count("heads", "", "attention heads").needed();
inline constexpr F kv_heads = count("kv_heads", "", "key/value heads").needed();
inline constexpr F head_dim = count("head_dim", "", "width of one head").needed();
inline constexpr F experts = count("experts", "", "routed experts");
inline constexpr F experts_per_token = count("experts_per_token", "", "experts each token is routed to");
inline constexpr F kv_lora_rank = count("kv_lora_rank", "", "latent attention's KV rank");
inline constexpr F qk_rope_head_dim = count("qk_rope_head_dim", "", "latent attention's rotary width");
inline constexpr F sliding_window = count("sliding_window", "tokens", "the attention window of the windowed layers");
inline constexpr F sliding_window_layers = count("sliding_window_layers", "", "layers with the window");
inline constexpr F context = figure("context", "tokens", "the longest prompt and output the model takes");
inline constexpr F vocabulary = count("vocabulary", "", "vocabulary size");
inline constexpr F ffn_hidden = count("ffn_hidden", "", "feed-forward width");
inline constexpr F expert_ffn_hidden = count("expert_ffn_hidden", "", "one expert's feed-forward width");
inline constexpr const F* kAll[] = {&parameters, &active_parameters, &layers, &hidden, &heads, &kv_heads, &head_dim, &experts,
                                    &experts_per_token, &kv_lora_rank, &qk_rope_head_dim, &sliding_window,
                                    &sliding_window_layers, &context, &vocabulary, &ffn_hidden, &expert_ffn_hidden};
}  // namespace transformer

// A training layout's degrees (memory.hpp Layout).
namespace layout {
inline constexpr F tensor = count("tensor", "accelerators", "tensor-parallel degree").needed();
inline constexpr F pipeline = count("pipeline", "stages", "pipeline-parallel degree").needed();
inline constexpr F data = count("data", "replicas", "data-parallel degree").needed();
inline constexpr F zero = count("zero", "", "ZeRO stage (0 to 3)").needed();
inline constexpr F micro_batch = count("micro_batch", "sequences", "sequences per micro-batch").needed();
inline constexpr F expert = count("expert", "accelerators", "expert-parallel degree, when above 1");
inline constexpr F context = count("context", "accelerators", "context-parallel degree, when above 1");
inline constexpr F interleave = count("interleave", "", "virtual pipeline stages per accelerator, when above 1");
inline constexpr const F* kAll[] = {&tensor, &pipeline, &data, &zero, &micro_batch, &expert, &context, &interleave};
// What the layout search varies: an interleave only comes with a layout given.
inline constexpr const F* kSearched[] = {&tensor, &pipeline, &data, &zero, &micro_batch, &expert, &context};
}  // namespace layout

// One training step priced term by term (step_time.hpp StepTime).
namespace step {
inline constexpr F micro_batches = count("micro_batches", "", "micro-batches per replica and step").needed();
inline constexpr F global_batch = count("global_batch", "sequences", "sequences per step").needed();
inline constexpr F tokens = figure("tokens", "tokens", "tokens per step").needed();
inline constexpr F compute = figure("compute_seconds", "s", "the matrix products and memory-bound work").needed();
inline constexpr F memory = figure("memory_seconds", "s", "of which memory-bound work").needed();
inline constexpr F optimizer = figure("optimizer_seconds", "s", "of which the optimizer's update").needed();
inline constexpr F stages = figure("stages_seconds", "s", "the wait for the slowest pipeline stage").needed();
inline constexpr F bubble = figure("bubble_seconds", "s", "the pipeline bubble").needed();
inline constexpr F tensor = figure("tensor_seconds", "s", "tensor-parallel traffic").needed();
inline constexpr F tensor_exposed = figure("tensor_exposed_seconds", "s", "of which not under compute").needed();
inline constexpr F pipeline = figure("pipeline_seconds", "s", "pipeline sends").needed();
inline constexpr F pipeline_exposed = figure("pipeline_exposed_seconds", "s", "of which not under compute").needed();
inline constexpr F expert = figure("expert_seconds", "s", "the experts' all-to-alls").needed();
inline constexpr F expert_exposed = figure("expert_exposed_seconds", "s", "of which not under compute").needed();
inline constexpr F context = figure("context_seconds", "s", "context-parallel traffic").needed();
inline constexpr F context_exposed = figure("context_exposed_seconds", "s", "of which not under compute").needed();
inline constexpr F data = figure("data_seconds", "s", "data-parallel traffic").needed();
inline constexpr F data_exposed = figure("data_exposed_seconds", "s", "of which not under compute").needed();
inline constexpr F overlap = share("overlap", "the share of data-parallel traffic under compute").needed();
inline constexpr F step_seconds = figure("step_seconds", "s", "the step").needed();
inline constexpr F efficiency = share("efficiency", "compute over the step").needed();
inline constexpr F data_over_network = yes_no("data_over_network", "whether data-parallel traffic leaves the instance").needed();
inline constexpr F pipeline_over_network = yes_no("pipeline_over_network", "whether pipeline sends leave the instance").needed();
inline constexpr F expert_over_network = yes_no("expert_over_network", "whether the all-to-alls leave the instance").needed();
inline constexpr F context_over_network = yes_no("context_over_network", "whether context-parallel traffic leaves the instance").needed();
inline constexpr const F* kAll[] = {&micro_batches, &global_batch, &tokens, &compute, &memory, &optimizer, &stages, &bubble,
                                    &tensor, &tensor_exposed, &pipeline, &pipeline_exposed, &expert, &expert_exposed,
                                    &context, &context_exposed, &data, &data_exposed, &overlap, &step_seconds,
                                    &efficiency, &data_over_network, &pipeline_over_network, &expert_over_network,
                                    &context_over_network};
}  // namespace step
}  // namespace planner::results
