// data/operators/<chip>.json: the measured operator tables load with located errors, and
// operator_cost prices products from their rows (worked numbers from the H200 measured 2026-11-27).
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <vector>

#include "planner/operator_cost.hpp"
#include "test_catalogue.hpp"

namespace {

const planner::OperatorTable& h200() { return *test::real_catalogue().operators_of("h200"); }
const planner::Accelerator& h200_chip() { return *test::real_catalogue().accelerator("h200"); }
planner::OperatorBasis h200_basis() { return *planner::operator_basis(test::real_catalogue(), h200_chip()); }

// The real catalogue with one operator file replaced (or added) by `text`.
std::vector<planner::Diagnostic> errors_of(const std::string& name, const std::string& text) {
    planner::CatalogueFiles files = test::real_files();
    files.operators = {{name, text}};
    return planner::load_catalogue(files).errors;
}

const std::string kTable = R"({
  "format": 1,
  "chip": "h200",
  "source": "t",
  "measured": "2026-11-27",
  "mode": "quick",
  "device": {"name": "NVIDIA H200"},
  "software": {"torch": "2.11.0"},
  "method": "m",
  "matmul": [
    {"op": "matmul", "dtype": "bf16", "m": 8, "n": 16, "k": 16, "timing": "graph", "us": 5.0}
  ]
})";

std::string with(std::string text, const std::string& from, const std::string& to) {
    text.replace(text.find(from), from.size(), to);
    return text;
}

}  // namespace

TEST_CASE("the committed operator tables load: the H200's kit run and the H100's transcribed note") {
    const planner::Catalogue& c = test::real_catalogue();
    REQUIRE(c.operators_of("h200"));
    REQUIRE(c.operators_of("h100-sxm"));
    CHECK(h200().measured == "2026-11-27");
    CHECK(h200().device == "NVIDIA H200");
    CHECK(h200().software.at("torch") == "2.11.0+cu130");
    CHECK(h200().matmul.size() == 134);
    CHECK(h200().attention.size() == 12);
    CHECK(h200().power.size() == 4);
    CHECK(h200().missing.empty());
    CHECK(c.operators_of("h100-sxm")->missing.count("attention") == 1);
    CHECK_FALSE(c.operators_of("b200"));
}

TEST_CASE("a valid operator table loads, and each fault is reported at its line") {
    CHECK(errors_of("data/operators/h200.json", kTable).empty());

    auto errors = errors_of("data/operators/h200.json", with(kTable, "\"us\": 5.0", "\"us\": 0"));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].code == "data.bad_value");
    CHECK(errors[0].field == "/matmul/0/us");
    CHECK(errors[0].line == 11);

    errors = errors_of("data/operators/h200.json", with(kTable, "\"dtype\": \"bf16\"", "\"dtype\": \"int3\""));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].field == "/matmul/0/dtype");

    errors = errors_of("data/operators/b9.json", with(kTable, "\"chip\": \"h200\"", "\"chip\": \"b9\""));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].code == "data.unknown_reference");
    CHECK(errors[0].line == 3);

    errors = errors_of("data/operators/b200.json", kTable);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].message.find("must be named data/operators/h200.json") != std::string::npos);

    errors = errors_of("data/operators/h200.json", with(kTable, "\"method\": \"m\",", "\"method\": \"m\", \"warps\": [],"));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].code == "data.unknown_field");

    errors = errors_of("data/operators/h200.json", with(kTable, "\"measured\": \"2026-11-27\"", "\"measured\": \"last week\""));
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].code == "data.bad_date");
}

TEST_CASE("a table whose values have the wrong types is refused at their positions, never with an internal error") {
    // (Each row's parts are plain references: doctest's CAPTURE cannot capture a structured binding
    // under clang.)
    for (const std::array<std::string, 3>& row : std::vector<std::array<std::string, 3>>{
             {"\"format\": 1", "\"format\": \"1\"", "/format"},
             {"\"dtype\": \"bf16\"", "\"dtype\": 16", "/matmul/0/dtype"},
             {"\"device\": {\"name\": \"NVIDIA H200\"}", "\"device\": {\"name\": 200}", "/device"},
             {"\"op\": \"matmul\", ", "", ""},
         }) {
        const std::string &from = row[0], &to = row[1], &field = row[2];
        CAPTURE(to);
        const auto errors = errors_of("data/operators/h200.json", with(kTable, from, to));
        if (field.empty()) {
            CHECK(errors.empty());  // a matmul row needs no "op"
            continue;
        }
        REQUIRE(errors.size() == 1);
        CHECK(errors[0].field == field);
        CHECK(errors[0].line > 0);
    }
    // A kernel row's op and timing of the wrong type, and a power row's state.
    std::string kernels = with(kTable, "\"matmul\": [", "\"launch\": [{\"op\": 7, \"timing\": 3, \"us\": 1}], \"power\": [{\"state\": 1, "
                                                     "\"watts_median\": 2, \"watts_p10\": 1, \"watts_p90\": 3}], \"matmul\": [");
    const auto errors = errors_of("data/operators/h200.json", kernels);
    REQUIRE(errors.size() == 2);
    CHECK(errors[0].field == "/launch/0");
    CHECK(errors[1].field == "/power/0");
}

TEST_CASE("two tables for one chip are refused") {
    planner::CatalogueFiles files = test::real_files();
    files.operators = {{"data/operators/h200.json", kTable}, {"data/operators/h200.json", kTable}};
    const auto errors = planner::load_catalogue(files).errors;
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].code == "data.duplicate_id");
}

TEST_CASE("the H200's sustained bandwidth is its largest read: 4 GiB in 1,009.067 us") {
    CHECK(*planner::achievable_bandwidth(h200()) == doctest::Approx(4294967296.0 / 1009.067e-6).epsilon(1e-9));
}

TEST_CASE("a measured shape prices at its measured time") {
    // bf16 4096 x 28672 x 4096 on the H200: 1,379.092 us in the table.
    const auto p = planner::price_matmul(h200_basis(), "bf16", 4096, 28672, 4096);
    REQUIRE(p);
    CHECK(p->seconds * 1e6 == doctest::Approx(1379.092).epsilon(1e-6));
    CHECK(p->rows == 1);
    // 4096^3 was measured twice (198.921 and 203.749 us): it prices at their mean efficiency.
    const auto twice = planner::price_matmul(h200_basis(), "bf16", 4096, 4096, 4096);
    REQUIRE(twice);
    CHECK(twice->rows == 2);
    CHECK(twice->low * 1e6 == doctest::Approx(198.921).epsilon(1e-6));
    CHECK(twice->high * 1e6 == doctest::Approx(203.749).epsilon(1e-6));
}

TEST_CASE("of measured shapes at the same distance, a price takes the four first in the table's order") {
    // 1024^3 against five rows each one doubling away (log2 distance 1): the first four, at equal
    // weight, set the efficiency (mean 0.65) and the range (0.5 to 0.8); the fifth (0.1) is left out.
    const planner::OperatorBasis basis = h200_basis();
    const planner::MeasuredShapes shapes = {
        {11, 10, 10, 0.5}, {9, 10, 10, 0.6}, {10, 11, 10, 0.7}, {10, 9, 10, 0.8}, {10, 10, 11, 0.1}};
    const auto p = planner::price_matmul(basis, shapes, "bf16", 1024, 1024, 1024);
    REQUIRE(p);
    const double roofline = *planner::matmul_roofline(*basis.target, *planner::achievable_bandwidth(basis), "bf16", 1024, 1024, 1024);
    CHECK(p->rows == 4);
    CHECK(p->seconds == doctest::Approx(roofline / 0.65).epsilon(1e-12));
    CHECK(p->low == doctest::Approx(roofline / 0.8).epsilon(1e-12));
    CHECK(p->high == doctest::Approx(roofline / 0.5).epsilon(1e-12));
    // The same rows with the slow one first: it is among the four, and the last row is left out.
    const planner::MeasuredShapes reordered = {shapes[4], shapes[0], shapes[1], shapes[2], shapes[3]};
    const auto q = planner::price_matmul(basis, reordered, "bf16", 1024, 1024, 1024);
    REQUIRE(q);
    CHECK(q->seconds == doctest::Approx(roofline / ((0.1 + 0.5 + 0.6 + 0.7) / 4)).epsilon(1e-12));
    CHECK(q->high == doctest::Approx(roofline / 0.1).epsilon(1e-12));
}

TEST_CASE("an unmeasured shape prices between the measured rows on either side of it") {
    // M = 3,000 on Llama 3.1 8B's gate+up (28672 x 4096) in bf16: M = 2,048 took 739.513 us and
    // M = 4,096 1,379.092 us, both compute-bound, so 3,000 tokens cost 3000/2048 x 739.513 = 1,083 us
    // at the first's efficiency and 3000/4096 x 1,379.092 = 1,010 us at the second's.
    const auto p = planner::price_matmul(h200_basis(), "bf16", 3000, 28672, 4096);
    REQUIRE(p);
    CHECK(p->seconds * 1e6 > 1010);
    CHECK(p->seconds * 1e6 < 1083);
    CHECK(p->low <= p->seconds);
    CHECK(p->high >= p->seconds);
    // fp8: M = 2,048 took 373.262 us and M = 4,096 826.208 us (less efficient), so 3,000 tokens
    // cost between 3000/2048 x 373.262 = 547 us and 3000/4096 x 826.208 = 605 us.
    const auto fp8 = planner::price_matmul(h200_basis(), "fp8", 3000, 28672, 4096);
    REQUIRE(fp8);
    CHECK(fp8->seconds * 1e6 > 547);
    CHECK(fp8->seconds * 1e6 < 605);
}

TEST_CASE("one token's product is priced as reading its weights, not at the compute peak") {
    // M = 1 on 28672 x 4096 bf16: 54.116 us measured, 235 MB of weights at 4.26 TB/s = 55 us;
    // the compute peak alone would say 0.24 us.
    const auto p = planner::price_matmul(h200_basis(), "bf16", 1, 28672, 4096);
    REQUIRE(p);
    CHECK(p->seconds * 1e6 == doctest::Approx(54.116).epsilon(1e-6));
    const auto two = planner::price_matmul(h200_basis(), "bf16", 2, 28672, 4096);
    REQUIRE(two);
    CHECK(two->seconds * 1e6 > 50);
    CHECK(two->seconds * 1e6 < 60);
}

TEST_CASE("each H200 bf16 product from M = 256 up, left out of its table, is predicted by the others within 20%") {
    // Leave-one-out over the measured rows: the figure a shape nobody measured would get.
    planner::OperatorTable table = h200();
    std::vector<double> errors;
    for (std::size_t i = 0; i < h200().matmul.size(); ++i) {
        const planner::MatmulRow& r = h200().matmul[i];
        if (r.dtype != "bf16" || r.m < 256) continue;
        table.matmul = h200().matmul;
        table.matmul.erase(std::remove_if(table.matmul.begin(), table.matmul.end(),
                                          [&](const planner::MatmulRow& x) { return x.dtype == r.dtype && x.m == r.m && x.n == r.n && x.k == r.k; }),
                           table.matmul.end());
        const auto p = planner::price_matmul(planner::OperatorBasis{&table, &h200_chip(), &h200_chip()}, "bf16", r.m, r.n, r.k);
        REQUIRE(p);
        errors.push_back(std::abs(p->seconds / r.seconds - 1));
    }
    REQUIRE(errors.size() == 59);
    std::sort(errors.begin(), errors.end());
    CAPTURE(errors[errors.size() / 2]);
    CAPTURE(errors.back());
    MESSAGE("leave-one-out, bf16, M >= 256: median ", errors[errors.size() / 2], ", worst ", errors.back());
    CHECK(errors[errors.size() / 2] < 0.05);
    CHECK(errors.back() < 0.20);
}

TEST_CASE("a precision the table did not measure, or a shape of no size, has no price") {
    CHECK_FALSE(planner::price_matmul(h200_basis(), "fp4", 1024, 1024, 1024));
    CHECK_FALSE(planner::price_matmul(h200_basis(), "bf16", 0, 1024, 1024));
    CHECK_FALSE(planner::price_matmul(h200_basis(), "bf16", 1024, std::nan(""), 1024));
}

TEST_CASE("a chip is priced from its own table, else from its named sibling's, else not at all") {
    const planner::Catalogue& c = test::real_catalogue();
    const auto own = planner::operator_basis(c, *c.accelerator("h200"));
    REQUIRE(own);
    CHECK_FALSE(own->borrowed());
    const auto b200 = planner::operator_basis(c, *c.accelerator("b200"));
    REQUIRE(b200);
    CHECK(b200->borrowed());
    CHECK(b200->table->chip == "h200");
    const auto a100 = planner::operator_basis(c, *c.accelerator("a100-80gb"));  // across a generation
    REQUIRE(a100);
    CHECK(a100->borrowed());
    CHECK(a100->table->chip == "h200");
    CHECK_FALSE(planner::operator_basis(c, *c.accelerator("v100-sxm2-16gb")));  // keeps its published utilisation
    CHECK_FALSE(planner::operator_basis(c, *c.accelerator("trainium")));
    CHECK_FALSE(planner::operator_basis(c, *c.accelerator("l4")));
}

TEST_CASE("a borrowed table carries the sibling's efficiency to the chip's own peak, with a wider range") {
    // 8192^3 bf16 is compute-bound: the H200 ran it at 1,618-1,643 us against 989.5 TFLOP/s; the
    // B200's dense bf16 peak is its own (the catalogue's), so the time scales by the peaks' ratio.
    const planner::Catalogue& c = test::real_catalogue();
    const auto b200 = *planner::operator_basis(c, *c.accelerator("b200"));
    const auto on_b200 = planner::price_matmul(b200, "bf16", 8192, 8192, 8192);
    const auto on_h200 = planner::price_matmul(h200_basis(), "bf16", 8192, 8192, 8192);
    REQUIRE(on_b200);
    REQUIRE(on_h200);
    const double ratio = c.accelerator("h200")->peak_tflops.at("bf16").value / c.accelerator("b200")->peak_tflops.at("bf16").value;
    CHECK(on_b200->seconds == doctest::Approx(on_h200->seconds * ratio).epsilon(1e-9));
    CHECK(on_b200->high / on_b200->low > on_h200->high / on_h200->low * 1.3);
    // fp16 prices from the bf16 rows, at the fp16 peak (the same on Hopper).
    CHECK(planner::price_matmul(h200_basis(), "fp16", 8192, 8192, 8192)->seconds == doctest::Approx(on_h200->seconds));
}

TEST_CASE("a layer's products run at the efficiency of its measured shapes: less on few tokens and on narrow slices") {
    planner::Transformer llama8b;
    llama8b.layers = 32, llama8b.hidden = 4096, llama8b.heads = 32, llama8b.sequence = 2048, llama8b.vocabulary = 128256;
    llama8b.kv_heads = 8, llama8b.head_dim = 128, llama8b.ffn = 14336, llama8b.gated = true;
    planner::Layout one;
    const auto rate = planner::layer_multiply_rate(h200_basis(), "bf16", llama8b, one, nullptr);
    REQUIRE(rate);
    // M = 2,048 tokens: the H200's bf16 rows at M = 2,048 on these shapes ran at 61-73% of 989.5 TFLOP/s
    // (forward); the backward's weight products have M = 4,096-14,336 and K = 2,048.
    CHECK(rate->flops_per_second / 989.5e12 > 0.6);
    CHECK(rate->flops_per_second / 989.5e12 < 0.73);
    CHECK(rate->low <= rate->flops_per_second);
    CHECK(rate->high >= rate->flops_per_second);
    // 64 tokens: the forward products read their weights (M = 64 ran at 11-26% of the peak).
    llama8b.sequence = 64;
    CHECK(planner::layer_multiply_rate(h200_basis(), "bf16", llama8b, one, nullptr)->flops_per_second < 0.4 * rate->flops_per_second);
    // Llama 3.1 70B over 8 tensor ranks on the H100: K = 1,024 slices ran at 57% against 70% at K = 8,192.
    const planner::Catalogue& c = test::real_catalogue();
    const auto h100 = *planner::operator_basis(c, *c.accelerator("h100-sxm"));
    planner::Transformer llama70b;
    llama70b.layers = 80, llama70b.hidden = 8192, llama70b.heads = 64, llama70b.sequence = 2048, llama70b.vocabulary = 128256;
    llama70b.kv_heads = 8, llama70b.head_dim = 128, llama70b.ffn = 28672, llama70b.gated = true;
    planner::Layout eight;
    eight.tensor = 8;
    CHECK(planner::layer_multiply_rate(h100, "bf16", llama70b, eight, nullptr)->flops_per_second <
          0.95 * planner::layer_multiply_rate(h100, "bf16", llama70b, one, nullptr)->flops_per_second);
    // No fp4 rows, no price.
    CHECK_FALSE(planner::layer_multiply_rate(h200_basis(), "fp4", llama8b, one, nullptr));
}

TEST_CASE("flash attention's rate comes from the measured rows, by sequence, and the H100 takes the H200's") {
    // The H200's forward+backward rows (batch × sequence = 16,384 tokens, 32 heads of 128): at 8,192
    // 2 × 32 × 8192² × 128 × 2 × 3.5 FLOPs in the row's time; the planner counts 3 of the 3.5.
    const planner::Catalogue& c = test::real_catalogue();
    const auto rows = planner::section_table(c, h200_basis(), &planner::OperatorTable::attention);
    REQUIRE(rows);
    double seconds = 0;
    for (const auto& r : rows->attention)
        if (r.op == "flash_forward_backward" && r.shape.at("sequence") == 8192 && r.shape.at("heads") == 32) seconds = r.seconds;
    REQUIRE(seconds > 0);
    const double counted = 3 * 2 * 2.0 * 32 * 8192.0 * 8192 * 128;
    CHECK(*planner::attention_rate(*rows, h200_chip(), h200_chip(), 8192) == doctest::Approx(counted / seconds).epsilon(1e-9));
    // Between two measured sequences, between their rates.
    const double at_3000 = *planner::attention_rate(*rows, h200_chip(), h200_chip(), 3000);
    const double at_2048 = *planner::attention_rate(*rows, h200_chip(), h200_chip(), 2048);
    const double at_4096 = *planner::attention_rate(*rows, h200_chip(), h200_chip(), 4096);
    CHECK(at_3000 > std::min(at_2048, at_4096));
    CHECK(at_3000 < std::max(at_2048, at_4096));
    const auto h100 = *planner::operator_basis(c, *c.accelerator("h100-sxm"));
    CHECK(planner::section_table(c, h100, &planner::OperatorTable::attention)->chip == "h200");
    CHECK(planner::section_table(c, h100, &planner::OperatorTable::elementwise)->chip == "h200");
}

TEST_CASE("element-wise kernels reach a share of the bandwidth, the harmonic mean of each operation's largest size") {
    // H200, 32,768 tokens: rms_norm at hidden 8,192 ... each row's bytes over its time against the 4 GiB read.
    const double bandwidth = *planner::achievable_bandwidth(h200());
    std::map<std::string, std::pair<double, double>> largest;  // op -> bytes, seconds
    for (const auto& r : h200().elementwise)
        if (r.op != "cross_entropy" && r.bytes > largest[r.op].first) largest[r.op] = {r.bytes, r.seconds};
    REQUIRE(largest.size() == 5);
    double inverse = 0;
    for (const auto& [op, row] : largest) inverse += 1 / std::min(1.0, row.first / row.second / bandwidth);
    const double share = *planner::elementwise_share(h200());
    CHECK(share == doctest::Approx(5 / inverse));
    CHECK(share > 0.2);  // rotary and softmax ran near 1 TB/s, the norms near 3
    CHECK(share < 0.8);
    CHECK_FALSE(planner::elementwise_share(*test::real_catalogue().operators_of("h100-sxm")));  // no rows of its own
}
