// Today's training work beyond dense pre-training: mixture of experts, context parallelism, FP8,
// LoRA and QLoRA, and the 80% memory default. Each figure is worked by hand beside its check.
#include <doctest/doctest.h>

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/fine_tuning.hpp"
#include "planner/memory.hpp"
#include "planner/step_time.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;
using planner::Transformer;
using planner::Layout;
using planner::Recompute;
using planner::StepInputs;
using planner::TrainedModel;

namespace {
json plan(json request) {
    request["api"] = 1;
    request["kind"] = "train";
    return json::parse(site::plan(test::real_catalogue(), request.dump()));
}

json train(json request) {
    json r = plan(std::move(request));
    REQUIRE_MESSAGE(r["ok"] == true, r.dump());
    return r["train"];
}

// 10e9 parameters, 8e9 of them in 8 routed experts per layer, 2 per token.
TrainedModel mixture() {
    TrainedModel m = TrainedModel::dense(10e9, Transformer::gpt(8, 1024, 8, 1000, 32000));
    m.transformer.active_parameters = 4e9;  // 10e9 − 8e9 · 6/8
    m.transformer.experts = planner::Experts{8, 2, 2048};
    return m;
}

// A step on one 8-accelerator instance: 100 TFLOP/s each, 100 GB/s links, 10 GB/s network share.
StepInputs on_one_instance(TrainedModel model, Layout layout, int global_batch) {
    StepInputs in;
    in.model = std::move(model);
    in.layout = layout;
    in.global_batch = global_batch;
    in.flops_per_second = 100e12;
    in.link_bytes_per_second = 100e9;
    in.network_bytes_per_second = 10e9;
    in.accelerators_per_instance = 8;
    return in;
}

Layout with(Layout l, int expert, int context) {
    l.expert = expert;
    l.context = context;
    return l;
}

// Llama 2 7B's config.json (meta-llama/Llama-2-7b-hf).
const json kLlama2_7b = {{"model_type", "llama"},        {"num_hidden_layers", 32}, {"hidden_size", 4096},
                         {"num_attention_heads", 32},    {"num_key_value_heads", 32}, {"intermediate_size", 11008},
                         {"vocab_size", 32000},          {"max_position_embeddings", 4096}};
// LLaMA 65B's shape (Touvron et al. 2023, Table 2; SwiGLU width 2/3 · 4h rounded: 22016).
const json kLlama65b = {{"model_type", "llama"},     {"num_hidden_layers", 80}, {"hidden_size", 8192},
                        {"num_attention_heads", 64}, {"intermediate_size", 22016}, {"vocab_size", 32000}};
}  // namespace

TEST_CASE("a mixture of experts holds its routed experts split over the expert degree and computes with its active parameters") {
    // Per rank: 2e9 dense + 8e9 / 4 experts' share = 4e9 parameters.
    auto plain = planner::memory_per_accelerator(mixture(), with({1, 1, 4, 0, 1}, 4, 1), Recompute::full, 80e9, 0);
    CHECK(plain.weights == doctest::Approx(8e9));
    CHECK(plain.optimizer == doctest::Approx(48e9));
    // ZeRO-1 shards the dense optimizer over the 4 replicas and each expert's over its 4 / 4 = 1.
    auto zero1 = planner::memory_per_accelerator(mixture(), with({1, 1, 4, 1, 1}, 4, 1), Recompute::full, 80e9, 0);
    CHECK(zero1.optimizer == doctest::Approx((2e9 / 4 + 2e9) * 12));
    // The routed parameters from the counts: (P − P_a) / (1 − K/E); Qwen3-30B-A3B: 27.2e9 / (1 − 8/128).
    json q = train({{"model", "qwen3-30b-a3b"}, {"sequence", 4096}, {"tokens", 1e12}, {"instance", "p5.48xlarge"},
                    {"instance_count", 2}});
    CHECK(q["expert_parameters"].get<double>() == doctest::Approx(27.2e9 / (1 - 8.0 / 128)));
    CHECK(q["active_parameters"].get<double>() == 3.3e9);
    // FLOPs from the active parameters, plus attention: 3 · 2 · 48 layers · 4096 tokens · 32 heads · 128.
    CHECK(q["total_flops"].get<double>() == doctest::Approx((6 * 3.3e9 + 3 * 2 * 48 * 4096 * 32 * 128.0) * 1e12));
}

TEST_CASE("expert parallelism all-to-alls each routed token four times a layer, on the link inside an instance") {
    const auto s = planner::step_time(on_one_instance(mixture(), with({1, 1, 8, 1, 1}, 8, 1), 64));
    // m = 64 / 8 = 8; 4 · 8 layers · 8 · (7/8) · (1 · 1000 tokens · 2 experts · 1024 · 2 B) / 100e9
    CHECK(s.expert == doctest::Approx(4 * 8 * 8 * 7.0 / 8 * (1000 * 2 * 1024 * 2.0) / 100e9));
    CHECK_FALSE(s.expert_over_network);
    // Compute counts the 4e9 active parameters and attention: (6 · 4e9 + 3 · 2·8·1000·1024) · 8 · 1000 / 100e12.
    CHECK(s.compute == doctest::Approx((6 * 4e9 + 3 * 2 * 8 * 1000 * 1024.0) * 8 * 1000 / 100e12));
    // The dense gradients cross all 8 replicas; each expert has 8 / 8 = 1 replica and moves nothing.
    CHECK(s.data == doctest::Approx(7.0 / 8 * 2e9 * 6 / 100e9));
}

TEST_CASE("context parallelism splits activations by the context degree and passes keys and values round a ring") {
    TrainedModel m = TrainedModel::dense(8e9, Transformer::gpt(32, 4096, 32, 65536, 128256));
    m.transformer.kv_heads = 8;
    m.transformer.head_dim = 128;
    const auto one = planner::memory_per_accelerator(m, {1, 1, 1, 0, 1}, Recompute::selective, 80e9, 0);
    const auto four = planner::memory_per_accelerator(m, with({1, 1, 1, 0, 1}, 1, 4), Recompute::selective, 80e9, 0);
    CHECK(*four.activations == doctest::Approx(*one.activations / 4));
    const auto s = planner::step_time(on_one_instance(m, with({1, 1, 2, 1, 1}, 1, 4), 2));
    // m = 1; 3 passes · 32 layers · (3/4) · (65536 tokens · 2 · 1024 wide · 2 B) / 100e9
    CHECK(s.context == doctest::Approx(3 * 32 * 3.0 / 4 * (65536 * 2 * 1024 * 2.0) / 100e9));
    CHECK(s.context_exposed == doctest::Approx(s.context / 2));  // φ = 0.5, well under the compute
    // A rank computes its quarter of each sequence; at 64K tokens attention's products
    // (3 · 2 · 32 · 65536 · 32 · 128 = 5.15e10 a token) outweigh the parameters' 6 · 8e9.
    CHECK(s.compute == doctest::Approx((6 * 8e9 + 3 * 2 * 32 * 65536 * 32 * 128.0) * 65536 / 4 / 100e12));
}

TEST_CASE("a 128K-token sequence is planned with context parallelism when one accelerator cannot hold its activations") {
    json t = train({{"model", "llama3.1-8b"}, {"sequence", 131072}, {"tokens", 1e10}, {"recompute", "selective"},
                    {"instance", "p5.48xlarge"}, {"instance_count", 4}, {"global_batch", 32}});
    CHECK(t["layout"]["context"].get<int>() > 1);
    CHECK(t["memory"]["fits"] == true);
    CHECK(t["step"]["context_seconds"].get<double>() > 0);
}

TEST_CASE("LoRA adapters number rank · (d_in + d_out) per targeted matrix: PEFT's counts for Llama 2 7B and Llama 3 8B") {
    // PEFT's example: r = 8 on q and v of Llama 2 7B, "trainable params: 4,194,304".
    json lora = train({{"model", {{"config", kLlama2_7b}}}, {"sequence", 4096}, {"tokens", 1e8},
                       {"fine_tuning", {{"method", "lora"}, {"rank", 8}, {"target_modules", {"q", "v"}}}},
                       {"instance", "p4de.24xlarge"}, {"instance_count", 1}});
    CHECK(lora["adapter_parameters"].get<double>() == 4194304);
    CHECK(lora["fine_tuning"] == "lora");
    // Every linear layer at r = 16 on Llama 3.1 8B (GQA: k and v are 1024 wide; SwiGLU 14336):
    // 16 · 32 · (2·8192 + 2·5120 + 3·18432) = 41,943,040.
    json all = train({{"model", "llama3.1-8b"}, {"sequence", 4096}, {"tokens", 1e8}, {"fine_tuning", {{"method", "lora"}}},
                      {"instance", "p5.48xlarge"}, {"instance_count", 1}});
    CHECK(all["adapter_parameters"].get<double>() == 41943040);
    // The frozen base has no weight gradients: 4 FLOPs per active parameter and token, 6 per adapter;
    // attention still runs forward and both backward products: 3 · 2 · 32 · 4096 · 32 · 128.
    CHECK(all["flops_per_parameter_token"].get<double>() == 4);
    CHECK(all["total_flops"].get<double>() ==
          doctest::Approx((4 * 8e9 + 6 * 41943040.0 + 3 * 2 * 32 * 4096 * 32 * 128.0) * 1e8));
}

TEST_CASE("QLoRA holds the base in 4.127 bits a parameter: LLaMA 65B fine-tunes on one 48 GB GPU, full fine-tuning needs over 780 GB") {
    // Dettmers et al. 2023: "from >780GB of GPU memory to <48GB", r = 64 on every linear layer.
    json q = train({{"model", {{"config", kLlama65b}}}, {"sequence", 512}, {"tokens", 1e7}, {"recompute", "full"},
                    {"fine_tuning", {{"method", "qlora"}, {"rank", 64}}}, {"instance", "p4d.24xlarge"},
                    {"instance_count", 1}, {"layout", {{"tensor", 1}}}, {"headroom", 0}});
    const double p = q["parameters"].get<double>();
    CHECK(q["base_weight_bytes"].get<double>() == doctest::Approx(4.127 / 8));
    // Tensor degree 1: every GPU holds the whole base, the adapters and one sequence's activations.
    CHECK(q["memory"]["weights_bytes"].get<double>() ==
          doctest::Approx(p * 4.127 / 8 + q["adapter_parameters"].get<double>() * 2));
    CHECK(q["memory"]["total_bytes"].get<double>() < 48e9);
    CHECK(p * 16 > 780e9);
}

TEST_CASE("FP8 needs FP8 units, and the default utilisation gains 1.13× over 16 bits, not the doubled peak") {
    json a100 = plan({{"model", {{"parameters", 7e9}}}, {"tokens", 1e12}, {"precision", "fp8"}, {"instance", "p4d.24xlarge"},
                      {"instance_count", 1}, {"achieved_tflops", 150}});
    REQUIRE(a100["ok"] == false);
    CHECK(a100["errors"][0]["field"] == "precision");
    CHECK(a100["errors"][0]["message"].get<std::string>().find("has no fp8 units") != std::string::npos);
    // The L40S has no operator table: its assumed 16-bit default, times the gain.
    json l40s = train({{"model", {{"parameters", 7e9}}}, {"tokens", 1e12}, {"precision", "fp8"}, {"instance", "g6e.48xlarge"},
                       {"instance_count", 1}});
    // 40% of the bf16 peak (362.05) × 1.13, over the fp8 peak (733).
    CHECK(l40s["mfu_source"] == "assumed");
    CHECK(l40s["hfu"].get<double>() == doctest::Approx(0.4 * 1.13 * 362.05 / 733));
    CHECK(l40s["achieved_tflops"].get<double>() == doctest::Approx(0.4 * 362.05 * 1.13));
    CHECK(l40s["precision_gain"].get<double>() == 1.13);
    // The span: the default's published 24% to 52%, times 1.0 to 1.35, over the doubled peak.
    CHECK(l40s["range"]["hfu"]["low"].get<double>() == doctest::Approx(0.24 * 1.0 * 362.05 / 733));
    CHECK(l40s["range"]["hfu"]["high"].get<double>() == doctest::Approx(0.52 * 1.35 * 362.05 / 733));
    // The H100 has a table: its fp8 products are priced from the measured fp8 shapes, above the
    // 1.13 gain's 22.6% and below the best fp8 product the H100 ran (65.3% of 1,979 TFLOP/s).
    json h100 = train({{"model", {{"parameters", 7e9}}}, {"tokens", 1e12}, {"precision", "fp8"}, {"instance", "p5.48xlarge"},
                       {"instance_count", 1}});
    CHECK(h100["mfu_source"] == "predicted");
    CHECK(h100["hfu"].get<double>() > 0.4 * 1.13 * 989.5 / 1979);
    CHECK(h100["matrix_utilisation"].get<double>() < 0.653);
    CHECK(h100["range"]["hfu"]["low"].get<double>() < h100["hfu"].get<double>());
    // Memory keeps the mixed-precision states: 2 B weights, 2 B gradients, 12 B optimizer.
    CHECK(l40s["bytes_per_parameter"] == json{{"weights", 2}, {"gradients", 2}, {"optimizer", 12}});
    json fp4 = plan({{"model", {{"parameters", 7e9}}}, {"tokens", 1e12}, {"precision", "fp4"}, {"instance", "p6-b200.48xlarge"},
                     {"instance_count", 1}});
    REQUIRE(fp4["ok"] == false);
    CHECK(fp4["errors"][0]["field"] == "mfu");
    json int8 = plan({{"model", {{"parameters", 7e9}}}, {"tokens", 1e12}, {"precision", "int8"}, {"instance", "p5.48xlarge"},
                      {"instance_count", 1}});
    CHECK(int8["errors"][0]["field"] == "precision");
}

TEST_CASE("plans keep memory under 80% of capacity unless the request says otherwise (Fujii et al. 2024)") {
    json t = train({{"model", {{"parameters", 7e9}}}, {"tokens", 1e12}, {"instance", "p5.48xlarge"}, {"instance_count", 1}});
    CHECK(t["memory"]["usable_bytes"].get<double>() == doctest::Approx(0.8 * t["memory"]["capacity_bytes"].get<double>()));
    json given = train({{"model", {{"parameters", 7e9}}}, {"tokens", 1e12}, {"instance", "p5.48xlarge"}, {"instance_count", 1},
                        {"headroom", 0.05}});
    CHECK(given["memory"]["usable_bytes"].get<double>() == doctest::Approx(0.95 * given["memory"]["capacity_bytes"].get<double>()));
}

TEST_CASE("a request asks for layer-by-layer overlap with \"layer\" and a tensor_overlap share, and other words are refused") {
    // Llama 3.1 8B, 32 layers on one stage: φ = 1 − 1/32; the request gives it, so no range for it.
    json t = train({{"model", "llama3.1-8b"}, {"sequence", 8192}, {"tokens", 1e10}, {"instance", "p5.48xlarge"},
                    {"instance_count", 4}, {"layout", {{"tensor", 2}, {"pipeline", 1}, {"zero", 1}}},
                    {"overlap", "layer"}, {"tensor_overlap", 1}, {"pipeline_overlap", 0.5}});
    CHECK(t["overlap"].get<double>() == doctest::Approx(1 - 1.0 / 32));
    CHECK(t["tensor_overlap"] == 1);
    CHECK(t["step"]["tensor_seconds"].get<double>() > 0);
    CHECK(t["step"]["tensor_exposed_seconds"] == 0);
    CHECK(t["pipeline_overlap"] == 0.5);
    CHECK_FALSE(t["range"].contains("scaling_efficiency"));
    json bad = plan({{"model", "llama3.1-8b"}, {"tokens", 1e10}, {"instance", "p5.48xlarge"}, {"instance_count", 4},
                     {"overlap", "prefetch"}, {"tensor_overlap", 1.5}});
    REQUIRE(bad["ok"] == false);
    CHECK(bad["errors"][0]["field"] == "overlap");
    CHECK(bad["errors"][0]["message"].get<std::string>().find("\"layer\"") != std::string::npos);
    CHECK(bad["errors"][1]["field"] == "tensor_overlap");
}

TEST_CASE("a predicted training plan's range holds the planner's own error on published runs of its model's family") {
    // Worked from the bands data/model-error.json records: the published throughput of the fit
    // third's runs lay between planned ÷ high and planned ÷ low (10th to 90th percentile).
    const planner::Catalogue& c = test::real_catalogue();
    const planner::ErrorBand* dense = c.error_band("train", "dense");
    const planner::ErrorBand* moe = c.error_band("train", "moe");
    REQUIRE(dense);
    REQUIRE(moe);
    const json job = {{"api", 1}, {"kind", "train"}, {"model", "llama3.1-8b"}, {"tokens", 1e12}, {"instance", "p5.48xlarge"},
                      {"instance_count", 4}, {"overlap", 1}};
    const json banded = json::parse(site::plan(c, job.dump()))["train"];
    REQUIRE(banded["mfu_source"] == "predicted");
    const double tps = banded["tokens_per_second_per_accelerator"].get<double>(), days = banded["days"].get<double>();
    const json& range = banded["range"];
    CHECK(range["tokens_per_second_per_accelerator"]["low"].get<double>() <= tps / dense->high * (1 + 1e-12));
    CHECK(range["tokens_per_second_per_accelerator"]["high"].get<double>() >= tps / dense->low * (1 - 1e-12));
    CHECK(range["days"]["low"].get<double>() <= days * dense->low * (1 + 1e-12));
    CHECK(range["days"]["high"].get<double>() >= days * dense->high * (1 - 1e-12));
    CHECK(range["hfu"]["high"].get<double>() >= banded["hfu"].get<double>() / dense->low * (1 - 1e-12));
    CHECK(banded["notes"].dump().find("data/model-error.json") != std::string::npos);
    // Without the bands the same plan keeps only its products' span: a few percent.
    planner::Catalogue bare = c;
    bare.error_bands.clear();
    const json unbanded = json::parse(site::plan(bare, job.dump()))["train"];
    CHECK(unbanded["tokens_per_second_per_accelerator"] == banded["tokens_per_second_per_accelerator"]);  // the point stays
    CHECK(unbanded["range"]["days"]["high"].get<double>() < range["days"]["high"].get<double>());
    CHECK(unbanded["notes"].dump().find("data/model-error.json") == std::string::npos);
    // A mixture of experts takes its own, wider band.
    json moe_job = job;
    moe_job["model"] = "qwen3-30b-a3b";
    const json routed = json::parse(site::plan(c, moe_job.dump()))["train"];
    REQUIRE(routed["mfu_source"] == "predicted");
    CHECK(routed["range"]["tokens_per_second_per_accelerator"]["high"].get<double>() >=
          routed["tokens_per_second_per_accelerator"].get<double>() / moe->low * (1 - 1e-12));
    CHECK(routed["notes"].dump().find("mixture-of-experts") != std::string::npos);
    // A utilisation of the user's own is an override: no band is added to it.
    json given = job;
    given["mfu"] = 0.4;
    const json own = json::parse(site::plan(c, given.dump()))["train"];
    CHECK(own["notes"].dump().find("data/model-error.json") == std::string::npos);
}

TEST_CASE("an expert all-to-all the request does not say is overlapped ranges from waited for to hidden under compute") {
    // Qwen3-30B-A3B over 16 experts' ranks on two p5.48xlarge: the all-to-all crosses the network.
    json job = {{"model", "qwen3-30b-a3b"}, {"tokens", 1e12}, {"instance", "p5.48xlarge"}, {"instance_count", 2},
                {"layout", {{"tensor", 1}, {"pipeline", 1}, {"expert", 16}, {"zero", 1}}}};
    const json assumed = train(job);
    const json& st = assumed["step"];
    const double expert = st["expert_seconds"].get<double>(), compute = st["compute_seconds"].get<double>();
    REQUIRE(expert > 0);
    CHECK(st["expert_exposed_seconds"] == expert);  // waited for: Megatron-LM's default
    // The fast end hides it (what compute can cover) and the data-parallel traffic too; the slow end
    // is the plan itself, with none of the data-parallel traffic hidden.
    const double step = st["step_seconds"].get<double>();
    const double fast = compute / (step - expert - st["data_exposed_seconds"].get<double>() + std::max(0.0, expert - compute) +
                                   std::max(0.0, st["data_seconds"].get<double>() - compute));
    CHECK(assumed["range"]["scaling_efficiency"]["high"].get<double>() == doctest::Approx(fast));
    CHECK(assumed["range"]["scaling_efficiency"]["low"].get<double>() <= assumed["scaling_efficiency"].get<double>());
    // Stated, it is not an assumption: with the data-parallel overlap stated too, no range is left.
    job["expert_overlap"] = 0;
    job["overlap"] = 0.5;
    CHECK_FALSE(train(job)["range"].contains("scaling_efficiency"));
}
