// The write stage: every file of the site, written into a fresh folder that then replaces the old
// output in one step (renameat2 RENAME_EXCHANGE). A build that fails, or is killed, part-way
// leaves the previous site exactly as it was.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace site {

namespace fs = std::filesystem;

struct OutputFile {
    std::string path;    // relative to the output folder, forward slashes
    std::string bytes;
};

struct CopiedFile {
    std::string path;    // relative to the output folder
    fs::path from;
};

struct Output {
    std::vector<OutputFile> files;
    std::vector<CopiedFile> copies;
};

/// Writes `output` into `out` atomically. Returns an error message, or "" on success.
std::string write_atomically(const fs::path& out, const Output& output);

}  // namespace site
