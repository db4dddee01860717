// The dev server's event loop: one thread, non-blocking sockets and poll(), so a slow or idle
// client holds one connection and never blocks another. Limits and timeouts are in http.hpp.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "http.hpp"

namespace site::http {

struct Response {
    int status = 200;
    std::vector<std::pair<std::string, std::string>> headers;  // besides Content-Length and Connection
    std::string body;
};

/// The bytes of a response: status line, headers, Content-Length, Connection, then the body (none
/// for HEAD, whose Content-Length still gives the body's size).
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
