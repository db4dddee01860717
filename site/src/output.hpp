// The write stage: every file of the site goes into a fresh staging folder beside the output,
// which then replaces the old output in one step (renameat2 RENAME_EXCHANGE). A build that fails,
// or is killed, part-way leaves the previous site exactly as it was; nothing is written outside
// the output folder's parent.
#pragma once

#include <filesystem>
#include <mutex>
#include <set>
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

/// A site being written. write() and copy() may be called from several threads at once.
class Staging {
public:
    explicit Staging(const fs::path& out);
    ~Staging();  // removes the staging folder unless committed
    Staging(const Staging&) = delete;
    Staging& operator=(const Staging&) = delete;

    /// Each returns an error message, or "".
    std::string write(const std::string& path, const std::string& bytes);
    std::string copy(const std::string& path, const fs::path& from);
    /// Swaps the staged site in; the old one is deleted.
    std::string commit();
    /// The first error the constructor met, or "".
    const std::string& error() const { return error_; }

private:
    std::string prepare(const std::string& path);  // checks the path, creates its folder

    fs::path target_, staging_;
    std::string error_;
    std::mutex mutex_;
    std::set<std::string> folders_;
    bool committed_ = false;
};

/// Writes `output` into `out` atomically. Returns an error message, or "" on success.
std::string write_atomically(const fs::path& out, const Output& output);

}  // namespace site
