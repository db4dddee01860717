#include "planner/load_power.hpp"

#include <algorithm>
#include <cmath>

#include "planner/operator_cost.hpp"
#include "planner/request_reader.hpp"

namespace planner {

namespace {

const PowerRow* row_of(const OperatorTable& t, const char* state) {
    for (const PowerRow& r : t.power)
        if (r.state == state) return &r;
    return nullptr;
}

// The state's row on the chip's own table, else its same-die sibling's, else (a chip with no table)
// the sibling it borrows operators from: scaled by the two chips' TDP when borrowed.
std::optional<ActivityWatts> state_watts(const Catalogue& c, const OperatorBasis& basis, const char* state) {
    OperatorBasis from = basis;
    const PowerRow* row = row_of(*from.table, state);
    if (!row) {
        const std::optional<OperatorBasis> sibling = section_sibling(c, basis);
        if (!sibling || !(row = row_of(*sibling->table, state))) return std::nullopt;
        from = *sibling;
    }
    ActivityWatts w{row->median_w, {row->p10_w, row->p90_w}, from.table->file, from.borrowed(), from.measured->name};
    if (!w.borrowed) return w;
    if (!from.measured->power || !from.target->power) return std::nullopt;
    const double tdp = from.target->power->value, scale = tdp / from.measured->power->value;
    w.watts *= scale;
    w.range = {w.range.low * scale * (1 - kBorrowedWidening), std::min(w.range.high * scale * (1 + kBorrowedWidening), tdp)};
    return w;
}

}  // namespace

std::optional<ChipPower> chip_power(const Catalogue& c, const Accelerator& chip) {
    const std::optional<OperatorBasis> basis = operator_basis(c, chip);
    if (!basis) return std::nullopt;
    const auto products = state_watts(c, *basis, "matmul_bf16_8192");
    const auto decode = state_watts(c, *basis, "matmul_m32_weight_read");
    const auto streaming = state_watts(c, *basis, "copy_2gib");
    const auto idle = state_watts(c, *basis, "idle");
    if (!products || !decode || !streaming || !idle) return std::nullopt;
    return ChipPower{*products, *decode, *streaming, *idle};
}

ActivityMix training_mix(const std::optional<StepTime>& step) {
    if (!step || !(step->step > 0) || !(step->compute > 0)) return {1, 0, 0, 0, 0};
    const double busy = std::min(step->compute / step->step, 1.0);
    const double streaming = busy * std::clamp((step->memory + step->optimizer) / step->compute, 0.0, 1.0);
    return {busy - streaming, 0, streaming, 0, 1 - busy};
}

ActivityMix busy_for(const ActivityMix& running, double busy) {
    busy = std::clamp(busy, 0.0, 1.0);
    return {busy * running.products, busy * running.decode, busy * running.streaming, busy * running.idle + 1 - busy,
            busy * running.waiting};
}

ActivityWatts mean_draw(const ChipPower& p, const ActivityMix& mix) {
    const ActivityWatts waiting{(p.idle.watts + p.streaming.watts) / 2, {p.idle.range.low, p.streaming.range.high}, "", false, ""};
    const std::pair<double, const ActivityWatts*> parts[] = {
        {mix.products, &p.products}, {mix.decode, &p.decode}, {mix.streaming, &p.streaming}, {mix.idle, &p.idle},
        {mix.waiting, &waiting}};
    ActivityWatts out{0, {0, 0}, p.products.table, p.products.borrowed, p.products.measured};
    for (const auto& [share, w] : parts) {
        out.watts += share * w->watts;
        out.range.low += share * w->range.low;
        out.range.high += share * w->range.high;
    }
    return out;
}

std::optional<LoadPower> load_power(const Catalogue& c, const Instance& instance, const ActivityMix& mix) {
    const Accelerator* chip = c.accelerator(instance.accelerator);
    if (!chip || !chip->power || !instance.power) return std::nullopt;
    const std::optional<ChipPower> p = chip_power(c, *chip);
    if (!p) return std::nullopt;
    const double count = instance.accelerator_count.value;
    const double host = instance.power->value - count * chip->power->value;
    if (!(host >= 0)) return std::nullopt;  // an estimate that is not TDP × count + host
    const ActivityWatts draw = mean_draw(*p, mix);
    LoadPower out;
    out.accelerator_watts = draw.watts;
    out.tdp = chip->power->value;
    out.host_watts = host;
    out.watts = count * out.accelerator_watts + host;
    out.range = {count * draw.range.low + host * kEstimatedPowerFactor.low, count * draw.range.high + host * kEstimatedPowerFactor.high};
    out.borrowed = p->products.borrowed;
    out.measured = p->products.measured;
    out.table = p->products.table;
    return out;
}

Note load_power_note(const LoadPower& p) {
    const auto w = [](double v) { return format_number(std::round(v)); };
    std::vector<std::string> parts = {p.table, w(p.accelerator_watts), w(p.tdp), w(p.host_watts)};
    if (!p.borrowed) return {msg::power_by_activity, parts};
    parts.push_back(p.measured);
    return {msg::power_by_activity_scaled, parts};
}

}  // namespace planner
