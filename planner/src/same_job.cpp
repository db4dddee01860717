#include "planner/same_job.hpp"

#include <initializer_list>
#include <string>

#include "planner/training.hpp"

namespace planner {

using nlohmann::json;

namespace {

void erase(json& j, std::initializer_list<const char*> keys) {
    for (const char* key : keys) j.erase(key);
}

std::vector<FieldError> under_like(const std::vector<FieldError>& errors) {
    std::vector<FieldError> out;
    for (const FieldError& e : errors) out.push_back({e.field.empty() ? "like" : "like." + e.field, e.message, e.code, e.args});
    return out;
}

// A training job settles its count (or keeps the deadline or budget that sets one on each type)
// and, with a utilisation of the user's own, the MFU it comes to.
bool train_job(const Catalogue& catalogue, const json& like, json& job, std::vector<FieldError>& errors) {
    const Checked<TrainingRequest> read = read_training_request(catalogue, like);
    if (!read.ok()) {
        errors = under_like(read.errors);
        return false;
    }
    const Checked<TrainingResult> planned = estimate_training(catalogue, read.value);
    if (!planned.ok()) {
        errors = under_like(planned.errors);
        return false;
    }
    erase(job, {"instance_count", "deadline_days", "budget_usd", "mfu", "hfu", "achieved_tflops", "matrix_utilisation", "layout",
                "micro_batch"});
    if (like.contains("deadline_days")) job["deadline_days"] = like["deadline_days"];
    else if (like.contains("budget_usd")) job["budget_usd"] = like["budget_usd"];
    else job["instance_count"] = planned.value.instances;
    // A utilisation of the user's own is carried to every type as the MFU it came to here; without
    // one, each type is predicted from its own hardware, as this plan was.
    const bool own_utilisation = like.contains("mfu") || like.contains("hfu") || like.contains("achieved_tflops") ||
                                 like.contains("matrix_utilisation");
    if (own_utilisation && planned.value.mfu) job["mfu"] = *planned.value.mfu;
    return true;
}

}  // namespace

Checked<json> same_job(const Catalogue& catalogue, const json& like) {
    Checked<json> out;
    const auto kind = like.find("kind");
    const std::string k = kind != like.end() && kind->is_string() ? kind->get<std::string>() : "";
    // The request as its own plan reads it (the language is the answer's, not the plan's).
    json own = like;
    own.erase("lang");
    json& job = out.value = own;
    erase(job, {"api", "instance"});
    if (k == "train") train_job(catalogue, own, job, out.errors);
    else if (k == "serve") job.erase("tensor_parallel");
    else if (k != "infer") out.errors.push_back({"like.kind", "must be one of: train, infer, serve"});
    return out;
}

}  // namespace planner
