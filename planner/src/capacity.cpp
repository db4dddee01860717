#include "planner/capacity.hpp"

#include <cmath>

#include "planner/request_reader.hpp"

namespace planner {

namespace {

void capacity_block(const Catalogue& catalogue, int n, double days, std::vector<Note>& notes) {
    const CapacityFact* per_block = catalogue.capacity_fact(kCapacityBlock, "instances_per_block");
    const CapacityFact* in_blocks = catalogue.capacity_fact(kCapacityBlock, "instances_in_blocks");
    const CapacityFact* longest = catalogue.capacity_fact(kCapacityBlock, "days");
    if (!per_block || !in_blocks || !longest) return;
    const double most = per_block->figure.value, total = in_blocks->figure.value;
    if (n > total)
        notes.push_back({msg::capacity_over_account, {format_number(n), format_number(total), catalogue.as_of(in_blocks->figure)}});
    else if (n > most)
        notes.push_back({msg::capacity_blocks_needed, {format_number(n), format_number(std::ceil(n / most)), format_number(most), catalogue.as_of(per_block->figure), format_number(most)}});
    else
        notes.push_back({msg::capacity_one_block, {format_number(n), format_number(most), catalogue.as_of(per_block->figure)}});
    if (days > longest->figure.value)
        notes.push_back({msg::capacity_days_over_block, {format_number(std::ceil(days)), format_number(longest->figure.value), catalogue.as_of(longest->figure)}});
}

void spot(const Catalogue& catalogue, const Instance& instance, int n, std::vector<Note>& notes) {
    const CapacityFact* score = catalogue.capacity_fact(kSpot, "no_guarantee");
    const CapacityFact* quota = catalogue.capacity_fact(kSpot, "vcpu_quota");
    if (!score || !quota) return;
    notes.push_back({msg::capacity_spot, {format_number(n), catalogue.as_of(score->figure), format_number(n * instance.vcpu.value), catalogue.as_of(quota->figure)}});
}

}  // namespace

std::vector<Note> capacity_notes(const Catalogue& catalogue, const Instance& instance, const std::string& option,
                                        int instances, double days) {
    std::vector<Note> notes;
    if (option == kCapacityBlock)
        capacity_block(catalogue, instances, days, notes);
    else if (option == kSpot)
        spot(catalogue, instance, instances, notes);
    else
        notes.push_back({msg::capacity_on_demand, {instance.id, format_number(instances * instance.vcpu.value)}});
    return notes;
}

}  // namespace planner
