// Compare as value structs: read_compare_request, then compare, then to_json (the JSON path is
// tested in inference_test.cpp and by the parity requests).
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <variant>

#include "planner/api.hpp"
#include "plan.hpp"
#include "messages.hpp"
#include "planner/compare.hpp"
#include "planner/messages.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;

namespace {
const planner::Catalogue& catalogue() { return test::real_catalogue(); }

planner::CompareRequest read(const json& request) {
    auto r = planner::read_compare_request(catalogue(), request);
    REQUIRE_MESSAGE(r.ok(), json(r.errors).dump());
    return r.value;
}
}  // namespace

TEST_CASE("a compare request without instances or counts covers the whole catalogue at 1, 2, 4 … 4096") {
    auto req = read({{"api", 1}, {"kind", "compare"},
                     {"job", {{"kind", "train"}, {"model", {{"parameters", 1e9}}}, {"tokens", 2e10}, {"instance_count", 2}}}});
    CHECK(req.instances.size() == catalogue().instances.size());
    CHECK(req.instances.front() == catalogue().instances.front().id);
    CHECK(req.counts == std::vector<int>{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096});
    REQUIRE(std::holds_alternative<planner::TrainingRequest>(req.job));
    CHECK(std::get<planner::TrainingRequest>(req.job).instance_count == 2);
}

TEST_CASE("a compare request reports every bad list entry, and a job that names its own instance") {
    auto bad = planner::read_compare_request(catalogue(), {{"api", 1}, {"kind", "compare"}, {"counts", {0, 3}},
        {"instances", {"p4d.24xlarge", "nope", 7}}, {"job", {{"kind", "train"}}}});
    REQUIRE(bad.errors.size() == 3);
    CHECK(bad.errors[0].field == "counts.0");
    CHECK(bad.errors[1].field == "instances.1");
    CHECK(bad.errors[2].field == "instances.2");
    auto own = planner::read_compare_request(catalogue(), {{"api", 1}, {"kind", "compare"},
        {"job", {{"kind", "train"}, {"instance", "p4d.24xlarge"}, {"model", {{"parameters", 1e9}}}, {"tokens", 2e10}, {"instance_count", 1}}}});
    REQUIRE(own.errors.size() == 1);
    CHECK(own.errors[0].field == "job.instance");
}

TEST_CASE("compare ranks rows cheapest first with the ones that cannot run last, and keeps the sweep in request order") {
    // v100 has no BF16 peak, so p3.16xlarge cannot run a bf16 job; it is asked for first.
    const std::vector<std::string> ids{"p3.16xlarge", "p5.48xlarge", "trn1.32xlarge", "p4d.24xlarge"};
    auto req = read({{"api", 1}, {"kind", "compare"}, {"instances", ids}, {"counts", {1, 8}},
                     {"job", {{"kind", "train"}, {"model", {{"parameters", 7e9}}}, {"tokens", 1.4e11}, {"instance_count", 4}, {"mfu", 0.4}}}});
    const auto result = planner::compare(catalogue(), req);
    REQUIRE(std::holds_alternative<planner::TrainingComparison>(result));
    const auto& c = std::get<planner::TrainingComparison>(result);
    REQUIRE(c.rows.size() == 4);
    for (std::size_t i = 0; i + 1 < 3; ++i) CHECK(*c.rows[i].cost_usd <= *c.rows[i + 1].cost_usd);
    CHECK(c.rows.back().instance == "p3.16xlarge");
    REQUIRE(c.rows.back().error);
    CHECK_FALSE(c.rows.back().pareto);
    // The cheapest row is always on the cost–time Pareto set.
    CHECK(c.rows.front().pareto);
    REQUIRE(c.sweep.size() == 4);
    for (std::size_t i = 0; i < ids.size(); ++i) CHECK(c.sweep[i].instance == ids[i]);
    CHECK(c.sweep[0].points.empty());
    REQUIRE(c.sweep[1].points.size() == 2);
    CHECK(c.sweep[1].points[0].instances == 1);
    // Eight times the instances, at most eight times faster.
    CHECK(c.sweep[1].points[1].days >= c.sweep[1].points[0].days / 8 * (1 - 1e-12));

    const json j = result;
    CHECK(j["job"] == "train");
    // The row's reason travels as its code until the response is rendered in the request's language.
    CHECK(j["rows"][3] == json{{"instance", "p3.16xlarge"}, {"error", planner::said(*c.rows.back().error, true)}, {"pareto", false}});
    json rendered = j["rows"][3];
    site::say_messages(rendered, "en");
    CHECK(rendered["error"] == "precision: p3.16xlarge has no published dense bf16 peak; give achieved_tflops instead of mfu");
    CHECK(j["sweep"][1]["points"][0]["instances"] == 1);
}

TEST_CASE("compare sweeps an inference job over a quarter to four times its rate") {
    auto req = read({{"api", 1}, {"kind", "compare"}, {"instances", {"inf1.xlarge", "g4dn.xlarge"}},
                     {"job", {{"kind", "infer"}, {"rate", {{"value", 100}, {"per", "second"}}},
                              {"compute", {{"flops_per_request", 1e11}, {"mfu", 0.3}}}}}});
    const auto result = planner::compare(catalogue(), req);
    REQUIRE(std::holds_alternative<planner::InferenceComparison>(result));
    const auto& c = std::get<planner::InferenceComparison>(result);
    REQUIRE(c.sweep.size() == 2);
    REQUIRE(c.sweep[0].points.size() == 5);
    CHECK(c.sweep[0].points.front().rate_per_second == doctest::Approx(25));
    CHECK(c.sweep[0].points.back().rate_per_second == doctest::Approx(400));
    for (std::size_t i = 0; i + 1 < 5; ++i) CHECK(c.sweep[0].points[i].fleet <= c.sweep[0].points[i + 1].fleet);
    CHECK(*c.rows[0].cost_per_million <= *c.rows[1].cost_per_million);
}

TEST_CASE("training GPT-3 175B across the catalogue never offers a chip that cannot train: Inferentia rows say why") {
    // The case: inf2.xlarge was marked Pareto at 592 days as the cheapest way to train GPT-3.
    auto req = read({{"api", 1}, {"kind", "compare"},
                     {"job", {{"kind", "train"}, {"model", {{"parameters", 175e9}}}, {"tokens", 300e9},
                              {"recompute", "full"}, {"instance_count", 128}, {"mfu", 0.45}}}});
    const auto result = planner::compare(catalogue(), req);
    const auto& c = std::get<planner::TrainingComparison>(result);
    int inferentia = 0, runnable = 0;
    for (const auto& row : c.rows) {
        CAPTURE(row.instance);
        const auto& chip = catalogue().accelerator_of(*catalogue().find(row.instance));
        if (chip.kind != "inferentia") {
            runnable += !row.error;
            continue;
        }
        ++inferentia;
        CHECK_FALSE(chip.can(planner::kTrain));
        REQUIRE(row.error);
        CHECK(row.error->field == "instance");
        CHECK(site::error_text(*row.error) == chip.name + " is offered for inference, not for training");
        CHECK_FALSE(row.pareto);
        CHECK_FALSE(row.cost_usd);
    }
    CHECK(inferentia >= 4);  // inf1 and inf2 sizes
    CHECK(runnable > 0);
    // Rows that can run come first, so no Inferentia row sits among them.
    bool seen_error = false;
    for (const auto& row : c.rows) {
        if (row.error) seen_error = true;
        else CHECK_FALSE(seen_error);
    }
}

TEST_CASE("compare with a budget ranks the plans that fit in it fastest first, and says why the others cannot") {
    auto req = read({{"api", 1}, {"kind", "compare"}, {"instances", {"p4d.24xlarge", "trn1.32xlarge", "p5.48xlarge"}}, {"counts", {1}},
                     {"job", {{"kind", "train"}, {"model", {{"parameters", 13e9}}}, {"tokens", 260e9}, {"mfu", 0.4}, {"budget_usd", 1e5}}}});
    const auto result = planner::compare(catalogue(), req);
    const auto& c = std::get<planner::TrainingComparison>(result);
    REQUIRE(c.rows.size() == 3);
    CHECK(c.rows[0].instance == "p5.48xlarge");
    CHECK(c.rows[1].instance == "trn1.32xlarge");
    CHECK(c.rows[0].days < c.rows[1].days);
    for (int i : {0, 1}) CHECK(*c.rows[i].cost_usd <= 1e5);
    CHECK(c.rows[2].instance == "p4d.24xlarge");
    REQUIRE(c.rows[2].error);
    CHECK(c.rows[2].error->field == "budget_usd");
    CHECK(site::error_text(*c.rows[2].error).find("is below the cheapest plan on p4d.24xlarge") == 0);
}

TEST_CASE("a compare lists each instance type once and at most 256 of them, so its response stays bounded") {
    // A 160 KB request used to make a 56 MB response.
    json many = json::array();
    for (int i = 0; i < 257; ++i) many.push_back("p4d.24xlarge");
    auto over = planner::read_compare_request(catalogue(), {{"api", 1}, {"kind", "compare"}, {"instances", many},
                                                            {"job", {{"kind", "train"}}}});
    REQUIRE(over.errors.size() == 1);
    CHECK(site::error_text(over.errors[0]) == "must list 1 to 256 items");
    CHECK(over.errors[0].code == "list_length");
    CHECK(over.errors[0].args == std::vector<std::string>{"1", "256"});
    auto twice = planner::read_compare_request(catalogue(), {{"api", 1}, {"kind", "compare"}, {"instances", {"p4d.24xlarge", "p5.48xlarge", "p4d.24xlarge"}},
                                                             {"job", {{"kind", "train"}}}});
    REQUIRE(twice.errors.size() == 1);
    CHECK(twice.errors[0].field == "instances.2");
    CHECK(site::error_text(twice.errors[0]) == "is listed twice");
}

TEST_CASE("each training row says where its utilisation came from, on both bases, and carries the range of what it assumes") {
    auto req = read({{"api", 1}, {"kind", "compare"}, {"instances", {"p3.16xlarge", "trn1.32xlarge"}}, {"counts", {16}},
                     {"job", {{"kind", "train"}, {"model", {{"parameters", 7e9}}}, {"tokens", 1.4e11}, {"instance_count", 16}, {"precision", "fp16"}}}});
    const auto result = planner::compare(catalogue(), req);
    const auto& c = std::get<planner::TrainingComparison>(result);
    for (const auto& row : c.rows) {
        CAPTURE(row.instance);
        REQUIRE_FALSE(row.error);
        REQUIRE(row.days_range);
        CHECK(row.days_range->low <= row.days);
        CHECK(row.days <= row.days_range->high);
        CHECK(row.cost_range);
        // V100: the published default; Trainium: none published, so assumed, and said so.
        CHECK(row.mfu_source == (row.instance == "p3.16xlarge" ? "megatron-2019-hf" : "assumed"));
        // No recompute: the model's 6PD is what runs, so MFU and HFU agree.
        REQUIRE(row.hfu);
        CHECK(*row.mfu == *row.hfu);
    }
    const json j = c.rows.front();
    CHECK(j.contains("mfu_source"));
    CHECK(j["range"]["days"]["low"].is_number());
}

namespace {
json plan(const json& request) { return json::parse(site::plan(catalogue(), request.dump())); }
}  // namespace

TEST_CASE("compare like a training request runs the job its calculator compares: the count and MFU it planned") {
    const json like = {{"api", 1}, {"kind", "train"}, {"model", {{"parameters", 7e9}}}, {"tokens", 1.4e11},
                       {"instance", "p4d.24xlarge"}, {"instance_count", 4}, {"hfu", 0.45}, {"micro_batch", 2}};
    const json own = plan(like);
    REQUIRE(own["ok"] == true);
    const json instances = {"p4d.24xlarge", "p5.48xlarge", "trn1.32xlarge"};
    // As a calculator sends it: in its page's language.
    json like_ja = like;
    like_ja["lang"] = "ja";
    const json by_like = plan({{"api", 1}, {"kind", "compare"}, {"instances", instances}, {"counts", {1, 8}}, {"like", like_ja}});
    // The job by hand: without what belongs to p4d, at the count and the MFU p4d's plan came to.
    const json job = {{"kind", "train"}, {"model", {{"parameters", 7e9}}}, {"tokens", 1.4e11},
                      {"instance_count", own["train"]["instances"]}, {"mfu", own["train"]["mfu"]}};
    const json by_hand = plan({{"api", 1}, {"kind", "compare"}, {"instances", instances}, {"counts", {1, 8}}, {"job", job}});
    REQUIRE_MESSAGE(by_like["ok"] == true, by_like.dump());
    CHECK(by_like == by_hand);

    SUBCASE("a deadline stays a deadline: each type takes the fewest instances that meet it") {
        json with_deadline = like;
        with_deadline.erase("instance_count");
        with_deadline["deadline_days"] = 20;
        json dated = job;
        dated.erase("instance_count");
        dated["deadline_days"] = 20;
        dated["mfu"] = plan(with_deadline)["train"]["mfu"];
        CHECK(plan({{"api", 1}, {"kind", "compare"}, {"instances", instances}, {"like", with_deadline}}) ==
              plan({{"api", 1}, {"kind", "compare"}, {"instances", instances}, {"job", dated}}));
    }
}

TEST_CASE("compare like a training request with no utilisation of the user's own predicts each type from its own hardware") {
    // Nothing measured: p5's H100s priced from their operator table, p4d's A100s at their published
    // MFU. No type runs at another's prediction.
    const json like = {{"api", 1}, {"kind", "train"}, {"model", "llama3.1-8b"}, {"tokens", 1e11},
                       {"instance", "p5.48xlarge"}, {"instance_count", 2}, {"precision", "fp16"}};  // as the V100 runs it
    const json instances = {"p5.48xlarge", "p3.16xlarge"};
    const json by_like = plan({{"api", 1}, {"kind", "compare"}, {"instances", instances}, {"counts", {2}}, {"like", like}});
    REQUIRE_MESSAGE(by_like["ok"] == true, by_like.dump());
    json job = like;
    for (const char* key : {"api", "instance"}) job.erase(key);
    CHECK(by_like == plan({{"api", 1}, {"kind", "compare"}, {"instances", instances}, {"counts", {2}}, {"job", job}}));
    // The request's own type answers in the table as it answers alone.
    const json own = plan(like)["train"];
    for (const json& row : by_like["compare"]["rows"]) {
        if (row["instance"] != "p5.48xlarge") continue;
        CHECK(row["days"].get<double>() == doctest::Approx(own["days"].get<double>()).epsilon(1e-12));
        CHECK(row["mfu_source"] == own["mfu_source"]);
    }
    std::set<std::string> sources;
    for (const json& row : by_like["compare"]["rows"]) sources.insert(row["mfu_source"].get<std::string>());
    CHECK(sources.size() == 2);  // each type's own basis
}

TEST_CASE("compare like a serving request leaves each type its own tensor parallelism") {
    const json like = {{"api", 1}, {"kind", "serve"}, {"instance", "p5.48xlarge"}, {"model", "llama3.1-8b"},
                       {"prompt_tokens", 512}, {"output_tokens", 128}, {"tpot_ms", 50}, {"tensor_parallel", 2},
                       {"rate", {{"value", 10}, {"per", "second"}}}};
    json job = like;
    for (const char* key : {"api", "instance", "tensor_parallel"}) job.erase(key);
    const json instances = {"p5.48xlarge", "g6e.12xlarge"};
    const json by_like = plan({{"api", 1}, {"kind", "compare"}, {"instances", instances}, {"like", like}});
    REQUIRE_MESSAGE(by_like["ok"] == true, by_like.dump());
    CHECK(by_like == plan({{"api", 1}, {"kind", "compare"}, {"instances", instances}, {"job", job}}));
}

TEST_CASE("compare like a request that cannot be planned says why at like's own fields, and takes job or like, not both") {
    const json bad = plan({{"api", 1}, {"kind", "compare"},
                           {"like", {{"kind", "train"}, {"model", {{"parameters", 7e9}}}, {"tokens", 1e11},
                                     {"instance", "p4d.24xlarge"}, {"instance_count", 0}}}});
    REQUIRE(bad["ok"] == false);
    CHECK(bad["errors"][0]["field"] == "like.instance_count");
    CHECK(bad["errors"][0]["code"] == "whole_range");  // its code kept, as in the request's own plan
    // A job's own errors keep theirs too, under job.
    const json job = plan({{"api", 1}, {"kind", "compare"}, {"lang", "ja"},
                           {"job", {{"kind", "train"}, {"model", {{"parameters", 7e9}}}, {"tokens", 1e11}, {"instance_count", 0}}}});
    REQUIRE(job["ok"] == false);
    CHECK(job["errors"][0]["field"] == "job.instance_count");
    CHECK(job["errors"][0]["code"] == "whole_range");
    CHECK(job["errors"][0]["message"].get<std::string>().find("整数") != std::string::npos);
    // A serving or inference request is read as the job itself: its problems are still like's.
    const json serve = plan({{"api", 1}, {"kind", "compare"},
                             {"like", {{"kind", "serve"}, {"model", "llama3.1-8b"}, {"instance", "g6e.xlarge"}}}});
    REQUIRE(serve["ok"] == false);
    CHECK(serve["errors"][0]["field"] == "like.prompt_tokens");
    CHECK(serve["errors"][0]["code"] == "required");
    const json both = plan({{"api", 1}, {"kind", "compare"}, {"job", {{"kind", "infer"}}}, {"like", {{"kind", "infer"}}}});
    REQUIRE(both["ok"] == false);
    CHECK(both["errors"][0]["field"] == "like");
    const json neither = plan({{"api", 1}, {"kind", "compare"}});
    REQUIRE(neither["ok"] == false);
    CHECK(neither["errors"][0]["field"] == "job");
}
