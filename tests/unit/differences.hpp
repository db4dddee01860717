// The differences list of a conformance test (tests/conformance/*-differences.txt): one line per
// upstream test we do not pass on purpose, "id | reason"; "# comments" and blank lines skipped.
#pragma once

#include <map>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "temp_dir.hpp"

namespace test {

inline std::map<std::string, std::string> read_differences(const std::string& file) {
    std::map<std::string, std::string> out;
    std::istringstream lines(read(file));
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] == '#') continue;
        const auto bar = line.find(" | ");
        REQUIRE_MESSAGE(bar != std::string::npos, "expected 'id | reason' in " << file << ": " << line);
        out[line.substr(0, bar)] = line.substr(bar + 3);
    }
    return out;
}

}  // namespace test
