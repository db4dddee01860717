// Reading input files whole.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "files.hpp"

namespace {
site::fs::path write_temp(const std::string& name, const std::string& bytes) {
    const site::fs::path path = site::fs::temp_directory_path() / ("accelguide-files-test-" + name);
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}
}  // namespace

TEST_CASE("read_file returns every byte of a file, whatever its size") {
    for (std::size_t size : {std::size_t(0), std::size_t(1), std::size_t(4095), std::size_t(4096), std::size_t(70000)}) {
        CAPTURE(size);
        std::string bytes(size, 'x');
        for (std::size_t i = 0; i < size; ++i) bytes[i] = char('a' + i % 26);
        const auto path = write_temp(std::to_string(size), bytes);
        const auto read = site::read_file(path);
        REQUIRE(read.has_value());
        CHECK(*read == bytes);
        site::fs::remove(path);
    }
}

TEST_CASE("read_file returns nothing for a missing file or a folder") {
    CHECK_FALSE(site::read_file(site::fs::temp_directory_path() / "accelguide-files-test-missing").has_value());
    CHECK_FALSE(site::read_file(site::fs::temp_directory_path()).has_value());
}
