// parallel_for: every index once, and an exception on a worker thread reaches the caller.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "parallel.hpp"

TEST_CASE("parallel_for runs every index exactly once on several threads") {
    std::vector<std::atomic<int>> runs(1000);
    site::parallel_for(runs.size(), 4, [&](std::size_t i) { ++runs[i]; });
    for (const auto& r : runs) CHECK(r == 1);
}

TEST_CASE("parallel_for rethrows a worker's exception to the caller and starts no index after it") {
    std::atomic<int> started{0};
    auto run = [&] {
        site::parallel_for(100000, 4, [&](std::size_t i) {
            ++started;
            if (i == 10) throw std::runtime_error("page 10 failed");
            std::this_thread::sleep_for(std::chrono::milliseconds(1));  // all 100,000 would take 25 s
        });
    };
    CHECK_THROWS_WITH_AS(run(), "page 10 failed", std::runtime_error);
    // The indices already handed out finish; the rest of the 100,000 never start.
    CHECK(started < 100000);
}
