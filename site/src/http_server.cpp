#include "http_server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>  // O_NONBLOCK, O_CLOEXEC
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <list>

namespace site::http {

namespace {

using Clock = std::chrono::steady_clock;

const char* reason_of(int status) {
    switch (status) {
        case 200: return "OK";
        case 206: return "Partial Content";
        case 301: return "Moved Permanently";
        case 304: return "Not Modified";
        case 400: return "Bad Request";
        case 404: return "Not Found";
        case 405: return "Method Not Allowed";
        case 408: return "Request Timeout";
        case 413: return "Content Too Large";
        case 414: return "URI Too Long";
        case 416: return "Range Not Satisfiable";
        case 431: return "Request Header Fields Too Large";
        case 500: return "Internal Server Error";
        case 501: return "Not Implemented";
        case 503: return "Service Unavailable";
        case 505: return "HTTP Version Not Supported";
        default: return "Status";
    }
}

struct Connection {
    int fd;
    std::string in, out;
    std::size_t sent = 0;
    bool writing = false;
    bool close_after = false;
    Clock::time_point deadline;
    bool request_started = false;  // bytes of a request have arrived and it is not whole yet
};

}  // namespace

std::string serialize(const Response& r, bool head, bool keep_alive) {
    std::string out = "HTTP/1.1 " + std::to_string(r.status) + " " + reason_of(r.status) + "\r\n";
    for (const auto& [name, value] : r.headers) out += name + ": " + value + "\r\n";
    out += "Content-Length: " + std::to_string(r.body.size()) + "\r\n";
    out += keep_alive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
    if (!head) out += r.body;
    return out;
}

Response error_response(int status, const std::string& reason) {
    return {status, {{"Content-Type", "text/plain; charset=utf-8"}, {"X-Content-Type-Options", "nosniff"}}, reason + "\n"};
}

Server::~Server() {
    if (listen_fd_ >= 0) ::close(listen_fd_);
    for (int fd : wake_)
        if (fd >= 0) ::close(fd);
}

int Server::bind(const std::string& host, int port) {
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port));
    if (::inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host.c_str(), &addr.sin_addr) != 1) {
        errno = EINVAL;
        return -1;
    }
    listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (listen_fd_ < 0) return -1;
    const int yes = 1;
    ::setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(listen_fd_, SOMAXCONN) != 0)
        return -1;
    socklen_t len = sizeof addr;
    ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len);
    if (::pipe2(wake_, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    return ntohs(addr.sin_port);
}

void Server::stop() {
    stopping_ = true;
    if (wake_[1] >= 0) (void)!::write(wake_[1], "x", 1);
}

void Server::run(const Handler& handler) {
    std::list<Connection> conns;
    auto respond = [&](Connection& c, const Response& r, bool head, bool keep_alive) {
        c.out = serialize(r, head, keep_alive);
        c.sent = 0;
        c.writing = true;
        c.close_after = !keep_alive;
        c.request_started = false;
        c.deadline = Clock::now() + std::chrono::milliseconds(kWriteTimeoutMs);
    };
    // Answers every whole request in the buffer, one at a time (a pipelined one waits its turn).
    auto process = [&](Connection& c) {
        if (c.writing) return;
        const Parsed p = parse_request(c.in);
        if (p.state == Parsed::State::incomplete) {
            if (!c.in.empty() && !c.request_started) {
                c.request_started = true;
                c.deadline = Clock::now() + std::chrono::milliseconds(kHeaderTimeoutMs);
            }
            return;
        }
        if (p.state == Parsed::State::error) {
            respond(c, error_response(p.status, p.reason), false, false);
            c.in.clear();
            return;
        }
        const Request& req = p.request;
        c.in.erase(0, p.consumed);
        const bool head = req.method == "HEAD";
        if (req.method != "GET" && !head) {
            Response r = error_response(405, "only GET and HEAD are served here");
            r.headers.emplace_back("Allow", "GET, HEAD");
            respond(c, r, false, req.keep_alive);
            return;
        }
        Response r;
        try {
            r = handler(req);
        } catch (const std::exception& e) {
            r = error_response(500, std::string("internal error: ") + e.what());
        }
        respond(c, r, head, req.keep_alive);
    };

    std::vector<pollfd> fds;
    std::vector<Connection*> order;
    // Out of file descriptors (EMFILE): the pending connection stays queued and the listening
    // socket stays readable, so accepting is paused for a moment instead of spinning on it.
    Clock::time_point accept_after = Clock::now();
    while (!stopping_) {
        fds.clear();
        order.clear();
        fds.push_back({listen_fd_, short(Clock::now() >= accept_after ? POLLIN : 0), 0});
        fds.push_back({wake_[0], POLLIN, 0});
        Clock::time_point next = Clock::now() + std::chrono::hours(1);
        if (accept_after > Clock::now()) next = accept_after;  // wake to accept again
        for (Connection& c : conns) {
            fds.push_back({c.fd, short(c.writing ? POLLOUT : POLLIN), 0});
            order.push_back(&c);
            next = std::min(next, c.deadline);
        }
        const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next - Clock::now()).count();
        const int ready = ::poll(fds.data(), fds.size(), int(std::max<long long>(0, std::min<long long>(wait, 60000))) + 1);
        if (ready < 0 && errno != EINTR) break;
        if (stopping_) break;
        const Clock::time_point now = Clock::now();

        for (std::size_t i = 0; i < order.size(); ++i) {
            Connection& c = *order[i];
            const short events = fds[i + 2].revents;
            if (events & (POLLERR | POLLNVAL)) {
                c.close_after = true;
                c.writing = false;
                c.deadline = now;
                continue;
            }
            if (!c.writing && (events & (POLLIN | POLLHUP))) {
                char buf[16384];
                const ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
                if (n <= 0 && !(n < 0 && (errno == EAGAIN || errno == EINTR))) {
                    c.close_after = true;  // the client went away
                    c.deadline = now;
                    continue;
                }
                if (n > 0) c.in.append(buf, std::size_t(n));
                process(c);
            } else if (c.writing && (events & POLLOUT)) {
                const ssize_t n = ::send(c.fd, c.out.data() + c.sent, c.out.size() - c.sent, MSG_NOSIGNAL);
                if (n < 0 && errno != EAGAIN && errno != EINTR) {
                    c.close_after = true;
                    c.writing = false;
                    c.deadline = now;
                    continue;
                }
                if (n > 0) c.sent += std::size_t(n);
                if (c.sent == c.out.size()) {
                    c.writing = false;
                    c.out.clear();
                    if (c.close_after) {
                        c.deadline = now;
                        continue;
                    }
                    c.deadline = now + std::chrono::milliseconds(kIdleTimeoutMs);
                    if (!c.in.empty()) process(c);  // a pipelined request
                }
            }
        }
        // Deadlines: a request that never arrives whole gets 408; an idle or stuck connection closes.
        for (auto it = conns.begin(); it != conns.end();) {
            Connection& c = *it;
            const bool due = c.deadline <= Clock::now();
            if (due && !c.writing && c.request_started && !c.close_after) {
                respond(c, error_response(408, "the request did not arrive in time"), false, false);
                ++it;
                continue;
            }
            if (due) {  // closing, idle past kIdleTimeoutMs, or a client that stopped reading
                ::close(c.fd);
                it = conns.erase(it);
                continue;
            }
            ++it;
        }
        if (fds[0].revents & POLLIN) {
            for (;;) {
                const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
                if (fd < 0) {
                    if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
                        accept_after = Clock::now() + std::chrono::milliseconds(100);
                    break;
                }
                if (conns.size() >= kMaxConnections) {
                    const std::string busy = serialize(error_response(503, "too many connections; try again"), false, false);
                    (void)!::send(fd, busy.data(), busy.size(), MSG_NOSIGNAL);
                    ::close(fd);
                    continue;
                }
                const int yes = 1;
                ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
                conns.push_back({fd, {}, {}, 0, false, false, Clock::now() + std::chrono::milliseconds(kIdleTimeoutMs), false});
            }
        }
    }
    for (Connection& c : conns) ::close(c.fd);
}

}  // namespace site::http
