// LLM serving under TTFT and TPOT targets (planner/serving.hpp): each formula against a hand
// computation, the concurrency search, the reasons a target cannot be met, and the fleet's cost split.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/collectives.hpp"
#include "planner/engine_queue.hpp"
#include "planner/serving_cost.hpp"
#include "planner/serving.hpp"
#include "test_catalogue.hpp"

namespace {

using nlohmann::json;

json run(json request) {
    request.update({{"api", 1}, {"kind", "serve"}});
    return json::parse(site::plan(test::real_catalogue(), request.dump()));
}

json serve(json request) {
    json r = run(std::move(request));
    REQUIRE_MESSAGE(r["ok"] == true, r.dump());
    return r["serve"];
}

const planner::Model& model(const std::string& id) {
    const auto& models = test::real_catalogue().models;
    return *std::find_if(models.begin(), models.end(), [&](const planner::Model& m) { return m.id == id; });
}

// A catalogue model as serve reads it, which the catalogue gives all serving needs of.
planner::Transformer served(const planner::Model& m) {
    REQUIRE(planner::missing_for_serving(m, "model").empty());
    return planner::transformer_of(m);
}

// A small dense model with round numbers on p4d.24xlarge (A100 40GB: 312 dense BF16 TFLOPS,
// 1,555 GB/s, 40 GB), one replica per GPU, half the peak and half the bandwidth.
json small_job() {
    return {{"model", {{"parameters", 1e9}, {"layers", 10}, {"hidden", 1000}, {"heads", 10}, {"kv_heads", 10}, {"head_dim", 100}}},
            {"instance", "p4d.24xlarge"}, {"prompt_tokens", 1000}, {"output_tokens", 100}, {"tensor_parallel", 1},
            {"bandwidth_fraction", 0.5}, {"mfu", 0.5}, {"rate", {{"value", 100}, {"per", "second"}}}};
}

// The same model by hand: seconds per prefill, per decode step at concurrency b, per cycle.
constexpr double kPrefill = 2 * 1e9 * 1000 / (312e12 * 0.5);  // compute-bound: 12.8 ms
double step(int b) {
    const double bytes = 2e9 + b * 40000.0 * (1000 + 100 / 2.0);  // weights + KV at the mean context
    return std::max(bytes / (1555e9 * 0.5), 2 * 1e9 * b / (312e12 * 0.5));
}
double cycle(int b) { return 100 * step(b) + b * kPrefill; }
// The first token behind the queue the other b − 1 make, arriving at the rate the replica serves
// (engine_queue_test.cpp checks the queue's own arithmetic).
double ttft(int b) { return planner::mean_first_token_seconds({step(b), kPrefill, (b - 1) / cycle(b)}); }

}  // namespace

TEST_CASE("KV cache per token: 2 · layers · KV heads · head dim · bytes (GQA), or the MLA latent per layer") {
    const planner::Transformer llama = served(model("llama3.1-70b"));
    CHECK(planner::kv_bytes_per_token(llama, 2) == 2.0 * 80 * 8 * 128 * 2);  // 327,680 bytes
    CHECK(planner::kv_bytes_per_token(llama, 1) == 2.0 * 80 * 8 * 128);      // fp8 cache: half
    const planner::Transformer deepseek = served(model("deepseek-v3"));
    REQUIRE(deepseek.latent_attention());
    CHECK(planner::kv_bytes_per_token(deepseek, 2) == 61.0 * (512 + 64) * 2);  // 70,272 bytes, not 128 heads' worth
}

TEST_CASE("a typed model's experts and latent attention come in pairs, and an expert width needs experts") {
    auto first_error = [](json model_fields) {
        json job = small_job();
        job["model"].update(model_fields);
        const json r = run(job);
        REQUIRE(r["ok"] == false);
        return std::make_pair(r["errors"][0]["field"].get<std::string>(), r["errors"][0]["message"].get<std::string>());
    };
    CHECK(first_error({{"experts", 8}}).first == "model.experts");
    CHECK(first_error({{"expert_ffn_hidden", 2048}}) ==
          std::make_pair(std::string("model.expert_ffn_hidden"), std::string("needs model.experts and model.experts_per_token")));
    CHECK(first_error({{"kv_lora_rank", 512}}).first == "model.qk_rope_head_dim");
    CHECK(first_error({{"qk_rope_head_dim", 64}}).first == "model.kv_lora_rank");
    // Given together, each is planned with and sent back.
    json job = small_job();
    job["model"].update({{"kv_lora_rank", 512}, {"qk_rope_head_dim", 64}, {"experts", 8}, {"experts_per_token", 2},
                         {"expert_ffn_hidden", 2048}, {"active_parameters", 0.4e9}});
    const json model = serve(job)["architecture"];
    CHECK(model["kv_lora_rank"] == 512);
    CHECK(model["qk_rope_head_dim"] == 64);
    CHECK(model["experts"] == 8);
    CHECK(model["expert_ffn_hidden"] == 2048);
    CHECK(serve(job)["kv_bytes_per_token"] == 10.0 * (512 + 64) * 2);  // one latent per layer, not 10 heads' keys and values
}

TEST_CASE("a mixture of experts reads its active parameters for one token and every expert for many (uniform routing)") {
    const planner::Transformer mixtral = served(model("mixtral-8x7b"));
    const planner::Transformer& m = mixtral;
    REQUIRE(m.mixture_of_experts());
    const double per_expert = (46.7e9 - 12.9e9) / (8 - 2), shared = 46.7e9 - 8 * per_expert;
    CHECK(planner::parameters_read_per_step(m, 1) == doctest::Approx(12.9e9));
    // Two tokens route to 8 · (1 − (6/8)²) = 3.5 distinct experts on average.
    CHECK(planner::parameters_read_per_step(m, 2) == doctest::Approx(shared + 3.5 * per_expert));
    CHECK(planner::parameters_read_per_step(m, 1000) == doctest::Approx(46.7e9));
    const planner::Transformer dense = served(model("llama3.1-8b"));
    CHECK(planner::parameters_read_per_step(dense, 64) == dense.parameters);
}

TEST_CASE("with no target the concurrency is the most that fits, and TTFT, TPOT and throughput follow the cycle") {
    const json r = serve(small_job());
    // Memory: 36 GB usable (40 GB less 10%) − 2 GB of weights, over 40,000 B/token × 1,100 tokens.
    const int most = int(std::floor((36e9 - 2e9) / (40000.0 * 1100)));
    CHECK(r["concurrency_per_instance"] == 8 * most);  // 8 replicas of one GPU each
    CHECK(r["concurrency_per_replica"] == most);
    CHECK(r["tensor_parallel_options"][0]["concurrency"] == most);
    CHECK(r["ttft_ms"].get<double>() == doctest::Approx(ttft(most) * 1000));
    CHECK(r["tpot_ms"].get<double>() == doctest::Approx(cycle(most) / 100 * 1000));
    CHECK(r["requests_per_second"].get<double>() == doctest::Approx(8 * most / cycle(most)));
    CHECK(r["output_tokens_per_second"].get<double>() == doctest::Approx(8 * most / cycle(most) * 100));
    CHECK(r["weights_bytes"] == 2e9);
    CHECK(r["kv_bytes_per_token"] == 40000.0);
    CHECK(r["largest_context"] == std::floor((36e9 - 2e9) / 40000.0));
    CHECK(r["bandwidth_fraction_source"] == "request");
    // Nothing assumed about the speed: only the accelerators' power, an estimate, has a range.
    const json ranges = r.value("range", json::object());
    for (auto it = ranges.begin(); it != ranges.end(); ++it) CHECK(it.key() == "accelerator_watts");
}

TEST_CASE("a TPOT target caps the concurrency at the largest that meets it") {
    json job = small_job();
    job["tpot_ms"] = 60;
    const json r = serve(job);
    const int b = r["tensor_parallel_options"][0]["concurrency"];
    CHECK(cycle(b) / 100 <= 0.060);
    CHECK(cycle(b + 1) / 100 > 0.060);
    CHECK(r["tpot_ms"].get<double>() <= 60);
    // Fleet: ⌈100 rps / (throughput · 0.7)⌉.
    CHECK(r["fleet"] == int(std::ceil(100 / (8 * b / cycle(b) * 0.7))));
}

TEST_CASE("the fleet's hour, its energy and its CO2e split between input and output tokens by the prefill's share of the cycle") {
    json job = small_job();
    job["tpot_ms"] = 60;
    const json r = serve(job);
    const int b = r["tensor_parallel_options"][0]["concurrency"];
    const double share = b * kPrefill / cycle(b);
    const double fleet_cost = r["fleet_hour"]["cost_usd"];
    CHECK(r["cost_per_million_input"].get<double>() == doctest::Approx(fleet_cost * share / (100 * 3600 * 1000 / 1e6)));
    CHECK(r["cost_per_million_output"].get<double>() == doctest::Approx(fleet_cost * (1 - share) / (100 * 3600 * 100 / 1e6)));
    const double kwh = r["fleet_hour"]["energy_kwh"], co2e = r["fleet_hour"]["co2e_kg"];
    CHECK(r["kwh_per_million_input"].get<double>() == doctest::Approx(kwh * share / (100 * 3600 * 1000 / 1e6)));
    CHECK(r["kwh_per_million_output"].get<double>() == doctest::Approx(kwh * (1 - share) / (100 * 3600 * 100 / 1e6)));
    CHECK(r["co2e_kg_per_million_input"].get<double>() == doctest::Approx(co2e * share / (100 * 3600 * 1000 / 1e6)));
    CHECK(r["co2e_kg_per_million_output"].get<double>() == doctest::Approx(co2e * (1 - share) / (100 * 3600 * 100 / 1e6)));
}

TEST_CASE("a target no concurrency meets is refused with its reason: bandwidth for TPOT, compute for TTFT, memory for the weights") {
    json job = small_job();
    job["tpot_ms"] = 1;
    json r = run(job);
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0]["field"] == "tpot_ms");
    CHECK(r["errors"][0]["message"].get<std::string>().rfind("each output token takes", 0) == 0);

    job = small_job();
    job["ttft_ms"] = 5;  // the prefill alone is 12.8 ms
    r = run(job);
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0]["field"] == "ttft_ms");
    CHECK(r["errors"][0]["message"].get<std::string>().find("the prefill of 1000 tokens") != std::string::npos);

    r = run({{"model", "llama3.1-405b"}, {"instance", "g6e.xlarge"}, {"prompt_tokens", 100}, {"output_tokens", 100},
             {"rate", {{"value", 1}, {"per", "second"}}}});
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0]["field"] == "instance");
    CHECK(r["errors"][0]["message"].get<std::string>().rfind("the weights need 810", 0) == 0);

    // In Japanese too.
    job = small_job();
    job["tpot_ms"] = 1;
    job["lang"] = "ja";
    r = run(job);
    CHECK(r["errors"][0]["message"].get<std::string>().find("目標の 1 ミリ秒を超えます") != std::string::npos);
}

TEST_CASE("weights, KV cache and compute precisions are each checked against what the chip supports") {
    json job = small_job();
    job["kv_cache"] = "fp8";  // A100 has no FP8
    json r = run(job);
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0]["field"] == "kv_cache");
    job["instance"] = "p5.48xlarge";  // H100 has
    job["weights"] = "fp8";
    job["compute"] = "fp8";
    const json fp8 = serve(job);
    CHECK(fp8["weights_bytes"] == 1e9);
    CHECK(fp8["kv_bytes_per_token"] == 20000.0);
    job["weights"] = "int4";
    CHECK(serve(job)["weights_bytes"] == 0.5e9);
}

TEST_CASE("without tensor_parallel every degree is tried and the most requests per instance wins") {
    const json r = serve({{"model", "llama3.1-70b"}, {"instance", "p5.48xlarge"}, {"prompt_tokens", 2000},
                          {"output_tokens", 200}, {"ttft_ms", 2000}, {"tpot_ms", 50}, {"rate", {{"value", 10}, {"per", "second"}}}});
    const json& options = r["tensor_parallel_options"];
    CHECK(options.size() == 4);  // 1, 2, 4, 8
    double best = 0;
    for (const json& o : options)
        if (!o.contains("error")) best = std::max(best, o["requests_per_second"].get<double>());
    CHECK(r["requests_per_second"] == best);
    // One H100 cannot hold 140 GB of weights: t = 1 says so.
    const auto one = std::find_if(options.begin(), options.end(), [](const json& o) { return o["tensor_parallel"] == 1; });
    CHECK((*one)["limit"] == "memory");
    // Predicted from the operator tables (the H100 has one): the throughput, fleet and cost carry the
    // priced span.
    CHECK(r["bandwidth_fraction_source"] == "predicted");
    CHECK(r["range"]["output_tokens_per_second"]["low"].get<double>() < r["output_tokens_per_second"].get<double>());
    CHECK(r["range"]["output_tokens_per_second"]["high"].get<double>() > r["output_tokens_per_second"].get<double>());
}

TEST_CASE("a mixture of experts holds every expert in memory and says its routing assumption") {
    const json r = serve({{"model", "mixtral-8x7b"}, {"instance", "p5.48xlarge"}, {"prompt_tokens", 1000},
                          {"output_tokens", 100}, {"tpot_ms", 40}, {"rate", {{"value", 5}, {"per", "second"}}}});
    CHECK(r["weights_bytes"] == 46.7e9 * 2);
    bool caveat = false;
    for (const auto& n : r["notes"]) caveat = caveat || n.get<std::string>().rfind("experts: ", 0) == 0;
    CHECK(caveat);
}

TEST_CASE("a serving request names its bad fields") {
    json r = run({{"model", "no-such-model"}, {"instance", "p5.48xlarge"}, {"prompt_tokens", 0}, {"output_tokens", 10},
                  {"rate", {{"value", 1}, {"per", "second"}}}, {"tensor_parallel", 3}});
    REQUIRE(r["ok"] == false);
    std::set<std::string> fields;
    for (const auto& e : r["errors"]) fields.insert(e["field"]);
    CHECK(fields.count("model"));
    CHECK(fields.count("prompt_tokens"));
    json job = small_job();
    job["tensor_parallel"] = 3;  // does not divide 8
    r = run(job);
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0]["field"] == "tensor_parallel");
    r = run({{"model", "gpt3-175b"}, {"instance", "p5.48xlarge"}, {"prompt_tokens", 10}, {"output_tokens", 10},
             {"rate", {{"value", 1}, {"per", "second"}}}});
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0]["message"].get<std::string>().find("kv_heads") != std::string::npos);
}

TEST_CASE("a concurrency given is planned as given (a measurement's batch): targets are reported, not searched") {
    json job = small_job();
    job["concurrency"] = 16;
    job["tpot_ms"] = 30;
    const json r = serve(job);
    CHECK(r["tensor_parallel_options"][0]["concurrency"] == 16);
    CHECK(r["tpot_ms"].get<double>() == doctest::Approx(cycle(16) / 100 * 1000));
    CHECK(r["ttft_ms"].get<double>() == doctest::Approx(ttft(16) * 1000));
    CHECK(r["tpot_ok"] == (cycle(16) / 100 * 1000 <= 30));
    CHECK_FALSE(r.contains("ttft_ok"));
    job["concurrency"] = 10000;  // more KV cache than 36 GB holds
    const json too_many = run(job);
    REQUIRE(too_many["ok"] == false);
    CHECK(too_many["errors"][0]["field"] == "concurrency");
    CHECK(too_many["errors"][0]["message"].get<std::string>().rfind("the weights and the KV cache of 10000 sequences", 0) == 0);
}

TEST_CASE("max_batch caps each replica's sequences as an engine's batch cap does, the curve with it, and says so") {
    json job = small_job();  // with no target, memory holds 772 sequences (the sweep test below)
    job["max_batch"] = 48;
    const json r = serve(job);
    CHECK(r["concurrency_per_replica"] == 48);
    CHECK(r["output_tokens_per_second"].get<double>() == doctest::Approx(8 * 48 / cycle(48) * 100));
    CHECK(r["tpot_ms"].get<double>() == doctest::Approx(cycle(48) / 100 * 1000));
    std::vector<int> got;
    for (const json& p : r["sweep"]) got.push_back(p["concurrency"]);
    CHECK(got == std::vector<int>{1, 2, 4, 8, 16, 32, 48});
    bool said = false;
    for (const json& n : r["notes"]) said |= n == "max_batch: each replica runs at most 48 sequences at once, the engine's batch cap";
    CHECK(said);
    // A target tighter than the cap decides, and the cap is not mentioned.
    job["tpot_ms"] = 6;
    const json tight = serve(job);
    const int b = tight["concurrency_per_replica"];
    CHECK(b < 48);
    CHECK(cycle(b) / 100 <= 0.006);
    CHECK(cycle(b + 1) / 100 > 0.006);
    for (const json& n : tight["notes"]) CHECK(n.get<std::string>().rfind("max_batch", 0) != 0);
}

TEST_CASE("a concurrency above max_batch is refused at concurrency") {
    json job = small_job();
    job["max_batch"] = 16;
    job["concurrency"] = 32;
    const json r = run(job);
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0] == json({{"field", "concurrency"}, {"message", "cannot exceed max_batch (16)"}, {"code", "exceeds_max_batch"}, {"args", {"16"}}}));
}

TEST_CASE("cached prompt tokens are not prefilled again, while every sequence still holds their KV cache") {
    json job = small_job();
    job["concurrency"] = 48;
    const json whole = serve(job);
    job["cached_prompt_tokens"] = 600;
    const json r = serve(job);
    // 400 of the 1,000 tokens prefilled: 2 · 1e9 · 400 at half of 312 TFLOP/s, 5.13 ms.
    const double prefill = 2 * 1e9 * 400 / (312e12 * 0.5);
    const double c = 100 * step(48) + 48 * prefill;
    CHECK(r["tpot_ms"].get<double>() == doctest::Approx(c / 100 * 1000));
    CHECK(r["output_tokens_per_second"].get<double>() == doctest::Approx(8 * 48 / c * 100));
    CHECK(r["ttft_ms"].get<double>() == doctest::Approx(1000 * planner::mean_first_token_seconds({step(48), prefill, 47 / c})));
    CHECK(r["ttft_ms"].get<double>() < whole["ttft_ms"].get<double>());
    CHECK(r["memory_bytes"] == whole["memory_bytes"]);
    bool said = false;
    for (const json& n : r["notes"]) said |= n.get<std::string>().rfind("prefix cache: 600 of each prompt's 1000 tokens", 0) == 0;
    CHECK(said);
    for (const json& n : whole["notes"]) CHECK(n.get<std::string>().rfind("prefix cache", 0) != 0);
}

TEST_CASE("cached prompt tokens must be fewer than the prompt's") {
    json job = small_job();
    job["cached_prompt_tokens"] = 1000;
    const json r = run(job);
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0]["field"] == "cached_prompt_tokens");
    CHECK(r["errors"][0]["code"] == "cached_below_prompt");
    CHECK(r["errors"][0]["args"] == json({"1000"}));
    job["cached_prompt_tokens"] = 999;
    CHECK(run(job)["ok"] == true);
}

TEST_CASE("the sweep gives the chosen layout's curve at 1, 2, 4 … and the chosen concurrency, as far as memory holds") {
    json job = small_job();
    job["tpot_ms"] = 60;
    const json r = serve(job);
    const int chosen = r["tensor_parallel_options"][0]["concurrency"];
    const int most = int(std::floor((36e9 - 2e9) / (40000.0 * 1100)));  // 772
    std::vector<int> expected;
    for (int b = 1; b <= most; b *= 2) expected.push_back(b);
    expected.push_back(chosen);
    std::sort(expected.begin(), expected.end());
    std::vector<int> got;
    for (const json& p : r["sweep"]) {
        const int b = p["concurrency"];
        got.push_back(b);
        CHECK(p["tpot_ms"].get<double>() == doctest::Approx(cycle(b) / 100 * 1000));
        CHECK(p["ttft_ms"].get<double>() == doctest::Approx(ttft(b) * 1000));
        CHECK(p["output_tokens_per_second"].get<double>() == doctest::Approx(8 * b / cycle(b) * 100));  // 8 replicas
    }
    CHECK(got == expected);
}

TEST_CASE("on GPUs the tensor-parallel degree must split the attention heads evenly") {
    // 72 GB200s in one NVLink domain: degrees 3, 6, 9 … do not divide Llama 3.1 70B's 64 heads.
    json job = {{"model", "llama3.1-70b"}, {"instance", "u-p6e-gb200x72"}, {"prompt_tokens", 1000},
                {"output_tokens", 100}, {"rate", {{"value", 1}, {"per", "second"}}}};
    const json r = serve(job);
    for (const json& o : r["tensor_parallel_options"]) {
        const int t = o["tensor_parallel"];
        CHECK_MESSAGE((64 % t == 0) == !o.contains("limit"), "t = ", t);
        if (64 % t) CHECK(o["limit"] == "heads");
    }
    CHECK(64 % r["tensor_parallel"].get<int>() == 0);
    job["tensor_parallel"] = 3;
    job["lang"] = "ja";
    const json fixed = run(job);
    REQUIRE(fixed["ok"] == false);
    CHECK(fixed["errors"][0]["field"] == "tensor_parallel");
    CHECK(fixed["errors"][0]["message"] == "モデルの 64 個のアテンションヘッドは 3 基の GPU に均等に分けられません");
    // Neuron pads the heads: 24 NeuronCores of inf2.48xlarge may serve 64 heads at degree 12.
    job = {{"model", "llama3.1-70b"}, {"instance", "inf2.48xlarge"}, {"prompt_tokens", 1000}, {"output_tokens", 100},
           {"tensor_parallel", 12}, {"rate", {{"value", 1}, {"per", "second"}}}};
    CHECK(run(job)["ok"] == true);
}

TEST_CASE("compare ranks a serving job by cost per million output tokens, Pareto on that cost and TPOT, with each refusal's reason") {
    const json request = {{"api", 1}, {"kind", "compare"},
                          {"instances", {"p5.48xlarge", "inf2.48xlarge", "g6e.12xlarge", "g6.xlarge", "p4d.24xlarge"}},
                          {"job", {{"kind", "serve"}, {"model", "llama3.1-70b"}, {"prompt_tokens", 2000}, {"output_tokens", 200},
                                   {"tpot_ms", 50}, {"rate", {{"value", 10}, {"per", "second"}}}}}};
    const json r = json::parse(site::plan(test::real_catalogue(), request.dump()));
    REQUIRE_MESSAGE(r["ok"] == true, r.dump());
    const json& c = r["compare"];
    CHECK(c["job"] == "serve");
    std::vector<std::pair<double, double>> runnable;  // cost, TPOT
    for (const json& row : c["rows"]) {
        if (row.contains("error")) continue;
        runnable.emplace_back(row["cost_per_million_output"], row["tpot_ms"]);
        // Each row is the serve kind's own answer on that type.
        json alone = request["job"];
        alone.erase("kind");
        alone["instance"] = row["instance"];
        const json s = serve(alone);
        CHECK(s["cost_per_million_output"] == row["cost_per_million_output"]);
        CHECK(s["fleet"] == row["fleet"]);
        CHECK(s["tensor_parallel"] == row["tensor_parallel"]);
    }
    REQUIRE(runnable.size() >= 3);
    CHECK(std::is_sorted(runnable.begin(), runnable.end(), [](auto& a, auto& b) { return a.first < b.first; }));
    // Pareto: the cheapest is on it; a row is on it exactly when no other is cheaper and faster.
    for (std::size_t i = 0; i < runnable.size(); ++i) {
        bool dominated = false;
        for (std::size_t k = 0; k < runnable.size(); ++k)
            dominated = dominated || (k != i && runnable[k].first <= runnable[i].first && runnable[k].second <= runnable[i].second &&
                                      runnable[k] != runnable[i]);
        CHECK(c["rows"][i]["pareto"] == !dominated);
    }
    // The types that cannot serve it say why: one GPU of 24 GB cannot hold 140 GB of weights.
    for (const json& row : c["rows"])
        if (row["instance"] == "g6.xlarge") CHECK(row["error"].get<std::string>().rfind("instance: the weights need", 0) == 0);
    // Every runnable type has its throughput–TPOT curve.
    for (const json& s : c["sweep"])
        if (s["instance"] == "p5.48xlarge") CHECK(s["points"].size() >= 5);
}

TEST_CASE("on a chip whose published decode times imply a bandwidth share, serving uses it, its range and its source") {
    json job = small_job();
    job.erase("bandwidth_fraction");
    job["instance"] = "inf2.48xlarge";
    const json neuron = serve(job);
    const planner::Accelerator* inf2 = test::real_catalogue().accelerator("inferentia2");
    REQUIRE(inf2->decode_bandwidth_fraction);
    CHECK(neuron["bandwidth_fraction"] == inf2->decode_bandwidth_fraction->value);
    CHECK(neuron["bandwidth_fraction_source"] == "neuron-decoder-perf-2024-04");
    bool noted = false;
    for (const json& note : neuron["notes"])
        noted |= note.get<std::string>().rfind("decode bandwidth: 45% of the peak memory bandwidth (42–48%), as the published "
                                               "decode times of AWS Inferentia2 (Inf2) imply", 0) == 0;
    CHECK(noted);
    // Its range moves the throughput as the assumption's does: 42% to 48% of the same bandwidth.
    CHECK(neuron["range"]["output_tokens_per_second"]["low"].get<double>() < neuron["output_tokens_per_second"].get<double>());
    CHECK(neuron["range"]["output_tokens_per_second"]["high"].get<double>() > neuron["output_tokens_per_second"].get<double>());
    // A GPU with no such figure keeps the assumption; a request's own share wins on either.
    job["instance"] = "p4d.24xlarge";
    CHECK(serve(job)["bandwidth_fraction_source"] == "assumed");
    CHECK(serve(job)["bandwidth_fraction"] == 0.7);
    job["instance"] = "inf2.48xlarge";
    job["bandwidth_fraction"] = 0.6;
    CHECK(serve(job)["bandwidth_fraction_source"] == "request");
}

TEST_CASE("static batching: decode is never interrupted, a request waits half a cycle and the batch's prefill, throughput is the same") {
    json job = small_job();
    job["concurrency"] = 16;
    job["engine"] = "static";
    const json r = serve(job);
    CHECK(r["engine"] == "static");
    CHECK(r["concurrency_per_replica"] == 16);
    // By hand, at b = 16: TPOT is one decode step; TTFT half a cycle, 16 prefills and a step.
    CHECK(r["tpot_ms"].get<double>() == doctest::Approx(step(16) * 1000));
    CHECK(r["ttft_ms"].get<double>() == doctest::Approx((cycle(16) / 2 + 16 * kPrefill + step(16)) * 1000));
    CHECK(r["requests_per_second"].get<double>() == doctest::Approx(8 * 16 / cycle(16)));
    job["engine"] = "continuous";
    const json c = serve(job);
    CHECK(c["requests_per_second"] == r["requests_per_second"]);
    CHECK(c["tpot_ms"].get<double>() > r["tpot_ms"].get<double>());
    CHECK(c["ttft_ms"].get<double>() < r["ttft_ms"].get<double>());
    // A TTFT target holds the static batch smaller than the continuous one.
    json target = small_job();
    target["ttft_ms"] = 1000;
    target["engine"] = "static";
    const json held = serve(target);
    target["engine"] = "continuous";
    CHECK(held["concurrency_per_replica"].get<int>() < serve(target)["concurrency_per_replica"].get<int>());
    CHECK(held["ttft_ms"].get<double>() <= 1000);
}

TEST_CASE("an all-reduce's latency inside an instance is NCCL's ring model on GPUs by group size and fabric, and assumed on other chips") {
    const auto& c = test::real_catalogue();
    const planner::Accelerator* h100 = c.accelerator("h100-sxm");
    const planner::Accelerator* trn1 = c.accelerator("trainium");
    REQUIRE(h100);
    REQUIRE(trn1);
    const planner::InstanceLink nvlink{450e9, false}, pcie{};
    // 6.6 µs, and 2(n − 1) steps of 0.6 µs over NVLink or 1.0 µs over PCIe (NCCL's tuning.cc).
    CHECK(planner::all_reduce_latency_seconds(*h100, nvlink, 2) == doctest::Approx(7.8e-6));
    CHECK(planner::all_reduce_latency_seconds(*h100, nvlink, 4) == doctest::Approx(10.2e-6));
    CHECK(planner::all_reduce_latency_seconds(*h100, nvlink, 8) == doctest::Approx(15.0e-6));
    CHECK(planner::all_reduce_latency_seconds(*h100, pcie, 4) == doctest::Approx(12.6e-6));
    // NCCL does not run on Trainium: the assumed figure, whatever the group.
    CHECK(planner::all_reduce_latency_seconds(*trn1, nvlink, 16) == planner::kAssumedAllReduceLatencySeconds);
}

TEST_CASE("tensor-parallel all-reduces move at the interconnect's one-way rate, and at PCIe's where none is published") {
    // Static batching, so TPOT is one decode step: the small job's step split over t = 2 GPUs, plus
    // 2 all-reduces a layer, each its latency and 2(t − 1)/t · b tokens · 1,000 hidden · 2 bytes over
    // the link. The latency is NCCL's model for two ranks: 6.6 µs and two steps of 0.6 µs over NVLink
    // (7.8 µs), of 1.0 µs over PCIe (8.6 µs).
    const auto tpot = [](int b, double bandwidth, double peak, double link, double latency) {
        const double bytes = 2e9 + b * 40000.0 * (1000 + 100 / 2.0);
        const double compute = std::max(bytes / (2 * bandwidth * 0.5), 2 * 1e9 * b / (2 * peak * 0.5));
        return compute + 10 * 2 * (latency + b * 1000.0 * 2 / link);
    };
    json job = small_job();
    job.update({{"tensor_parallel", 2}, {"concurrency", 512}, {"engine", "static"}});
    // p4d.24xlarge: NVSwitch, 600 GB/s per GPU both ways together, so 300 GB/s each way.
    const json nvswitch = serve(job);
    CHECK(nvswitch["tpot_ms"].get<double>() == doctest::Approx(tpot(512, 1555e9, 312e12, 300e9, 7.8e-6) * 1000));
    for (const json& n : nvswitch["notes"]) CHECK(n.get<std::string>().rfind("interconnect:", 0) == std::string::npos);
    // g6e.12xlarge: four L40S on PCIe, no interconnect published: PCIe 4.0's 25 GB/s, and a note.
    const planner::Accelerator* l40s = test::real_catalogue().accelerator("l40s");
    REQUIRE(l40s);
    job["instance"] = "g6e.12xlarge";
    const json pcie = serve(job);
    const double peak = l40s->peak_tflops.at("bf16").value * 1e12, bandwidth = l40s->memory_bandwidth->value * 1e9;
    CHECK(pcie["tpot_ms"].get<double>() == doctest::Approx(tpot(512, bandwidth, peak, planner::kPcieBytesPerSecond, 8.6e-6) * 1000));
    int said = 0;
    for (const json& n : pcie["notes"]) said += n.get<std::string>().rfind("interconnect: none published for g6e.12xlarge", 0) == 0;
    CHECK(said == 1);
}

TEST_CASE("engine names one of the batching behaviours") {
    json job = small_job();
    job["engine"] = "dynamic";
    const json r = run(job);
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0]["field"] == "engine");
}

TEST_CASE("a chip without a published peak for the format names the missing figure once, not a missing format") {
    // The A10G (g5) was refused with 「A10G は fp16 に必要な fp16 に対応していません」 while the catalogue
    // lacked its tensor peaks: the message names the figure the catalogue lacks, and lists those it
    // has, so that a T4 (no bf16 at all) points the user at its fp16.
    json job = small_job();
    job["instance"] = "g4dn.xlarge";
    job.erase("tensor_parallel");
    const json r = run(job);
    REQUIRE(r["ok"] == false);
    REQUIRE(r["errors"].size() == 1);
    CHECK(r["errors"][0]["field"] == "compute");
    CHECK(r["errors"][0]["message"] ==
          "NVIDIA T4 has no published dense bf16 peak in the catalogue (its published peaks: fp16 65 TFLOPS, fp32 8.1 TFLOPS, int8 130 TOPS)");
}

TEST_CASE("a predicted serving plan's ranges hold the planner's own error on the fit third's serving measurements, and say so") {
    const planner::ErrorBand* band = test::real_catalogue().error_band("serve", "dense");
    REQUIRE(band);
    // data/model-error.json: planned ÷ published speed from `low` to `high` over the fit third's measurements.
    CHECK(band->low < 1);
    CHECK(band->high > 1);
    CHECK(band->cases.size() >= 5);
    const json r = serve({{"model", "llama3.1-70b"}, {"instance", "p5.48xlarge"}, {"prompt_tokens", 467}, {"output_tokens", 256},
                          {"tensor_parallel", 4}, {"concurrency", 25}, {"rate", {{"value", 1}, {"per", "second"}}}});
    REQUIRE(r["bandwidth_fraction_source"] == "predicted");
    const double ttft = r["ttft_ms"], tpot = r["tpot_ms"], tokens = r["output_tokens_per_second"];
    // A time as published runs from `low` to `high` times the planned; a throughput from 1/high to 1/low.
    CHECK(r["range"]["ttft_ms"]["low"].get<double>() <= ttft * band->low * (1 + 1e-12));
    CHECK(r["range"]["ttft_ms"]["high"].get<double>() >= ttft * band->high * (1 - 1e-12));
    CHECK(r["range"]["tpot_ms"]["low"].get<double>() <= tpot * band->low * (1 + 1e-12));
    CHECK(r["range"]["tpot_ms"]["high"].get<double>() >= tpot * band->high * (1 - 1e-12));
    CHECK(r["range"]["output_tokens_per_second"]["low"].get<double>() <= tokens / band->high * (1 + 1e-12));
    CHECK(r["range"]["output_tokens_per_second"]["high"].get<double>() >= tokens / band->low * (1 - 1e-12));
    int said = 0;
    for (const json& n : r["notes"]) said += n.get<std::string>().rfind("range: also the planner's own error on " + std::to_string(band->cases.size()) + " published serving", 0) == 0;
    CHECK(said == 1);
    // The engine's own time per iteration, which the priced model adds and which was set on published
    // cases (data/README.md), is in the result.
    CHECK(r["engine_ms_per_iteration"].get<double>() == doctest::Approx(planner::kEngineStepSeconds * 1000));
    // An assumed plan (no operator table for the L40S) carries its assumptions' span, not the band.
    const json assumed = serve({{"model", "llama3.1-8b"}, {"instance", "g6e.xlarge"}, {"prompt_tokens", 467}, {"output_tokens", 256},
                                {"rate", {{"value", 1}, {"per", "second"}}}});
    REQUIRE(assumed["bandwidth_fraction_source"] != "predicted");
    for (const json& n : assumed["notes"]) CHECK(n.get<std::string>().find("own error") == std::string::npos);
    CHECK_FALSE(assumed.contains("engine_ms_per_iteration"));
}
