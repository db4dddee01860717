#include "planner/operator_cost.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "planner/request_reader.hpp"

namespace planner {

namespace {

constexpr std::size_t kNeighbours = 4;  // measured shapes a price rests on
constexpr double kSameShape = 1e-12;    // squared log2 distance within which a row is the shape priced
constexpr double kOutputBytes = 2;      // products write bf16

// The chips that borrow a sibling's table, and whose: the same kernels' efficiency against the
// roofline, carried to a chip with no measurement of its own, labelled so and widened
// kBorrowedWidening each way. The A100s borrow across a generation: until 2026-11-29 they took
// Megatron-LM's published 52% HFU instead, an end-to-end figure; on the fit third's 20 A100 cases
// the borrowed table's prediction misses by a median of 13.8% where that default missed by 19.0%.
const std::pair<const char*, const char*> kSiblings[] = {{"b200", "h200"}, {"b200-gb200", "h200"}, {"b300", "h200"}, {"a100-40gb", "h200"}, {"a100-80gb", "h200"}};
// A table without a section's rows takes them from a chip of the same compute: the H100's note
// measured no attention or element-wise kernels; the H200 is the same die and peak.
const std::pair<const char*, const char*> kSectionSiblings[] = {{"h100-sxm", "h200"}};

double operand_bytes(std::string_view dtype) {
    if (dtype == "fp8") return 1;
    if (dtype == "fp4") return 0.5;
    return 2;  // bf16, fp16
}

// The table's rows for a precision: fp16 runs on the same units as bf16, at the same peak.
std::string_view rows_of(std::string_view dtype) { return dtype == "fp16" ? "bf16" : dtype; }

}  // namespace

std::optional<OperatorBasis> operator_basis(const Catalogue& c, const Accelerator& chip) {
    if (const OperatorTable* own = c.operators_of(chip.id)) return OperatorBasis{own, &chip, &chip};
    for (const auto& [borrower, sibling] : kSiblings) {
        if (chip.id != borrower) continue;
        const OperatorTable* table = c.operators_of(sibling);
        const Accelerator* measured = c.accelerator(sibling);
        if (table && measured) return OperatorBasis{table, measured, &chip};
    }
    return std::nullopt;
}

std::optional<OperatorBasis> section_sibling(const Catalogue& c, const OperatorBasis& basis) {
    for (const auto& [chip, sibling] : kSectionSiblings) {
        if (basis.table->chip != chip) continue;
        const OperatorTable* table = c.operators_of(sibling);
        const Accelerator* measured = c.accelerator(sibling);
        if (table && measured) return OperatorBasis{table, measured, basis.target};
    }
    return std::nullopt;
}

OperatorBasis graph_timed_basis(const Catalogue& c, const OperatorBasis& basis) {
    const auto graphs = [](const OperatorTable& t) {
        return std::any_of(t.matmul.begin(), t.matmul.end(), [](const MatmulRow& r) { return r.timing == "graph"; });
    };
    if (graphs(*basis.table)) return basis;
    const std::optional<OperatorBasis> sibling = section_sibling(c, basis);
    return sibling && graphs(*sibling->table) ? *sibling : basis;
}

std::vector<std::string> table_citation(const OperatorTable& t) {
    return {t.file, t.device, t.measured, t.software.count("torch") ? t.software.at("torch") : std::string("?")};
}

std::vector<std::string> borrowed_parts(const OperatorBasis& basis) {
    return {basis.target->name, basis.measured->name, format_number(kBorrowedWidening * 100)};
}

std::optional<double> achievable_bandwidth(const OperatorTable& table) {
    const KernelRow* best = nullptr;
    for (const char* op : {"read", "copy"}) {
        for (const KernelRow& r : table.bandwidth)
            if (r.op == op && r.bytes > 0 && (!best || r.bytes > best->bytes)) best = &r;
        if (best) return best->bytes / best->seconds;
    }
    return std::nullopt;
}

std::optional<double> achievable_bandwidth(const OperatorBasis& basis) {
    const std::optional<double> measured = achievable_bandwidth(*basis.table);
    if (!measured || !basis.borrowed()) return measured;
    if (!basis.measured->memory_bandwidth || !basis.target->memory_bandwidth) return std::nullopt;
    return *measured / (basis.measured->memory_bandwidth->value * 1e9) * basis.target->memory_bandwidth->value * 1e9;
}

std::optional<double> matmul_roofline(const Accelerator& chip, double bandwidth, std::string_view dtype,
                                      double m, double n, double k) {
    const auto peak = chip.peak_tflops.find(std::string(dtype));
    if (peak == chip.peak_tflops.end() || !(peak->second.value > 0) || !(bandwidth > 0)) return std::nullopt;
    const double compute = 2 * m * n * k / (peak->second.value * 1e12);
    const double memory = ((m * k + k * n) * operand_bytes(dtype) + m * n * kOutputBytes) / bandwidth;
    return std::max(compute, memory);
}

MeasuredShapes measured_shapes(const OperatorBasis& basis, std::string_view dtype) {
    MeasuredShapes out;
    const std::optional<double> measured_bw = achievable_bandwidth(*basis.table);
    if (!measured_bw) return out;
    for (const MatmulRow& r : basis.table->matmul) {
        if (r.dtype != rows_of(dtype)) continue;
        const auto own = matmul_roofline(*basis.measured, *measured_bw, r.dtype, r.m, r.n, r.k);
        if (own) out.push_back({std::log2(r.m), std::log2(r.n), std::log2(r.k), *own / r.seconds});
    }
    return out;
}

std::optional<OperatorPrice> price_matmul(const OperatorBasis& basis, const MeasuredShapes& shapes, std::string_view dtype,
                                          double m, double n, double k) {
    if (!(m >= 1 && n >= 1 && k >= 1) || shapes.empty()) return std::nullopt;
    const std::optional<double> target_bw = achievable_bandwidth(basis);
    if (!target_bw) return std::nullopt;
    const std::optional<double> roofline = matmul_roofline(*basis.target, *target_bw, dtype, m, n, k);
    if (!roofline) return std::nullopt;
    const double lm = std::log2(m), ln = std::log2(n), lk = std::log2(k);
    const auto distance = [&](const ShapeEfficiency& r) {
        return (r.log2_m - lm) * (r.log2_m - lm) + (r.log2_n - ln) * (r.log2_n - ln) + (r.log2_k - lk) * (r.log2_k - lk);
    };
    // A shape measured (perhaps more than once) prices at its own measurements alone; any other at
    // its kNeighbours nearest.
    std::size_t used = 0;
    for (const ShapeEfficiency& r : shapes) used += distance(r) <= kSameShape;
    if (used == 0) used = std::min(kNeighbours, shapes.size());
    // The `used` nearest, nearest first; rows at the same distance keep the table's order, so every
    // build (native, wasm) takes the same neighbours. A selection, not a sort: this runs for every
    // product of every layout and decode step tried.
    struct Near {
        double d2, efficiency;
    };
    std::vector<Near> near;
    near.reserve(used + 1);
    for (const ShapeEfficiency& r : shapes) {
        const Near x{distance(r), r.efficiency};
        if (near.size() == used && !(x.d2 < near.back().d2)) continue;
        if (near.size() == used) near.pop_back();
        near.push_back(x);
        for (std::size_t j = near.size() - 1; j > 0 && near[j - 1].d2 > near[j].d2; --j) std::swap(near[j - 1], near[j]);
    }
    double weights = 0, weighted = 0, least = near[0].efficiency, most = near[0].efficiency;
    for (const Near& x : near) {
        const double w = x.d2 > kSameShape ? 1 / x.d2 : 1;
        weights += w;
        weighted += w * x.efficiency;
        least = std::min(least, x.efficiency);
        most = std::max(most, x.efficiency);
    }
    const double widen = basis.borrowed() ? kBorrowedWidening : 0;
    return OperatorPrice{*roofline / (weighted / weights), *roofline / (most * (1 + widen)),
                         *roofline / (least * (1 - widen)), used};
}

std::optional<OperatorPrice> price_matmul(const OperatorBasis& basis, std::string_view dtype, double m, double n, double k) {
    return price_matmul(basis, measured_shapes(basis, dtype), dtype, m, n, k);
}

std::vector<LayerProduct> layer_products(const Transformer& shape, const Layout& layout,
                                         const Experts* experts) {
    const double t = layout.tensor, h = shape.hidden, layers = std::max(1, shape.layers);
    const double tokens = double(layout.micro_batch) * shape.sequence / layout.context;
    const double q = shape.heads * shape.head_width();
    const double kv = shape.key_value_width() > 0 ? shape.key_value_width() : q;
    std::vector<LayerProduct> forward = {{tokens, (q + 2 * kv) / t, h, 1}, {tokens, h, q / t, 1}};
    if (experts && experts->count > 0 && experts->per_token > 0) {
        // E/e experts on this rank, each on the tokens routed to it from the e ranks of its group.
        const double ffn = experts->ffn ? experts->ffn : shape.ffn ? shape.ffn : 4 * h;
        const double held = double(experts->count) / layout.expert;
        const double routed = tokens * experts->per_token * layout.expert / experts->count;
        forward.push_back({routed, (shape.gated ? 2 : 1) * ffn / t, h, held});
        forward.push_back({routed, h, ffn / t, held});
    } else {
        const double ffn = shape.ffn ? shape.ffn : 4 * h;
        forward.push_back({tokens, (shape.gated ? 2 : 1) * ffn / t, h, 1});
        forward.push_back({tokens, h, ffn / t, 1});
    }
    if (shape.vocabulary > 0) forward.push_back({tokens, shape.vocabulary / t, h, 1 / layers});
    return forward;
}

std::optional<MultiplyRate> layer_multiply_rate(const OperatorBasis& basis, std::string_view dtype, const Transformer& shape,
                                                const Layout& layout, const Experts* experts) {
    const MeasuredShapes shapes = measured_shapes(basis, dtype);
    double flops = 0, seconds = 0, fastest = 0, slowest = 0;
    for (const LayerProduct& f : layer_products(shape, layout, experts)) {
        // The forward product, then the backward's two: the input's gradient and the weight's.
        const std::array<std::array<double, 3>, 3> passes = {{{f.m, f.n, f.k}, {f.m, f.k, f.n}, {f.k, f.n, f.m}}};
        for (const auto& [m, n, k] : passes) {
            const double mm = std::max(1.0, std::round(m)), nn = std::max(1.0, std::round(n)), kk = std::max(1.0, std::round(k));
            const auto price = price_matmul(basis, shapes, dtype, mm, nn, kk);
            if (!price) return std::nullopt;
            flops += f.count * 2 * mm * nn * kk;
            seconds += f.count * price->seconds;
            fastest += f.count * price->low;
            slowest += f.count * price->high;
        }
    }
    if (!(seconds > 0)) return std::nullopt;
    return MultiplyRate{flops / seconds, flops / slowest, flops / fastest};
}

double fp8_cast_bytes(const Transformer& shape, const Layout& layout, const Experts* experts) {
    double elements = 0;
    for (const LayerProduct& f : layer_products(shape, layout, experts)) elements += f.count * f.m * (f.k + f.n);
    return elements * 3;  // each element read in 16 bits and written in 8
}

const OperatorTable* section_table(const Catalogue& c, const OperatorBasis& basis,
                                   std::vector<KernelRow> OperatorTable::*section) {
    if (!(basis.table->*section).empty()) return basis.table;
    const std::optional<OperatorBasis> sibling = section_sibling(c, basis);
    return sibling && !(sibling->table->*section).empty() ? sibling->table : nullptr;
}

std::optional<double> elementwise_share(const OperatorTable& table) {
    // The largest size of each operation (past the caches), one harmonic mean over the operations.
    const std::optional<double> bandwidth = achievable_bandwidth(table);
    if (!bandwidth) return std::nullopt;
    std::map<std::string, const KernelRow*> largest;
    for (const KernelRow& r : table.elementwise) {
        if (r.op == "cross_entropy" || !(r.bytes > 0)) continue;  // the loss is priced with the output layer
        const KernelRow*& at = largest[r.op];
        if (!at || r.bytes > at->bytes) at = &r;
    }
    if (largest.empty()) return std::nullopt;
    double inverse = 0;
    for (const auto& [op, r] : largest) inverse += 1 / std::min(1.0, r->bytes / r->seconds / *bandwidth);
    return double(largest.size()) / inverse;
}

std::optional<double> attention_rate(const OperatorTable& table, const Accelerator& measured, const Accelerator& target,
                                     double sequence, bool forward_only) {
    // Rows of forward and backward together (or the forward alone), by sequence: each row's FLOPs as
    // the planner counts them (3 × the causal forward, 2·B·H·S²·D; once forward) over its time,
    // against the measured chip's bf16 peak.
    const char* op = forward_only ? "flash_forward" : "flash_forward_backward";
    const double passes = forward_only ? 1 : 3;
    std::vector<std::pair<double, double>> rows;  // log2 S, share of the peak
    const auto peak = [](const Accelerator& a) {
        auto it = a.peak_tflops.find("bf16");
        return it == a.peak_tflops.end() ? 0.0 : it->second.value * 1e12;
    };
    if (!(peak(measured) > 0) || !(peak(target) > 0) || !(sequence > 0)) return std::nullopt;
    for (const KernelRow& r : table.attention) {
        if (r.op != op) continue;
        const auto get = [&](const char* key) { auto it = r.shape.find(key); return it == r.shape.end() ? 0.0 : it->second; };
        const double s = get("sequence"), flops = passes * 2 * get("batch") * get("heads") * s * s * get("head_dim");
        if (s > 0 && flops > 0) rows.push_back({std::log2(s), flops / r.seconds / peak(measured)});
    }
    if (rows.empty()) return std::nullopt;
    std::sort(rows.begin(), rows.end());
    const double x = std::log2(sequence);
    double share = x <= rows.front().first ? rows.front().second : rows.back().second;
    for (std::size_t i = 1; i < rows.size(); ++i)
        if (x >= rows[i - 1].first && x <= rows[i].first) {
            const double w = rows[i].first > rows[i - 1].first ? (x - rows[i - 1].first) / (rows[i].first - rows[i - 1].first) : 0;
            share = rows[i - 1].second + w * (rows[i].second - rows[i - 1].second);
        }
    return share * peak(target);
}

}  // namespace planner
