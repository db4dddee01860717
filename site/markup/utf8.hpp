// UTF-8 checks for content files.
#pragma once

#include <cstddef>
#include <string_view>

namespace site {

struct Utf8Error {
    std::size_t line = 0;    // 1-based; 0 when the text is valid
    std::size_t column = 0;  // 1-based, in characters
    unsigned byte = 0;       // the first byte that is not valid UTF-8
};

/// Where `text` stops being valid UTF-8; line 0 when it is valid throughout.
Utf8Error check_utf8(std::string_view text);

/// Line and column (1-based; columns count characters, not bytes) of byte `offset` in UTF-8 text.
struct TextAt {
    std::size_t line = 1, column = 1;
};
TextAt position_at(std::string_view text, std::size_t offset);

}  // namespace site
