#include "planner/api.hpp"

#include <exception>

#include "planner/training.hpp"

namespace planner {

using nlohmann::json;

namespace {

std::string failure(const std::vector<FieldError>& errors) {
    return json{{"ok", false}, {"errors", errors}}.dump();
}

std::string plan_training(const Catalogue& catalogue, const json& request) {
    auto req = read_training_request(request);
    if (!req.ok()) return failure(req.errors);
    auto result = estimate_training(catalogue, req.value);
    if (!result.ok()) return failure(result.errors);
    return json{{"ok", true}, {"kind", "training"}, {"training", result.value}}.dump();
}

}  // namespace

std::string plan(const Catalogue& catalogue, std::string_view request_json) {
    try {
        json request = json::parse(request_json.begin(), request_json.end(), nullptr, /*allow_exceptions=*/false);
        if (request.is_discarded()) return failure({{"", "the request is not valid JSON"}});
        if (!request.is_object()) return failure({{"", "the request must be a JSON object"}});
        auto kind = request.find("kind");
        if (kind == request.end()) return failure({{"kind", "is required (one of: training)"}});
        if (*kind == "training") return plan_training(catalogue, request);
        return failure({{"kind", "must be one of: training"}});
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
