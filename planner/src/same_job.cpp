#include "planner/same_job.hpp"

#include "planner/messages.hpp"

#include <initializer_list>
#include <string>

#include "planner/request_fields.hpp"
#include "planner/training.hpp"

namespace planner {

using nlohmann::json;

namespace {

void erase(json& j, std::initializer_list<const char*> keys) {
    for (const char* key : keys) j.erase(key);
}


// A training job settles its count (or keeps the deadline or budget that sets one on each type)
// and, with a utilisation of the user's own, the MFU it comes to.
bool train_job(const Catalogue& catalogue, const json& like, json& job, std::vector<FieldError>& errors) {
    const Checked<TrainingRequest> read = read_training_request(catalogue, like);
    if (!read.ok()) {
        errors = nested(read.errors, "like");
        return false;
    }
    const Checked<TrainingResult> planned = estimate_training(catalogue, read.value);
    if (!planned.ok()) {
        errors = nested(planned.errors, "like");
        return false;
    }
    namespace f = fields::train;
    erase(job, {f::instance_count.path, f::deadline_days.path, f::budget_usd.path, f::mfu.path, f::hfu.path,
                f::achieved_tflops.path, f::matrix_utilisation.path, f::layout.path, f::micro_batch.path});
    const TrainingRequest& asked = read.value;
    if (asked.deadline_days) job[f::deadline_days.path] = *asked.deadline_days;
    else if (asked.budget_usd) job[f::budget_usd.path] = *asked.budget_usd;
    else job[f::instance_count.path] = planned.value.instances;
    // A utilisation of the user's own is carried to every type as the MFU it came to here; without
    // one, each type is predicted from its own hardware, as this plan was.
    const bool own_utilisation = asked.mfu || asked.hfu || asked.achieved_tflops || asked.matrix_utilisation;
    if (own_utilisation && planned.value.mfu) job[f::mfu.path] = *planned.value.mfu;
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
    else if (k != "infer") out.errors.push_back(coded("like.kind", msg::not_one_of, {"train, infer, serve"}));
    return out;
}

}  // namespace planner
