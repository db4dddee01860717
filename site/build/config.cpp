#include "config.hpp"

#include <yaml-cpp/yaml.h>

namespace site {

using planner::Diagnostic;

const Language* Config::language(std::string_view code) const {
    for (const auto& l : languages)
        if (l.code == code) return &l;
    return nullptr;
}

std::string Config::prefix(std::string_view code) const {
    if (!languages.empty() && languages.front().code == code) return "";
    return std::string(code) + "/";
}

namespace {

void error_at(std::vector<Diagnostic>& errors, const std::string& file, const YAML::Mark& mark, std::string code,
              std::string message, std::string hint = {}) {
    errors.push_back(Diagnostic{std::move(code), file, std::size_t(mark.line) + 1, std::size_t(mark.column) + 1, "",
                                "", std::move(message), std::move(hint)});
}

bool load_yaml(std::string_view text, const std::string& file, YAML::Node& root, std::vector<Diagnostic>& errors) {
    try {
        root = YAML::Load(std::string(text));
    } catch (const YAML::Exception& e) {
        error_at(errors, file, e.mark, "config.syntax", "not valid YAML: " + e.msg);
        return false;
    }
    if (!root.IsMap()) {
        errors.push_back(Diagnostic{"config.syntax", file, 1, 1, "", "", "expected `key: value` lines", ""});
        return false;
    }
    return true;
}

std::string text_of(const YAML::Node& map, const char* key, const std::string& file, std::vector<Diagnostic>& errors) {
    YAML::Node v = map[key];
    if (!v || !v.IsScalar() || v.Scalar().empty()) {
        error_at(errors, file, v ? v.Mark() : map.Mark(), "config.missing", std::string("\"") + key + "\" must be set");
        return {};
    }
    return v.Scalar();
}

}  // namespace

Config parse_config(std::string_view text, const std::string& file, std::vector<Diagnostic>& errors) {
    Config config;
    YAML::Node root;
    if (!load_yaml(text, file, root, errors)) return config;
    for (const auto& kv : root) {
        const std::string key = kv.first.Scalar();
        if (key != "base_url" && key != "languages" && key != "search" && key != "unsafe_html")
            error_at(errors, file, kv.first.Mark(), "config.unknown_key", "unknown key \"" + key + "\"",
                     "known keys: base_url, languages, search, unsafe_html");
    }
    config.base_url = text_of(root, "base_url", file, errors);
    if (!config.base_url.empty() && config.base_url.rfind("http://", 0) != 0 && config.base_url.rfind("https://", 0) != 0)
        error_at(errors, file, root["base_url"].Mark(), "config.bad_value", "base_url must be an absolute http(s) URL",
                 "e.g. https://example.org/docs/");
    if (!config.base_url.empty() && config.base_url.back() != '/') config.base_url += '/';
    for (const char* flag : {"search", "unsafe_html"}) {
        YAML::Node v = root[flag];
        if (!v) continue;
        if (!v.IsScalar() || (v.Scalar() != "true" && v.Scalar() != "false")) {
            error_at(errors, file, v.Mark(), "config.wrong_type", std::string("\"") + flag + "\" must be true or false");
            continue;
        }
        (std::string(flag) == "search" ? config.search : config.unsafe_html) = v.Scalar() == "true";
    }
    YAML::Node langs = root["languages"];
    if (!langs || !langs.IsMap() || langs.size() == 0) {
        error_at(errors, file, root.Mark(), "config.missing", "\"languages\" must map language codes to {name, title}");
        return config;
    }
    for (const auto& kv : langs) {
        Language l;
        l.code = kv.first.Scalar();
        if (!kv.second.IsMap()) {
            error_at(errors, file, kv.second.Mark(), "config.wrong_type", "language \"" + l.code + "\" needs name and title");
            continue;
        }
        l.name = text_of(kv.second, "name", file, errors);
        l.title = text_of(kv.second, "title", file, errors);
        for (const auto& field : kv.second)
            if (field.first.Scalar() != "name" && field.first.Scalar() != "title" && field.first.Scalar() != "menu" &&
                field.first.Scalar() != "more")
                error_at(errors, file, field.first.Mark(), "config.unknown_key",
                         "unknown key \"" + field.first.Scalar() + "\" in language \"" + l.code + "\"",
                         "known keys: name, title, menu, more");
        auto read_menu = [&](const char* key, std::vector<MenuItem>& into) {
            YAML::Node menu = kv.second[key];
            if (!menu) return;
            if (!menu.IsSequence()) {
                error_at(errors, file, menu.Mark(), "config.wrong_type", std::string(key) + " must be a list of {title, url}");
                return;
            }
            for (const auto& item : menu) {
                if (!item.IsMap()) {
                    error_at(errors, file, item.Mark(), "config.wrong_type", "a menu item is {title, url}");
                    continue;
                }
                into.push_back({text_of(item, "title", file, errors), text_of(item, "url", file, errors)});
            }
        };
        read_menu("menu", l.menu);
        read_menu("more", l.more);
        config.languages.push_back(std::move(l));
    }
    return config;
}

void parse_strings(std::string_view text, const std::string& file, Language& language, std::vector<Diagnostic>& errors) {
    YAML::Node root;
    if (!load_yaml(text, file, root, errors)) return;
    for (const auto& kv : root) {
        if (!kv.second.IsScalar()) {
            error_at(errors, file, kv.second.Mark(), "config.wrong_type", "UI string \"" + kv.first.Scalar() + "\" must be text");
            continue;
        }
        language.strings[kv.first.Scalar()] = kv.second.Scalar();
    }
}

}  // namespace site
