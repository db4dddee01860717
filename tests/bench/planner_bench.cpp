// The compare sweep, natively: the whole catalogue × instance counts 1…4096 × the layout search,
// through planner::plan exactly as the CLI and the browser call it. Prints the median of N runs.
//   planner_bench ROOT REQUEST.json [RUNS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "files.hpp"
#include "planner/api.hpp"
#include "plan.hpp"

namespace {
std::string read(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}
}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: planner_bench ROOT REQUEST.json [RUNS]\n");
        return 2;
    }
    // The catalogue as the CLI reads it, operator tables included (site/build/files.hpp): without them
    // the planner would fall back to assumed speeds, another job than the module's.
    planner::CatalogueFiles files;
    if (const auto problems = site::read_catalogue_files(argv[1], files); !problems.empty()) {
        std::fprintf(stderr, "%s: %s\n", problems.front().path.c_str(), problems.front().message.c_str());
        return 1;
    }
    const planner::CatalogueLoad load = planner::load_catalogue(files);
    if (!load.ok()) {
        std::fprintf(stderr, "%s\n", load.errors.front().to_string().c_str());
        return 1;
    }
    const std::string request = read(argv[2]);
    const int runs = argc > 3 ? std::atoi(argv[3]) : 200;
    std::vector<double> ms;
    std::size_t bytes = 0;
    for (int i = 0; i < runs + 5; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const std::string response = site::plan(load.catalogue, request);
        const auto end = std::chrono::steady_clock::now();
        bytes = response.size();
        if (i >= 5) ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());  // after warm-up
    }
    std::sort(ms.begin(), ms.end());
    std::printf("{\"median_ms\": %.4f, \"runs\": %d, \"response_bytes\": %zu}\n", ms[ms.size() / 2], runs, bytes);
    return 0;
}
