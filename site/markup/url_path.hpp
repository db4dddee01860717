// Site-relative URL paths as the build compares them: one spelling per page.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace site {

/// The segments of a "/"-separated path, with empty ("//") and "." segments dropped and ".."
/// applied (RFC 3986 dot segments). Nothing when a ".." climbs above the start.
std::optional<std::vector<std::string>> path_segments(std::string_view path);

/// An alias as the folder URL it names, site-relative with one trailing slash ("en/guide/", "" for
/// the site root): leading slashes dropped, "." segments and empty segments ("//") removed, ".."
/// applied. Nothing when it cannot name a page of the site: it climbs above the root, or holds a
/// query, a fragment, a backslash, a scheme ("http:") or a control character.
std::optional<std::string> normalise_alias(std::string_view alias);

}  // namespace site
