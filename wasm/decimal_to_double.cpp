// Decimal to double, correctly rounded. The method: the decimal's significant digits D and
// exponent E (value v = D × 10^E); when D < 10^15 and |E| <= 22, both D and 10^|E| are exact
// doubles and one IEEE multiplication or division rounds v correctly (Clinger's fast path). Else an
// estimate within a few units in the last place, then moved one double at a time until v lies
// between the halfway points to its neighbours, each comparison exact in big integers.
#include "decimal_to_double.hpp"

#include <cstdint>
#include <cstring>

namespace accelguide::wasm {
namespace {

// More than the 767 significant digits a halfway point between two doubles can have: digits past
// these only matter as "something more", kept as one more digit 1.
constexpr int kMaxDigits = 800;
// Beyond these, v is past the largest double or below half the smallest.
constexpr int kLargestDecimalExponent = 310;
constexpr int kSmallestDecimalExponent = -324;

struct Decimal {
    unsigned char digit[kMaxDigits + 1];
    int count = 0;     // significant digits, the first one not 0
    int exponent = 0;  // v = digits × 10^exponent
};

// An unsigned integer of up to 4096 bits, 32-bit limbs, least significant first, no leading zero
// limb. The comparisons below stay under 2800 bits: D has at most 801 digits, 5^1125 2612 bits.
struct Big {
    static constexpr int kLimbs = 128;
    std::uint32_t limb[kLimbs];
    int size = 0;

    explicit Big(std::uint64_t value) {
        while (value) limb[size++] = std::uint32_t(value), value >>= 32;
    }

    void multiply_add(std::uint32_t factor, std::uint32_t addend) {
        std::uint64_t carry = addend;
        for (int i = 0; i < size; ++i) {
            carry += std::uint64_t(limb[i]) * factor;
            limb[i] = std::uint32_t(carry);
            carry >>= 32;
        }
        if (carry) limb[size++] = std::uint32_t(carry);
    }

    void multiply_by_power_of_5(int n) {
        for (; n >= 13; n -= 13) multiply_add(1220703125u, 0);  // 5^13, the largest under 2^32
        std::uint32_t factor = 1;
        while (n-- > 0) factor *= 5;
        multiply_add(factor, 0);
    }

    void shift_left(int bits) {
        if (size == 0 || bits == 0) return;
        const int words = bits / 32, rest = bits % 32;
        if (rest) {
            limb[size] = 0;
            for (int i = size; i > 0; --i) limb[i] = (limb[i] << rest) | (limb[i - 1] >> (32 - rest));
            limb[0] <<= rest;
            if (limb[size]) ++size;
        }
        std::memmove(limb + words, limb, sizeof(std::uint32_t) * size);
        std::memset(limb, 0, sizeof(std::uint32_t) * words);
        size += words;
    }
};

int compare(const Big& a, const Big& b) {
    if (a.size != b.size) return a.size < b.size ? -1 : 1;
    for (int i = a.size - 1; i >= 0; --i)
        if (a.limb[i] != b.limb[i]) return a.limb[i] < b.limb[i] ? -1 : 1;
    return 0;
}

// D × 5^E when E >= 0, else D: the decimal's side of every comparison below, read once per number.
Big scaled_digits(const Decimal& d) {
    Big out(0);
    for (int i = 0; i < d.count;) {
        std::uint32_t chunk = 0, scale = 1;
        for (int j = 0; j < 9 && i < d.count; ++j, ++i) chunk = chunk * 10 + d.digit[i], scale *= 10;
        out.multiply_add(scale, chunk);
    }
    if (d.exponent >= 0) out.multiply_by_power_of_5(d.exponent);
    return out;
}

// The sign of D × 10^E − m × 2^k, given digits = scaled_digits(d): with 10^E = 5^E × 2^E, each
// side is multiplied by the powers the other side would need to divide by, so both stay integers.
int compare(const Decimal& d, const Big& digits, std::uint64_t m, int k) {
    Big lhs = digits, rhs(m);
    if (d.exponent < 0) rhs.multiply_by_power_of_5(-d.exponent);
    const int twos = d.exponent - k;
    if (twos >= 0) lhs.shift_left(twos);
    else rhs.shift_left(-twos);
    return compare(lhs, rhs);
}

double power_of_ten(int n) {  // exact for n <= 22
    double p = 1;
    while (n-- > 0) p *= 10;
    return p;
}

std::uint64_t bits_of(double x) {
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    return bits;
}

double from_bits(std::uint64_t bits) {
    double x;
    std::memcpy(&x, &bits, sizeof x);
    return x;
}

constexpr std::uint64_t kLargestFinite = 0x7FEFFFFFFFFFFFFFull;
constexpr std::uint64_t kInfinity = 0x7FF0000000000000ull;
constexpr std::uint64_t kHidden = 1ull << 52;

// A double within a few units in the last place of v (positive, in range): the first 19 digits
// scaled by exact powers of ten, each step rounding once.
std::uint64_t estimate(const Decimal& d) {
    std::uint64_t w = 0;
    const int taken = d.count < 19 ? d.count : 19;
    for (int i = 0; i < taken; ++i) w = w * 10 + d.digit[i];
    double x = double(w);
    for (int e = d.exponent + (d.count - taken); e != 0;) {
        const int step = e > 22 ? 22 : e < -22 ? -22 : e;
        x = step > 0 ? x * power_of_ten(step) : x / power_of_ten(-step);
        e -= step;
    }
    const std::uint64_t bits = bits_of(x);
    return bits > kLargestFinite ? kLargestFinite : bits;
}

// The double nearest to v, ties to even: start from the estimate, step up while v is above the
// halfway point to the next double, down while below the halfway point to the previous one.
std::uint64_t nearest(const Decimal& d, bool* overflow) {
    std::uint64_t bits = estimate(d);
    const Big digits = scaled_digits(d);
    for (;;) {
        const int biased = int(bits >> 52);
        const std::uint64_t m = biased ? (bits & (kHidden - 1)) | kHidden : bits;
        const int k = biased ? biased - 1075 : -1074;  // the double is m × 2^k
        const int above = compare(d, digits, 2 * m + 1, k - 1);
        if (above > 0 || (above == 0 && (m & 1))) {
            if (bits == kLargestFinite) return *overflow = true, kInfinity;
            ++bits;
            if (above == 0) return bits;
            continue;
        }
        if (above == 0 || m == 0) return bits;
        // Below the smallest normal of a binade the previous double is half as far.
        const bool binade_start = m == kHidden && biased > 1;
        const int below = binade_start ? compare(d, digits, 4 * m - 1, k - 2) : compare(d, digits, 2 * m - 1, k - 1);
        if (below < 0 || (below == 0 && (m & 1))) {
            --bits;
            if (below == 0) return bits;
            continue;
        }
        return bits;
    }
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

double decimal_to_double(const char* text, const char** end, bool* range_error) {
    const char* p = text;
    while (*p == ' ' || (*p >= '\t' && *p <= '\r')) ++p;
    const bool negative = *p == '-';
    if (*p == '+' || *p == '-') ++p;

    Decimal d;
    bool any_digit = false, more = false;
    auto take = [&](char c, bool fraction) {
        any_digit = true;
        if (d.count == 0 && c == '0') {
            d.exponent -= fraction;
        } else if (d.count < kMaxDigits) {
            d.digit[d.count++] = static_cast<unsigned char>(c - '0');
            d.exponent -= fraction;
        } else {
            more |= c != '0';
            d.exponent += !fraction;
        }
    };
    while (is_digit(*p)) take(*p++, false);
    if (*p == '.' && (any_digit || is_digit(p[1]))) {
        ++p;
        while (is_digit(*p)) take(*p++, true);
    }
    if (!any_digit) {
        if (end) *end = text;
        return 0;
    }
    if (*p == 'e' || *p == 'E') {
        const char* q = p + 1;
        const bool negative_exponent = *q == '-';
        if (*q == '+' || *q == '-') ++q;
        if (is_digit(*q)) {
            int exponent = 0;
            for (; is_digit(*q); ++q)
                if (exponent < 100000) exponent = exponent * 10 + (*q - '0');
            d.exponent += negative_exponent ? -exponent : exponent;
            p = q;
        }
    }
    if (end) *end = p;

    if (more) d.digit[d.count++] = 1, --d.exponent;  // D + 0.1: the same side of every halfway point
    else while (d.count > 0 && d.digit[d.count - 1] == 0) --d.count, ++d.exponent;

    bool overflow = false;
    std::uint64_t bits = 0;
    if (d.count == 0) {
        bits = 0;
    } else if (d.count + d.exponent > kLargestDecimalExponent) {
        bits = kInfinity, overflow = true;
    } else if (d.count + d.exponent < kSmallestDecimalExponent) {
        bits = 0, overflow = true;
    } else if (d.count <= 15 && d.exponent >= -22 && d.exponent <= 22) {
        double w = 0;
        for (int i = 0; i < d.count; ++i) w = w * 10 + d.digit[i];
        bits = bits_of(d.exponent >= 0 ? w * power_of_ten(d.exponent) : w / power_of_ten(-d.exponent));
    } else {
        bits = nearest(d, &overflow);
        overflow |= bits == 0;
    }
    if (range_error) *range_error = overflow;
    const double x = from_bits(bits);
    return negative ? -x : x;
}

}  // namespace accelguide::wasm
