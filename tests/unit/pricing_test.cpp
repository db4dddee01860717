// Prices by region and purchase option, refusal where a type is not sold, and yen on Japanese pages.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/freshness.hpp"
#include "text.hpp"
#include "test_catalogue.hpp"

namespace {

using nlohmann::json;

json plan(const json& request) { return json::parse(site::plan(test::real_catalogue(), request.dump())); }

json energy(const std::string& instance, const json& extra = json::object()) {
    // The second configuration is the baseline p4d in us-east-1: the first is the one under test.
    json r{{"api", 1},
           {"kind", "energy"},
           {"configurations", {{{"instance", instance}, {"instances", 2}, {"hours", 10}},
                               {{"instance", "p4d.24xlarge"}, {"instances", 1}, {"hours", 1}, {"region", "us-east-1"},
                                {"purchase_option", "on_demand"}}}}};
    r.update(extra);
    return r;
}

// The Pareto rows' instance types of a training comparison bought as `option`.
std::set<std::string> pareto(const std::string& option) {
    json r = plan({{"api", 1},
                   {"kind", "compare"},
                   {"instances", {"p4d.24xlarge", "p5.48xlarge", "p6-b200.48xlarge", "trn1.32xlarge", "g6e.48xlarge"}},
                   {"counts", {16}},
                   {"job", {{"kind", "train"}, {"model", {{"parameters", 7e9}}}, {"tokens", 1e12}, {"mfu", 0.4},
                            {"scaling_efficiency", 0.9}, {"instance_count", 16}, {"purchase_option", option}}}});
    REQUIRE(r["ok"] == true);
    std::set<std::string> out;
    for (const auto& row : r["compare"]["rows"])
        if (row.value("pareto", false)) out.insert(row["instance"].get<std::string>());
    return out;
}

}  // namespace

TEST_CASE("a Tokyo plan costs the Tokyo price, and says which region's price and which date it used") {
    const auto& c = test::real_catalogue();
    const double tokyo = c.price("p5.48xlarge", "ap-northeast-1")->usd_per_hour.value;
    const double virginia = c.price("p5.48xlarge", "us-east-1")->usd_per_hour.value;
    REQUIRE(tokyo != virginia);
    json r = plan(energy("p5.48xlarge", {{"region", "ap-northeast-1"}}));
    REQUIRE(r["ok"] == true);
    const json& row = r["energy"]["configurations"][0];
    CHECK(row["region"] == "ap-northeast-1");
    CHECK(row["purchase_option"] == "on_demand");
    CHECK(row["price_usd_per_hour"].get<double>() == tokyo);
    CHECK(row["cost_usd"].get<double>() == doctest::Approx(20 * tokyo));
    CHECK(row["price_as_of"] == c.as_of(c.price("p5.48xlarge", "ap-northeast-1")->usd_per_hour));
    CHECK(row["price_source"] == c.price("p5.48xlarge", "ap-northeast-1")->usd_per_hour.source);
    // The same plan without a region is priced in us-east-1.
    CHECK(plan(energy("p5.48xlarge"))["energy"]["configurations"][0]["price_usd_per_hour"].get<double>() == virginia);
}

TEST_CASE("every price row is found by its type, region and option — the catalogue JSON keeps the rows grouped by type") {
    const planner::Catalogue& c = test::real_catalogue();
    CHECK(planner::prices_grouped(c.prices));
    for (const planner::Price& p : c.prices) {
        CAPTURE(p.instance + " " + p.region + " " + p.option);
        CHECK(c.price(p.instance, p.region, p.option) == &p);
    }
    CHECK(c.price("p4d.24xlarge", "us-east-1", "no_such_option") == nullptr);
    CHECK(c.price("no.such.type", "us-east-1") == nullptr);

    // price() searches by type, so JSON whose rows are not grouped is refused, not misread.
    json canonical = c;
    REQUIRE(canonical["prices"].size() > 2);
    auto& rows = canonical["prices"];
    auto last = std::find_if(rows.begin(), rows.end(), [&](const json& r) { return r["instance"] != rows[0]["instance"]; });
    REQUIRE(last != rows.end());
    std::iter_swap(rows.begin(), last);
    CHECK_THROWS_WITH_AS(canonical.get<planner::Catalogue>(), doctest::Contains("not grouped"), std::invalid_argument);
}

TEST_CASE("a type the region does not offer is refused, naming the nearest regions that do") {
    // Trn1 is sold in the US regions only: from Tokyo, Oregon is nearest, Virginia farthest.
    json r = plan(energy("trn1.32xlarge", {{"region", "ap-northeast-1"}}));
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0]["field"] == "configurations.0.region");
    CHECK(r["errors"][0]["message"] ==
          "trn1.32xlarge is not offered in ap-northeast-1 as on_demand; nearest regions that offer it: us-west-2, us-east-2, us-east-1");
    // In Japanese too.
    json ja = plan(energy("trn1.32xlarge", {{"region", "ap-northeast-1"}, {"lang", "ja"}}));
    CHECK(ja["errors"][0]["message"] ==
          "trn1.32xlarge は ap-northeast-1 ではオンデマンドで提供されていません。提供している近いリージョン: us-west-2, us-east-2, us-east-1");
    // P5e (H200) is sold through Capacity Blocks only: asking for on-demand says how the region sells it.
    json p5e = plan(energy("p5e.48xlarge", {{"region", "ap-northeast-1"}, {"purchase_option", "on_demand"}}));
    REQUIRE(p5e["ok"] == false);
    CHECK(p5e["errors"][0]["field"] == "configurations.0.purchase_option");
    CHECK(p5e["errors"][0]["message"].get<std::string>().find("it is offered there as capacity_block") != std::string::npos);
    json block = plan(energy("p5e.48xlarge", {{"region", "ap-northeast-1"}, {"purchase_option", "capacity_block"}}));
    REQUIRE(block["ok"] == true);
    CHECK(block["energy"]["configurations"][0]["purchase_option"] == "capacity_block");
    CHECK(block["energy"]["configurations"][0]["price_usd_per_hour"].get<double>() > 0);
}

TEST_CASE("the purchase option prices the plan and moves the Pareto set of a comparison") {
    const auto& c = test::real_catalogue();
    json spot = plan(energy("p4d.24xlarge", {{"purchase_option", "spot"}}));
    REQUIRE(spot["ok"] == true);
    const json& row = spot["energy"]["configurations"][0];
    CHECK(row["price_usd_per_hour"].get<double>() == c.price("p4d.24xlarge", "us-east-1", "spot")->usd_per_hour.value);
    // A spot price comes with the interruption caveat.
    bool caveat = false;
    for (const auto& n : row["notes"]) caveat = caveat || n.get<std::string>().rfind("spot: ", 0) == 0;
    CHECK(caveat);
    const auto on_demand = pareto("on_demand"), spot_set = pareto("spot");
    CAPTURE(on_demand);
    CAPTURE(spot_set);
    CHECK_FALSE(on_demand.empty());
    CHECK(on_demand != spot_set);
    // Trn1's spot snapshot is a tenth of its on-demand price: it joins the cheapest end of the set.
    CHECK(spot_set.count("trn1.32xlarge"));
}

TEST_CASE("training on spot says its time includes no checkpoint overhead until given one, which lengthens time and cost by its share") {
    const json job{{"api", 1},           {"kind", "train"},         {"model", {{"parameters", 7e9}}},
                   {"tokens", 1e11},      {"instance", "p4d.24xlarge"}, {"instance_count", 4},
                   {"achieved_tflops", 150}, {"purchase_option", "spot"}};
    auto has_note = [](const json& r, const std::string& prefix) {
        for (const auto& n : r["notes"])
            if (n.get<std::string>().rfind(prefix, 0) == 0) return true;
        return false;
    };
    const json bare = plan(job);
    REQUIRE(bare["ok"] == true);
    CHECK(has_note(bare["train"], "spot: "));
    CHECK(has_note(bare["train"], "checkpoints: "));
    CHECK_FALSE(bare["train"].contains("checkpoint_overhead"));

    json with = job;
    with["checkpoint_overhead"] = 0.15;
    const json r = plan(with);
    REQUIRE(r["ok"] == true);
    CHECK(r["train"]["checkpoint_overhead"] == 0.15);
    CHECK_FALSE(has_note(r["train"], "checkpoints: "));
    // 1e11 tokens · 7e9 · 6 FLOP over 32 GPUs at 150 TFLOP/s, scaling 1 (measured at scale), then × 1.15.
    const double seconds = 6 * 7e9 * 1e11 / (32 * 150e12) * 1.15;
    CHECK(r["train"]["seconds"].get<double>() == doctest::Approx(seconds));
    CHECK(r["train"]["cost_usd"].get<double>() == doctest::Approx(bare["train"]["cost_usd"].get<double>() * 1.15));
    CHECK(r["train"]["energy_kwh"].get<double>() == doctest::Approx(bare["train"]["energy_kwh"].get<double>() * 1.15));

    // On demand, no note asks for it; given, it still counts (checkpoints cost time anywhere).
    json on_demand = with;
    on_demand["purchase_option"] = "on_demand";
    const json od = plan(on_demand);
    REQUIRE(od["ok"] == true);
    CHECK(od["train"]["seconds"].get<double>() == doctest::Approx(seconds));
    on_demand.erase("checkpoint_overhead");
    CHECK_FALSE(has_note(plan(on_demand)["train"], "checkpoints: "));

    for (double bad : {-0.1, 1.5}) {
        with["checkpoint_overhead"] = bad;
        const json e = plan(with);
        REQUIRE(e["ok"] == false);
        CHECK(e["errors"][0]["field"] == "checkpoint_overhead");
    }
}

TEST_CASE("the exchange rate travels with every cost: the catalogue's with its date, or the request's") {
    const auto& c = test::real_catalogue();
    const auto* rate = c.exchange_rate("USD", "JPY");
    REQUIRE(rate);
    json r = plan(energy("p4d.24xlarge"));
    const json& row = r["energy"]["configurations"][0];
    CHECK(row["usd_jpy"].get<double>() == rate->rate.value);
    CHECK(row["usd_jpy_source"] == rate->rate.source);
    CHECK(row["usd_jpy_as_of"] == c.as_of(rate->rate));
    json mine = plan(energy("p4d.24xlarge", {{"usd_jpy", 140}}));
    CHECK(mine["energy"]["configurations"][0]["usd_jpy"] == 140.0);
    CHECK(mine["energy"]["configurations"][0]["usd_jpy_source"] == "request");
    json bad = plan(energy("p4d.24xlarge", {{"usd_jpy", 0}}));
    REQUIRE(bad["ok"] == false);
    CHECK(bad["errors"][0]["field"] == "usd_jpy");
}

TEST_CASE("Japanese pages show yen first with dollars beside, as Japanese writes large sums — English pages dollars") {
    CHECK(site::format_yen(8500) == "8,500 円");
    CHECK(site::format_yen(10802) == "10,802 円");
    CHECK(site::format_yen(1234000) == "123 万円");
    CHECK(site::format_yen(26040000) == "2,604 万円");
    CHECK(site::format_yen(260400000) == "2.6 億円");
    CHECK(site::format_yen(1.2e12) == "1.2 兆円");
    CHECK(site::format_money(1234, 157, "ja") == "19.4 万円 (1,234 ドル)");
    CHECK(site::format_money(1234, 157, "en") == "1,234");
    CHECK(site::format_money(1234, std::nullopt, "ja") == "1,234");  // no rate: dollars, never a guess
    // display_json converts every money field with the rate beside it, ranges included.
    json response{{"train", {{"cost_usd", 1000.0}, {"usd_jpy", 150.0}, {"days", 3.0},
                             {"range", {{"cost_usd", {{"low", 800.0}, {"high", 1200.0}}}}}}}};
    json ja = site::display_json(response, {}, "ja");
    CHECK(ja["train"]["cost_usd"] == "15 万円 (1,000 ドル)");
    CHECK(ja["train"]["range"]["cost_usd"]["low"] == "12 万円 (800 ドル)");
    CHECK(ja["train"]["days"] == "3");
    // The user's own rate moves the yen.
    response["train"]["usd_jpy"] = 100.0;
    CHECK(site::display_json(response, {}, "ja")["train"]["cost_usd"] == "10 万円 (1,000 ドル)");
    CHECK(site::display_json(response, {}, "en")["train"]["cost_usd"] == "1,000");
}

TEST_CASE("check warns about prices and specifications older than the age it is given, grouped by source and date") {
    CHECK(planner::months_between("2025-11", "2026-11-25") == 12);
    CHECK(planner::months_between("2025", "2026-11-25") == 22);  // a year alone counts from January
    CHECK(planner::months_between("2027-01", "2026-11-25") == 0);
    const auto& c = test::real_catalogue();
    // Nothing in the catalogue is 30 years old; in 2040 every price, the rate and old specifications are.
    CHECK(planner::stale_figures(c, "2026-11-25", 360).empty());
    const auto warnings = planner::stale_figures(c, "2040-01-01", 12);
    bool prices = false, rate = false, specs = false;
    for (const auto& w : warnings) {
        CHECK(w.code == "data.stale");
        CHECK(w.to_string("warning").find(": warning[data.stale]: ") != std::string::npos);
        prices = prices || w.file == "data/prices.json";
        rate = rate || w.file == "data/currency.json";
        specs = specs || w.file == "data/accelerators.json";
    }
    CHECK(prices);
    CHECK(rate);
    CHECK(specs);
    // Only the newest exchange rate is in use, so only it can be stale.
    int rates = 0;
    for (const auto& w : warnings) rates += w.file == "data/currency.json";
    CHECK(rates == 1);
}

TEST_CASE("a saving against the baseline reads as less or more, never a negative saving") {
    CHECK(site::format_saving(29.04, "en") == "29% less");
    CHECK(site::format_saving(-137.2, "en") == "137% more");
    CHECK(site::format_saving(-100, "ja") == "100% 増");
    CHECK(site::format_saving(62.34, "ja") == "62.3% 減");
    CHECK(site::format_saving(0.01, "en") == "no change");
    CHECK(site::format_saving(-0.04, "ja") == "変化なし");
    // display_json shows every saving (declared in "percent saved") so; the numbers beside it stay numbers.
    const nlohmann::json row = {{"energy_saving_percent", -137.2}, {"energy_kwh", 10}};
    const nlohmann::json shown = site::display_json({{"energy", {{"configurations", {row}}}}}, {}, "en");
    CHECK(shown["energy"]["configurations"][0]["energy_saving_percent"] == "137% more");
    CHECK(shown["energy"]["configurations"][0]["energy_kwh"] == "10");
}
