// Fuzz target: the front-matter reader (site/markup/front_matter.hpp), any bytes as one content file.
// Besides not crashing or hanging (YAML aliases are refused, not expanded): a file either parses
// or has errors, and every error points inside the file (line 1 to the file's last line + 1, a
// column from 1); a parsed body is a suffix of the input and starts on the line it says.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "front_matter.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const site::ParseResult r = site::parse_content(text, "content/fuzz.md");
    fuzz::require(r.content.has_value() || !r.errors.empty(), "a file parses, or says why not");
    const std::size_t lines = std::size_t(std::count(text.begin(), text.end(), '\n')) + 1;
    for (const auto& e : r.errors) {
        fuzz::require(e.file == "content/fuzz.md", "errors name the file");
        fuzz::require(e.line >= 1 && e.line <= lines + 1 && e.column >= 1, "errors point inside the file");
        fuzz::require(!e.message.empty(), "errors say what is wrong");
    }
    if (r.content) {
        const std::string& body = r.content->body;
        fuzz::require(body.size() <= text.size() && text.substr(text.size() - body.size()) == body,
                      "the body is the end of the file");
        const std::string_view before = text.substr(0, text.size() - body.size());
        // (An empty body after a closing "---" without a newline has no line; nothing points into it.)
        if (!body.empty())
            fuzz::require(r.content->body_line == std::size_t(std::count(before.begin(), before.end(), '\n')) + 1,
                          "the body starts on the line it says");
    }
    return 0;
}
