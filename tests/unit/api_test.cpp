// plan(): the one JSON boundary. It never throws, and every "ok" number is finite.
#include <doctest/doctest.h>

#include <cmath>

#include "planner/api.hpp"
#include "plan.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;

TEST_CASE("plan answers a training request with ok and the result") {
    json r = json::parse(site::plan(test::real_catalogue(), R"j({"api":1,"kind":"train","model":{"parameters":175e9},
        "tokens":300e9,"recompute":"full","instance":"p4de.24xlarge","instance_count":128,"achieved_tflops":140})j"));
    CHECK(r["ok"] == true);
    CHECK(r["kind"] == "train");
    CHECK(r["train"]["days"].get<double>() == doctest::Approx(33.9).epsilon(0.03));
}

TEST_CASE("plan turns bad input into field errors instead of throwing") {
    struct Case {
        const char* request;
        const char* expected;
    };
    const Case cases[] = {
        {"", R"j({"api":1,"errors":[{"code":"request_not_valid_json","field":"","message":"the request is not valid JSON"}],"ok":false})j"},
        {"[1,2]", R"j({"api":1,"errors":[{"code":"request_not_object","field":"","message":"the request must be a JSON object"}],"ok":false})j"},
        {"{}", R"j({"api":1,"errors":[{"code":"api_required","field":"api","message":"is required: this planner speaks api 1"}],"ok":false})j"},
        {R"j({"api":2,"kind":"train"})j", R"j({"api":1,"errors":[{"code":"api_must_be_1","field":"api","message":"must be 1: this planner speaks api 1"}],"ok":false})j"},
        {R"j({"api":1})j", R"j({"api":1,"errors":[{"args":["train, infer, serve, model, energy, compare, instances, catalog"],"code":"kind_required","field":"kind","message":"is required (one of: train, infer, serve, model, energy, compare, instances, catalog)"}],"ok":false})j"},
        {R"j({"api":1,"kind":7})j", R"j({"api":1,"errors":[{"args":["train, infer, serve, model, energy, compare, instances, catalog"],"code":"not_one_of","field":"kind","message":"must be one of: train, infer, serve, model, energy, compare, instances, catalog"}],"ok":false})j"},
        {R"j({"api":1,"kind":"train","model":5,"tokens":1,"instance":"p4d.24xlarge","instance_count":1,"mfu":0.3})j",
         R"j({"api":1,"errors":[{"code":"train_model_shape","field":"model","message":"must be a model id or an object"}],"ok":false})j"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.request);
        CHECK(site::plan(test::real_catalogue(), c.request) == c.expected);
    }
}

TEST_CASE("every number in an ok response is finite, even at the input bounds") {
    const char* extremes[] = {
        R"j({"api":1,"kind":"train","model":{"parameters":1e15},"tokens":1e17,"instance":"p5.48xlarge","instance_count":1,"mfu":1e-300})j",
        R"j({"api":1,"kind":"train","model":{"parameters":1e-300},"tokens":1e-300,"instance":"trn1.32xlarge","instance_count":100000,"mfu":1})j",
    };
    for (const char* request : extremes) {
        CAPTURE(request);
        json r = json::parse(site::plan(test::real_catalogue(), request));
        if (r["ok"] == false) {
            CHECK(r["errors"].size() >= 1);
            continue;
        }
        for (const auto& item : r["train"].items()) {
            const std::string key = item.key();  // a structured binding: clang 14 cannot capture one
            CAPTURE(key);
            if (item.value().is_number()) CHECK(std::isfinite(item.value().get<double>()));
        }
    }
}

TEST_CASE("a catalogue that failed to load answers with its errors") {
    planner::CatalogueFiles files = test::real_files();
    files.instances.text = "{";
    auto load = planner::load_catalogue(files);
    json r = json::parse(site::plan(load, R"j({"api":1,"kind":"train"})j"));
    CHECK(r["ok"] == false);
    CHECK(r["errors"][0]["message"].get<std::string>().rfind("catalogue: data/instances.json:1:2: error[data.syntax]", 0) == 0);
}

TEST_CASE("instances marks the figures that are estimates, and only those") {
    json r = json::parse(site::plan(test::real_catalogue(),
                                       R"j({"api":1,"kind":"instances","ids":["c7g.16xlarge","p4d.24xlarge"]})j"));
    REQUIRE(r["ok"] == true);
    const json& c7g = r["instances"]["rows"][0];
    const json& p4d = r["instances"]["rows"][1];
    // Graviton3's peaks are estimated from cores x clock x FLOPs per cycle; so is their price per PFLOPS-hour.
    CHECK(c7g["estimated"] == json::parse(R"j({"peak_tflops":{"bf16":true,"fp32":true},"power_watts":true,
                                              "usd_per_pflops_hour":{"bf16":true,"fp32":true}})j"));
    // NVIDIA publishes the A100's peaks; no instance's power is published.
    CHECK(p4d["estimated"] == json::parse(R"j({"power_watts":true})j"));
}

TEST_CASE("numbers out of range, tiny numbers and repeated keys are blamed on their own field") {
    auto errors_of = [](const std::string& request) {
        return json::parse(site::plan(test::real_catalogue(), request))["errors"];
    };
    const std::string train = R"({"api":1,"kind":"train","model":{"parameters":7e9},"tokens":1e11,"instance":"p4d.24xlarge","instance_count":1,)";
    CHECK(errors_of(train + R"("mfu":0.4,"tokens":1e309})") ==
          json::parse(R"([{"field":"tokens","message":"is given twice","code":"given_twice"},{"field":"tokens","message":"is a number too large to plan with","code":"number_too_large"}])"));
    CHECK(errors_of(train + R"("mfu":1e-320})") ==
          json::parse(R"J([{"field":"mfu","message":"is too small to plan with (below 1e-12)","code":"too_small","args":["1e-12"]}])J"));
    CHECK(errors_of(train + R"("mfu":1e-6})") ==
          json::parse(R"([{"field":"mfu","message":"must be from 0.001 to 1","code":"range","args":["0.001","1"]}])"));
    CHECK(errors_of(R"({"api":1,"kind":"compare","instances":["p4d.24xlarge",)" + std::string(70000, ' ') + R"("p5.48xlarge"]})") ==
          json::parse(R"([{"field":"","message":"the request is larger than 64 KB","code":"request_too_large","args":["64"]}])"));
}

TEST_CASE("a request that is not UTF-8, or repeats a key that is not, gets an error and never an internal error") {
    auto errors_of = [](const std::string& request) {
        return json::parse(site::plan(test::real_catalogue(), request))["errors"];
    };
    // Found by fuzz_plan: the repeated key's name was quoted into a message that could not be written.
    CHECK(errors_of("{\"api\":1,\"kind\":\"train\",\"tok\xda\":1,\"tok\xda\":2}") ==
          json::parse(R"J([{"field":"","message":"the request is not valid UTF-8 (byte 29)","code":"request_not_utf8","args":["29"]}])J"));
    CHECK(errors_of("{\"api\":1,\"kind\":\"train\",\"a\":\"\xed\xa0\x80\"}") ==
          json::parse(R"J([{"field":"","message":"the request is not valid UTF-8 (byte 30)","code":"request_not_utf8","args":["30"]}])J"));
    // A lone surrogate written as an escape is valid UTF-8 text; the field names the key as written.
    const json r = json::parse(site::plan(test::real_catalogue(), R"({"api":1,"kind":"train","\ud800":1,"\ud800":2})"));
    CHECK(r["ok"] == false);
    CHECK(r["errors"][0]["message"] == "is given twice");
    CHECK(r["errors"][0]["field"] == "\\ud800");
}
