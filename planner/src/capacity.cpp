#include "planner/capacity.hpp"

#include <cmath>

#include "planner/request_reader.hpp"

namespace planner {

namespace {

void capacity_block(const Catalogue& catalogue, int n, double days, std::vector<std::string>& notes) {
    const CapacityFact* per_block = catalogue.capacity_fact(kCapacityBlock, "instances_per_block");
    const CapacityFact* in_blocks = catalogue.capacity_fact(kCapacityBlock, "instances_in_blocks");
    const CapacityFact* longest = catalogue.capacity_fact(kCapacityBlock, "days");
    if (!per_block || !in_blocks || !longest) return;
    const double most = per_block->figure.value, total = in_blocks->figure.value;
    if (n > total)
        notes.push_back("capacity: " + format_number(n) + " instances are more than the " + format_number(total) +
                        " one account may hold across Capacity Blocks (AWS EC2 User Guide, read " + catalogue.as_of(in_blocks->figure) +
                        "): plan fewer instances or another purchase option");
    else if (n > most)
        notes.push_back("capacity: " + format_number(n) + " instances need " + format_number(std::ceil(n / most)) +
                        " Capacity Blocks of at most " + format_number(most) + " instances each (AWS EC2 User Guide, read " + catalogue.as_of(per_block->figure) +
                        "); each is sold only where capacity is free at the dates searched, and blocks of " + format_number(most) +
                        " are not offered for every type in every region");
    else
        notes.push_back("capacity: " + format_number(n) + " instances fit one Capacity Block of up to " + format_number(most) +
                        " instances (AWS EC2 User Guide, read " + catalogue.as_of(per_block->figure) +
                        "); a block is sold only where capacity is free at the dates searched");
    if (days > longest->figure.value)
        notes.push_back("capacity: " + format_number(std::ceil(days)) + " days are longer than the " +
                        format_number(longest->figure.value) + " days a Capacity Block may last (AWS EC2 User Guide, read " + catalogue.as_of(longest->figure) +
                        "): the job needs blocks one after another, each bought when offered");
}

void spot(const Catalogue& catalogue, const Instance& instance, int n, std::vector<std::string>& notes) {
    const CapacityFact* score = catalogue.capacity_fact(kSpot, "no_guarantee");
    const CapacityFact* quota = catalogue.capacity_fact(kSpot, "vcpu_quota");
    if (!score || !quota) return;
    notes.push_back("capacity: AWS does not guarantee spot capacity; its Spot placement score (1 to 10) rates how likely a request for " +
                    format_number(n) + " instances is to be filled (AWS EC2 User Guide, read " + catalogue.as_of(score->figure) + "), and the account's spot quota for the family must cover " +
                    format_number(n * instance.vcpu.value) + " vCPUs: it starts at 0 for GPU, Inferentia and Trainium families (AWS EC2 User Guide, read " +
                    catalogue.as_of(quota->figure) + ")");
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
                        "vCPU quota for the family (" + format_number(instances * instance.vcpu.value) +
                        " vCPUs here) and the capacity free in the region decide, and only a capacity reservation holds it");
    return notes;
}

}  // namespace planner
