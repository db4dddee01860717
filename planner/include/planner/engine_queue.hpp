// The wait a request meets before its first token on an engine that batches continuously
// (vLLM, TensorRT-LLM's in-flight batching, SGLang): issue 37's queueing in TTFT. Pure arithmetic.
//
// The engine runs iterations back to back. Each decodes the sequences in flight (s, the decode
// step) and prefills every request that arrived during the iteration before it (p each): prefills
// go first, as these engines schedule them. A request arriving at a random moment waits for the
// iteration under way to end, then runs in the next one, beside the others that arrived in the
// same iteration. With the others' arrivals taken as Poisson at rate λ, an iteration's length
// T_{n+1} = s + p · A_n where A_n ~ Poisson(λ · T_n), so in the steady state
//
//     E[T]  = s / (1 − λp)
//     E[T²] = (s² + 2 s p λ E[T] + p² λ E[T]) / (1 − (λp)²)
//     TTFT  = E[T²] / (2 E[T])                 the iteration under way, as an arrival sees it
//           + s + p · (1 + λ E[T²] / E[T])     its own iteration: the others that arrived in the
//                                              same (length-biased) iteration, then itself
//
// The first term is absent when nothing else is in flight (a lone request finds the engine idle):
// then TTFT = s + p, the unloaded figure. λp < 1 always holds for a replica serving what it can
// (λ = B / cycle(B), serving.hpp), so the queue is stable and every term finite.
#pragma once

namespace planner {

struct EngineLoad {
    double step_seconds = 0;        // s: one decode iteration of the sequences in flight
    double prefill_seconds = 0;     // p: one request's prefill
    double others_per_second = 0;   // λ: the other requests' arrival rate at this replica
};

/// The mean time to first token under `load`, in seconds (formula above). λp ≥ 1, an engine that
/// cannot keep up, has no steady state: infinity, for the caller to refuse.
double mean_first_token_seconds(const EngineLoad& load);

}  // namespace planner
