// Training time: C = 6PD (8PD with full recompute), T = C / (n · X). Reference case S1 from
// shared/PLANNER.md: GPT-3 175B, 300B tokens, 1024 A100 at 140 TFLOP/s achieved, full recompute.
#include <doctest/doctest.h>

#include "planner/training.hpp"
#include "planner/api.hpp"
#include "plan.hpp"
#include "messages.hpp"
#include "planner/messages.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;
using planner::Recompute;
using planner::TrainingRequest;

namespace {
TrainingRequest s1() {
    TrainingRequest r;
    r.model.parameters = 175e9;
    r.tokens = 300e9;
    r.recompute = Recompute::full;
    r.instance = "p4de.24xlarge";
    r.instance_count = 128;
    r.achieved_tflops = 140;
    return r;
}
}  // namespace

TEST_CASE("reproduces S1: GPT-3 175B on 1024 A100 at 140 TFLOP/s takes 33.9 days") {
    const auto& catalogue = test::real_catalogue();
    auto result = planner::estimate_training(catalogue, s1());
    REQUIRE(result.ok());
    const auto& r = result.value;
    CHECK(r.accelerators == 1024);
    CHECK(r.flops_per_parameter_token == 8);
    CHECK(r.total_flops == doctest::Approx(4.2e23).epsilon(1e-12));
    // Published: about 34 days (Narayanan et al. 2021); the formula gives 33.9. Within 3%.
    CHECK(r.days == doctest::Approx(33.9).epsilon(0.03));
    CHECK(r.days == doctest::Approx(8 * 175e9 * 300e9 / (1024 * 140e12) / 86400).epsilon(1e-12));
    // Megatron's 140 TFLOP/s count the recompute: an HFU of 45%, an MFU (6PD) of three quarters of that.
    REQUIRE(r.hfu);
    CHECK(*r.hfu == doctest::Approx(140.0 / 312.0).epsilon(1e-12));
    CHECK(*r.mfu == doctest::Approx(140.0 / 312.0 * 6 / 8).epsilon(1e-12));
}

TEST_CASE("without recompute the model uses 6PD, three quarters of the 8PD time") {
    auto with = planner::estimate_training(test::real_catalogue(), s1());
    auto req = s1();
    req.recompute = Recompute::none;
    auto without = planner::estimate_training(test::real_catalogue(), req);
    REQUIRE(with.ok());
    REQUIRE(without.ok());
    CHECK(without.value.flops_per_parameter_token == 6);
    CHECK(without.value.days == doctest::Approx(with.value.days * 0.75).epsilon(1e-12));
}

TEST_CASE("HFU multiplies the dense peak at the chosen precision, and MFU counts only the model's 6PD") {
    TrainingRequest req = s1();  // full recompute: 8PD executed
    req.achieved_tflops.reset();
    req.hfu = 0.5;
    req.instance = "trn1.32xlarge";
    req.instance_count = 2;
    auto result = planner::estimate_training(test::real_catalogue(), req);
    REQUIRE(result.ok());
    CHECK(result.value.accelerators == 32);
    REQUIRE(result.value.peak_tflops);
    CHECK(result.value.achieved_tflops == doctest::Approx(*result.value.peak_tflops * 0.5));
    CHECK(*result.value.mfu == doctest::Approx(0.5 * 6 / 8));

    SUBCASE("an MFU of 37.5% with full recompute is the same job as an HFU of 50%") {
        TrainingRequest model_basis = req;
        model_basis.hfu.reset();
        model_basis.mfu = 0.375;
        auto same = planner::estimate_training(test::real_catalogue(), model_basis);
        REQUIRE(same.ok());
        CHECK(same.value.days == doctest::Approx(result.value.days).epsilon(1e-12));
        CHECK(*same.value.hfu == doctest::Approx(0.5));
        // The same MFU without recompute executes only 6PD: the HFU equals it, and the time is the same.
        model_basis.recompute = Recompute::none;
        auto plain = planner::estimate_training(test::real_catalogue(), model_basis);
        REQUIRE(plain.ok());
        CHECK(*plain.value.hfu == doctest::Approx(0.375));
        // The same compute time per step; only the recompute's extra tensor-parallel all-reduces go.
        CHECK(plain.value.step->compute == doctest::Approx(result.value.step->compute).epsilon(1e-12));
        CHECK(plain.value.step->tensor == doctest::Approx(result.value.step->tensor * 4 / 6));
    }
    SUBCASE("an MFU above 75% with full recompute would need more than the peak: refused") {
        TrainingRequest too_high = req;
        too_high.hfu.reset();
        too_high.mfu = 0.8;
        auto refused = planner::estimate_training(test::real_catalogue(), too_high);
        REQUIRE(refused.errors.size() == 1);
        CHECK(refused.errors[0].field == "mfu");
        CHECK(site::error_text(refused.errors[0]).rfind("is more than the peak allows with full recompute: at most 75%", 0) == 0);
    }

    SUBCASE("fp32 has a lower peak, so the same job takes longer") {
        TrainingRequest fp32 = req;
        fp32.precision = "fp32";
        auto slower = planner::estimate_training(test::real_catalogue(), fp32);
        REQUIRE(slower.ok());
        CHECK(slower.value.days > result.value.days * 3);
    }
}

TEST_CASE("cost is instance-hours times the catalogue's on-demand price in us-east-1 when no region is given") {
    auto result = planner::estimate_training(test::real_catalogue(), s1());
    REQUIRE(result.ok());
    REQUIRE(result.value.footprint.cost_usd);
    CHECK(result.value.footprint.region == "us-east-1");
    CHECK(result.value.footprint.purchase_option == "on_demand");
    const double price = test::real_catalogue().price("p4de.24xlarge", "us-east-1")->usd_per_hour.value;
    CHECK(*result.value.footprint.price_usd_per_hour == price);
    CHECK(*result.value.footprint.cost_usd == doctest::Approx(result.value.instance_hours * price).epsilon(1e-12));
    CHECK(result.value.instance_hours == doctest::Approx(result.value.seconds / 3600 * 128).epsilon(1e-12));
}

TEST_CASE("errors name the field and the reason") {
    SUBCASE("an unknown instance") {
        auto req = s1();
        req.instance = "p9.huge";
        auto result = planner::estimate_training(test::real_catalogue(), req);
        REQUIRE(result.errors.size() == 1);
        CHECK(result.errors[0] == planner::coded("instance", planner::msg::unknown_instance, {"\"p9.huge\""}));
        CHECK(site::error_text(result.errors[0]) == "unknown instance type \"p9.huge\"");
    }
    SUBCASE("an achieved figure above the dense peak") {
        auto req = s1();
        req.achieved_tflops = 400;
        auto result = planner::estimate_training(test::real_catalogue(), req);
        REQUIRE(result.errors.size() == 1);
        CHECK(result.errors[0].field == "achieved_tflops");
        CHECK(site::error_text(result.errors[0]) == "is above the accelerator's dense bf16 peak of 312 TFLOPS");
    }
    SUBCASE("MFU on an accelerator with no published peak") {
        auto req = s1();
        req.achieved_tflops.reset();
        req.mfu = 0.4;
        req.instance = "dl1.24xlarge";
        auto result = planner::estimate_training(test::real_catalogue(), req);
        REQUIRE(result.errors.size() == 1);
        CHECK(result.errors[0].field == "precision");
        CHECK(site::error_text(result.errors[0]) == "dl1.24xlarge has no published dense bf16 peak; give achieved_tflops instead of mfu");
    }
}

TEST_CASE("reading a request reports every bad field at once") {
    auto j = nlohmann::json::parse(R"({"api":1,"kind":"train","model":{"parameters":0,"layers":3},"tokens":"lots",
        "instance":"p4d.24xlarge","instance_count":2.5,"mfu":0.4,"achieved_tflops":100,"color":"red"})");
    auto req = planner::read_training_request(test::real_catalogue(), j);
    namespace msg = planner::msg;
    const std::vector<planner::FieldError> expected = {
        planner::coded("color", msg::unknown_field),
        planner::coded("model.layers", msg::unknown_field),
        planner::coded("model.parameters", msg::range_above, {"0", "1e+15"}),
        planner::coded("tokens", msg::tokens_shape),
        planner::coded("instance_count", msg::whole_range, {"1", "100000"}),
        planner::coded("achieved_tflops", msg::mfu_or_tflops),
    };
    CHECK(req.errors == expected);
    std::vector<std::string> messages;
    for (const auto& e : req.errors) messages.push_back(site::error_text(e));
    CHECK(messages == std::vector<std::string>{"is not a known field", "is not a known field", "must be greater than 0 and at most 1e+15",
                                               "must be a number, or \"chinchilla\" for 20 tokens per parameter",
                                               "must be a whole number from 1 to 100000", "give either mfu or achieved_tflops, not both"});
}

TEST_CASE("without MFU the chip's published default is used — where none is published, an assumption says so") {
    auto req = s1();
    req.achieved_tflops.reset();
    SUBCASE("V100 has a published training MFU") {
        req.instance = "p3.16xlarge";
        req.precision = "fp16";  // the V100 has no bf16
        auto result = planner::estimate_training(test::real_catalogue(), req);
        REQUIRE(result.ok());
        const auto& chip = *test::real_catalogue().accelerator("v100-sxm2-16gb");
        // The catalogue's defaults are HFUs (Megatron-LM counts the recompute), and a plan says so.
        CHECK(*result.value.hfu == chip.default_mfu.at("training").value);
        CHECK(*result.value.mfu == doctest::Approx(chip.default_mfu.at("training").value * 6 / 8));
        CHECK(result.value.mfu_source == chip.default_mfu.at("training").source);
        CHECK(site::note_text(result.value.notes.front()) ==
              "utilisation: the default 30% counts the FLOPs executed (HFU), recompute included; on the model's FLOPs (MFU) that is 22.5%");
    }
    SUBCASE("Trainium has none: 40% is assumed, visibly, never a blank result") {
        req.instance = "trn1.32xlarge";
        auto result = planner::estimate_training(test::real_catalogue(), req);
        REQUIRE(result.ok());
        CHECK(*result.value.hfu == 0.4);
        CHECK(result.value.mfu_source == "assumed");
        CHECK(site::note_text(result.value.notes.front()) ==
              "mfu: assumed 40% for AWS Trainium, which has no published training MFU; published GPU training runs "
              "span 24% to 52% (megatron-2021). Give a measured achieved_tflops or your own mfu to narrow it");
    }
    SUBCASE("a CPU has neither: MFU is required") {
        req.instance = "c7g.16xlarge";
        req.instance_count = 1;
        auto result = planner::estimate_training(test::real_catalogue(), req);
        REQUIRE(result.errors.size() == 1);
        CHECK(result.errors[0].field == "mfu");
    }
}

TEST_CASE("a plan that rests on an assumed MFU or an assumed overlap of communication shows the range they allow") {
    auto req = s1();  // GPT-3 175B, on 128 p3.16xlarge (V100, fp16): a published default MFU
    req.achieved_tflops.reset();
    req.instance = "p3.16xlarge";
    req.precision = "fp16";
    auto result = planner::estimate_training(test::real_catalogue(), req);
    REQUIRE(result.ok());
    const auto& r = result.value;
    REQUIRE(r.range);
    // Utilisation: the V100 default's published span, 24% (512 V100) to 30% (its default), as HFUs;
    // on the MFU basis with GPT-3's full recompute, three quarters of each.
    CHECK(r.range->hfu->low == 0.24);
    CHECK(r.range->hfu->high == 0.3);
    CHECK(r.range->mfu->low == doctest::Approx(0.24 * 0.75));
    CHECK(r.range->mfu->high == doctest::Approx(0.3 * 0.75));
    // The step model's efficiency with the default overlaps (half the data-parallel traffic, none of
    // the tensor-parallel all-reduces or pipeline sends), between none of the data-parallel traffic
    // hidden under compute and all of every kind hidden (the request gives none of them).
    const double e = r.scaling_efficiency;
    REQUIRE(r.step);
    const planner::StepTime& st = *r.step;
    CHECK(e == st.efficiency);
    CHECK(st.tensor > 0);  // GPT-3 175B splits its layers over the instance's links
    const double c = st.compute, rest = st.step - st.data_exposed;
    auto hidden = [&](double x) { return std::max(0.0, x - c); };
    const double none = c / (rest + st.data);
    const double all = c / (rest - st.tensor_exposed - st.pipeline_exposed + hidden(st.data) + hidden(st.tensor) + hidden(st.pipeline));
    CHECK(r.range->scaling_efficiency->low == doctest::Approx(none));
    CHECK(r.range->scaling_efficiency->high == doctest::Approx(all));
    // Days go as 1 / (MFU · e).
    REQUIRE(r.range->days);
    CHECK(r.range->days->low == doctest::Approx(r.days * 0.3 * e / (0.3 * all)));
    CHECK(r.range->days->high == doctest::Approx(r.days * 0.3 * e / (0.24 * none)));
    CHECK(r.range->days->low < r.days);
    CHECK(r.days < r.range->days->high);
    // Cost goes with the instance-hours, so with the days.
    CHECK(r.range->cost_usd->high / *r.footprint.cost_usd == doctest::Approx(r.range->days->high / r.days));
    // Energy and CO2e go with the days and with the estimated power: 75-100% of p3's estimate.
    REQUIRE(r.footprint.power_factor);
    CHECK(r.range->energy_kwh->low / *r.footprint.energy_kwh == doctest::Approx(r.range->days->low / r.days * 0.75));
    CHECK(r.range->energy_kwh->high / *r.footprint.energy_kwh == doctest::Approx(r.range->days->high / r.days));
    CHECK(r.range->co2e_kg->low / *r.footprint.co2e_kg == doctest::Approx(r.range->days->low / r.days * 0.75));
}

TEST_CASE("measured or stated inputs narrow the range: none is left when nothing is assumed") {
    auto range_of = [](const planner::TrainingRequest& req) {
        auto result = planner::estimate_training(test::real_catalogue(), req);
        REQUIRE(result.ok());
        return result.value.range;
    };
    auto req = s1();
    req.footprint.power_watts = 4000;  // the instance's power, measured: no power estimate to doubt
    // Achieved TFLOP/s measured at the job's scale.
    CHECK_FALSE(range_of(req));
    req.achieved_tflops.reset();
    // On a chip whose power the catalogue estimates (no measured states to follow the load).
    req.instance = "p3.16xlarge";
    req.precision = "fp16";
    // An MFU and a scaling efficiency of the user's own.
    req.mfu = 0.45;
    req.scaling_efficiency = 0.9;
    CHECK_FALSE(range_of(req));
    // An MFU of the user's own leaves only the scaling efficiency's range.
    req.scaling_efficiency.reset();
    const auto scaling_only = range_of(req);
    REQUIRE(scaling_only);
    CHECK_FALSE(scaling_only->mfu);
    CHECK(scaling_only->scaling_efficiency);
    // One instance with its tensor and pipeline overlaps stated has no scaling losses to doubt.
    req.instance_count = 1;
    CHECK(range_of(req));  // the tensor-parallel all-reduces' overlap is still assumed
    req.tensor_overlap = 0;
    req.pipeline_overlap = 0;
    CHECK_FALSE(range_of(req));
    // Without a measured power, energy and CO2e keep the estimate's span, and only they do.
    req.footprint.power_watts.reset();
    const auto power_only = range_of(req);
    REQUIRE(power_only);
    CHECK_FALSE(power_only->days);
    CHECK_FALSE(power_only->cost_usd);
    REQUIRE(power_only->energy_kwh);
    CHECK(power_only->energy_kwh->high / power_only->energy_kwh->low == doctest::Approx(1 / 0.75));
}

TEST_CASE("training on a chip the catalogue says cannot train is refused at the instance, in both languages") {
    for (const char* id : {"inf1.xlarge", "inf2.48xlarge"}) {
        CAPTURE(id);
        const std::string request = std::string(R"({"api":1,"kind":"train","model":{"parameters":7e9},"tokens":1e11,"instance":")") +
                                    id + R"(","instance_count":1,"mfu":0.3)";
        const json en = json::parse(site::plan(test::real_catalogue(), request + "}"));
        CHECK(en["ok"] == false);
        REQUIRE(en["errors"].size() == 1);
        CHECK(en["errors"][0]["field"] == "instance");
        CHECK(en["errors"][0]["message"].get<std::string>().find("is offered for inference, not for training") !=
              std::string::npos);
        const json ja = json::parse(site::plan(test::real_catalogue(), request + R"(,"lang":"ja"})"));
        CHECK(ja["errors"][0]["message"].get<std::string>().find("推論用のチップで、学習には使えません") != std::string::npos);
    }
}

namespace {
json plan_json(const std::string& fields) {
    return json::parse(site::plan(test::real_catalogue(), R"({"api":1,"kind":"train",)" + fields + "}"));
}
}  // namespace

TEST_CASE("a budget gives the fastest plan within it, at a cost within the budget") {
    const std::string job = R"("model":{"parameters":13e9},"tokens":260e9,"instance":"p5.48xlarge","mfu":0.4)";
    const json r = plan_json(job + R"(,"budget_usd":100000)");
    REQUIRE_MESSAGE(r["ok"] == true, r.dump());
    const int n = r["train"]["instances"];
    CHECK(r["train"]["budget_usd"] == 100000);
    CHECK(r["train"]["cost_usd"].get<double>() <= 100000);
    // The plan is the job's at that count (count_search_test checks that no count is faster).
    const json at_n = plan_json(job + R"(,"instance_count":)" + std::to_string(n));
    CHECK(at_n["train"]["cost_usd"] == r["train"]["cost_usd"]);
    CHECK(at_n["train"]["days"] == r["train"]["days"]);
}

TEST_CASE("a budget below one instance's cost, or below the smallest count that fits, is refused with the figure") {
    const json low = plan_json(R"("model":{"parameters":13e9},"tokens":260e9,"instance":"p4d.24xlarge","mfu":0.4,"budget_usd":1000)");
    REQUIRE(low["ok"] == false);
    CHECK(low["errors"][0]["field"] == "budget_usd");
    const std::string cheapest = low["errors"][0]["message"];
    CHECK(cheapest.rfind("is below the cheapest plan on p4d.24xlarge, one instance at ", 0) == 0);
    // GPT-3 needs five p4de.24xlarge to fit in memory, which a $2M budget cannot pay for at this MFU.
    const json small = plan_json(R"("model":{"parameters":175e9},"tokens":300e9,"recompute":"full","instance":"p4de.24xlarge","hfu":0.45,"budget_usd":2e6)");
    REQUIRE(small["ok"] == false);
    CHECK(small["errors"][0]["message"].get<std::string>().rfind("is too small for the model on p4de.24xlarge: it needs at least ", 0) == 0);
    const json ja = json::parse(site::plan(test::real_catalogue(),
        R"({"api":1,"kind":"train","lang":"ja","model":{"parameters":13e9},"tokens":260e9,"instance":"p4d.24xlarge","mfu":0.4,"budget_usd":1000})"));
    CHECK(ja["errors"][0]["message"].get<std::string>().find("最も安い 1 台の計画") != std::string::npos);
}

TEST_CASE("instance_count, deadline_days and budget_usd: only one at a time") {
    const std::string job = R"("model":{"parameters":13e9},"tokens":260e9,"instance":"p5.48xlarge","mfu":0.4)";
    for (const char* two : {R"(,"instance_count":2,"budget_usd":1e5)", R"(,"deadline_days":30,"budget_usd":1e5)"}) {
        const json r = plan_json(job + two);
        REQUIRE(r["ok"] == false);
        CHECK(r["errors"][0] == json{{"field", "budget_usd"}, {"message", "give only one of instance_count, deadline_days and budget_usd"}, {"code", "count_deadline_budget"}});
    }
}

TEST_CASE("a layout given without expert parallelism for a mixture of experts says so, and how to search it") {
    auto note_of = [](const json& layout) {
        const json r = json::parse(site::plan(test::real_catalogue(),
            json{{"api", 1}, {"kind", "train"}, {"model", "qwen3-30b-a3b"}, {"tokens", 1e10}, {"instance", "p5.48xlarge"},
                 {"instance_count", 2}, {"layout", layout}}.dump()));
        REQUIRE_MESSAGE(r["ok"] == true, r.dump());
        for (const json& n : r["train"]["notes"])
            if (n.get<std::string>().rfind("layout: expert parallelism 1", 0) == 0) return true;
        return false;
    };
    CHECK(note_of({{"tensor", 1}, {"pipeline", 1}, {"zero", 3}}));
    CHECK_FALSE(note_of({{"tensor", 1}, {"pipeline", 1}, {"zero", 3}, {"expert", 8}}));
}
