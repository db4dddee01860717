// Which instance count a training plan takes when the request gives a deadline or a budget
// instead of a count.
//
// Time on n instances is not monotone in n: the layouts that n instances admit (tensor × pipeline ×
// context must divide the accelerators; the data-parallel degree sets the step's batch) make 801
// p4d.24xlarge slower than 800 on a 70B job (40.3 days against 15.1). A bisection over n therefore
// lands on any boundary between a count that meets the target and one that does not, not on the
// best. Both searches here scan every count in a window whose lower end comes from ideal scaling
// (no count below it can meet the target) and say which counts they scanned.
#pragma once

#include <functional>
#include <optional>

namespace planner {

/// Seconds the job takes on n instances; none when no layout fits on n.
using SecondsOn = std::function<std::optional<double>(int)>;

struct CountChoice {
    int count = 0;
    double seconds = 0;
    int first_meeting = 0;  // deadline: the fewest instances that meet it
    int scanned_from = 0;   // every count in [scanned_from, scanned_to] was planned
    int scanned_to = 0;
};

struct CountLimits {
    int lowest = 1;        // no count below this can meet the target (memory, ideal scaling)
    int highest = 100000;  // the most instances a plan may take
};

/// The cheapest count (fewest instance-seconds: the hourly price is the same for every count) that
/// finishes within `deadline` seconds, the fewer instances on a tie. The fewest smooth count
/// (2^a or 3·2^a) that meets the deadline bounds the search; a bisection below it finds a count
/// that meets it where the one before does not; every count from `limits.lowest` to there is
/// planned (from kMostCountsScanned / 2 below it when the window is wider), and the first that
/// meets is the fewest; then the counts up to half as many again (at least kCheaperWindow more),
/// where a better layout can make a larger count cheaper. None when no smooth count up to
/// `limits.highest` meets the deadline.
std::optional<CountChoice> cheapest_within_deadline(const SecondsOn& seconds_on, CountLimits limits, double deadline);

/// The fastest count whose instance-seconds stay within `instance_seconds` (the budget over the
/// hourly price), the fewer instances on a tie. Cost per instance-second is the same at every
/// count, so a count is within the budget when its efficiency is high enough, whatever its size:
/// the largest smooth count (2^a or 3·2^a) within the budget bounds the search, and every count up
/// to half as many again (at least kCheaperWindow more) is planned, from `limits.lowest` or, when
/// the window is wider, from kMostCountsScanned below its top. None when no count is within it.
std::optional<CountChoice> fastest_within_budget(const SecondsOn& seconds_on, CountLimits limits,
                                                 double instance_seconds);

/// At least this many counts past the fewest that meet a deadline are planned for a cheaper one.
constexpr int kCheaperWindow = 64;
/// The most counts one search plans; past it the scan starts this far below where it ends.
constexpr int kMostCountsScanned = 20000;

}  // namespace planner
