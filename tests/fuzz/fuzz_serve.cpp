// Fuzz target: LLM serving requests. Any bytes that parse as a JSON object become a serve request
// (api 1, kind serve); anything else goes in as it is. Oracle: the response keeps the promises of
// response_check.hpp, which include the invariants every answer must satisfy (planner/invariants.hpp:
// whole fleets within the cap, latencies no faster than the chip allows, memory within the chip's).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"
#include "planner/json_position.hpp"
#include "response_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string request(text);
    if (planner::scan_json(text).empty()) {
        nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
        if (j.is_object()) {
            j["api"] = 1;
            j["kind"] = "serve";
            request = j.dump();
        }
    }
    fuzz::check_response(planner::plan(fuzz::project_catalogue().catalogue, request));
    return 0;
}
