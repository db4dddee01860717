#include "planner/json_position.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace planner {
namespace {

void append_utf8(std::string& out, unsigned cp) {
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

// A forward-only walk over JSON text that is already known to be valid.
class Walker {
public:
    explicit Walker(std::string_view text) : text_(text) {}

    std::size_t pos() const { return pos_; }
    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return at_end() ? '\0' : text_[pos_]; }

    void skip_ws() {
        while (!at_end() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r')) ++pos_;
    }

    bool consume(char c) {
        skip_ws();
        if (peek() != c) return false;
        ++pos_;
        return true;
    }

    // Reads a string starting at its opening quote; returns it decoded (\u escapes as UTF-8).
    std::string read_string() {
        std::string out;
        ++pos_;
        while (!at_end() && peek() != '"') {
            char c = text_[pos_++];
            if (c != '\\') {
                out += c;
                continue;
            }
            char e = at_end() ? '\0' : text_[pos_++];
            switch (e) {
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    unsigned cp = read_hex4();
                    if (cp >= 0xD800 && cp <= 0xDBFF && text_.substr(pos_, 2) == "\\u") {
                        pos_ += 2;
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (read_hex4() - 0xDC00);
                    }
                    append_utf8(out, cp);
                    break;
                }
                default: out += e; break;  // \" \\ \/
            }
        }
        ++pos_;
        return out;
    }

    void skip_value() {
        skip_ws();
        char c = peek();
        if (c == '"') {
            read_string();
            return;
        }
        if (c == '{' || c == '[') {
            int depth = 0;
            do {
                char d = peek();
                if (d == '"') {
                    read_string();
                    continue;
                }
                if (d == '{' || d == '[') ++depth;
                if (d == '}' || d == ']') --depth;
                ++pos_;
            } while (depth > 0 && !at_end());
            return;
        }
        while (!at_end() && peek() != ',' && peek() != '}' && peek() != ']' && peek() != ' ' &&
               peek() != '\n' && peek() != '\r' && peek() != '\t')
            ++pos_;
    }

private:
    unsigned read_hex4() {
        unsigned v = 0;
        for (int k = 0; k < 4 && !at_end(); ++k) {
            char h = text_[pos_++];
            v <<= 4;
            if (h >= '0' && h <= '9') v |= unsigned(h - '0');
            else if (h >= 'a' && h <= 'f') v |= unsigned(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F') v |= unsigned(h - 'A' + 10);
        }
        return v;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

std::vector<std::string> split_pointer(std::string_view pointer) {
    std::vector<std::string> tokens;
    if (pointer.empty()) return tokens;
    std::size_t i = 1;  // skip leading '/'
    std::string cur;
    for (; i <= pointer.size(); ++i) {
        if (i == pointer.size() || pointer[i] == '/') {
            tokens.push_back(cur);
            cur.clear();
        } else if (pointer[i] == '~' && i + 1 < pointer.size()) {
            cur += pointer[i + 1] == '1' ? '/' : '~';
            ++i;
        } else {
            cur += pointer[i];
        }
    }
    return tokens;
}

}  // namespace

TextPosition position_of_offset(std::string_view text, std::size_t offset) {
    TextPosition p{1, 1};
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '\n') {
            ++p.line;
            p.column = 1;
        } else if ((c & 0xC0) != 0x80) {  // count code points, not UTF-8 continuation bytes
            ++p.column;
        }
    }
    return p;
}

TextPosition locate(std::string_view text, std::string_view pointer, Target target) {
    Walker w(text);
    w.skip_ws();
    if (w.at_end()) return {};
    const std::vector<std::string> tokens = split_pointer(pointer);
    std::size_t key_at = 0;
    for (const std::string& token : tokens) {
        key_at = 0;
        w.skip_ws();
        std::size_t container = w.pos();
        if (w.peek() == '{') {
            w.consume('{');
            bool found = false;
            w.skip_ws();
            while (!w.at_end() && w.peek() != '}') {
                w.skip_ws();
                key_at = w.pos();
                std::string key = w.read_string();
                w.consume(':');
                w.skip_ws();
                if (key == token) {
                    found = true;
                    break;
                }
                w.skip_value();
                w.consume(',');
                w.skip_ws();
            }
            if (!found) return position_of_offset(text, container);
        } else if (w.peek() == '[') {
            std::size_t index = 0;
            for (char c : token) {
                if (c < '0' || c > '9') return position_of_offset(text, container);
                index = index * 10 + std::size_t(c - '0');
            }
            w.consume('[');
            w.skip_ws();
            std::size_t k = 0;
            while (k < index && !w.at_end() && w.peek() != ']') {
                w.skip_value();
                w.consume(',');
                w.skip_ws();
                ++k;
            }
            if (k != index || w.peek() == ']') return position_of_offset(text, container);
        } else {
            return position_of_offset(text, container);
        }
    }
    w.skip_ws();
    const bool last_is_member = !tokens.empty() && key_at != 0 && target == Target::key;
    return position_of_offset(text, last_is_member ? key_at : w.pos());
}

std::vector<JsonProblem> scan_json(std::string_view text) {
    std::vector<JsonProblem> problems;
    struct Frame {
        bool object;
        std::map<std::string, std::size_t> keys;  // each key of the object, and where it starts
        std::string key;                          // the member being read
        std::size_t index = 0;                    // the element being read
        bool expect_key = true;
    };
    std::vector<Frame> stack;
    auto where = [&](bool dotted) {
        std::string out;
        for (const Frame& f : stack) {
            const std::string part = f.object ? f.key : std::to_string(f.index);
            out += dotted ? (out.empty() ? "" : ".") + part : "/" + part;
        }
        return out;
    };
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ':') {
            ++i;
        } else if (c == '{' || c == '[') {
            if (stack.size() == kMaxJsonDepth) {
                problems.push_back({JsonProblem::Kind::too_deep, i, 0, where(true), where(false), std::string(1, c)});
                return problems;
            }
            stack.push_back({c == '{', {}, {}, 0, true});
            ++i;
        } else if (c == '}' || c == ']') {
            if (stack.empty()) return problems;
            stack.pop_back();
            ++i;
        } else if (c == ',') {
            if (stack.empty()) return problems;
            if (stack.back().object) stack.back().expect_key = true;
            else ++stack.back().index;
            ++i;
        } else if (c == '"') {
            const std::size_t start = i++;
            while (i < text.size() && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
            if (i >= text.size()) return problems;
            ++i;
            if (!stack.empty() && stack.back().object && stack.back().expect_key) {
                Frame& f = stack.back();
                f.key = std::string(text.substr(start + 1, i - start - 2));
                f.expect_key = false;
                if (auto [at, added] = f.keys.emplace(f.key, start); !added)
                    problems.push_back({JsonProblem::Kind::duplicate_key, start, at->second, where(true), where(false), f.key});
            }
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            const std::size_t start = i;
            while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '-' || text[i] == '+' ||
                                       text[i] == '.' || text[i] == 'e' || text[i] == 'E'))
                ++i;
            const std::string number(text.substr(start, i - start));
            if (!std::isfinite(std::strtod(number.c_str(), nullptr)))
                problems.push_back({JsonProblem::Kind::number_out_of_range, start, 0, where(true), where(false), number});
        } else if (std::isalpha(static_cast<unsigned char>(c))) {
            while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;  // true, false, null
        } else {
            return problems;  // not JSON: the parser says where
        }
    }
    return problems;
}

}  // namespace planner
