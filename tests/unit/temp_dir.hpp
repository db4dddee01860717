// Test helpers for files: a temporary folder and reading a file whole.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <doctest/doctest.h>

#include "files.hpp"

namespace test {

namespace fs = std::filesystem;

// A fresh, empty folder under the system temp folder, removed when the test ends.
struct TempDir {
    fs::path path;
    TempDir() {
        path = fs::temp_directory_path() / ("accelguide-test-" + std::to_string(std::rand()) + "-" +
                                            std::to_string(reinterpret_cast<std::uintptr_t>(this)));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

inline std::string read(const fs::path& p) {
    auto text = site::read_file(p);
    REQUIRE_MESSAGE(text, "cannot read " << p);
    return *text;
}

}  // namespace test
