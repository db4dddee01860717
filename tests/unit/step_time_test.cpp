// The step-time model (step_time.hpp), the time-based layout search (layout_search.hpp), and the
// published scaling anchors S4 and S5 as predictions.
#include <doctest/doctest.h>

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/layout_search.hpp"
#include "planner/step_time.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;
using planner::Transformer;
using planner::Layout;
using planner::StepInputs;
using planner::step_time;

namespace {
json train(const json& fields) {
    json request = {{"api", 1}, {"kind", "train"}};
    request.update(fields);
    json r = json::parse(site::plan(test::real_catalogue(), request.dump()));
    REQUIRE_MESSAGE(r["ok"] == true, r.dump());
    return r["train"];
}

// A small model whose terms are easy to work by hand: 8 layers, h = 1024, s = 1000.
StepInputs small(Layout layout) {
    StepInputs in;
    in.model = planner::TrainedModel::dense(1e9, Transformer::gpt(8, 1024, 8, 1000, 32000));
    in.layout = layout;
    in.global_batch = 64;
    in.flops_per_second = 100e12;
    in.link_bytes_per_second = 100e9;
    in.network_bytes_per_second = 10e9;
    in.accelerators_per_instance = 8;
    in.overlap = 0.5;
    return in;
}

const json kGpt3 = {{"layers", 96}, {"hidden", 12288}, {"heads", 96}, {"sequence", 2048}, {"vocabulary", 51200}};
}  // namespace

TEST_CASE("compute is k·P plus attention's FLOPs per token over the model-parallel group's FLOP/s, per micro-batch count") {
    // t = 2, p = 2, d = 4 on 16 accelerators; 64 sequences over 4 replicas of micro-batch 2: m = 8.
    auto s = step_time(small({2, 2, 4, 1, 2}));
    CHECK(s.micro_batches == 8);
    CHECK(s.global_batch == 64);
    CHECK(s.tokens == 64000);
    // Per token 6 · 1e9 for the parameters and 3 · 2·L·s·h = 3 · 2 · 8 · 1000 · 1024 for attention's
    // causal products: (6e9 + 49,152,000) · (8 · 2 · 1000) / (2 · 2 · 100e12) = 0.24197 s
    CHECK(s.compute == doctest::Approx((6e9 + 3 * 2 * 8 * 1000 * 1024.0) * 16000 / 400e12));
    // bubble (p − 1)/m = 1/8 of the slowest stage's time
    CHECK(s.bubble == doctest::Approx((s.compute + s.stages) / 8));
}

TEST_CASE("the pipeline waits for its slowest stage: the last one also runs the output layer") {
    // F = 6e9 + 49,152,000 per token; the output layer F_o = 6 · V · h = 6 · 32000 · 1024 = 196,608,000.
    const double f = 6e9 + 3 * 2 * 8 * 1000 * 1024.0, out = 6 * 32000 * 1024.0;
    // Even split, p = 2: the last stage runs (F − F_o)/2 + F_o against the mean F/2: 1 + F_o/F.
    auto even = step_time(small({2, 2, 4, 1, 2}));
    CHECK(even.stages == doctest::Approx(even.compute * out / f));
    CHECK(even.step == doctest::Approx(even.compute + even.stages + even.bubble + even.tensor_exposed +
                                       even.pipeline_exposed + even.data_exposed));
    // p = 4: 1 + 3 · F_o/F.
    auto four = step_time(small({1, 4, 4, 1, 1}));
    CHECK(four.stages == doctest::Approx(four.compute * 3 * out / f));
    // Balanced, p = 4: (8 + 2)/4 = 2.5 slots a stage; a layer (F − F_o)/8; the middle stages run
    // 2.5 layers, the last 1.5 layers and the output layer (less): 2.5 · (F − F_o)/8 over F/4.
    StepInputs balanced = small({1, 4, 4, 1, 1});
    balanced.balanced_stages = true;
    auto b = step_time(balanced);
    CHECK(b.stages == doctest::Approx(b.compute * (2.5 * (f - out) / 8 / (f / 4) - 1)));
    CHECK(b.stages > four.stages);  // a small output layer against a layer: balancing makes it worse
    // Balanced, p = 2: no middle stage; the last runs 4 layers and the output layer.
    StepInputs two = small({2, 2, 4, 1, 2});
    two.balanced_stages = true;
    auto b2 = step_time(two);
    CHECK(b2.stages == doctest::Approx(b2.compute * ((4 * (f - out) / 8 + out) / (f / 2) - 1)));
    // One stage, or no vocabulary: no wait.
    CHECK(step_time(small({2, 1, 8, 1, 1})).stages == 0);
    StepInputs unknown = small({2, 2, 4, 1, 2});
    unknown.model.transformer.vocabulary = 0;
    CHECK(step_time(unknown).stages == 0);
}

TEST_CASE("a large vocabulary on a pipeline: the plan says how much a balanced split saves, and takes one") {
    // Llama 3.1 70B (vocabulary 128,256) on 8 p5.48xlarge at TP 4 × PP 8: the last stage carries
    // the output layer, about 1.2 layers' worth on top of its 10.
    json job = {{"model", "llama3.1-70b"}, {"tokens", 1e12}, {"sequence", 8192}, {"instance", "p5.48xlarge"},
                {"instance_count", 8}, {"global_batch", 128}, {"layout", {{"tensor", 4}, {"pipeline", 8}, {"zero", 1}}}};
    json even = train(job);
    CHECK(even["pipeline_split"] == "even");
    const double stages = even["step"]["stages_seconds"].get<double>(), compute = even["step"]["compute_seconds"].get<double>();
    CHECK(stages / compute == doctest::Approx(0.098).epsilon(0.05));
    bool advised = false;
    for (const auto& note : even["notes"]) advised |= note.get<std::string>().rfind("pipeline: the last stage", 0) == 0;
    CHECK(advised);
    job["pipeline_split"] = "balanced";
    json balanced = train(job);
    CHECK(balanced["pipeline_split"] == "balanced");
    CHECK(balanced["days"].get<double>() < even["days"].get<double>());
    for (const auto& note : balanced["notes"]) CHECK(note.get<std::string>().rfind("pipeline: the last stage", 0) != 0);
    json bad = {{"api", 1}, {"kind", "train"}};
    bad.update(job);
    bad["pipeline_split"] = "uneven";
    const json r = json::parse(site::plan(test::real_catalogue(), bad.dump()));
    CHECK(r["ok"] == false);
    CHECK(r["errors"][0]["field"] == "pipeline_split");
}

TEST_CASE("tensor parallelism all-reduces each layer's activations four times, six with full recompute") {
    auto s = step_time(small({2, 1, 8, 1, 1}));
    // m = 64/8 = 8; 4 · 8 layers · 8 micro-batches · 2·(1/2) · (1·1000·1024·2 B) / 100e9 B/s
    const double per = 4 * 8 * 8 * 1.0 * (1000 * 1024 * 2.0) / 100e9;
    CHECK(s.tensor == doctest::Approx(per));
    StepInputs full = small({2, 1, 8, 1, 1});
    full.flops_per_parameter_token = 8;
    full.recompute = planner::Recompute::full;
    CHECK(step_time(full).tensor == doctest::Approx(per * 6 / 4));
    CHECK(step_time(small({1, 1, 16, 1, 1})).tensor == 0);
}

TEST_CASE("pipeline stages send activations forward and gradients back, over the network across instances") {
    // t = 2, p = 8: 16 ranks per replica, two instances: stage boundaries cross the network.
    auto s = step_time(small({2, 8, 1, 0, 1}));
    CHECK(s.pipeline_over_network);
    CHECK(s.micro_batches == 64);
    CHECK(s.pipeline == doctest::Approx(2 * 64 * (1000 * 1024 * 2.0) / 2 / 10e9));
    CHECK(s.bubble == doctest::Approx((s.compute + s.stages) * 7 / 64));
    auto inside = step_time(small({2, 4, 1, 0, 1}));
    CHECK_FALSE(inside.pipeline_over_network);
    CHECK(inside.pipeline == doctest::Approx(2 * 64 * (1000 * 1024 * 2.0) / 2 / 100e9));
}

TEST_CASE("data parallelism moves (d−1)/d of the shard per ZeRO stage's bytes, over the link inside an instance") {
    const double shard = 1e9;  // t = p = 1
    auto zero0 = step_time(small({1, 1, 8, 0, 1}));
    CHECK_FALSE(zero0.data_over_network);
    CHECK(zero0.data == doctest::Approx(7.0 / 8 * shard * 8 / 100e9));  // fp32 all-reduce: 2 × 4 B
    CHECK(step_time(small({1, 1, 8, 1, 1})).data == doctest::Approx(7.0 / 8 * shard * 6 / 100e9));
    CHECK(step_time(small({1, 1, 8, 2, 1})).data == doctest::Approx(7.0 / 8 * shard * 6 / 100e9));
    CHECK(step_time(small({1, 1, 8, 3, 1})).data == doctest::Approx(7.0 / 8 * shard * 8 / 100e9));
    auto across = step_time(small({1, 1, 16, 1, 1}));
    CHECK(across.data_over_network);
    CHECK(across.data == doctest::Approx(15.0 / 16 * shard * 6 / 10e9));
}

TEST_CASE("overlap layer by layer leaves one layer's share of the data-parallel traffic on the step") {
    // 8 layers on one stage: φ = 1 − 1/8. On 16 instances' network the traffic outlasts the compute,
    // so what is left is the excess; inside one instance one layer's share, 1/8, waits.
    StepInputs across = small({1, 1, 16, 1, 1});
    across.overlap_by_layer = true;
    auto a = step_time(across);
    CHECK(a.overlap == doctest::Approx(0.875));
    CHECK(a.data_exposed == doctest::Approx(std::max(a.data / 8, a.data - a.compute)));
    StepInputs inside = small({1, 1, 8, 1, 1});
    inside.overlap_by_layer = true;
    auto i = step_time(inside);
    CHECK(i.data < i.compute);
    CHECK(i.data_exposed == doctest::Approx(i.data / 8));
    // Two pipeline stages hold 4 layers each: a quarter waits.
    StepInputs staged = small({1, 2, 4, 1, 1});
    staged.overlap_by_layer = true;
    CHECK(step_time(staged).overlap == doctest::Approx(0.75));
}

TEST_CASE("tensor-parallel traffic waits unless tensor_overlap hides it, as Megatron-LM's --tp-comm-overlap does") {
    StepInputs in = small({2, 1, 8, 1, 1});
    auto waits = step_time(in);
    CHECK(waits.tensor_exposed == doctest::Approx(waits.tensor));
    in.tensor_overlap = 0.5;
    auto half = step_time(in);
    CHECK(half.tensor_exposed == doctest::Approx(half.tensor / 2));
    in.tensor_overlap = 1;
    auto hidden = step_time(in);
    CHECK(hidden.tensor < hidden.compute);
    CHECK(hidden.tensor_exposed == 0);
    CHECK(hidden.step == doctest::Approx(waits.step - waits.tensor));
}

TEST_CASE("pipeline sends wait unless pipeline_overlap hides them, as Megatron-LM's interleaved schedule does") {
    StepInputs in = small({1, 2, 8, 1, 1});
    auto waits = step_time(in);
    REQUIRE(waits.pipeline > 0);
    CHECK(waits.pipeline_exposed == doctest::Approx(waits.pipeline));
    in.pipeline_overlap = 1;
    auto hidden = step_time(in);
    CHECK(hidden.pipeline_exposed == 0);
    CHECK(hidden.step == doctest::Approx(waits.step - waits.pipeline));
}

TEST_CASE("overlap hides a share of the data-parallel traffic, never more than the compute lasts") {
    StepInputs in = small({1, 1, 16, 1, 1});  // data 0.5625 s over the network, compute 0.24 s
    in.overlap = 0;
    auto none = step_time(in);
    CHECK(none.data_exposed == doctest::Approx(none.data));
    in.overlap = 1;
    auto all = step_time(in);
    CHECK(all.data_exposed == doctest::Approx(all.data - all.compute));
    in.overlap = 0.5;
    auto half = step_time(in);
    CHECK(half.data_exposed == doctest::Approx(std::max(half.data / 2, half.data - half.compute)));
    CHECK(half.step == doctest::Approx(half.compute + half.data_exposed));
    CHECK(half.efficiency == doctest::Approx(half.compute / half.step));
}

TEST_CASE("every replica gets at least one micro-batch: the step's batch grows with the data-parallel degree") {
    StepInputs in = small({1, 1, 16, 1, 4});
    in.global_batch = 10;
    auto s = step_time(in);
    CHECK(s.micro_batches == 1);
    CHECK(s.global_batch == 64);
}

TEST_CASE("S4: Megatron-LM GPT-3 on trn1.32xlarge from 1 to 16 instances is predicted at 92.74% ± 1 point") {
    // The talk gives the instances and the global batch (64 → 1024 sequences); the model and layout
    // it does not: GPT-3 6.7B (Brown et al. 2020, Table 2.1), tensor parallel 8 as in Neuron's
    // Megatron-LM GPT tutorials, plain data parallelism, full recompute, 2048 tokens per sequence.
    const json gpt3_6_7b = {{"layers", 32}, {"hidden", 4096}, {"heads", 32}, {"sequence", 2048}, {"vocabulary", 50257}};
    auto on = [&](int n) {
        return train({{"model", {{"architecture", gpt3_6_7b}}}, {"tokens", 1e11}, {"recompute", "full"},
                      {"instance", "trn1.32xlarge"}, {"instance_count", n}, {"global_batch", 64 * n},
                      {"layout", {{"tensor", 8}, {"zero", 0}}}});
    };
    const json one = on(1), sixteen = on(16);
    CHECK(sixteen["scaling_source"] == "step time");
    CHECK(sixteen["step"]["data_over_network"] == true);
    CHECK(one["step"]["data_over_network"] == false);
    const double weak = sixteen["scaling_efficiency"].get<double>() / one["scaling_efficiency"].get<double>();
    CHECK(weak == doctest::Approx(0.9274).epsilon(0.01 / 0.9274));
}

TEST_CASE("S5: DeepSpeed ZeRO-1 BERT 1.5B on 16 dl1.24xlarge is predicted at 96% at EFA's line rate, above the published 85%") {
    // AWS ML blog (Balasubramaniam et al. 2022): BERT 1.5B, ZeRO-1, micro-batch 16 with 24 steps of
    // gradient accumulation per Gaudi, sequence 128 (pre-training phase 1). Shape as GPT-2 XL
    // (48 layers, hidden 1600). Gaudi's throughput is not published; assumed 30 TFLOP/s per
    // accelerator: DL1's "up to 40% better price performance" than P3dn (V100, 40% of 125 TFLOP/s)
    // at 42% of its price. Links from the catalogue: 700 Gbps RoCE mesh inside, 400 Gbps EFA out.
    const auto& c = test::real_catalogue();
    const auto& dl1 = *c.find("dl1.24xlarge");
    StepInputs in;
    const Transformer bert = Transformer::gpt(48, 1600, 25, 128, 30522);
    in.model = planner::TrainedModel::dense(planner::count_parameters(bert).total, bert);
    in.flops_per_second = 30e12;
    in.link_bytes_per_second = dl1.accelerator_interconnect->value * 1e9 / 2;
    in.network_bytes_per_second = dl1.network->value * 1e9 / 8 / 8;
    in.accelerators_per_instance = 8;
    auto at = [&](int accelerators) {
        in.layout = Layout{1, 1, accelerators, 1, 16};
        in.global_batch = 384 * accelerators;
        return step_time(in);
    };
    const auto one = at(8), sixteen = at(128);
    CHECK(sixteen.micro_batches == 24);
    CHECK(sixteen.data_over_network);
    const double weak = sixteen.efficiency / one.efficiency;
    CHECK(weak == doctest::Approx(0.96).epsilon(0.01 / 0.96));
    // The published 85% is what the model gives with about a quarter of EFA's 400 Gbps reaching the
    // Gaudis: DL1 had no peer-direct over EFA then ("We will provide a peer-direct driver over EFA",
    // the DL1 deep dive, 2021), so gradients went through host memory. The accuracy page says so.
    in.network_bytes_per_second *= 0.26;
    CHECK(at(128).efficiency / at(8).efficiency == doctest::Approx(0.85).epsilon(0.01 / 0.85));
}

TEST_CASE("the layout search returns the fastest layout that fits, then the runners-up and what each lost on") {
    json t = train({{"model", {{"architecture", kGpt3}}}, {"tokens", 300e9}, {"recompute", "full"},
                    {"instance", "p4de.24xlarge"}, {"instance_count", 128}, {"global_batch", 1536}});
    CHECK(t["fits"] == true);
    const double best = t["step"]["step_seconds"].get<double>() / t["step"]["tokens"].get<double>();
    REQUIRE(t["alternatives"].size() == 3);
    double previous = best;
    for (const json& a : t["alternatives"]) {
        const double per_token = a["step"]["step_seconds"].get<double>() / a["step"]["tokens"].get<double>();
        CHECK(per_token >= previous);
        CHECK(a["slower"].get<double>() == doctest::Approx(per_token / best - 1));
        CHECK(a.contains("lost_on"));
        CHECK(a["memory_bytes"].get<double>() <= t["memory"]["usable_bytes"].get<double>());
        previous = per_token;
    }
    CHECK(t["layouts_considered"].get<int>() >= 4);
    // Tensor parallel over NVSwitch inside the instance, the pipeline across instances.
    CHECK(t["layout"]["tensor"] == 8);
    CHECK(t["layout"]["pipeline"].get<int>() > 1);
}

TEST_CASE("GPT-3 on 223 p4de predicts its own efficiency instead of borrowing another vendor's measurement") {
    json t = train({{"model", {{"architecture", kGpt3}}}, {"tokens", 300e9}, {"recompute", "full"},
                    {"instance", "p4de.24xlarge"}, {"instance_count", 223}});
    CHECK(t["scaling_source"] == "step time");
    CHECK(t["step"]["data_over_network"] == true);
    // 223 is prime: tensor × pipeline can only be 1…8 inside one instance, so the gradients of a
    // 22-billion-parameter shard cross the network every step.
    CHECK(long(t["layout"]["tensor"]) * long(t["layout"]["pipeline"]) <= 8);
    CHECK(t["scaling_efficiency"].get<double>() < 0.8);
    // The overlap is assumed: the efficiency ranges from none of the traffic hidden to all of it.
    CHECK(t["range"]["scaling_efficiency"]["low"].get<double>() < t["scaling_efficiency"].get<double>());
    CHECK(t["range"]["scaling_efficiency"]["high"].get<double>() > t["scaling_efficiency"].get<double>());
}

TEST_CASE("a request's scaling_efficiency still wins over the step model, and its overlap narrows the range") {
    json given = train({{"model", {{"parameters", 7e9}}}, {"tokens", 1e12}, {"instance", "trn1.32xlarge"},
                        {"instance_count", 16}, {"mfu", 0.4}, {"scaling_efficiency", 0.9}});
    CHECK(given["scaling_source"] == "request");
    CHECK(given["seconds"].get<double>() == doctest::Approx(6 * 7e9 * 1e12 / (256 * 190e12 * 0.4 * 0.9)));
    // Every overlap stated: nothing left to range over.
    json overlap = train({{"model", {{"parameters", 7e9}}}, {"tokens", 1e12}, {"instance", "trn1.32xlarge"},
                          {"instance_count", 16}, {"mfu", 0.4}, {"overlap", 0.8}, {"tensor_overlap", 0},
                          {"pipeline_overlap", 0}, {"expert_overlap", 0}});
    CHECK(overlap["overlap"] == 0.8);
    CHECK_FALSE(overlap["range"].contains("scaling_efficiency"));
    json assumed = train({{"model", {{"parameters", 7e9}}}, {"tokens", 1e12}, {"instance", "trn1.32xlarge"},
                          {"instance_count", 16}, {"mfu", 0.4}});
    CHECK(assumed["overlap"] == 0.5);
    CHECK(assumed["range"].contains("scaling_efficiency"));
}

TEST_CASE("the memory-bound work is five passes over the activations a layer passes between operations, seven with full recompute") {
    // small(): h = 1024, s = 1000, 8 heads; t = 2, b = 2, FlashAttention: the no-recompute row of
    // Korthikanti et al. gives s·b·h·(10 + 24/t) = 1000 · 2 · 1024 · 22 bytes per layer.
    const Transformer arch = Transformer::gpt(8, 1024, 8, 1000, 32000);
    const Layout tp2{2, 1, 8, 1, 2};
    const double row = 1000.0 * 2 * 1024 * (10 + 24 / 2.0);
    CHECK(planner::memory_traffic_per_layer(arch, tp2, planner::Recompute::none, false, false) == doctest::Approx(5 * row));
    CHECK(planner::memory_traffic_per_layer(arch, tp2, planner::Recompute::full, false, false) == doctest::Approx(7 * row));
    // Sequence-parallel, the norms' and dropouts' tensors are split too: 34·s·b·h/t, five passes.
    const double split = 34 * 1000.0 * 2 * 1024 / 2;
    CHECK(planner::memory_traffic_per_layer(arch, tp2, planner::Recompute::none, false, true) == doctest::Approx(5 * split));
    CHECK(planner::memory_traffic_per_layer(arch, tp2, planner::Recompute::selective, false, true) ==
          doctest::Approx(5 * split));
    // Unfused attention adds its 5·a·s²·b/t bytes of scores: five passes without recompute, and seven
    // under selective recompute, which recomputes them.
    const double scores = 5.0 * 8 * 1000 * 1000 * 2 / 2;
    CHECK(planner::memory_traffic_per_layer(arch, tp2, planner::Recompute::none, true, false) == doctest::Approx(5 * (row + scores)));
    CHECK(planner::memory_traffic_per_layer(arch, tp2, planner::Recompute::selective, true, true) ==
          doctest::Approx(5 * split + 7 * scores));
}

TEST_CASE("a mixture of experts' routed copies pass through memory-bound kernels unless the dispatch writes them in place") {
    // Mixtral-like: h 4,096, 2 of 8 experts 14,336 wide, gated; s = 1,000, b = 1, t = 1.
    Transformer moe = Transformer::gpt(8, 4096, 32, 1000, 32000);
    moe.gated = true;
    moe.experts = planner::Experts{8, 2, 14336};
    const Layout one{1, 1, 8, 0, 1};
    const double sbh = 1000.0 * 4096;
    // Per s·b·h: the dense 34 less its feed-forward's 19, then the input 2, the router's fp32
    // probabilities 4·8/h, the experts' gate, up and activation outputs 2·2·3·f/h, and the copies
    // and outputs 4·2 (NCCL's all-to-all: permuted before, unpermuted after).
    const double intermediates = 15 + 2 + 32.0 / 4096 + 2 * 2 * 3 * 14336.0 / 4096;
    CHECK(planner::memory_traffic_per_layer(moe, one, planner::Recompute::none, false, false) ==
          doctest::Approx(5 * sbh * (intermediates + 8)));
    // DeepEP and HybridEP write the copies in place and sum the outputs in the combine kernel.
    CHECK(planner::memory_traffic_per_layer(moe, one, planner::Recompute::none, false, false, true) ==
          doctest::Approx(5 * sbh * intermediates));
    // The memory holds the copies either way.
    CHECK(planner::activation_bytes_per_layer(moe, one, planner::Recompute::none, true, false) ==
          doctest::Approx(sbh * (intermediates + 8)));
}

TEST_CASE("given the multiplies' rate, compute adds the memory-bound work at the memory's bandwidth, while an end-to-end rate already holds it") {
    StepInputs in = small({2, 1, 8, 1, 2});  // m = 64 / (2 · 8) = 4 micro-batches, 8 layers
    in.memory_bytes_per_second = 2e12;
    const double memory = planner::memory_traffic_per_layer(in.model.transformer, in.layout, in.recompute, false, false) *
                          8 * 4 / 2e12;
    const auto end_to_end = step_time(in);
    CHECK(end_to_end.memory == doctest::Approx(memory));
    CHECK(end_to_end.compute == doctest::Approx(end_to_end.executed_flops / 100e12));  // unchanged by the term
    in.multiplies_only = true;
    const auto split = step_time(in);
    CHECK(split.memory == doctest::Approx(memory));
    CHECK(split.compute == doctest::Approx(split.executed_flops / 100e12 + memory));
    CHECK(split.bubble == 0);  // p = 1
    // The share falls with the hidden size: the multiplies grow with h², the traffic with h.
    StepInputs wide = in;
    wide.model = planner::TrainedModel::dense(16e9, Transformer::gpt(8, 4096, 32, 1000, 32000));
    const auto w = step_time(wide);
    CHECK(w.memory / w.compute < split.memory / split.compute);
}

TEST_CASE("the optimizer's update reads and writes 42 bytes per parameter in bf16, 50 with fp16's loss scaling, 36 in fp32") {
    // bf16 with an fp32 master: norm 4, Adam 16 read + 12 written, master → bf16 4 + 2, zeroing 4.
    CHECK(planner::optimizer_update_bytes(planner::ParameterBytes{2, 2, 12}, false) == 42);
    // fp16: the gradients are unscaled and checked first, 4 read + 4 written.
    CHECK(planner::optimizer_update_bytes(planner::ParameterBytes{2, 2, 12}, true) == 50);
    // fp32, no master copy: Adam reads and writes the weight itself; nothing to copy.
    CHECK(planner::optimizer_update_bytes(planner::ParameterBytes{4, 4, 8}, false) == 36);
}

TEST_CASE("the optimizer's update runs once per step on the parameters an accelerator holds, outside the pipeline's bubble") {
    // small(): 1e9 parameters; t = 2, p = 2, d = 4, b = 2: m = 8 micro-batches. 42 bytes at 2 TB/s.
    StepInputs in = small({2, 2, 4, 0, 2});
    in.memory_bytes_per_second = 2e12;
    in.update_bytes = 42;
    in.multiplies_only = true;
    const auto whole = step_time(in);
    // 1e9 / (2 · 2) = 2.5e8 parameters · 42 B / 2e12 B/s = 5.25 ms, whatever the micro-batches.
    CHECK(whole.optimizer == doctest::Approx(2.5e8 * 42 / 2e12));
    CHECK(whole.compute == doctest::Approx(whole.executed_flops / 100e12 + whole.memory + whole.optimizer));
    // The bubble and the slowest stage are the micro-batches' work: the update is not in them.
    CHECK(whole.bubble == doctest::Approx((whole.compute - whole.optimizer + whole.stages) / 8));
    StepInputs twice = in;
    twice.global_batch = 128;  // twice the micro-batches, the same update
    CHECK(step_time(twice).optimizer == doctest::Approx(whole.optimizer));
    // ZeRO-1 shards the update over the 4 replicas.
    StepInputs sharded = in;
    sharded.layout.zero = 1;
    CHECK(step_time(sharded).optimizer == doctest::Approx(whole.optimizer / 4));
    // LoRA updates only its adapters.
    StepInputs lora = in;
    lora.model.adapters = planner::Adapters{4e6, 2};
    CHECK(step_time(lora).optimizer == doctest::Approx(4e6 / 4 * 42 / 2e12));
    // Inside an end-to-end rate the update is a share of compute, not added to it.
    StepInputs end_to_end = in;
    end_to_end.multiplies_only = false;
    const auto e2e = step_time(end_to_end);
    CHECK(e2e.compute == doctest::Approx(e2e.executed_flops / 100e12));
    CHECK(e2e.optimizer == doctest::Approx(whole.optimizer));
    // No bytes given, no term.
    StepInputs uncounted = in;
    uncounted.update_bytes = 0;
    CHECK(step_time(uncounted).optimizer == 0);
}

TEST_CASE("a mixture of experts updates its routed experts' share once per expert-parallel rank") {
    StepInputs in = small({1, 1, 8, 0, 1});
    // 8e9 parameters, 6e9 of them in 8 routed experts, 2 a token: 8e9 − 6e9 · 6/8 = 3.5e9 active.
    in.model.transformer.parameters = 8e9;
    in.model.transformer.active_parameters = 3.5e9;
    in.model.transformer.experts = planner::Experts{8, 2, 1024};
    in.layout.expert = 4;
    in.memory_bytes_per_second = 2e12;
    in.update_bytes = 42;
    // Dense 2e9 on every rank, the routed 6e9 split over e = 4: 3.5e9 parameters.
    CHECK(step_time(in).optimizer == doctest::Approx((2e9 + 6e9 / 4) * 42 / 2e12));
    // ZeRO-1: the dense ones over d = 8 replicas, the experts over the d / e = 2 that share them.
    in.layout.zero = 1;
    CHECK(step_time(in).optimizer == doctest::Approx((2e9 / 8 + 6e9 / 4 / 2) * 42 / 2e12));
}

TEST_CASE("unfused attention executes the whole s × s, twice the causal half, while the model's FLOPs stay the causal half") {
    planner::TrainedModel m = planner::TrainedModel::dense(1e9, Transformer::gpt(8, 1024, 8, 1000, 32000));
    const double attention = 2.0 * 8 * 1000 * 1024;  // 2·L·s·heads·head_dim, forward
    CHECK(planner::training_flops_per_token(m, 6, false) == doctest::Approx(6e9 + 3 * attention));
    m.flash_attention = false;
    CHECK(planner::training_flops_per_token(m, 6, false) == doctest::Approx(6e9 + 6 * attention));
    CHECK(planner::training_flops_per_token(m, 8, true) == doctest::Approx(8e9 + 8 * attention));
    CHECK(planner::model_flops_per_token(m, 6) == doctest::Approx(6e9 + 3 * attention));
}

TEST_CASE("a matrix utilisation carries between models: the plan reports it from an HFU, and gives the HFU back from it") {
    const json job = {{"model", {{"architecture", kGpt3}}}, {"tokens", 1e11}, {"instance", "p4de.24xlarge"},
                      {"instance_count", 8}, {"global_batch", 64},
                      {"layout", {{"tensor", 8}, {"pipeline", 8}, {"micro_batch", 1}}}};
    json with_hfu = job;
    with_hfu["hfu"] = 0.45;
    const json a = train(with_hfu);
    REQUIRE(a.contains("matrix_utilisation"));
    const double matrix = a["matrix_utilisation"];
    // The multiplies run faster than the end-to-end rate: the memory-bound work and the
    // optimizer's update take the rest.
    CHECK(matrix > 0.45);
    const json& step = a["step"];
    CHECK(step["optimizer_seconds"].get<double>() > 0);
    CHECK(matrix == doctest::Approx(0.45 * step["compute_seconds"].get<double>() /
                                    (step["compute_seconds"].get<double>() - step["memory_seconds"].get<double>() -
                                     step["optimizer_seconds"].get<double>())));
    json with_matrix = job;
    with_matrix["matrix_utilisation"] = matrix;
    const json b = train(with_matrix);
    CHECK(b["hfu"].get<double>() == doctest::Approx(0.45));
    CHECK(b["days"].get<double>() == doctest::Approx(a["days"].get<double>()));
    CHECK(b["matrix_utilisation"].get<double>() == matrix);
    // On a smaller model the memory-bound work takes a larger share: the same multiplies' rate gives
    // a lower end-to-end figure.
    json small_model = with_matrix;
    small_model["model"] = {{"architecture", {{"layers", 32}, {"hidden", 4096}, {"heads", 32}, {"sequence", 2048},
                                              {"vocabulary", 51200}}}};
    small_model["layout"] = {{"tensor", 8}, {"pipeline", 1}, {"micro_batch", 1}};
    CHECK(train(small_model)["hfu"].get<double>() < 0.45);
}

TEST_CASE("matrix_utilisation is one of the utilisations, and needs the accelerator's memory bandwidth") {
    const json base = {{"api", 1}, {"kind", "train"}, {"model", "llama3.1-8b"}, {"tokens", 1e9},
                       {"instance", "p5.48xlarge"}, {"instance_count", 1}};
    json both = base;
    both["hfu"] = 0.4;
    both["matrix_utilisation"] = 0.5;
    const json r = json::parse(site::plan(test::real_catalogue(), both.dump()));
    CHECK(r["ok"] == false);
    CHECK(r["errors"][0]["field"] == "matrix_utilisation");
    json over = base;
    over["matrix_utilisation"] = 1.5;
    CHECK(json::parse(site::plan(test::real_catalogue(), over.dump()))["ok"] == false);
    // Without the chip's memory bandwidth the memory-bound work cannot be priced (H100's taken away).
    planner::Catalogue without = test::real_catalogue();
    for (auto& chip : without.accelerators)
        if (chip.id == "h100-sxm") chip.memory_bandwidth.reset();
    json fits = base;
    fits["matrix_utilisation"] = 0.5;
    const json g = json::parse(site::plan(without, fits.dump()));
    CHECK(g["ok"] == false);
    CHECK(g["errors"][0]["field"] == "matrix_utilisation");
    CHECK(g["errors"][0]["message"].get<std::string>().find("memory bandwidth") != std::string::npos);
    CHECK(json::parse(site::plan(test::real_catalogue(), fits.dump()))["ok"] == true);
}
