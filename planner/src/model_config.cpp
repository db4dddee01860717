#include "planner/model_config.hpp"

#include <cmath>

#include "planner/messages.hpp"
#include "planner/model_limits.hpp"

namespace planner {

using nlohmann::json;

namespace {


// Each number read from a config: the names it goes by (the first is the one asked for when it is
// missing), and its least and largest values.
struct ConfigField {
    const char* names[3];
    double min;
    double max;  // the bound the same figure has when typed (model_limits.hpp)
};

enum ConfigName { kLayers, kHidden, kHeads, kVocabulary, kKvHeads, kHeadDim, kIntermediate, kExperts, kExpertsPerToken,
             kExpertIntermediate, kSharedExperts, kSharedIntermediate, kDenseLayers, kQLora, kKvLora, kRope, kNope,
             kValueDim, kWindow, kContext, kFieldCount };

const ConfigField kFields[kFieldCount] = {
    {{"num_hidden_layers", "n_layer", "num_layers"}, 1, double(model_limits::kLayers)},
    {{"hidden_size", "n_embd", "d_model"}, 1, double(model_limits::kHidden)},
    {{"num_attention_heads", "n_head"}, 1, double(model_limits::kHeads)},
    {{"vocab_size"}, 1, double(model_limits::kWidth)},
    {{"num_key_value_heads", "num_kv_heads"}, 1, double(model_limits::kHeads)},
    {{"head_dim"}, 1, double(model_limits::kHeadDim)},
    {{"intermediate_size", "n_inner", "ffn_hidden_size"}, 1, double(model_limits::kWidth)},
    {{"num_local_experts", "n_routed_experts", "num_experts"}, 1, double(model_limits::kExperts)},
    {{"num_experts_per_tok", "experts_per_token"}, 1, double(model_limits::kExperts)},
    {{"moe_intermediate_size"}, 1, double(model_limits::kWidth)},
    {{"n_shared_experts"}, 0, double(model_limits::kExperts)},
    {{"shared_expert_intermediate_size"}, 0, double(model_limits::kWidth)},
    {{"first_k_dense_replace"}, 0, double(model_limits::kLayers)},
    {{"q_lora_rank"}, 1, double(model_limits::kWidth)},
    {{"kv_lora_rank"}, 1, double(model_limits::kWidth)},
    {{"qk_rope_head_dim"}, 1, double(model_limits::kHeadDim)},
    {{"qk_nope_head_dim"}, 1, double(model_limits::kHeadDim)},
    {{"v_head_dim"}, 1, double(model_limits::kHeadDim)},
    {{"sliding_window"}, 1, 1e9},
    {{"max_position_embeddings", "n_positions", "max_sequence_length"}, 1, 1e9},
};

bool text_is(const json* v, Names any) {
    if (!v || !v->is_string()) return false;
    for (const char* name : any)
        if (v->get_ref<const std::string&>() == name) return true;
    return false;
}

// How many layers attend within `sliding_window`: those `layer_types` names "sliding_attention";
// without it, none when use_sliding_window is false (Qwen2, Qwen3), every other layer for gpt-oss
// and Gemma 2, all but every sliding_window_pattern-th (default 6) for Gemma 3, else all (Mistral).
int windowed_layers(RequestReader& in, const std::string& at, int layers) {
    if (const json* types = in.find(at + ".layer_types"); types && types->is_array()) {
        int windowed = 0;
        for (const json& type : *types) windowed += type == "sliding_attention";
        return std::min(windowed, layers);
    }
    if (const json* use = in.find(at + ".use_sliding_window"); use && use->is_boolean() && !use->get<bool>()) return 0;
    const json* type = in.find(at + ".model_type");
    if (text_is(type, {"gpt_oss", "gemma2"})) return (layers + 1) / 2;
    if (text_is(type, {"gemma3", "gemma3_text"})) {
        const json* pattern = in.find(at + ".sliding_window_pattern");
        const int every = pattern && pattern->is_number_integer() && pattern->get<int>() > 0 ? pattern->get<int>() : 6;
        return layers - layers / every;
    }
    return layers;
}

// The figures a config.json gives, each under the first of its names that it holds.
struct ConfigFigures {
    double v[kFieldCount] = {};
    bool given[kFieldCount] = {};
};

ConfigFigures read_figures(RequestReader& in, const std::string& at) {
    ConfigFigures c;
    double* v = c.v;
    bool* given = c.given;
    for (int f = 0; f < kFieldCount; ++f) {
        for (const char* name : kFields[f].names) {
            if (!name) break;
            const std::string path = at + '.' + name;
            const json* x = in.find(path);
            if (!x || x->is_null()) continue;
            if (auto n = in.number(path, {kFields[f].min, false, kFields[f].max, true}, true)) {
                v[f] = *n;
                given[f] = true;
            }
            break;
        }
    }
    return c;
}

// What the figures require of each other, and the ones derived when absent (kv heads, head
// width, GPT-2's feed-forward, the experts' width); each refusal at its field.
void check_figures(RequestReader& in, const std::string& at, ConfigFigures& c) {
    double* v = c.v;
    const bool* given = c.given;
    auto require = [&](ConfigName f) {
        if (!given[f] && !in.find(at + '.' + kFields[f].names[0])) in.refuse(at + '.' + kFields[f].names[0], msg::config_field_missing);
    };
    for (ConfigName f : {kLayers, kHidden, kHeads, kVocabulary}) require(f);
    if (!given[kKvHeads]) v[kKvHeads] = v[kHeads];
    else if (v[kHeads] > 0 && (v[kKvHeads] > v[kHeads] || std::fmod(v[kHeads], v[kKvHeads]) != 0))
        in.refuse(at + ".num_key_value_heads", msg::config_kv_heads_divide, {format_number(v[kHeads])});
    if (v[kDenseLayers] > v[kLayers] && v[kLayers] > 0)
        in.refuse(at + ".first_k_dense_replace", msg::config_dense_layers_exceed, {format_number(v[kLayers])});
    if (!given[kHeadDim] && v[kHeads] > 0) {
        v[kHeadDim] = v[kHidden] / v[kHeads];
        if (v[kHeadDim] != std::floor(v[kHeadDim])) in.refuse(at + ".head_dim", msg::config_head_dim_missing);
    }
    // GPT-2: n_inner null means 4 × n_embd.
    if (!given[kIntermediate] && in.find(at + ".n_embd")) v[kIntermediate] = 4 * v[kHidden], c.given[kIntermediate] = true;
    // A mixture of experts needs a dense feed-forward width only for its dense layers; its experts
    // are intermediate_size wide unless moe_intermediate_size says otherwise (Mixtral, gpt-oss).
    if (v[kExperts] == 0 || v[kDenseLayers] > 0) require(kIntermediate);
    if (v[kExperts] > 0) {
        require(kExpertsPerToken);
        if (!given[kExpertIntermediate]) v[kExpertIntermediate] = v[kIntermediate];
        if (v[kExpertIntermediate] == 0) require(kExpertIntermediate);
        if (v[kExpertsPerToken] > v[kExperts]) in.refuse(at + ".num_experts_per_tok", msg::exceeds_experts);
    }
    if (v[kKvLora] > 0)
        for (ConfigName f : {kRope, kNope, kValueDim}) require(f);
}

// The model the checked figures describe: its shape, experts, latent attention, window, gating
// and embeddings as the config's model type has them.
Transformer model_of(RequestReader& in, const std::string& config, const std::string& at, const ConfigFigures& c) {
    const double* v = c.v;
    Transformer m;
    m.id = "config";
    auto whole = [&](ConfigName f) { return static_cast<int>(v[f]); };
    m.layers = whole(kLayers);
    m.hidden = whole(kHidden);
    m.heads = whole(kHeads);
    m.kv_heads = whole(kKvHeads);
    m.head_dim = whole(kHeadDim);
    m.vocabulary = whole(kVocabulary);
    m.ffn = whole(kIntermediate);
    if (v[kExperts] > 0)
        m.experts = Experts{whole(kExperts), whole(kExpertsPerToken), whole(kExpertIntermediate),
                            whole(kSharedExperts), whole(kSharedIntermediate), whole(kDenseLayers)};
    if (v[kKvLora] > 0) {
        m.latent = LatentAttention{whole(kKvLora), whole(kRope), whole(kQLora), whole(kNope), whole(kValueDim)};
        // With MLA the query/key head is nope + rope wide; the cache holds the latent instead.
        m.head_dim = whole(kNope) + whole(kRope);
    }
    if (v[kContext] > 0) m.context = v[kContext];
    if (v[kWindow] > 0)
        if (const int windowed = windowed_layers(in, at, m.layers); windowed > 0) m.window = SlidingWindow{whole(kWindow), windowed};
    // Gated feed-forwards (SwiGLU, GeGLU) are the rule today; GPT-2, GPT-NeoX, OPT, BLOOM and
    // Falcon use two matrices with a plain GELU or ReLU.
    const json* type = in.find(at + ".model_type");
    m.gated = !text_is(type, {"gpt2", "gpt_neox", "gptj", "opt", "bloom", "falcon", "gpt_bigcode", "phi"});
    // Absent, tie_word_embeddings means what the model's config class defaults to: tied for GPT-2
    // and Gemma, separate for the others.
    const json* tie = in.find(at + ".tie_word_embeddings");
    if (!tie) tie = in.find(config + ".tie_word_embeddings");
    m.tied_embeddings = tie && tie->is_boolean() ? tie->get<bool>()
                                                 : text_is(type, {"gpt2", "gemma", "gemma2", "gemma3", "gemma3_text"});
    return m;
}

}  // namespace

Transformer read_model_config(RequestReader& in, const std::string& config) {
    // A config.json is someone else's document: it is used whole, the fields it has that the
    // planner does not need (torch_dtype, rope_scaling, …) included.
    const json* node = in.take(config);
    Transformer m;
    m.id = "config";
    if (!node || !node->is_object()) {
        in.refuse(config, msg::config_shape);
        return m;
    }
    // Multimodal models keep the language model's architecture in text_config.
    const std::string at = node->contains("text_config") ? config + ".text_config" : config;
    const std::size_t errors = in.errors().size();
    ConfigFigures figures = read_figures(in, at);
    check_figures(in, at, figures);
    if (in.errors().size() != errors) return m;
    m = model_of(in, config, at, figures);
    const ParameterCount count = count_parameters(m);
    if (!(count.total <= model_limits::kParameters)) {
        in.refuse(config, msg::config_too_many_parameters, {format_number(count.total), format_number(model_limits::kParameters)});
        Transformer none;  // no layers: what a caller reads as "errors reported"
        none.id = m.id;
        return none;
    }
    m.parameters = count.total;
    m.active_parameters = count.active;
    return m;
}

}  // namespace planner
