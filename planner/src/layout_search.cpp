#include "planner/layout_search.hpp"
#include "planner/json_members.hpp"

#include <algorithm>

namespace planner {

using nlohmann::json;

namespace {
constexpr int kMaxPipelineWithoutArchitecture = 64;

double per_token(const StepTime& s) { return s.step / s.tokens; }

bool faster(const LayoutOption& a, const LayoutOption& b) {
    const double x = per_token(a.step), y = per_token(b.step);
    if (x != y) return x < y;
    return a.memory.total < b.memory.total;
}

// The step's terms a runner-up can lose on, by name: the exposed share of each collective.
struct Term {
    const char* name;
    double StepTime::*seconds;
};
constexpr Term kTerms[] = {{"compute", &StepTime::compute},          {"stages", &StepTime::stages},
                           {"bubble", &StepTime::bubble},            {"tensor", &StepTime::tensor_exposed},
                           {"pipeline", &StepTime::pipeline_exposed}, {"data", &StepTime::data_exposed},
                           {"expert", &StepTime::expert_exposed},            {"context", &StepTime::context_exposed}};

// The term, per token, that grew most from the fastest layout to this one.
std::string lost_on(const StepTime& s, const StepTime& best) {
    auto growth = [&](const Term& t) { return s.*t.seconds / s.tokens - best.*t.seconds / best.tokens; };
    return std::max_element(std::begin(kTerms), std::end(kTerms),
                            [&](const Term& a, const Term& b) { return growth(a) < growth(b); })
        ->name;
}
}  // namespace

const std::vector<std::string>& lost_on_terms() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const Term& t : kTerms) out.emplace_back(t.name);
        return out;
    }();
    return names;
}

TimedLayouts fastest_layouts(const StepInputs& base, const MemoryLimits& limits, int instances, std::size_t keep) {
    TimedLayouts out;
    const TrainedModel& model = base.model;
    const long per_instance = base.accelerators_per_instance;
    const long n = long(instances) * per_instance;
    const long max_pipeline = model.architecture() ? model.architecture()->layers : kMaxPipelineWithoutArchitecture;
    const long max_context = most_context(model.transformer);
    const long max_expert = model.experts() ? model.experts()->count : 1;
    const int micro_batch = base.layout.micro_batch;
    std::vector<LayoutOption>& ranked = out.ranked;
    StepInputs in = base;
    auto consider = [&](const Layout& shape) {
        std::optional<LayoutOption> option;
        const bool replicated = shape.data * shape.context > 1;  // ZeRO needs replicas to shard over
        for (int zero = replicated ? 1 : 0; zero <= (replicated ? 3 : 0); ++zero) {
            Layout layout = shape;
            layout.zero = zero;
            MemoryBreakdown m = memory_per_accelerator(model, layout, limits.recompute, limits.capacity, limits.headroom);
            if (!m.fits) continue;
            in.layout = layout;
            option = LayoutOption{layout, step_time(in), m, 0, {}};
            break;
        }
        if (!option) return;
        ++out.candidates;
        // Keep the `keep` fastest, in order.
        auto at = std::upper_bound(ranked.begin(), ranked.end(), *option, faster);
        if (std::size_t(at - ranked.begin()) < keep) {
            ranked.insert(at, std::move(*option));
            if (ranked.size() > keep) ranked.pop_back();
        }
    };
    for (long t = 1; t <= per_instance; t *= 2) {
        if (per_instance % t) break;
        for (long p = 1; p <= max_pipeline && t * p <= n; p *= 2) {
            if (n % (t * p)) break;
            for (long c = 1; c <= max_context && t * p * c <= n; c *= 2) {
                if (n % (t * p * c)) break;
                const long d = n / (t * p * c);
                // Expert ranks come from the data-parallel ones; each holds E/e whole experts.
                for (long e = 1; e <= max_expert && e <= d; e *= 2) {
                    if (d % e || max_expert % e) break;
                    Layout shape{int(t), int(p), int(d), 0, micro_batch};
                    shape.context = int(c);
                    shape.expert = int(e);
                    consider(shape);
                }
            }
        }
    }
    for (std::size_t i = 1; i < ranked.size(); ++i) {
        ranked[i].slower = per_token(ranked[i].step) / per_token(ranked[0].step) - 1;
        ranked[i].lost_on = lost_on(ranked[i].step, ranked[0].step);
    }
    return out;
}

void to_json(json& j, const StepTime& s) {
    members(j, {{"micro_batches", s.micro_batches},
                {"global_batch", s.global_batch},
                {"tokens", s.tokens},
                {"compute_seconds", s.compute},
                {"memory_seconds", s.memory},
                {"optimizer_seconds", s.optimizer},
                {"stages_seconds", s.stages},
                {"bubble_seconds", s.bubble},
                {"tensor_seconds", s.tensor},
                {"tensor_exposed_seconds", s.tensor_exposed},
                {"pipeline_seconds", s.pipeline},
                {"pipeline_exposed_seconds", s.pipeline_exposed},
                {"expert_seconds", s.expert},
                {"expert_exposed_seconds", s.expert_exposed},
                {"context_seconds", s.context},
                {"context_exposed_seconds", s.context_exposed},
                {"data_seconds", s.data},
                {"data_exposed_seconds", s.data_exposed},
                {"overlap", s.overlap},
                {"step_seconds", s.step},
                {"efficiency", s.efficiency},
                {"data_over_network", s.data_over_network},
                {"pipeline_over_network", s.pipeline_over_network},
                {"expert_over_network", s.expert_over_network},
                {"context_over_network", s.context_over_network}});
}

void to_json(json& j, const LayoutOption& o) {
    members(j, {{"layout", o.layout}, {"step", o.step}, {"memory_bytes", o.memory.total}, {"slower", o.slower}});
    if (!o.lost_on.empty()) j["lost_on"] = o.lost_on;
}

}  // namespace planner
