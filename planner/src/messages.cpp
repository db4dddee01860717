#include "planner/messages.hpp"

#include "planner/catalogue.hpp"

#include <algorithm>
#include <utility>

namespace planner {

namespace {

// Where a figure came from (mfu_source, scaling_source, throughput_source, bandwidth_fraction_source):
// the fixed words; source ids stay as they are.
const std::pair<const char*, const char*> kWords[] = {
    {"predicted", "予測"},
    {"measured", "実測"},
    {"measured at scale", "その規模での実測"},
    {"assumed", "仮定"},
    {"request", "入力値"},
    {"step time", "ステップ時間のモデル"},
    {"compute estimate", "計算量からの推定"},
    {"llm estimate", "LLM の推定 (LLM サービングの計算機と同じモデル)"},
};

std::string fill(std::string_view form, const std::vector<std::string>& parts) {
    std::string out;
    for (std::size_t i = 0; i < form.size(); ++i) {
        if (form[i] == '{' && i + 2 < form.size() && form[i + 2] == '}' && form[i + 1] >= '0' && form[i + 1] <= '9') {
            const std::size_t k = std::size_t(form[i + 1] - '0');
            if (k < parts.size()) out += parts[k];
            i += 2;
        } else {
            out += form[i];
        }
    }
    return out;
}

// A part of a message that is a purchase option id, or a list of them, in Japanese; other parts
// (instance ids, regions, numbers) as they are.
std::string option_names_ja(const std::string& part) {
    const auto& options = purchase_options();
    std::string out;
    for (std::size_t from = 0; from <= part.size();) {
        const std::size_t comma = std::min(part.find(", ", from), part.size());
        const std::string item = part.substr(from, comma - from);
        if (std::find(options.begin(), options.end(), item) == options.end()) return part;  // not a list of options
        out += (out.empty() ? "" : "、") + purchase_option_name(item, "ja");
        from = comma + 2;
    }
    return out;
}

}  // namespace

namespace {

struct Coded {
    const char* code;
    const char* en;  // {0}, {1}, … the parts that vary
    const char* ja;
};

// message_list.hpp's table, in msg::Code's order.
const Coded kCoded[] = {
#define ACCELGUIDE_MESSAGE_ROW(code, en, ja) {#code, en, ja},
    ACCELGUIDE_MESSAGES(ACCELGUIDE_MESSAGE_ROW)
#undef ACCELGUIDE_MESSAGE_ROW
};


}  // namespace

const char* code_name(msg::Code code) { return kCoded[code].code; }

std::string message_text(msg::Code code, const std::vector<std::string>& args, std::string_view lang) {
    const Coded& c = kCoded[code];
    if (lang != "ja") return fill(c.en, args);
    std::vector<std::string> parts = args;
    for (std::string& part : parts) part = option_names_ja(part);
    return fill(c.ja, parts);
}

FieldError coded(std::string field, msg::Code code, std::vector<std::string> args) {
    std::string message = message_text(code, args, "en");
    return FieldError(std::move(field), std::move(message), code_name(code), std::move(args));
}

void to_json(nlohmann::json& j, const Note& n) {
    j = nlohmann::json::object();
    j["say"] = code_name(n.code);
    if (!n.args.empty()) j["args"] = n.args;
}

nlohmann::json said(const FieldError& e, bool with_field) {
    nlohmann::json j{{"say", e.code}};
    if (!e.args.empty()) j["args"] = e.args;
    if (with_field && !e.field.empty()) j["field"] = e.field;
    return j;
}

void render_messages(nlohmann::json& node, std::string_view lang) {
    if (node.is_array()) {
        for (nlohmann::json& item : node) render_messages(item, lang);
        return;
    }
    if (!node.is_object()) return;
    if (const auto say = node.find("say"); say != node.end() && say->is_string()) {
        std::string text = message_text(say->get<std::string>(), node.value("args", std::vector<std::string>()), lang);
        if (lang != "ja" && node.contains("field")) text = node["field"].get<std::string>() + ": " + text;
        node = std::move(text);
        return;
    }
    for (auto& item : node.items()) render_messages(item.value(), lang);
}

bool Stages::refuse(std::string field, msg::Code code, std::vector<std::string> args) {
    errors.push_back(coded(std::move(field), code, std::move(args)));
    return false;
}

std::string message_text(std::string_view code, const std::vector<std::string>& args, std::string_view lang) {
    for (const Coded& c : kCoded)
        if (code == c.code) {
            if (lang != "ja") return fill(c.en, args);
            std::vector<std::string> parts = args;
            for (std::string& part : parts) part = option_names_ja(part);
            return fill(c.ja, parts);
        }
    return std::string(code);
}

std::string messages_markdown() {
    std::string out = "| code | English | 日本語 |\n|---|---|---|\n";
    for (const Coded& c : kCoded) out += std::string("| `") + c.code + "` | " + c.en + " | " + c.ja + " |\n";
    return out;
}

std::vector<std::string> message_codes() {
    std::vector<std::string> out;
    for (const Coded& c : kCoded) out.push_back(c.code);
    return out;
}

std::string localise(const std::string& word, std::string_view lang) {
    if (lang != "ja") return word;
    for (const auto& [en, ja] : kWords)
        if (word == en) return ja;
    return word;
}

}  // namespace planner
