// The wasm module's strtod (wasm/decimal_to_double.cpp) against the C library's, bit for bit: the
// module must read every number in a request exactly as the native CLI does.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ios>
#include <random>
#include <string>

#include "decimal_to_double.hpp"

namespace {

struct Reading {
    std::uint64_t bits;
    std::ptrdiff_t consumed;
};

Reading ours(const std::string& text) {
    const char* end = nullptr;
    const double x = accelguide::wasm::decimal_to_double(text.c_str(), &end, nullptr);
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    return {bits, end - text.c_str()};
}

Reading libc(const std::string& text) {
    char* end = nullptr;
    const double x = std::strtod(text.c_str(), &end);
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    return {bits, end - text.c_str()};
}

// Counts the disagreements, and reports the first few.
struct Agreement {
    int checked = 0, differ = 0;
    void check(const std::string& text) {
        ++checked;
        const Reading a = ours(text), b = libc(text);
        if (a.bits == b.bits && a.consumed == b.consumed) return;
        if (++differ <= 5)
            MESSAGE(text.substr(0, 120) << (text.size() > 120 ? "…" : "") << ": ours " << std::hex << a.bits
                                        << " libc " << b.bits << std::dec << ", read " << a.consumed << " vs "
                                        << b.consumed);
    }
};

std::string printed(const char* format, int precision, long double x) {
    std::string out(2048, '\0');
    out.resize(std::snprintf(out.data(), out.size(), format, precision, x));
    return out;
}

}  // namespace

TEST_CASE("decimal_to_double: the hard cases of decimal conversion round as the C library does") {
    Agreement a;
    for (const char* text : {
             "0", "-0", "0.0", "1", "-1", "0.1", "0.2", "0.3", "1e23", "8.98846567431158e307",
             "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1e308", "1e309",
             "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308",
             "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "5e-324",
             "1e-324", "3e-324", "1e-400", "9007199254740992", "9007199254740993", "9007199254740994",
             "9007199254740995", "9007199254740993.0000000000000000000000000000001", "123456789012345678901234567890",
             "0.30000000000000004", "1.00000000000000011102230246251565404236316680908203125",
             "1.00000000000000011102230246251565404236316680908203124", "7.0420557077594588669468784357561207962098443483187940792729600000e59",
             "100000000000000000000000", "0.000000000000000000000000000000001", "1e-5", "25e-1", "1979",
             "3.35e9", "0.45", "  42", "\t+3.5", "-.5", "5.", "1e+5", "1E-5", "00000000000000000001",
             "0.00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
         })
        a.check(text);
    CHECK(a.differ == 0);
    CHECK(a.checked == 50);
}

TEST_CASE("decimal_to_double: exact halfway points between doubles round to even, and a digit past them rounds up") {
    // glibc prints a long double's exact decimal expansion, and the halfway point of two adjacent
    // doubles is exact in a long double (64-bit significand).
    std::mt19937_64 random(20261125);
    Agreement a;
    for (int i = 0; i < 3000; ++i) {
        std::uint64_t bits = random() & 0x7FEFFFFFFFFFFFFEull;
        if (i % 3 == 0) bits &= 0x001FFFFFFFFFFFFFull;  // subnormal and the smallest normals
        double x, y;
        std::memcpy(&x, &bits, sizeof x);
        y = std::nextafter(x, 1e308);
        const long double half = (static_cast<long double>(x) + y) / 2;
        const std::string exact = printed("%.*Le", 780, half);
        a.check(exact);
        const std::size_t e = exact.find('e');
        a.check(exact.substr(0, e) + "0000001" + exact.substr(e));          // just past: up
        a.check(exact.substr(0, e - 400) + exact.substr(e));                 // the halfway cut short
        a.check(exact.substr(0, e) + std::string(100, '0') + "1" + exact.substr(e));  // past the 800 kept
    }
    CHECK(a.differ == 0);
}

TEST_CASE("decimal_to_double: random doubles printed at every precision and random digit strings read back as the C library reads them") {
    std::mt19937_64 random(7);
    Agreement a;
    for (int i = 0; i < 20000; ++i) {
        std::uint64_t bits = random() & 0x7FFFFFFFFFFFFFFFull;
        double x;
        std::memcpy(&x, &bits, sizeof x);
        if (!std::isfinite(x)) continue;
        a.check(printed("%.*Le", 1 + i % 20, x));
        a.check(printed("%.*Lg", 17, x));
    }
    std::uniform_int_distribution<int> digits(1, 40), exponent(-360, 330), digit(0, 9);
    for (int i = 0; i < 20000; ++i) {
        std::string text;
        const int n = digits(random);
        for (int j = 0; j < n; ++j) text += char('0' + digit(random));
        if (i % 2) text.insert(std::size_t(random() % (n + 1)), ".");
        a.check(text + "e" + std::to_string(exponent(random)));
    }
    CHECK(a.differ == 0);
    CHECK(a.checked > 55000);
}

TEST_CASE("decimal_to_double: stops where the number stops, and reads no number where there is none") {
    Agreement a;
    for (const char* text : {"12abc", "1e", "1e+", "1.5e-x", "-", "+", ".", "e5", "", "  ", "1..2", "--1", ".e1"})
        a.check(text);
    CHECK(a.differ == 0);
    // No hexadecimal, infinity or NaN: the module's strtod reads only what JSON has.
    for (const char* text : {"inf", "nan", "infinity"}) CHECK(ours(text).consumed == 0);
    CHECK(ours("0x10").consumed == 1);
    bool range_error = false;
    accelguide::wasm::decimal_to_double("1e400", nullptr, &range_error);
    CHECK(range_error);
    CHECK(std::isinf(accelguide::wasm::decimal_to_double("-1e400", nullptr, nullptr)));
    accelguide::wasm::decimal_to_double("1e-400", nullptr, &range_error);
    CHECK(range_error);
    accelguide::wasm::decimal_to_double("1e-300", nullptr, &range_error);
    CHECK_FALSE(range_error);
}
