// A Hugging Face config.json as the serving model (planner/model_config.hpp): the parameters each
// real config implies against the model's published count, the fields asked for by name, and the
// same plan from a config as from the catalogue's model.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/model_config.hpp"
#include "test_catalogue.hpp"

namespace {

using nlohmann::json;

json config(const std::string& name) { return test::model_config_fixture(name); }

json run(json request) {
    request.update({{"api", 1}, {"kind", "serve"}});
    return json::parse(site::plan(test::real_catalogue(), request.dump()));
}

// The architecture a config gives, as the serve result reports it (on an instance with room for it).
json architecture(const json& cfg, const std::string& instance = "p5en.48xlarge") {
    const json r = run({{"model", {{"config", cfg}}}, {"instance", instance}, {"weights", "fp8"},
                        {"prompt_tokens", 1000}, {"output_tokens", 100}, {"rate", {{"value", 1}, {"per", "second"}}}});
    REQUIRE_MESSAGE(r["ok"] == true, r.dump());
    return r["serve"]["architecture"];
}

}  // namespace

TEST_CASE("a dense config counts its parameters exactly: Llama 3.1 70B is 70,553,706,496") {
    // 128,256 × 8,192 embedding and output head, 80 × (attention 8,192 × 128 × (2 × 64 + 2 × 8) +
    // SwiGLU 3 × 8,192 × 28,672 + two norms), and the final norm: the checkpoint's total.
    const json a = architecture(config("llama-3.1-70b-instruct"));
    CHECK(a["parameters"] == 70553706496.0);
    CHECK(a["active_parameters"] == 70553706496.0);
    CHECK(a["layers"] == 80);
    CHECK(a["hidden"] == 8192);
    CHECK(a["heads"] == 64);
    CHECK(a["kv_heads"] == 8);
    CHECK(a["head_dim"] == 128);  // hidden / heads: the config gives none
    CHECK(a["context"] == 131072);
    CHECK_FALSE(a.contains("experts"));
}

TEST_CASE("a mixture of experts counts all experts in memory and the routed ones per token") {
    SUBCASE("Mixtral 8x7B: 46,702,792,704 in all, 12.9B active") {
        const json a = architecture(config("mixtral-8x7b-v0.1"));
        CHECK(a["parameters"] == 46702792704.0);
        CHECK(a["active_parameters"].get<double>() == doctest::Approx(12.9e9).epsilon(0.005));
        CHECK(a["experts"] == 8);
        CHECK(a["experts_per_token"] == 2);
    }
    SUBCASE("Qwen3-30B-A3B: 30.5B and 3.3B (moe_intermediate_size, num_experts)") {
        const json a = architecture(config("qwen3-30b-a3b"));
        // The checkpoint's 30,532,122,624 less the per-head q and k norms (48 × 2 × 128).
        CHECK(a["parameters"] == 30532110336.0);
        CHECK(a["active_parameters"].get<double>() == doctest::Approx(3.3e9).epsilon(0.02));
        CHECK(a["experts"] == 128);
        CHECK(a["experts_per_token"] == 8);
    }
    SUBCASE("DeepSeek-V3: 671B and 37B (MLA, three dense layers, a shared expert)") {
        const json a = architecture(config("deepseek-v3"));
        CHECK(a["parameters"].get<double>() == doctest::Approx(671e9).epsilon(0.002));
        CHECK(a["active_parameters"].get<double>() == doctest::Approx(37e9).epsilon(0.015));
        CHECK(a["kv_lora_rank"] == 512);
        CHECK(a["qk_rope_head_dim"] == 64);
        CHECK(a["head_dim"] == 192);  // qk_nope_head_dim + qk_rope_head_dim
    }
    SUBCASE("gpt-oss-120b: 116.8B; 5.13B active without the input embedding, which this count includes") {
        const json a = architecture(config("gpt-oss-120b"));
        CHECK(a["parameters"].get<double>() == doctest::Approx(116.83e9).epsilon(0.001));
        const double input_embedding = 201088.0 * 2880;
        CHECK(a["active_parameters"].get<double>() - input_embedding == doctest::Approx(5.13e9).epsilon(0.01));
    }
}

TEST_CASE("parameter count by hand: a small gated model, tied and untied, and a two-matrix one") {
    planner::Transformer a;
    a.layers = 2, a.hidden = 10, a.heads = 2, a.kv_heads = 1, a.head_dim = 5, a.vocabulary = 100, a.ffn = 40;
    // embedding 1,000 + head 1,000 + final norm 10 + 2 × (attention 10·5·(4 + 2) = 300 + norms 20 + 3·10·40 = 1,200)
    CHECK(planner::count_parameters(a).total == 2000 + 10 + 2 * (300 + 20 + 1200));
    a.tied_embeddings = true;
    CHECK(planner::count_parameters(a).total == 1000 + 10 + 2 * (300 + 20 + 1200));
    a.gated = false;
    CHECK(planner::count_parameters(a).total == 1000 + 10 + 2 * (300 + 20 + 800));
    // Four experts of width 40, two per token, a router of 10 × 4 per layer.
    a.gated = true, a.experts = planner::Experts{4, 2, 40};
    const planner::ParameterCount moe = planner::count_parameters(a);
    CHECK(moe.total == 1000 + 10 + 2 * (300 + 20 + 4 * 1200 + 40));
    CHECK(moe.active == 1000 + 10 + 2 * (300 + 20 + 2 * 1200 + 40));
}

TEST_CASE("a config missing a field is asked for it by its config.json name") {
    json cfg = config("llama-3.1-70b-instruct");
    cfg.erase("num_hidden_layers");
    cfg["hidden_size"] = "8192";
    const json r = run({{"model", {{"config", cfg}}}, {"instance", "p5.48xlarge"}, {"prompt_tokens", 1000},
                        {"output_tokens", 100}, {"rate", {{"value", 1}, {"per", "second"}}}, {"lang", "ja"}});
    REQUIRE(r["ok"] == false);
    json fields = json::array();
    for (const json& e : r["errors"]) fields.push_back(e["field"]);
    CHECK(fields == json{"model.config.hidden_size", "model.config.num_hidden_layers"});
    CHECK(r["errors"][0]["message"] == "数値を入力してください");
    CHECK(r["errors"][1]["message"].get<std::string>().find("config.json") != std::string::npos);
    CHECK(run({{"model", {{"config", 7}}}, {"instance", "p5.48xlarge"}, {"prompt_tokens", 1}, {"output_tokens", 1},
               {"rate", {{"value", 1}, {"per", "second"}}}})["errors"][0]["field"] == "model.config");
}

TEST_CASE("a config plans as the catalogue's model does, and a field given beside it wins") {
    const json job = {{"instance", "p5.48xlarge"}, {"prompt_tokens", 2000}, {"output_tokens", 200}, {"ttft_ms", 2000},
                      {"tpot_ms", 50}, {"rate", {{"value", 10}, {"per", "second"}}}};
    json from_catalogue = job, from_config = job;
    from_catalogue["model"] = "llama3.1-70b";
    from_config["model"] = {{"config", config("llama-3.1-70b-instruct")}};
    // The catalogue gives the model card's rounded 70B; the count is 70.55B. With the card's
    // figure given beside the config, the two plans are the same.
    json rounded = from_config;
    rounded["model"]["parameters"] = 70e9;
    rounded["model"]["active_parameters"] = 70e9;
    const json a = run(from_catalogue)["serve"], b = run(rounded)["serve"];
    CHECK(b["model"] == "config");
    CHECK(b["fleet"] == a["fleet"]);
    CHECK(b["concurrency_per_instance"] == a["concurrency_per_instance"]);
    CHECK(b["tpot_ms"] == a["tpot_ms"]);
    CHECK(b["kv_bytes_per_token"] == a["kv_bytes_per_token"]);
    // With its own count, 0.8% more weights to read per token: within 1% of TPOT.
    CHECK(run(from_config)["serve"]["tpot_ms"].get<double>() == doctest::Approx(a["tpot_ms"].get<double>()).epsilon(0.01));

    json shorter = from_config;
    shorter["model"]["context"] = 8192;
    shorter["model"]["parameters"] = 80e9;
    const json c = run(shorter)["serve"];
    CHECK(c["architecture"]["context"] == 8192);
    CHECK(c["architecture"]["parameters"] == 80e9);
    CHECK(c["architecture"]["layers"] == 80);
}
