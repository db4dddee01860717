// The declared request fields (planner/request_fields.hpp) are what the readers check, and what
// the JSON Schema and API.md's tables say.
#include <doctest/doctest.h>

#include <string>

#include "planner/api.hpp"
#include "planner/request_fields.hpp"
#include "planner/request_reader.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;
using planner::Field;

namespace {

// A serve request that plans, its model typed field by field so that each model field can be set.
json typed_serve_request() {
    return json::parse(R"({"api":1,"kind":"serve","instance":"p5.48xlarge","prompt_tokens":1000,"output_tokens":100,
        "rate":{"value":1,"per":"second"},
        "model":{"parameters":70e9,"layers":80,"hidden":8192,"heads":64,"kv_heads":8,"head_dim":128}})");
}

void set_path(json& j, const std::string& path, json value) {
    const auto dot = path.find('.');
    if (dot == std::string::npos) j[path] = std::move(value);
    else set_path(j[path.substr(0, dot)], path.substr(dot + 1), std::move(value));
}

bool refused_with(const json& response, const std::string& field, const std::string& message) {
    for (const json& e : response.value("errors", json::array()))
        if (e.value("field", "") == field && e.value("message", "") == message) return true;
    return false;
}

}  // namespace

TEST_CASE("the typed serve request the field checks start from plans") {
    const json r = json::parse(planner::plan(test::real_catalogue(), typed_serve_request().dump()));
    CHECK(r["ok"] == true);
}

TEST_CASE("every declared serve number is refused beyond its declared bounds, in the declaration's words") {
    const planner::RequestSchema& serve = *planner::request_schema("serve");
    int checked = 0;
    for (const planner::FieldPart& part : serve.parts)
        for (const Field* f : part) {
            if (f->type != Field::Type::number && f->type != Field::Type::whole && f->type != Field::Type::integer) continue;
            const std::string path = planner::full_path(part, *f);
            CAPTURE(path);
            json request = typed_serve_request();
            set_path(request, path, f->max * 2 + 1);
            const json r = json::parse(planner::plan(test::real_catalogue(), request.dump()));
            CHECK(refused_with(r, path, planner::range_words(planner::rule_of(*f))));
            ++checked;
        }
    CHECK(checked >= 25);  // the model's widths, the job, the fleet and the footprint
}

TEST_CASE("every declared serve word list is what the reader allows") {
    const planner::RequestSchema& serve = *planner::request_schema("serve");
    int checked = 0;
    for (const planner::FieldPart& part : serve.parts)
        for (const Field* f : part) {
            if (f->type != Field::Type::text || !f->allowed) continue;
            const std::string path = planner::full_path(part, *f);
            CAPTURE(path);
            std::string list;
            for (const std::string& w : f->allowed()) {
                list += (list.empty() ? "" : ", ") + w;
                json request = typed_serve_request();
                set_path(request, path, w);
                const json r = json::parse(planner::plan(test::real_catalogue(), request.dump()));
                // Allowed: refused, if at all, for the chip (an fp4 peak the H100 lacks), not as a word.
                for (const json& e : r.value("errors", json::array()))
                    if (e.value("field", "") == path) CHECK(e.value("message", "").rfind("must be one of", 0) != 0);
            }
            json request = typed_serve_request();
            set_path(request, path, "no-such-word");
            const json r = json::parse(planner::plan(test::real_catalogue(), request.dump()));
            CHECK(refused_with(r, path, "must be one of: " + list));
            ++checked;
        }
    CHECK(checked == 6);  // rate.per, weights, kv_cache, compute, engine, purchase_option
}

TEST_CASE("a field the serve schema does not declare is refused at its path") {
    json request = typed_serve_request();
    request["model"]["layer"] = 80;
    request["rate"]["every"] = "second";
    request["ttft"] = 200;
    const json r = json::parse(planner::plan(test::real_catalogue(), request.dump()));
    CHECK(refused_with(r, "ttft", "is not a known field"));
    CHECK(refused_with(r, "model.layer", "is not a known field"));
    CHECK(refused_with(r, "rate.every", "is not a known field"));
}

TEST_CASE("the serve JSON Schema nests the declared paths, requires what the reader requires and refuses the rest") {
    const json s = planner::request_json_schema(*planner::request_schema("serve"));
    CHECK(s["$schema"] == "https://json-schema.org/draft/2020-12/schema");
    CHECK(s["additionalProperties"] == false);
    CHECK(s["required"] == json({"api", "kind", "instance", "model", "prompt_tokens", "output_tokens", "rate"}));
    CHECK(s["properties"]["kind"]["const"] == "serve");
    // The model: a catalogue id, or an object of the architecture's fields.
    const json& model = s["properties"]["model"]["anyOf"];
    REQUIRE(model.size() == 2);
    CHECK(model[0]["type"] == "string");
    CHECK(model[1]["properties"]["kv_heads"]["maximum"] == planner::model_limits::kHeads);
    CHECK(model[1]["properties"]["config"]["type"] == "object");
    CHECK(model[1]["additionalProperties"] == false);
    // Bounds as the reader checks them: exclusive where it is.
    CHECK(s["properties"]["ttft_ms"]["exclusiveMinimum"] == 0);
    CHECK(s["properties"]["prompt_tokens"]["type"] == "integer");
    CHECK(s["properties"]["rate"]["required"] == json({"value", "per"}));
    CHECK(s["properties"]["rate"]["properties"]["per"]["enum"] == json({"day", "hour", "second"}));
    CHECK(s["properties"]["headroom"]["description"] == "share of accelerator memory kept free [0-1]; default: 0.1");
}

TEST_CASE("planner/API.md holds each declared kind's field table as the declaration makes it") {
    const std::string api = test::read_text(ACCELGUIDE_SOURCE_DIR "/planner/API.md");
    for (const planner::RequestSchema& kind : planner::request_schemas()) {
        CAPTURE(kind.kind);
        const std::string open = std::string("<!-- fields: ") + kind.kind + " ";
        const auto start = api.find(open);
        REQUIRE(start != std::string::npos);
        const auto body = api.find("-->\n", start) + 4;
        const auto end = api.find("<!-- /fields -->", body);
        REQUIRE(end != std::string::npos);
        INFO("regenerate with: ./build/bin/accelguide schema " << kind.kind << " --markdown");
        CHECK(api.substr(body, end - body) == planner::fields_markdown(kind));
    }
}
