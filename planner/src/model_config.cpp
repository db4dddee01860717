#include "planner/model_config.hpp"

#include <cmath>

#include "planner/model_limits.hpp"

namespace planner {

using nlohmann::json;

namespace {

constexpr const char* kMissing = "is missing from the config.json: type the model's architecture in instead";

using A = ConfigArchitecture;

// Each number read from a config: where it goes, the names it goes by (the first is the one asked
// for when it is missing), and its least value.
struct ConfigField {
    double A::*member;
    const char* names[3];
    double min;
    double max;  // the bound the same figure has when typed (model_limits.hpp)
};

enum Field { kLayers, kHidden, kHeads, kVocabulary, kKvHeads, kHeadDim, kIntermediate, kExperts, kExpertsPerToken,
             kExpertIntermediate, kSharedExperts, kSharedIntermediate, kDenseLayers, kQLora, kKvLora, kRope, kNope,
             kValueDim, kContext, kFieldCount };

const ConfigField kFields[kFieldCount] = {
    {&A::layers, {"num_hidden_layers", "n_layer", "num_layers"}, 1, double(model_limits::kLayers)},
    {&A::hidden, {"hidden_size", "n_embd", "d_model"}, 1, double(model_limits::kHidden)},
    {&A::heads, {"num_attention_heads", "n_head"}, 1, double(model_limits::kHeads)},
    {&A::vocabulary, {"vocab_size"}, 1, double(model_limits::kWidth)},
    {&A::kv_heads, {"num_key_value_heads", "num_kv_heads"}, 1, double(model_limits::kHeads)},
    {&A::head_dim, {"head_dim"}, 1, double(model_limits::kHeadDim)},
    {&A::intermediate, {"intermediate_size", "n_inner", "ffn_hidden_size"}, 1, double(model_limits::kWidth)},
    {&A::experts, {"num_local_experts", "n_routed_experts", "num_experts"}, 1, double(model_limits::kExperts)},
    {&A::experts_per_token, {"num_experts_per_tok", "experts_per_token"}, 1, double(model_limits::kExperts)},
    {&A::expert_intermediate, {"moe_intermediate_size"}, 1, double(model_limits::kWidth)},
    {&A::shared_experts, {"n_shared_experts"}, 0, double(model_limits::kExperts)},
    {&A::shared_intermediate, {"shared_expert_intermediate_size"}, 0, double(model_limits::kWidth)},
    {&A::dense_layers, {"first_k_dense_replace"}, 0, double(model_limits::kLayers)},
    {&A::q_lora_rank, {"q_lora_rank"}, 1, double(model_limits::kWidth)},
    {&A::kv_lora_rank, {"kv_lora_rank"}, 1, double(model_limits::kWidth)},
    {&A::qk_rope_head_dim, {"qk_rope_head_dim"}, 1, double(model_limits::kHeadDim)},
    {&A::qk_nope_head_dim, {"qk_nope_head_dim"}, 1, double(model_limits::kHeadDim)},
    {&A::v_head_dim, {"v_head_dim"}, 1, double(model_limits::kHeadDim)},
    {nullptr, {"max_position_embeddings", "n_positions", "max_sequence_length"}, 1, 1e9},
};

bool text_is(const json* v, Names any) {
    if (!v || !v->is_string()) return false;
    for (const char* name : any)
        if (v->get_ref<const std::string&>() == name) return true;
    return false;
}

}  // namespace

ParameterCount count_parameters(const ConfigArchitecture& a) {
    const double d = a.hidden;
    double attention;
    if (a.kv_lora_rank > 0) {  // multi-head latent attention
        const double qk = a.qk_nope_head_dim + a.qk_rope_head_dim;
        const double q = a.q_lora_rank > 0 ? d * a.q_lora_rank + a.q_lora_rank + a.q_lora_rank * a.heads * qk : d * a.heads * qk;
        const double kv = d * (a.kv_lora_rank + a.qk_rope_head_dim) + a.kv_lora_rank +
                          a.kv_lora_rank * a.heads * (a.qk_nope_head_dim + a.v_head_dim);
        attention = q + kv + a.heads * a.v_head_dim * d;
    } else {
        attention = d * a.head_dim * (2 * a.heads + 2 * a.kv_heads);
    }
    const double matrices = a.gated ? 3 : 2;
    const double dense_ffn = matrices * d * a.intermediate;
    const double norms = 2 * d;
    ParameterCount c;
    c.total = c.active = a.vocabulary * d * (a.tied ? 1 : 2) + d + a.layers * (attention + norms);
    if (a.experts > 0) {
        const double expert = matrices * d * a.expert_intermediate;
        const double shared = a.shared_experts * expert + matrices * d * a.shared_intermediate;
        const double moe_layers = a.layers - a.dense_layers;
        c.total += a.dense_layers * dense_ffn + moe_layers * (a.experts * expert + shared + d * a.experts);
        c.active += a.dense_layers * dense_ffn + moe_layers * (a.experts_per_token * expert + shared + d * a.experts);
    } else {
        c.total += a.layers * dense_ffn;
        c.active += a.layers * dense_ffn;
    }
    return c;
}

ServingModel read_model_config(RequestReader& in, const std::string& config) {
    // A config.json is someone else's document: it is used whole, the fields it has that the
    // planner does not need (torch_dtype, rope_scaling, …) included.
    const json* node = in.take(config);
    ServingModel m;
    m.id = "config";
    if (!node || !node->is_object()) {
        in.fail(config, "must be the config.json object");
        return m;
    }
    // Multimodal models keep the language model's architecture in text_config.
    const std::string at = node->contains("text_config") ? config + ".text_config" : config;
    const std::size_t errors = in.errors().size();
    ConfigArchitecture a;
    double context = 0;
    bool given[kFieldCount] = {};
    for (int f = 0; f < kFieldCount; ++f) {
        for (const char* name : kFields[f].names) {
            if (!name) break;
            const std::string path = at + '.' + name;
            const json* v = in.find(path);
            if (!v || v->is_null()) continue;
            if (auto x = in.number(path, {kFields[f].min, false, kFields[f].max, true}, true)) {
                (kFields[f].member ? a.*kFields[f].member : context) = *x;
                given[f] = true;
            }
            break;
        }
    }
    auto require = [&](Field f) {
        if (!given[f] && !in.find(at + '.' + kFields[f].names[0])) in.fail(at + '.' + kFields[f].names[0], kMissing);
    };
    for (Field f : {kLayers, kHidden, kHeads, kVocabulary}) require(f);
    if (!given[kKvHeads]) a.kv_heads = a.heads;
    else if (a.heads > 0 && (a.kv_heads > a.heads || std::fmod(a.heads, a.kv_heads) != 0))
        in.fail(at + ".num_key_value_heads", "must divide num_attention_heads (" + format_number(a.heads) + ")");
    if (a.dense_layers > a.layers && a.layers > 0)
        in.fail(at + ".first_k_dense_replace", "cannot exceed num_hidden_layers (" + format_number(a.layers) + ")");
    if (!given[kHeadDim] && a.heads > 0) {
        a.head_dim = a.hidden / a.heads;
        if (a.head_dim != std::floor(a.head_dim)) in.fail(at + ".head_dim", "is missing, and hidden_size is not a multiple of num_attention_heads");
    }
    // GPT-2: n_inner null means 4 × n_embd.
    if (!given[kIntermediate] && in.find(at + ".n_embd")) a.intermediate = 4 * a.hidden, given[kIntermediate] = true;
    // A mixture of experts needs a dense feed-forward width only for its dense layers; its experts
    // are intermediate_size wide unless moe_intermediate_size says otherwise (Mixtral, gpt-oss).
    if (a.experts == 0 || a.dense_layers > 0) require(kIntermediate);
    if (a.experts > 0) {
        require(kExpertsPerToken);
        if (!given[kExpertIntermediate]) a.expert_intermediate = a.intermediate;
        if (a.expert_intermediate == 0) require(kExpertIntermediate);
        if (a.experts_per_token > a.experts) in.fail(at + ".num_experts_per_tok", "cannot exceed the experts");
    }
    if (a.kv_lora_rank > 0)
        for (Field f : {kRope, kNope, kValueDim}) require(f);
    // Gated feed-forwards (SwiGLU, GeGLU) are the rule today; GPT-2, GPT-NeoX, OPT, BLOOM and
    // Falcon use two matrices with a plain GELU or ReLU.
    const json* type = in.find(at + ".model_type");
    a.gated = !text_is(type, {"gpt2", "gpt_neox", "gptj", "opt", "bloom", "falcon", "gpt_bigcode", "phi"});
    // Absent, tie_word_embeddings means what the model's config class defaults to: tied for GPT-2
    // and Gemma, separate for the others.
    const json* tie = in.find(at + ".tie_word_embeddings");
    if (!tie) tie = in.find(config + ".tie_word_embeddings");
    a.tied = tie && tie->is_boolean() ? tie->get<bool>()
                                      : text_is(type, {"gpt2", "gemma", "gemma2", "gemma3", "gemma3_text"});
    if (in.errors().size() != errors) return m;

    const ParameterCount count = count_parameters(a);
    if (!(count.total <= model_limits::kParameters)) {
        in.fail(config, "describes " + format_number(count.total) + " parameters, more than the " +
                            format_number(model_limits::kParameters) + " a model may have");
        return m;
    }
    m.parameters = count.total;
    m.active_parameters = count.active;
    m.layers = static_cast<int>(a.layers);
    m.hidden = static_cast<int>(a.hidden);
    m.heads = static_cast<int>(a.heads);
    m.kv_heads = static_cast<int>(a.kv_heads);
    // With MLA the query/key head is nope + rope wide; the cache holds the latent instead.
    m.head_dim = static_cast<int>(a.kv_lora_rank > 0 ? a.qk_nope_head_dim + a.qk_rope_head_dim : a.head_dim);
    if (a.experts > 0) m.experts = static_cast<int>(a.experts), m.experts_per_token = static_cast<int>(a.experts_per_token);
    if (a.kv_lora_rank > 0) m.kv_lora_rank = static_cast<int>(a.kv_lora_rank), m.qk_rope_head_dim = static_cast<int>(a.qk_rope_head_dim);
    if (context > 0) m.context = context;
    m.intermediate = static_cast<int>(a.intermediate);
    m.expert_intermediate = static_cast<int>(a.expert_intermediate);
    m.gated = a.gated;
    m.vocabulary = static_cast<int>(a.vocabulary);
    m.tied_embeddings = a.tied;
    return m;
}

}  // namespace planner
