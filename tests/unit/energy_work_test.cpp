// Equal work on the energy comparison: each configuration's count and hours are the planner's for
// the same training or serving job, so the savings compare the same work.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"
#include "plan.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;

namespace {

json plan(const json& request) { return json::parse(site::plan(test::real_catalogue(), request.dump())); }

const json kTraining = {{"kind", "train"}, {"model", "llama3.1-8b"}, {"tokens", 1e12}, {"recompute", "selective"}};
const json kServing = {{"kind", "serve"}, {"model", "llama3.1-70b"}, {"prompt_tokens", 2000}, {"output_tokens", 200},
                       {"ttft_ms", 2000}, {"tpot_ms", 50}, {"rate", {{"value", 10}, {"per", "second"}}}};

}  // namespace

TEST_CASE("equal work: a training job sets each configuration's hours to the time the job takes on its instances") {
    const json r = plan({{"api", 1}, {"kind", "energy"}, {"region", "us-east-1"}, {"work", kTraining},
                         {"configurations", {{{"label", "P5"}, {"instance", "p5.48xlarge"}, {"instances", 8}},
                                             {{"label", "Trn1"}, {"instance", "trn1.32xlarge"}, {"instances", 16}}}}});
    REQUIRE_MESSAGE(r["ok"] == true, r.dump());
    const json& rows = r["energy"]["configurations"];
    struct Row {
        int i;
        const char* instance;
        int count;
    };
    for (const Row& row : {Row{0, "p5.48xlarge", 8}, Row{1, "trn1.32xlarge", 16}}) {
        const int i = row.i, count = row.count;
        const std::string instance = row.instance;
        CAPTURE(instance);
        json job = kTraining;
        job.update({{"api", 1}, {"instance", instance}, {"instance_count", count}, {"region", "us-east-1"}});
        const json direct = plan(job);
        REQUIRE(direct["ok"] == true);
        CHECK(rows[i]["work"] == "train");
        CHECK(rows[i]["instances"] == count);
        CHECK(rows[i]["hours"].get<double>() == doctest::Approx(direct["train"]["seconds"].get<double>() / 3600));
        CHECK(rows[i]["energy_kwh"].get<double>() == doctest::Approx(direct["train"]["energy_kwh"].get<double>()));
        CHECK(rows[i]["cost_usd"].get<double>() == doctest::Approx(direct["train"]["cost_usd"].get<double>()));
    }
    // The second row's saving is of the same job: (1 − its energy / the first's) · 100.
    CHECK(rows[1]["energy_saving_percent"].get<double>() ==
          doctest::Approx((1 - rows[1]["energy_kwh"].get<double>() / rows[0]["energy_kwh"].get<double>()) * 100));
}

TEST_CASE("equal work: a training job with a deadline plans each type's own count, and a serving job its fleet for the rate") {
    json timed = kTraining;
    timed["deadline_days"] = 20;
    const json t = plan({{"api", 1}, {"kind", "energy"}, {"work", timed},
                         {"configurations", {{{"instance", "p5.48xlarge"}}, {{"instance", "p4d.24xlarge"}}}}});
    REQUIRE_MESSAGE(t["ok"] == true, t.dump());
    for (const auto& row : t["energy"]["configurations"]) CHECK(row["hours"].get<double>() <= 20 * 24);
    json direct = timed;
    direct.update({{"api", 1}, {"instance", "p4d.24xlarge"}});
    CHECK(t["energy"]["configurations"][1]["instances"] == plan(direct)["train"]["instances"]);

    const json s = plan({{"api", 1}, {"kind", "energy"}, {"work", kServing},
                         {"configurations", {{{"instance", "p5.48xlarge"}}, {{"instance", "inf2.48xlarge"}, {"hours", 24}}}}});
    REQUIRE_MESSAGE(s["ok"] == true, s.dump());
    json on_inf2 = kServing;
    on_inf2.update({{"api", 1}, {"instance", "inf2.48xlarge"}});
    CHECK(s["energy"]["configurations"][1]["instances"] == plan(on_inf2)["serve"]["fleet"]);
    CHECK(s["energy"]["configurations"][0]["hours"] == 1);   // an hour of the same rate unless given
    CHECK(s["energy"]["configurations"][1]["hours"] == 24);
}

TEST_CASE("equal work: what the job decides is refused when given, and the job's own errors are said once") {
    json request = {{"api", 1}, {"kind", "energy"}, {"work", kTraining},
                    {"configurations", {{{"instance", "p5.48xlarge"}, {"instances", 8}, {"hours", 3}},
                                        {{"instance", "trn1.32xlarge"}}}}};
    json r = plan(request);
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0] == json{{"field", "configurations.0.hours"}, {"message", "is planned from the training job: leave it out"}, {"code", "hours_from_training"}});
    // Without a count or a deadline a training job cannot be placed.
    request["configurations"][0].erase("hours");
    r = plan(request);
    REQUIRE(r["ok"] == false);
    CHECK(r["errors"][0]["field"] == "configurations.1.instances");
    // A job error (an unknown model) once, under work.
    request["work"]["model"] = "no-such-model";
    request["configurations"][1]["instances"] = 4;
    r = plan(request);
    REQUIRE(r["ok"] == false);
    REQUIRE(r["errors"].size() == 1);
    CHECK(r["errors"][0]["field"] == "work.model");
    // A job must say its kind and leave its instance to the configurations.
    CHECK(plan({{"api", 1}, {"kind", "energy"}, {"work", {{"kind", "infer"}}},
                {"configurations", {{{"instance", "p5.48xlarge"}, {"instances", 1}, {"hours", 1}},
                                    {{"instance", "p4d.24xlarge"}, {"instances", 1}, {"hours", 1}}}}})["errors"][0]["field"] == "work");
}

TEST_CASE("the calculators' energy link: a comparison's work, planned on the energy page, is the job each compare row planned") {
    // The training and serving calculators send compare `like` their own request and link to the
    // energy page with the comparison's `work`; each energy row must then be the compare row's plan.
    json training = kTraining;
    training.update({{"api", 1}, {"instance", "p5.48xlarge"}, {"instance_count", 4}, {"region", "us-east-1"}});
    json serving = kServing;
    serving.update({{"api", 1}, {"instance", "p5.48xlarge"}, {"tensor_parallel", 8}, {"region", "us-east-1"}});
    const std::vector<std::string> types = {"p5.48xlarge", "p4d.24xlarge"};
    for (const json& like : {training, serving}) {
        const std::string kind = like["kind"];
        CAPTURE(kind);
        const json compared = plan({{"api", 1}, {"kind", "compare"}, {"instances", types}, {"counts", {1}}, {"like", like}});
        REQUIRE_MESSAGE(compared["ok"] == true, compared.dump());
        const json& work = compared["compare"]["work"];
        CHECK_FALSE(work.contains("instance"));
        CHECK_FALSE(work.contains("api"));
        CHECK(work["kind"] == kind);
        if (kind == "train") CHECK(work["instance_count"] == 4);  // the count the plan used
        else CHECK_FALSE(work.contains("tensor_parallel"));     // each type takes its own
        json configurations = json::array();
        for (const std::string& t : types) configurations.push_back({{"instance", t}});
        const json energy = plan({{"api", 1}, {"kind", "energy"}, {"region", "us-east-1"}, {"work", work}, {"configurations", configurations}});
        REQUIRE_MESSAGE(energy["ok"] == true, energy.dump());
        for (const json& row : compared["compare"]["rows"]) {
            const std::string instance = row["instance"];
            CAPTURE(instance);
            const auto at = std::find(types.begin(), types.end(), instance) - types.begin();
            const json& e = energy["energy"]["configurations"][at];
            CHECK(e["instance"] == instance);
            CHECK(e["instances"] == row[kind == "train" ? "instances" : "fleet"]);
            if (kind == "train") CHECK(e["energy_kwh"].get<double>() == doctest::Approx(row["energy_kwh"].get<double>()));
        }
    }
}
