#include "planner/layout_search.hpp"
#include "planner/response_fields.hpp"
#include "planner/response_writer.hpp"

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

namespace {
namespace st = results::step;
using S = StepTime;
using O = LayoutOption;
constexpr Put<StepTime> kStepOut[] = {
    put<&S::micro_batches>(st::micro_batches), put<&S::global_batch>(st::global_batch), put<&S::tokens>(st::tokens),
    put<&S::compute>(st::compute), put<&S::memory>(st::memory), put<&S::optimizer>(st::optimizer),
    put<&S::stages>(st::stages), put<&S::bubble>(st::bubble), put<&S::tensor>(st::tensor),
    put<&S::tensor_exposed>(st::tensor_exposed), put<&S::pipeline>(st::pipeline),
    put<&S::pipeline_exposed>(st::pipeline_exposed), put<&S::expert>(st::expert),
    put<&S::expert_exposed>(st::expert_exposed), put<&S::context>(st::context),
    put<&S::context_exposed>(st::context_exposed), put<&S::data>(st::data), put<&S::data_exposed>(st::data_exposed),
    put<&S::overlap>(st::overlap), put<&S::step>(st::step_seconds), put<&S::efficiency>(st::efficiency),
    put<&S::data_over_network>(st::data_over_network), put<&S::pipeline_over_network>(st::pipeline_over_network),
    put<&S::expert_over_network>(st::expert_over_network), put<&S::context_over_network>(st::context_over_network)};

namespace alt = results::train::alternative;
constexpr Put<LayoutOption> kOptionOut[] = {
    put<&O::layout>(alt::layout), put<&O::step>(alt::step),
    put<&O::memory, &MemoryBreakdown::total>(alt::memory_bytes), put<&O::slower>(alt::slower),
    put_filled<&O::lost_on>(alt::lost_on)};
}  // namespace

void to_json(json& j, const StepTime& s) { write_fields(j, s, kStepOut); }
void to_json(json& j, const LayoutOption& o) { write_fields(j, o, kOptionOut); }

}  // namespace planner
