// Fuzz target: the dev server's request handling (site/serve/http.hpp), any bytes as what a client
// sends. The parser consumes no more than it was given, answers only statuses it documents, and
// never accepts more than its limits; a decoded path is absolute, has no dot segment, NUL, control
// byte or backslash, and decodes to itself; a byte range lies inside the body.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "http.hpp"

using namespace site::http;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const Parsed p = parse_request(bytes);
    if (p.state == Parsed::State::error) {
        static const std::set<int> statuses{400, 413, 414, 431, 501, 505};
        fuzz::require(statuses.count(p.status) == 1, "an error is answered with a documented status");
        fuzz::require(!p.reason.empty(), "an error says why");
    }
    if (p.state == Parsed::State::done) {
        fuzz::require(p.consumed <= size && p.consumed <= kMaxHeaderBytes + kMaxBody, "a request stays within its limits");
        fuzz::require(p.request.headers.size() <= kMaxHeaders, "at most kMaxHeaders headers");
        if (auto path = decode_path(p.request.target)) {
            const std::string& s = *path;
            fuzz::require(!s.empty() && s.front() == '/', "a path is absolute");
            fuzz::require((s + "/").find("/../") == std::string::npos && (s + "/").find("/./") == std::string::npos,
                          "no dot segment");
            for (unsigned char c : s) fuzz::require(c >= 0x20 && c != 0x7f && c != '\\', "no control byte or backslash");
            // Percent signs decoded once may spell new escapes, and a decoded "?" or "#" is part of
            // a file name, not a query: only a path without them reads the same twice.
            if (s.find_first_of("%?#") == std::string::npos) fuzz::require(decode_path(s) == path, "a decoded path decodes to itself");
        }
        if (auto range = p.request.headers.find("range"); range != p.request.headers.end()) {
            for (std::uint64_t body : {std::uint64_t(0), std::uint64_t(1), std::uint64_t(3000)}) {
                const Range r = parse_range(range->second, body);
                if (r.kind == Range::Kind::part)
                    fuzz::require(r.first <= r.last && r.last < body, "a range lies inside the body");
            }
        }
    }
    return 0;
}
