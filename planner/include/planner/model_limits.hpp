// The bounds a model's shape keeps, however it is given: typed field by field, read from the
// catalogue, or derived from a config.json. They separate a real model from a typo or a hostile
// file (the largest published models have ~2e12 parameters, 128 layers, 16,384 hidden, 256
// experts); the bounds leave two orders of magnitude.
#pragma once

namespace planner::model_limits {

inline constexpr double kParameters = 1e15;
inline constexpr int kLayers = 10000;
inline constexpr int kHidden = 1000000;
inline constexpr int kHeads = 10000;       // attention heads, and key/value heads (never more than these)
inline constexpr int kHeadDim = 100000;
inline constexpr int kExperts = 100000;
inline constexpr int kWidth = 10000000;    // feed-forward and expert widths, latent ranks, vocabulary

}  // namespace planner::model_limits
