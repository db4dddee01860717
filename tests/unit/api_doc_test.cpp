// Every request in planner/API.md is run: `json request` blocks must succeed, `json invalid-request`
// blocks must fail. The documentation cannot drift from the planner.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <sstream>

#include "planner/api.hpp"
#include "plan.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;

namespace {

struct Block {
    std::string info;
    std::string text;
    int line;
};

std::vector<Block> fenced_blocks(const std::string& markdown) {
    std::vector<Block> blocks;
    std::istringstream in(markdown);
    std::string line;
    int number = 0;
    Block* open = nullptr;
    while (std::getline(in, line)) {
        ++number;
        if (line.rfind("```", 0) == 0) {
            if (open) {
                open = nullptr;
            } else {
                blocks.push_back({line.substr(3), "", number});
                open = &blocks.back();
            }
        } else if (open) {
            open->text += line + "\n";
        }
    }
    return blocks;
}

bool all_finite(const json& j) {
    if (j.is_number()) return std::isfinite(j.get<double>());
    if (j.is_structured())
        for (const auto& v : j)
            if (!all_finite(v)) return false;
    return true;
}

}  // namespace

TEST_CASE("every request in planner/API.md gives the documented outcome, with finite numbers") {
    const auto blocks = fenced_blocks(test::read_text(ACCELGUIDE_SOURCE_DIR "/planner/API.md"));
    int requests = 0;
    for (const Block& b : blocks) {
        if (b.info != "json request" && b.info != "json invalid-request") continue;
        ++requests;
        CAPTURE(b.line);
        const std::string response = site::plan(test::real_catalogue(), b.text);
        const json r = json::parse(response);
        CHECK(r["api"] == 1);
        CHECK(r["ok"] == (b.info == "json request"));
        CHECK(all_finite(r));
        // Results round-trip through JSON: parsing and printing again gives the same bytes.
        CHECK(json::parse(r.dump()).dump() == response);
    }
    CHECK(requests >= 9);
}
