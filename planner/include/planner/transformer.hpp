// The one description of a decoder-only transformer that every plan reads: `serve`, `train` (its
// memory, step and adapters), `infer`'s LLM path, and a Hugging Face config.json's import all hold
// a Transformer, and count its parameters, size its KV cache and read its weights per decode step
// with the functions below, once.
//
// It comes from the catalogue (transformer_of: data/models.json's architecture, cited), from a
// config.json (model_config.hpp), or field by field from a request.
//
// Parameters, per layer: attention's q, k, v and o projections (with MLA, the low-rank q and kv
// projections), the feed-forward (3 matrices when gated, as SwiGLU and GeGLU are; 2 otherwise), a
// mixture of experts' routed and shared experts and router, and two norms; plus the embedding, the
// output head unless tied, learned position embeddings where the model has them, and the final
// norm; biases where the model has them (GPT-style models: a bias on each projection, and a norm's
// bias beside its weight). Active parameters are all but the experts a token is not routed to,
// embeddings included, as Mixtral's 12.9B and DeepSeek-V3's 37B count them.
//
// KV cache per token of context: 2 · layers · kv_heads · head_dim · bytes; with MLA,
// layers · (kv_lora_rank + qk_rope_head_dim) · bytes (one latent per token and layer, shared by
// the heads); a sliding-window layer holds at most its window's tokens.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/error.hpp"

namespace planner {

struct Model;

/// A mixture of experts' feed-forward: `count` routed experts per layer, `per_token` of them for
/// each token.
struct Experts {
    int count = 0;
    int per_token = 0;
    int ffn = 0;           // one routed expert's width; 0: not published (from the parameters)
    int shared = 0;        // shared experts, `ffn` wide each (DeepSeek)
    int shared_ffn = 0;    // one shared expert of this width (Qwen2-MoE)
    int dense_layers = 0;  // leading layers with a dense feed-forward (DeepSeek's first_k_dense_replace)
};

/// Multi-head latent attention (DeepSeek-V2, V3): keys and values cached as one latent per token
/// and layer, shared by the heads.
struct LatentAttention {
    int kv_lora_rank = 0;
    int qk_rope_head_dim = 0;
    int q_lora_rank = 0;       // 0: full-rank queries
    int qk_nope_head_dim = 0;  // the query/key head is nope + rope wide
    int v_head_dim = 0;
};

/// Sliding-window attention (Mistral 7B, Gemma 2 and 3, gpt-oss): `layers` of the model's layers
/// attend to the last `tokens` tokens only, and cache only those.
struct SlidingWindow {
    int tokens = 0;
    int layers = 0;
};

/// A model: its counts, always; its shape where known (layers > 0), which training may do without
/// (a parameter count alone), serving may not.
struct Transformer {
    std::string id;                 // the catalogue's id, "config" or "request"
    double parameters = 0;          // total (memory)
    double active_parameters = 0;   // per token (compute; the weights a dense decode step reads); 0: all
    int layers = 0;                 // 0: the shape is not known
    int hidden = 0;
    int heads = 0;
    int kv_heads = 0;               // grouped-query attention; 0: as many as the heads
    int head_dim = 0;               // the query/key head; 0: hidden / heads
    int vocabulary = 0;             // 0: not known (the output layer is not priced apart)
    int ffn = 0;                    // the dense feed-forward's width; 0: not published
    int sequence = 0;               // tokens per sequence a training plan runs it at (from the catalogue:
                                    // its published pre-training sequence; 0: none)
    bool gated = true;              // three feed-forward matrices (gate, up, down)
    bool tied_embeddings = false;   // the output layer is the input embedding
    int position_embeddings = 0;    // learned position embeddings' rows (GPT-2, GPT-3); 0: rotary or none
    bool biases = false;            // the projections and norms carry biases (GPT-2, GPT-3, BERT)
    std::optional<double> context;  // the longest context it serves
    std::optional<Experts> experts;
    std::optional<LatentAttention> latent;
    std::optional<SlidingWindow> window;

    bool has_shape() const { return layers > 0; }
    double active() const { return active_parameters > 0 ? active_parameters : parameters; }
    /// Experts that a token does not all reach (k < E), holding parameters a token leaves idle.
    bool mixture_of_experts() const { return experts && experts->count > experts->per_token && active() < parameters; }
    bool latent_attention() const { return latent.has_value(); }
    double head_width() const;      // head_dim, or hidden / heads when it is 0
    int key_value_width() const;    // (kv_heads or heads) · head_width: one token's keys at a layer

    /// A GPT-style shape (GPT-2, GPT-3, BERT): two-matrix feed-forward 4 · hidden wide, as many KV
    /// heads as heads, the output layer tied to the embedding, `sequence` learned positions, biases;
    /// no counts. Its parameters are Narayanan et al. 2021's eq. 2, 12·l·h²·(1 + 13/(12h) +
    /// (V + s)/(12·l·h)), and the final norm's 2·h, which that equation leaves out.
    static Transformer gpt(int layers, int hidden, int heads, int sequence, int vocabulary);
};

struct ParameterCount {
    double total = 0;
    double active = 0;  // per token
};

/// Parameters of an architecture, as the header says. Needs every width: `ffn` (where a layer is
/// dense), the experts' `ffn`, `head_dim` (or the latent's widths) and the vocabulary.
ParameterCount count_parameters(const Transformer& t);

/// The routed experts' parameters, all layers, from the total and active counts:
/// P − P_a = (1 − k/E) · P_experts when every expert has the same size (shared experts and the
/// router count as dense). 0 for a dense model.
double routed_parameters(const Transformer& t);

/// Bytes of KV cache per token of context, for `kv_bytes` per element.
double kv_bytes_per_token(const Transformer& t, double kv_bytes);

/// Bytes of KV cache one sequence of `context` tokens holds: kv_bytes_per_token · context, but a
/// sliding-window layer's share of it at most its window's.
double kv_cache_bytes(const Transformer& t, double context, double kv_bytes);

/// The longest context whose KV cache fits in `bytes`; none when every layer's window bounds it.
std::optional<double> longest_context(const Transformer& t, double bytes, double kv_bytes);

/// The (query, key) pairs causal attention multiplies at a layer over `tokens` tokens, the mean of
/// the model's layers: tokens² / 2, a sliding-window layer's w · tokens − w² / 2 once past its window.
double attention_pairs(const Transformer& t, double tokens);

/// Distinct experts `tokens` tokens reach at one layer under uniform routing: E · (1 − (1 − k/E)^tokens).
double experts_touched(const Transformer& t, double tokens);

/// The weights one decode step of `tokens` tokens reads, in parameters: all of them for a dense
/// model; for a mixture of experts, the shared part and the experts the tokens reach.
double parameters_read_per_step(const Transformer& t, double tokens);

/// A catalogue model as a plan reads it: its published counts, and its shape where data/models.json
/// gives an architecture.
Transformer transformer_of(const Model& model);

/// What serving needs and the catalogue does not give of `model`: its architecture, KV heads and head
/// width, each named in an error at `field`.
std::vector<FieldError> missing_for_serving(const Model& model, const std::string& field);

/// The architecture with a serving request's field names, so that it can be sent back as `model`.
void to_json(nlohmann::json& j, const Transformer& t);

}  // namespace planner
