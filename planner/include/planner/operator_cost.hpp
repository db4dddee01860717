// What one operation costs on one chip, priced from the chip's measured operator table
// (operator_table.hpp): the first layer of issue 37's operator-level model. Pure functions.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

#include "planner/catalogue.hpp"

namespace planner {

/// A predicted time and its range: `low` and `high` come from the most and least efficient of the
/// measured rows the prediction rests on, so a shape between well-measured neighbours has a narrow
/// range and one far from any measurement a wide one.
struct OperatorPrice {
    double seconds = 0, low = 0, high = 0;
    std::size_t rows = 0;  // measured rows it rests on
};

/// Sustained memory bandwidth, bytes/s: the table's largest read (else copy) measurement.
std::optional<double> achievable_bandwidth(const OperatorTable& table);

/// The least time an M×N×K product in `dtype` can take on the chip: its FLOPs at the dense peak of
/// that precision or its operands (and bf16 output) at the table's bandwidth, whichever is longer.
std::optional<double> matmul_roofline(const OperatorTable& table, const Accelerator& chip, std::string_view dtype,
                                      double m, double n, double k);

/// An M×N×K product in `dtype` (bf16, fp16, fp8, fp4) on the chip: its roofline divided by the
/// efficiency (roofline ÷ measured time) of the nearest measured shapes of the same precision,
/// nearest in log2 of M, N and K, weighted by inverse square distance. A measured shape prices at
/// its measured time. Nothing when the table has no row of the precision or the chip no peak for it.
std::optional<OperatorPrice> price_matmul(const OperatorTable& table, const Accelerator& chip, std::string_view dtype,
                                          double m, double n, double k);

}  // namespace planner
