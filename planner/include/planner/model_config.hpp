// A Hugging Face config.json as the model: the architecture it states, and the parameters
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
// v_head_dim; sliding_window, on the layers layer_types names "sliding_attention" (without it: none
// when use_sliding_window is false, every other layer for gpt_oss and gemma2, all but every
// sliding_window_pattern-th for gemma3, else all); tie_word_embeddings. GPT-2-style names (n_layer, n_embd, n_head, n_inner,
// n_positions) are read too. Other fields are ignored; a missing one is asked for by name.
//
// The parameters are counted from the architecture (transformer.hpp's count_parameters).
#pragma once

#include <optional>
#include <string>

#include "planner/request_reader.hpp"
#include "planner/transformer.hpp"

namespace planner {

/// Reads the config.json at `at` ("model.config") into the model; errors go to `in`, at the
/// config's own field names ("model.config.num_hidden_layers"). With errors, the model has no layers.
Transformer read_model_config(RequestReader& in, const std::string& at);

}  // namespace planner
