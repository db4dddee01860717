#include "planner/count_search.hpp"

#include <algorithm>
#include <vector>

namespace planner {

namespace {

// Counts whose accelerators factor into many layouts, 2^a and 3·2^a, within the limits: cheap
// probes that locate the region where a target is met before the exhaustive scan.
std::vector<int> smooth_counts(CountLimits limits) {
    std::vector<int> counts;
    for (long n = 1; n <= limits.highest; n *= 2)
        for (long m : {n, 3 * n})
            if (m >= limits.lowest && m <= limits.highest) counts.push_back(int(m));
    counts.push_back(limits.highest);
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    return counts;
}

// Plans every count in [from, to] and keeps the best by `better`, which sees (count, seconds) of
// a count that qualifies and of the best so far.
template <class Qualifies, class Better>
std::optional<CountChoice> scan(const SecondsOn& seconds_on, int from, int to, Qualifies qualifies, Better better) {
    std::optional<CountChoice> best;
    for (int n = from; n <= to; ++n) {
        const auto seconds = seconds_on(n);
        if (!seconds || !qualifies(n, *seconds)) continue;
        if (!best || better(n, *seconds, *best)) best = CountChoice{n, *seconds, 0, from, to};
    }
    return best;
}

}  // namespace

std::optional<CountChoice> cheapest_within_deadline(const SecondsOn& seconds_on, CountLimits limits, double deadline) {
    auto meets = [&](int n) {
        const auto seconds = seconds_on(n);
        return seconds && *seconds <= deadline;
    };
    // An upper end: the fewest smooth count that meets the deadline.
    std::optional<int> upper;
    for (int n : smooth_counts(limits))
        if (meets(n)) {
            upper = n;
            break;
        }
    if (!upper) return std::nullopt;
    // A boundary below it (a count that meets the deadline, the one before not), then every count
    // up to that boundary from `lowest`, or from half a scan below it when the window is wider: the
    // fewest that meets it is the first found.
    int low = limits.lowest - 1, high = *upper;  // meets(high); low below every count tried
    while (high - low > 1) {
        const int mid = low + (high - low) / 2;
        (meets(mid) ? high : low) = mid;
    }
    const int from = std::max(limits.lowest, high - kMostCountsScanned / 2);
    int first = high;
    for (int n = from; n < high; ++n)
        if (meets(n)) {
            first = n;
            break;
        }
    // Past it, a better layout can make a larger count cheaper.
    const int to = int(std::min<long>({long(limits.highest), std::max<long>(long(first) + first / 2, long(first) + kCheaperWindow),
                                       long(first) + kMostCountsScanned / 2}));
    auto cheaper = [](int n, double seconds, const CountChoice& best) {
        return double(n) * seconds < double(best.count) * best.seconds;
    };
    auto chosen = scan(seconds_on, first, to, [&](int, double seconds) { return seconds <= deadline; }, cheaper);
    chosen->first_meeting = first;  // `first` meets the deadline, so the scan found one
    chosen->scanned_from = from;
    return chosen;
}

std::optional<CountChoice> fastest_within_budget(const SecondsOn& seconds_on, CountLimits limits,
                                                 double instance_seconds) {
    auto within = [&](int n, double seconds) { return double(n) * seconds <= instance_seconds; };
    // An upper end: the largest smooth count within the budget.
    std::optional<int> upper;
    for (int n : smooth_counts(limits)) {
        const auto seconds = seconds_on(n);
        if (seconds && within(n, *seconds)) upper = n;
    }
    if (!upper) upper = limits.lowest;
    const int to = int(std::min<long>(limits.highest, std::max<long>(long(*upper) + *upper / 2,
                                                                     long(*upper) + kCheaperWindow)));
    const int from = std::max(limits.lowest, to - kMostCountsScanned);
    auto faster = [](int n, double seconds, const CountChoice& best) {
        return seconds < best.seconds || (seconds == best.seconds && n < best.count);
    };
    return scan(seconds_on, from, to, within, faster);
}

}  // namespace planner
