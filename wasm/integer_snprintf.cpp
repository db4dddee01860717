// snprintf for the wasm module, integers and text only.
//
// What calls snprintf in the module: nlohmann/json's serializer ("\\u%04x" for control characters)
// and lexer ("<U+%.4X>" in parse errors); the planner and the display format numbers themselves
// (planner::format_number, site::format_fixed). musl's snprintf would bring its whole formatter,
// floating point included (about 3.5 KB gzipped), for those two formats. Linked ahead of libc, this
// definition replaces it: flags (- 0 + space #), width and precision (also as *), the length
// modifiers, and the conversions d i u o x X c s p %. A floating-point conversion is a programming
// error here and traps, rather than printing something wrong. tests/wasm/parity.mjs runs both
// nlohmann paths through the module.
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace {

struct Sink {
    char* out;
    std::size_t size;    // of out
    std::size_t length;  // written so far, or that would have been
};

void put(Sink* s, char c) {
    if (s->length + 1 < s->size) s->out[s->length] = c;
    ++s->length;
}

void repeat(Sink* s, char c, int n) {
    while (n-- > 0) put(s, c);
}

}  // namespace

extern "C" int vsnprintf(char* out, std::size_t size, const char* fmt, va_list ap) {
    Sink s = {out, size, 0};
    for (const char* p = fmt; *p; ++p) {
        if (*p != '%') {
            put(&s, *p);
            continue;
        }
        int left = 0, zero = 0, plus = 0, space = 0, alt = 0;
        for (;; ++p) {
            const char f = p[1];
            if (f == '-') left = 1;
            else if (f == '0') zero = 1;
            else if (f == '+') plus = 1;
            else if (f == ' ') space = 1;
            else if (f == '#') alt = 1;
            else break;
        }
        ++p;
        int width = 0, precision = -1;
        if (*p == '*') width = va_arg(ap, int), ++p;
        else while (*p >= '0' && *p <= '9') width = width * 10 + (*p++ - '0');
        if (width < 0) left = 1, width = -width;
        if (*p == '.') {
            ++p;
            precision = 0;
            if (*p == '*') precision = va_arg(ap, int), ++p;
            else while (*p >= '0' && *p <= '9') precision = precision * 10 + (*p++ - '0');
        }
        int longs = 0;  // h and hh read an int as well; l, ll, z, j and t a 64-bit or 32-bit value
        while (*p == 'h' || *p == 'l' || *p == 'z' || *p == 'j' || *p == 't') {
            if (*p == 'l') ++longs;
            if (*p == 'j') longs = 2;
            ++p;
        }
        const char c = *p;
        if (c == '\0') break;
        if (c == '%') {
            put(&s, '%');
            continue;
        }
        if (c == 's' || c == 'c') {
            char one = 0;
            const char* text = c == 'c' ? (one = static_cast<char>(va_arg(ap, int)), &one) : va_arg(ap, const char*);
            if (!text) text = "(null)";
            std::size_t n = c == 'c' ? 1 : strlen(text);
            if (c == 's' && precision >= 0 && (std::size_t)precision < n) n = (std::size_t)precision;
            if (!left) repeat(&s, ' ', width - (int)n);
            for (std::size_t i = 0; i < n; ++i) put(&s, text[i]);
            if (left) repeat(&s, ' ', width - (int)n);
            continue;
        }
        if (!strchr("diuoxXp", c)) __builtin_trap();  // a, e, f, g, n: not supported here
        const int is_signed = c == 'd' || c == 'i';
        std::uint64_t magnitude;
        int negative = 0;
        if (c == 'p') {
            magnitude = (std::uintptr_t)va_arg(ap, void*);
            alt = 1;
        } else if (is_signed) {
            const std::int64_t v = longs >= 2 ? va_arg(ap, long long) : longs == 1 ? va_arg(ap, long) : va_arg(ap, int);
            negative = v < 0;
            magnitude = negative ? (std::uint64_t)0 - (std::uint64_t)v : (std::uint64_t)v;
        } else {
            magnitude = longs >= 2 ? va_arg(ap, unsigned long long) : longs == 1 ? va_arg(ap, unsigned long) : va_arg(ap, unsigned);
        }
        const unsigned base = c == 'o' ? 8 : (c == 'x' || c == 'X' || c == 'p') ? 16 : 10;
        const char* digits = c == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
        char buf[24];
        int n = 0;
        for (std::uint64_t v = magnitude; v; v /= base) buf[n++] = digits[v % base];
        if (precision < 0 && n == 0) buf[n++] = '0';  // "%d" of 0 is "0"; "%.0d" of 0 is empty
        const int leading = precision > n ? precision - n : 0;
        const char* prefix = negative ? "-" : plus && is_signed ? "+" : space && is_signed ? " " : "";
        if (alt && magnitude && base == 16) prefix = c == 'X' ? "0X" : "0x";
        const int total = (int)strlen(prefix) + leading + n;
        if (!left && !(zero && precision < 0)) repeat(&s, ' ', width - total);
        for (const char* q = prefix; *q; ++q) put(&s, *q);
        if (!left && zero && precision < 0) repeat(&s, '0', width - total);
        repeat(&s, '0', leading);
        while (n) put(&s, buf[--n]);
        if (left) repeat(&s, ' ', width - total);
    }
    if (size) out[s.length < size ? s.length : size - 1] = '\0';
    return (int)s.length;
}

extern "C" int snprintf(char* out, std::size_t size, const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(out, size, fmt, ap);
    va_end(ap);
    return n;
}
