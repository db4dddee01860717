// A Hugging Face config.json as the serving model: the architecture it states, and the parameters
// that architecture implies (a config.json does not state them).
//
//     {"kind": "serve", "model": {"config": { ...config.json... }}, ...}
//
// Read from the config (or its text_config, for multimodal models): num_hidden_layers, hidden_size,
// num_attention_heads, num_key_value_heads (absent: as many as the heads), head_dim (absent:
// hidden / heads), vocab_size, intermediate_size, max_position_embeddings; for a mixture of experts
// num_local_experts, n_routed_experts or num_experts with num_experts_per_tok (or experts_per_token),
// moe_intermediate_size, n_shared_experts or shared_expert_intermediate_size, first_k_dense_replace;
// for multi-head latent attention q_lora_rank, kv_lora_rank, qk_rope_head_dim, qk_nope_head_dim and
// v_head_dim; tie_word_embeddings. GPT-2-style names (n_layer, n_embd, n_head, n_inner,
// n_positions) are read too. Other fields are ignored; a missing one is asked for by name.
//
// Parameters, per layer: attention q, k, v and o projections (with MLA, the low-rank q and kv
// projections), the feed-forward (3 matrices when gated, as SwiGLU and GeGLU are; 2 otherwise), the
// experts, shared experts and router of a MoE layer, and two norms; plus the embedding, the output
// head unless tied, and the final norm. Biases are left out (under 0.1% for the models tested).
// Active parameters are all but the experts a token is not routed to, embeddings included, as
// Mixtral's 12.9B and DeepSeek-V3's 37B count them.
#pragma once

#include <optional>
#include <string>

#include "planner/request_reader.hpp"
#include "planner/serving.hpp"

namespace planner {

/// What parameters are counted from.
struct ConfigArchitecture {
    double layers = 0, hidden = 0, heads = 0, kv_heads = 0, head_dim = 0, vocabulary = 0, intermediate = 0;
    bool gated = true;          // SwiGLU / GeGLU feed-forward: 3 matrices
    bool tied = false;          // output head shares the embedding
    double experts = 0, experts_per_token = 0, expert_intermediate = 0;
    double shared_experts = 0;         // shared experts of expert_intermediate each (DeepSeek)
    double shared_intermediate = 0;    // one shared expert of this size (Qwen2-MoE)
    double dense_layers = 0;           // leading layers with a dense feed-forward in a MoE model
    double q_lora_rank = 0, kv_lora_rank = 0, qk_rope_head_dim = 0, qk_nope_head_dim = 0, v_head_dim = 0;  // MLA
};

struct ParameterCount {
    double total = 0;
    double active = 0;  // per token
};

/// Parameters of an architecture, as the header says.
ParameterCount count_parameters(const ConfigArchitecture& a);

/// Reads the config.json at `at` ("model.config") into the serving model; errors go to `in`, at the
/// config's own field names ("model.config.num_hidden_layers").
ServingModel read_model_config(RequestReader& in, const std::string& at);

}  // namespace planner
