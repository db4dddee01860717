// The catalogue loader: every problem reported, each with file:line:column, entry and hint.
#include <doctest/doctest.h>

#include "print_vectors.hpp"

#include "planner/catalogue.hpp"
#include "test_catalogue.hpp"

namespace {

// A valid one-instance catalogue; tests break one thing in it.
const char* kValid = R"({
  "sources": {"spec": {"title": "Spec sheet", "url": "https://example.org/spec", "as_of": "2024-01-02"}},
  "instances": [
    {
      "id": "x1.large",
      "family": "X1",
      "category": "gpu",
      "accelerator": {"value": "Chip", "source": "spec"},
      "accelerator_count": {"value": 2, "unit": "count", "source": "spec"},
      "accelerator_memory": {"value": 160, "unit": "GB", "source": "spec"},
      "peak_tflops": {"bf16": {"value": 100, "unit": "TFLOPS", "source": "spec"}},
      "vcpu": {"value": 16, "unit": "count", "source": "spec"},
      "memory": {"value": 64, "unit": "GiB", "source": "spec"},
      "network": {"value": 100, "unit": "Gbps", "source": "spec"},
      "price": {"value": 3.5, "unit": "USD/h", "region": "us-east-1", "source": "spec"}
    }
  ]
})";

std::string replace(std::string text, const std::string& from, const std::string& to) {
    auto at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, "fixture lacks: " << from);
    return text.replace(at, from.size(), to);
}

std::vector<std::string> messages(const planner::CatalogueLoad& load) {
    std::vector<std::string> out;
    for (const auto& e : load.errors) out.push_back(e.to_string());
    return out;
}

}  // namespace

TEST_CASE("loads a valid catalogue with every figure and its source") {
    auto load = planner::load_instances(kValid, "t.json");
    REQUIRE(load.ok());
    const planner::Instance* x = load.catalogue.find("x1.large");
    REQUIRE(x);
    CHECK(x->accelerator.value == "Chip");
    CHECK(x->accelerator_count.value == 2);
    CHECK(x->peak_tflops.at("bf16").value == 100);
    CHECK(x->peak_tflops.at("bf16").source == "spec");
    REQUIRE(x->price);
    CHECK(x->price->region == "us-east-1");
    CHECK(load.catalogue.source("spec")->as_of == "2024-01-02");
}

TEST_CASE("the project's data/instances.json is valid and has the v0 instances") {
    const auto& c = test::real_catalogue();
    for (const char* id : {"p4d.24xlarge", "p4de.24xlarge", "p5.48xlarge", "trn1.32xlarge", "dl1.24xlarge"}) {
        CAPTURE(id);
        CHECK(c.find(id) != nullptr);
    }
}

TEST_CASE("errors point at the file, line and column, with the entry and a hint") {
    struct Case {
        const char* what;
        std::string text;
        std::string expected;
    };
    const Case cases[] = {
        {"an unknown field", replace(kValid, R"("family": "X1",)", R"("family": "X1", "vcpus": 3,)"),
         "t.json:6:23: error[data.unknown_field]: x1.large: unknown field \"vcpus\" (hint: known fields: "
         "accelerator, accelerator_count, accelerator_interconnect, accelerator_memory, category, efa, family, id, "
         "memory, network, peak_tflops, price, vcpu)"},
        {"a missing unit", replace(kValid, R"("value": 64, "unit": "GiB", )", R"("value": 64, )"),
         "t.json:13:17: error[data.missing_unit]: x1.large: figure has no \"unit\" (hint: this field is in \"GiB\")"},
        {"a wrong unit", replace(kValid, R"("unit": "GiB")", R"("unit": "GB")"),
         "t.json:13:39: error[data.wrong_unit]: x1.large: unit \"GB\" is not the unit of this field (hint: use \"GiB\")"},
        {"a wrong type", replace(kValid, R"("value": 16,)", R"("value": "16",)"),
         "t.json:12:25: error[data.wrong_type]: x1.large: \"value\" must be a number"},
        {"a negative value", replace(kValid, R"("value": 3.5,)", R"("value": -3.5,)"),
         "t.json:15:26: error[data.negative_value]: x1.large: value must not be negative"},
        {"an absurd value", replace(kValid, R"("value": 160,)", R"("value": 160000,)"),
         "t.json:10:39: error[data.absurd_value]: x1.large: value 160000.0 is above the plausible maximum 4096.0 GB "
         "(hint: check the unit and the number of zeros)"},
        {"a missing source", replace(kValid, R"("value": 100, "unit": "Gbps", "source": "spec")", R"("value": 100, "unit": "Gbps")"),
         "t.json:14:18: error[data.missing_source]: x1.large: figure has no \"source\" (hint: add \"source\": \"<id>\" "
         "naming an entry of \"sources\")"},
        {"an unknown source", replace(kValid, R"("value": "Chip", "source": "spec")", R"("value": "Chip", "source": "blog")"),
         "t.json:8:50: error[data.unknown_source]: x1.large: unknown source \"blog\" (hint: define it under \"sources\" "
         "with title, url and as_of)"},
        {"a sparse-only precision name", replace(kValid, R"({"bf16":)", R"({"bf16_sparse":)"),
         "t.json:11:23: error[data.unknown_field]: x1.large: unknown precision \"bf16_sparse\" (hint: one of: bf16, "
         "fp16, fp32, fp8, int8, tf32)"},
        {"a bad date", replace(kValid, R"("as_of": "2024-01-02")", R"("as_of": "last year")"),
         "t.json:2:91: error[data.bad_date]: spec: \"as_of\" must be a date YYYY-MM-DD or YYYY-MM"},
        {"invalid JSON", replace(kValid, R"("family": "X1",)", R"("family": "X1")"),
         "t.json:7:16: error[data.syntax]: invalid JSON: syntax error while parsing object - unexpected string literal; "
         "expected '}'"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.what);
        auto load = planner::load_instances(c.text, "t.json");
        REQUIRE(load.errors.size() == 1);
        CHECK(load.errors[0].to_string() == c.expected);
    }
}

TEST_CASE("a duplicate id is reported and the first entry kept") {
    std::string text = kValid;
    auto start = text.find("    {\n      \"id\"");
    auto end = text.find("\n  ]");
    std::string entry = text.substr(start, end - start);
    text.insert(end, ",\n" + entry);
    auto load = planner::load_instances(text, "t.json");
    REQUIRE(messages(load) == std::vector<std::string>{
        "t.json:18:13: error[data.duplicate_id]: x1.large: instance \"x1.large\" is defined twice (hint: remove or "
        "rename one of them)"});
    CHECK(load.catalogue.instances.size() == 1);
}

TEST_CASE("an estimate must say how it was made") {
    auto text = replace(kValid, R"("value": 16, "unit": "count", "source": "spec")",
                        R"("value": 16, "unit": "count", "source": "spec", "estimate": true)");
    auto load = planner::load_instances(text, "t.json");
    REQUIRE(load.errors.size() == 1);
    CHECK(load.errors[0].code == "data.estimate_without_method");
}
