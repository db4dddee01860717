#include "messages.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>

#include "planner/catalogue.hpp"
#include "planner/request_reader.hpp"

namespace site {

using nlohmann::json;

namespace {

struct Said {
    const char* code;
    const char* en;  // {0}, {1}, … the parts that vary
    const char* ja;
};

// message_list.hpp's list, in planner::msg::Code's order.
const Said kSaid[] = {
#define ACCELGUIDE_MESSAGE_ROW(code, en, ja) {#code, en, ja},
    ACCELGUIDE_MESSAGES(ACCELGUIDE_MESSAGE_ROW)
#undef ACCELGUIDE_MESSAGE_ROW
};

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
    const auto& options = planner::purchase_options();
    std::string out;
    for (std::size_t from = 0; from <= part.size();) {
        const std::size_t comma = std::min(part.find(", ", from), part.size());
        const std::string item = part.substr(from, comma - from);
        if (std::find(options.begin(), options.end(), item) == options.end()) return part;  // not a list of options
        out += (out.empty() ? "" : "、") + planner::purchase_option_name(item, "ja");
        from = comma + 2;
    }
    return out;
}

std::string said(const Said& s, const std::vector<std::string>& args, std::string_view lang) {
    if (lang != "ja") return fill(s.en, args);
    std::vector<std::string> parts = args;
    for (std::string& part : parts) part = option_names_ja(part);
    return fill(s.ja, parts);
}

std::vector<std::string> args_of(const json& node) {
    std::vector<std::string> args;
    if (const auto it = node.find("args"); it != node.end() && it->is_array())
        for (const json& a : *it)
            if (a.is_string()) args.push_back(a.get<std::string>());
    return args;
}

// Every {"say": …} under `node` as its sentence; in Japanese, the fixed source words too.
void say_inside(json& node, std::string_view lang) {
    if (node.is_array()) {
        for (json& item : node) say_inside(item, lang);
        return;
    }
    if (!node.is_object()) return;
    if (const auto say = node.find("say"); say != node.end() && say->is_string()) {
        std::string text = message_text(say->get<std::string>(), args_of(node), lang);
        if (lang != "ja") {
            if (const auto field = node.find("field"); field != node.end() && field->is_string())
                text = field->get<std::string>() + ": " + text;
        }
        node = std::move(text);
        return;
    }
    for (auto it = node.begin(); it != node.end(); ++it) {
        const std::string& key = it.key();
        json& value = it.value();
        if ((key == "mfu_source" || key == "scaling_source" || key == "throughput_source" ||
             key == "bandwidth_fraction_source") && value.is_string()) {
            value = localise(value.get<std::string>(), lang);
        } else {
            say_inside(value, lang);
        }
    }
}

}  // namespace

std::string message_text(planner::msg::Code code, const std::vector<std::string>& args, std::string_view lang) {
    return said(kSaid[code], args, lang);
}

std::string message_text(std::string_view code, const std::vector<std::string>& args, std::string_view lang) {
    for (const Said& s : kSaid)
        if (code == s.code) return said(s, args, lang);
    return std::string(code);
}

std::string error_text(const planner::FieldError& e, std::string_view lang) { return message_text(e.code, e.args, lang); }

std::string field_message(std::string_view code, std::vector<std::string> args, double per, double scale, std::string_view lang) {
    // The API's keywords beside a number ("chinchilla" tokens, a "layer" overlap) are the forms'
    // radio buttons: what a form's number field refuses is only not a number.
    constexpr std::string_view kKeywordOrNumber[] = {"tokens_shape", "overlap_shape"};
    if (std::find(std::begin(kKeywordOrNumber), std::end(kKeywordOrNumber), code) != std::end(kKeywordOrNumber))
        return message_text("not_a_number", {}, lang);
    constexpr std::string_view kBounds[] = {"range", "range_above", "whole_range", "whole_range_above", "too_small"};
    const bool bounds = std::find(std::begin(kBounds), std::end(kBounds), code) != std::end(kBounds);
    if (bounds && per > 0 && scale > 0 && (per != 1 || scale != 1)) {
        for (std::string& a : args) {
            char* end = nullptr;
            const double v = std::strtod(a.c_str(), &end);
            if (!a.empty() && end && *end == '\0' && std::isfinite(v)) a = planner::format_number(v * per / scale);
        }
    }
    return message_text(code, args, lang);
}

std::string field_message(const json& error) {
    if (!error.is_object()) return "";
    const auto number = [&](const char* key) {
        const auto it = error.find(key);
        return it != error.end() && it->is_number() ? it->get<double>() : 1.0;
    };
    const auto text = [&](const char* key, const char* absent) {
        const auto it = error.find(key);
        return it != error.end() && it->is_string() ? it->get<std::string>() : std::string(absent);
    };
    return field_message(text("code", ""), args_of(error), number("per"), number("scale"), text("lang", "en"));
}

std::string note_text(const planner::Note& n, std::string_view lang) { return message_text(n.code, n.args, lang); }

std::string localise(const std::string& word, std::string_view lang) {
    if (lang != "ja") return word;
    for (const auto& [en, ja] : kWords)
        if (word == en) return ja;
    return word;
}

void say_messages(json& response, std::string_view lang) {
    if (!response.is_object()) return;
    if (const auto errors = response.find("errors"); errors != response.end() && errors->is_array()) {
        for (json& e : *errors)
            if (const auto code = e.find("code"); e.is_object() && code != e.end() && code->is_string())
                e["message"] = message_text(code->get<std::string>(), args_of(e), lang);
        return;
    }
    say_inside(response, lang);
}

std::string messages_markdown() {
    std::string out = "| code | English | 日本語 |\n|---|---|---|\n";
    for (const Said& s : kSaid) out += std::string("| `") + s.code + "` | " + s.en + " | " + s.ja + " |\n";
    return out;
}

}  // namespace site
