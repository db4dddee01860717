#include "planner/transformer.hpp"
#include "planner/response_fields.hpp"
#include "planner/response_writer.hpp"

#include <algorithm>
#include <cmath>

#include "planner/catalogue.hpp"
#include "planner/messages.hpp"

namespace planner {

using nlohmann::json;

double Transformer::head_width() const { return head_dim ? head_dim : heads ? double(hidden) / heads : 0; }

int Transformer::key_value_width() const { return (kv_heads ? kv_heads : heads) * int(head_width()); }

Transformer Transformer::gpt(int layers, int hidden, int heads, int sequence, int vocabulary) {
    Transformer t;
    t.layers = layers;
    t.hidden = hidden;
    t.heads = heads;
    t.sequence = sequence;
    t.vocabulary = vocabulary;
    t.ffn = 4 * hidden;
    t.gated = false;
    t.tied_embeddings = true;
    t.position_embeddings = sequence;
    t.biases = true;
    return t;
}

namespace {

double attention_parameters(const Transformer& t) {
    const double d = t.hidden, heads = t.heads;
    if (const auto& l = t.latent) {
        const double qk = double(l->qk_nope_head_dim) + l->qk_rope_head_dim;
        const double q = l->q_lora_rank > 0 ? d * l->q_lora_rank + l->q_lora_rank + double(l->q_lora_rank) * heads * qk
                                            : d * heads * qk;
        const double kv = d * (double(l->kv_lora_rank) + l->qk_rope_head_dim) + l->kv_lora_rank +
                          double(l->kv_lora_rank) * heads * (double(l->qk_nope_head_dim) + l->v_head_dim);
        return q + kv + heads * l->v_head_dim * d;
    }
    return d * t.head_width() * (2 * heads + 2 * double(t.kv_heads ? t.kv_heads : t.heads));
}

}  // namespace

ParameterCount count_parameters(const Transformer& t) {
    const double d = t.hidden, layers = t.layers;
    const double matrices = t.gated ? 3 : 2;
    const double norm = t.biases ? 2 * d : d;  // weight, and bias
    // A feed-forward of width f: its matrices, and with biases the up (and gate) outputs' and the down's.
    auto feed_forward = [&](double f) { return matrices * d * f + (t.biases ? (matrices - 1) * f + d : 0); };
    const double attention = attention_parameters(t) +
                             (t.biases ? double(t.heads + 2 * (t.kv_heads ? t.kv_heads : t.heads)) * t.head_width() + d : 0);
    ParameterCount c;
    c.total = c.active = double(t.vocabulary) * d * (t.tied_embeddings ? 1 : 2) + double(t.position_embeddings) * d +
                         norm + layers * (attention + 2 * norm);
    if (const auto& e = t.experts) {
        const double expert = feed_forward(e->ffn);
        const double shared = e->shared * expert + (e->shared_ffn > 0 ? feed_forward(e->shared_ffn) : 0);
        const double dense_layers = e->dense_layers, moe_layers = layers - dense_layers;
        const double dense_ffn = t.ffn > 0 ? feed_forward(t.ffn) : 0;
        c.total += dense_layers * dense_ffn + moe_layers * (e->count * expert + shared + d * e->count);
        c.active += dense_layers * dense_ffn + moe_layers * (e->per_token * expert + shared + d * e->count);
    } else {
        c.total += layers * feed_forward(t.ffn);
        c.active += layers * feed_forward(t.ffn);
    }
    return c;
}

double routed_parameters(const Transformer& t) {
    if (!t.mixture_of_experts()) return 0;
    const double experts = t.experts->count, per_token = t.experts->per_token;
    return (t.parameters - t.active()) / (1 - per_token / experts);
}

double kv_bytes_per_token(const Transformer& t, double kv_bytes) {
    if (const auto& l = t.latent) return double(t.layers) * (l->kv_lora_rank + l->qk_rope_head_dim) * kv_bytes;
    return 2.0 * t.layers * t.key_value_width() * kv_bytes;  // keys and values: one width, as attention's
}

namespace {
// A layer's cached tokens and attended pairs over `tokens`, within `window` tokens (0: all).
double cached(double tokens, double window) { return window > 0 ? std::min(tokens, window) : tokens; }
double pairs(double tokens, double window) {
    return window > 0 && tokens > window ? window * tokens - window * window / 2 : tokens * tokens / 2;
}
}  // namespace

double kv_cache_bytes(const Transformer& t, double context, double kv_bytes) {
    const double per_token = kv_bytes_per_token(t, kv_bytes);
    if (!t.window || t.layers == 0) return per_token * context;
    const double windowed = double(t.window->layers) / t.layers;
    return per_token * ((1 - windowed) * context + windowed * cached(context, t.window->tokens));
}

std::optional<double> longest_context(const Transformer& t, double bytes, double kv_bytes) {
    const double per_token = kv_bytes_per_token(t, kv_bytes);
    if (!t.window || t.layers == 0) return bytes / per_token;
    const double windowed = double(t.window->layers) / t.layers;
    if (windowed >= 1) return std::nullopt;
    // Past the window the windowed layers hold a fixed w tokens; short of it every layer grows.
    const double at_window = per_token * t.window->tokens;
    if (bytes <= at_window) return bytes / per_token;
    return (bytes - windowed * at_window) / ((1 - windowed) * per_token);
}

double attention_pairs(const Transformer& t, double tokens) {
    if (!t.window || t.layers == 0) return pairs(tokens, 0);
    const double windowed = double(t.window->layers) / t.layers;
    return (1 - windowed) * pairs(tokens, 0) + windowed * pairs(tokens, t.window->tokens);
}

double experts_touched(const Transformer& t, double tokens) {
    const double e = t.experts->count, k = t.experts->per_token;
    return e * (1 - std::pow(1 - k / e, tokens));
}

double parameters_read_per_step(const Transformer& t, double tokens) {
    if (!t.mixture_of_experts()) return t.parameters;
    const double experts = t.experts->count, k = t.experts->per_token;
    const double per_expert = (t.parameters - t.active_parameters) / (experts - k);
    const double shared = t.parameters - experts * per_expert;
    return shared + per_expert * experts_touched(t, tokens);
}

Transformer transformer_of(const Model& model) {
    Transformer t;
    t.id = model.id;
    t.parameters = model.parameters.value;
    t.active_parameters = model.active_parameters ? model.active_parameters->value : t.parameters;
    if (!model.architecture) return t;  // planned from its parameter count
    const ModelArchitecture& a = *model.architecture;
    auto whole = [&](const char* name) { return int(a.detail(name).value_or(0)); };
    t.layers = int(a.layers.value);
    t.hidden = int(a.hidden.value);
    t.heads = int(a.heads.value);
    t.kv_heads = whole("kv_heads");
    t.head_dim = whole("head_dim");
    t.vocabulary = int(a.vocabulary.value);
    if (a.sequence) t.sequence = int(a.sequence->value);
    if (whole("experts") > 0 && whole("experts_per_token") > 0)
        t.experts = Experts{whole("experts"), whole("experts_per_token"), whole("expert_ffn_hidden")};
    if (whole("kv_lora_rank") > 0 && whole("qk_rope_head_dim") > 0)
        t.latent = LatentAttention{whole("kv_lora_rank"), whole("qk_rope_head_dim")};
    if (whole("sliding_window") > 0)
        t.window = SlidingWindow{whole("sliding_window"), a.detail("sliding_window_layers") ? whole("sliding_window_layers") : t.layers};
    t.context = a.detail("context");
    // Feed-forward widths where the catalogue publishes them (the gated models of today); GPT-3 and
    // BERT, without one, have the plain feed-forward of two matrices.
    t.ffn = whole("ffn_hidden");
    t.gated = a.detail("ffn_hidden") || a.detail("expert_ffn_hidden");
    return t;
}

std::vector<FieldError> missing_for_serving(const Model& model, const std::string& field) {
    if (!model.architecture)
        return {coded(field, msg::no_architecture, {model.name})};
    std::vector<FieldError> missing;
    for (const char* name : {"kv_heads", "head_dim"})
        if (!model.architecture->detail(name)) missing.push_back(coded(field, msg::detail_not_published, {model.name, name}));
    return missing;
}

namespace {
namespace out = results::transformer;
using T = Transformer;
// The widths appear where they are known; a mixture's, latent attention's and a window's
// fields where the model has them.
constexpr Put<Transformer> kTransformerOut[] = {
    put<&T::parameters>(out::parameters), put<&T::active_parameters>(out::active_parameters),
    put<&T::layers>(out::layers), put<&T::hidden>(out::hidden), put<&T::heads>(out::heads),
    put<&T::kv_heads>(out::kv_heads), put<&T::head_dim>(out::head_dim),
    put<&T::experts, &Experts::count>(out::experts), put<&T::experts, &Experts::per_token>(out::experts_per_token),
    put<&T::latent, &LatentAttention::kv_lora_rank>(out::kv_lora_rank),
    put<&T::latent, &LatentAttention::qk_rope_head_dim>(out::qk_rope_head_dim),
    put<&T::window, &SlidingWindow::tokens>(out::sliding_window),
    put<&T::window, &SlidingWindow::layers>(out::sliding_window_layers), put<&T::context>(out::context),
    put_above<0, &T::vocabulary>(out::vocabulary), put_above<0, &T::ffn>(out::ffn_hidden),
    put_above<0, &T::experts, &Experts::ffn>(out::expert_ffn_hidden)};
}  // namespace

void to_json(json& j, const Transformer& t) { write_fields(j, t, kTransformerOut); }

}  // namespace planner
