#include "planner/request_reader.hpp"

#include "planner/request_fields.hpp"

#include <cmath>

#include "planner/messages.hpp"

namespace planner {

using nlohmann::json;

// Whole numbers as integers ("1000000"), the rest as the shortest text that reads back the same
// ("0.1", "1e-09"), written by nlohmann's serializer, which the module has anyway: printf would
// bring C's formatter and its long-double arithmetic into the module (about 5 KB gzipped).
std::string format_number(double v) {
    if (v == std::trunc(v) && std::fabs(v) < 1e15) return std::to_string(static_cast<long long>(v));
    return json(v).dump();
}

void RequestReader::refuse(std::string field, msg::Code code, std::vector<std::string> args) {
    errors_.push_back(coded(std::move(field), code, std::move(args)));
}

const json* RequestReader::list(const Field& f) {
    const json* v = find(f.path);
    if (!v) {
        if (f.required) refuse(f.path, msg::required);
        return nullptr;
    }
    const std::size_t n = v->is_array() ? v->size() : 0;
    if (v->is_array() && n >= f.min_items && (f.max_items == 0 || n <= f.max_items)) return v;
    if (f.max_items == 0) refuse(f.path, msg::list_at_least, {std::to_string(f.min_items)});
    else if (f.min_items == 0) refuse(f.path, msg::list_at_most, {std::to_string(f.max_items)});
    else refuse(f.path, msg::list_length, {std::to_string(f.min_items), std::to_string(f.max_items)});
    return nullptr;
}

const json* RequestReader::find(const std::string& path) const {
    const json* node = &root_;
    std::size_t start = 0;
    while (start <= path.size() && !path.empty()) {
        std::size_t dot = path.find('.', start);
        std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (node->is_array()) {  // "configurations.0.instance"
            if (key.empty() || key.find_first_not_of("0123456789") != std::string::npos) return nullptr;
            const std::size_t index = std::stoul(key);
            if (index >= node->size()) return nullptr;
            node = &(*node)[index];
        } else if (node->is_object()) {
            auto it = node->find(key);
            if (it == node->end()) return nullptr;
            node = &*it;
        } else {
            return nullptr;
        }
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    return node;
}

const json* RequestReader::take(const std::string& path) {
    const json* v = find(path);
    if (v) used_.insert(path);
    return v;
}

const json* RequestReader::present(const std::string& path, bool required) {
    const json* v = find(path);
    if (v) used_.insert(path);
    if (v && !v->is_null()) return v;
    if (required) refuse(path, msg::required);
    return nullptr;
}

std::optional<double> RequestReader::number(const std::string& path, const NumberRule& rule, bool required) {
    const json* v = present(path, required);
    if (!v) return std::nullopt;
    if (!v->is_number()) {
        refuse(path, msg::not_a_number);
        return std::nullopt;
    }
    double x = v->get<double>();
    // A subnormal or near-zero number (1e-320) passes "greater than 0", then makes some result
    // overflow, and the error would blame another field: it is refused here, at its own field.
    if (x != 0 && std::fabs(x) < kSmallestNumber) {
        refuse(path, msg::too_small, {format_number(kSmallestNumber)});
        return std::nullopt;
    }
    bool below = rule.min_exclusive ? !(x > rule.min) : !(x >= rule.min);
    if (!std::isfinite(x) || below || x > rule.max || (rule.integer && std::floor(x) != x)) {
        refuse(path, range_code(rule), range_args(rule));
        return std::nullopt;
    }
    return x;
}

msg::Code range_code(const NumberRule& rule) {
    if (rule.integer) return rule.min_exclusive ? msg::whole_range_above : msg::whole_range;
    return rule.min_exclusive ? msg::range_above : msg::range;
}

std::vector<std::string> range_args(const NumberRule& rule) { return {format_number(rule.min), format_number(rule.max)}; }

NumberRule rule_of(const Field& field) {
    return {field.min, field.min_exclusive, field.max, field.type != Field::Type::number};
}

std::optional<double> RequestReader::number(const Field& field, const std::string& prefix) {
    return number(prefix + field.path, rule_of(field), field.required);
}

std::optional<int> RequestReader::integer(const Field& field, const std::string& prefix) {
    auto v = number(field, prefix);
    return v ? std::optional<int>(int(*v)) : std::nullopt;
}

std::optional<std::string> RequestReader::text(const Field& field, const std::string& prefix) {
    std::set<std::string> words;  // listed alphabetically when refused
    if (field.allowed) words.insert(field.allowed().begin(), field.allowed().end());
    return text(prefix + field.path, words, field.required);
}

std::optional<int> RequestReader::integer(const std::string& path, double min, double max, bool required) {
    auto v = number(path, {min, false, max, true}, required);
    return v ? std::optional<int>(int(*v)) : std::nullopt;
}

const std::set<std::string>& precisions() {
    static const std::set<std::string> names(precision_words().begin(), precision_words().end());
    return names;
}

std::optional<std::string> RequestReader::text(const std::string& path, const std::set<std::string>& allowed,
                                               bool required) {
    const json* v = present(path, required);
    if (!v) return std::nullopt;
    if (!v->is_string()) {
        refuse(path, msg::not_text);
        return std::nullopt;
    }
    std::string s = v->get<std::string>();
    if (!allowed.empty() && !allowed.count(s)) {
        std::string list;
        for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
        refuse(path, msg::not_one_of, {list});
        return std::nullopt;
    }
    return s;
}

std::optional<std::string> RequestReader::text(const std::string& path, Names allowed, bool required) {
    return text(path, std::set<std::string>(allowed.begin(), allowed.end()), required);
}

void RequestReader::reject_unknown(const std::string& path, Names known) {
    reject_unknown(path, std::set<std::string>(known.begin(), known.end()));
}

void RequestReader::reject_unknown(const std::string& path, const std::set<std::string>& known) {
    const json* obj = path.empty() ? &root_ : find(path);
    if (!obj || !obj->is_object()) return;
    for (auto it = obj->begin(); it != obj->end(); ++it) {
        if (known.count(it.key())) continue;
        refuse(path.empty() ? it.key() : path + "." + it.key(), msg::unknown_field);
    }
}

void RequestReader::reject_unknown(const RequestSchema& schema) {
    for (const auto& [path, names] : schema.names) {
        const std::size_t list = path.find("[]");
        if (list == std::string::npos) {
            reject_unknown(path, names);
            continue;
        }
        // "configurations[].x": each item of the list (one list deep, as the kinds declare).
        const std::string head = path.substr(0, list), tail = path.substr(list + 2);
        const json* items = find(head);
        if (!items || !items->is_array()) continue;
        for (std::size_t i = 0; i < items->size(); ++i) reject_unknown(head + "." + std::to_string(i) + tail, names);
    }
}

void RequestReader::refuse_unused() {
    if (!errors_.empty()) return;  // refused already: nothing is planned from it
    // Depth is bounded: answer() refuses JSON nested deeper than kMaxJsonDepth before reading it.
    std::vector<std::string> unused;
    auto walk = [&](const auto& self, const json& node, const std::string& path) -> void {
        if (used_.count(path)) return;
        if (node.is_object() && !node.empty()) {
            for (auto it = node.begin(); it != node.end(); ++it) {
                if (path.empty() && (it.key() == "api" || it.key() == "kind")) continue;
                self(self, *it, path.empty() ? it.key() : path + "." + it.key());
            }
        } else if (node.is_array() && !node.empty()) {
            for (std::size_t i = 0; i < node.size(); ++i) self(self, node[i], path + "." + std::to_string(i));
        } else if (!node.is_null() && !path.empty()) {
            unused.push_back(path);
        }
    };
    walk(walk, root_, "");
    for (std::string& path : unused)
        refuse(std::move(path), msg::unused_field);
}

}  // namespace planner
