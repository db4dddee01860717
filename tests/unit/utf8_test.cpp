// The UTF-8 check every content file goes through before it is parsed.
#include <doctest/doctest.h>

#include <string>

#include "utf8.hpp"

TEST_CASE("valid UTF-8 passes, long ASCII runs and Japanese alike") {
    CHECK(site::check_utf8("").line == 0);
    CHECK(site::check_utf8(std::string(1000, 'a') + "\n日本語の段落\n" + std::string(17, 'b')).line == 0);
}

TEST_CASE("an invalid byte is reported at its line and character column") {
    // After a long ASCII line, a line of two Japanese characters, then the bad byte.
    const std::string text = std::string(40, 'x') + "\n" + "日本" + std::string(9, 'y') + "\xff" + std::string(20, 'z');
    const site::Utf8Error e = site::check_utf8(text);
    CHECK(e.line == 2);
    CHECK(e.column == 12);  // 2 Japanese characters and 9 letters before it
    CHECK(e.byte == 0xff);
}

TEST_CASE("overlong forms, surrogates and cut-off sequences are invalid") {
    CHECK(site::check_utf8("abc\xc0\xaf").column == 4);        // overlong '/'
    CHECK(site::check_utf8("\xed\xa0\x80").line == 1);          // a surrogate
    CHECK(site::check_utf8(std::string(12, 'a') + "\xe6\x97").column == 13);  // cut off at the end
    CHECK(site::check_utf8("\xf4\x90\x80\x80").byte == 0xf4);   // above U+10FFFF
}
