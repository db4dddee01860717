// Site-relative URL paths as the build compares them: one spelling per page.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace site {

/// An alias as the folder URL it names, site-relative with one trailing slash ("en/guide/", "" for
/// the site root): leading slashes dropped, "." segments and empty segments ("//") removed, ".."
/// applied. Nothing when it cannot name a page of the site: it climbs above the root, or holds a
/// query, a fragment, a backslash, a scheme ("http:") or a control character.
std::optional<std::string> normalise_alias(std::string_view alias);

}  // namespace site
