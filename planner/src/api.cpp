#include "planner/api.hpp"

#include "planner/json_position.hpp"

#include <exception>

#include "planner/compare.hpp"
#include "planner/energy.hpp"
#include "planner/inference.hpp"
#include "planner/instance_sheet.hpp"
#include "planner/messages.hpp"
#include "planner/training.hpp"

namespace planner {

using nlohmann::json;

namespace {

constexpr int kApi = 1;
const char* const kKinds = "train, infer, energy, compare, instances, catalog";

// Responses stay JSON values until plan() writes the one that goes out.
json failure(const std::vector<FieldError>& errors) { return json{{"api", kApi}, {"ok", false}, {"errors", errors}}; }

json success(const char* kind, json result) {
    return json{{"api", kApi}, {"ok", true}, {"kind", kind}, {kind, std::move(result)}};
}

json plan_train(const Catalogue& catalogue, const json& request) {
    auto req = read_training_request(request);
    if (!req.ok()) return failure(req.errors);
    auto result = estimate_training(catalogue, req.value);
    if (!result.ok()) return failure(result.errors);
    return success("train", result.value);
}

json plan_infer(const Catalogue& catalogue, const json& request) {
    auto req = read_inference_request(request);
    if (!req.ok()) return failure(req.errors);
    auto result = estimate_inference(catalogue, req.value);
    if (!result.ok()) return failure(result.errors);
    return success("infer", result.value);
}

json plan_energy(const Catalogue& catalogue, const json& request) {
    auto req = read_energy_request(request);
    if (!req.ok()) return failure(req.errors);
    auto rows = compare_energy(catalogue, req.value);
    if (!rows.ok()) return failure(rows.errors);
    return success("energy", json{{"configurations", rows.value}});
}

json plan_compare(const Catalogue& catalogue, const json& request) {
    auto req = read_compare_request(catalogue, request);
    if (!req.ok()) return failure(req.errors);
    return success("compare", compare(catalogue, req.value));
}

json plan_instances(const Catalogue& catalogue, const json& request) {
    auto req = read_instance_sheet_request(request);
    if (!req.ok()) return failure(req.errors);
    auto rows = instance_sheet(catalogue, req.value);
    if (!rows.ok()) return failure(rows.errors);
    return success("instances", json{{"rows", rows.value}});
}

json plan_catalog(const Catalogue& catalogue, const json& request) {
    for (auto it = request.begin(); it != request.end(); ++it)
        if (it.key() != "api" && it.key() != "kind") return failure({{it.key(), "is not a known field"}});
    return success("catalog", catalogue);
}

json dispatch(const Catalogue& catalogue, const json& request) {
    auto api = request.find("api");
    if (api == request.end()) return failure({{"api", "is required: this planner speaks api 1"}});
    if (*api != kApi) return failure({{"api", "must be 1: this planner speaks api 1"}});
    auto kind = request.find("kind");
    if (kind == request.end()) return failure({{"kind", std::string("is required (one of: ") + kKinds + ")"}});
    if (*kind == "train") return plan_train(catalogue, request);
    if (*kind == "infer") return plan_infer(catalogue, request);
    if (*kind == "energy") return plan_energy(catalogue, request);
    if (*kind == "compare") return plan_compare(catalogue, request);
    if (*kind == "instances") return plan_instances(catalogue, request);
    if (*kind == "catalog") return plan_catalog(catalogue, request);
    return failure({{"kind", std::string("must be one of: ") + kKinds}});
}

// The response's messages in `lang` (messages.hpp): a failure's errors, and the "field: message"
// of each comparison row that could not run the job.
void localise_in_place(json& r, const std::string& lang) {
    if (lang == "en") return;
    if (!r.value("ok", true)) {
        for (json& e : r["errors"]) e["message"] = localise(e["message"].get<std::string>(), lang);
    } else if (r.value("kind", "") == "compare") {
        for (json& row : r["compare"]["rows"]) {
            if (!row.contains("error")) continue;
            const std::string error = row["error"].get<std::string>();
            const auto colon = error.find(": ");
            row["error"] = colon == std::string::npos ? localise(error, lang)
                                                      : error.substr(0, colon + 2) + localise(error.substr(colon + 2), lang);
        }
    }
}

}  // namespace

std::string plan(const Catalogue& catalogue, std::string_view request_json) {
    try {
        if (request_json.size() > kMaxRequestBytes)
            return failure({{"", "the request is larger than " + std::to_string(kMaxRequestBytes >> 10) + " KB"}}).dump();
        if (auto problems = scan_json(request_json); !problems.empty()) {
            std::vector<FieldError> errors;
            for (const JsonProblem& p : problems) {
                if (p.kind == JsonProblem::Kind::number_out_of_range) errors.push_back({p.path, "is a number too large to plan with"});
                else errors.push_back({p.path, "is given twice"});
            }
            return failure(errors).dump();
        }
        json request = json::parse(request_json.begin(), request_json.end(), nullptr, /*allow_exceptions=*/false);
        if (request.is_discarded()) return failure({{"", "the request is not valid JSON"}}).dump();
        if (!request.is_object()) return failure({{"", "the request must be a JSON object"}}).dump();
        // "lang" says which language the messages are for; it is not part of any job.
        std::string lang = "en";
        if (auto it = request.find("lang"); it != request.end()) {
            if (!it->is_string() || !is_supported_language(it->get_ref<const std::string&>()))
                return failure({{"lang", "must be one of: en, ja"}}).dump();
            lang = it->get<std::string>();
            request.erase(it);
        }
        json response = dispatch(catalogue, request);
        localise_in_place(response, lang);
        return response.dump();
    } catch (const std::exception& e) {
        return failure({{"", std::string("internal error: ") + e.what()}}).dump();
    } catch (...) {
        return failure({{"", "internal error"}}).dump();
    }
}

std::string plan(const CatalogueLoad& load, std::string_view request_json) {
    if (load.ok()) return plan(load.catalogue, request_json);
    std::vector<FieldError> errors;
    for (const Diagnostic& e : load.errors) errors.push_back({"", "catalogue: " + e.to_string()});
    return failure(errors).dump();
}

}  // namespace planner
