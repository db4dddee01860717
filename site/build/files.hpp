// File-system helpers for the generator's load and write stages. Nothing else in site/ touches disk.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "planner/catalogue.hpp"

namespace site {

namespace fs = std::filesystem;

/// The whole file as bytes, or nullopt when it cannot be read.
std::optional<std::string> read_file(const fs::path& path);

/// Regular files under `dir`, recursively, as paths relative to `dir`, sorted (so builds are
/// deterministic). Empty when `dir` does not exist.
std::vector<fs::path> list_files(const fs::path& dir);

/// Limits of what the load stage reads (README, "Limits").
inline constexpr std::size_t kMaxFolderDepth = 32;                  // folders below content/ or templates/
inline constexpr std::uintmax_t kMaxPageBytes = 2u << 20;          // one content/**.md file
inline constexpr std::uintmax_t kMaxInputBytes = 16u << 20;        // config, a template, a data file

/// Why an input cannot be used: a code, the path (relative to what was walked or read) and words.
struct InputProblem {
    std::string code;     // "load.symlink_outside", "load.symlink_cycle", "load.too_deep", "load.not_a_file", ...
    fs::path path;
    std::string message;
    std::string hint;
};

/// The files of an input folder (content/, templates/), as paths relative to `dir`, sorted. Symlinks
/// are followed only to files and folders inside `project` (the project folder), each folder at
/// most once (a cycle is a problem, not a hang), at most kMaxFolderDepth deep; anything that is not
/// a regular file or a folder (a FIFO, a socket, a device) is a problem, never read.
struct InputListing {
    std::vector<fs::path> files;
    std::vector<InputProblem> problems;
};
InputListing list_inputs(const fs::path& dir, const fs::path& project);

/// One input file whole, or why not: missing, not a regular file (opened without blocking, so a
/// FIFO never hangs the build), or larger than `max_bytes`. "-" is standard input. Never more
/// than max_bytes + 1 bytes are read, whatever the file claims or becomes.
struct InputFile {
    std::optional<std::string> text;
    InputProblem problem;  // when there is no text
};
InputFile read_input(const fs::path& path, std::uintmax_t max_bytes);

/// Path with forward slashes, for messages and URLs.
std::string generic(const fs::path& p);

/// Reads data/*.json under `root` into `files`; returns a problem for each file it could not read.
std::vector<InputProblem> read_catalogue_files(const fs::path& root, planner::CatalogueFiles& files);

/// Reads the catalogue from a folder laid out as data/ is (sources.json …, operators/<chip>.json),
/// each file named by its path there: `accelguide plan --data DIR`.
std::vector<InputProblem> read_catalogue_folder(const fs::path& folder, planner::CatalogueFiles& files);

}  // namespace site
