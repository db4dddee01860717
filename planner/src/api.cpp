#include "planner/api.hpp"

#include <exception>

#include "planner/training.hpp"

namespace planner {

using nlohmann::json;

namespace {

constexpr int kApi = 1;
const char* const kKinds = "train";

std::string failure(const std::vector<FieldError>& errors) {
    return json{{"api", kApi}, {"ok", false}, {"errors", errors}}.dump();
}

std::string success(const char* kind, json result) {
    return json{{"api", kApi}, {"ok", true}, {"kind", kind}, {kind, std::move(result)}}.dump();
}

std::string plan_train(const Catalogue& catalogue, const json& request) {
    auto req = read_training_request(request);
    if (!req.ok()) return failure(req.errors);
    auto result = estimate_training(catalogue, req.value);
    if (!result.ok()) return failure(result.errors);
    return success("train", result.value);
}

}  // namespace

std::string plan(const Catalogue& catalogue, std::string_view request_json) {
    try {
        json request = json::parse(request_json.begin(), request_json.end(), nullptr, /*allow_exceptions=*/false);
        if (request.is_discarded()) return failure({{"", "the request is not valid JSON"}});
        if (!request.is_object()) return failure({{"", "the request must be a JSON object"}});
        auto api = request.find("api");
        if (api == request.end()) return failure({{"api", "is required: this planner speaks api 1"}});
        if (*api != kApi) return failure({{"api", "must be 1: this planner speaks api 1"}});
        auto kind = request.find("kind");
        if (kind == request.end()) return failure({{"kind", std::string("is required (one of: ") + kKinds + ")"}});
        if (*kind == "train") return plan_train(catalogue, request);
        return failure({{"kind", std::string("must be one of: ") + kKinds}});
    } catch (const std::exception& e) {
        return failure({{"", std::string("internal error: ") + e.what()}});
    } catch (...) {
        return failure({{"", "internal error"}});
    }
}

std::string plan(const CatalogueLoad& load, std::string_view request_json) {
    if (load.ok()) return plan(load.catalogue, request_json);
    std::vector<FieldError> errors;
    for (const Diagnostic& e : load.errors) errors.push_back({"", "catalogue: " + e.to_string()});
    return failure(errors);
}

}  // namespace planner
