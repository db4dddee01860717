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
    std::string otag = "{{", ctag = "}}";  // the delimiters, until a {{=<% %>=}} tag changes them

    // Line and column of an offset, counted on from the last one asked for (offsets only grow), so
    // that a template of many tags is read in linear time.
    std::size_t counted = 0, line = 1, column = 1;
    auto position = [&](std::size_t offset) {
        for (; counted < offset; ++counted) {
            if (text[counted] == '\n') {
                ++line;
                column = 1;
            } else if ((static_cast<unsigned char>(text[counted]) & 0xC0) != 0x80) {
                ++column;
            }
        }
        return std::make_pair(line, column);
    };
    auto error = [&](std::size_t offset, std::string message, std::string hint = {}) {
        auto [l, c] = position(offset);
        errors.push_back({"template.syntax", file, l, c, "", "", std::move(message), std::move(hint)});
    };
    auto add_text = [&](std::string_view s) {
        if (s.empty()) return;
        if (!current->empty() && current->back().kind == Node::Kind::text) current->back().text.append(s);
        else current->push_back({Node::Kind::text, std::string(s), {}, {}});
    };

    while (pos < text.size()) {
        const std::size_t open = text.find(otag, pos);
        if (open == std::string_view::npos) {
            add_text(text.substr(pos));
            break;
        }
        const bool triple = otag == "{{" && text.compare(open, 3, "{{{") == 0;
        const std::size_t inner = open + (triple ? 3 : otag.size());
        const std::string end_tag = triple ? "}" + ctag : ctag;
        const std::size_t close = text.find(end_tag, inner);
        if (close == std::string_view::npos) {
            error(open, "tag is never closed", "end it with " + end_tag);
            return t;
        }
        const std::size_t after = close + end_tag.size();
        std::string tag = trim(text.substr(inner, close - inner));
        const char sigil = triple || tag.empty() ? '\0' : tag[0];
        const bool block = sigil == '#' || sigil == '^' || sigil == '/' || sigil == '>' || sigil == '!' || sigil == '=';
        std::size_t line_begin = open, line_end = after;
        const bool alone = block && standalone(text, open, after, line_begin, line_end);
        add_text(text.substr(pos, (alone ? line_begin : open) - pos));
        pos = alone ? line_end : after;

        if (triple) {
            current->push_back({Node::Kind::raw, tag, split_path(tag), {}});
        } else if (sigil == '!') {
            // comment
        } else if (sigil == '=') {
            // {{=<% %>=}}: two delimiters, neither empty nor holding '=' or white space.
            const std::string inside = tag.size() >= 2 && tag.back() == '=' ? trim(tag.substr(1, tag.size() - 2)) : "";
            const auto gap = inside.find_first_of(" \t\r\n");
            const std::string o = gap == std::string::npos ? "" : inside.substr(0, gap);
            const std::string c = gap == std::string::npos ? "" : trim(inside.substr(gap));
            if (o.empty() || c.empty() || o.find('=') != std::string::npos || c.find('=') != std::string::npos ||
                c.find_first_of(" \t\r\n") != std::string::npos) {
                error(open, "a set-delimiters tag names two delimiters", "for example {{=<% %>=}}");
                return t;
            }
            otag = o;
            ctag = c;
        } else if (sigil == '#' || sigil == '^') {
            const std::string name = trim(tag.substr(1));
            if (stack.size() >= kMaxSectionDepth) {
                error(open, "sections nest more than " + std::to_string(kMaxSectionDepth) + " levels deep here",
                      "close some sections first");
                return t;
            }
            current->push_back({sigil == '#' ? Node::Kind::section : Node::Kind::inverted, name, split_path(name), {}});
            auto [l, c] = position(open);
            stack.push_back({current, name, l, c});
            current = &current->back().children;
        } else if (sigil == '/') {
            const std::string name = trim(tag.substr(1));
            if (stack.empty()) {
                error(open, otag + "/" + name + ctag + " closes a section that was never opened");
            } else {
                if (stack.back().name != name)
                    error(open, otag + "/" + name + ctag + " closes \"" + name + "\", but the open section is \"" +
                                    stack.back().name + "\" (opened at line " + std::to_string(stack.back().line) + ")");
                current = stack.back().into;
                stack.pop_back();
            }
        } else if (sigil == '>') {
            const std::string name = trim(tag.substr(1));
            auto [l, c] = position(open);
            current->push_back({Node::Kind::partial, name, {}, {}, file, l, c,
                                alone ? std::string(text.substr(line_begin, open - line_begin)) : std::string()});
        } else if (sigil == '&') {
            const std::string name = trim(tag.substr(1));
            current->push_back({Node::Kind::raw, name, split_path(name), {}});
        } else if (tag.empty()) {
            error(open, "empty tag " + otag + ctag);
        } else {
            current->push_back({Node::Kind::value, tag, split_path(tag), {}});
        }
    }
    for (const Open& o : stack) {
        errors.push_back({"template.syntax", file, o.line, o.column, "", "", "section \"" + o.name + "\" is never closed",
                          "add " + otag + "/" + o.name + ctag});
    }
    return t;
}

std::vector<std::shared_ptr<const SectionCache::Kept>> SectionCache::find(const Key& key) const {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = kept_.find(key);
    return it == kept_.end() ? std::vector<std::shared_ptr<const Kept>>() : it->second;
}

void SectionCache::keep(const Key& key, std::shared_ptr<const Kept> kept) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto& variants = kept_[key];
    if (variants.size() == kVariants) variants.erase(variants.begin());
    variants.push_back(std::move(kept));
}

namespace {

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

// One render: the context stack, and while a section is being kept, what its body looked up
// outside the section's own contexts.
class Renderer {
public:
    Renderer(std::vector<const json*>& contexts, const Partials& partials, std::string& out, SectionCache* cache,
             std::size_t shared)
        : contexts_(contexts), partials_(partials), out_(out), cache_(cache), shared_(cache ? shared : 0) {}

    void nodes(const Nodes& list, int depth) {
        for (const Node& n : list) {
            if (out_.size() > kMaxRenderBytes)
                throw RenderError({"template.too_large", "", 0, 0, "", "", "the page's HTML grows past " +
                                       std::to_string(kMaxRenderBytes >> 20) + " MB",
                                   "a section probably repeats over data that repeats; look at the template's "
                                   "sections over lists"});
            switch (n.kind) {
                case Node::Kind::text: text(n.text); break;
                case Node::Kind::value: line_start(); append_value(lookup(n.path), true, out_); break;
                case Node::Kind::raw: line_start(); append_value(lookup(n.path), false, out_); break;
                case Node::Kind::inverted:
                    if (!truthy(lookup(n.path))) nodes(n.children, depth);
                    break;
                case Node::Kind::section: section(n, depth); break;
                case Node::Kind::partial: {
                    auto p = partials_.find(n.text);
                    if (p == partials_.end()) break;  // the build checks every partial exists before rendering
                    if (depth >= kMaxPartialDepth)
                        throw RenderError({"template.partial_depth", n.file, n.line, n.column, "", "",
                                           "partial \"" + n.text + "\" is nested more than " +
                                               std::to_string(kMaxPartialDepth) + " levels deep",
                                           "a partial that includes itself must do so inside a section over data "
                                           "that ends, e.g. {{#children}}{{> " + n.text + "}}{{/children}}"});
                    if (n.indent.empty()) {
                        nodes(p->second.nodes, depth + 1);
                        break;
                    }
                    // A standalone partial: each line of its template starts with the tag's indentation.
                    const std::size_t outer = indent_.size();
                    indent_ += n.indent;
                    at_line_start_ = true;
                    nodes(p->second.nodes, depth + 1);
                    indent_.resize(outer);
                    break;
                }
            }
        }
    }

private:
    static constexpr std::size_t kNowhere = std::size_t(-1);

    // Template text; inside an indented partial, each of its lines starts with the indentation
    // (lines of interpolated data do not: the spec indents the partial's template, not its values).
    void text(const std::string& t) {
        if (indent_.empty()) {
            out_ += t;
            return;
        }
        for (char c : t) {
            line_start();
            out_ += c;
            at_line_start_ = c == '\n';
        }
    }
    void line_start() {
        if (at_line_start_ && !indent_.empty()) out_ += indent_;
        at_line_start_ = false;
    }
    struct Found {
        const json* value = nullptr;
        std::size_t context = kNowhere;  // where the name's first part was found
    };

    // Innermost context first, as Mustache specifies.
    Found find(const std::vector<std::string>& path) const {
        if (path.empty()) return contexts_.empty() ? Found{} : Found{contexts_.back(), contexts_.size() - 1};
        Found found;
        for (std::size_t i = contexts_.size(); i-- > 0;) {
            const json& c = *contexts_[i];
            if (!c.is_object()) continue;
            auto member = c.find(path[0]);
            if (member != c.end()) {
                found = {&*member, i};
                break;
            }
        }
        for (std::size_t i = 1; found.value && i < path.size(); ++i) {
            if (!found.value->is_object()) return {nullptr, found.context};
            auto member = found.value->find(path[i]);
            found.value = member == found.value->end() ? nullptr : &*member;
        }
        return found;
    }

    const json* lookup(const std::vector<std::string>& path) {
        const Found found = find(path);
        note_if_outside(path, found);
        return found.value;
    }

    // While a section is kept, notes a name its body found outside it (or nowhere). Such a name
    // finds the same value every time the section renders, so it is noted once.
    void note_if_outside(const std::vector<std::string>& path, const Found& found) {
        if (!keeping_ || (found.context != kNowhere && found.context >= base_)) return;
        for (const auto& o : keeping_->outside)
            if (o.path == path) return;
        keeping_->outside.push_back({path, found.value ? std::optional<json>(*found.value) : std::nullopt});
    }

    // Renders `children` once per item of a list, or once over any other value pushed as a context.
    void nodes_over(const Nodes& children, const json* v, int depth) {
        if (v->is_array()) {
            for (const json& item : *v) {
                contexts_.push_back(&item);
                nodes(children, depth);
                contexts_.pop_back();
            }
            return;
        }
        contexts_.push_back(v);
        nodes(children, depth);
        contexts_.pop_back();
    }

    void section(const Node& n, int depth) {
        const Found found = find(n.path);
        note_if_outside(n.path, found);
        if (!truthy(found.value)) return;
        const bool keepable = !keeping_ && indent_.empty() && found.context < shared_ &&
                              (found.value->is_array() || found.value->is_object());
        if (!keepable) return nodes_over(n.children, found.value, depth);

        const SectionCache::Key key{&n, found.value};
        for (const auto& kept : cache_->find(key))
            if (still_holds(*kept)) {
                out_ += kept->output;
                return;
            }
        SectionCache::Kept kept;
        keeping_ = &kept;
        base_ = contexts_.size();
        const std::size_t start = out_.size();
        nodes_over(n.children, found.value, depth);
        keeping_ = nullptr;
        kept.output = out_.substr(start);
        cache_->keep(key, std::make_shared<const SectionCache::Kept>(std::move(kept)));
    }

    bool still_holds(const SectionCache::Kept& kept) const {
        for (const auto& o : kept.outside) {
            const json* now = find(o.path).value;
            if (now ? !(o.value && *o.value == *now) : o.value.has_value()) return false;
        }
        return true;
    }

    std::vector<const json*>& contexts_;
    const Partials& partials_;
    std::string& out_;
    SectionCache* cache_;
    std::size_t shared_;
    SectionCache::Kept* keeping_ = nullptr;  // the section being kept, if any
    std::size_t base_ = 0;                   // contexts below this index are outside it
    std::string indent_;                     // the standalone partials' indentation in force
    bool at_line_start_ = false;             // the next template output starts a line of an indented partial
};

}  // namespace

void render(const Template& t, std::vector<const json*>& contexts, const Partials& partials, std::string& out,
            SectionCache* cache, std::size_t shared_contexts) {
    Renderer(contexts, partials, out, cache, shared_contexts).nodes(t.nodes, 0);
}

}  // namespace site::mustache
