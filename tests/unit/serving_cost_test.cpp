// Serving priced from measured operator tables (planner/serving_cost.hpp): worked numbers from the
// rows of data/operators/h200.json (measured 2026-11-27), not the code's formulas restated.
#include <doctest/doctest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/serving_cost.hpp"
#include "test_catalogue.hpp"

namespace {

using nlohmann::json;

// Llama 3.1 8B's layer (32 layers, hidden 4096, 32 heads, 8 KV heads of 128, SwiGLU 14336) with no
// output layer, so that every product is one of the table's measured shapes.
planner::Transformer llama8b_layers() {
    planner::Transformer m;
    m.parameters = m.active_parameters = 8e9;
    m.layers = 32;
    m.hidden = 4096;
    m.heads = 32;
    m.kv_heads = 8;
    m.head_dim = 128;
    m.ffn = 14336;
    m.gated = true;
    return m;
}

const planner::ServingBasis& h200_bf16() {
    static const planner::ServingBasis basis = [] {
        const auto& c = test::real_catalogue();
        auto b = planner::serving_basis(c, *c.accelerator("h200"), "bf16");
        REQUIRE(b);
        return *b;
    }();
    return basis;
}

json serve(json request) {
    request.update({{"api", 1}, {"kind", "serve"}, {"rate", {{"value", 1}, {"per", "second"}}}});
    json r = json::parse(site::plan(test::real_catalogue(), request.dump()));
    REQUIRE_MESSAGE(r["ok"] == true, r.dump());
    return r["serve"];
}

}  // namespace

TEST_CASE("a decode step at batch 1 prices each layer's products at the measured rows' own times") {
    // M = 1: QKV 1×6144×4096 13.453 µs, output 1×4096×4096 9.631 µs, gate and up 1×28672×4096
    // 54.116 µs, down 1×4096×14336 31.112 µs, all graph-timed: 108.312 µs a layer, 32 layers.
    const auto parts = planner::decode_parts(h200_bf16(), llama8b_layers(), 1, 1, 1, 2);
    REQUIRE(parts);
    CHECK(parts->products.seconds == doctest::Approx(32 * 108.312e-6).epsilon(1e-9));
    // Each measured shape prices at its own measurement: no span.
    CHECK(parts->products.low == doctest::Approx(parts->products.seconds));
    CHECK(parts->products.high == doctest::Approx(parts->products.seconds));
    // One token's element-wise work is far below one launch a kernel: six graph launches of 1.107 µs
    // (the table's tiny kernel) a layer.
    CHECK(parts->elementwise == doctest::Approx(32 * 6 * 1.107e-6));
    // A decode step also takes the engine's own time, once.
    CHECK(parts->total().seconds == doctest::Approx(parts->products.seconds + parts->attention + parts->elementwise +
                                                    planner::kEngineStepSeconds));
}

TEST_CASE("a decode step reads the KV cache at the rate the measured decode kernel reached") {
    // 128 sequences of 8,192 tokens, 8 KV heads of 128 in bf16: 4,294,967,296 bytes a layer, the
    // table's largest decode row, which took 952.941 µs.
    const auto parts = planner::decode_parts(h200_bf16(), llama8b_layers(), 1, 128, 8192, 2);
    REQUIRE(parts);
    CHECK(parts->attention == doctest::Approx(32 * 952.941e-6).epsilon(1e-9));
    // Over two tensor-parallel ranks each reads its 4 KV heads: half.
    const auto split = planner::decode_parts(h200_bf16(), llama8b_layers(), 2, 128, 8192, 2);
    REQUIRE(split);
    CHECK(split->attention == doctest::Approx(16 * 952.941e-6).epsilon(1e-9));
}

TEST_CASE("a prefill runs flash attention at the rate of the measured forward rows") {
    // The 8 × 2,048-token, 32-head forward row took 563.066 µs: one 2,048-token prompt a layer takes
    // an eighth of it.
    const auto parts = planner::prefill_parts(h200_bf16(), llama8b_layers(), 1, 2048);
    REQUIRE(parts);
    CHECK(parts->attention == doctest::Approx(32 * 563.066e-6 / 8).epsilon(1e-9));
    // The layer's four products on 2,048 tokens: 2 · 2,048 · 32 · 218,103,808 weights = 2.858e13 FLOP,
    // measured shapes that ran at 61-73% of the 989.5 TFLOP/s bf16 peak.
    const double flops = 2.0 * 2048 * 32 * (4096.0 * 6144 + 4096.0 * 4096 + 4096.0 * 28672 + 14336.0 * 4096);
    CHECK(parts->products.seconds > flops / (0.73 * 989.5e12));
    CHECK(parts->products.seconds < flops / (0.61 * 989.5e12));
}

TEST_CASE("a prefill whose first tokens are in the prefix cache computes the rest, attending to the whole prompt") {
    // 1,536 of 2,048 tokens cached: the 512 new queries attend to every key before them, 2,048² / 2 −
    // 1,536² / 2 pairs of the whole prompt's 2,048² / 2, at the 2,048-token forward row's rate (the
    // 563.066 µs row above): 7 / 16 of its attention.
    const auto cached = planner::prefill_parts(h200_bf16(), llama8b_layers(), 1, 2048, 1536);
    REQUIRE(cached);
    CHECK(cached->attention == doctest::Approx(32 * 563.066e-6 / 8 * 7 / 16).epsilon(1e-9));
    // The products and the element-wise work are the 512 new tokens' alone, as a 512-token prompt's,
    // priced from the measured M = 256 and M = 1,024 shapes either side, which ran at 58-73% of the peak.
    const auto fresh = planner::prefill_parts(h200_bf16(), llama8b_layers(), 1, 512);
    REQUIRE(fresh);
    CHECK(cached->products.seconds == fresh->products.seconds);
    CHECK(cached->elementwise == fresh->elementwise);
    const double flops = 2.0 * 512 * 32 * (4096.0 * 6144 + 4096.0 * 4096 + 4096.0 * 28672 + 14336.0 * 4096);
    CHECK(cached->products.seconds > flops / (0.73 * 989.5e12));
    CHECK(cached->products.seconds < flops / (0.58 * 989.5e12));
}

TEST_CASE("the H100 serves from the H200's graph-timed products, while its training keeps its own table") {
    // The H100's rows (the research note) were timed one launch at a time: at M = 1 its 4096×4096
    // product took 20.1 µs, the host's launch inside, against 9.6 µs on the H200 as a graph.
    const auto& c = test::real_catalogue();
    const planner::Accelerator& h100 = *c.accelerator("h100-sxm");
    const auto serving = planner::serving_basis(c, h100, "bf16");
    REQUIRE(serving);
    CHECK(serving->basis.borrowed());
    CHECK(serving->basis.table->chip == "h200");
    CHECK(serving->basis.target == &h100);
    const auto training = planner::operator_basis(c, h100);
    REQUIRE(training);
    CHECK(training->table->chip == "h100-sxm");
    // No table for the V100 (its published figures stay), nor rows for weight-only formats.
    CHECK_FALSE(planner::serving_basis(c, *c.accelerator("v100-sxm2-16gb"), "bf16"));
    CHECK_FALSE(planner::serving_basis(c, *c.accelerator("h200"), "int8"));
}

TEST_CASE("a serving plan on a chip with a measured table is predicted, and the user's own share overrides it") {
    const json job = {{"model", "llama3.1-8b"}, {"instance", "p5en.48xlarge"}, {"prompt_tokens", 1000},
                      {"output_tokens", 200}, {"tensor_parallel", 1}, {"concurrency", 8}};
    const json predicted = serve(job);
    CHECK(predicted["mfu_source"] == "predicted");
    CHECK(predicted["bandwidth_fraction_source"] == "predicted");
    CHECK(predicted["notes"][0].get<std::string>().rfind("serving: predicted from operator measurements", 0) == 0);
    // Its span comes from the priced products, around the estimate.
    const double tokens = predicted["output_tokens_per_second"];
    CHECK(predicted["range"]["output_tokens_per_second"]["low"].get<double>() < tokens);
    CHECK(predicted["range"]["output_tokens_per_second"]["high"].get<double>() > tokens);
    // And so do its latencies, at the chosen concurrency.
    for (const char* latency : {"ttft_ms", "tpot_ms"}) {
        CAPTURE(latency);
        CHECK(predicted["range"][latency]["low"].get<double>() < predicted[latency].get<double>());
        CHECK(predicted["range"][latency]["high"].get<double>() > predicted[latency].get<double>());
    }

    json own = job;
    own["bandwidth_fraction"] = 0.6;
    const json given = serve(own);
    CHECK(given["bandwidth_fraction_source"] == "request");
    CHECK(given["mfu_source"] == "assumed");
    CHECK(given["bandwidth_fraction"] == 0.6);

    json int4 = job;
    int4["weights"] = "int4";
    CHECK(serve(int4)["mfu_source"] == "assumed");  // no measured rows for weight-only int4
}
