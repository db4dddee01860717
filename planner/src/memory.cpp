#include "planner/memory.hpp"
#include "planner/response_fields.hpp"
#include "planner/response_writer.hpp"

#include <algorithm>
#include <cmath>

namespace planner {

using nlohmann::json;

namespace {
constexpr int kMaxPipelineWithoutArchitecture = 64;
constexpr int kMaxSearchAccelerators = 1 << 20;
}  // namespace

TrainedModel TrainedModel::dense(double parameters, std::optional<Transformer> shape) {
    TrainedModel m;
    if (shape) m.transformer = std::move(*shape);
    m.transformer.parameters = m.transformer.active_parameters = parameters;
    m.transformer.experts.reset();
    return m;
}

double attention_score_bytes_per_layer(const Transformer& arch, const Layout& layout) {
    const double s = double(arch.sequence) / layout.context, keys = arch.sequence;
    return 5.0 * arch.heads * s * keys * layout.micro_batch / layout.tensor;
}

double routed_activation_per_sbh(const Transformer& arch, double t, bool sequence_parallel, bool copies) {
    const Experts* e = arch.experts ? &*arch.experts : nullptr;
    if (!e || e->count <= 0 || e->per_token <= 0 || arch.hidden <= 0) return 0;
    const double h = arch.hidden, k = e->per_token, g = arch.gated ? 2 : 1;
    const double f = e->ffn > 0 ? e->ffn : arch.ffn > 0 ? arch.ffn : 4 * h;
    const double shared = e->shared * f + e->shared_ffn;
    const double split = sequence_parallel ? t : 1;  // the copies are of tokens, split by sequence parallelism
    const double routed = (copies ? 4 * k / split : 0) + (2 * k * (g + 1) * f + 2 * (g + 1) * shared) / h / t +
                          4.0 * e->count / h / split;
    const double dense = sequence_parallel ? 19 / t : 3 + 16 / t;
    const double layers = std::max(1, arch.layers);
    return (routed + 2 / split - dense) * std::max(0.0, layers - e->dense_layers) / layers;
}

double activation_bytes_per_layer(const Transformer& arch, const Layout& layout, Recompute recompute,
                                  bool flash_attention, bool sequence_parallel, bool routed_copies) {
    const double s = double(arch.sequence) / layout.context;
    const double b = layout.micro_batch, h = arch.hidden, t = layout.tensor;
    const double between = (sequence_parallel ? 34 / t : 10 + 24 / t) +
                           routed_activation_per_sbh(arch, t, sequence_parallel, routed_copies);  // the layer's tensors, per s·b·h
    switch (recompute) {
        case Recompute::none:
            return s * b * h * between + (flash_attention ? 0 : attention_score_bytes_per_layer(arch, layout));
        case Recompute::selective: return s * b * h * between;
        case Recompute::full: return 2 * s * b * h / (sequence_parallel ? t : 1);
    }
    return 0;
}

MemoryBreakdown memory_per_accelerator(const TrainedModel& model, const Layout& layout, Recompute recompute,
                                       double capacity_bytes, double headroom) {
    MemoryBreakdown m;
    const double mp = double(layout.tensor) * layout.pipeline;
    const double replicas = double(layout.data) * layout.context;  // ranks that hold the same weights
    const double experts = routed_parameters(model.transformer);
    // Parameters per rank of each kind; ZeRO shards a kind over its replicas: d·c for the rest, d·c/e
    // for the experts (each expert lives on d·c/e ranks), so a fully sharded parameter is on one rank.
    auto per_rank = [&](double rest, double routed, bool sharded) {
        return rest / mp / (sharded ? replicas : 1) +
               routed / (mp * layout.expert) / (sharded ? replicas / layout.expert : 1);
    };
    const double rest = model.parameters() - experts;
    const ParameterBytes& bytes = model.bytes;
    if (model.adapters) {  // a frozen base (weights only) and trainable adapters beside the dense part
        const double adapters = model.adapters->parameters;
        m.weights = per_rank(rest, experts, layout.zero >= 3) * model.adapters->base_weight_bytes +
                    per_rank(adapters, 0, layout.zero >= 3) * bytes.weights;
        m.gradients = per_rank(adapters, 0, layout.zero >= 2) * bytes.gradients;
        m.optimizer = per_rank(adapters, 0, layout.zero >= 1) * bytes.optimizer;
    } else {
        m.weights = per_rank(rest, experts, layout.zero >= 3) * bytes.weights;
        m.gradients = per_rank(rest, experts, layout.zero >= 2) * bytes.gradients;
        m.optimizer = per_rank(rest, experts, layout.zero >= 1) * bytes.optimizer;
    }
    m.total = m.weights + m.gradients + m.optimizer;
    if (const Transformer* arch = model.architecture()) {
        const double per_layer = activation_bytes_per_layer(*arch, layout, recompute, model.flash_attention,
                                                          model.sequence_parallel);
        // The interleaved schedule starts more micro-batches before the first backward pass:
        // 1 + (p − 1)/(p·v) times the 1F1B figure on the first stage (Korthikanti et al. 2022, §4.2.3).
        const double p = layout.pipeline, v = layout.interleave;
        const double in_flight = p > 1 && v > 1 ? 1 + (p - 1) / (p * v) : 1;
        m.activations = per_layer * arch->layers * in_flight;
        m.total += *m.activations;
    }
    m.capacity = capacity_bytes;
    m.usable = capacity_bytes * (1 - headroom);
    m.fits = m.total <= m.usable;
    return m;
}

MemoryBreakdown memory_per_accelerator(double parameters, const std::optional<Transformer>& arch,
                                       const Layout& layout, Recompute recompute, double capacity_bytes,
                                       double headroom) {
    TrainedModel model = TrainedModel::dense(parameters, arch);
    model.sequence_parallel = TrainedModel::sequence_parallel_by_default(recompute);
    return memory_per_accelerator(model, layout, recompute, capacity_bytes, headroom);
}

namespace {

struct Candidate {
    Layout layout;
    MemoryBreakdown memory;
};

// Calls visit(layout) for every power-of-two layout over n accelerators in the order of preference
// (least model parallelism, tensor × pipeline, first; then the lowest ZeRO stage; then the
// shallowest pipeline) until visit returns true. Generated in that order rather than sorted: the
// compare sweep runs this for every instance type and count.
template <class Visit>
bool for_each_layout(long n, int per_instance, int max_pipeline, int micro_batch, const Visit& visit) {
    const long most_model_parallel = long(per_instance) * max_pipeline;
    for (long mp = 1; mp <= n && mp <= most_model_parallel; mp *= 2) {
        if (n % mp) continue;
        for (int zero = 0; zero <= 3; ++zero)
            for (long p = 1; p <= mp && p <= max_pipeline; p *= 2) {
                const long t = mp / p;
                if (t > per_instance || per_instance % t) continue;
                if (visit(Layout{int(t), int(p), int(n / mp), zero, micro_batch})) return true;
            }
    }
    return false;
}

// The first layout, in order of preference, that fits; until one does, `closest` keeps the one
// that needs the least memory.
std::optional<Candidate> first_fit(const TrainedModel& model, Recompute recompute, long n, int per_instance,
                                   double capacity, double headroom, int micro_batch, Candidate& closest) {
    const Transformer* arch = model.architecture();
    const int max_pipeline = arch ? arch->layers : kMaxPipelineWithoutArchitecture;
    std::optional<Candidate> fit;
    for_each_layout(n, per_instance, max_pipeline, micro_batch, [&](const Layout& layout) {
        MemoryBreakdown m = memory_per_accelerator(model, layout, recompute, capacity, headroom);
        if (m.fits) {
            fit = Candidate{layout, m};
            return true;
        }
        if (closest.memory.capacity == 0 || m.total < closest.memory.total) closest = {layout, m};
        return false;
    });
    return fit;
}

// Whether any layout fits on n accelerators, judged by the one that needs the least memory: ZeRO-3
// shards weights, gradients and optimizer state over all n (16 P / n bytes per accelerator, whatever
// the degrees), and activations shrink as the tensor degree grows and do not depend on the pipeline
// degree (memory_per_accelerator: every stage holds a whole model's worth of micro-batches in
// flight; the search does not interleave, which would add more), and shrink with the context
// degree. So ZeRO-3 with the widest tensor degree an instance allows, the widest context degree the
// sequence allows and no pipeline needs no more than any other layout (the expert degree does not
// matter under ZeRO-3: every parameter is on one rank): one evaluation instead of the whole enumeration, for each count the search for the fewest
// instances tries.
bool some_layout_fits(const TrainedModel& model, Recompute recompute, long n, int per_instance, double capacity,
                      double headroom, int micro_batch) {
    return memory_per_accelerator(model, leanest_layout(n, per_instance, micro_batch, most_context(model.transformer)),
                                  recompute, capacity, headroom)
        .fits;
}

}  // namespace

int most_context(const Transformer& model) {
    int c = 1;
    while (model.has_shape() && model.sequence / (2 * c) >= kLeastContextChunk) c *= 2;
    return c;
}

Layout leanest_layout(long accelerators, int per_instance, int micro_batch, int max_context) {
    int widest = 1;
    while (widest * 2 <= per_instance && per_instance % (widest * 2) == 0) widest *= 2;
    int context = 1;
    while (context * 2 <= max_context && (accelerators / widest) % (context * 2) == 0) context *= 2;
    Layout l{widest, 1, int(accelerators / widest / context), 3, micro_batch};
    l.context = context;
    return l;
}

LayoutSearch find_layout(double parameters, const std::optional<Transformer>& arch, Recompute recompute,
                         int instances, int per_instance, double capacity, double headroom, int micro_batch) {
    return find_layout(TrainedModel::dense(parameters, arch), recompute, instances, per_instance, capacity, headroom,
                       micro_batch);
}

LayoutSearch find_layout(const TrainedModel& model, Recompute recompute, int instances, int per_instance,
                         double capacity, double headroom, int micro_batch) {
    LayoutSearch out;
    Candidate closest;
    const long n = long(instances) * per_instance;
    if (auto fit = first_fit(model, recompute, n, per_instance, capacity, headroom, micro_batch, closest)) {
        out.layout = fit->layout;
        out.memory = fit->memory;
        return out;
    }
    out.memory = closest.memory;
    // The fewest instances at which some layout fits: double until one does, then narrow down.
    auto fits_at = [&](long k) {
        return some_layout_fits(model, recompute, k * per_instance, per_instance, capacity, headroom, micro_batch);
    };
    long low = instances, high = instances;
    while (!fits_at(high)) {
        low = high;
        high *= 2;
        if (high * per_instance > kMaxSearchAccelerators) return out;
    }
    while (high - low > 1) {
        const long mid = low + (high - low) / 2;
        (fits_at(mid) ? high : low) = mid;
    }
    out.minimum_instances = int(high);
    return out;
}

namespace {
using L = Layout;
using M = MemoryBreakdown;
// The newer degrees appear where they are used, so dense short-context plans read as before.
constexpr Put<Layout> kLayoutOut[] = {
    put<&L::tensor>(results::layout::tensor), put<&L::pipeline>(results::layout::pipeline),
    put<&L::data>(results::layout::data), put<&L::zero>(results::layout::zero),
    put<&L::micro_batch>(results::layout::micro_batch), put_above<1, &L::expert>(results::layout::expert),
    put_above<1, &L::context>(results::layout::context), put_above<1, &L::interleave>(results::layout::interleave)};

namespace mem = results::train::memory;
constexpr Put<MemoryBreakdown> kMemoryOut[] = {
    put<&M::weights>(mem::weights), put<&M::gradients>(mem::gradients), put<&M::optimizer>(mem::optimizer),
    put<&M::total>(mem::total), put<&M::capacity>(mem::capacity), put<&M::usable>(mem::usable),
    put<&M::fits>(mem::fits), put<&M::activations>(mem::activations)};
}  // namespace

void to_json(json& j, const Layout& l) { write_fields(j, l, kLayoutOut); }
void to_json(json& j, const MemoryBreakdown& m) { write_fields(j, m, kMemoryOut); }

}  // namespace planner
