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

/// Path with forward slashes, for messages and URLs.
std::string generic(const fs::path& p);

/// Reads data/*.json under `root` into `files`; returns the names of the files it could not read.
std::vector<std::string> read_catalogue_files(const fs::path& root, planner::CatalogueFiles& files);

}  // namespace site
