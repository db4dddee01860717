// The dev server's event loop: one thread, non-blocking sockets and poll(), so a slow or idle
// client holds one connection and never blocks another. Limits and timeouts are in http.hpp.
//
// Memory is bounded whatever the files and the clients: a file is never read whole to answer a
// request. Its body is streamed from the descriptor opened when the request was answered (so a
// rebuild that swaps the site mid-response cannot mix two versions), kChunkBytes at a time, and
// only when the client has taken the previous chunk. A connection holds at most its request
// buffer, one response head and one chunk; kMaxConnections of them hold at most kMaxHeldBytes.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "http.hpp"

namespace site::http {

inline constexpr std::size_t kChunkBytes = 64 * 1024;         // a file is read and sent this much at a time
inline constexpr std::size_t kMaxMemoryBody = 256 * 1024;     // a body held in memory (error pages, the server's own paths)
/// What all connections together may hold: each its request (headers and a skipped body, plus one
/// read), a response head (its headers are the server's own, well under kMaxHeaderBytes) and one
/// chunk or in-memory body. Shared bodies (the compressed wasm module) are held once, not per
/// connection, and are bounded by kMaxSharedBody.
inline constexpr std::size_t kMaxHeldBytes =
    kMaxConnections * (kMaxHeaderBytes + kMaxBody + 16 * 1024 + kMaxHeaderBytes + std::max(kChunkBytes, kMaxMemoryBody));
inline constexpr std::uint64_t kMaxSharedBody = 32u << 20;   // the largest file compressed and kept in memory

/// A file opened for reading; closed when the last response that streams it is done.
class OpenFile {
public:
    /// The regular file at `path`, or nothing (missing, not regular, or not readable).
    static std::shared_ptr<const OpenFile> open(const std::string& path);
    ~OpenFile();
    OpenFile(const OpenFile&) = delete;
    OpenFile& operator=(const OpenFile&) = delete;

    std::uint64_t size() const { return size_; }
    /// An identity of the file's contents as opened (device, inode, size, change time), to key caches.
    const std::string& identity() const { return identity_; }
    /// Up to `count` bytes from `offset` (fewer only at the end of the file); nothing on a read error.
    std::optional<std::string> read(std::uint64_t offset, std::size_t count) const;

private:
    OpenFile(int fd, std::uint64_t size, std::string identity) : fd_(fd), size_(size), identity_(std::move(identity)) {}
    int fd_;
    std::uint64_t size_;
    std::string identity_;
};

struct Response {
    Response() = default;
    Response(int status_code, std::vector<std::pair<std::string, std::string>> head, std::string text = {})
        : status(status_code), headers(std::move(head)), body(std::move(text)) {}

    int status = 200;
    std::vector<std::pair<std::string, std::string>> headers;  // besides Content-Length and Connection
    /// The body is one of: bytes held here (at most kMaxMemoryBody), bytes shared between responses,
    /// or `length` bytes of `file` from `offset`, streamed.
    std::string body;
    std::shared_ptr<const std::string> shared;
    std::shared_ptr<const OpenFile> file;
    std::uint64_t offset = 0, length = 0;

    std::uint64_t body_length() const { return file ? length : shared ? shared->size() : body.size(); }
};

/// The status line and headers of a response, with Content-Length (the body's length, for HEAD
/// too) and Connection.
std::string serialize_head(const Response& response, bool keep_alive);

/// The head and then an in-memory body (none for HEAD); a streamed or shared body is not included.
std::string serialize(const Response& response, bool head, bool keep_alive);

/// A plain-text response with a status, for errors; the connection closes after it.
Response error_response(int status, const std::string& reason);

class Server {
public:
    using Handler = std::function<Response(const Request&)>;
    Server() = default;
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    /// Binds and listens (backlog SOMAXCONN) on host:port, 0 for any free port. Returns the port,
    /// or -1 (errno says why).
    int bind(const std::string& host, int port);
    /// Serves until stop() is called from another thread.
    void run(const Handler& handler);
    void stop();

private:
    int listen_fd_ = -1;
    int wake_[2] = {-1, -1};
    std::atomic<bool> stopping_{false};
};

}  // namespace site::http
