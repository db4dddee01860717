#include "planner/step_time.hpp"

#include <algorithm>
#include <cmath>

namespace planner {

namespace {
constexpr double kActivationBytes = 2;       // bf16 activations and their gradients
constexpr double kGradientReduceBytes = 4;   // fp32 gradient reduction (Megatron-LM, DeepSpeed defaults)
constexpr double kWeightGatherBytes = 2;     // bf16 weights gathered
constexpr double kHiddenPerLayer = 128;      // h / L of GPT-3, Llama 2 7B, Llama 3 8B
// Each tensor passed between a layer's operations is written and read once forward, read again
// backward, and its gradient written and read once: five passes; a recomputed forward adds two.
constexpr double kPasses = 5, kPassesRecomputed = 7;

// What overlap leaves on the step of traffic that can run under compute.
double exposed(double traffic, double compute, double overlap) {
    return std::max((1 - overlap) * traffic, traffic - compute);
}
}  // namespace

double memory_traffic_per_layer(const Transformer& arch, const Layout& layout, Recompute recompute,
                                bool unfused_attention, bool sequence_parallel, bool in_place) {
    // Every tensor between operations, as without recompute; under selective recompute the scores
    // are recomputed, and pass through memory all the same when attention is not fused.
    const bool selective = recompute == Recompute::selective;
    const double between_operations =
        activation_bytes_per_layer(arch, layout, selective ? Recompute::selective : Recompute::none, !unfused_attention,
                                   sequence_parallel, !in_place);
    const double scores = selective && unfused_attention ? attention_score_bytes_per_layer(arch, layout) : 0;
    const double passes = recompute == Recompute::full ? kPassesRecomputed : kPasses;
    return passes * between_operations + kPassesRecomputed * scores;
}

// Rounded to a whole number: the cube root may differ in its last bit between glibc and the wasm
// module's libm, and every figure after it would carry that difference.
double hidden_of(double parameters) { return std::round(std::cbrt(parameters * kHiddenPerLayer / 12)); }

double attention_flops_per_token(const Transformer& a) {
    if (a.window)  // the windowed layers' fewer pairs (transformer.hpp)
        return 4.0 * a.layers * attention_pairs(a, a.sequence) / a.sequence * a.heads * a.head_width();
    return 2.0 * a.layers * a.sequence * a.heads * a.head_width();
}

double optimizer_update_bytes(const ParameterBytes& bytes, bool loss_scaling) {
    constexpr double kGradient = 4;  // the fp32 gradient buffer: read by the norm and by Adam, zeroed
    const bool master = bytes.weights < 4;
    const double weight = master ? kGradient + bytes.weights : 2 * bytes.weights;
    return 3 * kGradient + 2 * bytes.optimizer + weight + (loss_scaling ? 2 * kGradient : 0);
}

namespace {
// What one rank holds of the model, and how many ranks hold the same: the dense parameters over
// t·p, repeated on the d·c replicas; the routed experts also over e, repeated on d·c/e of them.
struct RankShare {
    double dense = 0, routed = 0;
    double dense_replicas = 1, routed_replicas = 1;
};
RankShare rank_share(const TrainedModel& model, const Layout& l) {
    const double mp = double(l.tensor) * l.pipeline, replicas = double(l.data) * l.context, e = l.expert;
    const double routed = routed_parameters(model.transformer);
    return {(model.parameters() - routed) / mp, routed / (mp * e), replicas, replicas / e};
}

// The parameters one accelerator updates: its share of the model's (of the adapters' with LoRA),
// divided among the replicas that hold the same ones when ZeRO shards the optimizer.
double updated_parameters(const TrainedModel& model, const Layout& l) {
    const RankShare held = rank_share(model, l);
    const bool sharded = l.zero >= 1;
    if (model.adapters)
        return model.adapters->parameters / (double(l.tensor) * l.pipeline) / (sharded ? held.dense_replicas : 1);
    return held.dense / (sharded ? held.dense_replicas : 1) +
           held.routed / (sharded ? std::max(1.0, held.routed_replicas) : 1);
}

// k per active parameter, k + 2 per adapter, and attention's products `attention` times over
// `attention_flops_per_token`.
double flops_per_token(const TrainedModel& model, double k, double attention) {
    const double adapters = model.adapters ? (k + 2) * model.adapters->parameters : 0;
    return k * model.active() + adapters +
           (model.architecture() ? attention_flops_per_token(*model.architecture()) * attention : 0);
}
}  // namespace

double training_flops_per_token(const TrainedModel& model, double k, bool full_recompute) {
    // Unfused attention multiplies the whole s × s and masks it afterwards: twice the causal half.
    return flops_per_token(model, k, (full_recompute ? 4 : 3) * (model.flash_attention ? 1 : 2));
}

double model_flops_per_token(const TrainedModel& model, double k) { return flops_per_token(model, k, 3); }

namespace {

// What every term of a step reads: the layout's degrees and the model's shape as this step sees them.
struct Step {
    const StepInputs& in;
    const Layout& l;
    const TrainedModel& model;
    const Transformer* arch;
    double t, p, d, b, c, e, v;  // the layout's degrees, micro-batch and interleave
    double h, layers, s;         // hidden size, layers, tokens per sequence
    bool recompute;
    double m = 0;                // micro-batches per replica
    double flops_per_token = 0;  // executed
    double message = 0;          // one micro-batch's activations at a layer boundary
    double stage_layers = 0;

    // Inside one instance the accelerators talk over their interconnect; a group that spans
    // instances moves at the pace of the network share of each accelerator.
    double bandwidth(bool over_network) const { return over_network ? in.network_bytes_per_second : in.link_bytes_per_second; }
};

Step step_of(const StepInputs& in) {
    const Layout& l = in.layout;
    const Transformer* arch = in.model.architecture();
    const double h = arch ? arch->hidden : hidden_of(in.model.parameters());
    Step g{in, l, in.model, arch, double(l.tensor), double(l.pipeline), double(l.data), double(l.micro_batch), double(l.context),
           double(l.expert), double(l.interleave), h, arch ? double(arch->layers) : std::max(1.0, h / kHiddenPerLayer),
           arch ? double(arch->sequence) : in.sequence, in.recompute == Recompute::full};
    g.flops_per_token = training_flops_per_token(g.model, in.flops_per_parameter_token, g.recompute);
    g.message = g.b * (g.s / g.c) * g.h * kActivationBytes;
    g.stage_layers = g.layers / g.p;
    return g;
}

// The micro-batches' work: the multiplies at their rate (given, or priced for this layout's shapes
// from a measured table), flash attention at its own, the memory-bound work and the update.
void price_compute(const Step& g, StepTime& out) {
    const StepInputs& in = g.in;
    const double m = g.m, b = g.b, s = g.s, t = g.t, p = g.p, c = g.c;
    out.executed_flops = g.flops_per_token * m * b * s / (t * p * c);
    // Without a shape, a GPT-style one of the layers and hidden size the parameters imply.
    const Transformer shape = g.arch ? *g.arch : Transformer::gpt(int(g.layers), int(g.h), 0, int(s), 0);
    double x = in.flops_per_second;
    const bool multiplies_only = in.multiplies_only || in.operators;
    double cast_bytes = 0;  // per layer and micro-batch: an fp8 recipe's quantization
    if (in.operators) {
        Transformer priced = shape;
        if (!g.arch) priced.heads = std::max(1, int(g.h / 128)), priced.vocabulary = 0;
        if (auto rate = layer_multiply_rate(*in.operators, in.precision, priced, g.l, g.model.experts())) {
            x = rate->flops_per_second;
            out.multiply_rate = rate->flops_per_second;
            out.multiply_rate_low = rate->low;
            out.multiply_rate_high = rate->high;
        }
        if (in.precision == "fp8") cast_bytes = fp8_cast_bytes(priced, g.l, g.model.experts());
    }
    // Flash attention's products at their own measured rate, when there is one.
    double attention_flops = 0;
    if (in.attention_flops_per_second > 0 && g.arch && g.model.flash_attention)
        attention_flops = attention_flops_per_token(*g.arch) * (g.recompute ? 4 : 3) * m * b * s / (t * p * c);
    if (in.memory_bytes_per_second > 0) {
        out.memory = (memory_traffic_per_layer(shape, g.l, in.recompute, g.arch && !g.model.flash_attention,
                                               g.model.sequence_parallel, in.deduplicated_dispatch) + cast_bytes) *
                     g.layers / p * m / in.memory_bytes_per_second;
    }
    if (in.memory_bytes_per_second > 0 && in.update_bytes > 0)
        out.optimizer = updated_parameters(g.model, g.l) * in.update_bytes / in.memory_bytes_per_second;
    // The update follows the micro-batches once, outside the pipeline's schedule.
    const double micro = (out.executed_flops - attention_flops) / x +
                         (attention_flops > 0 ? attention_flops / in.attention_flops_per_second : 0) +
                         (multiplies_only ? out.memory : 0);
    out.compute = micro + (multiplies_only ? out.optimizer : 0);
    out.memory = std::min(out.memory, out.compute);  // inside an end-to-end rate, at most all of it
    out.optimizer = std::min(out.optimizer, out.compute - out.memory);
}

// The pipeline's wait for its slowest stage and its bubble.
void price_pipeline_wait(const Step& g, StepTime& out) {
    const double p = g.p;
    const double pipelined = out.compute - out.optimizer;  // the micro-batches' work, inside X or not
    if (p > 1 && g.arch && g.arch->vocabulary > 0) {
        const double output = g.in.flops_per_parameter_token * double(g.arch->vocabulary) * g.h;  // per token
        const double rest = g.flops_per_token - output;  // the layers, and the embedding as counted
        const double layer = rest / g.layers;
        // Balanced: (L + 2)/p slots per stage, the first stage's first and the last stage's last
        // taken by the embedding and the loss; middle stages exist from p = 3.
        const double per_stage = (g.layers + 2) / p;
        const double slowest = g.in.balanced_stages
                                   ? std::max(p > 2 ? layer * per_stage : 0, layer * (per_stage - 1) + output)
                                   : rest / p + output;
        out.stages = pipelined * std::max(0.0, slowest / (g.flops_per_token / p) - 1);
    }
    out.bubble = (pipelined + out.stages) * (p - 1) / (g.v * g.m);
}

// Tensor-parallel all-reduces, pipeline sends and context-parallel key/value exchanges.
void price_model_parallel(const Step& g, StepTime& out) {
    const StepInputs& in = g.in;
    const Layout& l = g.l;
    const double t = g.t, m = g.m;
    const long per_instance = in.accelerators_per_instance;
    if (l.tensor > 1) {
        const double all_reduces = g.recompute ? 6 : 4;
        out.tensor = all_reduces * g.stage_layers * m * 2 * (t - 1) / t * g.message / in.link_bytes_per_second;
        out.tensor_exposed = exposed(out.tensor, out.compute, in.tensor_overlap);
    }
    if (l.pipeline > 1) {
        out.pipeline_over_network = long(l.tensor) * l.context * l.pipeline > per_instance;
        out.pipeline = 2 * g.v * m * g.message / t / g.bandwidth(out.pipeline_over_network);
        out.pipeline_exposed = exposed(out.pipeline, out.compute, in.pipeline_overlap);
    }
    if (l.context > 1) {
        out.context_over_network = long(l.tensor) * l.context > per_instance;
        const double width = g.arch ? g.arch->key_value_width() : g.h;
        const double passes = g.recompute ? 4 : 3;
        const double chunk = g.b * g.s * 2 * width / t * kActivationBytes;  // keys and values of the whole sequence
        out.context = passes * g.stage_layers * m * (g.c - 1) / g.c * chunk / g.bandwidth(out.context_over_network);
        out.context_exposed = exposed(out.context, out.compute, out.overlap);
    }
}

// A mixture of experts' all-to-alls, over the links or, between instances, the measured fabric.
void price_experts(const Step& g, StepTime& out) {
    const Experts* experts = g.model.experts();
    if (!experts || g.l.expert <= 1) return;
    const StepInputs& in = g.in;
    const double t = g.t, c = g.c, e = g.e, h = g.h;
    const long per_instance = in.accelerators_per_instance;
    out.expert_over_network = long(g.l.tensor) * g.l.context * g.l.expert > per_instance;
    const double all_to_alls = g.recompute ? 6 : 4;
    const double tokens = g.b * g.s / (t * c);  // a rank's, each micro-batch
    const double routed = tokens * experts->per_token * h * kActivationBytes;
    double one = (e - 1) / e * routed / g.bandwidth(out.expert_over_network);
    if (out.expert_over_network && in.fabric) {
        // The group's ranks per instance; the tokens bound for another instance cross the
        // network (once per expert, or once per instance deduplicated), the rest the links.
        const double group = std::max(1.0, std::min(e, double(per_instance) / (t * c)));
        const double network = in.deduplicated_dispatch
                                   ? tokens * expert_instances_reached(experts->count, experts->per_token, e / group) *
                                         h * kActivationBytes
                                   : (e - group) / e * routed;
        const double inside =
            (in.deduplicated_dispatch ? (group - 1) / group : (group - 1) / e) * routed / in.link_bytes_per_second;
        if (auto over = network_collective_seconds(*in.fabric, in.fabric->all_to_all, e, network))
            one = std::max(*over, inside);
    }
    out.expert = all_to_alls * g.stage_layers * g.m * one;
    out.expert_exposed = exposed(out.expert, out.compute, in.expert_overlap);
}

// The data-parallel (and context-parallel replicas') gradient reductions and weight gathers.
void price_data(const Step& g, StepTime& out) {
    const StepInputs& in = g.in;
    const Layout& l = g.l;
    const TrainedModel& model = g.model;
    const double t = g.t, p = g.p;
    const long per_instance = in.accelerators_per_instance;
    const double replicas = g.d * g.c;
    if (replicas <= 1) return;
    // Data-parallel peers sit t·p ranks apart: the group stays inside an instance only when
    // all of a model-parallel rank's replicas fit in one.
    out.data_over_network = l.accelerators() > per_instance;
    const double gradient_bytes = l.zero == 0   ? 2 * kGradientReduceBytes
                                  : l.zero < 3 ? kGradientReduceBytes + kWeightGatherBytes
                                               : kGradientReduceBytes + 2 * kWeightGatherBytes;
    // (g−1)/g of the parameters a rank holds, for a group of g replicas.
    auto moved = [&](double parameters, double group) { return group > 1 ? (group - 1) / group * parameters : 0.0; };
    const RankShare held = rank_share(model, l);
    const double model_moved = moved(held.dense, held.dense_replicas) + moved(held.routed, held.routed_replicas);
    // Of each trained parameter's bytes, the gradient's reduction (an all-reduce's two passes
    // without ZeRO) and the rest, gathers of weights.
    const double reduce_bytes = l.zero == 0 ? gradient_bytes : kGradientReduceBytes;
    const double trained = model.adapters ? moved(model.adapters->parameters / (t * p), replicas) : model_moved;
    const double reduced = trained * reduce_bytes;
    double gathered = trained * (gradient_bytes - reduce_bytes);
    if (model.adapters && l.zero == 3)  // the frozen base, gathered for forward and backward
        gathered += model_moved * 2 * model.adapters->base_weight_bytes;
    const double bytes = reduced + gathered;
    out.data = bytes / g.bandwidth(out.data_over_network);
    if (out.data_over_network && in.fabric) {
        // Each instance holds `group` of the replicas; the rings cross the network once per
        // instance, so each accelerator sends 1/group of its bus bytes there. One reduction per
        // layer, one gather per layer (two under ZeRO-3, forward and backward), as the frameworks
        // bucket them.
        const double group = std::max(1.0, std::min(replicas, double(per_instance) / (t * p)));
        const MeasuredCollective& gather = in.fabric->all_gather ? in.fabric->all_gather : in.fabric->all_reduce;
        auto priced = [&](const MeasuredCollective& collective, double bus_bytes, double calls) -> std::optional<double> {
            if (!(bus_bytes > 0)) return 0.0;
            const auto one = network_collective_seconds(*in.fabric, collective, replicas, bus_bytes / group / calls);
            return one ? std::optional<double>(*one * calls) : std::nullopt;
        };
        const auto reduce_seconds = priced(in.fabric->all_reduce, reduced, g.stage_layers);
        const auto gather_seconds = priced(gather, gathered, g.stage_layers * (l.zero == 3 ? 2 : 1));
        if (reduce_seconds && gather_seconds) out.data = *reduce_seconds + *gather_seconds;
    }
    out.data_exposed = exposed(out.data, out.compute, out.overlap);
}

}  // namespace

StepTime step_time(const StepInputs& in) {
    StepTime out;
    Step g = step_of(in);
    const double per_step = g.b * g.d;
    out.micro_batches = int(std::max(1.0, std::ceil(in.global_batch / per_step)));
    g.m = out.micro_batches;
    out.global_batch = int(g.m * per_step);
    out.tokens = g.m * per_step * g.s;

    price_compute(g, out);
    price_pipeline_wait(g, out);
    out.overlap = in.overlap_by_layer ? 1 - 1 / std::max(1.0, g.stage_layers) : in.overlap;
    price_model_parallel(g, out);
    price_experts(g, out);
    price_data(g, out);
    out.step = out.compute + out.stages + out.bubble + out.tensor_exposed + out.pipeline_exposed + out.expert_exposed + out.context_exposed +
               out.data_exposed;
    out.efficiency = out.compute / out.step;
    return out;
}

}  // namespace planner
