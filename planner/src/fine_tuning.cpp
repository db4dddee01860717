#include "planner/fine_tuning.hpp"

namespace planner {

const std::vector<std::string>& lora_modules() {
    static const std::vector<std::string> all = {"q", "k", "v", "o", "gate", "up", "down"};
    return all;
}

double adapter_parameters(const Transformer& arch, int rank, const std::vector<std::string>& modules) {
    const Experts* experts = arch.mixture_of_experts() ? &*arch.experts : nullptr;
    const double h = arch.hidden;
    const double width = arch.head_width();
    const double queries = arch.heads * width, keys = (arch.kv_heads ? arch.kv_heads : arch.heads) * width;
    const double f = experts ? experts->ffn : (arch.ffn ? arch.ffn : 4 * h);
    const double copies = experts ? experts->count : 1;  // each expert has its own feed-forward
    double per_layer = 0;
    for (const std::string& m : modules) {
        if (m == "q") per_layer += h + queries;
        else if (m == "k" || m == "v") per_layer += h + keys;
        else if (m == "o") per_layer += queries + h;
        else if (m == "gate") per_layer += arch.gated ? copies * (h + f) : 0;
        else if (m == "up" || m == "down") per_layer += copies * (h + f);
    }
    return double(rank) * per_layer * arch.layers;
}

const char* method_name(FineTuning::Method m) {
    switch (m) {
        case FineTuning::Method::lora: return "lora";
        case FineTuning::Method::qlora: return "qlora";
        case FineTuning::Method::full: break;
    }
    return "full";
}

}  // namespace planner
