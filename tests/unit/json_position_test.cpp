#include <doctest/doctest.h>

#include <string>

#include "planner/json_position.hpp"

using planner::locate;

TEST_CASE("locates values by JSON pointer, counting columns in characters") {
    const char* text = "{\n  \"a\": [1, {\"b\": true}],\n  \"名前\": \"値\", \"c\": 3\n}";
    auto at = [&](const char* pointer) {
        auto p = locate(text, pointer);
        return std::to_string(p.line) + ":" + std::to_string(p.column);
    };
    CHECK(at("") == "1:1");
    CHECK(at("/a") == "2:8");
    CHECK(at("/a/0") == "2:9");
    CHECK(at("/a/1/b") == "2:18");
    CHECK(at("/名前") == "3:9");
    CHECK(at("/c") == "3:19");
    CHECK(planner::locate(text, "/a/1/b", planner::Target::key).column == 13);
    SUBCASE("a missing member gives the enclosing value") {
        CHECK(at("/a/1/zz") == "2:12");
        CHECK(at("/a/7") == "2:8");
    }
}

TEST_CASE("keys with escapes and pointer escapes match") {
    const char* text = R"({"a/b": 1, "t~x": 2, "\u00e9": 3})";
    CHECK(locate(text, "/a~1b").column == 9);
    CHECK(locate(text, "/t~0x").column == 19);
    CHECK(locate(text, "/é").column == 32);
}
