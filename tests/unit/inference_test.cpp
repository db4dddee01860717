// Inference fleet sizing, against hand-computed values.
#include <doctest/doctest.h>

#include <regex>

#include <cmath>

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/compare.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;

namespace {
json run(const json& request) {
    return json::parse(site::plan(test::real_catalogue(), request.dump()));
}
json infer(json fields) {
    fields.update({{"api", 1}, {"kind", "infer"}});
    json r = run(fields);
    REQUIRE_MESSAGE(r["ok"] == true, r.dump());
    return r["infer"];
}
}  // namespace

TEST_CASE("fleet = ceil(rate · peak factor / (throughput · utilisation)) + redundancy") {
    json r = infer({{"instance", "g5.xlarge"}, {"rate", {{"value", 100}, {"per", "second"}}}, {"peak_factor", 1.5},
                    {"target_utilisation", 0.7}, {"redundancy", 2}, {"throughput_rps", 20}});
    CHECK(r["fleet"] == int(std::ceil(100 * 1.5 / (20 * 0.7))) + 2);  // 11 + 2
    CHECK(r["cost_per_hour"].get<double>() == doctest::Approx(13 * 1.006));
    CHECK(r["cost_per_million"].get<double>() == doctest::Approx(13 * 1.006 / 0.36));
}

TEST_CASE("the sweep sizes the fleet at a quarter to four times the rate on the same throughput, leaving out a fleet past the largest planned") {
    // 20 requests/s per instance at 70%: 14 each. Peak 1.5x: 7.5, 15, 30, 60, 120 requests/s.
    json r = infer({{"instance", "g5.xlarge"}, {"rate", {{"value", 20}, {"per", "second"}}}, {"peak_factor", 1.5},
                    {"redundancy", 1}, {"throughput_rps", 20}});
    const json expected = json::parse(R"([{"fleet": 2, "rate_per_second": 5.0}, {"fleet": 3, "rate_per_second": 10.0},
        {"fleet": 4, "rate_per_second": 20.0}, {"fleet": 6, "rate_per_second": 40.0}, {"fleet": 10, "rate_per_second": 80.0}])");
    CHECK(r["sweep"] == expected);  // ceil(7.5/14) + 1, ceil(15/14) + 1, ceil(30/14) + 1, ceil(60/14) + 1, ceil(120/14) + 1
    CHECK(r["sweep"][2]["fleet"] == r["fleet"]);  // once the rate: the plan itself

    // 3,000,000 instances at the rate; four times that is past the 10,000,000 planned at most.
    json big = infer({{"instance", "g5.xlarge"}, {"rate", {{"value", 2.1e6}, {"per", "second"}}}, {"throughput_rps", 1}});
    CHECK(big["fleet"] == 3000000);
    REQUIRE(big["sweep"].size() == 4);
    CHECK(big["sweep"].back() == json{{"fleet", 6000000}, {"rate_per_second", 4.2e6}});
}

TEST_CASE("any rate above 0 needs at least one instance, plus redundancy") {
    for (double per_day : {1.0, 1e-9}) {
        CAPTURE(per_day);
        json r = infer({{"instance", "g5.xlarge"}, {"rate", {{"value", per_day}, {"per", "day"}}}, {"throughput_rps", 20}});
        CHECK(r["fleet"] == 1);  // was 0 (and $0) below a tolerance of 1e-9 instances
        CHECK(r["cost_per_hour"].get<double>() == doctest::Approx(1.006));
    }
    json r = infer({{"instance", "g5.xlarge"}, {"rate", {{"value", 1}, {"per", "day"}}}, {"throughput_rps", 20}, {"redundancy", 1}});
    CHECK(r["fleet"] == 2);
}

TEST_CASE("a price of -0 is written as 0: no response holds -0") {
    const std::string text = site::plan(test::real_catalogue(),
        R"({"api":1,"kind":"infer","instance":"g5.xlarge","rate":{"value":1,"per":"second"},"throughput_rps":20,"price_usd_per_hour":-0.0})");
    CHECK_FALSE(std::regex_search(text, std::regex(R"([:,\[]-0(\.0+)?[,\]}])")));  // a number -0, not a date "2026-03"
    CHECK(json::parse(text)["infer"]["cost_per_hour"] == 0.0);
}

TEST_CASE("rates per hour and per day are the same traffic per second") {
    json h = infer({{"instance", "g5.xlarge"}, {"rate", {{"value", 360000}, {"per", "hour"}}}, {"throughput_rps", 20}});
    json d = infer({{"instance", "g5.xlarge"}, {"rate", {{"value", 8640000}, {"per", "day"}}}, {"throughput_rps", 20}});
    CHECK(h["peak_rps"].get<double>() == doctest::Approx(100));
    CHECK(d["peak_rps"].get<double>() == doctest::Approx(100));
    CHECK(h["fleet"] == d["fleet"]);
}

TEST_CASE("compute-bound throughput is accelerators · peak · MFU / FLOPs per request") {
    json r = infer({{"instance", "g5.12xlarge"}, {"rate", {{"value", 10}, {"per", "second"}}},
                    {"compute", {{"parameters", 1e9}, {"tokens", 512}, {"mfu", 0.3}, {"precision", "fp32"}}}});
    const double peak = test::real_catalogue().accelerator("a10g")->peak_tflops.at("fp32").value * 1e12;
    CHECK(r["per_instance_rps"].get<double>() == doctest::Approx(4 * peak * 0.3 / (2 * 1e9 * 512)));
}

TEST_CASE("LLM decode is memory-bound: weights and KV cache over memory bandwidth, whole batches as serve's static engine") {
    // Llama-2-7B-like: 32 layers, 32 KV heads of 128, on one A10G (24 GB, 600 GB/s).
    json llm = {{"parameters", 7e9}, {"layers", 32}, {"kv_heads", 32}, {"head_dim", 128}, {"prompt_tokens", 512},
                {"output_tokens", 256}, {"batch", 4}, {"bandwidth_fraction", 0.6}, {"mfu", 0.3}, {"precision", "fp32"}};
    json r = infer({{"instance", "g5.xlarge"}, {"rate", {{"value", 1}, {"per", "second"}}}, {"llm", llm},
                    {"latency_target_ms", 5000}});
    const auto& chip = *test::real_catalogue().accelerator("a10g");
    const double flops = chip.peak_tflops.at("fp32").value * 1e12 * 0.3, bytes = chip.memory_bandwidth->value * 1e9 * 0.6;
    const double kv_token = 2.0 * 32 * 32 * 128 * 2;  // 524,288 bytes
    const double weights = 7e9 * 2;
    // Each prompt prefilled alone: its products (0.77 s), not its weights read (0.04 s).
    const double prefill = std::max(2 * 7e9 * 512 / flops, weights / bytes);
    // Each step reads the weights and the 4 sequences' KV cache at their mean context, 512 + 256 / 2.
    const double step = std::max((weights + 4 * kv_token * (512 + 128)) / bytes, 2 * 7e9 * 4 / flops);
    CHECK(r["kv_cache_bytes"].get<double>() == doctest::Approx(kv_token * (512 + 256) * 4));
    CHECK(r["latency_ms"].get<double>() == doctest::Approx((4 * prefill + 256 * step) * 1000));
    CHECK(r["per_instance_rps"].get<double>() == doctest::Approx(4 / (4 * prefill + 256 * step)));
    CHECK(r["latency_ok"] == (r["latency_ms"].get<double>() <= 5000));
    CHECK(r["requests_in_flight"].get<double>() == doctest::Approx(r["latency_ms"].get<double>() / 1000));

    SUBCASE("serve plans the same model at the same batch with the same answer") {
        // On an L40S, which publishes the bf16 peak serve plans 16-bit weights on.
        llm["precision"] = "bf16";
        const json i = infer({{"instance", "g6e.xlarge"}, {"rate", {{"value", 1}, {"per", "second"}}}, {"llm", llm}});
        json s = run({{"api", 1}, {"kind", "serve"}, {"instance", "g6e.xlarge"}, {"rate", {{"value", 1}, {"per", "second"}}},
                      {"model", {{"parameters", 7e9}, {"layers", 32}, {"hidden", 4096}, {"heads", 32}, {"kv_heads", 32},
                                 {"head_dim", 128}}},
                      {"prompt_tokens", 512}, {"output_tokens", 256}, {"concurrency", 4}, {"tensor_parallel", 1},
                      {"engine", "static"}, {"bandwidth_fraction", 0.6}, {"mfu", 0.3}});
        REQUIRE_MESSAGE(s["ok"] == true, s.dump());
        CHECK(s["serve"]["requests_per_second"].get<double>() == doctest::Approx(i["per_instance_rps"].get<double>()).epsilon(1e-12));
        CHECK(s["serve"]["tpot_ms"].get<double>() * 256 < i["latency_ms"].get<double>());  // the decode, without the prefills
    }
    SUBCASE("prompt tokens in the prefix cache are not prefilled again, as serve plans them") {
        // 384 of the 512 tokens cached: each prefill computes 128 (0.19 s), the steps are unchanged.
        llm["cached_prompt_tokens"] = 384;
        const json cached = infer({{"instance", "g5.xlarge"}, {"rate", {{"value", 1}, {"per", "second"}}}, {"llm", llm}});
        const double fresh = std::max(2 * 7e9 * 128 / flops, weights / bytes);
        CHECK(cached["latency_ms"].get<double>() == doctest::Approx((4 * fresh + 256 * step) * 1000));
        CHECK(cached["kv_cache_bytes"] == r["kv_cache_bytes"]);
        bool said = false;
        for (const json& n : cached["notes"]) said |= n.get<std::string>().rfind("prefix cache: 384 of each prompt's 512 tokens", 0) == 0;
        CHECK(said);
        llm["cached_prompt_tokens"] = 512;
        const json refused = run({{"api", 1}, {"kind", "infer"}, {"instance", "g5.xlarge"}, {"rate", {{"value", 1}, {"per", "second"}}}, {"llm", llm}});
        REQUIRE(refused["ok"] == false);
        CHECK(refused["errors"][0]["field"] == "llm.cached_prompt_tokens");
        CHECK(refused["errors"][0]["code"] == "cached_below_prompt");
        CHECK(refused["errors"][0]["message"] == "must be fewer than the prompt's 512 tokens: an engine prefills a prompt's last token at least");
        // Without a prompt length, only that is asked for.
        llm.erase("prompt_tokens");
        const json missing = run({{"api", 1}, {"kind", "infer"}, {"instance", "g5.xlarge"}, {"rate", {{"value", 1}, {"per", "second"}}}, {"llm", llm}});
        REQUIRE(missing["errors"].size() == 1);
        CHECK(missing["errors"][0]["field"] == "llm.prompt_tokens");
    }
    SUBCASE("a batch whose KV cache does not fit is refused with the reason") {
        llm["batch"] = 64;
        json bad = run({{"api", 1}, {"kind", "infer"}, {"instance", "g5.xlarge"}, {"rate", {{"value", 1}, {"per", "second"}}}, {"llm", llm}});
        CHECK(bad["errors"][0]["field"] == "llm.batch");
    }
}

TEST_CASE("an LLM named from the catalogue, with no share given, is predicted from the chip's operators, as serve predicts it") {
    // Llama 3.1 70B on a p5.48xlarge, 32 sequences a batch: nothing measured by the user.
    const json rate = {{"value", 2}, {"per", "second"}};
    const json i = infer({{"instance", "p5.48xlarge"}, {"rate", rate},
                          {"llm", {{"model", "llama3.1-70b"}, {"prompt_tokens", 1024}, {"output_tokens", 256}, {"batch", 32}}}});
    const json s = run({{"api", 1}, {"kind", "serve"}, {"instance", "p5.48xlarge"}, {"rate", rate}, {"model", "llama3.1-70b"},
                        {"prompt_tokens", 1024}, {"output_tokens", 256}, {"concurrency", 32}, {"tensor_parallel", 8},
                        {"engine", "static"}});
    REQUIRE_MESSAGE(s["ok"] == true, s.dump());
    CHECK(s["serve"]["mfu_source"] == "predicted");
    // One model: the same replica, the same batch, the same throughput, fleet and power.
    CHECK(i["per_instance_rps"].get<double>() == doctest::Approx(s["serve"]["requests_per_second"].get<double>()).epsilon(1e-12));
    CHECK(i["fleet"] == s["serve"]["fleet"]);
    CHECK(i["fleet_hour"]["power_watts"].get<double>() ==
          doctest::Approx(s["serve"]["fleet_hour"]["power_watts"].get<double>()).epsilon(1e-12));
    // The batch runs whole: its latency is the cycle of 32 prefills and 256 steps.
    CHECK(i["latency_ms"].get<double>() == doctest::Approx(32 / i["per_instance_rps"].get<double>() * 1000));
    const std::string notes = i["notes"].dump();
    CHECK(notes.find("predicted from operator measurements") != std::string::npos);
    // The prices' span is the throughput's range, and the estimate lies inside it.
    const json& range = i["range"]["per_instance_rps"];
    CHECK(range["low"].get<double>() < i["per_instance_rps"].get<double>());
    CHECK(i["per_instance_rps"].get<double>() < range["high"].get<double>());
    // Power follows the load: the H100s draw their measured power at this work, below their TDP.
    CHECK(notes.find("board power measured for each activity") != std::string::npos);
    const double tdp_estimate = test::real_catalogue().find("p5.48xlarge")->power->value;
    CHECK(i["fleet_hour"]["power_watts"].get<double>() < tdp_estimate);
}

TEST_CASE("a compute-bound fleet's power follows its load: products while it runs, idle for the rest of its capacity") {
    // 1e6 requests an hour of a 7B model's 512 tokens at 40% MFU on p5.48xlarge, whose H100s have
    // measured power (borrowed from the H200's rows): at low load the fleet idles most of its hour.
    const json compute = {{"parameters", 7e9}, {"tokens", 512}, {"mfu", 0.4}, {"precision", "bf16"}};
    const json busy = infer({{"instance", "p5.48xlarge"}, {"rate", {{"value", 1e6}, {"per", "hour"}}},
                             {"target_utilisation", 1}, {"compute", compute}});
    const json quiet = infer({{"instance", "p5.48xlarge"}, {"rate", {{"value", 1e4}, {"per", "hour"}}},
                              {"target_utilisation", 1}, {"compute", compute}});
    CHECK(busy["fleet"] == quiet["fleet"]);  // one instance either way
    const double busy_w = busy["fleet_hour"]["power_watts"].get<double>(), quiet_w = quiet["fleet_hour"]["power_watts"].get<double>();
    CHECK(quiet_w < busy_w);
    CHECK(busy_w < test::real_catalogue().find("p5.48xlarge")->power->value);  // never the TDP for every second
    CHECK(busy["notes"].dump().find("board power measured for each activity") != std::string::npos);
    // A throughput measured by the user says nothing of its activity: the catalogue's estimate.
    const json measured = infer({{"instance", "p5.48xlarge"}, {"rate", {{"value", 1e4}, {"per", "hour"}}}, {"throughput_rps", 100}});
    CHECK(measured["fleet_hour"]["power_watts"].get<double>() == doctest::Approx(test::real_catalogue().find("p5.48xlarge")->power->value));
}

TEST_CASE("an LLM given by its figures alone, with no share given, runs at the chip's published or assumed shares, with their range") {
    json llm = {{"parameters", 8e9}, {"layers", 32}, {"kv_heads", 8}, {"head_dim", 128}, {"prompt_tokens", 512},
                {"output_tokens", 128}, {"batch", 8}};
    const json rate = {{"value", 1}, {"per", "second"}};
    const json assumed = infer({{"instance", "g6e.xlarge"}, {"rate", rate}, {"llm", llm}});
    // Without the widths the operator table cannot price it: the shares serve assumes, said so.
    const std::string notes = assumed["notes"].dump();
    CHECK(notes.find("decode bandwidth:") != std::string::npos);
    CHECK(notes.find("prefill MFU: assumed 50%") != std::string::npos);
    // The same as giving those shares by hand, with the span of their low and high ends.
    const auto& chip = *test::real_catalogue().accelerator("l40s");
    const double f = chip.decode_bandwidth_fraction ? chip.decode_bandwidth_fraction->value : 0.7;
    llm["bandwidth_fraction"] = f;
    llm["mfu"] = 0.5;
    const json given = infer({{"instance", "g6e.xlarge"}, {"rate", rate}, {"llm", llm}});
    CHECK(assumed["per_instance_rps"].get<double>() == doctest::Approx(given["per_instance_rps"].get<double>()).epsilon(1e-12));
    CHECK(assumed["range"]["per_instance_rps"]["low"].get<double>() < assumed["per_instance_rps"].get<double>());
    CHECK_FALSE(given.value("range", json::object()).contains("per_instance_rps"));  // the user's own shares: no span
    CHECK(given["notes"].dump().find("assumed") == std::string::npos);
}

TEST_CASE("an LLM is a catalogue model or its figures, not both, and an unknown model is refused where it is named") {
    json both = run({{"api", 1}, {"kind", "infer"}, {"instance", "p5.48xlarge"}, {"rate", {{"value", 1}, {"per", "second"}}},
                     {"llm", {{"model", "llama3.1-8b"}, {"layers", 32}, {"prompt_tokens", 512}, {"output_tokens", 128}}}});
    REQUIRE(both["ok"] == false);
    CHECK(both["errors"][0]["field"] == "llm.layers");
    json unknown = run({{"api", 1}, {"kind", "infer"}, {"instance", "p5.48xlarge"}, {"rate", {{"value", 1}, {"per", "second"}}},
                        {"llm", {{"model", "llama-9"}, {"prompt_tokens", 512}, {"output_tokens", 128}}}});
    REQUIRE(unknown["ok"] == false);
    CHECK(unknown["errors"][0]["field"] == "llm.model");
    json missing = run({{"api", 1}, {"kind", "infer"}, {"instance", "p5.48xlarge"}, {"rate", {{"value", 1}, {"per", "second"}}},
                        {"llm", {{"parameters", 8e9}, {"prompt_tokens", 512}, {"output_tokens", 128}}}});
    REQUIRE(missing["ok"] == false);
    CHECK(missing["errors"][0]["field"] == "llm.layers");
}

TEST_CASE("exactly one throughput source is required") {
    json r = run({{"api", 1}, {"kind", "infer"}, {"instance", "g5.xlarge"}, {"rate", {{"value", 1}, {"per", "second"}}}});
    CHECK(r["errors"][0]["field"] == "throughput_rps");
}

TEST_CASE("the Pareto set keeps the points no other point beats on both axes") {
    auto on = planner::pareto_set({{1, 5}, {2, 2}, {3, 3}, {5, 1}, {2, 2}});
    CHECK(on == std::vector<bool>{true, true, false, true, true});
}

TEST_CASE("compare runs one job on every instance type, sorted by cost, with a sweep for charts") {
    json r = run({{"api", 1}, {"kind", "compare"},
                  {"job", {{"kind", "train"}, {"model", {{"parameters", 7e9}}}, {"tokens", "chinchilla"}, {"instance_count", 4}, {"mfu", 0.3}}}});
    REQUIRE(r["ok"] == true);
    const json& rows = r["compare"]["rows"];
    CHECK(rows.size() == test::real_catalogue().instances.size());
    // Rows that can run the job come first, cheapest first; the rest follow with their reasons.
    double previous = 0;
    int pareto = 0;
    bool runnable = true;
    for (const json& row : rows) {
        const bool can_run = row.contains("cost_usd") && row.value("fits", false);
        if (can_run) {
            CHECK(runnable);
            CHECK(row["cost_usd"].get<double>() >= previous);
            previous = row["cost_usd"].get<double>();
        } else {
            runnable = false;
            CHECK_FALSE(row["pareto"].get<bool>());
        }
        pareto += row["pareto"].get<bool>();
    }
    CHECK(pareto >= 1);
    CHECK(r["compare"]["sweep"].size() == rows.size());
}

TEST_CASE("energy takes one to eight configurations, each after the first compared with it") {
    const json one{{"instance", "p4d.24xlarge"}, {"instances", 1}, {"hours", 1}};
    json r = run({{"api", 1}, {"kind", "energy"}, {"configurations", json::array()}});
    CHECK(r["errors"][0] == json{{"field", "configurations"}, {"message", "must list 1 to 8 items"}, {"code", "list_length"}, {"args", {"1", "8"}}});
    // One configuration alone: its energy, and nothing to compare it with.
    r = run({{"api", 1}, {"kind", "energy"}, {"configurations", json::array({one})}});
    REQUIRE(r["ok"] == true);
    const json& row = r["energy"]["configurations"][0];
    // One hour: the instance's power times the PUE.
    CHECK(row["energy_kwh"].get<double>() == doctest::Approx(row["power_watts"].get<double>() / 1000 * row["pue"].get<double>()));
    CHECK_FALSE(row.contains("energy_saving_percent"));
    CHECK(run({{"api", 1}, {"kind", "energy"}, {"configurations", json(8, one)}})["ok"] == true);
    r = run({{"api", 1}, {"kind", "energy"}, {"configurations", json(9, one)}});
    CHECK(r["errors"][0]["field"] == "configurations");
}

TEST_CASE("catalog returns the whole catalogue") {
    json r = run({{"api", 1}, {"kind", "catalog"}});
    CHECK(r["catalog"]["instances"].size() == test::real_catalogue().instances.size());
    CHECK(r["catalog"]["sources"].size() == test::real_catalogue().sources.size());
}

TEST_CASE("serving on a chip the catalogue says cannot serve is refused at the instance") {
    planner::Catalogue c = test::real_catalogue();
    for (auto& chip : c.accelerators)
        if (chip.id == "a10g") chip.capabilities[planner::kServe] = {false, "spec", "not offered for inference"};
    const json r = json::parse(site::plan(c, R"({"api":1,"kind":"infer","instance":"g5.xlarge","rate":{"value":10,"per":"second"},"throughput_rps":5})"));
    CHECK(r["ok"] == false);
    REQUIRE(r["errors"].size() == 1);
    CHECK(r["errors"][0] == json{{"field", "instance"},
                                         {"message", c.accelerator("a10g")->name + " is not offered for inference"},
                                         {"code", "not_offered_for_inference"},
                                         {"args", {c.accelerator("a10g")->name}}});
}

TEST_CASE("energy and CO2e on an estimated instance power carry 75-100% of it — a measured power_watts removes the range") {
    const json fields = {{"instance", "inf1.2xlarge"}, {"rate", {{"value", 1e6}, {"per", "hour"}}},
                         {"target_utilisation", 1}, {"benchmark", "layoutlm-inf1-2xlarge"}};
    const json i = infer(fields);
    REQUIRE(i.contains("range"));
    CHECK(i["range"]["kwh_per_million"]["low"].get<double>() == doctest::Approx(0.75 * i["kwh_per_million"].get<double>()));
    CHECK(i["range"]["kwh_per_million"]["high"].get<double>() == doctest::Approx(i["kwh_per_million"].get<double>()));
    CHECK(i["range"]["co2e_kg_per_million"]["low"].get<double>() ==
          doctest::Approx(0.75 * i["co2e_kg_per_million"].get<double>()));
    CHECK(i["fleet_hour"]["range"]["power_watts"]["low"].get<double>() ==
          doctest::Approx(0.75 * i["fleet_hour"]["power_watts"].get<double>()));

    json measured = fields;
    measured["power_watts"] = 80;
    const json m = infer(measured);
    // The benchmark's own throughput range stays (it sizes the fleet); the power range is gone.
    REQUIRE(m.contains("range"));
    CHECK(m["range"].contains("per_instance_rps"));
    CHECK_FALSE(m["range"].contains("kwh_per_million"));
    CHECK_FALSE(m["range"].contains("co2e_kg_per_million"));
    CHECK_FALSE(m["fleet_hour"].contains("range"));

    json e = json::parse(site::plan(test::real_catalogue(), R"({"api":1,"kind":"energy","configurations":[
        {"instance":"p4d.24xlarge","instances":1,"hours":1},
        {"instance":"trn1.32xlarge","instances":1,"hours":1,"power_watts":5000}]})"));
    REQUIRE(e["ok"] == true);
    const json& estimated = e["energy"]["configurations"][0];
    CHECK(estimated["range"]["energy_kwh"]["low"].get<double>() == doctest::Approx(0.75 * estimated["energy_kwh"].get<double>()));
    CHECK_FALSE(e["energy"]["configurations"][1].contains("range"));
}

TEST_CASE("a benchmark throughput estimated within a range sizes the fleet over it: S2's GPU side is 32 to 33 instances") {
    const json gpu = infer({{"instance", "g4dn.2xlarge"}, {"rate", {{"value", 1e6}, {"per", "hour"}}},
                            {"target_utilisation", 1}, {"benchmark", "layoutlm-g4dn-2xlarge"}});
    CHECK(gpu["fleet"] == 33);
    CHECK(gpu["range"]["per_instance_rps"] == json{{"high", 8.681}, {"low", 8.418}});
    CHECK(gpu["range"]["fleet"] == json{{"high", 33.0}, {"low", 32.0}});
    const double cost = gpu["cost_per_million"].get<double>();
    CHECK(gpu["range"]["cost_per_million"]["low"].get<double>() == doctest::Approx(cost * 32 / 33));
    CHECK(gpu["range"]["cost_per_million"]["high"].get<double>() == doctest::Approx(cost));
    // Energy: the fleet's range and the estimated power's together.
    CHECK(gpu["range"]["kwh_per_million"]["low"].get<double>() ==
          doctest::Approx(gpu["kwh_per_million"].get<double>() * 32 / 33 * 0.75));
    // Inf1's range (6.3 × the same) needs 6 instances at either end: no fleet range to show.
    const json inf1 = infer({{"instance", "inf1.2xlarge"}, {"rate", {{"value", 1e6}, {"per", "hour"}}},
                             {"target_utilisation", 1}, {"benchmark", "layoutlm-inf1-2xlarge"}});
    CHECK(inf1["fleet"] == 6);
    CHECK(inf1["range"].contains("per_instance_rps"));
    CHECK_FALSE(inf1["range"].contains("fleet"));
    CHECK_FALSE(inf1["range"].contains("cost_per_million"));
}

TEST_CASE("a region's market-based factor, where the catalogue has one, is shown beside the location-based one that CO2e uses") {
    planner::Catalogue c = test::real_catalogue();
    const json request = {{"api", 1}, {"kind", "energy"}, {"region", "us-east-1"},
                          {"configurations", json::array({{{"instance", "p4d.24xlarge"}, {"instances", 1}, {"hours", 1}},
                                                          {{"instance", "trn1.32xlarge"}, {"instances", 1}, {"hours", 1}}})}};
    const json first = json::parse(site::plan(c, request.dump()));
    REQUIRE_MESSAGE(first["ok"] == true, first.dump());
    const json& before = first["energy"]["configurations"][0];
    CHECK_FALSE(before.contains("carbon_intensity_market"));  // AWS publishes none today
    for (auto& r : c.regions)
        if (r.id == "us-east-1") r.carbon_intensity_market = planner::Figure{12, "gCO2e/kWh", r.carbon_intensity.source};
    const json response = json::parse(site::plan(c, request.dump()));
    REQUIRE_MESSAGE(response["ok"] == true, response.dump());
    const json& after = response["energy"]["configurations"][0];
    CHECK(after["carbon_intensity_market"] == 12.0);
    CHECK(after["co2e_kg"] == before["co2e_kg"]);
    CHECK(after["carbon_intensity"] == before["carbon_intensity"]);
}

TEST_CASE("a grid factor of the user's own (grid_kg_per_kwh) replaces the region's in every kind — above 2 kg/kWh is refused") {
    const json t = run({{"api", 1}, {"kind", "train"}, {"model", {{"parameters", 7e9}}}, {"tokens", 1e11}, {"instance", "p4d.24xlarge"},
                        {"instance_count", 2}, {"mfu", 0.4}, {"region", "ap-northeast-1"}, {"grid_kg_per_kwh", 0.1}})["train"];
    CHECK(t["carbon_intensity"] == 100.0);
    CHECK(t["carbon_intensity_source"] == "request");
    CHECK(t["co2e_kg"].get<double>() == doctest::Approx(t["energy_kwh"].get<double>() * 0.1));
    const json region = run({{"api", 1}, {"kind", "train"}, {"model", {{"parameters", 7e9}}}, {"tokens", 1e11}, {"instance", "p4d.24xlarge"},
                             {"instance_count", 2}, {"mfu", 0.4}, {"region", "ap-northeast-1"}})["train"];
    CHECK(region["carbon_intensity_source"] == "ap-northeast-1");
    CHECK(region["carbon_intensity_as_of"] == test::real_catalogue().region("ap-northeast-1")->carbon_intensity.as_of);
    CHECK(t["carbon_intensity_as_of"] == "request");
    // Energy: a shared factor (a PPA at 0) and one configuration's own.
    const json e = run({{"api", 1}, {"kind", "energy"}, {"grid_kg_per_kwh", 0}, {"configurations", json::array({
        {{"instance", "p4d.24xlarge"}, {"instances", 1}, {"hours", 1}},
        {{"instance", "trn1.32xlarge"}, {"instances", 1}, {"hours", 1}, {"grid_kg_per_kwh", 0.5}}})}})["energy"];
    CHECK(e["configurations"][0]["co2e_kg"] == 0.0);
    CHECK(e["configurations"][1]["carbon_intensity"] == 500.0);
    const json i = infer({{"instance", "inf1.2xlarge"}, {"rate", {{"value", 1}, {"per", "second"}}},
                          {"benchmark", "layoutlm-inf1-2xlarge"}, {"grid_kg_per_kwh", 0.2}});
    CHECK(i["fleet_hour"]["carbon_intensity"] == 200.0);
    const json bad = run({{"api", 1}, {"kind", "infer"}, {"instance", "inf1.2xlarge"}, {"rate", {{"value", 1}, {"per", "second"}}},
                          {"benchmark", "layoutlm-inf1-2xlarge"}, {"grid_kg_per_kwh", 3}});
    CHECK(bad["ok"] == false);
    CHECK(bad["errors"][0] == json{{"field", "grid_kg_per_kwh"}, {"message", "must be from 0 to 2"}, {"code", "range"},
                                    {"args", {"0", "2"}}});
}
