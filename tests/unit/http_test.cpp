// The dev server's HTTP as pure functions (site/serve/http.hpp): the request limits of issue 18
// rows 6, 8 and 16, tested on bytes without a socket.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "http.hpp"
#include "http_server.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using namespace site::http;

namespace {

std::string get(const std::string& target, const std::string& extra = "") {
    return "GET " + target + " HTTP/1.1\r\nHost: x\r\n" + extra + "\r\n";
}

}  // namespace

TEST_CASE("a whole request is parsed with its headers — a partial one waits for more bytes") {
    const std::string bytes = get("/guide/?q=1", "Accept-Encoding: gzip\r\nX-A: 1\r\nx-a: 2\r\n") + "GET / HTTP/1.1\r\n";
    const Parsed p = parse_request(bytes);
    REQUIRE(p.state == Parsed::State::done);
    CHECK(p.request.method == "GET");
    CHECK(p.request.target == "/guide/?q=1");
    CHECK(p.request.headers.at("accept-encoding") == "gzip");
    CHECK(p.request.headers.at("x-a") == "1, 2");  // a repeated header's values are joined
    CHECK(p.request.keep_alive);
    CHECK(p.consumed == bytes.find("GET / "));     // the pipelined request that follows is left
    CHECK(parse_request("GET / HTTP/1.1\r\nHost: x\r\n").state == Parsed::State::incomplete);
    CHECK(parse_request("GET / HTTP/1.0\r\n\r\n").request.keep_alive == false);
    CHECK(parse_request(get("/", "Connection: close\r\n")).request.keep_alive == false);
}

TEST_CASE("a request past a limit is answered with its status, before the rest is read") {
    CHECK(parse_request("GET /" + std::string(kMaxRequestLine, 'a')).status == 414);  // no line end needed
    std::string many = "GET / HTTP/1.1\r\nHost: x\r\n";
    for (std::size_t i = 0; i < kMaxHeaders + 1; ++i) many += "X-" + std::to_string(i) + ": 1\r\n";
    CHECK(parse_request(many + "\r\n").status == 431);
    std::string big = "GET / HTTP/1.1\r\nHost: x\r\n";
    while (big.size() <= kMaxHeaderBytes) big += "X-Long: " + std::string(1000, 'b') + "\r\n";
    CHECK(parse_request(big).status == 431);  // without the end of the headers: 1 M headers never pile up
    CHECK(parse_request(get("/", "Content-Length: 209715200\r\n")).status == 413);  // 200 MB: refused unread
    CHECK(parse_request(get("/", "Transfer-Encoding: chunked\r\n")).status == 501);
    CHECK(parse_request(get("/", "Content-Length: 1\r\nContent-Length: 2\r\n")).status == 400);
    CHECK(parse_request(get("/", "Content-Length: -1\r\n")).status == 400);
    CHECK(parse_request("GET / HTTP/1.1\r\n\r\n").status == 400);        // HTTP/1.1 needs Host
    CHECK(parse_request("GET / HTTP/2.0\r\nHost: x\r\n\r\n").status == 505);
    const std::string nul("GET /a\0b HTTP/1.1\r\nHost: x\r\n\r\n", 31);
    CHECK(parse_request(nul).status == 400);
    CHECK(parse_request(nul.substr(0, 8)).status == 400);  // a NUL is wrong however many bytes follow
}

TEST_CASE("a request body within the limit is waited for and skipped") {
    const std::string head = get("/", "Content-Length: 5\r\n");
    CHECK(parse_request(head + "abc").state == Parsed::State::incomplete);
    const Parsed p = parse_request(head + "abcdeGET");
    REQUIRE(p.state == Parsed::State::done);
    CHECK(p.consumed == head.size() + 5);
}

TEST_CASE("paths are decoded once and never carry a NUL, a control byte, a backslash or a climb") {
    CHECK(decode_path("/guide/") == "/guide/");
    CHECK(decode_path("/guide?x=/../..") == "/guide");
    CHECK(decode_path("/%E3%82%AC%E3%82%A4%E3%83%89/") == "/ガイド/");
    CHECK(decode_path("//en//guide/./") == "/en/guide/");
    CHECK(decode_path("/en/x/../guide") == "/en/guide");
    CHECK(decode_path("/en/guide/..") == "/en/");
    CHECK(decode_path("/%2e%2e/") == std::nullopt);  // above the root, however it is spelt
    CHECK(decode_path("/../etc/passwd") == std::nullopt);
    CHECK(decode_path("/search-index.json%00.html") == std::nullopt);  // row 6
    CHECK(decode_path("/a%0ab") == std::nullopt);
    CHECK(decode_path("/a%5c..%5c..%5cx") == std::nullopt);
    CHECK(decode_path("/a%zz") == std::nullopt);
    CHECK(decode_path("/a%2") == std::nullopt);
    CHECK(decode_path("http://example.org/") == std::nullopt);  // origin form only
    CHECK(decode_path("*") == std::nullopt);
}

TEST_CASE("a folder without its slash redirects — symlinks out of the site are not found") {
    const fs::path root = fs::temp_directory_path() / "accelguide-http-test";
    fs::remove_all(root);
    fs::create_directories(root / "site" / "guide");
    std::ofstream(root / "site" / "guide" / "index.html") << "<p>guide</p>";
    std::ofstream(root / "site" / "data.json") << "{}";
    std::ofstream(root / "secret.txt") << "secret";
    fs::create_directories(root / "site" / "empty");
    fs::create_symlink(root / "secret.txt", root / "site" / "leak.txt");
    fs::create_symlink(root / "site" / "data.json", root / "site" / "alias.json");
    const fs::path site = root / "site";

    const Resolution folder = resolve(site, "/guide");
    CHECK(folder.kind == Resolution::Kind::redirect);  // row 16
    CHECK(folder.location == "/guide/");
    CHECK(resolve(site, "/guide/").kind == Resolution::Kind::file);
    CHECK(resolve(site, "/guide/").file.filename() == "index.html");
    CHECK(resolve(site, "/data.json").kind == Resolution::Kind::file);
    CHECK(resolve(site, "/data.json/").kind == Resolution::Kind::not_found);
    CHECK(resolve(site, "/empty/").kind == Resolution::Kind::not_found);  // a folder without a page
    CHECK(resolve(site, "/leak.txt").kind == Resolution::Kind::not_found);   // row 23: not followed out
    CHECK(resolve(site, "/alias.json").kind == Resolution::Kind::file);     // inside: followed
    CHECK(resolve(site, "/missing").kind == Resolution::Kind::not_found);
    fs::remove_all(root);
}

TEST_CASE("a file's type comes from its name, and only .html is HTML") {
    CHECK(content_type("a/index.html") == "text/html; charset=utf-8");
    CHECK(content_type("search-index.json") == "application/json");
    CHECK(content_type("planner.wasm") == "application/wasm");
    CHECK(content_type("x.HTM") == "application/octet-stream");
    CHECK(content_type("README") == "application/octet-stream");
}

TEST_CASE("one byte range is served — several, or one it cannot read, get the whole body once") {
    auto part = [](std::string_view h, std::uint64_t size) {
        const Range r = parse_range(h, size);
        return r.kind == Range::Kind::part ? std::to_string(r.first) + "-" + std::to_string(r.last) : "";
    };
    CHECK(part("bytes=0-99", 1000) == "0-99");
    CHECK(part("bytes=900-", 1000) == "900-999");
    CHECK(part("bytes=-100", 1000) == "900-999");
    CHECK(part("bytes=990-5000", 1000) == "990-999");
    CHECK(part("bytes=-5000", 1000) == "0-999");
    // Row 8: "0-,0-,..." once turned 3 KB into 426 MB.
    std::string many = "bytes=0-";
    for (int i = 0; i < 1000; ++i) many += ",0-";
    CHECK(parse_range(many, 3000).kind == Range::Kind::whole);
    CHECK(parse_range("bytes=5-1", 1000).kind == Range::Kind::whole);
    CHECK(parse_range("items=0-1", 1000).kind == Range::Kind::whole);
    CHECK(parse_range("bytes=x-1", 1000).kind == Range::Kind::whole);
    CHECK(parse_range("bytes=1000-", 1000).kind == Range::Kind::unsatisfiable);
    CHECK(parse_range("bytes=-0", 1000).kind == Range::Kind::unsatisfiable);
}

TEST_CASE("a response says its length — HEAD gets the headers only") {
    const Response r{200, {{"Content-Type", "text/plain"}}, "hello"};
    CHECK(serialize(r, false, true) == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\nhello");
    CHECK(serialize(r, true, false) == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nConnection: close\r\n\r\n");
    CHECK(error_response(431, "too big").status == 431);
}

TEST_CASE("a streamed file's head announces its range, and the body is read from the open file, not held") {
    test::TempDir dir;
    const fs::path file = dir.path / "asset.bin";
    std::ofstream(file, std::ios::binary) << std::string(200000, 'a') << "tail";
    auto open = OpenFile::open(file.string());
    REQUIRE(open);
    CHECK(open->size() == 200004);
    Response r{206, {{"Content-Type", "application/octet-stream"}}};
    r.file = open;
    r.offset = 199999;
    r.length = 5;
    // Only the head: the body stays in the file until a client takes it, kChunkBytes at a time.
    CHECK(serialize(r, false, true) ==
          "HTTP/1.1 206 Partial Content\r\nContent-Type: application/octet-stream\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\n");
    CHECK(open->read(199999, 5) == std::optional<std::string>("atail"));
    CHECK(open->read(200000, 100) == std::optional<std::string>("tail"));  // fewer only at the end
    // Removing the file after it was opened does not cut the response short (a rebuild swapping the site).
    fs::remove(file);
    CHECK(open->read(0, 3) == std::optional<std::string>("aaa"));
    CHECK_FALSE(OpenFile::open((dir.path / "missing").string()));
    CHECK_FALSE(OpenFile::open(dir.path.string()));  // a folder is not a file to stream
    // The bound on what all connections hold together does not depend on any file's size.
    static_assert(kMaxHeldBytes <= 256u << 20);
}
