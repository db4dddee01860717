// The tables beside a calculator's result (display/tables.hpp), cell by cell, as display_json adds
// them for the build's worked examples and wasm/js/results.js's live tables alike.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "plan.hpp"
#include "test_catalogue.hpp"
#include "text.hpp"

using nlohmann::json;

namespace {

json shown(const json& request, const std::string& lang = "en") {
    const json response = json::parse(site::plan(test::real_catalogue(), request.dump()));
    REQUIRE_MESSAGE(response["ok"] == true, response.dump());
    return site::display_json(response, {}, lang);
}

// One row's cells as the page writes them: each text ("—" where there is none) and whether it is a figure.
std::vector<std::pair<std::string, bool>> cells(const json& row) {
    std::vector<std::pair<std::string, bool>> out;
    for (const json& c : row.at("cells")) out.emplace_back(c["text"].is_null() ? "—" : c["text"].get<std::string>(), c["num"].get<bool>());
    return out;
}

std::string text(const json& j, const char* key) { return j.at(key).get<std::string>(); }

}  // namespace

TEST_CASE("a training comparison's table: type, count, days or why not, their range, cost and the Pareto mark") {
    const json like = {{"api", 1}, {"kind", "train"}, {"model", {{"parameters", 13e9}}}, {"tokens", 260e9},
                       {"instance", "p5.48xlarge"}, {"instance_count", 2}};
    const json c = shown({{"api", 1}, {"kind", "compare"}, {"instances", {"p5.48xlarge", "p4d.24xlarge", "c7g.16xlarge"}},
                          {"counts", {1}}, {"like", like}})["compare"];
    REQUIRE(c["table"].size() == c["rows"].size());
    bool refused = false;
    for (std::size_t i = 0; i < c["rows"].size(); ++i) {
        const json& row = c["rows"][i];
        const auto got = cells(c["table"][i]);
        REQUIRE(got.size() == 6);
        CHECK(got[0] == std::pair{text(row, "instance"), false});
        if (row.contains("error")) {  // the CPU type cannot train: its reason where the days would be
            refused = true;
            CHECK(got[2] == std::pair{text(row, "error"), false});
            CHECK(got[5].first.empty());
            continue;
        }
        CHECK(got[1] == std::pair{text(row, "instances"), true});
        CHECK(got[2] == std::pair{text(row, "days"), true});
        const json& range = row["range"]["days"];
        CHECK(got[3] == std::pair{text(range, "low") + "–" + text(range, "high"), true});
        CHECK(got[4] == std::pair{text(row, "cost_usd"), true});
        CHECK(got[5].first == (row["pareto"].get<bool>() ? "✓" : ""));
    }
    CHECK(refused);
}

TEST_CASE("a serving comparison's table gives a type that cannot serve its reason and nothing after it") {
    const json like = {{"api", 1}, {"kind", "serve"}, {"model", "llama3.1-8b"}, {"instance", "p5.48xlarge"}, {"prompt_tokens", 1000},
                       {"output_tokens", 200}, {"ttft_ms", 2000}, {"tpot_ms", 50}, {"rate", {{"value", 5}, {"per", "second"}}}};
    const json c = shown({{"api", 1}, {"kind", "compare"}, {"instances", {"p5.48xlarge", "c7g.16xlarge"}}, {"like", like}}, "ja")["compare"];
    REQUIRE(c["table"].size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        const json& row = c["rows"][i];
        const auto got = cells(c["table"][i]);
        REQUIRE(got.size() == 8);
        if (row.contains("error")) {
            CHECK(got[1] == std::pair{text(row, "error"), false});
            for (std::size_t k = 2; k < 8; ++k) CHECK(got[k] == std::pair{std::string(), false});
        } else {
            CHECK(got[3] == std::pair{text(row, "ttft_ms"), true});
            CHECK(got[6] == std::pair{text(row, "cost_per_million_output"), true});  // yen first on a Japanese page
            CHECK(got[6].first.find("円") != std::string::npos);
        }
    }
}

TEST_CASE("an energy table writes each configuration's count by its hours and an estimated power's span") {
    const json e = shown({{"api", 1}, {"kind", "energy"},
                          {"configurations", {{{"label", "GPT-3"}, {"instance", "p3.16xlarge"}, {"instances", 1250}, {"hours", 355.2}}}}})["energy"];
    const json& row = e["configurations"][0];
    const auto got = cells(e["table"][0]);
    REQUIRE(got.size() == 9);
    CHECK(got[2] == std::pair{std::string("1,250 × 355"), true});
    // p3.16xlarge's power is an estimate: the energy carries its range beside it.
    CHECK(got[3] == std::pair{text(row, "energy_kwh") + " (" + text(row["range"]["energy_kwh"], "low") + "–" +
                                  text(row["range"]["energy_kwh"], "high") + ")",
                              true});
    CHECK(got[6] == std::pair{std::string("—"), true});  // the first configuration saves nothing against itself
}

TEST_CASE("a training plan's runner-up layouts read as TP × PP × DP, ZeRO, with the term each lost on left for the page to name") {
    const json t = shown({{"api", 1}, {"kind", "train"}, {"model", "llama3.1-70b"}, {"tokens", 1e12}, {"instance", "p5.48xlarge"},
                          {"instance_count", 8}})["train"];
    REQUIRE(t["alternatives"].size() >= 1);
    REQUIRE(t["table"].size() == t["alternatives"].size());
    for (std::size_t i = 0; i < t["alternatives"].size(); ++i) {
        const json& a = t["alternatives"][i];
        const json& l = a["layout"];
        const json& row = t["table"][i];
        CHECK(row["cells"][0]["text"] == "TP " + text(l, "tensor") + " × PP " + text(l, "pipeline") + " × DP " + text(l, "data") +
                                             (l.contains("expert") ? " (EP " + text(l, "expert") + ")" : "") +
                                             (l.contains("context") ? " × CP " + text(l, "context") : "") + ", ZeRO " + text(l, "zero"));
        CHECK(row["cells"][2] == json({{"text", a["lost_on"]}, {"num", false}, {"word", true}}));
        CHECK(row["cells"][3]["text"] == a["step"]["step_seconds"]);
    }
}
