// strtod for the wasm module: decimal_to_double (decimal_to_double.hpp says why). Linked ahead of
// libc, this definition replaces musl's, and with it musl's scanner and software long double.
// What calls strtod in the module: nlohmann/json's lexer, with a number it has already checked.
#include <cerrno>

#include "decimal_to_double.hpp"

extern "C" double strtod(const char* text, char** end) {
    bool range_error = false;
    const char* stop = text;
    const double value = accelguide::wasm::decimal_to_double(text, &stop, &range_error);
    if (end) *end = const_cast<char*>(stop);
    if (range_error) errno = ERANGE;
    return value;
}

// libc++'s std::stof and std::stold (in the same object as std::stod, which the module links) name
// these two; nothing in the module calls them. Defined here so that musl's strtod.o, which defines
// all three, stays out; reading a float through a double would round twice, so they trap instead.
extern "C" float strtof(const char*, char**) { __builtin_trap(); }
extern "C" long double strtold(const char*, char**) { __builtin_trap(); }
