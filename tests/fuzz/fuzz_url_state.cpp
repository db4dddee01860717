// Fuzz target: the calculator's state in the URL, from the query string to the planner.
//
// In the browser, wasm/js/form.js reads ?name=value pairs (URLSearchParams), puts each
// value, cut to 64 characters, into its input, and builds the request from the inputs: a value
// that reads as a finite number is sent as a number, anything else as the text typed, at the
// field path the input names ("model.parameters"). The request's JSON then goes to the wasm
// binding's plan(), which is site::plan(CatalogueLoad, text) (wasm/bindings.cpp).
//
// This target does the same to any bytes taken as a query string, with one widening: every key is
// taken as a field path, not only the form's fields, so it reaches every shape of request a link
// can produce and more. The response must keep the promises in response_check.hpp.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "planner/api.hpp"
#include "plan.hpp"
#include "response_check.hpp"

namespace {

using nlohmann::json;

int hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// application/x-www-form-urlencoded decoding, as URLSearchParams does it: '+' is a space, %XX a
// byte, a '%' not followed by two hex digits stays as it is.
std::string decode(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '+') out += ' ';
        else if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
            out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
            i += 2;
        } else out += s[i];
    }
    return out;
}

// The first `n` characters of UTF-8 text (the input's value.slice(0, 64)).
std::string first_characters(const std::string& s, std::size_t n) {
    std::size_t i = 0;
    for (std::size_t count = 0; i < s.size() && count < n; ++count) {
        ++i;
        while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
    }
    return s.substr(0, i);
}

// readValue(): trimmed; a finite number once separators (",", "_", spaces) are taken out, else text.
json read_value(const std::string& typed) {
    const auto a = typed.find_first_not_of(" \t\r\n"), b = typed.find_last_not_of(" \t\r\n");
    if (a == std::string::npos) return nullptr;
    const std::string trimmed = typed.substr(a, b - a + 1);
    std::string digits;
    for (char c : trimmed)
        if (c != ',' && c != '_' && c != ' ' && c != '\t' && c != '\r' && c != '\n') digits += c;
    char* end = nullptr;
    const double number = std::strtod(digits.c_str(), &end);
    if (!digits.empty() && end == digits.c_str() + digits.size() && std::isfinite(number)) return number;
    return trimmed;
}

// buildRequest(): request.a.b = value for field "a.b".
void set_field(json& request, const std::string& field, json value) {
    json* node = &request;
    std::size_t start = 0;
    for (std::size_t dot; (dot = field.find('.', start)) != std::string::npos; start = dot + 1) {
        json& next = (*node)[field.substr(start, dot - start)];
        if (!next.is_object()) next = json::object();
        node = &next;
    }
    (*node)[field.substr(start)] = std::move(value);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view query(reinterpret_cast<const char*>(data), size);
    if (!query.empty() && query.front() == '?') query.remove_prefix(1);
    json request = {{"api", 1}, {"kind", "train"}};  // the form's data-api and hidden kind input
    for (std::size_t start = 0; start <= query.size();) {
        std::size_t amp = query.find('&', start);
        if (amp == std::string_view::npos) amp = query.size();
        const std::string_view pair = query.substr(start, amp - start);
        start = amp + 1;
        if (pair.empty()) continue;
        const std::size_t eq = pair.find('=');
        const std::string name = decode(pair.substr(0, eq));
        const std::string value = eq == std::string_view::npos ? std::string() : decode(pair.substr(eq + 1));
        json v = read_value(first_characters(value, 64));
        if (!name.empty() && !v.is_null()) set_field(request, name, std::move(v));
    }
    // JSON.stringify never fails; bytes that are not UTF-8 reach JS as U+FFFD.
    const std::string text = request.dump(-1, ' ', false, json::error_handler_t::replace);
    fuzz::check_response(site::plan(fuzz::project_catalogue(), text));
    return 0;
}
