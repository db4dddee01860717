// Files copied beside pages (bundle assets) that a browser would run as documents. With
// `unsafe_html: false` (the default) content cannot put script on the site, so such an asset is
// refused: an HTML page always, an SVG or XML file when it holds script, event handlers,
// `javascript:` links, embedded documents or entity declarations.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace site {

struct UnsafeAsset {
    std::size_t line = 1, column = 1;  // where the active content starts (1:1 for an HTML file)
    std::string what;                  // e.g. "an HTML page", "a <script> element"
};

/// Whether an asset needs `unsafe_html: true` to be published, judged by its name and bytes.
std::optional<UnsafeAsset> unsafe_asset(std::string_view name, std::string_view bytes);

/// Whether the asset's name says it may hold active content (so its bytes need reading).
bool may_be_active(std::string_view name);

}  // namespace site
