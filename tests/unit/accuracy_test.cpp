// The planner against published figures: every case of data/accuracy.json within its stated bound,
// the targets of the accuracy page met on the cases whose inputs are complete, and the loader's
// errors located at file:line:column.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <map>
#include <optional>
#include <set>

#include "accuracy_view.hpp"
#include "planner/accuracy.hpp"
#include "planner/api.hpp"
#include "plan.hpp"
#include "messages.hpp"
#include "planner/serving.hpp"
#include "planner/training.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;

namespace {

planner::CatalogueFiles::File real_cases_file() {
    return {"data/accuracy.json", test::read_text(std::string(ACCELGUIDE_SOURCE_DIR) + "/data/accuracy.json")};
}

const std::vector<planner::CaseResult>& real_results() {
    static const std::vector<planner::CaseResult> results = [] {
        auto load = planner::load_accuracy_cases(real_cases_file(), test::real_catalogue());
        if (!load.ok()) throw std::runtime_error(load.errors.front().to_string());
        return planner::evaluate_cases(test::real_catalogue(), load.cases);
    }();
    return results;
}

planner::AccuracyLoad load_text(const std::string& text) {
    return planner::load_accuracy_cases({"data/accuracy.json", text}, test::real_catalogue());
}

const char* kGoodCase = R"({"id": "c1", "kind": "training_time", "basis": "complete",
  "title": {"ja": "GPT-3", "en": "GPT-3"}, "inputs": {"ja": "入力", "en": "inputs"}, "source": "narayanan-2021",
  "requests": [{"api": 1, "kind": "train", "model": {"parameters": 175e9}, "tokens": 300e9, "recompute": "full",
                "instance": "p4de.24xlarge", "instance_count": 128, "achieved_tflops": 140}],
  "read": ["train.days"], "published": {"value": 34, "unit": "days"}, "bound": 0.15})";

}  // namespace

TEST_CASE("every published case is within its stated bound") {
    for (const planner::CaseResult& r : real_results()) {
        CAPTURE(r.c.id);
        CAPTURE(r.failure);
        REQUIRE(r.planned);
        CAPTURE(*r.planned);
        CAPTURE(r.c.published);
        CAPTURE(r.error);
        CHECK(std::isfinite(r.error));
        CHECK(r.within_bound);
    }
}

TEST_CASE("the accuracy page holds S1-S10 and at least 20 further published cases, 30 or more in all") {
    const auto& results = real_results();
    CHECK(results.size() >= 30);
    std::set<std::string> reference;  // S1 ... S10
    int further = 0;
    for (const auto& r : results) {
        if (r.c.id.size() > 2 && r.c.id[0] == 's' && std::isdigit(static_cast<unsigned char>(r.c.id[1]))) {
            reference.insert(r.c.id.substr(0, r.c.id.find('-')));
        } else {
            ++further;
        }
    }
    CHECK(reference == std::set<std::string>{"s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10"});
    CHECK(further >= 20);
}

TEST_CASE("on the cases with complete published inputs the median error is at most 5% and the worst at most 15%") {
    std::vector<double> complete;
    for (const auto& r : real_results())
        if (r.c.basis == "complete" && planner::target_of(r.c.kind) == planner::AccuracyTarget{}) complete.push_back(r.error);
    REQUIRE(complete.size() >= 8);
    double worst = 0;
    for (double e : complete) worst = std::max(worst, std::abs(e));
    CHECK(planner::median_abs(complete) <= 0.05);
    CHECK(worst <= 0.15);
    // And per kind, as the page's summary shows them, each against its own target.
    for (const auto& s : planner::summarise(real_results())) {
        CAPTURE(s.kind);
        const auto target = planner::target_of(s.kind);
        if (!s.median_complete || !target) continue;
        CHECK(*s.median_complete <= target->median);
        if (target->worst) CHECK(*s.worst_complete <= *target->worst);
    }
}

TEST_CASE("training at scale: the step model meets the 10% median target, the page says so, and every case off by more says why") {
    // Issue 19's target for the step model (a one-instance anchor's matrix utilisation carried to
    // many instances and other models) is a median |error| <= 10% on the complete cases. It is met
    // with no margin to spare (9.99%, MPT-30B on 128 H100 being the median case): the memory-bound
    // work and the optimizer's update are priced apart from the multiplies, but the multiplies' own
    // efficiency by size (Korthikanti et al.'s 530B-1T steps) and mixtures of experts' routing are
    // not modelled, and those cases stay above it.
    std::vector<double> complete;
    for (const auto& r : real_results())
        if (r.c.kind == "training_scale" && r.c.basis == "complete") complete.push_back(r.error);
    REQUIRE(complete.size() >= 20);
    const double median = planner::median_abs(complete);
    CHECK(median <= planner::target_of("training_scale")->median);
    const json page = site::accuracy_view(real_results(), {}, "en", json::object(), "");
    bool shown = false;
    for (const json& row : page["summary"])
        if (row["kind"] == "training_scale") {
            CHECK(row["target"] == "10.0%");
            CHECK(row["target_met"] == (median <= 0.10));
            shown = true;
        }
    CHECK(shown);
    for (const auto& r : real_results())
        if (r.c.kind == "training_scale" && r.c.basis == "complete" && std::abs(r.error) > 0.10) CHECK(r.c.why);
}

TEST_CASE("every kind the issue names has cases: training time, memory, inference throughput and energy") {
    std::set<std::string> kinds;
    for (const auto& s : planner::summarise(real_results())) kinds.insert(s.kind);
    for (const char* k : {"training_time", "memory", "inference_throughput", "energy"}) CHECK(kinds.count(k));
}

TEST_CASE("a case off by more than 5% says why") {
    for (const auto& r : real_results()) {
        CAPTURE(r.c.id);
        if (std::abs(r.error) > 0.05) CHECK(r.c.why);
    }
}

TEST_CASE("a training case that rests on a default MFU carries the planner's range, scaled like its figure") {
    for (const auto& r : real_results()) {
        if (r.c.id != "llama-65b-gpu-hours") continue;
        REQUIRE(r.range);
        CHECK(r.range->low < *r.planned);
        CHECK(*r.planned < r.range->high);
        // The published 1,022,362 GPU-hours lie inside it, near the low end: the A100 default's span
        // reaches 74% HFU (MPT-30B on one instance), while the point figure rests on 52% and on a
        // scaling efficiency borrowed for 256 instances.
        CHECK(r.c.published < *r.planned);
        CHECK(r.published_in_range);
        return;
    }
    FAIL("llama-65b-gpu-hours is missing");
}

TEST_CASE("a figure read inside a row takes the row's own range: GPT-3's energy from the run's count and days") {
    for (const auto& r : real_results()) {
        if (r.c.id != "gpt3-v100-energy") continue;
        REQUIRE(r.planned);
        // 1,250 p3.16xlarge at the catalogue's 3,400 W (8 × 300 W V100 + 1 kW host) for 355.2 h at
        // PUE 1.1: 1,660.6 MWh; the row's range (energy.configurations.0.range) is an estimated
        // power's span (kEstimatedPowerFactor), 2,550 to 3,400 W.
        CHECK(*r.planned == doctest::Approx(1250 * 3.4 * 355.2 * 1.1 / 1000).epsilon(1e-6));
        REQUIRE(r.range);
        CHECK(r.range->high == doctest::Approx(*r.planned));
        CHECK(r.range->low == doctest::Approx(*r.planned * 2550 / 3400));
        // Patterson et al. measured 330 W per GPU, not the estimate's 425 W: 1,287 MWh, inside the range.
        CHECK(r.published_in_range);
        return;
    }
    FAIL("gpt3-v100-energy is missing");
}

TEST_CASE("the summary gives median and worst |error| per kind, in the page's order") {
    planner::AccuracyCase a, b, c;
    a.kind = b.kind = "memory";
    c.kind = "training_time";
    a.basis = c.basis = "complete";
    b.basis = "assumed";
    a.id = "a";
    b.id = "b";
    c.id = "c";
    std::vector<planner::CaseResult> results(3);
    results[0].c = a, results[0].planned = 1, results[0].error = -0.02;
    results[1].c = b, results[1].planned = 1, results[1].error = 0.30;
    results[2].c = c, results[2].planned = 1, results[2].error = 0.04;
    const auto s = planner::summarise(results);
    REQUIRE(s.size() == 2);
    CHECK(s[0].kind == "training_time");
    CHECK(s[1].kind == "memory");
    CHECK(s[1].cases == 2);
    CHECK(s[1].complete == 1);
    CHECK(*s[1].median_complete == doctest::Approx(0.02));
    CHECK(s[1].median_all == doctest::Approx(0.16));
    CHECK(s[1].worst_all == doctest::Approx(0.30));
    CHECK(s[1].worst_id == "b");
}

TEST_CASE("a case reads sums, ratios and savings across its requests") {
    auto load = load_text(std::string(R"({"cases": [)") + kGoodCase + R"(,
      {"id": "ratio", "kind": "catalogue", "basis": "complete", "title": {"ja": "比", "en": "ratio"},
       "inputs": {"ja": "入力", "en": "inputs"}, "source": "nvidia-h100-datasheet",
       "requests": [{"api": 1, "kind": "instances", "ids": ["p5.48xlarge"]}, {"api": 1, "kind": "instances", "ids": ["p4d.24xlarge"]}],
       "read": ["instances.rows.0.peak_tflops.bf16", "instances.rows.0.peak_tflops.bf16"], "combine": "ratio",
       "published": {"value": 3, "unit": "ratio"}, "bound": 0.1}]})");
    REQUIRE_MESSAGE(load.ok(), load.errors.front().to_string());
    const auto results = planner::evaluate_cases(test::real_catalogue(), load.cases);
    REQUIRE(results.size() == 2);
    CHECK(*results[0].planned == doctest::Approx(33.9).epsilon(0.001));
    CHECK_FALSE(results[0].range);  // a measured throughput leaves nothing to range over
    CHECK(*results[1].planned == doctest::Approx(989.5 / 312).epsilon(1e-9));
    CHECK(results[1].error == doctest::Approx(989.5 / 312 / 3 - 1).epsilon(1e-9));
    CHECK(results[1].within_bound);
}

TEST_CASE("a case whose request the planner refuses fails with the planner's reason") {
    std::string text = std::string(R"({"cases": [)") + kGoodCase + "]}";
    text.replace(text.find("p4de.24xlarge"), 13, "p9.mega");
    auto load = load_text(text);
    REQUIRE(load.ok());
    const auto results = planner::evaluate_cases(test::real_catalogue(), load.cases);
    CHECK_FALSE(results[0].planned);
    CHECK(results[0].failure == "request 0 fails");
    REQUIRE(results[0].refused);
    CHECK(results[0].refused->field == "instance");
    CHECK(site::error_text(*results[0].refused) == "unknown instance type \"p9.mega\"");
    CHECK(results[0].c.position.line == 1);
}

TEST_CASE("the loader reports a bad case at file:line:column with the field and the reason") {
    struct Bad {
        std::string from, to, code, says;
    };
    const Bad bad[] = {
        {R"("kind": "training_time")", R"("kind": "training")", "data.bad_value", "\"training\" is not a valid kind"},
        {R"("source": "narayanan-2021")", R"("source": "nobody-2030")", "data.unknown_source", "unknown source"},
        {R"("unit": "days")", R"("unit": "weeks")", "data.bad_value", "\"weeks\" is not a valid unit"},
        {R"("bound": 0.15)", R"("bound": 15)", "data.bad_value", "\"bound\" must be a fraction"},
        {R"("basis": "complete")", R"("basis": "assumed")", "data.missing_field", "must say why"},
        {R"("en": "inputs")", R"("de": "inputs")", "data.unknown_field", "unknown language \"de\""},
        {R"("read": ["train.days"])", R"("read": ["train.days", "train.cost_usd"])", "data.bad_value",
         "combine \"value\" reads 1 figure, not 2"},
        {R"("bound": 0.15)", R"("bound": 0.15, "colour": "red")", "data.unknown_field", "unknown field \"colour\""},
    };
    for (const Bad& b : bad) {
        std::string text = std::string("{\"cases\": [\n") + kGoodCase + "]}";
        const auto at = text.find(b.from);
        REQUIRE(at != std::string::npos);
        text.replace(at, b.from.size(), b.to);
        auto load = load_text(text);
        CAPTURE(b.to);
        REQUIRE(load.errors.size() >= 1);
        const planner::Diagnostic& d = load.errors.front();
        CHECK(d.code == b.code);
        CHECK(d.file == "data/accuracy.json");
        CHECK(d.entry == "c1");
        CHECK(d.line >= 2);
        CHECK(d.column >= 1);
        CHECK(d.message.find(b.says) != std::string::npos);
        CHECK(load.cases.empty());
    }
}

namespace {

// Every case's requests without anchors, evaluated: the prediction a buyer with no measurement gets.
const std::vector<planner::CaseResult>& predicted_results() {
    static const std::vector<planner::CaseResult> results = [] {
        auto load = planner::load_accuracy_cases(real_cases_file(), test::real_catalogue());
        std::vector<planner::AccuracyCase> cases;
        for (const auto& c : load.cases) cases.push_back(planner::without_anchors(c));
        return planner::evaluate_cases(test::real_catalogue(), cases);
    }();
    return results;
}

}  // namespace

TEST_CASE("the test third is a rule on the case id, committed with each case's prediction error as a ratchet") {
    // data/accuracy-split.json lists every case, its third (by in_test_third) and, for the test
    // third, the |error| of the prediction without anchors when the split was committed. A case
    // may get better, never worse; UPDATE_GOLDEN=1 rewrites the file (a commit says why).
    const std::string path = std::string(ACCELGUIDE_SOURCE_DIR) + "/data/accuracy-split.json";
    json fresh = {{"rule", "test third: FNV-1a 64 of the case id, modulo 3, is 0 (planner::in_test_third)"},
                  {"anchors_removed", planner::anchor_fields()}, {"cases", json::array()}};
    for (const planner::CaseResult& r : predicted_results()) {
        json row = {{"id", r.c.id}, {"kind", r.c.kind}, {"third", planner::in_test_third(r.c.id) ? "test" : "fit"}};
        if (planner::in_test_third(r.c.id)) row["error"] = r.planned ? json(std::round(std::abs(r.error) * 1e4) / 1e4) : json();
        fresh["cases"].push_back(std::move(row));
    }
    if (std::getenv("UPDATE_GOLDEN")) {
        std::ofstream(path) << fresh.dump(1) << '\n';
        return;
    }
    const json recorded = json::parse(test::read_text(path));
    std::map<std::string, json> by_id;
    for (const json& row : recorded["cases"]) by_id[row["id"]] = row;
    int test_cases = 0;
    for (const json& row : fresh["cases"]) {
        CAPTURE(row.dump());
        REQUIRE(by_id.count(row["id"]));
        const json& was = by_id[row["id"]];
        CHECK(was["third"] == row["third"]);  // the split cannot move
        if (row["third"] != "test") continue;
        ++test_cases;
        if (was["error"].is_number()) {
            REQUIRE(row["error"].is_number());  // a case predicted once stays predicted
            CHECK(row["error"].get<double>() <= was["error"].get<double>() + 1e-4);
        }
    }
    CHECK(recorded["cases"].size() == fresh["cases"].size());
    CHECK(test_cases >= recorded["cases"].size() / 5);  // about a third
}

namespace {

// The q-th quantile of `values`, interpolated between the two nearest ranks (values sorted).
double quantile(const std::vector<double>& values, double q) {
    const double at = q * double(values.size() - 1);
    const std::size_t below = std::size_t(at);
    const std::size_t above = std::min(below + 1, values.size() - 1);
    return values[below] + (values[above] - values[below]) * (at - double(below));
}

}  // namespace

// The plan and family of a case's error band ("train", "dense"), when the planner predicts it from
// operator tables: a training plan whose MFU, or a serving plan whose shares, are "predicted".
std::optional<std::pair<std::string, std::string>> band_of(const planner::CaseResult& r) {
    const json& request = r.c.requests[0];
    const std::string kind = request.value("kind", "");
    if ((kind != "train" && kind != "serve") || r.c.read.size() != 1) return std::nullopt;
    const json response = json::parse(site::plan(test::real_catalogue(), request.dump()));
    if (kind == "train") {
        if (response["train"].value("mfu_source", "") != "predicted") return std::nullopt;
        const auto read = planner::read_training_request(test::real_catalogue(), request);
        REQUIRE(read.ok());
        return std::make_pair(kind, std::string(planner::error_band_family(read.value)));
    }
    if (response["serve"].value("bandwidth_fraction_source", "") != "predicted") return std::nullopt;
    const auto read = planner::read_serving_request(test::real_catalogue(), request);
    REQUIRE(read.ok());
    return std::make_pair(kind, std::string(planner::error_band_family(read.value)));
}

TEST_CASE("the error bands are the fit third's spread of planned over published speed, as data/model-error.json records them") {
    // Every fit-third training and serving case the planner predicts from operators, by plan and
    // family: planned ÷ published speed (a time read inverts). The bands are its 10th and 90th
    // percentile; UPDATE_GOLDEN=1 rewrites the file (a commit says why), so no band is typed by hand
    // and no test-third case sets one.
    std::map<std::pair<std::string, std::string>, std::vector<std::pair<double, std::string>>> by_band;
    for (const planner::CaseResult& r : predicted_results()) {
        static const std::set<std::string> kinds = {"training_scale", "training_time", "serving"};
        if (planner::in_test_third(r.c.id) || !r.planned || !kinds.count(r.c.kind)) continue;
        const auto band = band_of(r);
        if (!band) continue;
        // A throughput or a utilisation grows with the speed; a time or a count of hours shrinks.
        static const std::set<std::string> speeds = {"per_second", "tflops", "percent", "fraction"},
                                           times = {"days", "gpu_hours", "seconds", "ms"};
        REQUIRE_MESSAGE((speeds.count(r.c.unit) || times.count(r.c.unit)), r.c.id << " reads " << r.c.unit);
        const bool speed = speeds.count(r.c.unit) > 0;
        by_band[*band].push_back({speed ? 1 + r.error : 1 / (1 + r.error), r.c.id});
    }
    REQUIRE(by_band.count({"train", "dense"}));
    REQUIRE(by_band.count({"train", "moe"}));
    REQUIRE(by_band.count({"serve", "dense"}));
    const std::string path = std::string(ACCELGUIDE_SOURCE_DIR) + "/data/model-error.json";
    const json recorded = json::parse(test::read_text(path));
    json fresh = {{"bands", json::array()}};
    for (auto& entry : by_band) {
        const std::string& plan = entry.first.first;  // plain names: CAPTURE cannot take a structured binding (C++17)
        const std::string& family = entry.first.second;
        auto& rows = entry.second;
        std::sort(rows.begin(), rows.end());
        std::vector<double> ratios;
        std::vector<std::string> ids;
        for (const auto& [ratio, id] : rows) ratios.push_back(ratio), ids.push_back(id);
        std::sort(ids.begin(), ids.end());
        CAPTURE(plan);
        CAPTURE(family);
        REQUIRE(ratios.size() >= 5);  // a band from fewer runs says nothing
        fresh["bands"].push_back({{"id", plan + "-" + family}, {"plan", plan}, {"family", family},
                                  {"low", std::round(quantile(ratios, 0.1) * 1000) / 1000},
                                  {"high", std::round(quantile(ratios, 0.9) * 1000) / 1000}, {"cases", ids}});
    }
    if (std::getenv("UPDATE_GOLDEN")) {
        const std::time_t now = std::time(nullptr);
        char day[11];
        std::strftime(day, sizeof day, "%Y-%m-%d", std::gmtime(&now));
        for (json& band : fresh["bands"]) band["as_of"] = day;
        std::ofstream(path) << fresh.dump(1) << '\n';
        return;
    }
    REQUIRE(recorded["bands"].size() == fresh["bands"].size());
    for (std::size_t i = 0; i < fresh["bands"].size(); ++i) {
        const json &was = recorded["bands"][i], &now = fresh["bands"][i];
        CAPTURE(now.dump());
        CHECK(was["id"] == now["id"]);
        CHECK(was["cases"] == now["cases"]);
        CHECK(was["low"].get<double>() == doctest::Approx(now["low"].get<double>()).epsilon(1e-9));
        CHECK(was["high"].get<double>() == doctest::Approx(now["high"].get<double>()).epsilon(1e-9));
        // The catalogue holds what the file says, and every case it names is a fit-third case.
        const planner::ErrorBand* band = test::real_catalogue().error_band(now["plan"].get<std::string>(), now["family"].get<std::string>());
        REQUIRE(band);
        CHECK(band->low == was["low"].get<double>());
        CHECK(band->high == was["high"].get<double>());
        CHECK(band->cases == was["cases"].get<std::vector<std::string>>());
        for (const std::string& id : band->cases) CHECK_FALSE(planner::in_test_third(id));
    }
}

TEST_CASE("a prediction without anchors strips what a buyer would have measured, in a compare job too") {
    auto load = load_text(std::string("{\"cases\": [") + kGoodCase + "]}");
    REQUIRE(load.ok());
    bool anchored = false;
    const planner::AccuracyCase c = planner::without_anchors(load.cases[0], &anchored);
    CHECK(anchored);
    CHECK_FALSE(c.requests[0].contains("achieved_tflops"));
    CHECK(c.requests[0]["instance_count"] == 128);
    planner::AccuracyCase job = load.cases[0];
    job.requests[0] = {{"kind", "compare"}, {"job", {{"mfu", 0.4}, {"tokens", 1e9}}}};
    CHECK_FALSE(planner::without_anchors(job).requests[0]["job"].contains("mfu"));
    // The split is the rule: a few ids' thirds, fixed for good.
    int in_test = 0;
    for (const char* id : {"a", "b", "c", "d", "e", "f"}) in_test += planner::in_test_third(id);
    CHECK(in_test > 0);
    CHECK(in_test < 6);
}

TEST_CASE("the accuracy page leads with the test third predicted without anchors, every kind of prediction together") {
    const json page = site::accuracy_view(real_results(), predicted_results(), "en", json::object(), "");
    const json& p = page["prediction"];
    std::vector<double> errors;
    int test = 0;
    for (const planner::CaseResult& r : predicted_results()) {
        if (!planner::in_test_third(r.c.id) || !planner::is_prediction(r.c.kind)) continue;
        ++test;
        if (r.planned) errors.push_back(r.error);
    }
    CHECK(p["test_cases"] == test);
    CHECK(p["predicted"] == errors.size());
    CHECK(p["unpredicted"] == test - int(errors.size()));
    const double median = planner::median_abs(errors);
    CHECK(std::stod(p["median"].get<std::string>()) == doctest::Approx(std::round(median * 1000) / 10));
    CHECK(p["median_met"] == (median <= 0.10));
    // The worst miss is named by its case, whose |error| is the headline's worst.
    double worst = 0;
    std::string worst_id;
    for (const planner::CaseResult& r : predicted_results())
        if (planner::in_test_third(r.c.id) && planner::is_prediction(r.c.kind) && r.planned && std::abs(r.error) > worst)
            worst = std::abs(r.error), worst_id = r.c.id;
    CHECK(p["worst_id"] == worst_id);
    CHECK(std::stod(p["worst"].get<std::string>()) == doctest::Approx(std::round(worst * 1000) / 10));
    CHECK_FALSE(p["worst_title"].get<std::string>().empty());
    CHECK(p["worst_met"] == (worst <= 0.35));
    CHECK(p["kinds"].size() >= 4);  // training at scale and time, memory, serving, inference ...
    // The ranges: how many test-third predictions carry one, and how many hold the published value.
    int ranged = 0, inside = 0;
    for (const planner::CaseResult& r : predicted_results()) {
        if (!planner::in_test_third(r.c.id) || !planner::is_prediction(r.c.kind) || !r.planned || !r.range) continue;
        ++ranged;
        inside += r.published_in_range;
    }
    REQUIRE(ranged > 0);  // serving latencies and training days carry ranges
    CHECK(p["ranges"]["ranged"] == ranged);
    CHECK(p["ranges"]["inside"] == inside);
    CHECK(p["ranges"]["met"] == (double(inside) / ranged >= 0.80));
    // And by kind, as the issue's targets are set: each kind's row counts its own, and the rows add up.
    int rows_ranged = 0, rows_inside = 0;
    for (const json& row : p["kinds"]) {
        if (row["range"]["has"] == false || row.contains("sub")) continue;  // a kind's parts count in it
        rows_ranged += row["range"]["ranged"].get<int>();
        rows_inside += row["range"]["inside"].get<int>();
    }
    CHECK(rows_ranged == ranged);
    CHECK(rows_inside == inside);
}

TEST_CASE("the accuracy page's serving row is split by the figure each case reads: TTFT, TPOT and throughput, as the issue sets its targets") {
    const json page = site::accuracy_view(real_results(), predicted_results(), "en", json::object(), "");
    const json& kinds = page["prediction"]["kinds"];
    int serving = -1, parts = 0, part_cases = 0;
    std::set<std::string> names;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        if (kinds[i]["anchor"] == "kind-serving" && !kinds[i].contains("sub")) serving = int(i);
        if (!kinds[i].contains("sub")) continue;
        CHECK(serving >= 0);  // under their kind
        CHECK(kinds[i]["anchor"] == "kind-serving");
        ++parts;
        part_cases += kinds[i]["cases"].get<int>();
        names.insert(kinds[i]["name"].get<std::string>());
    }
    REQUIRE(serving >= 0);
    CHECK(parts == 3);
    CHECK(names.size() == 3);
    CHECK(part_cases == kinds[serving]["cases"].get<int>());  // every serving case reads one of the three
    // Each part counts the test third's cases reading its figure.
    int ttft = 0;
    for (const planner::CaseResult& r : predicted_results())
        ttft += r.c.kind == "serving" && planner::in_test_third(r.c.id) && r.planned && r.c.read[0] == "serve.ttft_ms";
    CHECK(kinds[serving + 1]["cases"] == ttft);
}

TEST_CASE("a training prediction carries its throughput's and step's range, the days' span inverted") {
    int checked = 0;
    for (const planner::CaseResult& r : predicted_results()) {
        if (r.c.kind != "training_scale" || !r.planned || !r.range) continue;
        CAPTURE(r.c.id);
        CHECK(r.range->low < *r.planned);
        CHECK(*r.planned < r.range->high);
        ++checked;
    }
    CHECK(checked >= 20);  // the training-at-scale cases read tokens/s or the step, and each now has a range
}

TEST_CASE("the accuracy page lists the error bands predicted training and serving ranges carry, as the published speed's share of the planned") {
    const std::vector<planner::ErrorBand>& bands = test::real_catalogue().error_bands;
    REQUIRE(bands.size() == 3);
    const json names = {{"acc_band_train_dense", "Training, dense"}, {"acc_band_train_moe", "Training, mixture of experts"},
                        {"acc_band_serve_dense", "Serving, dense"}};
    const json view = site::error_bands_view(bands, names);
    CHECK(view["has"] == true);
    REQUIRE(view["rows"].size() == bands.size());
    for (std::size_t i = 0; i < bands.size(); ++i) {
        const json& row = view["rows"][i];
        CAPTURE(row.dump());
        CHECK(row["family"] == names["acc_band_" + bands[i].plan + "_" + bands[i].family]);
        CHECK(row["cases"] == bands[i].cases.size());
        CHECK(row["as_of"] == bands[i].as_of);
        // planned ÷ published from `low` to `high`: the published throughput is 1/high to 1/low of the planned.
        const std::string expected = std::to_string(int(std::lround(100 / bands[i].high))) + "%\u2013" +
                                     std::to_string(int(std::lround(100 / bands[i].low))) + "%";
        CHECK(row["band"] == expected);
    }
    CHECK(site::error_bands_view({}, json::object())["has"] == false);  // a catalogue without bands: no table
}
