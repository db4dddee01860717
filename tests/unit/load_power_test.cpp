// Power that follows load (planner/load_power.hpp): worked numbers from the power rows of
// data/operators/h200.json (NVML board power, measured 2026-11-27) and h100-sxm.json (idle only).
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/load_power.hpp"
#include "test_catalogue.hpp"

namespace {

using nlohmann::json;

const planner::Accelerator& chip(const char* id) {
    const planner::Accelerator* a = test::real_catalogue().accelerator(id);
    REQUIRE(a);
    return *a;
}

const planner::Instance& instance(const char* id) {
    for (const planner::Instance& i : test::real_catalogue().instances)
        if (i.id == id) return i;
    FAIL("no instance " << id);
    throw;
}

}  // namespace

TEST_CASE("a chip with its own power rows draws what they measured in each state") {
    const auto p = planner::chip_power(test::real_catalogue(), chip("h200"));
    REQUIRE(p);
    CHECK(p->products.watts == doctest::Approx(690.558));  // matmul_bf16_8192
    CHECK(p->products.range.low == doctest::Approx(687.64));
    CHECK(p->products.range.high == doctest::Approx(692.152));
    CHECK(p->decode.watts == doctest::Approx(589.147));     // matmul_m32_weight_read
    CHECK(p->streaming.watts == doctest::Approx(553.331));  // copy_2gib
    CHECK(p->idle.watts == doctest::Approx(118.811));
    CHECK_FALSE(p->products.borrowed);
}

TEST_CASE("the H100 keeps its own idle and borrows its busy states from the H200, scaled by TDP and widened") {
    const auto p = planner::chip_power(test::real_catalogue(), chip("h100-sxm"));
    REQUIRE(p);
    CHECK(p->idle.watts == doctest::Approx(72));  // its own row
    CHECK_FALSE(p->idle.borrowed);
    // 700 W TDP both: the H200's 690.558 W as it is; the range 15% wider each way, never above the TDP.
    CHECK(p->products.watts == doctest::Approx(690.558));
    CHECK(p->products.borrowed);
    CHECK(p->products.range.low == doctest::Approx(687.64 * 0.85));
    CHECK(p->products.range.high == doctest::Approx(700));
    CHECK(p->decode.range.low == doctest::Approx(583.236 * 0.85));
}

TEST_CASE("a B200 borrows the H200's states at its own 1,000 W TDP") {
    const auto p = planner::chip_power(test::real_catalogue(), chip("b200"));
    REQUIRE(p);
    CHECK(p->products.watts == doctest::Approx(690.558 * 1000 / 700));  // 986.5 W
    CHECK(p->idle.watts == doctest::Approx(118.811 * 1000 / 700));
    CHECK(p->products.range.high == doctest::Approx(1000));
}

TEST_CASE("a chip with no power rows of its own or a sibling's keeps the catalogue's estimate") {
    CHECK_FALSE(planner::chip_power(test::real_catalogue(), chip("v100-sxm2-16gb")));
    CHECK_FALSE(planner::load_power(test::real_catalogue(), instance("p3.16xlarge"), {1, 0, 0, 0, 0}));
}

TEST_CASE("an A100 borrows the H200's states at its own 400 W TDP") {
    const auto p = planner::chip_power(test::real_catalogue(), chip("a100-40gb"));
    REQUIRE(p);
    CHECK(p->products.watts == doctest::Approx(690.558 * 400 / 700));  // 394.6 W
    CHECK(p->streaming.watts == doctest::Approx(553.331 * 400 / 700));
    CHECK(p->idle.watts == doctest::Approx(118.811 * 400 / 700));
    CHECK(p->products.range.high == doctest::Approx(400));  // never above the TDP
}

TEST_CASE("an instance draws its accelerators at their activity's power plus the host at its estimate") {
    // p5en.48xlarge: 8 H200; its 7,100 W estimate is 8 × 700 W TDP + a 1,500 W host.
    const auto all_products = planner::load_power(test::real_catalogue(), instance("p5en.48xlarge"), {1, 0, 0, 0, 0});
    REQUIRE(all_products);
    CHECK(all_products->host_watts == doctest::Approx(1500));
    CHECK(all_products->watts == doctest::Approx(8 * 690.558 + 1500));  // 7,024 W, not 7,100
    CHECK(all_products->range.low == doctest::Approx(8 * 687.64 + 0.75 * 1500));
    CHECK(all_products->range.high == doctest::Approx(8 * 692.152 + 1500));
    // Half decoding, half idle: (589.147 + 118.811) / 2 = 353.979 W an accelerator.
    const auto half = planner::load_power(test::real_catalogue(), instance("p5en.48xlarge"), {0, 0.5, 0, 0.5, 0});
    REQUIRE(half);
    CHECK(half->accelerator_watts == doctest::Approx(353.979));
    CHECK(half->watts == doctest::Approx(8 * 353.979 + 1500));
}

TEST_CASE("waiting draws halfway between idle and streaming, its range spanning both") {
    const auto p = planner::chip_power(test::real_catalogue(), chip("h200"));
    REQUIRE(p);
    const planner::ActivityWatts w = planner::mean_draw(*p, {0, 0, 0, 0, 1});
    CHECK(w.watts == doctest::Approx((118.811 + 553.331) / 2));
    CHECK(w.range.low == doctest::Approx(118.774));
    CHECK(w.range.high == doctest::Approx(553.808));
}

TEST_CASE("a training step's mix: products, memory-bound work streaming, the rest of the step waiting") {
    planner::StepTime s;
    s.compute = 0.8;
    s.memory = 0.1;
    s.optimizer = 0.1;
    s.step = 1.0;
    const planner::ActivityMix m = planner::training_mix(s);
    CHECK(m.products == doctest::Approx(0.6));
    CHECK(m.streaming == doctest::Approx(0.2));
    CHECK(m.waiting == doctest::Approx(0.2));
    CHECK(m.idle == 0);
    const planner::ActivityMix none = planner::training_mix(std::nullopt);
    CHECK(none.products == 1);
}

TEST_CASE("a fleet busy part of the hour idles the rest") {
    const planner::ActivityMix m = planner::busy_for({0.25, 0.75, 0, 0, 0}, 0.4);
    CHECK(m.products == doctest::Approx(0.1));
    CHECK(m.decode == doctest::Approx(0.3));
    CHECK(m.idle == doctest::Approx(0.6));
    CHECK(planner::busy_for({1, 0, 0, 0, 0}, 3).products == 1);  // never more than all the time
}

TEST_CASE("a serving plan on a measured chip draws below the TDP while decoding, and a request's power_watts still wins") {
    json job = {{"api", 1}, {"kind", "serve"}, {"model", "llama3.1-8b"}, {"instance", "p5en.48xlarge"},
                {"prompt_tokens", 500}, {"output_tokens", 400}, {"tensor_parallel", 1}, {"concurrency", 8},
                {"rate", {{"value", 1}, {"per", "second"}}}};
    const json r = json::parse(site::plan(test::real_catalogue(), job.dump()))["serve"];
    const double watts = r["accelerator_watts"];
    // Mostly decode steps (589 W), some prefill (691 W), the engine's own time idle (119 W).
    CHECK(watts > 118.811);
    CHECK(watts < 690.558);
    CHECK(r["range"]["accelerator_watts"]["low"].get<double>() <= watts);
    CHECK(r["range"]["accelerator_watts"]["high"].get<double>() >= watts);
    // A fleet of one at 1 request/s is busy a fraction of the hour: its instance draws less than the estimate.
    CHECK(r["fleet_hour"]["power_watts"].get<double>() < 7100);
    job["power_watts"] = 9000;
    const json own = json::parse(site::plan(test::real_catalogue(), job.dump()))["serve"];
    CHECK(own["fleet_hour"]["power_watts"] == 9000);
}
