// The declared request fields (planner/request_fields.hpp) are what the readers check, and what
// the JSON Schema and API.md's tables say.
#include <doctest/doctest.h>

#include <string>

#include "planner/api.hpp"
#include "plan.hpp"
#include "messages.hpp"
#include "planner/messages.hpp"
#include "planner/request_fields.hpp"
#include "planner/request_reader.hpp"
#include "test_catalogue.hpp"

using nlohmann::json;
using planner::Field;

namespace {

// A request of `kind` that plans, holding the object `path` sits in: serve's model typed field by
// field, infer's throughput from its llm (or compute) object, so that each declared field can be set.
json base_request(const std::string& kind, const std::string& path = "") {
    if (kind == "serve")
        return json::parse(R"({"api":1,"kind":"serve","instance":"p5.48xlarge","prompt_tokens":1000,"output_tokens":100,
            "rate":{"value":1,"per":"second"},
            "model":{"parameters":70e9,"layers":80,"hidden":8192,"heads":64,"kv_heads":8,"head_dim":128}})");
    if (kind == "infer" && path.rfind("compute.", 0) == 0)
        return json::parse(R"({"api":1,"kind":"infer","instance":"g6e.xlarge","rate":{"value":10,"per":"second"},
            "compute":{"parameters":1e8,"tokens":512,"mfu":0.2}})");
    if (kind == "infer")
        return json::parse(R"({"api":1,"kind":"infer","instance":"g6e.12xlarge","rate":{"value":20,"per":"second"},
            "llm":{"parameters":7e9,"layers":32,"kv_heads":32,"head_dim":128,"prompt_tokens":512,"output_tokens":256,
                   "bandwidth_fraction":0.6,"mfu":0.3}})");
    if (kind == "train" && path.rfind("model.architecture.", 0) == 0)
        return json::parse(R"({"api":1,"kind":"train","instance":"p5.48xlarge","instance_count":1,"tokens":1e10,"mfu":0.4,
            "model":{"architecture":{"layers":32,"hidden":4096,"heads":32,"sequence":2048,"vocabulary":50000}}})");
    if (kind == "train" && path.rfind("fine_tuning.", 0) == 0)
        return json::parse(R"({"api":1,"kind":"train","instance":"p5.48xlarge","instance_count":1,"tokens":1e9,
            "model":"llama3.1-8b","fine_tuning":{"method":"lora"}})");
    if (kind == "train") {
        json r = json::parse(R"({"api":1,"kind":"train","instance":"p5.48xlarge","tokens":1e10,"mfu":0.4,
            "model":{"parameters":7e9}})");
        // One of the three that say how many instances.
        if (path == "deadline_days") r["deadline_days"] = 365;
        else if (path == "budget_usd") r["budget_usd"] = 1e6;
        else r["instance_count"] = 1;
        return r;
    }
    if (kind == "energy")
        return json::parse(R"({"api":1,"kind":"energy","configurations":[{"instance":"p4d.24xlarge","instances":2,"hours":10},
            {"instance":"p5.48xlarge","instances":1,"hours":10}]})");
    if (kind == "instances") return json::parse(R"({"api":1,"kind":"instances","ids":["p5.48xlarge"]})");
    if (kind == "compare")
        return json::parse(R"({"api":1,"kind":"compare","instances":["p5.48xlarge"],"job":{"kind":"train",
            "model":{"parameters":1e9},"tokens":1e9,"instance_count":1,"mfu":0.4}})");
    if (kind == "model") return json::parse(R"({"api":1,"kind":"model","config":{"num_hidden_layers":2,"hidden_size":64,
            "num_attention_heads":4,"vocab_size":100,"intermediate_size":128}})");
    if (kind == "catalog") return json::parse(R"({"api":1,"kind":"catalog"})");
    FAIL("no base request for " << kind);
    return {};
}

// A declared path as one request holds it: the first item of a list ("configurations[].hours" is
// "configurations.0.hours").
std::string in_request(std::string path) {
    for (std::size_t at; (at = path.find("[]")) != std::string::npos;) path.replace(at, 2, ".0");
    return path;
}

void set_path(json& j, const std::string& path, json value) {
    const auto dot = path.find('.');
    const std::string key = path.substr(0, dot);
    json& next = j.is_array() ? j[std::stoul(key)] : j[key];
    if (dot == std::string::npos) next = std::move(value);
    else set_path(next, path.substr(dot + 1), std::move(value));
}

bool refused_with(const json& response, const std::string& field, const std::string& message) {
    for (const json& e : response.value("errors", json::array()))
        if (e.value("field", "") == field && e.value("message", "") == message) return true;
    return false;
}

bool is_number(const Field& f) {
    return f.type == Field::Type::number || f.type == Field::Type::whole || f.type == Field::Type::integer;
}

json plan(const json& request) { return json::parse(site::plan(test::real_catalogue(), request.dump())); }

}  // namespace

TEST_CASE("the requests the field checks start from plan") {
    for (const planner::RequestSchema& schema : planner::request_schemas()) {
        CAPTURE(schema.kind);
        CHECK(plan(base_request(schema.kind))["ok"] == true);
        for (const char* path : {"compute.", "model.architecture.", "fine_tuning.", "deadline_days", "budget_usd"})
            if (json r = base_request(schema.kind, path); r != base_request(schema.kind)) CHECK(plan(r)["ok"] == true);
    }
}

TEST_CASE("every declared number is refused beyond its declared bounds, in the declaration's words") {
    int checked = 0;
    for (const planner::RequestSchema& schema : planner::request_schemas())
        for (const planner::FieldPart& part : schema.parts)
            for (const Field* f : part) {
                if (!is_number(*f)) continue;
                const std::string path = in_request(planner::full_path(part, *f));
                CAPTURE(path);
                json request = base_request(schema.kind, path);
                set_path(request, path, f->max * 2 + 1);
                CHECK(refused_with(plan(request), path, site::message_text(planner::range_code(planner::rule_of(*f)), planner::range_args(planner::rule_of(*f)), "en")));
                ++checked;
            }
    CHECK(checked == 115);  // every declared number of every kind (a new one: raise this)
}

TEST_CASE("every declared word list is what the reader allows") {
    int checked = 0;
    for (const planner::RequestSchema& schema : planner::request_schemas())
        for (const planner::FieldPart& part : schema.parts)
            for (const Field* f : part) {
                if (f->type != Field::Type::text || !f->allowed) continue;
                const std::string path = in_request(planner::full_path(part, *f));
                CAPTURE(path);
                // Every word the form offers is allowed; the refusal lists them alphabetically.
                std::string list;
                for (const std::string& w : planner::sorted_words(*f)) list += (list.empty() ? "" : ", ") + w;
                for (const std::string& w : f->allowed()) {
                    json request = base_request(schema.kind, path);
                    set_path(request, path, w);
                    // Allowed: refused, if at all, for the chip (an fp4 peak the H100 lacks), not as a word.
                    for (const json& e : plan(request).value("errors", json::array()))
                        if (e.value("field", "") == path) CHECK(e.value("message", "").rfind("must be one of", 0) != 0);
                }
                json request = base_request(schema.kind, path);
                set_path(request, path, "no-such-word");
                CHECK(refused_with(plan(request), path, "must be one of: " + list));
                ++checked;
            }
    CHECK(checked == 19);  // rate.per, purchase_option, the precisions, the engine, …
}

TEST_CASE("a field the serve schema does not declare is refused at its path") {
    json request = base_request("serve");
    request["model"]["layer"] = 80;
    request["rate"]["every"] = "second";
    request["ttft"] = 200;
    const json r = plan(request);
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

TEST_CASE("the infer JSON Schema requires its optional objects' fields only inside them") {
    const json s = planner::request_json_schema(*planner::request_schema("infer"));
    CHECK(s["required"] == json({"api", "kind", "instance", "rate"}));
    CHECK(s["properties"]["llm"]["type"] == "object");
    // A catalogue model or its four figures (the reader asks for them without one); the shares are the user's own.
    CHECK(s["properties"]["llm"]["required"] == json({"prompt_tokens", "output_tokens"}));
    CHECK(s["properties"]["compute"]["required"] == json({"mfu"}));
}

namespace {
// The text between `<!-- TAG: KIND ... -->` and `<!-- /TAG -->` in planner/API.md.
std::string api_block(const std::string& api, const std::string& tag, const std::string& kind) {
    const auto start = api.find("<!-- " + tag + ": " + kind + " ");
    REQUIRE(start != std::string::npos);
    const auto body = api.find("-->\n", start) + 4;
    const auto end = api.find("<!-- /" + tag + " -->", body);
    REQUIRE(end != std::string::npos);
    return api.substr(body, end - body);
}
}  // namespace

TEST_CASE("planner/API.md holds every error code with its English and Japanese, as message_list.hpp declares them") {
    INFO("regenerate with: ./build/bin/accelguide messages");
    CHECK(api_block(test::read_text(ACCELGUIDE_SOURCE_DIR "/planner/API.md"), "messages", "codes") == site::messages_markdown());
}

TEST_CASE("planner/API.md holds each kind's request and response tables as the declarations make them") {
    const std::string api = test::read_text(ACCELGUIDE_SOURCE_DIR "/planner/API.md");
    for (const planner::RequestSchema& kind : planner::request_schemas()) {
        CAPTURE(kind.kind);
        INFO("regenerate with: ./build/bin/accelguide schema " << kind.kind << " [--response] --markdown");
        CHECK(api_block(api, "fields", kind.kind) == planner::fields_markdown(kind));
        CHECK(api_block(api, "response", kind.kind) == planner::response_markdown(*planner::response_schema(kind.kind)));
    }
    INFO("regenerate with: ./build/bin/accelguide schema envelope");
    CHECK(api_block(api, "response", "envelope") == planner::response_markdown(planner::envelope_schema()));
}

TEST_CASE("every request kind has a response schema, and each refuses an undeclared field") {
    for (const planner::RequestSchema& kind : planner::request_schemas()) {
        CAPTURE(kind.kind);
        const planner::ResponseSchema* response = planner::response_schema(kind.kind);
        REQUIRE(response != nullptr);
        const json s = planner::response_json_schema(*response);
        const json& success = s["oneOf"][0];
        CHECK(success["required"] == json({"api", "ok", "kind", kind.kind}));
        CHECK(success["properties"][kind.kind]["additionalProperties"] == false);
        CHECK(s["oneOf"][1]["properties"]["ok"]["const"] == false);
    }
}

TEST_CASE("a train response's layout may be null, and a range is {low, high}") {
    const json train = planner::response_json_schema(*planner::response_schema("train"))["oneOf"][0]["properties"]["train"];
    const json& layout = train["properties"]["layout"];
    REQUIRE(layout.contains("anyOf"));
    CHECK(layout["anyOf"][0]["properties"].contains("tensor"));
    CHECK(layout["anyOf"][1] == json({{"type", "null"}}));
    const json& days = train["properties"]["range"]["properties"]["days"];
    CHECK(days["required"] == json({"low", "high"}));
    CHECK(days["additionalProperties"] == false);
    // A field required where its object is given: the step is optional, its terms are not.
    CHECK(train["properties"]["step"]["required"].size() == 25);
    CHECK_FALSE(json(train["required"]).dump().find("\"step\"") != std::string::npos);
}

TEST_CASE("the compare JSON Schema's job and like are each one of the kinds it compares, job without its instance") {
    const json s = planner::request_json_schema(*planner::request_schema("compare"));
    const json& job = s["properties"]["job"]["oneOf"];
    const json& like = s["properties"]["like"]["oneOf"];
    REQUIRE(job.size() == 3);
    REQUIRE(like.size() == 3);
    for (std::size_t k = 0; k < 3; ++k) {
        const std::string kind = like[k]["properties"]["kind"]["const"];
        CHECK(job[k]["properties"]["kind"]["const"] == kind);
        // like is the kind's own request, whole; job leaves the instance (and the language) to compare.
        json own = planner::request_json_schema(*planner::request_schema(kind));
        own.erase("$schema");
        own.erase("title");
        CHECK(like[k] == own);
        CHECK_FALSE(job[k]["properties"].contains("instance"));
        CHECK_FALSE(job[k]["properties"].contains("lang"));
        for (const json& r : job[k]["required"]) CHECK(r != "instance");
        CHECK(job[k]["properties"].size() + 2 == own["properties"].size());
    }
}
