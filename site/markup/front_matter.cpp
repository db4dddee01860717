#include "front_matter.hpp"

#include <cctype>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

namespace site {

using nlohmann::json;
using planner::Diagnostic;

namespace {

const std::set<std::string> kKnownKeys = {"title",   "description", "weight",   "draft",   "feed",
                                          "slug",    "date",        "updated",  "tags",    "aliases",
                                          "template", "example",    "inputs",   "requests", "keywords"};

// YYYY-MM-DD, optionally followed by THH:MM[:SS] and Z or ±HH:MM (RFC 3339 / TOML dates), and a
// real one: month 1-12, a day the month has (29 February only in leap years), hour 0-23, minute
// 0-59, second 0-60 (a leap second), zone offset up to ±23:59.
bool is_date(const std::string& s) {
    auto digits = [&](std::size_t from, std::size_t n) {
        if (from + n > s.size()) return false;
        for (std::size_t i = from; i < from + n; ++i)
            if (s[i] < '0' || s[i] > '9') return false;
        return true;
    };
    auto number = [&](std::size_t from, std::size_t n) { return std::stoi(s.substr(from, n)); };
    if (!digits(0, 4) || s.size() < 10 || s[4] != '-' || !digits(5, 2) || s[7] != '-' || !digits(8, 2)) return false;
    const int year = number(0, 4), month = number(5, 2), day = number(8, 2);
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    const int days[] = {31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12 || day < 1 || day > days[month - 1]) return false;
    if (s.size() == 10) return true;
    if ((s[10] != 'T' && s[10] != ' ') || !digits(11, 2) || s.size() < 16 || s[13] != ':' || !digits(14, 2)) return false;
    if (number(11, 2) > 23 || number(14, 2) > 59) return false;
    std::size_t i = 16;
    if (i < s.size() && s[i] == ':') {
        if (!digits(i + 1, 2) || number(i + 1, 2) > 60) return false;
        i += 3;
    }
    if (i == s.size()) return true;
    if (s[i] == 'Z') return i + 1 == s.size();
    return (s[i] == '+' || s[i] == '-') && s.size() == i + 6 && digits(i + 1, 2) && s[i + 3] == ':' && digits(i + 4, 2) &&
           number(i + 1, 2) <= 23 && number(i + 4, 2) <= 59;
}

// A slug is one URL segment: letters, digits, '-', '_', '.', and any non-ASCII (Japanese) text.
bool is_slug(const std::string& s) {
    if (s.empty() || s == "." || s == "..") return false;
    for (unsigned char c : s)
        if (c < 0x80 && !std::isalnum(c) && c != '-' && c != '_' && c != '.') return false;
    return true;
}

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

// One `key: value` of the front matter, with where the key and the value stand in the file.
struct Entry {
    std::string key;
    std::size_t line, column;
    YAML::Node value;
    std::size_t value_line, value_column;
};

// A plain scalar needs no quotes: it does not start with a YAML indicator and holds no ": " or " #".
bool plain_scalar(std::string_view v) {
    if (v.empty() || std::string_view("[]{}\"'|>&*!%@`#,-?:").find(v[0]) != std::string_view::npos) return false;
    return v.find(": ") == std::string_view::npos && v.find(" #") == std::string_view::npos && v.back() != ':';
}

// A double-quoted scalar without escapes other than \" and \\.
bool quoted_scalar(std::string_view v, std::string& out) {
    if (v.size() < 2 || v.front() != '"' || v.back() != '"') return false;
    out.clear();
    for (std::size_t i = 1; i + 1 < v.size(); ++i) {
        if (v[i] == '"') return false;
        if (v[i] == '\\') {
            if (i + 2 >= v.size() || (v[i + 1] != '"' && v[i + 1] != '\\')) return false;
            ++i;
        }
        out += v[i];
    }
    return true;
}

// Reads `key: scalar`, `key: "quoted"` and `key: [a, "b"]` lines; false when the text needs a
// real YAML parser (then yaml-cpp reads it, with the same results).
bool simple_entries(const std::string& yaml, std::size_t first_line, std::vector<Entry>& entries) {
    std::size_t line = first_line;
    for (std::size_t start = 0; start < yaml.size(); ++line) {
        std::size_t end = yaml.find('\n', start);
        if (end == std::string::npos) end = yaml.size();
        std::string_view text(yaml.data() + start, end - start);
        start = end + 1;
        if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        if (text.empty()) continue;
        const std::size_t colon = text.find(':');
        if (colon == std::string_view::npos || colon == 0 || colon + 1 >= text.size() || text[colon + 1] != ' ') return false;
        const std::string_view key = text.substr(0, colon);
        for (char c : key)
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
        std::size_t at = colon + 1;
        while (at < text.size() && text[at] == ' ') ++at;
        std::string_view value = text.substr(at);
        while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
        YAML::Node node;
        std::string quoted;
        if (quoted_scalar(value, quoted)) {
            node = YAML::Node(quoted);
            node.SetTag("!");
        } else if (value.size() >= 2 && value.front() == '[' && value.back() == ']') {
            node = YAML::Node(YAML::NodeType::Sequence);
            std::string_view inside = value.substr(1, value.size() - 2);
            for (std::size_t p = 0; p <= inside.size();) {
                std::size_t comma = inside.find(',', p);
                if (comma == std::string_view::npos) comma = inside.size();
                std::string_view item = inside.substr(p, comma - p);
                while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
                while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
                p = comma + 1;
                if (item.empty()) {
                    if (comma == inside.size() && node.size() == 0) break;  // []
                    return false;
                }
                if (quoted_scalar(item, quoted)) {
                    YAML::Node element(quoted);
                    element.SetTag("!");
                    node.push_back(element);
                } else if (plain_scalar(item) && item.find_first_of("[]{}\"'") == std::string_view::npos) {
                    node.push_back(std::string(item));
                } else {
                    return false;
                }
            }
        } else if (plain_scalar(value)) {
            node = YAML::Node(std::string(value));
        } else {
            return false;
        }
        for (const Entry& e : entries)
            if (e.key == key) return false;  // duplicate keys: let yaml-cpp decide
        entries.push_back({std::string(key), line, 1, node, line, at + 1});
    }
    return true;
}

// The first alias (`*name`) in a YAML text, or nothing. Front matter refuses aliases: each one
// copies its anchor's value when the page's requests are read, so a few lines of nested aliases
// ("billion laughs") would expand to gigabytes.
// What front matter refuses before yaml-cpp builds it, found in one pass over the parser's events:
// the first alias (`*name`), the first top-level key given twice (yaml-cpp would keep one silently),
// and nesting deeper than kMaxYamlDepth (yaml-cpp's own limit throws without a position).
constexpr int kMaxYamlDepth = 32;

class YamlScan : public YAML::EventHandler {
public:
    std::optional<YAML::Mark> alias;
    std::optional<YAML::Mark> too_deep;
    std::optional<std::pair<std::string, YAML::Mark>> duplicate;  // the key and where it is given again
    std::map<std::string, YAML::Mark> keys;                       // the top level's, where each is first given

    void OnDocumentStart(const YAML::Mark&) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark&, YAML::anchor_t) override { value(); }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override {
        if (!alias) alias = mark;
        value();
    }
    void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t, const std::string& text) override {
        if (depth_ == 1 && top_is_map_ && expect_key_) {
            expect_key_ = false;
            if (auto [at, added] = keys.emplace(text, mark); !added && !duplicate) duplicate = {{text, mark}};
            return;
        }
        value();
    }
    void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
        open(mark, false);
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
        open(mark, true);
    }
    void OnMapEnd() override { close(); }

private:
    void value() {
        if (depth_ == 1) expect_key_ = true;
    }
    void open(const YAML::Mark& mark, bool map) {
        if (depth_ == 0) top_is_map_ = map;
        if (++depth_ > kMaxYamlDepth && !too_deep) too_deep = mark;
    }
    void close() {
        --depth_;
        value();
    }
    int depth_ = 0;
    bool top_is_map_ = false;
    bool expect_key_ = true;
};

YamlScan scan_yaml(const std::string& yaml) {
    std::istringstream in(yaml);
    YAML::Parser parser(in);
    YamlScan scan;
    parser.HandleNextDocument(scan);  // syntax errors throw, and are reported by YAML::Load after
    return scan;
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
    // The lines up to the body's first one: the opening fence, the YAML, the closing fence (the
    // body itself is not split into lines).
    std::vector<Line> lines;
    std::size_t close = 0;  // the closing fence's line, once found
    for (std::size_t start = 0; start <= text.size();) {
        std::size_t nl = text.find('\n', start);
        std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        lines.push_back({start, end});
        if (!is_fence(text, lines[0])) break;
        if (close == 0 && lines.size() > 1 && is_fence(text, lines.back())) close = lines.size() - 1;
        if (nl == std::string_view::npos || (close != 0 && lines.size() == close + 2)) break;
        start = nl + 1;
    }
    if (lines.empty() || !is_fence(text, lines[0])) {
        fail("content.no_front_matter", 1, 1, "", "the file does not start with front matter",
             "begin it with a line `---`, then `title: ...`, then another `---`");
        return out;
    }
    if (close == 0) {
        fail("content.unclosed_front_matter", 1, 1, "", "the front matter is never closed",
             "add a line `---` after the last front-matter field");
        return out;
    }

    std::string yaml(text.substr(lines[1].start, lines[close].start - lines[1].start));
    const std::size_t yaml_line = 2;  // line of the file where the YAML starts
    // YAML allows no control characters but tab and line ends; yaml-cpp turns a NUL into a lone
    // 0x85 byte, which is not UTF-8 and broke the build later on (found by fuzzing).
    for (std::size_t i = 1; i < close; ++i)
        for (std::size_t at = lines[i].start, column = 1; at < lines[i].end; ++at) {
            const unsigned char c = static_cast<unsigned char>(text[at]);
            if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7F) {
                char code[8];
                std::snprintf(code, sizeof code, "0x%02x", c);
                fail("content.control_character", i + 1, column, "",
                     std::string("front matter holds the control character ") + code, "remove it, or write it as an escape in quotes");
                return out;
            }
            if ((c & 0xC0) != 0x80) ++column;
        }
    ParsedContent content;
    content.body_line = close + 2;
    content.body = close + 1 < lines.size() ? std::string(text.substr(lines[close + 1].start)) : std::string();

    // Most front matter is flat `key: value` lines; those are read directly, and anything else
    // (nesting, block lists, anchors, multi-line strings) goes through yaml-cpp.
    std::vector<Entry> entries;
    if (!simple_entries(yaml, yaml_line, entries)) {
        entries.clear();
        YAML::Node root;
        try {
            const YamlScan scan = scan_yaml(yaml);
            if (scan.too_deep) {
                fail("content.too_deep", yaml_line + std::size_t(scan.too_deep->line), std::size_t(scan.too_deep->column) + 1, "",
                     "front matter nests deeper than " + std::to_string(kMaxYamlDepth) + " levels", "flatten it");
                return out;
            }
            if (auto alias = scan.alias) {
                fail("content.yaml_alias", yaml_line + std::size_t(alias->line), std::size_t(alias->column) + 1, "",
                     "front matter may not use YAML aliases (*name): each would copy its anchor's value",
                     "write the value out where it is used");
                return out;
            }
            if (const auto& d = scan.duplicate) {
                fail("content.duplicate_key", yaml_line + std::size_t(d->second.line), std::size_t(d->second.column) + 1,
                     d->first, "\"" + d->first + "\" is given twice (first on line " +
                         std::to_string(yaml_line + std::size_t(scan.keys.at(d->first).line)) + ")",
                     "keep one of them");
                return out;
            }
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
        for (const auto& kv : root)
            entries.push_back({kv.first.Scalar(), yaml_line + std::size_t(kv.first.Mark().line),
                               std::size_t(kv.first.Mark().column) + 1, kv.second,
                               yaml_line + std::size_t(kv.second.Mark().line), std::size_t(kv.second.Mark().column) + 1});
    }
    FrontMatter& fm = content.front;
    bool has_title = false;
    for (const Entry& e : entries) {
        const std::string& key = e.key;
        const std::size_t line = e.line, column = e.column;
        const YAML::Node& v = e.value;
        const std::size_t vline = e.value_line, vcolumn = e.value_column;
        fm.positions[key] = {vline, vcolumn};
        auto text_list = [&](std::vector<std::string>& into) {
            if (v.IsScalar() && !v.Scalar().empty()) {
                into.push_back(v.Scalar());
            } else if (v.IsSequence()) {
                for (const auto& item : v) {
                    if (!item.IsScalar() || item.Scalar().empty()) {
                        const bool known = item.Mark().line >= 0;  // nodes made by simple_entries have no mark
                        fail("content.wrong_type", known ? yaml_line + std::size_t(item.Mark().line) : vline,
                             known ? std::size_t(item.Mark().column) + 1 : vcolumn, key, "each of \"" + key + "\" must be text");
                        return;
                    }
                    into.push_back(item.Scalar());
                }
            } else {
                fail("content.wrong_type", vline, vcolumn, key, "\"" + key + "\" must be a list of text");
            }
        };
        if (!kKnownKeys.count(key)) {
            std::string known;
            for (const auto& k : kKnownKeys) known += (known.empty() ? "" : ", ") + k;
            fail("content.unknown_key", line, column, key, "unknown front-matter key \"" + key + "\"",
                 "known keys: " + known);
        } else if (key == "title" || key == "description" || key == "template" || key == "slug" || key == "date" ||
                   key == "updated") {
            if (!v.IsScalar() || v.Scalar().empty()) {
                fail("content.wrong_type", vline, vcolumn, key, "\"" + key + "\" must be non-empty text");
                continue;
            }
            const std::string& text = v.Scalar();
            if (key == "title") {
                fm.title = text;
                has_title = true;
            } else if (key == "description") {
                fm.description = text;
            } else if (key == "template") {
                fm.template_name = text;
            } else if (key == "slug") {
                if (!is_slug(text))
                    fail("content.bad_slug", vline, vcolumn, key, "slug \"" + text + "\" is not one URL segment",
                         "use letters, digits, '-' and '_', without '/'");
                else fm.slug = text;
            } else if (!is_date(text)) {
                fail("content.bad_date", vline, vcolumn, key, "\"" + key + "\" must be a date like 2026-11-21",
                     "YYYY-MM-DD, optionally with a time: 2026-11-21T09:00:00+09:00");
            } else {
                (key == "date" ? fm.date : fm.updated) = text;
            }
        } else if (key == "weight") {
            json w = v.IsScalar() ? scalar_to_json(v) : json();
            if (!w.is_number_integer()) {
                fail("content.wrong_type", vline, vcolumn, key, "\"weight\" must be a whole number");
                continue;
            }
            fm.weight = int(w.get<long long>());
        } else if (key == "draft" || key == "feed") {
            json d = v.IsScalar() ? scalar_to_json(v) : json();
            if (!d.is_boolean()) {
                fail("content.wrong_type", vline, vcolumn, key, "\"" + key + "\" must be true or false");
                continue;
            }
            (key == "draft" ? fm.draft : fm.feed) = d.get<bool>();
        } else if (key == "tags") {
            text_list(fm.tags);
        } else if (key == "keywords") {
            text_list(fm.keywords);
        } else if (key == "aliases") {
            text_list(fm.aliases);
        } else if (key == "example" || key == "inputs" || key == "requests") {
            if (!v.IsMap()) {
                fail("content.wrong_type", vline, vcolumn, key, "\"" + key + "\" must be a map of fields");
                continue;
            }
            (key == "example" ? fm.example : key == "inputs" ? fm.inputs : fm.requests) = yaml_to_json(v);
        }
    }
    if (!has_title && out.errors.empty())
        fail("content.missing_title", yaml_line, 1, "title", "front matter has no \"title\"", "add `title: ...`");
    if (out.errors.empty()) out.content = std::move(content);
    return out;
}

}  // namespace site
