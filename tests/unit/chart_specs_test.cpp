// The charts beside a calculator's result (display/chart_specs.hpp): which figures of a real
// response each slot plots, as the module's charts() gives them to wasm/js/results.js and the build
// draws the memory bar.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "chart.hpp"
#include "chart_specs.hpp"
#include "front_matter.hpp"
#include "plan.hpp"
#include "test_catalogue.hpp"
#include "text.hpp"

using nlohmann::json;

namespace {

json run(const json& request) { return json::parse(site::plan(test::real_catalogue(), request.dump())); }

json ok(const json& request) {
    json r = run(request);
    REQUIRE_MESSAGE(r["ok"] == true, r.dump());
    return r;
}

json compare_like(const json& like, const json& extra = json::object()) {
    json request = {{"api", 1}, {"kind", "compare"}, {"like", like}};
    request.update(extra);
    return run(request);
}

json specs(const json* response, const json* compare, std::vector<std::string> picked, std::string lang = "en") {
    site::ChartSources in;
    in.response = response;
    in.compare = compare;
    in.picked = std::move(picked);
    in.lang = std::move(lang);
    return site::chart_specs(in);
}

// The sweep's curve of one type.
const json& curve_of(const json& compare, const std::string& id) {
    for (const json& c : compare["compare"]["sweep"])
        if (c["instance"] == id) return c;
    FAIL("no curve for " << id);
    static const json none;
    return none;
}

}  // namespace

TEST_CASE("a training plan's memory bar is its response's memory, and a failed plan has no chart") {
    const json plan = ok({{"api", 1}, {"kind", "train"}, {"model", {{"parameters", 13e9}}}, {"tokens", 260e9},
                          {"instance", "p5.48xlarge"}, {"instance_count", 2}});
    const json s = specs(&plan, nullptr, {});
    CHECK(s == json{{"memory", {{"type", "memory"}, {"memory", plan["train"]["memory"]}}}});
    // With the slot's labels, as the page gives them, the module draws it: a stacked bar with its limit.
    json drawn = s["memory"];
    drawn["labels"] = {"W", "G", "O", "A", "usable"};
    CHECK(site::chart_from_json(drawn).find("usable") != std::string::npos);

    const json failed = run({{"api", 1}, {"kind", "train"}, {"model", {{"parameters", 13e9}}}, {"tokens", 260e9},
                             {"instance", "p5.48xlarge"}, {"instance_count", 0}});
    REQUIRE(failed["ok"] == false);
    CHECK(specs(&failed, nullptr, {"p5.48xlarge"}) == json::object());
}

TEST_CASE("a training comparison draws days and cost by count where the job fits, for the picked types only, and every runnable row's cost against days") {
    const json like = {{"api", 1}, {"kind", "train"}, {"model", {{"parameters", 13e9}}}, {"tokens", 260e9},
                       {"instance", "p5.48xlarge"}, {"instance_count", 2}};
    const json c = compare_like(like, {{"instances", {"p5.48xlarge", "p4d.24xlarge", "g5.48xlarge"}}, {"counts", {1, 2, 4, 8}}});
    REQUIRE(c["ok"] == true);
    const json s = specs(nullptr, &c, {"p4d.24xlarge", "g5.48xlarge"}, "ja");

    const json& days = s["train-days"];
    CHECK(days["log_x"] == true);
    CHECK(days["log_y"] == true);
    std::vector<std::string> names;
    for (const json& line : days["series"]) {
        names.push_back(line["name"]);
        const json& curve = curve_of(c, line["name"]);
        json expected = json::array();
        for (const json& p : curve["points"])
            if (p["fits"] == true) expected.push_back({p["instances"], p["days"]});
        CHECK(line["points"] == expected);
    }
    // The compare's own order; p5.48xlarge was not picked.
    std::vector<std::string> in_order;
    for (const json& curve : c["compare"]["sweep"])
        if (curve["instance"] != "p5.48xlarge" && !curve["points"].empty()) in_order.push_back(curve["instance"]);
    CHECK(names == in_order);
    CHECK(s["train-cost"]["series"][0]["points"][0][1] == curve_of(c, names[0])["points"][0]["cost_usd"]);
    // Money in yen on a Japanese page, at the comparison's rate.
    CHECK(s["train-cost"]["money"] == json{{"usd_jpy", c["compare"]["usd_jpy"]}, {"lang", "ja"}});

    std::size_t runnable = 0, marked = 0;
    for (const json& row : c["compare"]["rows"])
        if (row.contains("days") && row.contains("cost_usd")) ++runnable, marked += row["pareto"].get<bool>();
    REQUIRE(s["train-pareto"]["points"].size() == runnable);
    std::size_t marked_points = 0;
    for (const json& p : s["train-pareto"]["points"]) marked_points += p["marked"].get<bool>();
    CHECK(marked_points == marked);
    CHECK(marked > 0);
}

TEST_CASE("a serving comparison draws throughput against TPOT for the picked types and the cheapest twelve types' cost") {
    const json like = {{"api", 1}, {"kind", "serve"}, {"model", "llama3.1-8b"}, {"instance", "g6e.xlarge"},
                       {"prompt_tokens", 1000}, {"output_tokens", 200}, {"ttft_ms", 2000}, {"tpot_ms", 50},
                       {"rate", {{"value", 10}, {"per", "second"}}}};
    const json c = compare_like(like);
    REQUIRE(c["ok"] == true);
    const json s = specs(nullptr, &c, {"g6e.xlarge"});
    REQUIRE(s["serve-curve"]["series"].size() == 1);
    const json& curve = curve_of(c, "g6e.xlarge");
    REQUIRE(curve["points"].size() > 1);
    CHECK(s["serve-curve"]["series"][0]["points"].back() ==
          json{curve["points"].back()["tpot_ms"], curve["points"].back()["output_tokens_per_second"]});

    json expected = json::array();
    for (const json& row : c["compare"]["rows"])
        if (expected.size() < 12 && !row.contains("error") && row.contains("cost_per_million_output"))
            expected.push_back({{"label", row["instance"]}, {"value", row["cost_per_million_output"]}});
    CHECK(expected.size() == 12);  // more types than that can serve it
    CHECK(s["serve-cost"]["bars"] == expected);
    CHECK(s.count("train-days") == 0);

    // The module's call shows the same comparison with its table, a row per type, and its answer.
    const auto names = test::real_catalogue().display_names("en");
    const json called = json::parse(site::plan_charts({test::real_catalogue(), planner::catalogue_without_notes, names, names},
                                                     {{"like", like}}));
    CHECK(called["request"] == json({{"api", 1}, {"kind", "compare"}, {"like", like}}));
    CHECK(called["shown"]["table"].size() == c["compare"]["rows"].size());
    CHECK(called["shown"]["answer"].is_string());
}

TEST_CASE("the fleet chart draws each picked type's sweep from the comparison, or, for a measured throughput, the plan's own type alone") {
    const json predicted = {{"api", 1}, {"kind", "infer"}, {"instance", "g6e.xlarge"}, {"rate", {{"value", 20}, {"per", "second"}}},
                            {"llm", {{"model", "llama3.1-8b"}, {"prompt_tokens", 512}, {"output_tokens", 256}, {"batch", 8}}}};
    const json plan = ok(predicted);
    const json c = compare_like(predicted);
    REQUIRE(c["ok"] == true);
    const json s = specs(&plan, &c, {"g6e.xlarge", "g6.xlarge"});
    REQUIRE(s["infer-fleet"]["series"].size() == 2);
    for (const json& line : s["infer-fleet"]["series"]) {
        json expected = json::array();
        for (const json& p : curve_of(c, line["name"])["points"]) expected.push_back({p["rate_per_second"], p["fleet"]});
        CHECK(line["points"] == expected);
    }

    json measured = predicted;
    measured.erase("llm");
    measured["throughput_rps"] = 15;
    const json own = ok(measured);
    const json refused = compare_like(measured);
    REQUIRE(refused["ok"] == false);  // a measured throughput belongs to one type
    CHECK(refused["errors"][0]["field"] == "like");
    const json alone = specs(&own, &refused, {"g6e.xlarge", "g6.xlarge"});
    // 15 requests/s at 70%: 10.5 each; 5, 10, 20, 40, 80 requests/s.
    CHECK(alone["infer-fleet"]["series"] ==
          json::parse(R"([{"name": "g6e.xlarge", "points": [[5.0, 1], [10.0, 1], [20.0, 2], [40.0, 4], [80.0, 8]]}])"));
}

TEST_CASE("an energy comparison draws each configuration's energy and cost, labelled as the request labels them") {
    const json e = ok({{"api", 1}, {"kind", "energy"},
                       {"configurations", {{{"label", "P4d"}, {"instance", "p4d.24xlarge"}, {"instances", 16}, {"hours", 4}},
                                           {{"label", "Trn1"}, {"instance", "trn1.32xlarge"}, {"instances", 16}, {"hours", 2.3}}}}});
    const json s = specs(&e, nullptr, {});
    const json& rows = e["energy"]["configurations"];
    CHECK(s["energy-kwh"]["bars"] == json{{{"label", "P4d"}, {"value", rows[0]["energy_kwh"]}},
                                          {{"label", "Trn1"}, {"value", rows[1]["energy_kwh"]}}});
    CHECK(s["energy-cost"]["bars"][1]["value"] == rows[1]["cost_usd"]);
    CHECK(s["energy-cost"]["money"]["usd_jpy"] == rows[0]["usd_jpy"]);
}

TEST_CASE("the module's call plans the comparison and gives its answer byte for byte as plan() does, shown as display_json shows it, with the charts of both") {
    const auto& catalogue = test::real_catalogue();
    const auto en = catalogue.display_names("en"), ja = catalogue.display_names("ja");
    const site::ChartCall call{catalogue, planner::catalogue_without_notes, en, ja};
    const json predicted = {{"api", 1}, {"kind", "infer"}, {"instance", "g6e.xlarge"}, {"rate", {{"value", 20}, {"per", "second"}}},
                            {"llm", {{"model", "llama3.1-8b"}, {"prompt_tokens", 512}, {"output_tokens", 256}, {"batch", 8}}}};
    const json plan = ok(predicted);
    json like = predicted;
    like["lang"] = "ja";
    // The comparison is the same job on every type, in the request's language.
    const json request = site::comparison_of(like);
    CHECK(request == json({{"api", 1}, {"kind", "compare"}, {"like", like}, {"lang", "ja"}}));
    const json in = {{"like", like}, {"response", plan}, {"picked", {"g6e.xlarge", "g6.xlarge"}}, {"lang", "ja"}};
    const std::string text = site::plan_charts(call, in);
    const std::string alone = site::plan(catalogue, request.dump());
    const std::string head = "{\"charts\":";
    REQUIRE(text.compare(0, head.size(), head) == 0);
    const std::string answer = ",\"compare\":" + alone + ",\"shown\":";
    CHECK(text.find(answer) != std::string::npos);
    CHECK(text.find(",\"request\":" + request.dump() + ",") != std::string::npos);
    const json got = json::parse(text);
    const json compare = json::parse(alone);
    CHECK(got["charts"] == specs(&plan, &compare, {"g6e.xlarge", "g6.xlarge"}, "ja"));
    // Shown as the page showed it before (results.js's shownCompare): its job, work, rate and rows
    // in Japanese, with what the display adds to them, and no sweep.
    const json& c = compare["compare"];
    const json before = site::display_json({{"compare", {{"job", c["job"]}, {"work", c["work"]}, {"usd_jpy", c["usd_jpy"]}, {"rows", c["rows"]}}}},
                                           ja, "ja")["compare"];
    REQUIRE(before.contains("rows"));
    for (auto it = before.begin(); it != before.end(); ++it) CHECK_MESSAGE(got["shown"][it.key()] == it.value(), it.key());
    CHECK_FALSE(got["shown"].contains("sweep"));

    // A comparison that fails is not shown; without a request, the response's charts alone;
    // anything malformed: nothing to draw.
    json measured = predicted;
    measured.erase("llm");
    measured["throughput_rps"] = 15;
    const json refused = json::parse(site::plan_charts(call, {{"like", measured}}));
    CHECK(refused["compare"]["ok"] == false);
    CHECK(refused["shown"].is_null());
    // The comparison page's job on the types its sheet shows, one instance each.
    const json sheet = {{"api", 1}, {"kind", "instances"}, {"ids", {"g6e.xlarge"}}};
    const json job = {{"kind", "train"}, {"model", "llama3.1-8b"}, {"tokens", 1e9}};
    const json asked = json::parse(site::plan_charts(call, {{"sheet", sheet}, {"job", job}}));
    const json own_job = {{"api", 1}, {"kind", "compare"}, {"instances", {"g6e.xlarge"}}, {"counts", {1}}, {"job", job}};
    CHECK(asked["request"] == own_job);
    CHECK(asked["compare"] == json::parse(site::plan(catalogue, own_job.dump())));
    const json own = json::parse(site::plan_charts(call, {{"response", plan}}));
    CHECK(own == json{{"charts", specs(&plan, nullptr, {})}});
    CHECK(site::plan_charts(call, json::array()) == R"({"charts":{}})");
}

TEST_CASE("a training calculator's comparison sweeps the instance counts its charts draw, the others the job alone") {
    const json train = {{"api", 1}, {"kind", "train"}, {"model", "llama3.1-8b"}, {"tokens", 1e9}, {"instance", "p5.48xlarge"}, {"instance_count", 2}};
    const json c = site::comparison_of(train);
    CHECK(c["like"] == train);
    CHECK(c["counts"] == json({1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}));
    CHECK_FALSE(c.contains("lang"));
    const json serve = {{"api", 1}, {"kind", "serve"}, {"model", "llama3.1-8b"}, {"instance", "g6e.xlarge"}, {"lang", "ja"}};
    CHECK(site::comparison_of(serve) == json({{"api", 1}, {"kind", "compare"}, {"like", serve}, {"lang", "ja"}}));
}

TEST_CASE("the comparison page compares its form's job on the types its sheet shows, as its front matter's example does") {
    const json job = {{"kind", "train"}, {"model", "llama3.1-8b"}, {"tokens", 1e9}};
    // No ids: every type of the catalogue; the sheet's language carries over.
    CHECK(site::sheet_comparison({{"api", 1}, {"kind", "instances"}, {"lang", "ja"}}, job) ==
          json({{"api", 1}, {"kind", "compare"}, {"counts", {1}}, {"job", job}, {"lang", "ja"}}));
    // The page's front matter declares its example's comparison; the live page builds it from the
    // sheet and the form's job, so the two must be the same request.
    for (const char* lang : {"en", "ja"}) {
        CAPTURE(lang);
        const std::string text = test::read_text(std::string(ACCELGUIDE_SOURCE_DIR) + "/content/" + lang + "/calculators/compare.md");
        const auto parsed = site::parse_content(text, "compare.md");
        REQUIRE(parsed.content);
        const json& front = parsed.content->front.requests;
        REQUIRE(front.contains("training"));
        CHECK(site::sheet_comparison(parsed.content->front.example, front["training"]["job"]) == front["training"]);
    }
}
