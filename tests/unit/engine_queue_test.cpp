// The queue before a request's first token (planner/engine_queue.hpp): worked numbers, and the
// formula against a simulation of the engine it describes.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "planner/engine_queue.hpp"

namespace {

// An engine running iterations back to back, each one decode step s plus p per request that arrived
// during the iteration before; requests arrive as a Poisson process of rate λ. Returns the mean
// time from arrival to the end of the iteration that prefills it, over `iterations` iterations.
double simulated_first_token(double s, double p, double lambda, int iterations) {
    std::mt19937_64 random(20261127);
    // Exponential gaps from the generator's raw bits: the same numbers under every standard library.
    auto gap = [&] { return -std::log((double(random() >> 11) + 0.5) * 0x1.0p-53) / lambda; };
    double start = 0, length = s, next_arrival = gap(), total = 0;
    std::int64_t counted = 0;
    std::vector<double> arrived;
    for (int i = 0; i < iterations; ++i) {
        const double end = start + length;
        arrived.clear();
        for (; next_arrival < end; next_arrival += gap()) arrived.push_back(next_arrival);
        const double next_length = s + p * double(arrived.size());
        for (double a : arrived) total += end + next_length - a;  // waits, then its own iteration
        counted += std::int64_t(arrived.size());
        start = end;
        length = next_length;
    }
    return total / double(counted);
}

}  // namespace

TEST_CASE("a request alone waits for its own prefill and one step only") {
    CHECK(planner::mean_first_token_seconds({0.020, 0.400, 0}) == doctest::Approx(0.420));
}

TEST_CASE("a loaded engine's first token: worked numbers") {
    // s = 20 ms, p = 400 ms (a 5,000-token prompt), others arriving at 1.25/s: prefills busy half
    // the time. E[T] = 0.02 / 0.5 = 0.04 s; E[T²] = (0.0004 + 2·0.02·0.4·1.25·0.04 + 0.16·1.25·0.04)
    // / (1 − 0.25) = 0.0092 / 0.75 = 0.012267; E[T²]/E[T] = 0.30667 s. TTFT = 0.30667 / 2 + 0.02 +
    // 0.4 · (1 + 1.25 · 0.30667) = 0.15333 + 0.02 + 0.55333 = 0.72667 s.
    CHECK(planner::mean_first_token_seconds({0.020, 0.400, 1.25}) == doctest::Approx(0.72667).epsilon(1e-4));
}

TEST_CASE("an engine whose prefills alone fill the time has no first token to promise") {
    CHECK(std::isinf(planner::mean_first_token_seconds({0.020, 0.400, 2.5})));
    CHECK(std::isinf(planner::mean_first_token_seconds({0.020, 0.400, 3.0})));
}

TEST_CASE("the first token comes later as the others arrive faster") {
    double before = planner::mean_first_token_seconds({0.020, 0.035, 0.5});
    for (double lambda : {1.0, 4.0, 10.0, 16.0, 25.0}) {
        const double now = planner::mean_first_token_seconds({0.020, 0.035, lambda});
        CAPTURE(lambda);
        CHECK(now > before);
        before = now;
    }
}

TEST_CASE("the formula matches a simulation of the engine it describes") {
    struct Load {
        double s, p, lambda;
    };
    // Short prompts at 16/s (TensorRT-LLM's 70B table), long prompts at 1.25/s (NIM's), a light load.
    for (Load l : {Load{0.022, 0.035, 15.8}, Load{0.020, 0.400, 1.25}, Load{0.012, 0.014, 5.0}}) {
        const double simulated = simulated_first_token(l.s, l.p, l.lambda, 400000);
        CAPTURE(l.s);
        CAPTURE(l.p);
        CAPTURE(l.lambda);
        CHECK(planner::mean_first_token_seconds({l.s, l.p, l.lambda}) == doctest::Approx(simulated).epsilon(0.01));
    }
}
