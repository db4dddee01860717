// Deadline and budget answers: the count a plan takes is checked against planning every count.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"
#include "plan.hpp"
#include "messages.hpp"
#include "planner/capacity.hpp"
#include "planner/count_search.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;

namespace {

// A job whose time is not monotone in the count: counts divisible by 7 run at a third of the
// speed (a layout that does not divide them), and no count below 5 fits in memory.
std::optional<double> lumpy(int n) {
    if (n < 5) return std::nullopt;
    return 1000.0 / n * (n % 7 == 0 ? 3 : 1) * (n % 10 == 0 ? 0.8 : 1);
}

json plan_train(const std::string& fields) {
    return json::parse(site::plan(test::real_catalogue(), R"({"api":1,"kind":"train",)" + fields + "}"));
}

struct Planned {
    int count;
    double days;
};
// Every count from 1 to `to` of the job, planned with instance_count: none where it does not fit,
// or where its replicas raise the job's global batch of `batch` sequences by more than 5%.
std::vector<std::optional<Planned>> every_count(const std::string& job, int batch, int to) {
    std::vector<std::optional<Planned>> out(std::size_t(to) + 1);
    for (int n = 1; n <= to; ++n) {
        const json r = plan_train(job + R"(,"instance_count":)" + std::to_string(n));
        if (r["ok"] == true && r["train"]["fits"] == true && r["train"]["step"]["global_batch"].get<double>() <= batch * 1.05)
            out[std::size_t(n)] = Planned{n, r["train"]["days"].get<double>()};
    }
    return out;
}

}  // namespace

TEST_CASE("cheapest_within_deadline finds the count that brute force finds where days are not monotone in the count") {
    for (double deadline : {10.0, 30.0, 90.0, 150.0, 199.0}) {
        CAPTURE(deadline);
        const auto choice = planner::cheapest_within_deadline(lumpy, {5, 1000}, deadline);
        REQUIRE(choice);
        int fewest = 0, cheapest = 0;
        for (int n = 1; n <= choice->scanned_to; ++n) {
            const auto s = lumpy(n);
            if (!s || *s > deadline) continue;
            if (!fewest) fewest = n;
            if (!cheapest || n * *s < cheapest * *lumpy(cheapest)) cheapest = n;
        }
        CHECK(choice->first_meeting == fewest);
        CHECK(choice->count == cheapest);
        CHECK(*lumpy(choice->count) <= deadline);
    }
    // 1000 s: 5 instances take 200 s, 7 take 428.6 s, 10 take 80 s: the cheapest is 10, not the fewest, 5.
    const auto c = planner::cheapest_within_deadline(lumpy, {5, 1000}, 200);
    REQUIRE(c);
    CHECK(c->first_meeting == 5);
    CHECK(c->count == 10);
    CHECK_FALSE(planner::cheapest_within_deadline(lumpy, {5, 1000}, 0.5));
}

TEST_CASE("fastest_within_budget finds the count that brute force finds where days are not monotone in the count") {
    for (double budget : {1000.0, 1200.0, 3000.0}) {
        CAPTURE(budget);
        const auto choice = planner::fastest_within_budget(lumpy, {5, 1000}, budget);
        REQUIRE(choice);
        int fastest = 0;
        for (int n = 1; n <= choice->scanned_to; ++n) {
            const auto s = lumpy(n);
            if (s && n * *s <= budget && (!fastest || *s < *lumpy(fastest))) fastest = n;
        }
        CHECK(choice->count == fastest);
    }
    CHECK_FALSE(planner::fastest_within_budget(lumpy, {5, 1000}, 100));
}

TEST_CASE("a deadline plans the cheapest count that meets it: no count up to the answer meets it for less, on several jobs") {
    // 70B on p4d in 30 days was answered 1,266 instances (a bisection's boundary) though 800 finish
    // in 15 days and far fewer in 30.
    // Each job with its global batch: 4M tokens of its sequence unless it gives one.
    const std::vector<std::pair<std::string, int>> jobs = {
        {R"("model":{"parameters":70e9},"tokens":2e12,"instance":"p4d.24xlarge","deadline_days":30)", 2048},
        {R"("model":{"parameters":70e9},"tokens":1.4e12,"instance":"p5.48xlarge","deadline_days":30,"mfu":0.4)", 2048},
        {R"("model":{"parameters":13e9},"tokens":260e9,"instance":"trn1.32xlarge","deadline_days":7)", 2048},
        {R"("model":{"parameters":8e9},"tokens":1e12,"instance":"p4de.24xlarge","global_batch":512,"deadline_days":10)", 512},
        {R"("model":{"architecture":{"layers":32,"hidden":4096,"heads":32,"sequence":4096,"vocabulary":32000}},"tokens":"chinchilla","recompute":"selective","instance":"g6.48xlarge","deadline_days":20)", 1024},
    };
    for (const auto& entry : jobs) {  // no structured binding: CAPTURE's lambda cannot take one in C++17
        const std::string& job = entry.first;
        const int batch = entry.second;
        CAPTURE(job);
        const json r = plan_train(job);
        REQUIRE_MESSAGE(r["ok"] == true, r.dump());
        const int answer = r["train"]["instances"];
        const double deadline = r["train"]["deadline_days"];
        CHECK(r["train"]["days"].get<double>() <= deadline);
        CHECK(r["train"]["fits"] == true);
        const std::string without = job.substr(0, job.find(R"(,"deadline_days")")) +
                                    job.substr(job.find(',', job.find(R"("deadline_days")")) == std::string::npos
                                                   ? job.size()
                                                   : job.find(',', job.find(R"("deadline_days")")));
        const double cost = answer * r["train"]["days"].get<double>();
        int cheaper = 0, meeting = 0;
        for (const auto& p : every_count(without, batch, answer))
            if (p && p->days <= deadline) {
                ++meeting;
                if (p->count * p->days < cost * (1 - 1e-9)) ++cheaper;
            }
        CHECK(meeting >= 1);
        CHECK(cheaper == 0);
        // The note says which counts were planned.
        bool noted = false;
        for (const auto& note : r["train"]["notes"]) noted = noted || note.get<std::string>().find("planned") != std::string::npos;
        CHECK(noted);
    }
}

TEST_CASE("a budget plans the fastest count within it: no count planned one by one is faster within the budget") {
    const std::string job = R"("model":{"parameters":70e9},"tokens":2e12,"instance":"p4d.24xlarge")";
    const json r = plan_train(job + R"(,"budget_usd":6e6)");
    REQUIRE_MESSAGE(r["ok"] == true, r.dump());
    const int answer = r["train"]["instances"];
    const double days = r["train"]["days"], cost = r["train"]["cost_usd"];
    CHECK(cost <= 6e6);
    const double per_instance_day = cost / answer / days;
    int within = 0, faster = 0;
    for (const auto& p : every_count(job, 2048, answer + answer / 2 + 64))
        if (p && p->count * p->days * per_instance_day <= 6e6 * (1 + 1e-12)) {
            ++within;
            if (p->days < days) ++faster;
        }
    CHECK(within >= 1);
    CHECK(faster == 0);
}

TEST_CASE("a plan's capacity note applies what AWS publishes for its purchase option to its count and days") {
    const auto& c = test::real_catalogue();
    const planner::Instance& p5 = *c.find("p5.48xlarge");
    auto joined = [](const std::vector<planner::Note>& notes) {
        std::string all;
        for (const auto& n : notes) all += site::note_text(n) + "\n";
        return all;
    };
    // The figures the notes apply, as data/prices.json states them (AWS EC2 User Guide).
    REQUIRE(c.capacity_fact("capacity_block", "instances_per_block")->figure.value == 64);
    REQUIRE(c.capacity_fact("capacity_block", "instances_in_blocks")->figure.value == 256);
    REQUIRE(c.capacity_fact("capacity_block", "days")->figure.value == 182);
    CHECK(joined(planner::capacity_notes(c, p5, "capacity_block", 64, 10)).find("64 instances fit one Capacity Block") != std::string::npos);
    CHECK(joined(planner::capacity_notes(c, p5, "capacity_block", 124, 30)).find("124 instances need 2 Capacity Blocks of at most 64") !=
          std::string::npos);
    const std::string beyond = joined(planner::capacity_notes(c, p5, "capacity_block", 300, 200));
    CHECK(beyond.find("300 instances are more than the 256 one account may hold") != std::string::npos);
    CHECK(beyond.find("200 days are longer than the 182 days a Capacity Block may last") != std::string::npos);
    CHECK(beyond.find("read 2026-11-27") != std::string::npos);
    // Spot: no guarantee, and the quota in vCPUs (192 per p5.48xlarge).
    const std::string spot = joined(planner::capacity_notes(c, p5, "spot", 10, 3));
    CHECK(spot.find("does not guarantee spot capacity") != std::string::npos);
    CHECK(spot.find("cover 1920 vCPUs") != std::string::npos);
    // On demand: nothing published, and the note says so instead of a limit.
    CHECK(joined(planner::capacity_notes(c, p5, "on_demand", 10, 3)).find("AWS publishes no limit") != std::string::npos);
}

TEST_CASE("a deadline under Capacity Blocks plans at most the 256 instances one account may hold, or says it cannot") {
    const std::string job = R"("model":{"parameters":70e9},"tokens":2e12,"instance":"p5.48xlarge","region":"us-east-1","purchase_option":"capacity_block")";
    const json fits = plan_train(job + R"(,"deadline_days":30)");
    REQUIRE_MESSAGE(fits["ok"] == true, fits.dump());
    CHECK(fits["train"]["instances"].get<int>() <= 256);
    const json too_short = plan_train(job + R"(,"deadline_days":5)");
    REQUIRE(too_short["ok"] == false);
    CHECK(too_short["errors"][0]["field"] == "deadline_days");
    CHECK(too_short["errors"][0]["message"].get<std::string>().find("the 256 instances of p5.48xlarge one account may hold across Capacity Blocks") !=
          std::string::npos);
    // On demand the same deadline takes more than 256.
    const json on_demand = plan_train(R"("model":{"parameters":70e9},"tokens":2e12,"instance":"p5.48xlarge","deadline_days":5)");
    REQUIRE_MESSAGE(on_demand["ok"] == true, on_demand.dump());
    CHECK(on_demand["train"]["instances"].get<int>() > 256);
}
