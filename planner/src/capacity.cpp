#include "planner/capacity.hpp"

#include <cmath>

#include "planner/request_reader.hpp"

namespace planner {

namespace {

std::string count(double v) { return format_number(v); }

// The day a capacity figure was read from AWS's EC2 User Guide, which each note cites.
std::string read_on(const Catalogue& catalogue, const CapacityFact& f) { return catalogue.as_of(f.figure); }

void capacity_block(const Catalogue& catalogue, int n, double days, std::vector<std::string>& notes) {
    const CapacityFact* per_block = catalogue.capacity_fact(kCapacityBlock, "instances_per_block");
    const CapacityFact* in_blocks = catalogue.capacity_fact(kCapacityBlock, "instances_in_blocks");
    const CapacityFact* longest = catalogue.capacity_fact(kCapacityBlock, "days");
    if (!per_block || !in_blocks || !longest) return;
    const double most = per_block->figure.value, total = in_blocks->figure.value;
    if (n > total)
        notes.push_back("capacity: " + count(n) + " instances are more than the " + count(total) +
                        " one account may hold across Capacity Blocks (AWS EC2 User Guide, read " + read_on(catalogue, *in_blocks) +
                        "): plan fewer instances or another purchase option");
    else if (n > most)
        notes.push_back("capacity: " + count(n) + " instances need " + count(std::ceil(n / most)) +
                        " Capacity Blocks of at most " + count(most) + " instances each (AWS EC2 User Guide, read " + read_on(catalogue, *per_block) +
                        "); each is sold only where capacity is free at the dates searched, and blocks of " + count(most) +
                        " are not offered for every type in every region");
    else
        notes.push_back("capacity: " + count(n) + " instances fit one Capacity Block of up to " + count(most) +
                        " instances (AWS EC2 User Guide, read " + read_on(catalogue, *per_block) +
                        "); a block is sold only where capacity is free at the dates searched");
    if (days > longest->figure.value)
        notes.push_back("capacity: " + format_number(std::ceil(days)) + " days are longer than the " +
                        count(longest->figure.value) + " days a Capacity Block may last (AWS EC2 User Guide, read " + read_on(catalogue, *longest) +
                        "): the job needs blocks one after another, each bought when offered");
}

void spot(const Catalogue& catalogue, const Instance& instance, int n, std::vector<std::string>& notes) {
    const CapacityFact* score = catalogue.capacity_fact(kSpot, "no_guarantee");
    const CapacityFact* quota = catalogue.capacity_fact(kSpot, "vcpu_quota");
    if (!score || !quota) return;
    notes.push_back("capacity: AWS does not guarantee spot capacity; its Spot placement score (1 to 10) rates how likely a request for " +
                    count(n) + " instances is to be filled (AWS EC2 User Guide, read " + read_on(catalogue, *score) + "), and the account's spot quota for the family must cover " +
                    count(n * instance.vcpu.value) + " vCPUs: it starts at 0 for GPU, Inferentia and Trainium families (AWS EC2 User Guide, read " +
                    read_on(catalogue, *quota) + ")");
}

}  // namespace

std::vector<std::string> capacity_notes(const Catalogue& catalogue, const Instance& instance, const std::string& option,
                                        int instances, double days) {
    std::vector<std::string> notes;
    if (option == kCapacityBlock)
        capacity_block(catalogue, instances, days, notes);
    else if (option == kSpot)
        spot(catalogue, instance, instances, notes);
    else
        notes.push_back("capacity: AWS publishes no limit on how many " + instance.id +
                        " one account can run on demand or under a Savings Plan (a discount on on-demand use): the account's "
                        "vCPU quota for the family (" + count(instances * instance.vcpu.value) +
                        " vCPUs here) and the capacity free in the region decide, and only a capacity reservation holds it");
    return notes;
}

}  // namespace planner
