// The dev server's HTTP/1.1, as pure functions over bytes and paths, so that hostile requests can
// be tested and fuzzed without a socket (tests/unit/http_test.cpp, tests/fuzz/fuzz_http_request.cpp):
//
//     parse_request(bytes)         → a request, "need more bytes", or an error with its status
//     decode_path(target)          → the URL path, percent-decoded and normalised, or nothing
//     resolve(root, path)          → a file under root, a redirect (/guide → /guide/), or not found
//     parse_range(header, size)    → one byte range, the whole file, or unsatisfiable
//
// Every limit is a named constant below; serve.cpp's event loop (http_server.hpp) applies the
// connection and time limits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace site::http {

namespace fs = std::filesystem;

// Limits (README, "Limits"). Each is answered with the status beside it, and the connection closed.
inline constexpr std::size_t kMaxRequestLine = 8 * 1024;    // 414 URI Too Long
inline constexpr std::size_t kMaxHeaderBytes = 32 * 1024;   // 431 (request line and headers together)
inline constexpr std::size_t kMaxHeaders = 64;              // 431
inline constexpr std::size_t kMaxBody = 64 * 1024;          // 413: a static server reads no body; a small one is skipped
inline constexpr std::size_t kMaxConnections = 512;         // 503 beyond it
inline constexpr int kHeaderTimeoutMs = 10000;              // 408: a request must arrive whole within it
inline constexpr int kIdleTimeoutMs = 5000;                 // a kept-alive connection with no request is closed
inline constexpr int kWriteTimeoutMs = 30000;               // a client that stops reading is dropped

struct Request {
    std::string method;    // "GET", "HEAD", ...
    std::string target;    // as sent: "/guide/?q=1"
    std::map<std::string, std::string> headers;  // names in lower case; a repeated header's values joined by ", "
    bool keep_alive = true;
};

struct Parsed {
    enum class State { incomplete, done, error } state = State::incomplete;
    Request request;
    std::size_t consumed = 0;  // done: bytes of the request, body included
    int status = 0;            // error: the status to answer
    std::string reason;        // error: why, for the response body
};

/// Parses one request from the start of `bytes`. Incomplete until the headers (and a body of at
/// most kMaxBody) have arrived; an error as soon as a limit is passed or a byte is wrong.
Parsed parse_request(std::string_view bytes);

/// The path of a request target, percent-decoded, with "." and ".." segments applied and "//"
/// collapsed; it starts with "/" and keeps a trailing slash. Nothing for a target that is not an
/// origin-form path, encodes a NUL, a control byte or a backslash, or climbs above the root.
std::optional<std::string> decode_path(std::string_view target);

struct Resolution {
    enum class Kind { file, redirect, not_found } kind = Kind::not_found;
    fs::path file;          // file: inside root, symlinks resolved
    std::string location;   // redirect: the path with its trailing slash
};

/// What `path` (from decode_path) names under `root`: a file, a folder's index.html, a redirect to
/// the folder's URL when the slash is missing (as static hosts do), or nothing. A path whose file,
/// once symlinks are resolved, lies outside `root` is not found.
Resolution resolve(const fs::path& root, const std::string& path);

/// The Content-Type for a file name; never text/html for anything but .html.
std::string content_type(const fs::path& file);

struct Range {
    enum class Kind { whole, part, unsatisfiable } kind = Kind::whole;
    std::uint64_t first = 0, last = 0;  // part: inclusive
};

/// A `Range` header against a body of `size` bytes. One byte range is served; a header with
/// several ranges (or one it cannot read) gets the whole body, as RFC 9110 allows, so a request
/// never multiplies the response.
Range parse_range(std::string_view header, std::uint64_t size);

}  // namespace site::http
