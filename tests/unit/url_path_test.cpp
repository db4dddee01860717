// normalise_alias: one spelling per URL, and nothing that leaves the site.
#include <doctest/doctest.h>

#include "url_path.hpp"

TEST_CASE("aliases normalise to the folder URL they name") {
    using site::normalise_alias;
    CHECK(normalise_alias("./") == "");
    CHECK(normalise_alias("/") == "");
    CHECK(normalise_alias("en/guide/.") == "en/guide/");
    CHECK(normalise_alias("/en//guide/") == "en/guide/");
    CHECK(normalise_alias("en/x/../guide") == "en/guide/");
    CHECK(normalise_alias("old/ガイド") == "old/ガイド/");
    CHECK(normalise_alias("x/a:b") == "x/a:b/");  // a colon after the first slash is a character
    CHECK_FALSE(normalise_alias("a:b/c"));        // before it, a browser reads a scheme
    CHECK_FALSE(normalise_alias("htt/../:/x/"));  // also once ".." has put it first (found by fuzz_url_normalise)
    CHECK_FALSE(normalise_alias("/a:b"));
}

TEST_CASE("aliases that climb above the root or are not paths are refused") {
    using site::normalise_alias;
    for (const char* bad : {"..", "../x", "a/../../x", "http://evil.example/", "javascript:alert(1)", "a?b", "a#b", "a\\b",
                            "a\nb", "a\x7f"}) {
        CAPTURE(bad);
        CHECK_FALSE(normalise_alias(bad));
    }
}
