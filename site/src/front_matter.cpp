#include "front_matter.hpp"

#include <set>

#include <yaml-cpp/yaml.h>

namespace site {

using nlohmann::json;
using planner::Diagnostic;

namespace {

const std::set<std::string> kKnownKeys = {"title", "description", "weight", "template", "example", "inputs"};
const std::set<std::string> kTemplates = {"page", "home", "calculator", "cheatsheet"};

// A line of the text: [start, end) without the newline.
struct Line {
    std::size_t start, end;
};

bool is_fence(std::string_view text, Line l) {
    std::string_view s = text.substr(l.start, l.end - l.start);
    if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s == "---";
}

json scalar_to_json(const YAML::Node& node) {
    const std::string& s = node.Scalar();
    if (node.Tag() == "!") return s;  // quoted: always a string
    if (s == "true" || s == "false") return s == "true";
    try {
        std::size_t used = 0;
        long long i = std::stoll(s, &used);
        if (used == s.size()) return i;
    } catch (...) {
    }
    try {
        std::size_t used = 0;
        double d = std::stod(s, &used);
        if (used == s.size()) return d;
    } catch (...) {
    }
    return s;
}

json yaml_to_json(const YAML::Node& node) {
    switch (node.Type()) {
        case YAML::NodeType::Map: {
            json out = json::object();
            for (const auto& kv : node) out[kv.first.Scalar()] = yaml_to_json(kv.second);
            return out;
        }
        case YAML::NodeType::Sequence: {
            json out = json::array();
            for (const auto& item : node) out.push_back(yaml_to_json(item));
            return out;
        }
        case YAML::NodeType::Scalar: return scalar_to_json(node);
        default: return nullptr;
    }
}

}  // namespace

ParseResult parse_content(std::string_view text, const std::string& file) {
    ParseResult out;
    auto fail = [&](std::string code, std::size_t line, std::size_t column, std::string field, std::string message,
                    std::string hint = {}) {
        out.errors.push_back(Diagnostic{std::move(code), file, line, column, "", std::move(field), std::move(message),
                                        std::move(hint)});
    };

    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // UTF-8 byte-order mark
    std::vector<Line> lines;
    for (std::size_t start = 0; start <= text.size();) {
        std::size_t nl = text.find('\n', start);
        std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        lines.push_back({start, end});
        if (nl == std::string_view::npos) break;
        start = nl + 1;
    }
    if (lines.empty() || !is_fence(text, lines[0])) {
        fail("content.no_front_matter", 1, 1, "", "the file does not start with front matter",
             "begin it with a line `---`, then `title: ...`, then another `---`");
        return out;
    }
    std::size_t close = 0;
    for (std::size_t i = 1; i < lines.size(); ++i)
        if (is_fence(text, lines[i])) {
            close = i;
            break;
        }
    if (close == 0) {
        fail("content.unclosed_front_matter", 1, 1, "", "the front matter is never closed",
             "add a line `---` after the last front-matter field");
        return out;
    }

    std::string yaml(text.substr(lines[1].start, lines[close].start - lines[1].start));
    const std::size_t yaml_line = 2;  // line of the file where the YAML starts
    ParsedContent content;
    content.body_line = close + 2;
    content.body = close + 1 < lines.size() ? std::string(text.substr(lines[close + 1].start)) : std::string();

    YAML::Node root;
    try {
        root = YAML::Load(yaml);
    } catch (const YAML::Exception& e) {
        fail("content.front_matter_syntax", yaml_line + std::size_t(e.mark.line), std::size_t(e.mark.column) + 1, "",
             "front matter is not valid YAML: " + e.msg);
        return out;
    }
    if (!root.IsMap()) {
        fail("content.front_matter_syntax", yaml_line, 1, "", "front matter must be a list of `key: value` lines");
        return out;
    }
    FrontMatter& fm = content.front;
    bool has_title = false;
    for (const auto& kv : root) {
        const std::string key = kv.first.Scalar();
        const YAML::Mark at = kv.first.Mark();
        const std::size_t line = yaml_line + std::size_t(at.line), column = std::size_t(at.column) + 1;
        const YAML::Node& v = kv.second;
        const YAML::Mark vat = v.Mark();
        const std::size_t vline = yaml_line + std::size_t(vat.line), vcolumn = std::size_t(vat.column) + 1;
        if (!kKnownKeys.count(key)) {
            std::string known;
            for (const auto& k : kKnownKeys) known += (known.empty() ? "" : ", ") + k;
            fail("content.unknown_key", line, column, key, "unknown front-matter key \"" + key + "\"",
                 "known keys: " + known);
        } else if (key == "title" || key == "description" || key == "template") {
            if (!v.IsScalar() || v.Scalar().empty()) {
                fail("content.wrong_type", vline, vcolumn, key, "\"" + key + "\" must be non-empty text");
                continue;
            }
            if (key == "title") {
                fm.title = v.Scalar();
                has_title = true;
            } else if (key == "description") {
                fm.description = v.Scalar();
            } else if (!kTemplates.count(v.Scalar())) {
                fail("content.unknown_template", vline, vcolumn, key, "unknown template \"" + v.Scalar() + "\"",
                     "one of: calculator, cheatsheet, home, page");
            } else {
                fm.template_name = v.Scalar();
            }
        } else if (key == "weight") {
            json w = v.IsScalar() ? scalar_to_json(v) : json();
            if (!w.is_number_integer()) {
                fail("content.wrong_type", vline, vcolumn, key, "\"weight\" must be a whole number");
                continue;
            }
            fm.weight = int(w.get<long long>());
        } else if (key == "example" || key == "inputs") {
            if (!v.IsMap()) {
                fail("content.wrong_type", vline, vcolumn, key, "\"" + key + "\" must be a map of fields");
                continue;
            }
            (key == "example" ? fm.example : fm.inputs) = yaml_to_json(v);
        }
    }
    if (!has_title && out.errors.empty())
        fail("content.missing_title", yaml_line, 1, "title", "front matter has no \"title\"", "add `title: ...`");
    if (out.errors.empty()) out.content = std::move(content);
    return out;
}

}  // namespace site
