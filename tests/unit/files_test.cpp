// Reading input files whole.
#include <doctest/doctest.h>

#include <fstream>
#include <sys/stat.h>
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

TEST_CASE("read_input refuses a FIFO and a device without waiting, and stops a file at its limit") {
    const site::fs::path fifo = site::fs::temp_directory_path() / "accelguide-files-test-fifo";
    site::fs::remove(fifo);
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const site::InputFile from_fifo = site::read_input(fifo, 1024);  // no writer: a blocking open would hang here
    CHECK_FALSE(from_fifo.text.has_value());
    CHECK(from_fifo.problem.code == "load.not_a_file");
    site::fs::remove(fifo);
    const site::InputFile from_zero = site::read_input("/dev/zero", 1024);  // endless: never read
    CHECK(from_zero.problem.code == "load.not_a_file");

    const auto path = write_temp("limit", std::string(2048, 'x'));
    CHECK(site::read_input(path, 2048).text == std::string(2048, 'x'));
    const site::InputFile over = site::read_input(path, 2047);
    CHECK_FALSE(over.text.has_value());
    CHECK(over.problem.code == "load.too_large");
    CHECK(over.problem.message == "this file is 2 KB; files here are limited to 2 KB");
    site::fs::remove(path);
}
