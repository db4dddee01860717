// Reading a serving request: the model as a catalogue id, a config.json or field by field, the job,
// the targets and the fleet's demand.
#include "planner/serving.hpp"

#include <algorithm>

#include "planner/messages.hpp"
#include "planner/model_config.hpp"
#include "planner/model_limits.hpp"
#include "planner/request_fields.hpp"
#include "planner/request_reader.hpp"
#include "serving_formats.hpp"

namespace planner {

using nlohmann::json;
using namespace serving_formats;

namespace {

// model.experts, model.experts_per_token and model.expert_ffn_hidden, each given overriding the
// config.json's (when there is one); the first two make a mixture of experts together.
void read_typed_experts(RequestReader& in, Transformer& m) {
    namespace f = fields::served_model;
    const auto count = in.integer(f::experts);
    const auto per_token = in.integer(f::experts_per_token);
    const auto ffn = in.integer(f::expert_ffn_hidden);
    if (!m.experts && bool(count) != bool(per_token)) return in.refuse("model.experts", msg::experts_together);
    if (!m.experts && !count) {
        if (ffn) in.refuse("model.expert_ffn_hidden", msg::expert_ffn_needs_experts);
        return;
    }
    Experts& e = m.experts ? *m.experts : m.experts.emplace();
    if (count) e.count = *count;
    if (per_token) e.per_token = *per_token;
    if (ffn) e.ffn = *ffn;
    if (e.per_token > e.count) in.refuse("model.experts_per_token", msg::exceeds_experts);
}

// model.kv_lora_rank and model.qk_rope_head_dim: multi-head latent attention, given together (or
// beside a config.json that has it).
void read_typed_attention(RequestReader& in, Transformer& m) {
    namespace f = fields::served_model;
    const auto rank = in.integer(f::kv_lora_rank);
    const auto rope = in.integer(f::qk_rope_head_dim);
    if (!m.latent && bool(rank) != bool(rope))
        return in.refuse(rank ? "model.qk_rope_head_dim" : "model.kv_lora_rank", msg::latent_together);
    if (!m.latent && !rank) return;
    LatentAttention& l = m.latent ? *m.latent : m.latent.emplace();
    if (rank) l.kv_lora_rank = *rank;
    if (rope) l.qk_rope_head_dim = *rope;
}

// model.sliding_window (tokens) and model.sliding_window_layers (how many layers use it; absent:
// all, or the config.json's count).
void read_typed_window(RequestReader& in, Transformer& m) {
    namespace f = fields::served_model;
    const auto tokens = in.integer(f::sliding_window);
    const auto layers = in.integer(f::sliding_window_layers);
    if (!m.window && layers && !tokens) return in.refuse("model.sliding_window_layers", msg::window_layers_need_window);
    if (!m.window && !tokens) return;
    SlidingWindow& w = m.window ? *m.window : m.window.emplace(SlidingWindow{0, m.layers});
    if (tokens) w.tokens = *tokens;
    if (layers) w.layers = *layers;
    if (m.layers > 0 && w.layers > m.layers) in.refuse("model.sliding_window_layers", msg::exceeds_layers);
}

}  // namespace

Checked<ServingRequest> read_serving_request(const Catalogue& catalogue, const json& request) {
    RequestReader in(request, "serve");
    Checked<ServingRequest> out;
    ServingRequest& r = out.value;
    const json* model = in.find("model");
    if (!model) {
        in.refuse("model", msg::serve_model_required);
    } else if (model->is_string()) {
        in.take("model");
        const std::string id = model->get<std::string>();
        if (const Model* found = catalogue.model(id); !found) {
            in.refuse("model", msg::unknown_model, {id});
        } else {
            for (auto& e : missing_for_serving(*found, "model")) in.errors().push_back(std::move(e));
            r.model = transformer_of(*found);
        }
    } else if (model->is_object()) {
        // From a config.json (model_config.hpp), each field given beside it overriding what it says;
        // or the architecture field by field.
        const bool config = model->contains("config");
        Transformer& m = r.model;
        if (config) m = read_model_config(in, "model.config");
        else m.id = "request";
        const bool need = !config;
        namespace f = fields::served_model;
        if (auto v = in.number(f::parameters.needed(need))) m.parameters = *v;
        if (auto v = in.number(f::active_parameters)) m.active_parameters = *v;
        else if (!config) m.active_parameters = m.parameters;
        if (m.active_parameters > m.parameters) in.refuse("model.active_parameters", msg::exceeds_parameters);
        if (auto v = in.integer(f::layers.needed(need))) m.layers = *v;
        if (auto v = in.integer(f::hidden.needed(need))) m.hidden = *v;
        if (auto v = in.integer(f::heads.needed(need))) m.heads = *v;
        if (auto v = in.integer(f::kv_heads.needed(need))) m.kv_heads = *v;
        if (auto v = in.integer(f::head_dim.needed(need))) m.head_dim = *v;
        if (m.heads > 0 && m.kv_heads > 0 && m.heads % m.kv_heads)
            in.refuse("model.kv_heads", msg::kv_heads_divide, {std::to_string(m.heads)});
        read_typed_experts(in, m);
        read_typed_attention(in, m);
        read_typed_window(in, m);
        if (auto v = in.number(f::context)) m.context = v;
        // Widths the operator prices use where given (else they follow from the parameters).
        if (auto v = in.integer(f::vocabulary)) m.vocabulary = *v;
        if (auto v = in.integer(f::ffn_hidden)) m.ffn = *v;
    } else {
        in.refuse("model", msg::serve_model_shape);
    }
    namespace f = fields::serve;
    if (auto id = in.text(fields::job::instance)) r.instance = *id;
    if (auto v = in.number(f::prompt_tokens)) r.prompt_tokens = *v;
    if (auto v = in.number(f::cached_prompt_tokens)) r.cached_prompt_tokens = *v;
    if (r.prompt_tokens > 0 && r.cached_prompt_tokens >= r.prompt_tokens)
        in.refuse("cached_prompt_tokens", msg::cached_below_prompt, {format_number(r.prompt_tokens)});
    if (auto v = in.number(f::output_tokens)) r.output_tokens = *v;
    r.ttft_ms = in.number(f::ttft_ms);
    r.tpot_ms = in.number(f::tpot_ms);
    if (auto v = in.text(f::weights)) r.weights = *v;
    if (auto v = in.text(f::kv_cache)) r.kv_cache = *v;
    if (auto v = in.text(f::compute)) r.compute = *v;
    r.tensor_parallel = in.integer(f::tensor_parallel);
    r.concurrency = in.integer(f::concurrency);
    r.max_batch = in.integer(f::max_batch);
    if (r.concurrency && r.max_batch && *r.concurrency > *r.max_batch)
        in.refuse("concurrency", msg::exceeds_max_batch, {std::to_string(*r.max_batch)});
    r.bandwidth_fraction = in.number(f::bandwidth_fraction);
    r.mfu = in.number(f::mfu);
    if (auto v = in.number(fields::job::headroom)) r.headroom = *v;
    if (auto v = in.text(f::engine)) r.engine = *v;
    r.demand = read_fleet_demand(in);
    r.footprint = read_footprint_inputs(in, "");
    in.refuse_unused();
    out.errors = std::move(in.errors());
    return out;
}

}  // namespace planner
