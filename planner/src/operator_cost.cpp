#include "planner/operator_cost.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace planner {

namespace {

constexpr std::size_t kNeighbours = 4;  // measured shapes a price rests on
constexpr double kOutputBytes = 2;      // products write bf16

double operand_bytes(std::string_view dtype) {
    if (dtype == "fp8") return 1;
    if (dtype == "fp4") return 0.5;
    return 2;  // bf16, fp16
}

double distance2(const MatmulRow& r, double m, double n, double k) {
    const auto d = [](double a, double b) { return std::log2(a) - std::log2(b); };
    return d(r.m, m) * d(r.m, m) + d(r.n, n) * d(r.n, n) + d(r.k, k) * d(r.k, k);
}

}  // namespace

std::optional<double> achievable_bandwidth(const OperatorTable& table) {
    const KernelRow* best = nullptr;
    for (const char* op : {"read", "copy"}) {
        for (const KernelRow& r : table.bandwidth)
            if (r.op == op && r.bytes > 0 && (!best || r.bytes > best->bytes)) best = &r;
        if (best) return best->bytes / best->seconds;
    }
    return std::nullopt;
}

std::optional<double> matmul_roofline(const OperatorTable& table, const Accelerator& chip, std::string_view dtype,
                                      double m, double n, double k) {
    const auto peak = chip.peak_tflops.find(std::string(dtype));
    const std::optional<double> bandwidth = achievable_bandwidth(table);
    if (peak == chip.peak_tflops.end() || !(peak->second.value > 0) || !bandwidth) return std::nullopt;
    const double compute = 2 * m * n * k / (peak->second.value * 1e12);
    const double memory = ((m * k + k * n) * operand_bytes(dtype) + m * n * kOutputBytes) / *bandwidth;
    return std::max(compute, memory);
}

std::optional<OperatorPrice> price_matmul(const OperatorTable& table, const Accelerator& chip, std::string_view dtype,
                                          double m, double n, double k) {
    if (!(m >= 1 && n >= 1 && k >= 1)) return std::nullopt;
    const std::optional<double> roofline = matmul_roofline(table, chip, dtype, m, n, k);
    if (!roofline) return std::nullopt;
    struct Near {
        double d2, efficiency;
    };
    std::vector<Near> near;
    for (const MatmulRow& r : table.matmul)
        if (r.dtype == dtype)
            near.push_back({distance2(r, m, n, k), *matmul_roofline(table, chip, dtype, r.m, r.n, r.k) / r.seconds});
    if (near.empty()) return std::nullopt;
    std::sort(near.begin(), near.end(), [](const Near& a, const Near& b) { return a.d2 < b.d2; });
    // A shape measured (perhaps more than once) prices at its own measurements alone.
    const auto exact = std::find_if(near.begin(), near.end(), [](const Near& x) { return x.d2 > 1e-12; });
    const std::size_t used = exact != near.begin() ? std::size_t(exact - near.begin()) : std::min(kNeighbours, near.size());
    double weights = 0, weighted = 0, least = near[0].efficiency, most = near[0].efficiency;
    for (std::size_t i = 0; i < used; ++i) {
        const double w = near[i].d2 > 1e-12 ? 1 / near[i].d2 : 1;
        weights += w;
        weighted += w * near[i].efficiency;
        least = std::min(least, near[i].efficiency);
        most = std::max(most, near[i].efficiency);
    }
    return OperatorPrice{*roofline / (weighted / weights), *roofline / most, *roofline / least, used};
}

}  // namespace planner
