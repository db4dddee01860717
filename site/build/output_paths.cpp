#include "output_paths.hpp"

#include <unordered_map>

namespace site {

namespace {

bool has_position(const OutputClaim& c) { return !c.file.empty() && c.line > 0; }

// Of two claims in conflict, the one to report at: the one a writer can fix in place.
const OutputClaim& blamed(const OutputClaim& first, const OutputClaim& second) {
    return has_position(first) && !has_position(second) ? first : second;
}

planner::Diagnostic conflict(const OutputClaim& at, std::string message, std::string hint) {
    return planner::Diagnostic{"content.output_conflict", at.file.empty() ? at.path : at.file, at.line, at.column, "", "",
                               std::move(message), std::move(hint)};
}

}  // namespace

std::vector<planner::Diagnostic> output_conflicts(const std::vector<OutputClaim>& claims) {
    std::vector<planner::Diagnostic> errors;
    std::unordered_map<std::string, const OutputClaim*> by_path;
    by_path.reserve(claims.size());
    for (const OutputClaim& c : claims) {
        auto [it, added] = by_path.emplace(c.path, &c);
        if (added) continue;
        const OutputClaim& other = *it->second;
        const OutputClaim& at = blamed(other, c);
        const OutputClaim& with = &at == &c ? other : c;
        errors.push_back(conflict(at, at.what + " writes " + c.path + ", which " + with.what + " writes too",
                                  "give one of them another path"));
    }
    // A file where another claim needs a folder: each claim's folders, looked up once each.
    for (const OutputClaim& c : claims) {
        for (std::size_t slash = c.path.find('/'); slash != std::string::npos; slash = c.path.find('/', slash + 1)) {
            auto file = by_path.find(c.path.substr(0, slash));
            if (file == by_path.end()) continue;
            const OutputClaim& other = *file->second;
            const OutputClaim& at = blamed(other, c);
            errors.push_back(conflict(at,
                                      c.what + " writes " + c.path + ", inside " + other.path + ", which " + other.what +
                                          " writes as a file",
                                      "give one of them another path"));
            break;
        }
    }
    return errors;
}

}  // namespace site
