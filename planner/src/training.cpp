#include "planner/training.hpp"

#include <cmath>

#include "planner/request_reader.hpp"

namespace planner {

using nlohmann::json;

namespace {
// Bounds that separate a real job from a typo. The largest published dense models are ~2e12
// parameters and the largest corpora ~1e14 tokens; the bounds leave two orders of magnitude.
constexpr double kMaxParameters = 1e15;
constexpr double kMaxTokens = 1e17;
constexpr double kMaxInstances = 100000;
constexpr double kMaxTflops = 100000;
constexpr double kSecondsPerDay = 86400;
}  // namespace

Checked<TrainingRequest> read_training_request(const json& request) {
    RequestReader in(request);
    Checked<TrainingRequest> out;
    TrainingRequest& r = out.value;
    in.reject_unknown("", {"api", "kind", "model", "tokens", "recompute", "precision", "instance", "instance_count", "mfu",
                           "achieved_tflops"});
    in.reject_unknown("model", {"parameters"});
    if (const json* model = in.find("model"); model && !model->is_object()) in.fail("model", "must be an object");
    if (auto p = in.number("model.parameters", {0, true, kMaxParameters, false}, true)) r.parameters = *p;
    if (auto d = in.number("tokens", {0, true, kMaxTokens, false}, true)) r.tokens = *d;
    if (auto rc = in.text("recompute", {"none", "selective", "full"}, false))
        r.recompute = *rc == "full" ? Recompute::full : *rc == "selective" ? Recompute::selective : Recompute::none;
    if (auto pr = in.text("precision", {"fp32", "tf32", "bf16", "fp16", "fp8", "int8"}, false)) r.precision = *pr;
    if (auto id = in.text("instance", {}, true)) r.instance = *id;
    if (auto n = in.number("instance_count", {1, false, kMaxInstances, true}, true)) r.instance_count = int(*n);
    const std::size_t before = in.errors().size();
    r.mfu = in.number("mfu", {0, true, 1, false}, false);
    r.achieved_tflops = in.number("achieved_tflops", {0, true, kMaxTflops, false}, false);
    const bool throughput_errors = in.errors().size() > before;
    if (r.mfu && r.achieved_tflops)
        in.fail("achieved_tflops", "give either mfu or achieved_tflops, not both");
    else if (!r.mfu && !r.achieved_tflops && !throughput_errors)
        in.fail("mfu", "is required (or give achieved_tflops per accelerator)");
    out.errors = std::move(in.errors());
    return out;
}

Checked<TrainingResult> estimate_training(const Catalogue& catalogue, const TrainingRequest& req) {
    Checked<TrainingResult> out;
    TrainingResult& r = out.value;
    const Instance* inst = catalogue.find(req.instance);
    if (!inst) {
        out.errors.push_back({"instance", "unknown instance type \"" + req.instance + "\""});
        return out;
    }
    r.accelerators = req.instance_count * int(inst->accelerator_count.value);
    if (r.accelerators < 1) {
        out.errors.push_back({"instance", inst->id + " has no accelerator to train on"});
        return out;
    }
    const Accelerator& chip = catalogue.accelerator_of(*inst);
    if (auto peak = chip.peak_tflops.find(req.precision); peak != chip.peak_tflops.end())
        r.peak_tflops = peak->second.value;

    if (req.achieved_tflops) {
        r.achieved_tflops = *req.achieved_tflops;
        if (r.peak_tflops) {
            if (r.achieved_tflops > *r.peak_tflops) {
                out.errors.push_back({"achieved_tflops", "is above the accelerator's dense " + req.precision +
                                                             " peak of " + format_number(*r.peak_tflops) + " TFLOPS"});
                return out;
            }
            r.mfu = r.achieved_tflops / *r.peak_tflops;
        }
    } else if (req.mfu) {
        if (!r.peak_tflops) {
            out.errors.push_back({"precision", inst->id + " has no published dense " + req.precision +
                                                   " peak; give achieved_tflops instead of mfu"});
            return out;
        }
        r.mfu = req.mfu;
        r.achieved_tflops = *r.peak_tflops * *req.mfu;
    }

    r.flops_per_parameter_token = req.recompute == Recompute::full ? 8 : 6;
    r.total_flops = r.flops_per_parameter_token * req.parameters * req.tokens;
    r.seconds = r.total_flops / (double(r.accelerators) * r.achieved_tflops * 1e12);
    r.days = r.seconds / kSecondsPerDay;
    r.accelerator_hours = r.seconds / 3600 * r.accelerators;
    r.instance_hours = r.seconds / 3600 * req.instance_count;
    if (inst->price) {
        r.price_usd_per_hour = inst->price->usd_per_hour.value;
        r.cost_usd = r.instance_hours * *r.price_usd_per_hour;
        const Figure& price = inst->price->usd_per_hour;
        r.price_as_of = catalogue.as_of(price);
    }
    if (!std::isfinite(r.seconds) || !std::isfinite(r.total_flops) || (r.cost_usd && !std::isfinite(*r.cost_usd)))
        out.errors.push_back({"tokens", "the job is too large to estimate"});
    return out;
}

void to_json(json& j, const TrainingResult& r) {
    j = json{{"flops_per_parameter_token", r.flops_per_parameter_token},
             {"total_flops", r.total_flops},
             {"accelerators", r.accelerators},
             {"achieved_tflops", r.achieved_tflops},
             {"seconds", r.seconds},
             {"days", r.days},
             {"accelerator_hours", r.accelerator_hours},
             {"instance_hours", r.instance_hours}};
    if (r.peak_tflops) j["peak_tflops"] = *r.peak_tflops;
    if (r.mfu) j["mfu"] = *r.mfu;
    if (r.cost_usd) {
        j["cost_usd"] = *r.cost_usd;
        j["price_usd_per_hour"] = *r.price_usd_per_hour;
        j["price_as_of"] = r.price_as_of;
    }
}

}  // namespace planner
