// Collectives between instances (planner/collectives.hpp): the fits against the measured rows they
// rest on, worked numbers for the deduplicated dispatch, the fabric an instance takes, and the
// loader's errors with their positions.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "planner/catalogue.hpp"
#include "planner/collectives.hpp"
#include "planner/step_time.hpp"
#include "test_catalogue.hpp"

namespace {

const planner::CollectiveTable& table(const std::string& id) {
    for (const planner::CollectiveTable& t : test::real_catalogue().collectives)
        if (t.id == id) return t;
    FAIL("no collective table " << id);
    throw;
}

const planner::Fabric& p5_fabric() {
    static const planner::Fabric f = *planner::fabric_of(test::real_catalogue(), *test::real_catalogue().find("p5.48xlarge"));
    return f;
}

constexpr double kMiB = 1048576.0;

}  // namespace

TEST_CASE("a fitted all-to-all reproduces the measured p5 rows it rests on, at the placement they were measured") {
    const planner::Fabric& f = p5_fabric();
    // nccl-tests' time is busbw's bus bytes, (n−1)/n of the buffer, over busbw; NCCL sends (n − 8)/n
    // of the buffer over the network with 8 ranks to an instance.
    struct Row {
        int ranks;
        double mib, busbw_gbps;
    };
    for (const Row r : {Row{16, 2048, 79.25}, Row{16, 32, 44.79}, Row{64, 128, 36.20}, Row{256, 2048, 40.78}}) {
        CAPTURE(r.ranks);
        CAPTURE(r.mib);
        const double bytes = r.mib * kMiB, n = r.ranks;
        const double measured = (n - 1) / n * bytes / (r.busbw_gbps * 1e9);
        const auto fitted = planner::network_collective_seconds(f, f.all_to_all, n, (n - 8) / n * bytes);
        REQUIRE(fitted);
        CHECK(*fitted / measured == doctest::Approx(1).epsilon(0.12));
    }
    // 25.404 ms for 2 GiB over 16 ranks (2 instances), within 2%: the large sizes fit closest.
    CHECK(*planner::network_collective_seconds(f, f.all_to_all, 16, 0.5 * 2048 * kMiB) * 1e3 ==
          doctest::Approx(25.404).epsilon(0.02));
}

TEST_CASE("the network rate of an all-to-all falls and its latency rises with the group, as measured") {
    const planner::CollectiveTable& t = table("p5-nccl-all-to-all");
    const auto at16 = planner::fit_collective(t, 16, 8), at256 = planner::fit_collective(t, 256, 8);
    REQUIRE(at16);
    REQUIRE(at256);
    // 2 GiB: 84.5 GB/s of algorithm bandwidth at 16 ranks, half of it over the network: about 43 GB/s
    // of a 50 GB/s line per H100; about 37 GB/s at 256 ranks.
    CHECK(at16->network_bytes_per_second / 1e9 == doctest::Approx(43).epsilon(0.05));
    CHECK(at256->network_bytes_per_second / 1e9 == doctest::Approx(37).epsilon(0.05));
    CHECK(at256->alpha_seconds > at16->alpha_seconds);
    CHECK(at16->worst_fit_error < 0.12);
    // Between measured sizes the fit is interpolated in log2 n; beyond them the trend of the last two
    // is carried on, never faster than the largest measured.
    const auto at45 = planner::fit_collective(t, 45, 8), at1024 = planner::fit_collective(t, 1024, 8);
    const auto at32 = planner::fit_collective(t, 32, 8), at64 = planner::fit_collective(t, 64, 8);
    CHECK(at45->network_bytes_per_second <= std::max(at32->network_bytes_per_second, at64->network_bytes_per_second));
    CHECK(at45->network_bytes_per_second >= std::min(at32->network_bytes_per_second, at64->network_bytes_per_second));
    CHECK(at1024->network_bytes_per_second < at256->network_bytes_per_second);
    CHECK(at1024->alpha_seconds > at256->alpha_seconds);
    const auto at8 = planner::fit_collective(t, 8, 8);  // below the smallest measured group: held
    CHECK(at8->network_bytes_per_second == at16->network_bytes_per_second);
}

TEST_CASE("an all-reduce's ring crosses the network once per instance: the measured row at 8 ranks to an instance") {
    const planner::Fabric& f = p5_fabric();
    // 32 p5 (256 ranks), 8 GiB: busbw 321.1 GB/s, so 53.29 ms for the all-reduce; each H100 sends
    // 1/8 of the bus bytes, 2(n−1)/n · 8 GiB, over its network share.
    const double bytes = 8192 * kMiB, n = 256;
    const double bus = 2 * (n - 1) / n * bytes;
    const auto fitted = planner::network_collective_seconds(f, f.all_reduce, n, bus / 8);
    REQUIRE(fitted);
    // NCCL changes algorithm between sizes (busbw jumps from 280 to 347 GB/s at 2 GiB on 4 nodes), so
    // one line per group size misses some rows by more: within the fit's own stated worst error.
    const double worst = planner::fit_collective(*f.all_reduce.table, n, 8)->worst_fit_error;
    CHECK(worst < 0.3);
    CHECK(std::abs(*fitted / 53.29e-3 - 1) <= worst);
    // One data-parallel peer per instance (a model-parallel group fills it) sends all of the bus
    // bytes there: eight times the network time.
    const auto alone = planner::network_collective_seconds(f, f.all_reduce, n, bus);
    const double alpha = planner::fit_collective(*f.all_reduce.table, n, 8)->alpha_seconds;
    CHECK((*alone - alpha) / (*fitted - alpha) == doctest::Approx(8));
}

TEST_CASE("a deduplicated dispatch sends each token once per other instance its experts are on") {
    // DeepSeek-V3: 256 experts, 8 per token, over 8 instances (32 experts on each): a token misses a
    // given instance with probability C(224, 8)/C(256, 8) = 0.3382, so reaches 7 × 0.6618 = 4.633 others,
    // against 8 × 56/64 = 7 network copies sent once per expert.
    CHECK(planner::expert_instances_reached(256, 8, 8) == doctest::Approx(4.6328).epsilon(1e-4));
    // Qwen3 30B-A3B over 2 instances: the other instance is almost always among the 8 of 128.
    CHECK(planner::expert_instances_reached(128, 8, 2) == doctest::Approx(0.9969).epsilon(1e-4));
    CHECK(planner::expert_instances_reached(128, 8, 1) == 0);
    // One expert per token over 4 instances: 3/4 of the tokens leave their own.
    CHECK(planner::expert_instances_reached(64, 1, 4) == doctest::Approx(0.75));
}

TEST_CASE("an instance takes its own measured tables, or the p5's carried by its network per accelerator") {
    const planner::Catalogue& c = test::real_catalogue();
    const planner::Fabric& own = p5_fabric();
    CHECK_FALSE(own.borrowed);
    CHECK(own.line_ratio == 1);
    CHECK(own.measured_per_instance == 8);
    REQUIRE(own.all_to_all);
    REQUIRE(own.all_reduce);
    REQUIRE(own.all_gather);
    // p4d: 400 Gbps for 8 A100 against 3,200 for 8 H100.
    const auto p4d = planner::fabric_of(c, *c.find("p4d.24xlarge"));
    REQUIRE(p4d);
    CHECK(p4d->borrowed);
    CHECK(p4d->measured_on == "p5.48xlarge");
    CHECK(p4d->line_ratio == doctest::Approx(0.125));
    const auto at_p4d = planner::network_collective_seconds(*p4d, p4d->all_to_all, 16, 1e9);
    const auto at_p5 = planner::network_collective_seconds(own, own.all_to_all, 16, 1e9);
    const double alpha = planner::fit_collective(*own.all_to_all.table, 16, 8)->alpha_seconds;
    CHECK((*at_p4d - alpha) / (*at_p5 - alpha) == doctest::Approx(8));
}

TEST_CASE("an expert all-to-all between instances costs less deduplicated, and overlap hides it under compute") {
    const planner::Catalogue& c = test::real_catalogue();
    planner::StepInputs in;
    // Qwen3 30B-A3B's shape: 48 layers, hidden 2048, 128 experts of width 768, 8 a token.
    (void)c;
    // 30.5e9 parameters, 29e9 of them routed: 30.5e9 − 29e9 · 120/128 = 3.3e9 active.
    planner::Transformer arch;
    arch.layers = 48, arch.hidden = 2048, arch.heads = 32, arch.sequence = 4096;
    in.model = planner::TrainedModel::dense(30.5e9, arch);
    in.model.transformer.active_parameters = 30.5e9 - 29e9 * 120 / 128;
    in.model.transformer.experts = planner::Experts{128, 8, 768};
    in.sequence = 4096;
    in.layout.tensor = 1, in.layout.pipeline = 1, in.layout.expert = 16, in.layout.data = 16, in.layout.micro_batch = 1;
    in.global_batch = 1024;
    in.flops_per_second = 400e12;
    in.link_bytes_per_second = 450e9;
    in.network_bytes_per_second = 50e9;
    in.accelerators_per_instance = 8;
    const planner::StepTime line = planner::step_time(in);
    in.fabric = &p5_fabric();
    const planner::StepTime plain = planner::step_time(in);
    in.deduplicated_dispatch = true;
    const planner::StepTime deduplicated = planner::step_time(in);
    CHECK(line.expert_over_network);
    // Measured NCCL sends half the buffer over the network at 43 GB/s and the other half over
    // NVLink at the same time, where the line rate moved 15/16 of it over the network.
    CHECK(plain.expert < line.expert);
    // Once per instance instead of 4 times: 0.997 of a token's hidden state against 8 × 8/16.
    CHECK(deduplicated.expert / plain.expert == doctest::Approx(0.997 / 4).epsilon(0.25));
    CHECK(deduplicated.expert_exposed == deduplicated.expert);
    in.expert_overlap = 1;
    const planner::StepTime overlapped = planner::step_time(in);
    CHECK(overlapped.expert == deduplicated.expert);
    CHECK(overlapped.expert_exposed == std::max(0.0, overlapped.expert - overlapped.compute));
    CHECK(overlapped.step < deduplicated.step);
}

TEST_CASE("a collective table with a bad row, an unknown instance or a single size is reported at its position") {
    using Files = planner::CatalogueFiles;
    auto first_error = [](const std::string& from, const std::string& to) {
        Files files = test::real_files();
        const std::size_t at = files.benchmarks.text.find(from);
        REQUIRE(at != std::string::npos);
        files.benchmarks.text.replace(at, from.size(), to);
        const planner::CatalogueLoad load = planner::load_catalogue(files);
        REQUIRE_FALSE(load.errors.empty());
        return load.errors.front();
    };
    const planner::Diagnostic row = first_error(R"({"gpus": 16, "mib": 32, "busbw": 44.79})", R"({"gpus": 16, "mib": 32})");
    CHECK(row.code == "data.wrong_type");
    CHECK(row.file == "data/benchmarks.json");
    CHECK(row.entry == "p5-nccl-all-to-all");
    CHECK(row.line > 1);
    CHECK(row.message.find("busbw") != std::string::npos);
    const planner::Diagnostic instance = first_error(R"("instance": "p5.48xlarge",
      "collective": "all_to_all")", R"("instance": "p9.48xlarge",
      "collective": "all_to_all")");
    CHECK(instance.code == "data.unknown_reference");
    CHECK(instance.field.find("/collectives/0/instance") != std::string::npos);
    const planner::Diagnostic speed = first_error(R"({"gpus": 16, "mib": 32, "busbw": 44.79})", R"({"gpus": 16, "mib": 32, "busbw": 0})");
    CHECK(speed.code == "data.bad_value");
    CHECK(speed.field == "/collectives/0/rows/0");
    // A rank count past int's range is refused, not wrapped round to a small one.
    const planner::Diagnostic huge = first_error(R"({"gpus": 16, "mib": 32, "busbw": 44.79})", R"({"gpus": 9007199254740993, "mib": 32, "busbw": 44.79})");
    CHECK(huge.code == "data.bad_value");
    CHECK(huge.line > 1);
}
