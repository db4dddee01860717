// One GPU's measured operator costs: data/operators/<chip>.json, written by the measurement kit
// (scripts/measure/). Each row is a shape and its device time; rates are derived where they are used
// (operator_cost.hpp), so no figure is stored twice.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/error.hpp"

namespace planner {

/// A matrix product: M tokens × N outputs × K inputs, in `dtype` ("bf16", "fp8").
struct MatmulRow {
    std::string dtype;
    double m = 0, n = 0, k = 0;
    double seconds = 0;
    std::string timing;  // "graph" (CUDA-graph replays: the kernel alone) or "eager" (with the host's launch)
};

/// Any other timed kernel: its operation, its shape by name (tokens, hidden, batch, sequence,
/// heads, head_dim, context, kv_heads, parameters, as the kit writes them), the bytes it must move
/// where the kit states them, and its time.
struct KernelRow {
    std::string op;
    std::map<std::string, double> shape;
    double bytes = 0;  // 0 where the kit gives none (attention: FLOPs follow from the shape)
    double seconds = 0;
    std::string timing;  // "graph" or "eager"
};

/// Board power while a workload runs back to back (NVML: the board, no host).
struct PowerRow {
    std::string state;  // idle, matmul_bf16_8192, copy_2gib, matmul_m32_weight_read
    double median_w = 0, p10_w = 0, p90_w = 0;
};

struct OperatorTable {
    std::string file;      // data/operators/h200.json
    std::string chip;      // the accelerator's id
    std::string source;    // the measurement's id, quoted with the file and date by what uses it
    std::string measured;  // YYYY-MM-DD
    std::string mode;      // quick, full, research-note
    std::string device;    // as the driver names it
    std::map<std::string, std::string> software;  // torch, cuda, driver, python
    std::vector<KernelRow> bandwidth;              // op copy | read; bytes
    std::vector<MatmulRow> matmul;
    std::vector<KernelRow> elementwise, attention, decode_attention, optimizer, launch;
    std::vector<PowerRow> power;
    std::map<std::string, std::string> missing;  // section → why it was not measured
};

/// The catalogue's canonical form of a table (what the wasm module embeds; rows as arrays).
void to_json(nlohmann::json& j, const OperatorTable& t);
void from_json(const nlohmann::json& j, OperatorTable& t);

}  // namespace planner
