#include "http_server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>  // O_NONBLOCK, O_CLOEXEC
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <list>
#include <stdexcept>
#include <string_view>

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
    std::string in;
    std::string out;  // the response head, then an in-memory body or one chunk of the file
    std::size_t sent = 0;
    std::shared_ptr<const std::string> shared;  // a shared body, sent after `out`
    std::size_t shared_sent = 0;
    std::shared_ptr<const OpenFile> file;  // a streamed body: bytes [file_next, file_end) are still to read
    std::uint64_t file_next = 0, file_end = 0;
    bool writing = false;
    bool close_after = false;
    Clock::time_point deadline;
    bool request_started = false;  // bytes of a request have arrived and it is not whole yet
};

// The bytes a connection sends next: the rest of `out`, then of the shared body, then the file's
// next chunk (read into `out` once the previous one has gone). Empty when the response is whole;
// nothing when the file cannot be read to the length already announced.
std::optional<std::string_view> next_bytes(Connection& c) {
    if (c.sent < c.out.size()) return std::string_view(c.out).substr(c.sent);
    if (c.shared && c.shared_sent < c.shared->size()) return std::string_view(*c.shared).substr(c.shared_sent);
    if (c.file && c.file_next < c.file_end) {
        const std::size_t count = std::size_t(std::min<std::uint64_t>(kChunkBytes, c.file_end - c.file_next));
        auto chunk = c.file->read(c.file_next, count);
        if (!chunk || chunk->empty()) return std::nullopt;
        c.file_next += chunk->size();
        c.out = std::move(*chunk);
        c.sent = 0;
        return std::string_view(c.out);
    }
    return std::string_view();
}

// Records `n` bytes sent from what next_bytes() returned.
void advance(Connection& c, std::size_t n) {
    if (c.sent < c.out.size()) c.sent += n;
    else c.shared_sent += n;
}

bool done(const Connection& c) {
    return c.sent >= c.out.size() && (!c.shared || c.shared_sent >= c.shared->size()) &&
           (!c.file || c.file_next >= c.file_end);
}

}  // namespace

std::shared_ptr<const OpenFile> OpenFile::open(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return nullptr;
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return nullptr;
    }
    std::string identity = std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino) + ":" +
                           std::to_string(st.st_size) + ":" + std::to_string(st.st_ctim.tv_sec) + "." +
                           std::to_string(st.st_ctim.tv_nsec);
    return std::shared_ptr<const OpenFile>(new OpenFile(fd, std::uint64_t(st.st_size), std::move(identity)));
}

OpenFile::~OpenFile() { ::close(fd_); }

std::optional<std::string> OpenFile::read(std::uint64_t offset, std::size_t count) const {
    std::string bytes(count, '\0');
    std::size_t got = 0;
    while (got < count) {
        const ssize_t n = ::pread(fd_, bytes.data() + got, count - got, off_t(offset + got));
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return std::nullopt;
        if (n == 0) break;
        got += std::size_t(n);
    }
    bytes.resize(got);
    return bytes;
}

std::string serialize_head(const Response& r, bool keep_alive) {
    std::string out = "HTTP/1.1 " + std::to_string(r.status) + " " + reason_of(r.status) + "\r\n";
    for (const auto& [name, value] : r.headers) out += name + ": " + value + "\r\n";
    out += "Content-Length: " + std::to_string(r.body_length()) + "\r\n";
    out += keep_alive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
    return out;
}

std::string serialize(const Response& r, bool head, bool keep_alive) {
    std::string out = serialize_head(r, keep_alive);
    if (!head && !r.file && !r.shared) out += r.body;
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
        c.shared = head ? nullptr : r.shared;
        c.shared_sent = 0;
        c.file = head ? nullptr : r.file;
        c.file_next = r.offset;
        c.file_end = r.offset + (r.file ? r.length : 0);
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
            if (r.body.size() > kMaxMemoryBody) throw std::length_error("a response held in memory is over its limit");
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
                const auto next = next_bytes(c);
                if (!next) {  // the file could not be read (or shrank): the response cannot be finished
                    c.close_after = true;
                    c.writing = false;
                    c.deadline = now;
                    continue;
                }
                const ssize_t n = next->empty() ? 0 : ::send(c.fd, next->data(), next->size(), MSG_NOSIGNAL);
                if (n < 0 && errno != EAGAIN && errno != EINTR) {
                    c.close_after = true;
                    c.writing = false;
                    c.deadline = now;
                    continue;
                }
                if (n > 0) {
                    advance(c, std::size_t(n));
                    c.deadline = now + std::chrono::milliseconds(kWriteTimeoutMs);  // the client is reading
                }
                if (next->size() == std::size_t(std::max<ssize_t>(n, 0)) && done(c)) {
                    c.writing = false;
                    c.out.clear();
                    c.out.shrink_to_fit();
                    c.shared.reset();
                    c.file.reset();
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
                Connection c{};
                c.fd = fd;
                c.deadline = Clock::now() + std::chrono::milliseconds(kIdleTimeoutMs);
                conns.push_back(std::move(c));
            }
        }
    }
    for (Connection& c : conns) ::close(c.fd);
}

}  // namespace site::http
