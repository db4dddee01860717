#include "planner/api.hpp"
#include "planner/invariants.hpp"

#include "planner/model_config.hpp"
#include "planner/request_fields.hpp"
#include "planner/request_reader.hpp"
#include "planner/response_fields.hpp"

#include "planner/json_members.hpp"
#include "planner/json_position.hpp"

#include <exception>
#include <optional>
#include <vector>

#include "planner/compare.hpp"
#include "planner/energy.hpp"
#include "planner/inference.hpp"
#include "planner/instance_sheet.hpp"
#include "planner/messages.hpp"
#include "planner/serving.hpp"
#include "planner/training.hpp"

namespace planner {

using nlohmann::json;

namespace {

constexpr int kApi = 1;
namespace envelope = results::envelope;  // every response's outside, declared in response_fields.hpp
const char* const kKinds = "train, infer, serve, model, energy, compare, instances, catalog";

// Responses stay JSON values until answer() hands the one that goes out to the display.
json failure(const std::vector<FieldError>& errors) {
    json j;
    members(j, {{envelope::api.path, kApi}, {envelope::ok.path, false}, {envelope::errors.path, errors}});
    return j;
}

// The response as text. Every string in it is valid UTF-8 (the request is checked first), but a
// message that quotes a key rebuilt from \u escapes could hold a lone surrogate: such bytes are
// written as U+FFFD rather than thrown as an internal error.
// A -0 (a price of -0.0 given, times anything) is written as 0: no response holds "-0.0".
std::string text(json response) {
    std::vector<json*> todo{&response};
    while (!todo.empty()) {
        json* j = todo.back();
        todo.pop_back();
        if (j->is_number_float() && j->get<double>() == 0.0) *j = 0.0;
        else if (j->is_structured())
            for (json& child : *j) todo.push_back(&child);
    }
    return response.dump(-1, ' ', false, json::error_handler_t::replace);
}

// The offset of the first byte that does not belong to a well-formed UTF-8 sequence, if any.
std::optional<std::size_t> invalid_utf8_at(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 && c >= 0xC2 ? 2 : (c >> 4) == 0xE ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
        if (n == 0 || i + n > s.size()) return i;
        for (std::size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return i;
        const auto d = static_cast<unsigned char>(s[i + 1 < s.size() ? i + 1 : i]);
        if ((c == 0xE0 && d < 0xA0) || (c == 0xED && d >= 0xA0) || (c == 0xF0 && d < 0x90) || (c == 0xF4 && d >= 0x90))
            return i;  // overlong, a surrogate, or past U+10FFFF
        i += n;
    }
    return std::nullopt;
}

json success(const char* kind, json result) {
    json j;
    members(j, {{envelope::api.path, kApi}, {envelope::ok.path, true}, {envelope::kind.path, kind}, {kind, std::move(result)}});
    return j;
}

// A plan's answer: its result under its kind, or its errors.
template <class Result>
json answer(const char* kind, const Checked<Result>& result) {
    return result.ok() ? success(kind, result.value) : failure(result.errors);
}

json plan_train(const Catalogue& catalogue, const json& request) {
    return answer("train", and_then(read_training_request(catalogue, request),
                                    [&](const TrainingRequest& r) { return estimate_training(catalogue, r); }));
}

json plan_infer(const Catalogue& catalogue, const json& request) {
    return answer("infer", and_then(read_inference_request(request),
                                    [&](const InferenceRequest& r) { return estimate_inference(catalogue, r); }));
}

json plan_serve(const Catalogue& catalogue, const json& request) {
    return answer("serve", and_then(read_serving_request(catalogue, request),
                                    [&](const ServingRequest& r) { return estimate_serving(catalogue, r); }));
}

// A Hugging Face config.json read as serve reads model.config: the architecture and its counted
// parameters, for a form to fill in (the serving calculator's import).
json plan_model(const json& request) {
    RequestReader in(request, "model");
    const Transformer m = read_model_config(in, "config");
    in.refuse_unused();
    if (!in.errors().empty()) return failure(in.errors());
    return success("model", m);
}

json plan_energy(const Catalogue& catalogue, const json& request) {
    auto rows = and_then(read_energy_request(request), [&](const EnergyRequest& r) { return compare_energy(catalogue, r); });
    return rows.ok() ? success("energy", json{{"configurations", rows.value}}) : failure(rows.errors);
}

json plan_compare(const Catalogue& catalogue, const json& request) {
    auto req = read_compare_request(catalogue, request);
    if (!req.ok()) return failure(req.errors);
    return success("compare", compare(catalogue, req.value));
}

json plan_instances(const Catalogue& catalogue, const json& request) {
    auto rows = and_then(read_instance_sheet_request(request),
                         [&](const InstanceSheetRequest& r) { return instance_sheet(catalogue, r); });
    return rows.ok() ? success("instances", json{{"rows", rows.value}}) : failure(rows.errors);
}

json plan_catalog(const Catalogue& catalogue, const json& request, CatalogWriter write_catalog) {
    RequestReader in(request, "catalog");
    if (!in.errors().empty()) return failure(in.errors());
    return success("catalog", write_catalog(catalogue));
}

json dispatch(const Catalogue& catalogue, const json& request, CatalogWriter write_catalog) {
    auto api = request.find("api");
    if (api == request.end()) return failure({coded("api", msg::api_required)});
    if (*api != kApi) return failure({coded("api", msg::api_must_be_1)});
    auto kind = request.find("kind");
    if (kind == request.end()) return failure({coded("kind", msg::kind_required, {kKinds})});
    if (*kind == "train") return plan_train(catalogue, request);
    if (*kind == "infer") return plan_infer(catalogue, request);
    if (*kind == "serve") return plan_serve(catalogue, request);
    if (*kind == "model") return plan_model(request);
    if (*kind == "energy") return plan_energy(catalogue, request);
    if (*kind == "compare") return plan_compare(catalogue, request);
    if (*kind == "instances") return plan_instances(catalogue, request);
    if (*kind == "catalog") return plan_catalog(catalogue, request, write_catalog);
    return failure({coded("kind", msg::not_one_of, {kKinds})});
}

// The request checked and answered; `lang` set when it asks for one.
json respond(const Catalogue& catalogue, std::string_view request_json, CatalogWriter write_catalog, std::string& lang) {
    if (request_json.size() > kMaxRequestBytes)
        return failure({coded("", msg::request_too_large, {std::to_string(kMaxRequestBytes >> 10)})});
    if (auto at = invalid_utf8_at(request_json)) return failure({coded("", msg::request_not_utf8, {std::to_string(*at + 1)})});
    // The JSON parser stops at a NUL as at the end: whatever follows would be dropped unread.
    if (const auto nul = request_json.find('\0'); nul != std::string_view::npos)
        return failure({coded("", msg::request_nul_byte, {std::to_string(nul + 1)})});
    if (auto problems = scan_json(request_json); !problems.empty()) {
        std::vector<FieldError> errors;
        for (const JsonProblem& p : problems) {
            if (p.kind == JsonProblem::Kind::number_out_of_range) errors.push_back(coded(p.path, msg::number_too_large));
            else if (p.kind == JsonProblem::Kind::too_deep)
                errors.push_back(coded(p.path, msg::nests_too_deep, {std::to_string(kMaxJsonDepth)}));
            else errors.push_back(coded(p.path, msg::given_twice));
        }
        return failure(errors);
    }
    json request = json::parse(request_json.begin(), request_json.end(), nullptr, /*allow_exceptions=*/false);
    if (request.is_discarded()) return failure({coded("", msg::request_not_valid_json)});
    if (!request.is_object()) return failure({coded("", msg::request_not_object)});
    // "lang" says which language the messages are for; it is not part of any job.
    if (auto it = request.find("lang"); it != request.end()) {
        if (!it->is_string() || !is_supported_language(it->get_ref<const std::string&>()))
            return failure({coded("lang", msg::not_one_of, {"en, ja"})});
        lang = it->get<std::string>();
        request.erase(it);
    }
    json response = dispatch(catalogue, request, write_catalog);
    // An answer that breaks what any answer must satisfy is not given (invariants.hpp).
    if (const std::vector<Violation> broken = check_response(catalogue, request, response); !broken.empty()) {
        std::vector<FieldError> errors;
        for (const Violation& v : broken) errors.push_back(coded(v.field, msg::internal_check, {v.what}));
        return failure(errors);
    }
    return response;
}

}  // namespace

Answer answer(const Catalogue& catalogue, std::string_view request_json, CatalogWriter write_catalog) {
    Answer out;
    try {
        out.response = respond(catalogue, request_json, write_catalog, out.lang);
    } catch (const std::exception& e) {
        out.response = failure({coded("", msg::internal_error_what, {e.what()})});
    } catch (...) {
        out.response = failure({coded("", msg::internal_error_bare)});
    }
    return out;
}

Answer answer(const CatalogueLoad& load, std::string_view request_json) {
    if (load.ok()) return answer(load.catalogue, request_json);
    std::vector<FieldError> errors;
    for (const Diagnostic& e : load.errors) errors.push_back(coded("", msg::catalogue_error, {e.to_string()}));
    return {failure(errors)};
}

std::string response_text(nlohmann::json response) { return text(std::move(response)); }

}  // namespace planner
