// Fuzz target: the planner's JSON API, site::plan(catalogue, request), with the project's real
// catalogue (data/*.json) loaded once. Any bytes in; a well-formed response out (response_check.hpp).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "planner/api.hpp"
#include "plan.hpp"
#include "response_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view request(reinterpret_cast<const char*>(data), size);
    fuzz::check_response(site::plan(fuzz::project_catalogue().catalogue, request));
    return 0;
}
