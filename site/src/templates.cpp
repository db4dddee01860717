#include "templates.hpp"

#include <mstch/mstch.hpp>

namespace site {

using nlohmann::json;

namespace {

const std::string kHtml = ".html";
const std::string kPartials = "partials/";

mstch::node to_node(const json& j) {
    switch (j.type()) {
        case json::value_t::object: {
            mstch::map m;
            for (auto it = j.begin(); it != j.end(); ++it) m.emplace(it.key(), to_node(*it));
            return m;
        }
        case json::value_t::array: {
            mstch::array a;
            for (const auto& item : j) a.push_back(to_node(item));
            return a;
        }
        case json::value_t::string: return j.get<std::string>();
        case json::value_t::boolean: return j.get<bool>();
        case json::value_t::number_integer:
        case json::value_t::number_unsigned: return j.dump();  // printed as written, no locale
        case json::value_t::number_float: return j.dump();
        default: return std::string();
    }
}

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

// Checks the tags of one template: every {{ closed, every section closed by its own name in
// order, every partial known.
void validate(const std::string& file, const std::string& text, const std::map<std::string, std::string>& partials,
              std::vector<planner::Diagnostic>& errors) {
    struct Open {
        std::string name;
        std::size_t line, column;
    };
    std::vector<Open> stack;
    std::size_t line = 1, line_start = 0;
    auto error = [&](std::size_t at_line, std::size_t at_column, std::string message, std::string hint = {}) {
        errors.push_back({"template.syntax", "templates/" + file, at_line, at_column, "", "", std::move(message), std::move(hint)});
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
            continue;
        }
        if (text.compare(i, 2, "{{") != 0) continue;
        const std::size_t column = i - line_start + 1;
        const bool triple = text.compare(i, 3, "{{{") == 0;
        const std::size_t close = text.find(triple ? "}}}" : "}}", i);
        if (close == std::string::npos) {
            error(line, column, "tag is never closed", triple ? "end it with }}}" : "end it with }}");
            return;
        }
        std::string tag = text.substr(i + (triple ? 3 : 2), close - i - (triple ? 3 : 2));
        for (std::size_t k = i; k < close; ++k)
            if (text[k] == '\n') {
                ++line;
                line_start = k + 1;
            }
        i = close + (triple ? 2 : 1);
        auto trim = [](std::string s) {
            const auto a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
            return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
        };
        if (triple || tag.empty()) continue;
        const char sigil = tag[0];
        const std::string name = trim(tag.substr(1));
        if (sigil == '#' || sigil == '^') {
            stack.push_back({name, line, column});
        } else if (sigil == '/') {
            if (stack.empty()) {
                error(line, column, "{{/" + name + "}} closes a section that was never opened");
            } else if (stack.back().name != name) {
                error(line, column, "{{/" + name + "}} closes \"" + name + "\", but the open section is \"" + stack.back().name +
                                        "\" (opened at line " + std::to_string(stack.back().line) + ")");
                stack.pop_back();
            } else {
                stack.pop_back();
            }
        } else if (sigil == '>') {
            if (!partials.count(name))
                error(line, column, "unknown partial \"" + name + "\"", "add templates/partials/" + name + ".html");
        }
    }
    for (const Open& o : stack)
        error(o.line, o.column, "section \"" + o.name + "\" is never closed", "add {{/" + o.name + "}}");
}

Templates::Templates(const std::map<std::string, std::string>& files) {
    for (const auto& [path, text] : files) {
        if (!ends_with(path, kHtml)) continue;
        std::string name = path.substr(0, path.size() - kHtml.size());
        if (name.rfind(kPartials, 0) == 0) partials_.emplace(name.substr(kPartials.size()), text);
        else pages_.emplace(name, text);
    }
    for (const auto& [path, text] : files)
        if (ends_with(path, kHtml)) validate(path, text, partials_, errors_);
}

std::string Templates::render_page(const std::string& name, const json& view) const {
    mstch::node context = to_node(view);
    std::string body = mstch::render(pages_.at(name), context, partials_);
    json with_body = view;
    with_body["body"] = std::move(body);
    return mstch::render(pages_.at("base"), to_node(with_body), partials_);
}

}  // namespace site
