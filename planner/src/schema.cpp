// The JSON Schema and the Markdown table of a request kind, made from its declared fields.
#include "planner/schema.hpp"

#include <algorithm>
#include <memory>
#include <string_view>
#include <utility>

#include "planner/messages.hpp"
#include "planner/request_reader.hpp"
#include "planner/response_fields.hpp"

namespace planner {

using nlohmann::json;

const RequestSchema* find_kind(const std::vector<RequestSchema>& schemas, const std::string& kind) {
    for (const RequestSchema& s : schemas)
        if (kind == s.kind) return &s;
    return nullptr;
}

std::string full_path(const FieldPart& part, const Field& field) {
    const std::string at = part.at;
    return at.empty() ? std::string(field.path) : at + "." + field.path;
}

namespace {

// The request as a tree of names: a field sits at its node; a node with children is an object
// (or, named "[]", the items of a list).
struct Node {
    const Field* self = nullptr;
    std::vector<std::pair<std::string, std::unique_ptr<Node>>> children;

    Node& child(const std::string& name) {
        for (auto& [n, c] : children)
            if (n == name) return *c;
        children.emplace_back(name, std::make_unique<Node>());
        return *children.back().second;
    }
};

Node& descend(Node& root, const std::string& path) {
    Node* node = &root;
    std::size_t start = 0;
    while (start < path.size()) {
        const std::size_t dot = path.find('.', start);
        std::string name = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        const bool list = name.size() > 2 && name.compare(name.size() - 2, 2, "[]") == 0;
        if (list) name.resize(name.size() - 2);
        node = &node->child(name);
        if (list) node = &node->child("[]");
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    return *node;
}

json words_of(const Field& f) { return sorted_words(f); }

std::string description(const Field& f) {
    std::string d = f.doc;
    if (*f.unit) d += " [" + std::string(f.unit) + "]";
    if (*f.fallback) d += "; default: " + std::string(f.fallback);
    return d;
}

json scalar(const Field& f) {
    using T = Field::Type;
    json s;
    switch (f.type) {
        case T::number:
        case T::whole:
        case T::integer:
            s = {{"type", f.type == T::number ? "number" : "integer"}};
            if (f.min > -1e300) s[f.min_exclusive ? "exclusiveMinimum" : "minimum"] = f.min;
            if (f.max < 1e300) s["maximum"] = f.max;  // a response figure: no upper bound
            if (f.allowed) s = {{"anyOf", {s, {{"enum", words_of(f)}}}}};
            break;
        case T::text:
            s = {{"type", "string"}};
            if (f.allowed) s["enum"] = words_of(f);
            break;
        case T::boolean: s = {{"type", "boolean"}}; break;
        case T::object: s = {{"type", "object"}}; break;
        case T::words:
            s = {{"type", "array"}, {"items", f.allowed ? json{{"enum", words_of(f)}} : json{{"type", "string"}}}};
            break;
        case T::numbers:
            s = {{"type", "array"}, {"items", {{"type", "integer"}, {"minimum", f.min}, {"maximum", f.max}}}};
            break;
        case T::objects: s = {{"type", "array"}, {"items", {{"type", "object"}}}}; break;
        case T::range: {
            const json number{{"type", "number"}};
            s = {{"type", "object"},
                 {"properties", {{"low", number}, {"high", number}}},
                 {"required", {"low", "high"}},
                 {"additionalProperties", false}};
            break;
        }
        case T::table:
        case T::marks:
            s = {{"type", "object"}, {"additionalProperties", f.type == T::table ? json{{"type", "number"}} : json{{"const", true}}}};
            if (f.allowed) s["propertyNames"] = {{"enum", words_of(f)}};
            break;
    }
    if (f.max_items) s["maxItems"] = f.max_items;
    if (f.min_items) s["minItems"] = f.min_items;
    s["description"] = description(f);
    return s;
}

json emit(const Node& node);

// A field is required as declared; a field inside an object only when that object is given.
bool required_node(const Node& node) { return node.self && node.self->required; }

json object_of(const Node& node) {
    json properties = json::object(), required = json::array();
    for (const auto& [name, child] : node.children) {
        properties[name] = emit(*child);
        if (required_node(*child)) required.push_back(name);
    }
    json o{{"type", "object"}, {"properties", std::move(properties)}, {"additionalProperties", false}};
    if (!required.empty()) o["required"] = std::move(required);
    return o;
}

json emit_value(const Node& node);

// A response's figure that may be null ("layout": null when nothing fits) takes either.
json emit(const Node& node) {
    json value = emit_value(node);
    if (!node.self || !node.self->nullable) return value;
    json either{{"anyOf", {std::move(value), {{"type", "null"}}}}};
    if (auto d = either["anyOf"][0].find("description"); d != either["anyOf"][0].end()) either["description"] = *d;
    return either;
}

json emit_value(const Node& node) {
    if (node.children.size() == 1 && node.children[0].first == "[]") {  // a list of objects
        json list = node.self ? scalar(*node.self) : json{{"type", "array"}};
        list["items"] = emit(*node.children[0].second);
        return list;
    }
    if (node.children.empty()) return node.self ? scalar(*node.self) : json::object();
    if (!node.self) return object_of(node);
    if (node.self->type == Field::Type::object) {  // "rate": the object of the fields below it
        json o = object_of(node);
        o["description"] = description(*node.self);
        return o;
    }
    // "model": a catalogue id, or the object of the fields below it.
    return {{"anyOf", {scalar(*node.self), object_of(node)}}, {"description", description(*node.self)}};
}

Node tree_of(const RequestSchema& schema) {
    Node root;
    for (const FieldPart& part : schema.parts)
        for (const Field* f : part) descend(root, full_path(part, *f)).self = f;
    return root;
}

void collect_names(const Node& node, const std::string& path,
                   std::vector<std::pair<std::string, std::set<std::string>>>& out) {
    if (node.children.empty()) return;
    if (node.children.size() == 1 && node.children[0].first == "[]")
        return collect_names(*node.children[0].second, path + "[]", out);
    std::set<std::string> names;
    for (const auto& [name, child] : node.children) names.insert(name);
    out.emplace_back(path, std::move(names));
    for (const auto& [name, child] : node.children) collect_names(*child, path.empty() ? name : path + "." + name, out);
}

}  // namespace

std::vector<std::pair<std::string, std::set<std::string>>> known_names(const RequestSchema& schema) {
    std::vector<std::pair<std::string, std::set<std::string>>> out;
    collect_names(tree_of(schema), "", out);
    if (out.empty()) out.emplace_back("", std::set<std::string>());  // a kind with no fields of its own
    out.front().second.insert({"api", "kind"});
    return out;
}

namespace {

// Compare's job and like, each one of the kinds it runs: like a whole request of that kind, job the
// same without its instance (compare gives each type in turn) and the response's language.
void compared_kinds(json& properties) {
    json jobs = json::array(), likes = json::array();
    for (const char* kind : {"train", "infer", "serve"}) {
        json whole = request_json_schema(*request_schema(kind));
        for (const char* key : {"$schema", "title"}) whole.erase(key);
        json job = whole;
        job["properties"].erase("instance");
        job["properties"].erase("lang");
        json required = json::array();
        for (const json& r : job["required"])
            if (r != "instance" && r != "api") required.push_back(r);
        job["required"] = std::move(required);
        likes.push_back(std::move(whole));
        jobs.push_back(std::move(job));
    }
    properties["job"]["oneOf"] = std::move(jobs);
    properties["like"]["oneOf"] = std::move(likes);
}

}  // namespace

json request_json_schema(const RequestSchema& schema) {
    json body = object_of(tree_of(schema));
    if (std::string_view(schema.kind) == "compare") compared_kinds(body["properties"]);
    json properties{{"api", {{"const", 1}, {"description", "the API version this request speaks"}}},
                    {"kind", {{"const", schema.kind}}},
                    {"lang", {{"enum", {"en", "ja"}}, {"description", "the language of the response's messages; default: en"}}}};
    properties.update(body["properties"]);
    json required{"api", "kind"};
    for (const auto& r : body.value("required", json::array())) required.push_back(r);
    return {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
            {"title", std::string("accelguide API 1: ") + schema.kind + " request"},
            {"description", schema.doc},
            {"type", "object"},
            {"properties", std::move(properties)},
            {"required", std::move(required)},
            {"additionalProperties", false}};
}

namespace {

std::string type_words(const Field& f) {
    using T = Field::Type;
    switch (f.type) {
        case T::number: return f.allowed ? "number or word" : "number";
        case T::whole:
        case T::integer: return "whole number";
        case T::text: return "text";
        case T::boolean: return "true or false";
        case T::object: return "object";
        case T::words: return "list of text";
        case T::numbers: return "list of whole numbers";
        case T::objects: return "list of objects";
        case T::range: return "{low, high}";
        case T::table: return "number by word";
        case T::marks: return "true by word";
    }
    return "";
}

std::string values_words(const Field& f) {
    using T = Field::Type;
    std::string words;
    if (f.allowed)
        for (const std::string& w : sorted_words(f)) words += (words.empty() ? "" : ", ") + ("`" + w + "`");
    if (f.max_items) {
        std::string count = std::to_string(f.min_items) + " to " + std::to_string(f.max_items) + " items";
        if (f.type == T::numbers) count += ", each from " + format_number(f.min) + " to " + format_number(f.max);
        return words.empty() ? count : count + " of " + words;
    }
    if (f.type == T::number || f.type == T::whole || f.type == T::integer) {
        // The bounds as the range messages say them, after "must be" (display/codes/message_list.hpp).
        const std::string low = format_number(f.min), high = format_number(f.max);
        std::string r = f.min_exclusive ? "greater than " + low + " and at most " + high : "from " + low + " to " + high;
        if (f.max >= 1e300) r = (f.min_exclusive ? "greater than " : "at least ") + format_number(f.min);
        return words.empty() ? r : r + "; or " + words;
    }
    return words;
}

}  // namespace

std::string fields_markdown(const RequestSchema& schema) {
    std::set<std::string> objects;  // "model": fields continue below it
    for (const FieldPart& part : schema.parts)
        for (const Field* f : part) {
            const std::string path = full_path(part, *f);
            for (std::size_t dot = path.find('.'); dot != std::string::npos; dot = path.find('.', dot + 1))
                objects.insert(path.substr(0, dot));
        }
    if (objects.empty() && schema.parts.empty()) return "It takes no field but `api` and `kind`.\n";
    std::string out = "| field | type | values | unit | default | CLI flag | what it is |\n";
    out += "|---|---|---|---|---|---|---|\n";
    for (const FieldPart& part : schema.parts)
        for (const Field* f : part) {
            const std::string path = full_path(part, *f);
            const bool in_list = path.find("[]") != std::string::npos;  // the CLI has no flag for one item's field
            const std::string fallback = f->required ? std::string("**required**") : std::string(f->fallback);
            const bool also_object = objects.count(path) && f->type != Field::Type::object;
            const std::string type = type_words(*f) + (also_object ? " or object" : "");
            out += "| `" + path + "` | " + type + " | " + values_words(*f) + " | " + f->unit +
                   " | " + fallback + " | " + (f->cli && !in_list ? "`--" + std::string(f->cli) + "`" : std::string()) + " | " +
                   f->doc + " |\n";
        }
    return out;
}

}  // namespace planner

namespace planner {

std::vector<std::string> sorted_words(const Field& f) {
    if (!f.allowed) return {};
    std::vector<std::string> words = f.allowed();
    std::sort(words.begin(), words.end());
    return words;
}

json response_json_schema(const ResponseSchema& schema) {
    // The outside every response shares, from its declarations (response_fields.hpp, results::envelope
    // and results::error), with the values each side holds as constants.
    namespace env = results::envelope;
    Node outside = tree_of(envelope_schema());
    const auto declared = [&](const Field& f, json constant) {
        json property = emit(outside.child(f.path));
        return constant.is_null() ? property : json{{"const", std::move(constant)}, {"description", property["description"]}};
    };
    json success{{"type", "object"},
                 {"properties", {{env::api.path, declared(env::api, 1)}, {env::ok.path, declared(env::ok, true)},
                                 {env::kind.path, declared(env::kind, schema.kind)}}},
                 {"required", {env::api.path, env::ok.path, env::kind.path, schema.kind}},
                 {"additionalProperties", false}};
    json result = object_of(tree_of(schema));
    result["description"] = schema.doc;
    success["properties"][schema.kind] = std::move(result);
    const json failure{{"type", "object"},
                       {"properties", {{env::api.path, declared(env::api, 1)}, {env::ok.path, declared(env::ok, false)},
                                       {env::errors.path, declared(env::errors, nullptr)}}},
                       {"required", {env::api.path, env::ok.path, env::errors.path}},
                       {"additionalProperties", false}};
    return {{"$schema", "https://json-schema.org/draft/2020-12/schema"},
            {"title", std::string("accelguide API 1: ") + schema.kind + " response"},
            {"oneOf", {std::move(success), failure}}};
}

constexpr std::size_t kWordsInTable = 16;

std::string response_markdown(const ResponseSchema& schema) {
    std::string out = "| field | type | unit | always | what it is |\n|---|---|---|---|---|\n";
    for (const FieldPart& part : schema.parts)
        for (const Field* f : part) {
            std::string type = type_words(*f);
            // A long list of words (every message code) is the JSON Schema's to list, not the table's.
            if (f->type == Field::Type::text && f->allowed)
                type = f->allowed().size() <= kWordsInTable ? values_words(*f)
                                                            : "text, one of " + std::to_string(f->allowed().size()) + " words (the JSON Schema's enum)";
            if (f->nullable) type += " or null";
            out += "| `" + full_path(part, *f) + "` | " + type + " | " + f->unit + " | " + (f->required ? "yes" : "") +
                   " | " + f->doc + " |\n";
        }
    return out;
}

}  // namespace planner
