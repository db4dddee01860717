// The promises every planner response keeps (planner/api.hpp), checked on each fuzzed response:
// valid JSON; "api": 1; "ok" true with a result, or false with one {field, message} per problem;
// no internal error (an exception caught at the boundary is a bug, not bad input); and, since
// nlohmann/json writes NaN and Infinity as null, no null in an "ok" response but where the
// planner means one; and no -0.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "fuzz_support.hpp"
#include "planner/invariants.hpp"

namespace fuzz {

// The fields the planner sets to null on purpose (memory.cpp, training.cpp: "not known", "nothing
// fits"); a null anywhere else is a NaN or an Infinity.
inline bool null_by_design(const std::string& key) {
    return key == "activations_bytes" || key == "layout" || key == "minimum_instances";
}

inline bool has_stray_null(const nlohmann::json& j) {
    if (j.is_null()) return true;
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it)
            if (!(it->is_null() && null_by_design(it.key())) && has_stray_null(*it)) return true;
    } else if (j.is_array()) {
        for (const auto& child : j)
            if (has_stray_null(child)) return true;
    }
    return false;
}

inline bool has_negative_zero(const nlohmann::json& j) {
    if (j.is_number_float()) return j.get<double>() == 0.0 && std::signbit(j.get<double>());
    if (j.is_structured())
        for (const auto& child : j)
            if (has_negative_zero(child)) return true;
    return false;
}

inline void check_response(const std::string& text) {
    const nlohmann::json r = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    require(r.is_object(), "the response is a JSON object");
    require(r.value("api", 0) == 1, "the response says api 1");
    require(r.contains("ok") && r["ok"].is_boolean(), "the response has a boolean ok");
    if (r["ok"].get<bool>()) {
        require(!has_stray_null(r), "an ok response holds no NaN or Infinity (written as null)");
        require(!has_negative_zero(r), "an ok response holds no -0");
        return;
    }
    const auto& errors = r["errors"];
    require(errors.is_array() && !errors.empty(), "a failed response lists its errors");
    for (const auto& e : errors) {
        require(e.contains("field") && e["field"].is_string(), "each error names a field");
        require(e.contains("message") && e["message"].is_string() && !e["message"].get<std::string>().empty(),
                "each error has a message");
        require(e.contains("code") && e["code"].is_string(), "each error has a code (planner/include/planner/message_list.hpp)");
        const std::string& code = e["code"].get_ref<const std::string&>();
        require(code != "internal_error_what" && code != "internal_error_bare", "no internal error");
        // A response that broke an invariant (planner/invariants.hpp) is refused with this code:
        // for a user a refusal, for the fuzzer a finding (printed, so the finding says which).
        if (code == "internal_check")
            std::fprintf(stderr, "fuzz: %s: %s\n", e["field"].get<std::string>().c_str(), e["message"].get<std::string>().c_str());
        require(code != "internal_check", "no broken invariant");
    }
}

}  // namespace fuzz
