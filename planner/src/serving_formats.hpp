// The weight and KV-cache formats a serving request may name: read by serving_request.cpp,
// planned with by serving.cpp.
#pragma once

#include <cstddef>
#include <set>
#include <string>

#include "planner/request_fields.hpp"

namespace planner {
namespace serving_formats {

// Bytes per element of each weight and KV-cache precision a request may name, and the chip peak
// that says the chip computes in it (weight-only int8/int4 need int8 support).
struct Storage {
    const char* name;
    double bytes;
    const char* needs;
};
inline constexpr Storage kWeightFormats[] = {{"bf16", 2, "bf16"}, {"fp16", 2, "fp16"}, {"fp8", 1, "fp8"},
                                      {"int8", 1, "int8"}, {"int4", 0.5, "int8"}, {"fp4", 0.5, "fp4"}};
inline constexpr Storage kKvFormats[] = {{"bf16", 2, "bf16"}, {"fp16", 2, "fp16"}, {"fp8", 1, "fp8"}};

template <std::size_t N>
const Storage& format(const Storage (&formats)[N], const std::string& name) {
    for (const Storage& f : formats)
        if (name == f.name) return f;
    return formats[0];  // the reader allows only the names above
}
template <std::size_t N>
std::vector<std::string> names_of(const Storage (&formats)[N]) {
    std::vector<std::string> out;
    for (const Storage& f : formats) out.push_back(f.name);
    return out;
}

inline constexpr int kMaxConcurrency = int(fields::serve::concurrency.max);  // the most a request may give

}  // namespace serving_formats
}  // namespace planner
