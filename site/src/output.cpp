#include "output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <unistd.h>

namespace site {

namespace {

std::string write_file(const fs::path& path, const std::string& bytes) {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec) return "cannot create " + path.parent_path().string() + ": " + ec.message();
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(bytes.data(), std::streamsize(bytes.size()));
    f.close();
    if (!f) return "cannot write " + path.string();
    return {};
}

// A path inside the output folder that stays inside it: no absolute paths, no "..".
bool is_safe(const std::string& rel) {
    fs::path p(rel);
    if (rel.empty() || p.is_absolute()) return false;
    for (const auto& part : p)
        if (part == "..") return false;
    return true;
}

}  // namespace

std::string write_atomically(const fs::path& out, const Output& output) {
    std::error_code ec;
    const fs::path target = fs::absolute(out, ec);
    const fs::path parent = target.parent_path();
    fs::create_directories(parent, ec);
    if (ec) return "cannot create " + parent.string() + ": " + ec.message();

    const std::string stem = "." + target.filename().string() + ".tmp-" + std::to_string(::getpid());
    const fs::path staging = parent / stem;
    fs::remove_all(staging, ec);

    auto fail = [&](std::string message) {
        std::error_code ignore;
        fs::remove_all(staging, ignore);
        return message;
    };
    for (const auto& f : output.files) {
        if (!is_safe(f.path)) return fail("refusing to write outside the output folder: " + f.path);
        if (auto err = write_file(staging / f.path, f.bytes); !err.empty()) return fail(err);
    }
    for (const auto& c : output.copies) {
        if (!is_safe(c.path)) return fail("refusing to write outside the output folder: " + c.path);
        fs::create_directories((staging / c.path).parent_path(), ec);
        fs::copy_file(c.from, staging / c.path, fs::copy_options::overwrite_existing, ec);
        if (ec) return fail("cannot copy " + c.from.string() + ": " + ec.message());
    }

    if (fs::exists(target, ec)) {
        // Swap the new site in and the old one out in one step, then delete the old one.
        if (::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) != 0)
            return fail("cannot swap in " + target.string() + ": " + std::strerror(errno));
        fs::remove_all(staging, ec);
        return {};
    }
    if (::rename(staging.c_str(), target.c_str()) != 0)
        return fail("cannot move the site to " + target.string() + ": " + std::strerror(errno));
    return {};
}

}  // namespace site
