#include "mustache.hpp"

namespace site::mustache {

using nlohmann::json;

namespace {

std::string trim(std::string_view s) {
    const auto a = s.find_first_not_of(" \t\r\n"), b = s.find_last_not_of(" \t\r\n");
    return a == std::string_view::npos ? std::string() : std::string(s.substr(a, b - a + 1));
}

std::vector<std::string> split_path(const std::string& name) {
    std::vector<std::string> path;
    if (name == ".") return path;  // the current context itself
    std::size_t start = 0;
    for (std::size_t dot; (dot = name.find('.', start)) != std::string::npos; start = dot + 1)
        path.push_back(name.substr(start, dot - start));
    path.push_back(name.substr(start));
    return path;
}

// A standalone tag (a section, inverted, closing, partial or comment tag alone on its line) takes
// its line with it, as the Mustache spec says, so templates can be laid out on lines.
bool standalone(std::string_view text, std::size_t open, std::size_t close, std::size_t& line_begin,
                std::size_t& line_end) {
    std::size_t b = open;
    while (b > 0 && (text[b - 1] == ' ' || text[b - 1] == '\t')) --b;
    if (b > 0 && text[b - 1] != '\n') return false;
    std::size_t e = close;
    while (e < text.size() && (text[e] == ' ' || text[e] == '\t')) ++e;
    if (e < text.size() && text[e] == '\r') ++e;
    if (e < text.size() && text[e] != '\n') return false;
    line_begin = b;
    line_end = e < text.size() ? e + 1 : e;
    return true;
}

}  // namespace

Template parse(std::string_view text, const std::string& file, std::vector<planner::Diagnostic>& errors) {
    Template t;
    struct Open {
        Nodes* into;
        std::string name;
        std::size_t line, column;
    };
    std::vector<Open> stack;
    Nodes* current = &t.nodes;
    std::size_t pos = 0;

    auto position = [&](std::size_t offset) {
        std::size_t line = 1, column = 1;
        for (std::size_t i = 0; i < offset; ++i) {
            if (text[i] == '\n') {
                ++line;
                column = 0;
            }
            if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
        }
        return std::make_pair(line, column);
    };
    auto error = [&](std::size_t offset, std::string message, std::string hint = {}) {
        auto [line, column] = position(offset);
        errors.push_back({"template.syntax", file, line, column, "", "", std::move(message), std::move(hint)});
    };
    auto add_text = [&](std::string_view s) {
        if (s.empty()) return;
        if (!current->empty() && current->back().kind == Node::Kind::text) current->back().text.append(s);
        else current->push_back({Node::Kind::text, std::string(s), {}, {}});
    };

    while (pos < text.size()) {
        const std::size_t open = text.find("{{", pos);
        if (open == std::string_view::npos) {
            add_text(text.substr(pos));
            break;
        }
        const bool triple = text.compare(open, 3, "{{{") == 0;
        const std::size_t close = text.find(triple ? "}}}" : "}}", open + (triple ? 3 : 2));
        if (close == std::string_view::npos) {
            error(open, "tag is never closed", triple ? "end it with }}}" : "end it with }}");
            return t;
        }
        const std::size_t after = close + (triple ? 3 : 2);
        std::string tag = trim(text.substr(open + (triple ? 3 : 2), close - open - (triple ? 3 : 2)));
        const char sigil = triple || tag.empty() ? '\0' : tag[0];
        const bool block = sigil == '#' || sigil == '^' || sigil == '/' || sigil == '>' || sigil == '!';
        std::size_t line_begin = open, line_end = after;
        const bool alone = block && standalone(text, open, after, line_begin, line_end);
        add_text(text.substr(pos, (alone ? line_begin : open) - pos));
        pos = alone ? line_end : after;

        if (triple) {
            current->push_back({Node::Kind::raw, tag, split_path(tag), {}});
        } else if (sigil == '!') {
            // comment
        } else if (sigil == '#' || sigil == '^') {
            const std::string name = trim(tag.substr(1));
            current->push_back({sigil == '#' ? Node::Kind::section : Node::Kind::inverted, name, split_path(name), {}});
            auto [line, column] = position(open);
            stack.push_back({current, name, line, column});
            current = &current->back().children;
        } else if (sigil == '/') {
            const std::string name = trim(tag.substr(1));
            if (stack.empty()) {
                error(open, "{{/" + name + "}} closes a section that was never opened");
            } else {
                if (stack.back().name != name)
                    error(open, "{{/" + name + "}} closes \"" + name + "\", but the open section is \"" + stack.back().name +
                                    "\" (opened at line " + std::to_string(stack.back().line) + ")");
                current = stack.back().into;
                stack.pop_back();
            }
        } else if (sigil == '>') {
            const std::string name = trim(tag.substr(1));
            current->push_back({Node::Kind::partial, name, {}, {}});
        } else if (sigil == '&') {
            const std::string name = trim(tag.substr(1));
            current->push_back({Node::Kind::raw, name, split_path(name), {}});
        } else if (tag.empty()) {
            error(open, "empty tag {{}}");
        } else {
            current->push_back({Node::Kind::value, tag, split_path(tag), {}});
        }
    }
    for (const Open& o : stack) {
        errors.push_back({"template.syntax", file, o.line, o.column, "", "", "section \"" + o.name + "\" is never closed",
                          "add {{/" + o.name + "}}"});
    }
    return t;
}

namespace {

const json* lookup(const std::vector<const json*>& contexts, const std::vector<std::string>& path) {
    if (path.empty()) return contexts.back();
    const json* found = nullptr;
    for (auto it = contexts.rbegin(); it != contexts.rend(); ++it) {
        const json& c = **it;
        if (!c.is_object()) continue;
        auto member = c.find(path[0]);
        if (member != c.end()) {
            found = &*member;
            break;
        }
    }
    for (std::size_t i = 1; found && i < path.size(); ++i) {
        if (!found->is_object()) return nullptr;
        auto member = found->find(path[i]);
        found = member == found->end() ? nullptr : &*member;
    }
    return found;
}

bool truthy(const json* v) {
    if (!v || v->is_null()) return false;
    if (v->is_boolean()) return v->get<bool>();
    if (v->is_array() || v->is_string()) return !v->empty() && !(v->is_string() && v->get_ref<const std::string&>().empty());
    if (v->is_number()) return v->get<double>() != 0;
    return true;
}

void append_value(const json* v, bool escape, std::string& out) {
    if (!v || v->is_null()) return;
    if (v->is_string()) {
        const std::string& s = v->get_ref<const std::string&>();
        if (escape) escape_html(s, out);
        else out += s;
        return;
    }
    const std::string s = v->dump();
    if (escape) escape_html(s, out);
    else out += s;
}

void render_nodes(const Nodes& nodes, std::vector<const json*>& contexts, const Partials& partials, std::string& out,
                  int depth) {
    for (const Node& n : nodes) {
        switch (n.kind) {
            case Node::Kind::text: out += n.text; break;
            case Node::Kind::value: append_value(lookup(contexts, n.path), true, out); break;
            case Node::Kind::raw: append_value(lookup(contexts, n.path), false, out); break;
            case Node::Kind::inverted:
                if (!truthy(lookup(contexts, n.path))) render_nodes(n.children, contexts, partials, out, depth);
                break;
            case Node::Kind::section: {
                const json* v = lookup(contexts, n.path);
                if (!truthy(v)) break;
                if (v->is_array()) {
                    for (const json& item : *v) {
                        contexts.push_back(&item);
                        render_nodes(n.children, contexts, partials, out, depth);
                        contexts.pop_back();
                    }
                } else {
                    contexts.push_back(v);
                    render_nodes(n.children, contexts, partials, out, depth);
                    contexts.pop_back();
                }
                break;
            }
            case Node::Kind::partial: {
                auto p = partials.find(n.text);
                if (p != partials.end() && depth < 32) render_nodes(p->second.nodes, contexts, partials, out, depth + 1);
                break;
            }
        }
    }
}

}  // namespace

void render(const Template& t, std::vector<const json*>& contexts, const Partials& partials, std::string& out) {
    render_nodes(t.nodes, contexts, partials, out, 0);
}

}  // namespace site::mustache
