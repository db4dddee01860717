// Memory per accelerator (ZeRO, Korthikanti activations) and the layout search, against hand-computed values.
#include <doctest/doctest.h>

#include <optional>

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/memory.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;
using planner::Transformer;
using planner::Layout;
using planner::Recompute;
using planner::TrainedModel;

namespace {
const Transformer kGpt3 = Transformer::gpt(96, 12288, 96, 2048, 51200);  // Brown et al. 2020, Table 2.1
const json kGpt3Json = {{"layers", 96}, {"hidden", 12288}, {"heads", 96}, {"sequence", 2048}, {"vocabulary", 51200}};
}

TEST_CASE("GPT-3's architecture gives 175B parameters: Narayanan et al. 2021's eq. 2 and the final norm") {
    // 12·96·12288² · (1 + 13/(12·12288) + (51200 + 2048)/(12·96·12288)) = 174,615,822,336, and the
    // final layer norm's weight and bias, 2 · 12,288, which the equation leaves out.
    CHECK(planner::count_parameters(kGpt3).total == 174615822336.0 + 2 * 12288);
    CHECK(planner::count_parameters(kGpt3).active == planner::count_parameters(kGpt3).total);
    // By hand, a GPT shape of 2 layers, hidden 10, 2 heads, 5 positions and 100 tokens: the tied
    // embedding 1,000 and positions 50; per layer attention 4·10² + 40 biases, the feed-forward
    // 8·10² + 50 biases, two norms of 20; the final norm 20.
    CHECK(planner::count_parameters(Transformer::gpt(2, 10, 2, 5, 100)).total == 1000 + 50 + 2 * (440 + 850 + 40) + 20);
}

TEST_CASE("model states are 16 bytes per parameter, sharded by ZeRO stage over the data degree") {
    const double p = 1e9, gb80 = 80e9;
    auto at = [&](int zero) {
        return planner::memory_per_accelerator(p, std::nullopt, Layout{1, 1, 8, zero, 1}, Recompute::none, gb80, 0.1);
    };
    CHECK(at(0).total == doctest::Approx(16e9));
    CHECK(at(1).optimizer == doctest::Approx(12e9 / 8));
    CHECK(at(1).total == doctest::Approx(2e9 + 2e9 + 1.5e9));
    CHECK(at(2).total == doctest::Approx(2e9 + 0.25e9 + 1.5e9));
    CHECK(at(3).total == doctest::Approx(0.25e9 + 0.25e9 + 1.5e9));
    CHECK_FALSE(at(0).activations);
    CHECK(at(0).usable == doctest::Approx(72e9));
}

TEST_CASE("activations per layer follow Korthikanti et al. 2022's Table 2, with and without sequence parallelism") {
    const double sbh = 2048.0 * 1 * 12288;
    auto act = [&](Recompute r, int t, bool sequence_parallel) {
        planner::TrainedModel stored = planner::TrainedModel::dense(175e9, kGpt3);
        stored.flash_attention = false;  // the paper's attention keeps its scores
        stored.sequence_parallel = sequence_parallel;
        return *planner::memory_per_accelerator(stored, Layout{t, 1, 1, 0, 1}, r, 80e9, 0.1).activations;
    };
    const double scores = 5 * 96 * 2048.0 / 12288;  // 5·a·s/h
    CHECK(act(Recompute::none, 1, false) == doctest::Approx(96 * sbh * (34 + scores)));
    CHECK(act(Recompute::none, 8, false) == doctest::Approx(96 * sbh * (10 + 24.0 / 8 + scores / 8)));
    CHECK(act(Recompute::none, 8, true) == doctest::Approx(96 * sbh * (34.0 / 8 + scores / 8)));
    CHECK(act(Recompute::selective, 8, false) == doctest::Approx(96 * sbh * (10 + 24.0 / 8)));
    CHECK(act(Recompute::selective, 8, true) == doctest::Approx(96 * 34 * sbh / 8));
    CHECK(act(Recompute::full, 8, false) == doctest::Approx(96 * 2 * sbh));
    CHECK(act(Recompute::full, 8, true) == doctest::Approx(96 * 2 * sbh / 8));
    // A dense model's memory takes selective recompute as the paper pairs it, sequence-parallel.
    CHECK(*planner::memory_per_accelerator(175e9, kGpt3, Layout{8, 1, 1, 0, 1}, Recompute::selective, 80e9, 0.1).activations ==
          doctest::Approx(96 * 34 * sbh / 8));
}

TEST_CASE("a mixture-of-experts layer holds its routed tokens' copies and intermediates in place of the dense feed-forward") {
    // Qwen3-30B-A3B's widths (config.json): hidden 2,048, 128 experts of width 768, 8 per token.
    Transformer moe = Transformer::gpt(48, 2048, 32, 4096, 151936);
    moe.gated = true;  // SwiGLU: gate, up and down
    moe.experts = planner::Experts{128, 8, 768};
    Transformer dense = moe;
    dense.experts.reset();
    const double s = 4096, h = 2048, k = 8, f = 768;
    // Per token, 16-bit: the dispatched copies and the experts' outputs (k·h each), gate and up
    // (k·2f), the activation's output (k·f); the router's probabilities in fp32 (128 · 4 bytes);
    // the input (h). The dense formula's feed-forward held 19·h of its 34·h.
    const double routed = 2 * (k * h + k * h + k * 2 * f + k * f + h) + 128 * 4.0;
    const double none = planner::activation_bytes_per_layer(moe, Layout{}, Recompute::none, true, false);
    CHECK(none == doctest::Approx(planner::activation_bytes_per_layer(dense, Layout{}, Recompute::none, true, false) +
                                  s * (routed - 19 * h)));
    CHECK(none == doctest::Approx(s * h * 67.25));  // twice the dense 34
    // Full recompute keeps only each layer's input, whatever the layer computes.
    CHECK(planner::activation_bytes_per_layer(moe, Layout{}, Recompute::full, true, false) == doctest::Approx(2 * s * h));
    // DeepSeek's leading dense layers hold the dense 34: one of two layers here.
    moe.layers = 2;
    moe.experts->dense_layers = 1;
    CHECK(planner::activation_bytes_per_layer(moe, Layout{}, Recompute::none, true, false) ==
          doctest::Approx(s * h * (34 + (67.25 - 34) / 2)));
}

TEST_CASE("a training request is sequence-parallel with selective recompute unless it says otherwise, and may be with any") {
    const json base = {{"api", 1}, {"kind", "train"}, {"model", {{"architecture", kGpt3Json}}}, {"tokens", 1e9},
                       {"instance", "p4de.24xlarge"}, {"instance_count", 1}, {"mfu", 0.4},
                       {"layout", {{"tensor", 8}, {"pipeline", 1}, {"micro_batch", 1}}}};
    auto activations = [&](const json& changes) {
        json request = base;
        request.update(changes);
        const json r = json::parse(site::plan(test::real_catalogue(), request.dump()));
        REQUIRE_MESSAGE(r["ok"] == true, r.dump());
        return r["train"]["memory"]["activations_bytes"].get<double>();
    };
    const double sbh = 2048.0 * 1 * 12288;
    CHECK(activations({{"recompute", "selective"}}) == doctest::Approx(96 * 34 * sbh / 8));
    CHECK(activations({{"recompute", "selective"}, {"sequence_parallel", false}}) == doctest::Approx(96 * sbh * (10 + 3)));
    CHECK(activations({{"recompute", "none"}}) == doctest::Approx(96 * sbh * (10 + 3)));
    CHECK(activations({{"recompute", "none"}, {"sequence_parallel", true}}) == doctest::Approx(96 * 34 * sbh / 8));
    json bad = base;
    bad["sequence_parallel"] = "yes";
    const json r = json::parse(site::plan(test::real_catalogue(), bad.dump()));
    CHECK(r["ok"] == false);
    CHECK(r["errors"][0]["field"] == "sequence_parallel");
}

TEST_CASE("FlashAttention keeps no attention scores: without recompute a layer holds s·b·h·(10 + 24/t)") {
    const double sbh = 2048.0 * 1 * 12288;
    const auto m = planner::memory_per_accelerator(175e9, kGpt3, Layout{8, 1, 1, 0, 1}, Recompute::none, 80e9, 0.1);
    CHECK(*m.activations == doctest::Approx(96 * sbh * (10 + 24.0 / 8)));
}

TEST_CASE("the layout search picks the smallest model-parallel size that fits, or says how many instances would") {
    SUBCASE("GPT-3 on 128 instances of 8 × 80 GB fits") {
        auto s = planner::find_layout(174.6e9, kGpt3, Recompute::full, 128, 8, 80e9, 0.1, 1);
        REQUIRE(s.layout);
        CHECK(s.memory.fits);
        CHECK(s.memory.total <= 72e9);
        CHECK(s.layout->tensor * s.layout->pipeline * s.layout->data == 1024);
    }
    SUBCASE("GPT-3 on one instance of 8 × 40 GB does not, and the minimum is the boundary") {
        auto s = planner::find_layout(174.6e9, kGpt3, Recompute::full, 1, 8, 40e9, 0.1, 1);
        CHECK_FALSE(s.layout);
        REQUIRE(s.minimum_instances);
        const int m = *s.minimum_instances;
        CHECK(planner::find_layout(174.6e9, kGpt3, Recompute::full, m, 8, 40e9, 0.1, 1).layout);
        CHECK_FALSE(planner::find_layout(174.6e9, kGpt3, Recompute::full, m - 1, 8, 40e9, 0.1, 1).layout);
    }
    SUBCASE("a small model needs no model parallelism and no ZeRO") {
        auto s = planner::find_layout(1e9, std::nullopt, Recompute::none, 1, 8, 80e9, 0.1, 1);
        REQUIRE(s.layout);
        CHECK(s.layout->tensor == 1);
        CHECK(s.layout->pipeline == 1);
        CHECK(s.layout->zero == 0);
    }
}

TEST_CASE("the fewest instances that fit is exact: no count from the one asked for up to it has a layout that fits") {
    // The search judges each count by its leanest layout (ZeRO-3, widest tensor degree, no
    // pipeline); this checks that against the full layout enumeration at every count in between.
    const Transformer small = Transformer::gpt(24, 2048, 16, 2048, 50257);  // a 1.3B-parameter GPT shape
    struct Case {
        double parameters;
        std::optional<Transformer> arch;
        Recompute recompute;
        int per_instance;
        double capacity;
    };
    const Case cases[] = {
        {174.6e9, kGpt3, Recompute::full, 8, 40e9},       {174.6e9, kGpt3, Recompute::none, 8, 80e9},
        {174.6e9, kGpt3, Recompute::selective, 16, 32e9}, {174.6e9, kGpt3, Recompute::full, 1, 16e9},
        {20e9, small, Recompute::none, 4, 16e9},          {20e9, std::nullopt, Recompute::none, 6, 24e9},
        {70e9, std::nullopt, Recompute::selective, 1, 128e9},
    };
    for (const Case& c : cases) {
        CAPTURE(c.parameters);
        CAPTURE(c.per_instance);
        CAPTURE(c.capacity);
        const auto s = planner::find_layout(c.parameters, c.arch, c.recompute, 1, c.per_instance, c.capacity, 0.1, 1);
        REQUIRE_FALSE(s.layout);
        REQUIRE(s.minimum_instances);
        const int m = *s.minimum_instances;
        const auto at_minimum = planner::find_layout(c.parameters, c.arch, c.recompute, m, c.per_instance, c.capacity, 0.1, 1);
        REQUIRE(at_minimum.layout);
        CHECK(at_minimum.memory.fits);
        for (int k = 1; k < m; ++k)
            CHECK_FALSE(planner::find_layout(c.parameters, c.arch, c.recompute, k, c.per_instance, c.capacity, 0.1, 1).layout);
    }
}

TEST_CASE("an interleaved pipeline holds 1 + (p − 1)/(p·v) times the activations: Korthikanti et al.'s GPT-3 175B at 66.8 GiB") {
    // Korthikanti et al. 2022, Figure 1: GPT-3 175B on TP 8 × PP 8 with 3 virtual stages, micro-batch 1,
    // no recompute and no sequence parallelism (scores stored): 66.84375 GiB on the first stage.
    // Per layer s·b·h·(10 + 24/8 + 5·96·2048/(12288·8)) = 23·s·b·h, 96 layers, times 1 + 7/24.
    const Transformer gpt3 = Transformer::gpt(96, 12288, 96, 2048, 51200);
    TrainedModel model = TrainedModel::dense(175e9, gpt3);
    model.flash_attention = false;
    Layout layout{8, 8, 1, 0, 1};
    layout.interleave = 3;
    const auto m = planner::memory_per_accelerator(model, layout, Recompute::none, 80e9, 0);
    const double sbh = 2048.0 * 1 * 12288;
    CHECK(*m.activations == doctest::Approx(23 * sbh * 96 * (1 + 7.0 / 24)));
    CHECK(*m.activations / (1024.0 * 1024 * 1024) == doctest::Approx(66.84375));
    layout.interleave = 1;  // plain 1F1B: L layers' worth, whatever p is
    CHECK(*planner::memory_per_accelerator(model, layout, Recompute::none, 80e9, 0).activations ==
          doctest::Approx(23 * sbh * 96));
}
