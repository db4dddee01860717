// The one model description (planner/include/planner/transformer.hpp): sliding-window attention's
// cache, longest context and attention, worked by hand, and read from the catalogue and config.json.
#include <doctest/doctest.h>


#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/step_time.hpp"
#include "planner/transformer.hpp"
#include "test_catalogue.hpp"

namespace {

using nlohmann::json;
using planner::Transformer;

// gpt-oss-120b's attention: 36 layers, 8 KV heads of 64, a 128-token window on 18 of the layers.
Transformer gpt_oss_attention() {
    Transformer t;
    t.layers = 36, t.hidden = 2880, t.heads = 64, t.kv_heads = 8, t.head_dim = 64;
    t.window = planner::SlidingWindow{128, 18};
    return t;
}

constexpr double kPerToken = 2.0 * 36 * 8 * 64 * 2;  // 73,728 bytes in bf16

json serve(json request) {
    request.update({{"api", 1}, {"kind", "serve"}, {"rate", {{"value", 1}, {"per", "second"}}}});
    json r = json::parse(site::plan(test::real_catalogue(), request.dump()));
    REQUIRE_MESSAGE(r["ok"] == true, r.dump());
    return r["serve"];
}

json fixture(const std::string& name) { return test::model_config_fixture(name); }

}  // namespace

TEST_CASE("a sliding-window layer caches at most its window: half of gpt-oss's layers hold 128 tokens") {
    const Transformer t = gpt_oss_attention();
    CHECK(planner::kv_bytes_per_token(t, 2) == kPerToken);
    // Within the window every layer holds every token.
    CHECK(planner::kv_cache_bytes(t, 100, 2) == kPerToken * 100);
    // 2,048 tokens: 18 layers hold 2,048, 18 hold 128, a mean of 1,088.
    CHECK(planner::kv_cache_bytes(t, 2048, 2) == doctest::Approx(kPerToken * 1088));
    // The longest context in 1 GB: past the window, (1e9 − half of 128 tokens' cache) over the 18 full layers'.
    CHECK(*planner::longest_context(t, 1e9, 2) == doctest::Approx((1e9 - 0.5 * kPerToken * 128) / (0.5 * kPerToken)));
    CHECK(*planner::longest_context(t, kPerToken * 100, 2) == doctest::Approx(100));
    // Every layer windowed (Mistral 7B): memory never bounds the context.
    Transformer all = t;
    all.window->layers = 36;
    CHECK_FALSE(planner::longest_context(all, 1e9, 2));
    Transformer dense = t;
    dense.window.reset();
    CHECK(planner::kv_cache_bytes(dense, 2048, 2) == kPerToken * 2048);
}

TEST_CASE("a sliding-window layer attends to w · s − w² / 2 pairs past its window, and training's attention counts them") {
    Transformer t = gpt_oss_attention();
    // 4,096 tokens: full layers 4,096² / 2 = 8,388,608 pairs; windowed 128 · 4,096 − 128² / 2 = 516,096.
    CHECK(planner::attention_pairs(t, 4096) == doctest::Approx((8388608.0 + 516096.0) / 2));
    CHECK(planner::attention_pairs(t, 100) == doctest::Approx(100.0 * 100 / 2));
    t.sequence = 4096;
    // Forward FLOPs per token: 4 · layers · heads · head_dim · pairs / s.
    CHECK(planner::attention_flops_per_token(t) == doctest::Approx(4.0 * 36 * 64 * 64 * (8388608.0 + 516096.0) / 2 / 4096));
    t.window.reset();
    CHECK(planner::attention_flops_per_token(t) == doctest::Approx(2.0 * 36 * 4096 * 64 * 64));
}

TEST_CASE("the window comes from the catalogue and a config.json, and serve sizes the cache with it") {
    const json from_catalogue = serve({{"model", "gpt-oss-120b"}, {"instance", "p5en.48xlarge"}, {"weights", "fp8"},
                                       {"prompt_tokens", 4000}, {"output_tokens", 1000}, {"tensor_parallel", 1},
                                       {"concurrency", 4}});
    CHECK(from_catalogue["architecture"]["sliding_window"] == 128);
    CHECK(from_catalogue["architecture"]["sliding_window_layers"] == 18);
    // Four sequences of 5,000 tokens: 18 layers hold 5,000, 18 hold 128.
    const double weights = from_catalogue["weights_bytes"];
    CHECK(from_catalogue["memory_bytes"].get<double>() == doctest::Approx(weights + 4 * kPerToken * (5000 + 128) / 2));
    // The architecture sent back as the model plans the same.
    const json typed = serve({{"model", from_catalogue["architecture"]}, {"instance", "p5en.48xlarge"}, {"weights", "fp8"},
                              {"prompt_tokens", 4000}, {"output_tokens", 1000}, {"tensor_parallel", 1}, {"concurrency", 4}});
    CHECK(typed["memory_bytes"] == from_catalogue["memory_bytes"]);
    CHECK(typed["tpot_ms"] == from_catalogue["tpot_ms"]);

    // gpt-oss's config has no layer_types: every other layer, as its model_type says.
    json cfg = fixture("gpt-oss-120b");
    json r = serve({{"model", {{"config", cfg}}}, {"instance", "p5en.48xlarge"}, {"weights", "fp8"}, {"prompt_tokens", 1000}, {"output_tokens", 100}});
    CHECK(r["architecture"]["sliding_window_layers"] == 18);
    // layer_types, where given, counts them.
    cfg["layer_types"] = json::array();
    for (int i = 0; i < 36; ++i) cfg["layer_types"].push_back(i < 30 ? "sliding_attention" : "full_attention");
    r = serve({{"model", {{"config", cfg}}}, {"instance", "p5en.48xlarge"}, {"weights", "fp8"}, {"prompt_tokens", 1000}, {"output_tokens", 100}});
    CHECK(r["architecture"]["sliding_window_layers"] == 30);
    // Qwen3 names a window it does not use (use_sliding_window false); Mixtral's is null.
    json qwen = fixture("qwen3-30b-a3b");
    qwen["sliding_window"] = 4096;
    qwen["use_sliding_window"] = false;
    for (const json& c : {qwen, fixture("mixtral-8x7b-v0.1")}) {
        r = serve({{"model", {{"config", c}}}, {"instance", "p5en.48xlarge"}, {"weights", "fp8"}, {"prompt_tokens", 1000}, {"output_tokens", 100}});
        CHECK_FALSE(r["architecture"].contains("sliding_window"));
    }
}
