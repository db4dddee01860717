// The planner's messages: every one a code of display/codes/message_list.hpp, said in English or Japanese from
// one row, and a request with "lang": "ja" gets them.
#include <doctest/doctest.h>

#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"
#include "plan.hpp"
#include "messages.hpp"
#include "planner/messages.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;

namespace {

std::string read(const std::string& path) {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("a code renders its parts in place in each language, Japanese naming the purchase options") {
    CHECK(site::message_text(planner::msg::range, {"0", "1"}, "ja") == "0 以上 1 以下にしてください");
    CHECK(site::message_text(planner::msg::range, {"0", "1"}, "en") == "must be from 0 to 1");
    CHECK(site::message_text(planner::msg::tensor_divide_instance, {"8", "p4d.24xlarge"}, "ja") ==
          "p4d.24xlarge 1 台のアクセラレーター 8 基を割り切れる数にしてください (テンソル並列はインスタンス内に収まります)");
    CHECK(site::message_text(planner::msg::no_price, {"spot", "p5.48xlarge", "us-east-1"}, "ja") ==
          "費用: us-east-1 での p5.48xlarge のスポット料金は公表されていません。1 時間あたりの料金を指定してください");
    // The fixed words of where a figure came from; a source id stays as it is.
    CHECK(site::localise("predicted", "ja") == "予測");
    CHECK(site::localise("megatron-2021", "ja") == "megatron-2021");
}

TEST_CASE("a range error for a field typed in percent or in billions gives its bounds in those units") {
    // The overlap field is typed in percent: the request's 0 to 1 is 0 to 100 there.
    CHECK(site::field_message("range", {"0", "1"}, 100, 1, "en") == "must be from 0 to 100");
    CHECK(site::field_message("range", {"0", "1"}, 100, 1, "ja") == "0 以上 100 以下にしてください");
    CHECK(site::field_message("range", {"0.001", "1"}, 100, 1, "en") == "must be from 0.1 to 100");
    // Tokens are typed in billions: at most 1e17 tokens is at most 100000000 billion.
    CHECK(site::field_message("range_above", {"0", "1e+17"}, 1, 1e9, "en") == "must be greater than 0 and at most 100000000");
    // Not a bound, or a field in the request's own units: said as the planner says it.
    CHECK(site::field_message("not_a_number", {}, 100, 1, "en") == "must be a number");
    CHECK(site::field_message("range", {"1", "1024"}, 1, 1, "en") == "must be from 1 to 1024");
    CHECK(site::field_message("exceeds_max_batch", {"8"}, 100, 1, "en") == site::message_text("exceeds_max_batch", {"8"}, "en"));
    // As the module is called: one JSON object, its absent units 1 and language English.
    CHECK(site::field_message(json{{"code", "range"}, {"args", {"0", "1"}}, {"per", 100}, {"lang", "ja"}}) == "0 以上 100 以下にしてください");
    CHECK(site::field_message(json{{"code", "range"}, {"args", {"0", "1"}}}) == "must be from 0 to 1");
    CHECK(site::field_message(json::array()).empty());
}

TEST_CASE("a form's number field refuses text as not a number, not with the API's keyword the form offers as a radio button") {
    // The request's tokens may be "chinchilla" and its overlap "layer"; the form has a radio for each.
    CHECK(site::message_text("tokens_shape", {}, "ja").find("chinchilla") != std::string::npos);
    CHECK(site::field_message("tokens_shape", {}, 1, 1e9, "ja") == "数値を入力してください");
    CHECK(site::field_message("overlap_shape", {}, 100, 1, "en") == "must be a number");
    CHECK(site::field_message(json{{"code", "tokens_shape"}, {"scale", 1e9}, {"lang", "en"}}) == "must be a number");
}

TEST_CASE("every request error carries a code, and its message is that code's English") {
    // Every tested request (tests/requests: the parity set, errors included) in both languages.
    int errors = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(ACCELGUIDE_SOURCE_DIR) + "/tests/requests")) {
        if (entry.path().extension() != ".json") continue;
        json request = json::parse(read(entry.path().string()), nullptr, false);
        if (!request.is_object()) continue;  // a request that is not JSON: its own error is checked below
        for (const char* lang : {"en", "ja"}) {
            request["lang"] = lang;
            const json r = json::parse(site::plan(test::real_catalogue(), request.dump()));
            if (r.value("ok", true)) continue;
            for (const json& e : r["errors"]) {
                CAPTURE(entry.path().filename().string());
                CAPTURE(e.dump());
                REQUIRE(e.contains("code"));
                const auto args = e.value("args", std::vector<std::string>());
                CHECK(e["message"] == site::message_text(e["code"].get<std::string>(), args, lang));
                ++errors;
            }
        }
    }
    CHECK(errors >= 20);
    const json bad = json::parse(site::plan(test::real_catalogue(), "{not json"));
    CHECK(bad["errors"][0]["code"] == "request_not_valid_json");
}

TEST_CASE("every note is said by its code, in both languages, and none is left unrendered") {
    // Every tested request's result in both languages: each note a sentence, never a code object,
    // and the Japanese one the same code's other row (no English left in it).
    int notes = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(ACCELGUIDE_SOURCE_DIR) + "/tests/requests")) {
        if (entry.path().extension() != ".json") continue;
        json request = json::parse(read(entry.path().string()), nullptr, false);
        if (!request.is_object()) continue;
        request["lang"] = "ja";
        const std::string ja = site::plan(test::real_catalogue(), request.dump());
        CAPTURE(entry.path().filename().string());
        CHECK(ja.find("\"say\"") == std::string::npos);
        const json r = json::parse(ja);
        std::function<void(const json&)> count = [&](const json& node) {
            if (node.is_object())
                for (const auto& [key, value] : node.items()) {
                    if (key == "notes" && value.is_array()) {
                        for (const json& n : value) {
                            REQUIRE(n.is_string());
                            CAPTURE(n.get<std::string>());
                            for (const char* english : {"give ", "assumed ", "predicted from", "capacity: ", "power: the", " the "})
                                CHECK(n.get<std::string>().find(english) == std::string::npos);
                        }
                        notes += int(value.size());
                    } else {
                        count(value);
                    }
                }
            else if (node.is_array())
                for (const json& item : node) count(item);
        };
        count(r);
    }
    CHECK(notes >= 50);
}

TEST_CASE("a result asked for in Japanese has its notes, sources and row errors in Japanese — ids stay") {
    auto plan = [](const std::string& request) { return json::parse(site::plan(test::real_catalogue(), request)); };
    // An assumed MFU (L40S), an assumed global batch and no architecture: three kinds of note.
    const json t = plan(R"({"api":1,"kind":"train","lang":"ja","model":{"parameters":7e9},"tokens":1e11,
                            "instance":"g6e.48xlarge","instance_count":4})")["train"];
    CHECK(t["mfu_source"] == "仮定");
    bool memory = false, mfu = false;
    for (const json& note : t["notes"]) {
        const std::string n = note.get<std::string>();
        memory |= n.rfind("メモリー: 活性化は含まれていません", 0) == 0;
        mfu |= n.rfind("MFU: NVIDIA L40S 48GB には学習時の MFU の公表値がないため 40% と仮定しました", 0) == 0;
        CHECK(n.find("give ") == std::string::npos);
    }
    CHECK(memory);
    CHECK(mfu);
    // Predicted from operator measurements (H100 own table, B200 borrowed), in Japanese.
    for (const char* instance : {"p5.48xlarge", "p6-b200.48xlarge"}) {
        const json p = plan(std::string(R"({"api":1,"kind":"train","lang":"ja","model":{"parameters":7e9},"tokens":1e11,"instance":")") +
                            instance + R"(","instance_count":4})")["train"];
        CAPTURE(instance);
        CHECK(p["mfu_source"] == "予測");
        bool predicted = false;
        for (const json& note : p["notes"]) predicted |= note.get<std::string>().rfind("計算時間: MFU を仮定せず、演算子の実測から予測しました", 0) == 0;
        CHECK(predicted);
    }
    const json measured = plan(R"({"api":1,"kind":"train","lang":"ja","model":{"parameters":7e9},"tokens":1e11,
                                   "instance":"p4d.24xlarge","instance_count":2,"achieved_tflops":100})")["train"];
    CHECK(measured["mfu_source"] == "実測");
    CHECK(measured["scaling_source"] == "その規模での実測");
    const json borrowed = plan(R"({"api":1,"kind":"train","lang":"ja","model":{"parameters":7e9},"tokens":1e11,
                                   "instance":"trn1.32xlarge","instance_count":16,"mfu":0.3})")["train"];
    CHECK(borrowed["scaling_source"] == "ステップ時間のモデル");
    // A comparison row that cannot run: the reason in Japanese, without the English field path.
    const json rows = plan(R"({"api":1,"kind":"compare","lang":"ja","instances":["p4d.24xlarge","g4dn.xlarge"],
                               "job":{"kind":"train","model":{"parameters":7e9},"tokens":1e11,"instance_count":1,"mfu":0.3}})")["compare"]["rows"];
    bool saw_error = false;
    for (const json& row : rows) {
        if (!row.contains("error")) continue;
        saw_error = true;
        const std::string e = row["error"].get<std::string>();
        CHECK(e.rfind("precision: ", 0) != 0);
        CHECK(e.find("ピークが公表されていません") != std::string::npos);
    }
    CHECK(saw_error);
    // English asks get English.
    CHECK(plan(R"({"api":1,"kind":"train","model":{"parameters":7e9},"tokens":1e11,"instance":"p5.48xlarge","instance_count":4})")
              ["train"]["mfu_source"] == "predicted");
}

TEST_CASE("a request with lang ja gets its errors in Japanese, and a bad lang is named") {
    const auto& catalogue = test::real_catalogue();
    const json ja = json::parse(site::plan(catalogue, R"({"api": 1, "kind": "train", "lang": "ja", "model": {"parameters": "abc"},
        "tokens": 1e9, "instance": "p4d.24xlarge", "instance_count": 1})"));
    REQUIRE_FALSE(ja["ok"].get<bool>());
    CHECK(ja["errors"][0]["field"] == "model.parameters");
    CHECK(ja["errors"][0]["message"] == "数値を入力してください");
    const json ok = json::parse(site::plan(catalogue, R"({"api": 1, "kind": "train", "lang": "ja", "model": {"parameters": 7e9},
        "tokens": 1e9, "instance": "p4d.24xlarge", "instance_count": 1, "mfu": 0.4})"));
    CHECK(ok["ok"].get<bool>());
    const json bad = json::parse(site::plan(catalogue, R"({"api": 1, "kind": "catalog", "lang": "fr"})"));
    CHECK(bad["errors"][0]["field"] == "lang");
}

TEST_CASE("a coded request error carries its code and parts, and each language renders it from the one table") {
    const std::string request = R"({"api":1,"kind":"serve","instance":"p5.48xlarge","model":"llama3.1-70b",
        "prompt_tokens":0,"output_tokens":100,"rate":{"value":1,"per":"minute"},"weights":"bf16","ttft":5)";
    const json en = json::parse(site::plan(test::real_catalogue(), request + "}"));
    const json ja = json::parse(site::plan(test::real_catalogue(), request + R"(,"lang":"ja"})"));
    REQUIRE(en["errors"].size() == 3);
    REQUIRE(ja["errors"].size() == 3);
    CHECK(en["errors"][0] == json({{"field", "ttft"}, {"message", "is not a known field"}, {"code", "unknown_field"}}));
    CHECK(ja["errors"][0]["message"] == "不明な項目です");
    CHECK(en["errors"][1] == json({{"field", "prompt_tokens"}, {"message", "must be a whole number from 1 to 100000000"},
                                   {"code", "whole_range"}, {"args", {"1", "100000000"}}}));
    CHECK(ja["errors"][1]["message"] == "1 以上 100000000 以下の整数にしてください");
    CHECK(en["errors"][2]["code"] == "not_one_of");
    CHECK(en["errors"][2]["args"] == json({"day, hour, second"}));
    CHECK(ja["errors"][2]["message"] == "次のいずれかにしてください: day, hour, second");
    // The codes and their parts are the same in both languages: only the message differs.
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(ja["errors"][i].value("code", "") == en["errors"][i].value("code", ""));
        CHECK(ja["errors"][i].value("args", json()) == en["errors"][i].value("args", json()));
    }
}

TEST_CASE("every message code has an English and a Japanese form with the same parts") {
    for (const std::string& code : planner::message_codes()) {
        CAPTURE(code);
        const std::vector<std::string> parts = {"PART0", "PART1"};
        const std::string en = site::message_text(code, parts, "en"), ja = site::message_text(code, parts, "ja");
        CHECK(en != code);
        CHECK(ja != en);
        for (const char* part : {"PART0", "PART1"}) CHECK((en.find(part) == std::string::npos) == (ja.find(part) == std::string::npos));
    }
}

TEST_CASE("a list's length is refused from its declaration, by code, in both languages") {
    const auto errors_of = [](const std::string& request) {
        return json::parse(site::plan(test::real_catalogue(), request))["errors"];
    };
    const json none = errors_of(R"({"api":1,"kind":"energy","lang":"ja","configurations":[]})");
    CHECK(none == json({{{"field", "configurations"}, {"message", "1 個から 8 個の項目を並べてください"}, {"code", "list_length"}, {"args", {"1", "8"}}}}));
    // No least (ids: 0 to 64): at most; no most (target_modules: 1 or more): at least.
    json many = json::array();
    for (int i = 0; i < 65; ++i) many.push_back("p5.48xlarge");
    const json ids = errors_of(json({{"api", 1}, {"kind", "instances"}, {"ids", many}}).dump());
    CHECK(ids == json({{{"field", "ids"}, {"message", "must list at most 64 items"}, {"code", "list_at_most"}, {"args", {"64"}}}}));
    CHECK(errors_of(R"({"api":1,"kind":"compare","job":{"kind":"train"},"counts":"8"})")[0]["code"] == "list_length");
    CHECK(site::message_text("list_at_least", {"1"}, "ja") == "1 個以上の項目を並べてください");
}

TEST_CASE("the planner answers in codes, and the display says them in the request's language") {
    const auto& catalogue = test::real_catalogue();
    const std::string bad = R"({"api": 1, "kind": "train", "lang": "ja", "model": {"parameters": 7e9}, "tokens": 0,
        "instance": "p5.48xlarge", "instance_count": 1})";
    const planner::Answer coded = planner::answer(catalogue, bad);
    CHECK(coded.lang == "ja");
    REQUIRE(coded.response["errors"].size() == 1);
    const json& e = coded.response["errors"][0];
    CHECK(e == json{{"field", "tokens"}, {"code", "range_above"}, {"args", {"0", "1e+17"}}});  // no sentence
    const json said = json::parse(site::plan(catalogue, bad));
    CHECK(said["errors"][0]["message"] == "0 より大きく 1e+17 以下にしてください");

    const std::string good = R"({"api": 1, "kind": "train", "model": {"parameters": 7e9}, "tokens": 1e11,
        "instance": "p5.48xlarge", "instance_count": 1})";
    const json notes = planner::answer(catalogue, good).response["train"]["notes"];
    REQUIRE_FALSE(notes.empty());
    for (const json& n : notes) CHECK(n.contains("say"));  // each note a code until said
    const json shown = json::parse(site::plan(catalogue, good))["train"]["notes"];
    REQUIRE(shown.size() == notes.size());
    for (std::size_t i = 0; i < shown.size(); ++i)
        CHECK(shown[i] == site::message_text(notes[i]["say"].get<std::string>(), notes[i].value("args", std::vector<std::string>()), "en"));
}
