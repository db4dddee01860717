// Decimal text to the nearest double, correctly rounded (ties to even), for the wasm module's strtod.
//
// Why: musl's strtod carries its own scanner and long-double (128-bit, software) arithmetic, about
// 5 KB of the module gzipped, to read the numbers nlohmann/json has already checked. This reads
// [whitespace][+|-]digits[.digits][(e|E)[+|-]digits] and nothing else (no hex, inf or nan: those
// are no conversion, *end = text). Exact answers by comparison with big integers, so the module
// reads every request exactly as the native CLI does (tests/unit/decimal_to_double_test.cpp
// checks it bit for bit against the C library's strtod).
#pragma once

namespace accelguide::wasm {

// The double nearest to the decimal number at the start of text; *end (when end is not null) is
// where it stopped reading, text itself when there was no number. Out of range: ±infinity or ±0,
// with *range_error set (when not null).
double decimal_to_double(const char* text, const char** end, bool* range_error);

}  // namespace accelguide::wasm
