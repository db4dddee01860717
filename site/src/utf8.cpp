#include "utf8.hpp"

namespace site {

Utf8Error check_utf8(std::string_view text) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < text.size();) {
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
        if (!ok) return {line, column, c};
        if (c == '\n') {
            ++line;
            column = 0;
        }
        ++column;
        i += length;
    }
    return {};
}

}  // namespace site
