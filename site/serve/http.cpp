#include "http.hpp"

#include "url_path.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

namespace site::http {

namespace {

Parsed fail(int status, std::string reason) {
    Parsed p;
    p.state = Parsed::State::error;
    p.status = status;
    p.reason = std::move(reason);
    return p;
}

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return out;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool is_token(std::string_view s) {
    if (s.empty()) return false;
    for (unsigned char c : s)
        if (c <= 0x20 || c >= 0x7f || std::string_view("()<>@,;:\\\"/[]?={}").find(char(c)) != std::string_view::npos)
            return false;
    return true;
}

int hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool within(const fs::path& inner, const fs::path& outer) {
    auto i = inner.begin();
    for (auto o = outer.begin(); o != outer.end(); ++o, ++i)
        if (i == inner.end() || *i != *o) return false;
    return true;
}

}  // namespace

Parsed parse_request(std::string_view bytes) {
    // The request line and headers end at the first empty line; nothing past the limit is read.
    const std::size_t end = bytes.find("\r\n\r\n");
    const std::size_t line_end = bytes.find("\r\n");
    if ((line_end == std::string_view::npos ? bytes.size() : line_end) > kMaxRequestLine)
        return fail(414, "the request line is longer than " + std::to_string(kMaxRequestLine) + " bytes");
    if (end == std::string_view::npos) {
        if (bytes.size() > kMaxHeaderBytes) return fail(431, "the headers are larger than " + std::to_string(kMaxHeaderBytes) + " bytes");
        // A NUL or a bare control byte is wrong however many bytes follow.
        for (unsigned char c : bytes)
            if (c == 0 || (c < 0x20 && c != '\r' && c != '\n' && c != '\t')) return fail(400, "the request holds a control byte");
        return {};
    }
    if (end + 4 > kMaxHeaderBytes) return fail(431, "the headers are larger than " + std::to_string(kMaxHeaderBytes) + " bytes");
    const std::string_view head = bytes.substr(0, end);
    for (unsigned char c : head)
        if (c == 0 || c == 0x7f || (c < 0x20 && c != '\r' && c != '\n' && c != '\t'))
            return fail(400, "the request holds a control byte");

    Parsed out;
    Request& r = out.request;
    const std::string_view line = head.substr(0, head.find("\r\n"));
    const std::size_t sp1 = line.find(' '), sp2 = line.rfind(' ');
    if (sp1 == std::string_view::npos || sp2 == sp1) return fail(400, "the request line is not METHOD TARGET HTTP/1.x");
    r.method = std::string(line.substr(0, sp1));
    r.target = std::string(line.substr(sp1 + 1, sp2 - sp1 - 1));
    const std::string_view version = line.substr(sp2 + 1);
    if (!is_token(r.method) || r.target.empty() || r.target.find(' ') != std::string::npos)
        return fail(400, "the request line is not METHOD TARGET HTTP/1.x");
    if (version != "HTTP/1.1" && version != "HTTP/1.0") return fail(505, "only HTTP/1.0 and HTTP/1.1 are spoken here");
    r.keep_alive = version == "HTTP/1.1";

    std::size_t count = 0;
    for (std::size_t at = line.size() + 2; at < head.size() + 2;) {
        std::size_t next = head.find("\r\n", at);
        if (next == std::string_view::npos) next = head.size();
        const std::string_view field = head.substr(at, next - at);
        at = next + 2;
        if (++count > kMaxHeaders) return fail(431, "more than " + std::to_string(kMaxHeaders) + " headers");
        const std::size_t colon = field.find(':');
        if (colon == std::string_view::npos || !is_token(field.substr(0, colon))) return fail(400, "a header is not NAME: value");
        const std::string name = lower(field.substr(0, colon));
        const std::string value(trim(field.substr(colon + 1)));
        auto [it, added] = r.headers.emplace(name, value);
        if (!added) {
            if (name == "content-length" || name == "host") return fail(400, "the " + name + " header is given twice");
            it->second += ", " + value;
        }
    }
    if (r.keep_alive && !r.headers.count("host")) return fail(400, "an HTTP/1.1 request needs a Host header");
    if (auto c = r.headers.find("connection"); c != r.headers.end()) {
        const std::string v = lower(c->second);
        if (v.find("close") != std::string::npos) r.keep_alive = false;
        else if (v.find("keep-alive") != std::string::npos) r.keep_alive = true;
    }
    if (r.headers.count("transfer-encoding")) return fail(501, "request bodies in chunks are not accepted");
    std::size_t body = 0;
    if (auto c = r.headers.find("content-length"); c != r.headers.end()) {
        const std::string& v = c->second;
        if (v.empty() || v.size() > 12 || v.find_first_not_of("0123456789") != std::string::npos)
            return fail(400, "Content-Length is not a number");
        const unsigned long long n = std::stoull(v);
        if (n > kMaxBody) return fail(413, "the request body is larger than " + std::to_string(kMaxBody) + " bytes");
        body = std::size_t(n);
    }
    if (bytes.size() < end + 4 + body) return {};  // the body is still on its way
    out.state = Parsed::State::done;
    out.consumed = end + 4 + body;
    return out;
}

std::optional<std::string> decode_path(std::string_view target) {
    if (target.empty() || target.front() != '/') return std::nullopt;  // origin form only
    target = target.substr(0, target.find_first_of("?#"));
    std::string decoded;
    for (std::size_t i = 0; i < target.size(); ++i) {
        char c = target[i];
        if (c == '%') {
            if (i + 2 >= target.size()) return std::nullopt;
            const int hi = hex(target[i + 1]), lo = hex(target[i + 2]);
            if (hi < 0 || lo < 0) return std::nullopt;
            c = char(hi * 16 + lo);
            i += 2;
        }
        const unsigned char u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f || c == '\\') return std::nullopt;  // %00 and friends never reach the file system
        decoded += c;
    }
    // A path whose last segment is "", "." or ".." names a folder and keeps its trailing slash.
    const std::string_view last = std::string_view(decoded).substr(decoded.rfind('/') + 1);
    const bool folder = last.empty() || last == "." || last == "..";
    const auto segments = path_segments(decoded);
    if (!segments) return std::nullopt;
    std::string path = "/";
    for (std::size_t k = 0; k < segments->size(); ++k) path += (*segments)[k] + (k + 1 < segments->size() || folder ? "/" : "");
    return path;
}

Resolution resolve(const fs::path& root, const std::string& path) {
    Resolution out;
    std::error_code ec;
    const fs::path base = fs::canonical(root, ec);
    if (ec) return out;
    const bool folder_url = path.back() == '/';
    fs::path candidate = base / fs::path(path.substr(1));
    const fs::path real = fs::canonical(candidate, ec);
    if (ec || !within(real, base)) return out;  // missing, or a symlink that leaves the site
    if (fs::is_directory(real, ec)) {
        const fs::path index = fs::canonical(real / "index.html", ec);
        if (ec || !within(index, base) || !fs::is_regular_file(index, ec)) return out;
        if (!folder_url) {
            out.kind = Resolution::Kind::redirect;
            out.location = path + "/";
            return out;
        }
        out.kind = Resolution::Kind::file;
        out.file = index;
        return out;
    }
    if (folder_url || !fs::is_regular_file(real, ec)) return out;
    out.kind = Resolution::Kind::file;
    out.file = real;
    return out;
}

std::string content_type(const fs::path& file) {
    static const std::map<std::string, std::string> types = {
        {".html", "text/html; charset=utf-8"}, {".css", "text/css; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"}, {".json", "application/json"}, {".wasm", "application/wasm"},
        {".svg", "image/svg+xml"}, {".xml", "application/xml"}, {".txt", "text/plain; charset=utf-8"},
        {".png", "image/png"}, {".jpg", "image/jpeg"}, {".jpeg", "image/jpeg"}, {".gif", "image/gif"},
        {".webp", "image/webp"}, {".ico", "image/x-icon"}, {".woff2", "font/woff2"}, {".pdf", "application/pdf"}};
    auto it = types.find(lower(file.extension().string()));
    return it == types.end() ? "application/octet-stream" : it->second;
}

Range parse_range(std::string_view header, std::uint64_t size) {
    Range whole;
    header = trim(header);
    if (header.substr(0, 6) != "bytes=") return whole;
    const std::string_view spec = trim(header.substr(6));
    if (spec.find(',') != std::string_view::npos) return whole;  // several ranges: the whole body, once
    const std::size_t dash = spec.find('-');
    if (dash == std::string_view::npos) return whole;
    auto number = [](std::string_view s) -> std::optional<std::uint64_t> {
        if (s.empty() || s.size() > 18 || s.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
        return std::stoull(std::string(s));
    };
    const std::string_view first_text = trim(spec.substr(0, dash)), last_text = trim(spec.substr(dash + 1));
    const auto first = number(first_text), last = number(last_text);
    if ((!first && !first_text.empty()) || (!last && !last_text.empty())) return whole;  // not a byte range we can read
    Range r;
    r.kind = Range::Kind::part;
    if (first) {
        if (*first >= size) return {Range::Kind::unsatisfiable, 0, 0};
        r.first = *first;
        r.last = last ? std::min(*last, size - 1) : size - 1;
        if (last && *last < *first) return whole;
    } else {
        if (!last || *last == 0) return size == 0 ? whole : Range{Range::Kind::unsatisfiable, 0, 0};
        if (size == 0) return {Range::Kind::unsatisfiable, 0, 0};
        r.first = size - std::min(*last, size);
        r.last = size - 1;
    }
    return r;
}

}  // namespace site::http
