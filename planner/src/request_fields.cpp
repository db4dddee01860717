// The words of the declared text fields, and the request kinds declared so far.
#include "planner/request_fields.hpp"

#include "planner/catalogue.hpp"
#include "planner/fine_tuning.hpp"
#include "planner/request_reader.hpp"
#include "planner/serving.hpp"
#include "serving_formats.hpp"

namespace planner {

const std::vector<std::string>& precision_words() {
    static const std::vector<std::string> words = {"bf16", "fp16", "fp8", "fp4", "int8", "tf32", "fp32"};
    return words;
}

const std::vector<std::string>& training_precision_words() {
    static const std::vector<std::string> words = [] {
        std::vector<std::string> out;
        for (const std::string& w : precision_words())
            if (w != "int8") out.push_back(w);
        return out;
    }();
    return words;
}

const std::vector<std::string>& weight_format_words() {
    static const std::vector<std::string> words = serving_formats::names_of(serving_formats::kWeightFormats);
    return words;
}

const std::vector<std::string>& kv_format_words() {
    static const std::vector<std::string> words = serving_formats::names_of(serving_formats::kKvFormats);
    return words;
}

const std::vector<std::string>& engine_words() {
    return serving_engines();
}

const std::vector<std::string>& purchase_option_words() {
    return purchase_options();
}

const std::vector<std::string>& rate_unit_words() {
    static const std::vector<std::string> words = {"second", "hour", "day"};
    return words;
}

const std::vector<std::string>& recompute_words() {
    static const std::vector<std::string> s = {"none", "selective", "full"};
    return s;
}
const std::vector<std::string>& fine_tuning_words() {
    static const std::vector<std::string> s = {"full", "lora", "qlora"};
    return s;
}
const std::vector<std::string>& lora_module_words() {
    return lora_modules();
}
const std::vector<std::string>& expert_dispatch_words() {
    static const std::vector<std::string> s = {"all_to_all", "deduplicated"};
    return s;
}
const std::vector<std::string>& pipeline_split_words() {
    static const std::vector<std::string> s = {"even", "balanced"};
    return s;
}
const std::vector<std::string>& chinchilla_words() {
    static const std::vector<std::string> s = {"chinchilla"};
    return s;
}
const std::vector<std::string>& overlap_words() {
    static const std::vector<std::string> s = {"layer"};
    return s;
}

namespace {
std::vector<RequestSchema> with_names(std::vector<RequestSchema> kinds) {
    for (RequestSchema& kind : kinds) kind.names = known_names(kind);
    return kinds;
}
}  // namespace

const std::vector<RequestSchema>& request_schemas() {
    using namespace fields;
    static const std::vector<RequestSchema> kinds = with_names({
        {"train", "Training or fine-tuning time, cost, energy and memory, with the layout that runs it",
         {part("", train::kJob), part("", footprint::kAll)}},
        {"infer", "A fleet for a request rate, from one per-instance throughput", {part("", infer::kJob), part("", footprint::kAll)}},
        {"serve", "An LLM served under time-to-first-token and time-per-output-token targets",
         {part("", serve::kJob), part("", footprint::kAll)}},
        {"model", "A Hugging Face config.json read as serve reads it: the architecture and its parameters",
         {part("", model::kJob)}},
        {"energy", "Energy, CO2e and cost of one to eight configurations, each against the first",
         {part("", energy::kJob), part("", footprint::kShared), part("configurations[]", energy::kConfiguration),
          part("configurations[]", footprint::kAll)}},
        {"compare", "One job on many instance types, ranked", {part("", compare::kJob)}},
        {"instances", "The instance cheat-sheet's rows in a region and purchase option", {part("", sheet::kJob)}},
        {"catalog", "The whole catalogue, every figure with its source", {}},
    });
    return kinds;
}

const RequestSchema* request_schema(const std::string& kind) { return find_kind(request_schemas(), kind); }

}  // namespace planner
