#include "planner/serving_cost.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace planner {

namespace {

constexpr double kActivationBytes = 2;      // bf16 activations between the kernels
constexpr double kElementwiseKernels = 6;   // two norms, rotary, the activation, two residual adds

// The least time of one kernel: the table's graph-launched tiny kernel (engines replay decode
// steps as CUDA graphs), else its eager one.
std::optional<double> launch_of(const OperatorTable& table) {
    std::optional<double> eager;
    for (const KernelRow& r : table.launch) {
        if (r.timing == "graph") return r.seconds;
        eager = r.seconds;
    }
    return eager;
}

// The share of the table's bandwidth its decode-attention rows reach at their best (the batch and
// context that fill the chip). It may pass 1: the bandwidth is the read kernel's, and the H200's
// largest decode row read faster (4.5 TB/s against 4.26).
std::optional<double> decode_share_of(const OperatorTable& table) {
    const std::optional<double> bandwidth = achievable_bandwidth(table);
    if (!bandwidth) return std::nullopt;
    double best = 0;
    for (const KernelRow& r : table.decode_attention)
        if (r.bytes > 0 && r.seconds > 0) best = std::max(best, r.bytes / r.seconds / *bandwidth);
    if (!(best > 0)) return std::nullopt;
    return best;
}

// Sums priced products, count times each, into one price.
struct Priced {
    double seconds = 0, low = 0, high = 0;
    std::size_t rows = 0;
    bool ok = true;

    void add(const ServingBasis& b, double m, double n, double k, double count) {
        if (!ok || !(count > 0) || !(n >= 1) || !(k >= 1)) return;
        const auto p = price_matmul(b.basis, b.shapes, b.dtype, std::max(1.0, std::round(m)), std::round(n), std::round(k));
        if (!p) {
            ok = false;
            return;
        }
        seconds += count * p->seconds;
        low += count * p->low;
        high += count * p->high;
        rows = std::max(rows, p->rows);
    }
    std::optional<OperatorPrice> price() const {
        if (!ok || !(seconds > 0)) return std::nullopt;
        return OperatorPrice{seconds, low, high, rows};
    }
};

// One layer's products for `tokens` tokens on one of t ranks, and the output layer for `logits`.
void add_products(Priced& p, const ServingBasis& b, const Transformer& m, const ServingWidths& w, int t, double tokens,
                  double logits) {
    const double h = m.hidden, layers = m.layers;
    p.add(b, tokens, (w.q + 2 * w.kv) / t, h, layers);
    p.add(b, tokens, h, w.q / t, layers);
    const double up = w.matrices - 1;  // gate and up, one product of their joint width
    if (w.ffn > 0) {
        p.add(b, tokens, up * w.ffn / t, h, layers);
        p.add(b, tokens, h, w.ffn / t, layers);
    }
    if (w.expert_ffn > 0 && m.mixture_of_experts()) {
        const double touched = experts_touched(m, tokens);
        const double routed = tokens * m.experts->per_token / touched;
        p.add(b, routed, up * w.expert_ffn / t, h, layers * touched);
        p.add(b, routed, h, w.expert_ffn / t, layers * touched);
    }
    if (w.vocabulary > 0) p.add(b, logits, w.vocabulary / t, h, 1);
}

// The element-wise work of `tokens` tokens through every layer on one rank.
double elementwise_seconds(const ServingBasis& b, const Transformer& m, const ServingWidths& w, int t, double tokens) {
    const double bytes = elementwise_bytes_per_token(m, w, t) * tokens;
    return m.layers * std::max(bytes / (b.bandwidth * b.elementwise_share), kElementwiseKernels * b.launch_seconds);
}

}  // namespace

std::optional<ServingBasis> serving_basis(const Catalogue& c, const Accelerator& chip, std::string_view dtype) {
    if (dtype != "bf16" && dtype != "fp16" && dtype != "fp8") return std::nullopt;
    const std::optional<OperatorBasis> own = operator_basis(c, chip);
    if (!own) return std::nullopt;
    const std::optional<OperatorBasis> basis = graph_timed_basis(c, *own);
    ServingBasis out{*basis, std::string(dtype), measured_shapes(*basis, dtype)};
    const std::optional<double> bandwidth = achievable_bandwidth(*basis);
    const OperatorTable* elementwise = section_table(c, *basis, &OperatorTable::elementwise);
    const OperatorTable* decode = section_table(c, *basis, &OperatorTable::decode_attention);
    const OperatorTable* launch = section_table(c, *basis, &OperatorTable::launch);
    out.attention = section_table(c, *basis, &OperatorTable::attention);
    out.attention_chip = out.attention ? c.accelerator(out.attention->chip) : nullptr;
    if (out.shapes.empty() || !bandwidth || !elementwise || !decode || !launch || !out.attention_chip) return std::nullopt;
    const std::optional<double> share = elementwise_share(*elementwise);
    const std::optional<double> decode_share = decode_share_of(*decode);
    const std::optional<double> launch_seconds = launch_of(*launch);
    if (!share || !decode_share || !launch_seconds) return std::nullopt;
    out.bandwidth = *bandwidth;
    out.elementwise_share = *share;
    out.decode_share = *decode_share;
    out.launch_seconds = *launch_seconds;
    return out;
}

ServingWidths serving_widths(const Transformer& m) {
    ServingWidths w;
    const double h = m.hidden, layers = std::max(1, m.layers);
    w.q = double(m.heads) * m.head_dim;
    w.kv = double(m.kv_heads) * m.head_dim;
    w.matrices = m.gated ? 3 : 2;
    w.vocabulary = m.vocabulary;
    const double embeddings = double(m.vocabulary) * h * (m.tied_embeddings ? 1 : 2);
    const double attention = h * (w.q + 2 * w.kv) + w.q * h;
    if (m.mixture_of_experts()) {
        const double e = m.experts->count, k = m.experts->per_token;
        const double per_expert = (m.parameters - m.active_parameters) / (e - k);  // all layers
        w.expert_ffn = m.experts->ffn > 0 ? m.experts->ffn : per_expert / (layers * w.matrices * h);
        // What the layers hold beyond attention and the routed experts: shared experts, dense layers.
        const double rest = (m.parameters - e * per_expert - embeddings) / layers - attention;
        w.ffn = std::max(0.0, rest / (w.matrices * h));
    } else {
        w.ffn = m.ffn > 0 ? m.ffn
                                   : std::max(0.0, ((m.parameters - embeddings) / layers - attention) / (w.matrices * h));
    }
    return w;
}

double elementwise_bytes_per_token(const Transformer& m, const ServingWidths& w, int t) {
    const double h = m.hidden;
    const double active_ffn = w.ffn + (m.mixture_of_experts() ? m.experts->per_token * w.expert_ffn : 0);
    // The norms and residual adds run on the whole hidden state on every rank; rotary and the
    // activation on the rank's split of the heads and the feed-forward.
    const double norms = 2 * (2 * h), rotary = 2 * (w.q + w.kv) / t, activation = 3 * active_ffn / t, residual = 2 * (3 * h);
    return (norms + rotary + activation + residual) * kActivationBytes;
}

OperatorPrice ServingParts::total() const {
    const double fixed = attention + elementwise + engine;
    return OperatorPrice{products.seconds + fixed, products.low + fixed, products.high + fixed, products.rows};
}

std::optional<ServingParts> prefill_parts(const ServingBasis& b, const Transformer& m, int t, double prompt, double cached) {
    const ServingWidths w = serving_widths(m);
    const double fresh = prompt - cached;
    Priced p;
    add_products(p, b, m, w, t, fresh, 1);  // logits for the last token only
    const auto rate = attention_rate(*b.attention, *b.attention_chip, *b.basis.target, prompt, true);
    const auto products = p.price();
    if (!rate || !products) return std::nullopt;
    // Causal attention's pairs up to `tokens`, the windowed layers' fewer: 2 · (heads / t) · tokens² ·
    // head_dim without a window. The cached tokens' own pairs were computed when they were cached.
    auto flops = [&](double tokens) {
        return m.window ? 4 * (double(m.heads) / t) * attention_pairs(m, tokens) * m.head_dim
                        : 2 * (double(m.heads) / t) * tokens * tokens * m.head_dim;
    };
    return ServingParts{*products, m.layers * (flops(prompt) - flops(cached)) / *rate, elementwise_seconds(b, m, w, t, fresh),
                        kEngineStepSeconds};
}

std::optional<ServingParts> decode_parts(const ServingBasis& b, const Transformer& m, int t, double batch,
                                         double context, double kv_bytes) {
    const ServingWidths w = serving_widths(m);
    Priced p;
    add_products(p, b, m, w, t, batch, batch);
    const auto products = p.price();
    if (!products) return std::nullopt;
    // Each rank reads its share of the cache: its key-value heads (every one's when there are fewer
    // heads than ranks), or the whole latent (MLA keeps one per token, on every rank).
    const double split = m.latent_attention() ? 1 : std::min(t, std::max(1, m.kv_heads));
    const double bytes = batch * kv_cache_bytes(m, context, kv_bytes) / m.layers / split;
    return ServingParts{*products, m.layers * std::max(bytes / (b.bandwidth * b.decode_share), b.launch_seconds),
                        elementwise_seconds(b, m, w, t, batch), kEngineStepSeconds};
}

std::optional<OperatorPrice> prefill_price(const ServingBasis& b, const Transformer& m, int t, double prompt, double cached) {
    const auto parts = prefill_parts(b, m, t, prompt, cached);
    return parts ? std::optional<OperatorPrice>(parts->total()) : std::nullopt;
}

std::optional<OperatorPrice> decode_price(const ServingBasis& b, const Transformer& m, int t, double batch,
                                          double context, double kv_bytes) {
    const auto parts = decode_parts(b, m, t, batch, context, kv_bytes);
    return parts ? std::optional<OperatorPrice>(parts->total()) : std::nullopt;
}

}  // namespace planner
