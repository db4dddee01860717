// What one operation costs on one chip, priced from a measured operator table
// (operator_table.hpp): the first layer of issue 37's operator-level model. Pure functions.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "planner/catalogue.hpp"
#include "planner/memory.hpp"

namespace planner {

/// The measured table a chip is priced from: its own, or a named sibling's (borrowed), whose
/// efficiencies against its own peak and bandwidth are carried over to the chip's.
struct OperatorBasis {
    const OperatorTable* table = nullptr;
    const Accelerator* measured = nullptr;  // the chip the table was measured on
    const Accelerator* target = nullptr;    // the chip priced
    bool borrowed() const { return measured != target; }
};

/// The chip's own table, else its sibling's: B200, GB200's B200, B300 and the A100s borrow the
/// H200's (Hopper's kernels' efficiency on Blackwell's and Ampere's peaks: labelled, and their range
/// widened). Nothing for a chip with neither: it keeps its published utilisation (the V100) or an
/// assumed one.
std::optional<OperatorBasis> operator_basis(const Catalogue& c, const Accelerator& chip);

/// The same-die sibling whose table fills the sections the basis' table lacks (the H100's note
/// measured no attention, element-wise kernels, graph-timed products or busy power: the H200 is the
/// same die and peak), for the basis' target; nothing for a table with no such sibling.
std::optional<OperatorBasis> section_sibling(const Catalogue& c, const OperatorBasis& basis);

/// The basis a runtime that replays CUDA graphs (a serving engine's decode steps) is priced from:
/// the chip's own when its products were timed as graphs, else its same-die sibling's graph-timed
/// products, borrowed: a product timed one launch at a time carries the host's launch, which
/// outweighs the kernel in a decode's small shapes (the H100's rows from the research note).
OperatorBasis graph_timed_basis(const Catalogue& c, const OperatorBasis& basis);

/// The widening of a borrowed table's span of efficiencies, each way.
inline constexpr double kBorrowedWidening = 0.15;

/// A predicted note's parts that cite its table: the file, the device, the date measured and the
/// PyTorch version ("data/operators/h200.json", "NVIDIA H200", "2026-11-27", "2.11.0+cu130").
std::vector<std::string> table_citation(const OperatorTable& t);

/// A predicted note's parts for a borrowed basis: the chip, the chip measured and the widening of
/// the range each way in percent ("B200", "NVIDIA H200", "15").
std::vector<std::string> borrowed_parts(const OperatorBasis& basis);

/// A predicted time and its range: `low` and `high` come from the most and least efficient of the
/// measured rows the prediction rests on (widened when borrowed), so a shape between
/// well-measured neighbours has a narrow range and one far from any measurement a wide one.
struct OperatorPrice {
    double seconds = 0, low = 0, high = 0;
    std::size_t rows = 0;  // measured rows it rests on
};

/// Sustained memory bandwidth, bytes/s: the table's largest read (else copy) measurement.
std::optional<double> achievable_bandwidth(const OperatorTable& table);

/// The target chip's sustained bandwidth: its own specification times the share of its
/// specification the measured chip sustained (the measurement itself when not borrowed).
std::optional<double> achievable_bandwidth(const OperatorBasis& basis);

/// The least time an M×N×K product in `dtype` can take on `chip` at `bandwidth`: its FLOPs at the
/// dense peak of that precision or its operands (and bf16 output) at the bandwidth, whichever is
/// longer. Nothing without a peak for the precision.
std::optional<double> matmul_roofline(const Accelerator& chip, double bandwidth, std::string_view dtype,
                                      double m, double n, double k);

/// An M×N×K product in `dtype` (bf16, fp16, fp8, fp4; fp16 priced from the bf16 rows) on the basis'
/// target: its roofline divided by the efficiency (roofline ÷ measured time) of the nearest measured
/// shapes of the same precision, nearest in log2 of M, N and K, weighted by inverse square distance.
/// A measured shape prices at its measured time. Nothing when the table has no row of the
/// precision or the chip no peak for it.
std::optional<OperatorPrice> price_matmul(const OperatorBasis& basis, std::string_view dtype, double m, double n, double k);

/// A basis' measured shapes of one precision with their efficiencies, for pricing many products
/// at once (price_matmul above builds them for each call).
struct ShapeEfficiency {
    double log2_m = 0, log2_n = 0, log2_k = 0, efficiency = 0;
};
using MeasuredShapes = std::vector<ShapeEfficiency>;
MeasuredShapes measured_shapes(const OperatorBasis& basis, std::string_view dtype);
std::optional<OperatorPrice> price_matmul(const OperatorBasis& basis, const MeasuredShapes& shapes, std::string_view dtype,
                                          double m, double n, double k);

/// The rate of a transformer layer's matrix products on one accelerator, FLOP/s, forward and
/// backward (each forward M×N×K product also runs as M×K×N for the input's gradient and K×N×M for
/// the weight's), with the output layer's share (1/L of it per layer): the products' FLOPs over their
/// priced times, each product's shape split by the tensor-parallel degree and run on the
/// micro-batch's tokens (b · s / c; a routed expert sees its share, k/E of them).
struct MultiplyRate {
    double flops_per_second = 0, low = 0, high = 0;
};

/// One forward product of a layer, M×N×K, and how many of it one layer runs on one rank.
struct LayerProduct {
    double m = 0, n = 0, k = 0, count = 1;
};
/// A layer's forward products on one rank: the attention's QKV and output projections, the
/// feed-forward's (or the routed experts', E/e of them on the tokens routed to each) and the
/// output layer's share (1/L of one).
std::vector<LayerProduct> layer_products(const Transformer& shape, const Layout& layout,
                                         const Experts* experts);
std::optional<MultiplyRate> layer_multiply_rate(const OperatorBasis& basis, std::string_view dtype, const Transformer& shape,
                                                const Layout& layout, const Experts* experts);

/// Bytes an fp8 recipe moves per layer and micro-batch to quantize what its products read (each
/// forward product's input, each backward's output gradient: read in 16 bits, written in 8), at the
/// memory's bandwidth: work the 16-bit recipe does not do.
double fp8_cast_bytes(const Transformer& shape, const Layout& layout, const Experts* experts);

/// The table holding a section's rows (&OperatorTable::attention, ::elementwise) for a basis: its
/// own, else a chip of the same compute's (the H100's note has neither; the H200 shares its die).
/// Nothing when neither has them.
const OperatorTable* section_table(const Catalogue& c, const OperatorBasis& basis,
                                   std::vector<KernelRow> OperatorTable::*section);

/// The share of the table's sustained bandwidth its element-wise kernels reach as PyTorch runs them
/// (norms, SwiGLU, rotary, residual adds, softmax; each at its largest measured size, past the
/// caches), one harmonic mean over the operations: the memory-bound work's rate is this share of
/// the bandwidth, not all of it.
std::optional<double> elementwise_share(const OperatorTable& table);

/// Causal flash attention's rate on `target`, forward and backward together, FLOP/s as the planner
/// counts them (attention_flops_per_token, three times): the measured rows' share of the measured
/// chip's bf16 peak, interpolated in log2 of the sequence (held at the ends), times the target's.
/// `forward_only`: the forward pass alone (a prefill), from the flash_forward rows, FLOPs counted once.
std::optional<double> attention_rate(const OperatorTable& table, const Accelerator& measured, const Accelerator& target,
                                     double sequence, bool forward_only = false);

}  // namespace planner
