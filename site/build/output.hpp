// The write stage: every file of the site goes into a fresh staging folder beside the output,
// which then replaces the old output in one step (renameat2 RENAME_EXCHANGE). A build that fails,
// or is killed, part-way leaves the previous site exactly as it was; nothing is written outside
// the output folder's parent.
//
// A build replaces only what a build wrote: every output holds a marker file (kOutputMarker), and
// an output folder that exists is replaced only when it holds that marker or is empty. A file, a
// folder someone else filled, a folder that holds the project, or one inside the project's inputs
// is refused before anything is written (refuse_output).
#pragma once

#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "planner/error.hpp"

namespace site {

namespace fs = std::filesystem;

/// The file every build writes at the top of its output, so the next build knows the folder is its own.
inline constexpr const char* kOutputMarker = ".accelguide-output";

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

/// `out` made absolute, without "." / ".." / a trailing slash, with symlinks resolved: the folder
/// that will be swapped.
fs::path output_folder(const fs::path& out);

/// Why a build of the project at `project` must not replace `out`, or nothing when it may.
/// Looks only; writes nothing.
std::optional<planner::Diagnostic> refuse_output(const fs::path& out, const fs::path& project);

/// A site being written. write() and copy() may be called from several threads at once.
class Staging {
public:
    /// Refuses `out` (see refuse_output) before creating anything.
    Staging(const fs::path& out, const fs::path& project);
    ~Staging();  // removes the staging folder unless committed
    Staging(const Staging&) = delete;
    Staging& operator=(const Staging&) = delete;

    /// Each returns an error naming the output file, or nothing.
    std::optional<planner::Diagnostic> write(const std::string& path, const std::string& bytes);
    std::optional<planner::Diagnostic> copy(const std::string& path, const fs::path& from);
    /// Swaps the staged site in; the old one is deleted.
    std::optional<planner::Diagnostic> commit();
    /// Why the output cannot be written at all (refused, or the staging folder not created).
    const std::optional<planner::Diagnostic>& error() const { return error_; }

private:
    std::optional<planner::Diagnostic> prepare(const std::string& path);  // checks the path, creates its folder
    planner::Diagnostic failure(const std::string& path, const std::string& what, int err) const;

    fs::path target_, staging_, project_;
    std::optional<planner::Diagnostic> error_;
    std::mutex mutex_;
    std::set<std::string> folders_;
    bool committed_ = false;
};

/// Replaces one file of a built site in place (serve's one-page rebuild): written beside it as
/// FILE.tmp-serve, then renamed over it. On failure (a full disk) the temporary file is removed, the
/// file is as it was, and the error names it.
std::optional<planner::Diagnostic> replace_file(const fs::path& file, const std::string& bytes);

/// Writes `output` into `out` (a build of the project at `project`) atomically.
std::optional<planner::Diagnostic> write_atomically(const fs::path& out, const Output& output,
                                                    const fs::path& project = ".");

}  // namespace site
