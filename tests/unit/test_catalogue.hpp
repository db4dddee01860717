// The project's real catalogue, loaded once for the tests that compute with it.
#pragma once

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "planner/catalogue.hpp"

namespace test {

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

inline const planner::Catalogue& real_catalogue() {
    static const planner::Catalogue catalogue = [] {
        auto load = planner::load_instances(read_text(ACCELGUIDE_SOURCE_DIR "/data/instances.json"), "data/instances.json");
        if (!load.ok()) throw std::runtime_error(load.errors.front().to_string());
        return load.catalogue;
    }();
    return catalogue;
}

}  // namespace test
