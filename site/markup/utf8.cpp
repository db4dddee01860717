#include "utf8.hpp"

#include <cstdint>
#include <cstring>

namespace site {

namespace {

// The length of the valid UTF-8 sequence at text[i], or 0 when it is not one.
std::size_t sequence_length(std::string_view text, std::size_t i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    std::size_t length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    bool ok = length != 0 && i + length <= text.size() && !(length == 2 && c < 0xC2);
    for (std::size_t k = 1; ok && k < length; ++k) ok = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
    if (ok && length == 3) {  // no overlong forms, no surrogates
        const unsigned char c1 = static_cast<unsigned char>(text[i + 1]);
        ok = !(c == 0xE0 && c1 < 0xA0) && !(c == 0xED && c1 >= 0xA0);
    }
    if (ok && length == 4) {
        const unsigned char c1 = static_cast<unsigned char>(text[i + 1]);
        ok = c <= 0xF4 && !(c == 0xF0 && c1 < 0x90) && !(c == 0xF4 && c1 >= 0x90);
    }
    return ok ? length : 0;
}

// The offset of the first byte that is not valid UTF-8, or text.size(). Runs of ASCII are
// skipped eight bytes at a time.
std::size_t first_invalid(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        std::uint64_t eight;
        if (i + 8 <= text.size() && (std::memcpy(&eight, text.data() + i, 8), (eight & 0x8080808080808080ull) == 0)) {
            i += 8;
            continue;
        }
        const std::size_t length = sequence_length(text, i);
        if (length == 0) return i;
        i += length;
    }
    return i;
}

}  // namespace

Utf8Error check_utf8(std::string_view text) {
    const std::size_t bad = first_invalid(text);
    if (bad == text.size()) return {};
    const TextAt at = position_at(text, bad);  // everything before `bad` is valid
    return {at.line, at.column, static_cast<unsigned char>(text[bad])};
}

TextAt position_at(std::string_view text, std::size_t offset) {
    // Lines, and characters (lead bytes) since the last one.
    TextAt at;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++at.line;
            at.column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++at.column;
        }
    }
    return at;
}

}  // namespace site
