// The sentence each calculator leads with (display/answers.hpp), as display_json adds it for the
// build's worked examples and the browser's live results alike.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "answers.hpp"
#include "planner/api.hpp"
#include "plan.hpp"
#include "test_catalogue.hpp"
#include "text.hpp"

using nlohmann::json;

namespace {

json shown(const json& request, const std::string& lang) {
    const json response = json::parse(site::plan(test::real_catalogue(), request.dump()));
    REQUIRE_MESSAGE(response["ok"] == true, response.dump());
    return site::display_json(response, {}, lang);
}

std::string text(const json& j, const char* key) { return j.at(key).get<std::string>(); }

const json kTraining = {{"api", 1}, {"kind", "train"}, {"model", {{"parameters", 13e9}}}, {"tokens", 260e9}, {"mfu", 0.4},
                        {"instance", "p5.48xlarge"}, {"instance_count", 2}};
const std::vector<std::string> kTypes = {"p4d.24xlarge", "trn1.32xlarge", "p5.48xlarge", "inf2.48xlarge"};

json compared(json like, const std::string& lang) {
    return shown({{"api", 1}, {"kind", "compare"}, {"instances", kTypes}, {"counts", {1}}, {"like", like}}, lang)["compare"];
}

}  // namespace

TEST_CASE("a training comparison with a deadline answers with the cheapest type and the next, in the page's language") {
    json like = kTraining;
    like.erase("instance_count");
    like["deadline_days"] = 30;
    const json ja = compared(like, "ja");
    std::vector<json> runnable;
    for (const json& row : ja["rows"])
        if (row.contains("days") && row.contains("cost_usd")) runnable.push_back(row);
    REQUIRE(runnable.size() >= 2);
    auto item = [](const json& r) { return text(r, "instance") + " × " + text(r, "instances") + " 台、" + text(r, "cost_usd"); };
    CHECK(text(ja, "answer") == "30 日以内で最も安いのは " + item(runnable[0]) + "、次は " + item(runnable[1]) + "。");
    // Japanese money is yen first, dollars beside, as the table shows it.
    CHECK(text(runnable[0], "cost_usd").find("ドル)") != std::string::npos);

    like.erase("deadline_days");
    like["budget_usd"] = 100000;
    const json en = compared(like, "en");
    const json& fastest = en["rows"][0];
    REQUIRE(fastest.contains("days"));
    CHECK(text(en, "answer").rfind("Fastest within $100,000: " + text(fastest, "instances") + " × " + text(fastest, "instance") + " in " +
                                       text(fastest, "days") + " days ($" + text(fastest, "cost_usd") + ")", 0) == 0);
}

TEST_CASE("a training comparison at a count asks no question, so it has no answer, and one no type can meet says so") {
    CHECK_FALSE(compared(kTraining, "en").contains("answer"));
    json job = kTraining;
    for (const char* key : {"api", "instance", "instance_count"}) job.erase(key);
    job["deadline_days"] = 0.01;
    const json none = shown({{"api", 1}, {"kind", "compare"}, {"instances", kTypes}, {"counts", {1}}, {"job", job}}, "en")["compare"];
    CHECK(text(none, "answer") == "No instance type can finish within 0.01 days; the table says why for each.");
}

TEST_CASE("a serving plan's answer states its fleet, latencies and cost, and its comparison names the cheapest type") {
    const json request = {{"api", 1}, {"kind", "serve"}, {"model", "llama3.1-8b"}, {"instance", "p5.48xlarge"}, {"prompt_tokens", 1000},
                          {"output_tokens", 200}, {"ttft_ms", 2000}, {"tpot_ms", 50}, {"rate", {{"value", 5}, {"per", "second"}}}};
    const json s = shown(request, "en")["serve"];
    CHECK(text(s, "answer") == text(s, "fleet") + " × p5.48xlarge: TTFT " + text(s, "ttft_ms") + " ms, TPOT " + text(s, "tpot_ms") +
                                   " ms, $" + text(s, "cost_per_million_output") + " per million output tokens (tensor parallelism " +
                                   text(s, "tensor_parallel") + ", " + text(s, "concurrency_per_instance") + " sequences at once per instance).");
    const json c = compared(request, "ja");
    const json& cheapest = c["rows"][0];
    REQUIRE_FALSE(cheapest.contains("error"));
    CHECK(text(c, "answer") == "この目標でいちばん安いのは " + text(cheapest, "instance") + " で、100 万出力トークンあたり " +
                                   text(cheapest, "cost_per_million_output") + " です。");
}

TEST_CASE("an energy comparison answers with each configuration's savings against the first") {
    const json e = shown({{"api", 1}, {"kind", "energy"},
                          {"configurations", {{{"label", "P4d"}, {"instance", "p4d.24xlarge"}, {"instances", 16}, {"hours", 4}},
                                              {{"label", "Trn1"}, {"instance", "trn1.32xlarge"}, {"instances", 16}, {"hours", 2.3}},
                                              {{"label", "P5"}, {"instance", "p5.48xlarge"}, {"instances", 8}, {"hours", 2}}}}},
                         "en")["energy"];
    REQUIRE(e["answers"].size() == 2);
    const json& trn1 = e["configurations"][1];
    CHECK(e["answers"][0] == "Trn1 against P4d: energy " + text(trn1, "energy_saving_percent") + ", CO2e " + text(trn1, "co2e_saving_percent") +
                                 ", cost " + text(trn1, "cost_saving_percent"));
    CHECK(text(trn1, "energy_saving_percent").find("% ") != std::string::npos);  // "29% less": a saving as a reader says it
}

TEST_CASE("a figure the response lacks shows as a dash, never as its placeholder") {
    json partial = {{"serve", {{"instance", "p5.48xlarge"}}}};
    site::add_answers(partial, "en");
    const std::string answer = partial["serve"]["answer"];
    CHECK(answer.rfind("— × p5.48xlarge: TTFT — ms", 0) == 0);
    CHECK(answer.find('{') == std::string::npos);
}
