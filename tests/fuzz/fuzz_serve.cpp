// Fuzz target: LLM serving requests. After the first byte (a scale for the rate, below), any bytes
// that parse as a JSON object become a serve request (api 1, kind serve); anything else goes in as
// it is. Oracle: the response keeps the promises of
// response_check.hpp, which include the invariants every answer must satisfy (planner/invariants.hpp:
// whole fleets within the cap, latencies no faster than the chip allows, memory within the chip's).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/json_position.hpp"
#include "response_check.hpp"

// The first byte scales the request's rate by 10^(byte % 10), and the rest is the request: so
// that fleets near their cap of ten million are reached, which mutating the digits of "value": 10
// in the seeds rarely does (a first byte of 0 leaves the rate as written).
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    const double scale = std::pow(10.0, data[0] % 10);
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    std::string request(text);
    if (planner::scan_json(text).empty()) {
        nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
        if (j.is_object()) {
            j["api"] = 1;
            j["kind"] = "serve";
            if (auto rate = j.find("rate"); rate != j.end() && rate->is_object() && rate->contains("value") &&
                                             (*rate)["value"].is_number())
                (*rate)["value"] = (*rate)["value"].get<double>() * scale;
            request = j.dump();
        }
    }
    fuzz::check_response(site::plan(fuzz::project_catalogue().catalogue, request));
    return 0;
}

// Structure-aware mutations (libFuzzer calls this instead of its own): half the time its byte
// mutations (broken JSON, stray bytes, new keys); otherwise one number of the request is changed to
// an edge value or scaled by a power of ten, or the rate byte changes, and the request stays JSON.
// Byte mutations alone rarely keep a request valid while moving one figure to where an answer
// breaks (a fleet near its cap took more than two million runs without being found).
extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

namespace {

void numbers_in(nlohmann::json& j, std::vector<nlohmann::json*>& out) {
    if (j.is_number()) out.push_back(&j);
    else if (j.is_structured())
        for (auto& child : j) numbers_in(child, out);
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size, unsigned seed) {
    std::minstd_rand random(seed);
    if (size < 2 || random() % 2) return LLVMFuzzerMutate(data, size, max_size);
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    if (!planner::scan_json(text).empty()) return LLVMFuzzerMutate(data, size, max_size);
    nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    std::vector<nlohmann::json*> numbers;
    if (!j.is_discarded()) numbers_in(j, numbers);
    if (numbers.empty() || random() % 4 == 0) {
        data[0] = static_cast<std::uint8_t>(random());
        return size;
    }
    static const double kEdges[] = {0, 1, -1, 0.5, 1e-12, 1e-6, 100, 65536, 2147483648.0, 1e7, 1e9, 1e12, 1e15, 1e300};
    nlohmann::json& n = *numbers[random() % numbers.size()];
    if (random() % 2) n = kEdges[random() % (sizeof kEdges / sizeof kEdges[0])];
    else n = n.get<double>() * std::pow(10.0, int(random() % 19) - 9);
    const std::string out = j.dump();
    if (out.size() + 1 > max_size) return size;
    std::memcpy(data + 1, out.data(), out.size());
    return out.size() + 1;
}
