// The project's real catalogue (data/*.json), loaded once for the tests that compute with it.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "planner/catalogue.hpp"

namespace test {

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// A Hugging Face config.json of tests/fixtures/model-configs, by its file's name.
inline nlohmann::json model_config_fixture(const std::string& name) {
    return nlohmann::json::parse(read_text(std::string(ACCELGUIDE_SOURCE_DIR) + "/tests/fixtures/model-configs/" + name + ".json"));
}

inline planner::CatalogueFiles real_files() {
    planner::CatalogueFiles files;
    const std::string root = ACCELGUIDE_SOURCE_DIR;
    for (auto* f : files.all()) f->text = read_text(root + "/" + f->name);
    std::vector<std::string> tables;
    for (const auto& e : std::filesystem::directory_iterator(root + "/data/operators"))
        if (e.path().extension() == ".json") tables.push_back("data/operators/" + e.path().filename().string());
    std::sort(tables.begin(), tables.end());
    for (const std::string& name : tables) files.operators.push_back({name, read_text(root + "/" + name)});
    return files;
}

inline const planner::Catalogue& real_catalogue() {
    static const planner::Catalogue catalogue = [] {
        auto load = planner::load_catalogue(real_files());
        if (!load.ok()) throw std::runtime_error(load.errors.front().to_string());
        return load.catalogue;
    }();
    return catalogue;
}

}  // namespace test
