#include "planner/invariants.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

#include "planner/inference.hpp"
#include "planner/model_limits.hpp"
#include "planner/request_reader.hpp"

namespace planner {

using nlohmann::json;

namespace {

// Bytes per weight of each storage format a serve request may name: the formats' definitions,
// written here again on purpose (an oracle that shared the planner's table would share its mistakes).
double weight_bytes(const std::string& format) {
    if (format == "fp8" || format == "int8") return 1;
    if (format == "int4" || format == "fp4") return 0.5;
    return 2;
}

// Names of figures that cannot be negative: money, energy, CO2e, time, counts, sizes and rates.
bool non_negative(std::string_view key) {
    for (std::string_view signed_word : {"saving", "difference", "error", "change", "delta"})
        if (key.find(signed_word) != std::string_view::npos) return false;
    for (std::string_view unit : {"cost", "usd", "jpy", "kwh", "co2e", "days", "hours", "seconds", "_ms", "fleet", "instances",
                                  "accelerators", "bytes", "tokens", "rps", "flops", "watts", "parameters", "concurrency", "in_flight",
                                  "replicas", "price"})
        if (key.find(unit) != std::string_view::npos) return true;
    return false;
}

// Counts that are whole and at least one, with their largest value.
double count_limit(std::string_view key) {
    if (key == "fleet") return FleetDemand::kMaxFleet;
    if (key == "instances" || key == "replicas" || key == "tensor_parallel") return 1e5;
    if (key == "accelerators") return 1e7;
    return 0;  // not a count
}

class Checker {
public:
    Checker(const Catalogue& catalogue, const json& request) : catalogue_(catalogue), request_(request) {}

    void walk(const json& j, const std::string& path, const std::string& name) {
        if (j.is_object()) {
            for (auto it = j.begin(); it != j.end(); ++it) {
                const bool bound = it.key() == "low" || it.key() == "high";  // a range's ends are the figure's
                walk(it.value(), path.empty() ? it.key() : path + "." + it.key(), bound ? name : it.key());
            }
        } else if (j.is_array()) {
            for (std::size_t i = 0; i < j.size(); ++i) walk(j[i], path + "." + std::to_string(i), name);
        } else if (j.is_number()) {
            const double v = j.get<double>();
            if (!std::isfinite(v)) return fail(path, "is not finite");
            if (non_negative(name) && v < 0) fail(path, "is negative: " + format_number(v));
            if (const double most = count_limit(name); most > 0 && path.find(".range.") == std::string::npos &&
                                                       (v < 1 || v > most || v != std::floor(v)))
                fail(path, "is not a whole count from 1 to " + format_number(most) + ": " + format_number(v));
        }
    }

    void serve(const json& s) {
        const Accelerator* chip = chip_of(s);
        const json& arch = s.at("architecture");
        const double t = s.at("tensor_parallel").get<double>();
        const double active = arch.at("active_parameters").get<double>();
        const double prompt = request_.at("prompt_tokens").get<double>(), output = request_.at("output_tokens").get<double>();
        if (arch.contains("context") && prompt + output > arch["context"].get<double>())
            fail("serve.architecture.context", "the prompt and output exceed it");
        if (!chip) return;
        if (s.at("memory_bytes").get<double>() > t * chip->memory.value * 1e9 * (1 + 1e-9))
            fail("serve.memory_bytes", "is more than " + format_number(t) + " × " + format_number(chip->memory.value) + " GB");
        if (chip->memory_bandwidth) {
            const double weights = active * weight_bytes(request_.value("weights", std::string("bf16")));
            const double fastest_ms = 1000 * weights / (t * chip->memory_bandwidth->value * 1e9);
            if (s.at("tpot_ms").get<double>() < fastest_ms * (1 - 1e-9))
                fail("serve.tpot_ms", "is faster than reading the active weights at the specified bandwidth, " +
                                          format_number(fastest_ms) + " ms");
        }
        // The prompt's tokens a prefill computes: not those the engine's prefix cache holds.
        const double prefilled = prompt - request_.value("cached_prompt_tokens", 0.0);
        const double fastest_prefill_ms = 1000 * 2 * active * prefilled / (t * highest_peak(*chip));
        if (s.at("ttft_ms").get<double>() < fastest_prefill_ms * (1 - 1e-9))
            fail("serve.ttft_ms", "is faster than the prefill at the chip's highest peak, " + format_number(fastest_prefill_ms) + " ms");
        fleet_serves_peak("serve", s.at("fleet").get<double>() * s.at("requests_per_second").get<double>(),
                          s.at("peak_rps").get<double>());
    }

    void train(const json& t) {
        const Accelerator* chip = chip_of(t);
        if (!chip || chip->kind == "cpu") return;
        const double accelerators = t.at("accelerators").get<double>();
        const double active = t.contains("active_parameters") && t["active_parameters"].is_number()
                                  ? t["active_parameters"].get<double>()
                                  : t.at("parameters").get<double>();
        const double least_flops = 2 * active * t.at("tokens").get<double>();
        const double fastest = least_flops / (accelerators * highest_peak(*chip));
        if (t.at("seconds").get<double>() < fastest * (1 - 1e-9))
            fail("train.seconds", "is faster than the forward pass alone at the chip's highest peak, " +
                                      format_number(fastest) + " s");
        if (t.at("fits") == true && t.at("memory").at("total_bytes").get<double>() > chip->memory.value * 1e9 * (1 + 1e-9))
            fail("train.memory.total_bytes", "says it fits, but is more than the chip's " + format_number(chip->memory.value) + " GB");
    }

    void infer(const json& i) {
        fleet_serves_peak("infer", i.at("fleet").get<double>() * i.at("per_instance_rps").get<double>(),
                          i.at("peak_rps").get<double>());
    }

    std::vector<Violation> take() { return std::move(violations_); }

private:
    void fail(const std::string& field, std::string what) { violations_.push_back({field, std::move(what)}); }

    const Accelerator* chip_of(const json& result) const {
        if (!result.contains("instance") || !result["instance"].is_string()) return nullptr;
        const Instance* inst = catalogue_.find(result["instance"].get<std::string>());
        return inst ? &catalogue_.accelerator_of(*inst) : nullptr;
    }

    static double highest_peak(const Accelerator& chip) {
        double most = 0;
        for (const auto& [precision, f] : chip.peak_tflops) most = std::max(most, f.value);
        return most * 1e12;
    }

    void fleet_serves_peak(const std::string& kind, double capacity, double peak) {
        if (capacity < peak * (1 - 1e-9))
            fail(kind + ".fleet", "serves " + format_number(capacity) + " requests/s, fewer than the peak " + format_number(peak));
    }

    const Catalogue& catalogue_;
    const json& request_;
    std::vector<Violation> violations_;
};

}  // namespace

std::vector<Violation> check_response(const Catalogue& catalogue, const json& request, const json& response) {
    if (!response.is_object() || response.value("ok", false) != true) return {};
    Checker check(catalogue, request);
    check.walk(response, "", "");
    try {
        if (response.contains("serve")) check.serve(response["serve"]);
        if (response.contains("train")) check.train(response["train"]);
        if (response.contains("infer")) check.infer(response["infer"]);
    } catch (const json::exception& e) {
        std::vector<Violation> v = check.take();
        v.push_back({"", std::string("a figure the checks read is missing or not a number: ") + e.what()});
        return v;
    }
    return check.take();
}

}  // namespace planner
