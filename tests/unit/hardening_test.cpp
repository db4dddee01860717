// Hostile requests of the third hardening pass (issue 34): each was answered `ok: true` with an
// impossible figure, crashed or was silently dropped before; each is now refused at its field, or
// planned with a bounded figure and a note.
#include <doctest/doctest.h>

#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"
#include "plan.hpp"
#include "messages.hpp"
#include "planner/invariants.hpp"
#include "planner/request_reader.hpp"
#include "test_catalogue.hpp"

namespace {

using nlohmann::json;

json plan_text(const std::string& request) { return json::parse(site::plan(test::real_catalogue(), request)); }
json plan(json request) {
    request["api"] = 1;
    return plan_text(request.dump());
}

// The first error's field and message, or "" when the plan succeeded.
std::string error_at(const json& r, const std::string& field) {
    if (r["ok"] == true) return "";
    for (const json& e : r["errors"])
        if (e["field"] == field) return e["message"].get<std::string>();
    return "(errors elsewhere: " + r["errors"].dump() + ")";
}

json config(const std::string& name) {
    std::ifstream in(std::string(ACCELGUIDE_SOURCE_DIR) + "/tests/fixtures/model-configs/" + name + ".json");
    REQUIRE(in);
    std::stringstream s;
    s << in.rdbuf();
    return json::parse(s.str());
}

json serve_request(json model) {
    return {{"kind", "serve"}, {"model", std::move(model)}, {"instance", "p5.48xlarge"}, {"prompt_tokens", 1000},
            {"output_tokens", 200}, {"rate", {{"value", 10}, {"per", "second"}}}};
}

// What every response must satisfy (planner/invariants.hpp), on top of the field checks.
void check_invariants(const json& request, const json& response) {
    const auto violations = planner::check_response(test::real_catalogue(), request, response);
    for (const auto& v : violations) CAPTURE(v.field + ": " + v.what);
    CHECK(violations.empty());
}

}  // namespace

TEST_CASE("item 1: a demand beyond ten million instances is refused at the rate, never an overflowed fleet") {
    json request = serve_request("llama3.1-70b");
    request["rate"] = {{"value", 1e9}, {"per", "second"}};
    request["peak_factor"] = 100;
    request["redundancy"] = 5;
    const json r = plan(request);
    CHECK(error_at(r, "rate.value") == "needs more than ten million instances");
    // The same demand sized by infer, as before.
    const json infer = plan({{"kind", "infer"}, {"instance", "inf2.xlarge"}, {"rate", {{"value", 1e9}, {"per", "second"}}},
                             {"peak_factor", 100}, {"throughput_rps", 1}});
    CHECK(error_at(infer, "rate.value") == "needs more than ten million instances");
    // Just under the cap: a positive fleet, checked against the invariants.
    request["rate"] = {{"value", 1}, {"per", "second"}};
    const json ok = plan(request);
    REQUIRE(ok["ok"] == true);
    CHECK(ok["serve"]["fleet"].get<double>() >= 6);
    check_invariants(request, ok);
}

TEST_CASE("item 2: a config.json with fewer layers than first_k_dense_replace is refused, not counted negative") {
    json c = config("deepseek-v3");
    c["num_hidden_layers"] = 2;
    const json r = plan(serve_request({{"config", c}}));
    CHECK(error_at(r, "model.config.first_k_dense_replace") == "cannot exceed num_hidden_layers (2)");
    json train = {{"kind", "train"}, {"model", {{"config", c}}}, {"tokens", 1e9}, {"instance", "p5.48xlarge"}, {"instance_count", 1}};
    CHECK(error_at(plan(train), "model.config.first_k_dense_replace") == "cannot exceed num_hidden_layers (2)");
}

TEST_CASE("item 3: JSON nested deeper than 64 levels is refused before it is parsed") {
    const std::string deep = R"({"api": 1, "kind": "serve", "model": )" + std::string(100000, '[') + std::string(100000, ']') + "}";
    // Over the 64 KB limit first; a deep request under it is refused for its depth.
    CHECK(plan_text(deep)["ok"] == false);
    const std::string nested = R"({"api": 1, "kind": "serve", "model": )" + std::string(20000, '[') + std::string(20000, ']') + "}";
    const json r = plan_text(nested);
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0]["message"].get<std::string>().find("nests deeper than 64 levels") != std::string::npos);
    // 64 levels are still read (and refused for what they hold, not for their depth).
    const std::string at_limit = R"({"api": 1, "kind": "serve", "model": )" + std::string(63, '[') + std::string(63, ']') + "}";
    CHECK(plan_text(at_limit)["errors"].dump().find("deeper") == std::string::npos);
}

TEST_CASE("item 5: a prompt longer than the model's context is refused") {
    json request = serve_request("llama3.1-70b");
    request["prompt_tokens"] = 1000000;
    CHECK(error_at(plan(request), "prompt_tokens") ==
          "the prompt and output (1000200 tokens) exceed the model's context of 131072 tokens");
    request["prompt_tokens"] = 131072 - 200;
    CHECK(plan(request)["ok"] == true);
    request["prompt_tokens"] = 131072 - 199;
    CHECK(error_at(plan(request), "prompt_tokens").find("exceed the model's context") != std::string::npos);
}

TEST_CASE("item 8: a config.json's sizes obey the bounds a typed model has, and so do the parameters it implies") {
    json c = config("llama-3.1-70b-instruct");
    for (const char* size : {"hidden_size", "intermediate_size", "num_hidden_layers", "vocab_size"}) c[size] = 999999999;
    const json r = plan(serve_request({{"config", c}}));
    REQUIRE(r["ok"] == false);
    CHECK(error_at(r, "model.config.hidden_size").find("1000000") != std::string::npos);
    CHECK(error_at(r, "model.config.num_hidden_layers").find("10000") != std::string::npos);
    // Each within its bound, together still too many parameters.
    c = config("llama-3.1-70b-instruct");
    c["hidden_size"] = 1000000;
    c["num_attention_heads"] = 10000;
    c["num_key_value_heads"] = 10000;
    c["num_hidden_layers"] = 10000;
    const json big = plan(serve_request({{"config", c}}));
    CHECK(error_at(big, "model.config").find("more than the 1e+15 a model may have") != std::string::npos);
}

TEST_CASE("item 9: model counts beside a config.json or an architecture are refused, not ignored") {
    json train = {{"kind", "train"}, {"tokens", 1e9}, {"instance", "p5.48xlarge"}, {"instance_count", 1}};
    train["model"] = {{"config", config("llama-3.1-70b-instruct")}, {"active_parameters", 1e9}};
    CHECK(error_at(plan(train), "model.active_parameters") ==
          "comes from model.config here: give it only beside model.parameters");
    train["model"] = {{"config", config("llama-3.1-70b-instruct")}, {"experts", 8}};
    CHECK(error_at(plan(train), "model.experts") == "comes from model.config here: give it only beside model.parameters");
    train["model"] = {{"architecture", {{"layers", 32}, {"hidden", 4096}, {"heads", 32}, {"sequence", 4096}, {"vocabulary", 32000}}},
                      {"experts_per_token", 2}};
    CHECK(error_at(plan(train), "model.experts_per_token") ==
          "comes from model.architecture here: give it only beside model.parameters");
}

TEST_CASE("item 10: more KV heads than heads, and a LoRA rank beyond the hidden size, are refused") {
    json typed = {{"parameters", 8e9}, {"layers", 32}, {"hidden", 4096}, {"heads", 32}, {"kv_heads", 10000}, {"head_dim", 128}};
    CHECK(error_at(plan(serve_request(typed)), "model.kv_heads") == "must divide the model's 32 attention heads");
    typed["kv_heads"] = 8;
    CHECK(plan(serve_request(typed))["ok"] == true);
    json c = config("llama-3.1-70b-instruct");
    c["num_key_value_heads"] = 10000;
    CHECK(error_at(plan(serve_request({{"config", c}})), "model.config.num_key_value_heads") ==
          "must divide num_attention_heads (64)");

    json lora = {{"kind", "train"}, {"model", "llama3.1-8b"}, {"tokens", 1e8}, {"instance", "p5.48xlarge"},
                 {"instance_count", 1}, {"fine_tuning", {{"method", "lora"}, {"rank", 65536}}}};
    CHECK(error_at(plan(lora), "fine_tuning.rank").find("cannot exceed the model's hidden size, 4096") == 0);
    lora["fine_tuning"]["rank"] = 4096;
    CHECK(plan(lora)["ok"] == true);
}

TEST_CASE("item 10: a fixed layout memory cannot hold says so beside fits: false") {
    const json request = {{"kind", "train"}, {"model", "llama3.1-70b"}, {"tokens", 1e9}, {"instance", "p5.48xlarge"},
                          {"instance_count", 1}, {"layout", {{"tensor", 1}, {"pipeline", 1}, {"zero", 0}}}};
    const json r = plan(request);
    REQUIRE(r["ok"] == true);
    CHECK(r["train"]["fits"] == false);
    CHECK(r["train"]["notes"].dump().find("memory: this layout needs 1") != std::string::npos);
    check_invariants(request, r);
}

TEST_CASE("item 11: bytes after a NUL are refused, not dropped") {
    const std::string request = std::string(R"({"api": 1, "kind": "catalog"})") + '\0' + R"({"junk)";
    const json r = plan_text(request);
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0]["message"] == "the request holds a NUL byte (byte 30); nothing may follow the JSON");
}

TEST_CASE("the invariants catch an impossible response: a negative cost, a fleet too small, a decode faster than memory") {
    const json request = serve_request("llama3.1-70b");
    json r = plan(request);
    REQUIRE(r["ok"] == true);
    check_invariants(request, r);
    auto broken = [&](const std::function<void(json&)>& edit) {
        json bad = r;
        edit(bad);
        return planner::check_response(test::real_catalogue(), request, bad).size();
    };
    CHECK(broken([](json& b) { b["serve"]["fleet_hour"]["cost_usd"] = -1; }) > 0);
    CHECK(broken([](json& b) { b["serve"]["fleet"] = 0; }) > 0);
    CHECK(broken([](json& b) { b["serve"]["fleet"] = 2.5; }) > 0);
    CHECK(broken([](json& b) { b["serve"]["tpot_ms"] = 0.01; }) > 0);
    CHECK(broken([](json& b) { b["serve"]["ttft_ms"] = 0.001; }) > 0);
    CHECK(broken([](json& b) { b["serve"]["memory_bytes"] = 1e15; }) > 0);
    CHECK(broken([](json& b) { b["serve"]["requests_per_second"] = b["serve"]["requests_per_second"].get<double>() / 1000; }) > 0);
}

TEST_CASE("no silent drop: a field no reader used is refused at its path as an internal check") {
    const json request = {{"api", 1},
                          {"kind", "x"},
                          {"read", 1},
                          {"forgotten", 2},
                          {"nested", {{"read", "a"}, {"forgotten", true}}},
                          {"taken", {1, 2, {{"deep", 3}}}},
                          {"absent", nullptr}};
    planner::RequestReader in(request);
    CHECK(in.number("read", {0, false, 10, false}, true) == 1);
    CHECK(in.text("nested.read", {}, true) == std::optional<std::string>("a"));
    CHECK(in.find("forgotten"));  // looking is not using
    CHECK(in.take("taken"));      // a list taken whole is used, all of it
    in.refuse_unused();
    std::vector<std::string> fields;
    for (const auto& e : in.errors()) {
        fields.push_back(e.field);
        CHECK(site::error_text(e) == "internal check: this field was neither used nor refused (the planner would have ignored it)");
    }
    CHECK(fields == std::vector<std::string>{"forgotten", "nested.forgotten"});  // api, kind and null are not fields to use

    // A request refused already is not checked again: its fields were refused, not dropped.
    planner::RequestReader refused(request);
    refused.refuse("read", planner::msg::not_a_number);
    refused.refuse_unused();
    CHECK(refused.errors().size() == 1);

    // The readers run it on real requests (every parity, golden and API.md request passes through
    // it too): a config.json's own extra keys (torch_dtype, rope_scaling, …) are used with it.
    const json with_config = plan(serve_request({{"config", config("llama-3.1-70b-instruct")}, {"context", 8192}}));
    CHECK(with_config["ok"] == true);
}
