// The page arena: the allocator cmark-gfm renders every page with (page_arena.hpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>

#include "markdown.hpp"
#include "page_arena.hpp"

namespace pa = site::page_arena;

namespace {
bool aligned(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % alignof(std::max_align_t) == 0; }
}  // namespace

TEST_CASE("page arena: calloc gives zeroed, aligned memory, also after a scope gave it back dirty") {
    for (int round = 0; round < 2; ++round) {
        const pa::Scope scope;
        auto* a = static_cast<unsigned char*>(pa::calloc(3, 7));
        auto* b = static_cast<unsigned char*>(pa::calloc(1, 100));
        CHECK(aligned(a));
        CHECK(aligned(b));
        CHECK(b >= a + 21);
        for (int i = 0; i < 21; ++i) CHECK(a[i] == 0);
        for (int i = 0; i < 100; ++i) CHECK(b[i] == 0);
        std::memset(a, 0xAB, 21);
        std::memset(b, 0xCD, 100);
    }
}

TEST_CASE("page arena: realloc keeps the contents, in place for the latest allocation, copied otherwise") {
    const pa::Scope scope;
    char* first = static_cast<char*>(pa::realloc(nullptr, 6));
    std::memcpy(first, "hello", 6);
    char* grown = static_cast<char*>(pa::realloc(first, 4000));
    CHECK(grown == first);  // nothing after it yet: grows where it is
    CHECK(std::string(grown) == "hello");
    char* other = static_cast<char*>(pa::calloc(1, 16));
    char* moved = static_cast<char*>(pa::realloc(grown, 8000));
    CHECK(moved != grown);  // `other` is in the way: copied
    CHECK(std::string(moved) == "hello");
    CHECK(other[0] == 0);
    char* shrunk = static_cast<char*>(pa::realloc(moved, 3));
    CHECK(std::memcmp(shrunk, "hel", 3) == 0);
}

TEST_CASE("page arena: a request larger than a block gets a block of its own, returned when the scope ends") {
    const std::size_t before = pa::reserved();
    {
        const pa::Scope scope;
        const std::size_t big = std::size_t(3) << 20;
        auto* p = static_cast<unsigned char*>(pa::calloc(1, big));
        p[0] = 1;
        p[big - 1] = 2;
        CHECK(pa::reserved() >= before + big);
    }
    CHECK(pa::reserved() <= std::max<std::size_t>(before, std::size_t(4) << 20));
}

TEST_CASE("page arena: a nested scope gives back only its own allocations") {
    const pa::Scope outer;
    char* kept = static_cast<char*>(pa::calloc(1, 32));
    std::memcpy(kept, "outer", 6);
    {
        const pa::Scope inner;
        for (int i = 0; i < 1000; ++i) std::memset(pa::calloc(1, 2000), 0xEE, 2000);  // spans blocks
    }
    CHECK(std::string(kept) == "outer");
    char* next = static_cast<char*>(pa::calloc(1, 32));
    CHECK(next == kept + 32 + alignof(std::max_align_t));  // the inner scope's space is reused
}

TEST_CASE("page arena: a thread keeps a bounded amount between pages, however many it renders") {
    std::size_t after_first = 0, after_many = 0;
    std::thread worker([&] {
        const std::string page = "# Title\n\nA paragraph with **bold**, `code` and a [link](https://example.org).\n\n"
                                 "| a | b |\n| --- | --- |\n| 1 | ~~2~~ |\n";
        std::string huge;
        for (int i = 0; i < 20000; ++i) huge += "- item " + std::to_string(i) + " with *emphasis*\n";
        CHECK(site::render_markdown(page).html.find("<del>2</del>") != std::string::npos);
        after_first = pa::reserved();
        for (int i = 0; i < 200; ++i) site::render_markdown(i % 50 == 0 ? huge : page);
        after_many = pa::reserved();
        // The huge page rendered whole, from blocks made for it.
        const std::string html = site::render_markdown(huge).html;
        CHECK(html.find("<li>item 19999 with <em>emphasis</em></li>") != std::string::npos);
    });
    worker.join();
    CHECK(after_first > 0);
    CHECK(after_many <= std::size_t(4) << 20);
}
