// What a collective costs between instances: latency and bandwidth (α + bytes/β) fitted, per group
// size, to published nccl-tests tables of one instance type (data/benchmarks.json, "collectives"),
// and carried to any placement of the group and any instance by the bytes each accelerator puts
// on the network.
//
//     measured row:   busbw at n ranks and a buffer of S bytes per rank, t = bus bytes / busbw, with
//                     bus bytes = 2(n−1)/n·S (all-reduce) or (n−1)/n·S (all-gather, all-to-all)
//     fit, per n:     t = α + bus bytes / β, least squares on relative error over the sizes
//     network rate:   r = β · (the network's share of the bus bytes, at the measured placement):
//                     all-to-all (n − g)/(n − 1); all-reduce and all-gather 1/g, where g is the
//                     group's ranks per instance (the ring crosses the network once per instance,
//                     NCCL's hierarchical rings and trees move about that much: Jeaugey, NCCL 2.x)
//     at n ranks:     α and 1/r interpolated in log2 n between measured sizes; held below the
//                     smallest; beyond the largest, the last two sizes' trend carried on (never
//                     faster than the largest: the tables all slow down as the group grows)
//     elsewhere:      t = α + network bytes / (r · line ratio), the line ratio being the instance's
//                     network per accelerator over the measured one's
//
// The network bytes each accelerator sends for a buffer of S bytes, its group of n ranks g to an
// instance:
//     all-reduce 2(n−1)/n·S/g, all-gather and reduce-scatter (n−1)/n·S/g, all-to-all (n−g)/n·S;
//     an all-to-all that sends each token once per instance it reaches (DeepEP's and UCCL-EP's
//     normal kernels, forwarding inside the instance over NVLink): per token, the expected number
//     of other instances among its k experts' (expert_instances_reached).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "planner/messages.hpp"

namespace planner {

struct Accelerator;
struct Catalogue;
struct Instance;

/// One measured row: the group's size, the buffer per rank and the bus bandwidth nccl-tests prints.
struct CollectiveRow {
    int ranks = 0;
    double bytes = 0;
    double bus_bytes_per_second = 0;
};

/// A published table of one collective on one instance type.
struct CollectiveTable {
    std::string id;
    std::string instance;    // measured on, at its full complement of accelerators per instance
    std::string collective;  // all_reduce | all_gather | all_to_all
    std::string library;     // what ran it, and how
    std::string source;      // id into data/sources.json
    std::string locator;     // file, commit and column the rows were copied from
    std::vector<CollectiveRow> rows;
};

void to_json(nlohmann::json& j, const CollectiveTable& t);
void from_json(const nlohmann::json& j, CollectiveTable& t);

/// Inside an instance: what one accelerator sends to the others each second, each way. The
/// catalogue's interconnect figure is published as both directions together (NVLink 4's 900 GB/s
/// per GPU), so half of it; without one, PCIe 4.0 x16 (32 GB/s each way in theory, about 25 GB/s
/// measured), assumed, and the plan says so (interconnect_assumed_pcie). Training's tensor- and
/// pipeline-parallel traffic and serving's all-reduces both move at this rate.
inline constexpr double kPcieBytesPerSecond = 25e9;
struct InstanceLink {
    double bytes_per_second = kPcieBytesPerSecond;
    bool assumed = true;  // no interconnect published: PCIe
};
InstanceLink instance_link(const Instance& instance);

/// One all-reduce's latency among `ranks` accelerators of one instance. On GPUs, NCCL's own tuning
/// model (NVIDIA/nccl src/graph/tuning.cc at b6475625, baseLat and hwLat: the latencies NCCL picks an
/// algorithm by) for its latency-optimal ring (the LL protocol): a base of 6.6 µs and 0.6 µs a step
/// over NVLink, 1.0 µs over PCIe, an all-reduce taking 2(n − 1) steps (7.8 µs at 2 ranks, 10.2 at 4,
/// 15.0 at 8 over NVLink). On Trainium, Inferentia and Gaudi, whose libraries publish no such model,
/// 10 µs, assumed.
inline constexpr double kNcclRingLlBaseSeconds = 6.6e-6;
inline constexpr double kNcclNvlinkStepSeconds = 0.6e-6, kNcclPcieStepSeconds = 1.0e-6;
inline constexpr double kAssumedAllReduceLatencySeconds = 10e-6;
double all_reduce_latency_seconds(const Accelerator& chip, const InstanceLink& link, int ranks);

/// The factor from a rank's buffer to its bus bytes (nccl-tests' convention).
double bus_factor(std::string_view collective, double ranks);

/// α and the network rate per accelerator at n ranks, on the instance the table was measured on.
struct CollectiveFit {
    double alpha_seconds = 0;
    double network_bytes_per_second = 0;
    double worst_fit_error = 0;  // the largest |fitted/measured − 1| over the rows it rests on
};

/// One measured group size's fit, as log2 n, α, seconds per network byte and the worst row's error.
struct SizeFit {
    double log2_ranks = 0;
    double alpha = 0;
    double inverse_rate = 0;
    double worst = 0;
};

/// A table's fits, one per group size with two buffer sizes or more, ascending in n, its rows
/// measured `per_instance` ranks to an instance.
std::vector<SizeFit> size_fits(const CollectiveTable& table, double per_instance);

/// The fit at `ranks` from a table's size fits: interpolated, held below the sizes measured,
/// extrapolated above; nothing without any.
std::optional<CollectiveFit> fit_at(const std::vector<SizeFit>& fits, double ranks);

/// The same from the table itself.
std::optional<CollectiveFit> fit_collective(const CollectiveTable& table, double ranks, double per_instance);

/// Expected number of instances, besides a token's own, that its k experts reach: E experts spread
/// evenly over `instances` instances (E/instances on each), the k chosen uniformly without
/// repetition (a balanced router).
double expert_instances_reached(int experts, int per_token, double instances);

/// One collective's measured table and its size fits, fitted once for every layout a plan tries.
struct MeasuredCollective {
    const CollectiveTable* table = nullptr;
    std::vector<SizeFit> fits;
    explicit operator bool() const { return table != nullptr; }
};

/// The fabric between a plan's instances: the measured tables that apply, and how the instance's
/// network compares with the one they were measured on.
struct Fabric {
    MeasuredCollective all_reduce, all_gather, all_to_all;
    double measured_per_instance = 8;  // accelerators per instance where the tables were measured
    double line_ratio = 1;             // network per accelerator, this instance's over the measured one's
    std::string measured_on;           // the instance type of the tables
    bool borrowed = false;             // measured on another instance type than the plan's
};

/// The fabric of `instance`: the tables measured on it, else on the instance with the most tables
/// (carried by the line ratio) when its accelerators are of the same kind (GPU tables are NCCL's,
/// nothing to say of Neuron's or Habana's collectives); none without tables or a network.
std::optional<Fabric> fabric_of(const Catalogue& catalogue, const Instance& instance);

/// What a plan's notes say of its collectives between instances: the tables they were priced from,
/// how the expert all-to-all sends (when it crosses instances), and whose tables were borrowed.
std::vector<Note> collectives_notes(const Fabric& fabric, const Instance& instance, bool expert_over_network,
                                           bool deduplicated_dispatch);

/// Seconds for one collective over the network: α + the network bytes each accelerator sends at the
/// fitted rate carried to this instance. `network_bytes` as above (they carry the plan's placement);
/// nothing without a table.
std::optional<double> network_collective_seconds(const Fabric& fabric, const MeasuredCollective& collective, double ranks,
                                                 double network_bytes);

}  // namespace planner
