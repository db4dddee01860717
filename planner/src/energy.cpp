#include "planner/energy.hpp"
#include "planner/response_fields.hpp"
#include "planner/response_writer.hpp"

#include <algorithm>

#include "planner/load_power.hpp"
#include "planner/messages.hpp"
#include "planner/request_fields.hpp"
#include "planner/request_reader.hpp"
#include "planner/serving.hpp"
#include "planner/training.hpp"

namespace planner {

ACCELGUIDE_DEFINE_OUT_OF_LINE_VALUE(EnergyRequest)

using nlohmann::json;

Checked<EnergyRequest> read_energy_request(const json& request) {
    RequestReader in(request, "energy");
    Checked<EnergyRequest> out;
    namespace f = fields::energy;
    const FootprintInputs shared = read_footprint_inputs(in, "");
    std::string work;  // the job's kind; its fields are read when each configuration plans it
    if (const json* w = in.find("work")) {
        in.take("work");
        const json* kind = w->is_object() ? &(*w)["kind"] : nullptr;
        if (!kind || !kind->is_string() || (*kind != "train" && *kind != "serve"))
            in.refuse("work", msg::work_shape);
        else if (w->contains("instance"))
            in.refuse("work.instance", msg::work_instance);
        else {
            work = kind->get<std::string>();
            out.value.work = *w;
        }
    }
    if (const json* list = in.list(f::configurations)) {
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string at = "configurations." + std::to_string(i) + ".";
            if (!(*list)[i].is_object()) {
                in.refuse(at.substr(0, at.size() - 1), msg::configuration_shape);
                continue;
            }
            EnergyConfiguration c;
            c.instance = in.text(fields::job::instance, at).value_or("");
            c.label = in.text(f::label, at).value_or(c.instance);
            // Without a job, each says how many for how long; with one, the job decides what it can.
            c.instances = in.number(f::instances.needed(work.empty()), at);
            c.hours = in.number(f::hours.needed(work.empty()), at);
            if (work == "train" && c.hours) in.refuse(at + "hours", msg::hours_from_training);
            if (work == "serve" && c.instances) in.refuse(at + "instances", msg::instances_from_serving);
            c.footprint = read_footprint_inputs(in, at);
            if (!c.footprint.region) c.footprint.region = shared.region;
            if (!c.footprint.pue) c.footprint.pue = shared.pue;
            if (!c.footprint.grid_kg_per_kwh) c.footprint.grid_kg_per_kwh = shared.grid_kg_per_kwh;
            if (!c.footprint.purchase_option) c.footprint.purchase_option = shared.purchase_option;
            if (!c.footprint.usd_jpy) c.footprint.usd_jpy = shared.usd_jpy;
            out.value.configurations.push_back(std::move(c));
        }
    }
    in.refuse_unused();
    out.errors = std::move(in.errors());
    return out;
}

namespace {

// The job of `work` on configuration `c`'s instance type, as a request: its footprint inputs too,
// so that its plan is priced and powered as the row is.
json job_on(const json& work, const EnergyConfiguration& c) {
    json job = work;
    job["api"] = 1;
    job["instance"] = c.instance;
    if (c.instances) job["instance_count"] = *c.instances;
    const FootprintInputs& f = c.footprint;
    if (f.region) job["region"] = *f.region;
    if (f.purchase_option) job["purchase_option"] = *f.purchase_option;
    if (f.price_usd_per_hour) job["price_usd_per_hour"] = *f.price_usd_per_hour;
    if (f.power_watts) job["power_watts"] = *f.power_watts;
    return job;
}

// A job's error as the energy request's: about the instance type or count, the configuration's
// field; about the job itself, under work.
FieldError placed(const FieldError& e, const std::string& at) {
    if (e.field == "instance") return at_field(e, at + "instance");
    if (e.field == "instance_count") return at_field(e, at + "instances");
    if (e.field == "price_usd_per_hour" || e.field == "region" || e.field == "purchase_option") return at_field(e, at + e.field);
    return at_field(e, "work." + e.field);
}

// Each configuration's count and hours from the job, and what its accelerators do: what the row
// then prices and powers.
void plan_work(const Catalogue& catalogue, const json& work, EnergyConfiguration& c, const std::string& at,
               std::vector<FieldError>& errors, std::optional<ActivityMix>& mix) {
    const json job = job_on(work, c);
    const bool training = work.at("kind") == "train";
    // An error of the job itself is the same on every configuration: said once.
    auto fail = [&](const std::vector<FieldError>& es) {
        for (const FieldError& e : es) {
            FieldError p = placed(e, at);
            if (std::none_of(errors.begin(), errors.end(), [&](const FieldError& x) { return x == p; }))
                errors.push_back(std::move(p));
        }
    };
    if (training) {
        // The count: the configuration's, else the job's own (a comparison's work keeps the count
        // its plan used), else the one a deadline or budget finds.
        const bool counted = c.instances || work.contains("instance_count");
        const bool searched = work.contains("deadline_days") || work.contains("budget_usd");
        if (!counted && !searched) {
            errors.push_back(coded(at + "instances", msg::configuration_instances_required));
            return;
        }
        auto plan = and_then(read_training_request(catalogue, job),
                             [&](const TrainingRequest& r) { return estimate_training(catalogue, r); });
        if (!plan.ok()) return fail(plan.errors);
        c.instances = plan.value.instances;
        c.hours = plan.value.seconds / 3600;
        mix = training_mix(plan.value.step);
        return;
    }
    auto plan = and_then(read_serving_request(catalogue, job),
                         [&](const ServingRequest& r) { return estimate_serving(catalogue, r); });
    if (!plan.ok()) return fail(plan.errors);
    c.instances = plan.value.fleet;
    if (!c.hours) c.hours = 1;
    mix = plan.value.fleet_mix;
}

// How much less `x` is than the baseline, in percent (negative when it is more).
std::optional<double> saving(const std::optional<double>& base, const std::optional<double>& x) {
    if (!base || !x || *base <= 0) return std::nullopt;
    return (1 - *x / *base) * 100;
}
}  // namespace

Checked<std::vector<EnergyRow>> compare_energy(const Catalogue& catalogue, const EnergyRequest& req) {
    Checked<std::vector<EnergyRow>> out;
    for (std::size_t i = 0; i < req.configurations.size(); ++i) {
        EnergyConfiguration c = req.configurations[i];
        const std::string at = "configurations." + std::to_string(i) + ".";
        const Instance* inst = catalogue.find(c.instance, at + "instance", out.errors);
        if (!inst) continue;
        std::optional<ActivityMix> mix;  // with work: what the job's accelerators do
        if (req.work) {
            const std::size_t before = out.errors.size();
            plan_work(catalogue, *req.work, c, at, out.errors, mix);
            if (out.errors.size() > before) continue;
        }
        const std::optional<LoadPower> load = mix ? load_power(catalogue, *inst, *mix) : std::nullopt;
        const double instances = c.instances.value_or(0), hours = c.hours.value_or(0);
        EnergyRow row{c.label, inst->id, instances, hours, instances * hours,
                      req.work ? req.work->at("kind").get<std::string>() : std::string(), {}, {}, {}, {}};
        auto fp = footprint(catalogue, *inst, row.instance_hours, c.footprint, at, load ? &*load : nullptr);
        if (!fp.ok()) {
            out.errors.insert(out.errors.end(), fp.errors.begin(), fp.errors.end());
            continue;
        }
        row.footprint = std::move(fp.value);
        out.value.push_back(std::move(row));
    }
    if (!out.ok()) return out;
    const Footprint& first = out.value.front().footprint;
    for (std::size_t i = 1; i < out.value.size(); ++i) {
        EnergyRow& row = out.value[i];
        row.energy_saving_percent = saving(first.energy_kwh, row.footprint.energy_kwh);
        row.co2e_saving_percent = saving(first.co2e_kg, row.footprint.co2e_kg);
        row.cost_saving_percent = saving(first.cost_usd, row.footprint.cost_usd);
    }
    return out;
}

namespace {
namespace out = results::energy;
using E = EnergyRow;
// A row's own fields; its footprint's join them (add_to_json). `work` only for a planned job.
constexpr Put<EnergyRow> kEnergyOut[] = {
    put<&E::label>(out::label), put<&E::instance>(out::instance), put<&E::instances>(out::instances),
    put<&E::hours>(out::hours), put<&E::instance_hours>(out::instance_hours),
    put<&E::footprint, &Footprint::notes>(results::notes), put_filled<&E::work>(out::work),
    put<&E::energy_saving_percent>(out::energy_saving), put<&E::co2e_saving_percent>(out::co2e_saving),
    put<&E::cost_saving_percent>(out::cost_saving)};
}  // namespace

void to_json(json& j, const EnergyRow& r) {
    write_fields(j, r, kEnergyOut);
    add_to_json(j, r.footprint);
}

}  // namespace planner
