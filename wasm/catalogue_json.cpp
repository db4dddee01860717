// Build-time tool, run under Node: validates the embedded data/*.json with the full loader and
// writes the catalogue in its canonical form (planner::to_json, compact) to the file named by
// argv[1]. The calculators' module embeds that file and reads it with from_json, so the browser
// neither validates nor tracks positions: the data is checked once, here, and a bad file fails
// the build with file:line:column.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"

extern const char kSourcesJson[];
extern const char kAcceleratorsJson[];
extern const char kInstancesJson[];
extern const char kRegionsJson[];
extern const char kBenchmarksJson[];
extern const char kModelsJson[];
extern const char kPricesJson[];
extern const char kCurrencyJson[];
extern const char kModel_errorJson[];

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: catalogue_json OUTPUT.json [data/operators/CHIP.json ...]\n";
        return 2;
    }
    planner::CatalogueFiles files;
    files.sources.text = kSourcesJson;
    files.accelerators.text = kAcceleratorsJson;
    files.instances.text = kInstancesJson;
    files.regions.text = kRegionsJson;
    files.benchmarks.text = kBenchmarksJson;
    files.models.text = kModelsJson;
    files.prices.text = kPricesJson;
    files.currency.text = kCurrencyJson;
    files.model_error.text = kModel_errorJson;
    // The measured operator tables, read from disk (Node's file system), named as the site names them.
    for (int i = 2; i < argc; ++i) {
        std::ifstream in(argv[i], std::ios::binary);
        if (!in) {
            std::cerr << argv[i] << ": cannot read this file\n";
            return 1;
        }
        std::ostringstream text;
        text << in.rdbuf();
        const std::string path = argv[i];
        files.operators.push_back({"data/operators/" + path.substr(path.find_last_of('/') + 1), text.str()});
    }
    const planner::CatalogueLoad load = planner::load_catalogue(files);
    for (const auto& e : load.errors) std::cerr << e.to_string() << '\n';
    if (!load.ok()) return 1;
    std::ofstream out(argv[1], std::ios::binary);
    out << planner::catalogue_without_notes(load.catalogue).dump();
    return out.good() ? 0 : 1;
}
