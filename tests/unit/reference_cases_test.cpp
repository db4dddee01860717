// The reference cases of shared/PLANNER.md (S1–S10), each with its source. Where the source leaves
// an input out, the test says which input the site assumes and checks what follows from it.
#include <doctest/doctest.h>

#include <cmath>

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/training.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;

namespace {
json plan(const json& request) {
    json r = json::parse(site::plan(test::real_catalogue(), request.dump()));
    REQUIRE_MESSAGE(r["ok"] == true, r.dump());
    return r[r["kind"].get<std::string>()];
}
// S2's inputs: LayoutLM at 1,000,000 inferences per hour, every instance busy (the article sized
// fleets at each instance's full throughput, without spares).
json layoutlm(const char* instance, const char* benchmark) {
    return plan({{"api", 1}, {"kind", "infer"}, {"instance", instance}, {"rate", {{"value", 1e6}, {"per", "hour"}}},
                 {"target_utilisation", 1}, {"benchmark", benchmark}});
}
}  // namespace

TEST_CASE("S1: GPT-3 175B on 1024 A100 at 140 TFLOP/s takes about 34 days (Narayanan et al. 2021)") {
    json t = plan({{"api", 1}, {"kind", "train"}, {"model", {{"parameters", 175e9}}}, {"tokens", 300e9},
                   {"recompute", "full"}, {"instance", "p4de.24xlarge"}, {"instance_count", 128}, {"achieved_tflops", 140}});
    CHECK(t["days"].get<double>() == doctest::Approx(34).epsilon(0.03));
    CHECK(t["days"].get<double>() == doctest::Approx(33.9).epsilon(0.001));
}

TEST_CASE("S2: LayoutLM at 1M inferences/hour: 6 Inf1 against 33 GPU instances (AWS energy article)") {
    // Assumed by the site (the article names neither size nor per-instance throughput): g4dn.2xlarge
    // at 8.5/s and inf1.2xlarge at 6.3 × that, both in data/benchmarks.json with their reasoning.
    json inf1 = layoutlm("inf1.2xlarge", "layoutlm-inf1-2xlarge");
    json gpu = layoutlm("g4dn.2xlarge", "layoutlm-g4dn-2xlarge");
    CHECK(inf1["fleet"] == 6);
    CHECK(gpu["fleet"] == 33);
    CHECK((1 - 6.0 / 33) * 100 == doctest::Approx(82).epsilon(0.01));  // −82% instances
    // $2 against $25 per million inferences (−91%); the article rounds to whole dollars.
    CHECK(std::round(inf1["cost_per_million"].get<double>()) == 2);
    CHECK(std::round(gpu["cost_per_million"].get<double>()) == 25);
    const double cost_saving = (1 - inf1["cost_per_million"].get<double>() / gpu["cost_per_million"].get<double>()) * 100;
    CHECK(cost_saving == doctest::Approx(91).epsilon(0.01));
    // −92% energy. inf1.2xlarge's power is itself derived from this result (data/instances.json
    // says so), so this checks that the chain is consistent, not an independent prediction.
    const double energy_saving = (1 - inf1["kwh_per_million"].get<double>() / gpu["kwh_per_million"].get<double>()) * 100;
    CHECK(energy_saving == doctest::Approx(92).epsilon(0.01));
}

TEST_CASE("S3: BERT-Large from scratch on 16 Trn1 against 16 P4d: 2.3 h vs 4 h, $787 vs $2,091 (AWS energy article)") {
    // Inputs from the article: 16 instances each side, the published durations, and the prices it
    // used (before the 2025 cut): p4d.24xlarge 32.77 USD/h (PLANNER.md), trn1.32xlarge 21.50 USD/h.
    json e = plan({{"api", 1}, {"kind", "energy"}, {"configurations", json::array({
        {{"label", "P4d"}, {"instance", "p4d.24xlarge"}, {"instances", 16}, {"hours", 4}, {"price_usd_per_hour", 32.77}},
        {{"label", "Trn1"}, {"instance", "trn1.32xlarge"}, {"instances", 16}, {"hours", 2.3}, {"price_usd_per_hour", 21.50}}})}});
    const json& p4d = e["configurations"][0];
    const json& trn1 = e["configurations"][1];
    CHECK(p4d["cost_usd"].get<double>() == doctest::Approx(2091).epsilon(0.03));
    CHECK(trn1["cost_usd"].get<double>() == doctest::Approx(787).epsilon(0.03));
    CHECK(trn1["cost_saving_percent"].get<double>() == doctest::Approx(62).epsilon(0.03));
    // ≈ −29% energy; trn1.32xlarge's power is derived from this result (see data/instances.json).
    CHECK(trn1["energy_saving_percent"].get<double>() == doctest::Approx(29).epsilon(0.03));

    SUBCASE("1.7× sequence throughput turns 4 h into 2.3 h") {
        // Assumed: BERT-Large (340M parameters), 450M sequences of 128 tokens, and the P4d cluster's
        // per-GPU rate that makes its run take the published 4 h. Trn1 then gets 1.7× the cluster's
        // sequence throughput, spread over its 256 chips.
        const double flops = 6 * 340e6 * 450e6 * 128;
        const double p4d_rate = flops / (128 * 4 * 3600) / 1e12;  // TFLOP/s per A100
        json job = {{"api", 1}, {"kind", "train"}, {"model", {{"parameters", 340e6}}}, {"tokens", 450e6 * 128}, {"instance_count", 16}};
        json a = job, b = job;
        a.update({{"instance", "p4d.24xlarge"}, {"achieved_tflops", p4d_rate}});
        b.update({{"instance", "trn1.32xlarge"}, {"achieved_tflops", p4d_rate * 1.7 * 128 / 256}});
        CHECK(plan(a)["seconds"].get<double>() / 3600 == doctest::Approx(4));
        CHECK(plan(b)["seconds"].get<double>() / 3600 == doctest::Approx(2.3).epsilon(0.03));
    }
}

// S4 and S5 (scaling from 1 to 16 instances): step_time_test.cpp.

TEST_CASE("S6: trn1.32xlarge has 512 GiB of accelerator memory and about 3 PFLOPS BF16 (AWS Japan talk)") {
    const auto& c = test::real_catalogue();
    const auto& trn1 = *c.find("trn1.32xlarge");
    // The talk says "512 GB" for 16 × 32 GiB; the catalogue holds GB, converted from Neuron's GiB.
    CHECK(c.accelerator_memory_gb(trn1) == doctest::Approx(512 * 1.073741824).epsilon(1e-4));
    // The talk quotes 3.4 PFLOPS BF16 and 840 TFLOPS FP32; the catalogue keeps the Neuron
    // documentation's per-chip figures (190 and 47.5), which give 3.04 and 0.76: 11% and 10% lower.
    const auto& chip = c.accelerator_of(trn1);
    CHECK(16 * chip.peak_tflops.at("bf16").value == doctest::Approx(3400).epsilon(0.12));
    CHECK(16 * chip.peak_tflops.at("fp32").value == doctest::Approx(840).epsilon(0.12));
}

TEST_CASE("S7: C7g against C6g: the FP32 peaks differ about 2x, within 20% of the talk's 'about 2.5x' (CMP207 report)") {
    // Neither Graviton has a published peak. data/accelerators.json estimates each socket as cores x
    // clock x FLOPs per cycle, every input cited in its note: Graviton2 64 x 2.5 GHz x 16 (two 128-bit
    // FMA pipes), Graviton3 64 x 2.6 GHz x 32 (two 256-bit SVE FMA pipes). c6g.16xlarge and
    // c7g.16xlarge are each one whole processor.
    json rows = plan({{"api", 1}, {"kind", "instances"}, {"ids", json::array({"c6g.16xlarge", "c7g.16xlarge"})}})["rows"];
    REQUIRE(rows.size() == 2);
    const double c6g = rows[0]["peak_tflops"]["fp32"].get<double>();
    const double c7g = rows[1]["peak_tflops"]["fp32"].get<double>();
    const double ratio = c7g / c6g;
    CAPTURE(c6g);
    CAPTURE(c7g);
    // AWS's own claim for Graviton3 over Graviton2 is "2x floating-point performance" (newtik-graviton3);
    // the estimates give 2.08, so this half is reproduced within 5%.
    CHECK(ratio == doctest::Approx(2).epsilon(0.05));
    // The talk's "about 2.5x" (ctc-accelerator-session-report) names no workload, precision or
    // size. AWS's published claims for the same pair are 2x floating-point and 3x machine learning
    // with bf16 (newtik-graviton3); 2.5x sits between them, and +-20% of 2.5 is exactly that 2x-3x
    // range, hence the tolerance. A dense FP32 peak can only land at the floating-point end of it:
    // 2.08 is 17% below 2.5.
    CHECK(ratio == doctest::Approx(2.5).epsilon(0.2));
    // Graviton2 (Neoverse N1) has no BF16 arithmetic, so the catalogue gives it no bf16 peak, and
    // a bf16 comparison (the "3x ML" claim) cannot be made from peaks.
    CHECK_FALSE(rows[0]["peak_tflops"].contains("bf16"));

    SUBCASE("the same FP32 training job at the same MFU takes that ratio longer on C6g") {
        // Assumed: one instance each side, 30% of the FP32 peak on both (no CPU MFU is published);
        // with equal MFU the time ratio is the peak ratio, whatever MFU is chosen.
        json job = {{"api", 1}, {"kind", "train"}, {"model", {{"parameters", 100e6}}}, {"tokens", 2e9},
                    {"precision", "fp32"}, {"instance_count", 1}, {"mfu", 0.3}};
        json a = job, b = job;
        a["instance"] = "c6g.16xlarge";
        b["instance"] = "c7g.16xlarge";
        const double slow = plan(a)["seconds"].get<double>();
        const double fast = plan(b)["seconds"].get<double>();
        CHECK(slow / fast == doctest::Approx(ratio).epsilon(1e-9));
        CHECK(fast == doctest::Approx(6 * 100e6 * 2e9 / (c7g * 1e12 * 0.3)).epsilon(1e-9));
    }

    SUBCASE("energy: the catalogue's estimates agree in direction only; the 60% is not reproduced") {
        // The claim. PLANNER.md summarises it as "up to 60% less energy than comparable accelerated
        // instances"; AWS's own wording is "up to 60% less energy than comparable EC2 instances"
        // (Well-Architected Machine Learning Lens, MLSUS-12,
        // https://docs.aws.amazon.com/wellarchitected/latest/machine-learning-lens/mlsus-12.html, and
        // AWS's Graviton pages: "for the same performance"), i.e. against CPU instances of the same
        // class, not against accelerated ones. The natural pair is c7g.16xlarge against c6i.16xlarge
        // (Ice Lake Xeon Platinum 8375C, the same 64 vCPUs).
        //
        // What the catalogue holds, every figure an estimate (data/accelerators.json,
        // data/instances.json): FP32 peaks c7g 5.32 TFLOPS, c6i 5.94 TFLOPS (two AVX-512 FMA units
        // at the 2.9 GHz base clock, LOW CONFIDENCE); power c7g 159 W, c6i 291 W, both by Cloud
        // Carbon Footprint's SPECpower-per-vCPU method. The same FP32 job at the same MFU then takes
        // 5.94 / 5.32 longer on c7g and uses 1 − (159 × 5.94/5.32) / 291 ≈ 39% less energy.
        //
        // Why that is not a check of the 60%: (1) no Graviton3 power is published; Cloud Carbon
        // Footprint reuses its Graviton2 figure, which is itself AMD EPYC 2nd Gen's, so c7g's 159 W
        // is a placeholder, not a Graviton3 measurement; (2) Intel publishes no TDP or AVX-512 clock
        // for the AWS-only 8375C, so c6i's peak is an upper bound; (3) the claim names no workload,
        // and XGBoost/LightGBM-class work is not FLOP-bound, so equal MFU is an assumption; (4) "up to"
        // is a best case. Tuning any of these toward 60% would only restate the claim. Missing for an
        // honest check: a measured or vendor power for Graviton3 and for the 8375C, and one workload's
        // throughput measured on both instances. data/README.md lists them under Known gaps.
        json x86 = plan({{"api", 1}, {"kind", "instances"}, {"ids", json::array({"c6i.16xlarge"})}})["rows"];
        REQUIRE(x86.size() == 1);
        const double c6i = x86[0]["peak_tflops"]["fp32"].get<double>();
        CAPTURE(c6i);
        // One hour of the job on c6i; at equal MFU, c7g needs c6i / c7g hours for the same work.
        json e = plan({{"api", 1}, {"kind", "energy"}, {"configurations", json::array({
            {{"label", "C6i"}, {"instance", "c6i.16xlarge"}, {"instances", 1}, {"hours", 1}},
            {{"label", "C7g"}, {"instance", "c7g.16xlarge"}, {"instances", 1}, {"hours", c6i / c7g}}})}});
        const double saving = e["configurations"][1]["energy_saving_percent"].get<double>();
        CAPTURE(saving);
        CHECK(saving > 0);  // direction only, by design; see above
        CHECK(saving <= 60);  // and no more than the claim's best case ("up to 60%")
    }
    // The performance half above is the only part of S7 this file reproduces.
}

TEST_CASE("S8: the same weeks on Trn1 instead of P4d cost about 33% less (AWS Japan talk, customer case)") {
    // Assumed: equal instance counts and wall-clock time on each side (the talk gives neither);
    // the saving is then the price ratio, at the prices of the time.
    json e = plan({{"api", 1}, {"kind", "energy"}, {"configurations", json::array({
        {{"instance", "p4d.24xlarge"}, {"instances", 16}, {"hours", 28 * 24}, {"price_usd_per_hour", 32.77}},
        {{"instance", "trn1.32xlarge"}, {"instances", 16}, {"hours", 28 * 24}, {"price_usd_per_hour", 21.50}}})}});
    CHECK(e["configurations"][1]["cost_saving_percent"].get<double>() == doctest::Approx(33).epsilon(0.05));
}

TEST_CASE("S9: 2.3× faster BERT-Large training on Trainium costs about 72% less and uses about 47% less energy (AWS Japan talk)") {
    // Read as the same job on one instance each side: p4d.24xlarge takes 2.3 h for what trn1.32xlarge
    // does in 1 h, at the prices of the time (p4d.24xlarge 32.77 USD/h, trn1.32xlarge 21.50 USD/h).
    json e = plan({{"api", 1}, {"kind", "energy"}, {"configurations", json::array({
        {{"label", "P4d"}, {"instance", "p4d.24xlarge"}, {"instances", 1}, {"hours", 2.3}, {"price_usd_per_hour", 32.77}},
        {{"label", "Trn1"}, {"instance", "trn1.32xlarge"}, {"instances", 1}, {"hours", 1}, {"price_usd_per_hour", 21.50}}})}});
    const json& trn1 = e["configurations"][1];
    CHECK(trn1["cost_saving_percent"].get<double>() == doctest::Approx(72).epsilon(0.03));

    SUBCASE("the power half: 47% less energy, a consistency check between two sources") {
        // "47% lower power" is read as 47% less energy for the same job (a 2.3× faster run draws
        // power for 1/2.3 of the time), not as a lower instantaneous draw: trn1.32xlarge draws more
        // than p4d.24xlarge in this catalogue. The energy comes from the catalogue's power figures,
        // p4d.24xlarge 4,200 W (8 × 400 W A100 + 1 kW host, an estimate) and trn1.32xlarge 5,186 W.
        // trn1.32xlarge's figure is not independent: it was derived from the OTHER source's result
        // (aws-energy-article: about 29% less energy in S3, see its note in data/instances.json). So
        // this checks that the talk's figure and the article's agree, not that the planner predicts
        // the talk: 1 − 5186 / (2.3 × 4200) = 46.3%, within 3% of 47.
        const double p4d_kwh = e["configurations"][0]["energy_kwh"].get<double>();
        const double trn1_kwh = trn1["energy_kwh"].get<double>();
        CAPTURE(p4d_kwh);
        CAPTURE(trn1_kwh);
        const double saving = trn1["energy_saving_percent"].get<double>();
        CHECK(saving == doctest::Approx((1 - 5186 / (2.3 * 4200)) * 100).epsilon(1e-6));
        CHECK(saving == doctest::Approx(47).epsilon(0.03));
    }
}

TEST_CASE("S10: P5 is up to 6× P4d: H100's dense FP8 peak against A100's dense BF16 (AWS Japan talk)") {
    const auto& c = test::real_catalogue();
    const double h100_fp8 = c.accelerator("h100-sxm")->peak_tflops.at("fp8").value;
    const double a100_bf16 = c.accelerator("a100-40gb")->peak_tflops.at("bf16").value;
    CHECK(h100_fp8 / a100_bf16 == doctest::Approx(6).epsilon(0.06));
}

TEST_CASE("S10: P5 at up to 4× P4de costs up to 40% less at the launch prices, about 50% less at today's (AWS Japan talk — The Next Platform)") {
    // Read as the same job on one instance each side: P4de takes 4 h for what P5 does in 1 h (the
    // talk's best case, "up to 4× faster than P4de"), so the 40% is an upper bound as well.
    auto p5_against_p4de = [](const json& p4de_price, const json& p5_price) {
        json p4de = {{"label", "P4de"}, {"instance", "p4de.24xlarge"}, {"instances", 1}, {"hours", 4}};
        json p5 = {{"label", "P5"}, {"instance", "p5.48xlarge"}, {"instances", 1}, {"hours", 1}};
        if (!p4de_price.is_null()) p4de["price_usd_per_hour"] = p4de_price;
        if (!p5_price.is_null()) p5["price_usd_per_hour"] = p5_price;
        return plan({{"api", 1}, {"kind", "energy"}, {"configurations", json::array({p4de, p5})}})["configurations"][1];
    };
    SUBCASE("at the prices of the source material: 40%") {
        // p4de.24xlarge 40.96 USD/h (aws-genai-training-talk) and p5.48xlarge 98.32 USD/h at launch
        // (nextplatform-p5-pricing), both before AWS's 2025 cut and both quoted in the price notes
        // of data/instances.json: 1 − 98.32 / (4 × 40.96) = 40.0%.
        const double saving = p5_against_p4de(40.96, 98.32)["cost_saving_percent"].get<double>();
        CHECK(saving == doctest::Approx((1 - 98.32 / (4 * 40.96)) * 100).epsilon(1e-9));
        CHECK(saving == doctest::Approx(40).epsilon(0.01));
    }
    SUBCASE("at the catalogue's post-2025-cut prices: about 50%") {
        // p4de.24xlarge 27.45 and p5.48xlarge 55.04 USD/h (datareceipts-hyperscalers): P5's price
        // fell more than P4de's, so the same speed-up now saves more. This shows readers both; it
        // is not a figure the talk gave.
        const double saving = p5_against_p4de(nullptr, nullptr)["cost_saving_percent"].get<double>();
        CHECK(saving == doctest::Approx((1 - 55.04 / (4 * 27.44705)) * 100).epsilon(1e-9));
        CHECK(saving == doctest::Approx(50).epsilon(0.02));
    }
}
