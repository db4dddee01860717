// A result's writer is its declared fields bound to members (planner/response_writer.hpp): each
// row writes its field's path, and only when the value says something.
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "planner/footprint.hpp"
#include "planner/response_writer.hpp"

using nlohmann::json;
using planner::Field;
using planner::Put;

namespace {

struct Window {
    int tokens = 0;
};

struct Sample {
    std::string name;
    std::optional<double> price;
    std::string price_date;
    std::optional<int> minimum;
    int degree = 1;
    std::string lost_on;
    std::optional<Window> window;
    std::optional<planner::Range> price_range;
    double weights = 0;
};

constexpr Field kName = Field::text("name");
constexpr Field kPrice = Field::number("price", 0, 1e9);
constexpr Field kPriceDate = Field::text("price_date");
constexpr Field kMinimum = Field::integer("minimum", 0, 1e9).or_null();
constexpr Field kDegree = Field::integer("degree", 1, 64);
constexpr Field kLostOn = Field::text("lost_on");
constexpr Field kWindow = Field::integer("window", 0, 1e9);
constexpr Field kPriceRange = Field::range("range.price");
constexpr Field kWeights = Field::number("bytes.weights", 0, 1e9);

constexpr Put<Sample> kSampleOut[] = {
    planner::put<&Sample::name>(kName),
    planner::put<&Sample::price>(kPrice),
    planner::put_when<&Sample::price, &Sample::price_date>(kPriceDate),
    planner::put<&Sample::minimum>(kMinimum),
    planner::put_above<1, &Sample::degree>(kDegree),
    planner::put_filled<&Sample::lost_on>(kLostOn),
    planner::put<&Sample::window, &Window::tokens>(kWindow),
    planner::put<&Sample::price_range>(kPriceRange),
    planner::put<&Sample::weights>(kWeights)};

json written(const Sample& s) {
    json j;
    planner::write_fields(j, s, kSampleOut);
    return j;
}

}  // namespace

TEST_CASE("a writer leaves out what a result does not hold, and writes null where the field says so") {
    Sample s;
    s.name = "p5.48xlarge";
    s.price_date = "2026-11-01";  // no price: its date is not written either
    // The figures a sample holds by default: a name, a degree of 1, no window, no price.
    CHECK(written(s) == json::parse(R"({"name": "p5.48xlarge", "minimum": null, "bytes": {"weights": 0.0}})"));
}

TEST_CASE("a writer writes each figure at its declared path, through objects it makes as needed") {
    Sample s;
    s.name = "trn2.48xlarge";
    s.price = 44.7;
    s.price_date = "2026-11-01";
    s.minimum = 4;
    s.degree = 8;
    s.lost_on = "bubble";
    s.window = Window{4096};
    s.price_range = planner::Range{40.0, 50.0};
    s.weights = 2;
    CHECK(written(s) == json::parse(R"({"name": "trn2.48xlarge", "price": 44.7, "price_date": "2026-11-01",
        "minimum": 4, "degree": 8, "lost_on": "bubble", "window": 4096,
        "range": {"price": {"low": 40.0, "high": 50.0}}, "bytes": {"weights": 2.0}})"));
}

TEST_CASE("a writer adds to an object that already holds other figures and ranges") {
    json j = json::parse(R"({"kept": true, "range": {"days": {"low": 1.0, "high": 2.0}}})");
    Sample s;
    s.price_range = planner::Range{3.0, 4.0};
    planner::write_fields(j, s, kSampleOut);
    CHECK(j["kept"] == true);
    CHECK(j["range"] == json::parse(R"({"days": {"low": 1.0, "high": 2.0}, "price": {"low": 3.0, "high": 4.0}})"));
}
