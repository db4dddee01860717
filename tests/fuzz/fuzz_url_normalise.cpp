// Fuzz target: the alias normaliser (site/markup/url_path.hpp), any bytes as one alias. What it
// returns is one spelling of a site-relative folder URL: no leading slash, one trailing slash (or
// "" for the root), no empty, "." or ".." segment, no query, fragment, backslash or control byte;
// and normalising it again changes nothing.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "url_path.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view alias(reinterpret_cast<const char*>(data), size);
    const auto url = site::normalise_alias(alias);
    if (!url) return 0;
    const std::string& u = *url;
    fuzz::require(u.empty() || (u.front() != '/' && u.back() == '/'), "no leading slash, one trailing slash");
    fuzz::require(u.find("//") == std::string::npos, "no empty segment");
    fuzz::require(("/" + u).find("/./") == std::string::npos && ("/" + u).find("/../") == std::string::npos,
                  "no dot segment");
    for (unsigned char c : u)
        fuzz::require(c >= 0x20 && c != 0x7f && c != '\\' && c != '?' && c != '#', "no control byte, backslash, query or fragment");
    fuzz::require(site::normalise_alias(u) == url, "normalising twice changes nothing");
    return 0;
}
