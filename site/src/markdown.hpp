// Markdown to HTML with cmark-gfm. Every cmark-gfm call in the project lives in markdown.cpp.
#pragma once

#include <string>
#include <string_view>

namespace site {

/// GitHub-flavoured Markdown (tables, strikethrough, autolinks, task lists) to HTML. Raw HTML in
/// the source is not passed through.
std::string render_markdown(std::string_view markdown);

}  // namespace site
