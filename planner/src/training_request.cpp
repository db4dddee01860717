// Reading a training request: the model in any of its four forms, the job, the layout.
#include "planner/training.hpp"

#include <algorithm>

#include "planner/messages.hpp"
#include "planner/model_config.hpp"
#include "planner/model_limits.hpp"
#include "planner/request_fields.hpp"
#include "planner/request_reader.hpp"

namespace planner {

using nlohmann::json;

namespace {
// The fields and their bounds are declared in request_fields.hpp: they separate a real job from a
// typo (the largest published dense models are ~2e12 parameters and the largest corpora ~1e14
// tokens; the bounds leave two orders of magnitude).
namespace f = fields::train;
namespace fm = fields::trained_model;

// The precisions a chip may train at; int8 is an inference format.
const std::set<std::string> kTrainingPrecisions = {"fp32", "tf32", "bf16", "fp16", "fp8", "fp4"};

void read_catalogue_model(RequestReader& in, const Catalogue& catalogue, const std::string& id, TrainingRequest& r) {
    const Model* model = catalogue.model(id);
    if (!model) {
        in.refuse("model", msg::unknown_model, {id});
        return;
    }
    r.recipe_recompute = model->recompute;
    r.model = transformer_of(*model);  // without an architecture, trained from its parameter count
}

void read_model(RequestReader& in, const Catalogue& catalogue, TrainingRequest& r) {
    const json* model = in.find("model");
    if (!model) {
        in.refuse("model", msg::train_model_required);
        return;
    }
    if (model->is_string()) {
        in.take("model");
        read_catalogue_model(in, catalogue, model->get<std::string>(), r);
        return;
    }
    if (!model->is_object()) {
        in.refuse("model", msg::train_model_shape);
        return;
    }
    const int forms = int(model->contains("parameters")) + int(model->contains("architecture")) + int(model->contains("config"));
    if (forms != 1) {
        in.refuse("model", msg::parameters_or_architecture);
        return;
    }
    // The counts that model.parameters takes come from the architecture in the other two forms.
    if (!model->contains("parameters"))
        for (const char* count : {"active_parameters", "experts", "experts_per_token"})
            if (model->contains(count))
                in.refuse(std::string("model.") + count, msg::count_from_shape,
                          {model->contains("config") ? "config" : "architecture"});
    if (model->contains("config")) {
        r.model = read_model_config(in, "model.config");
        return;
    }
    if (model->contains("parameters")) {
        Transformer& m = r.model;
        m.id = "request";
        const auto parameters = in.number(fm::parameters.needed());
        const auto active = in.number(fm::active_parameters);
        auto experts = in.integer(fm::experts);
        auto per_token = in.integer(fm::experts_per_token);
        if (parameters) m.parameters = m.active_parameters = *parameters;
        if (parameters && active && *active > *parameters)
            in.refuse("model.active_parameters", msg::exceeds_parameters);
        else if (bool(experts) != bool(per_token) || (experts && !active))
            in.refuse("model.experts", msg::moe_needs_counts);
        else if (experts && *per_token >= *experts)
            in.refuse("model.experts_per_token", msg::fewer_than_experts);
        else if (experts)
            m.active_parameters = *active, m.experts = Experts{*experts, *per_token};
        else if (active)
            m.active_parameters = *active;
        return;
    }
    if (!(*model)["architecture"].is_object()) {
        in.refuse("model.architecture", msg::architecture_shape);
        return;
    }
    auto layers = in.integer(fm::layers);
    auto hidden = in.integer(fm::hidden);
    auto heads = in.integer(fm::heads);
    auto sequence = in.integer(fm::sequence);
    auto vocabulary = in.integer(fm::vocabulary);
    if (layers && hidden && heads && sequence && vocabulary) {
        if (*hidden % *heads) {
            in.refuse("model.architecture.heads", msg::divide_hidden);
        } else {
            r.model = Transformer::gpt(*layers, *hidden, *heads, *sequence, *vocabulary);
            r.model.id = "request";
            r.model.parameters = r.model.active_parameters = count_parameters(r.model).total;
        }
    }
}

void read_fine_tuning(RequestReader& in, TrainingRequest& r) {
    const json* f = in.find("fine_tuning");
    if (!f) return;
    if (!f->is_object()) {
        in.refuse("fine_tuning", msg::fine_tuning_shape);
        return;
    }
    FineTuning ft;
    if (auto m = in.text(f::fine_tuning_method))
        ft.method = *m == "lora" ? FineTuning::Method::lora : *m == "qlora" ? FineTuning::Method::qlora : FineTuning::Method::full;
    if (auto rank = in.integer(f::fine_tuning_rank)) ft.rank = *rank;
    if (const json* modules = in.take("fine_tuning.target_modules")) {
        const auto& known = lora_modules();
        if (!modules->is_array() || modules->empty()) {
            in.refuse("fine_tuning.target_modules", msg::target_modules_list);
        } else {
            ft.modules.clear();
            for (const json& m : *modules) {
                if (!m.is_string() || std::find(known.begin(), known.end(), m.get<std::string>()) == known.end()) {
                    in.refuse("fine_tuning.target_modules", msg::target_modules_list);
                    break;
                }
                ft.modules.push_back(m.get<std::string>());
            }
        }
    }
    // An adapter's rank is at most the smaller side of the matrix it adapts; every matrix has the
    // hidden size on one side.
    if (ft.method != FineTuning::Method::full && r.model.has_shape() && ft.rank > r.model.hidden)
        in.refuse("fine_tuning.rank", msg::lora_rank_exceeds_hidden, {std::to_string(r.model.hidden)});
    if (ft.method != FineTuning::Method::full && !r.model.has_shape() && r.model.parameters > 0)
        in.refuse("fine_tuning.method", msg::lora_needs_shape);
    r.fine_tuning = ft;
}

// The model, its sequence and fine-tuning, and how its activations are kept.
void read_shape(RequestReader& in, const Catalogue& catalogue, TrainingRequest& r) {
    read_model(in, catalogue, r);
    if (in.find("sequence")) {
        if (r.model.id == "request" && r.model.has_shape())
            in.refuse("sequence", msg::sequence_in_architecture);
        else if (auto s = in.integer(f::sequence)) r.sequence = *s;
    }
    if (r.model.has_shape() && r.sequence) r.model.sequence = *r.sequence;
    read_fine_tuning(in, r);
    if (const json* sp = in.take("sequence_parallel")) {
        if (sp->is_boolean()) r.sequence_parallel = sp->get<bool>();
        else in.refuse("sequence_parallel", msg::not_boolean);
    }
    if (const json* flash = in.take("flash_attention")) {
        if (flash->is_boolean()) r.flash_attention = flash->get<bool>();
        else in.refuse("flash_attention", msg::not_boolean);
    }
}

// How much it trains on, recomputed how, at what precision, on which instance type.
void read_recipe(RequestReader& in, TrainingRequest& r) {
    if (const json* tokens = in.find("tokens"); tokens && tokens->is_string()) {
        in.take("tokens");
        if (*tokens == "chinchilla") r.chinchilla = true;
        else in.refuse("tokens", msg::tokens_shape);
    } else {
        r.tokens = in.number(f::tokens);
    }
    auto recompute_of = [](const std::string& name) {
        return name == "full" ? Recompute::full : name == "selective" ? Recompute::selective : Recompute::none;
    };
    if (auto rc = in.text(f::recompute)) {
        r.recompute = recompute_of(*rc);
        r.recipe_recompute.reset();  // the request's own choice
    } else if (r.recipe_recompute) {
        r.recompute = recompute_of(r.recipe_recompute->value);
    }
    if (auto pr = in.text(f::precision)) {
        if (kTrainingPrecisions.count(*pr)) r.precision = *pr;
        else in.refuse("precision", msg::int8_not_for_training);
    }
    if (auto id = in.text(fields::job::instance)) r.instance = *id;
}

// How many instances: given, or the fewest for a deadline, or the most a budget buys.
void read_size(RequestReader& in, TrainingRequest& r) {
    const bool has_count = in.find("instance_count"), has_deadline = in.find("deadline_days"),
               has_budget = in.find("budget_usd");
    if (has_count && has_deadline) in.refuse("deadline_days", msg::count_or_deadline);
    else if (has_budget && (has_count || has_deadline))
        in.refuse("budget_usd", msg::count_deadline_budget);
    else if (has_deadline) r.deadline_days = in.number(f::deadline_days.needed());
    else if (has_budget) r.budget_usd = in.number(f::budget_usd.needed());
    else r.instance_count = in.integer(f::instance_count.needed());
}

// The throughput, as one of mfu, hfu, achieved_tflops or matrix_utilisation, and the scaling.
void read_rate(RequestReader& in, TrainingRequest& r) {
    r.mfu = in.number(f::mfu);
    r.hfu = in.number(f::hfu);
    r.achieved_tflops = in.number(f::achieved_tflops);
    if (r.mfu && r.hfu) in.refuse("hfu", msg::mfu_or_hfu);
    else if (r.mfu && r.achieved_tflops) in.refuse("achieved_tflops", msg::mfu_or_tflops);
    else if (r.hfu && r.achieved_tflops) in.refuse("achieved_tflops", msg::hfu_or_tflops);
    r.matrix_utilisation = in.number(f::matrix_utilisation);
    if (r.matrix_utilisation && (r.mfu || r.hfu || r.achieved_tflops))
        in.refuse("matrix_utilisation", msg::one_utilisation);
    r.scaling_efficiency = in.number(f::scaling_efficiency);
}

// The layout (given whole or in part), the batches, and how the traffic overlaps compute.
void read_schedule(RequestReader& in, TrainingRequest& r) {
    if (const json* layout = in.find("layout")) {
        if (!layout->is_object()) {
            in.refuse("layout", msg::layout_shape);
        } else {
            auto t = in.integer(f::tensor), p = in.integer(f::pipeline);
            auto z = in.integer(f::zero), mb = in.integer(f::layout_micro_batch);
            Layout l{t.value_or(1), p.value_or(1), 1, z.value_or(0), mb.value_or(1)};
            l.expert = in.integer(f::expert).value_or(1);
            l.context = in.integer(f::context).value_or(1);
            l.interleave = in.integer(f::interleave).value_or(1);
            if (l.expert > 1 && !r.model.mixture_of_experts()) in.refuse("layout.expert", msg::needs_moe);
            else if (r.model.mixture_of_experts() && r.model.experts->count % l.expert)
                in.refuse("layout.expert", msg::divide_experts, {std::to_string(r.model.experts->count)});
            if (l.interleave > 1 && l.pipeline == 1) in.refuse("layout.interleave", msg::interleave_needs_pipeline);
            r.layout = l;
        }
    }
    if (auto mb = in.integer(f::micro_batch)) r.micro_batch = *mb;
    r.global_batch = in.integer(f::global_batch);
    if (const json* overlap = in.find("overlap"); overlap && overlap->is_string()) {
        in.take("overlap");
        if (*overlap == "layer") r.overlap_by_layer = true;
        else in.refuse("overlap", msg::overlap_shape);
    } else
        r.overlap = in.number(f::overlap);
    r.tensor_overlap = in.number(f::tensor_overlap);
    r.pipeline_overlap = in.number(f::pipeline_overlap);
    r.expert_overlap = in.number(f::expert_overlap);
    if (auto dispatch = in.text(f::expert_dispatch)) r.deduplicated_dispatch = *dispatch == "deduplicated";
    if (auto split = in.text(f::pipeline_split)) r.balanced_stages = *split == "balanced";
    if (r.layout && in.find("micro_batch")) r.layout->micro_batch = r.micro_batch;
}

}  // namespace

Checked<TrainingRequest> read_training_request(const Catalogue& catalogue, const json& request) {
    RequestReader in(request, "train");
    Checked<TrainingRequest> out;
    TrainingRequest& r = out.value;
    read_shape(in, catalogue, r);
    read_recipe(in, r);
    read_size(in, r);
    read_rate(in, r);
    read_schedule(in, r);
    if (auto h = in.number(f::headroom)) r.headroom = *h;
    r.checkpoint_overhead = in.number(f::checkpoint_overhead);
    r.footprint = read_footprint_inputs(in, "");
    in.refuse_unused();
    out.errors = std::move(in.errors());
    return out;
}

}  // namespace planner
