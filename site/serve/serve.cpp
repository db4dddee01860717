#include "serve.hpp"

#include <poll.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include <zlib.h>

#include "files.hpp"
#include "front_matter.hpp"
#include "http_server.hpp"
#include "output.hpp"
#include "outputs.hpp"
#include "templates.hpp"
#include "utf8.hpp"
#include "views.hpp"

namespace site {

namespace {

const char* kLiveReloadJs = R"js(// accelguide serve: reload this page when the site is rebuilt.
(() => {
  const url = document.currentScript.src.replace(/live-reload\.js$/, 'version');
  let seen = null;
  const poll = async () => {
    try {
      const version = await (await fetch(url, { cache: 'no-store' })).text();
      if (seen !== null && version !== seen) location.reload();
      seen = version;
    } catch (error) {
      // the server restarts; keep polling
    }
    setTimeout(poll, 300);
  };
  poll();
})();
)js";

double ms_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// The front matter block of a content file (up to and including the closing ---), or "".
std::string front_matter_of(const std::string& text) {
    const auto close = text.find("\n---", 3);
    return close == std::string::npos ? std::string() : text.substr(0, close + 4);
}

// Writes one file of the served site in place (output.hpp); a failure is reported, not fatal.
bool write_one(const fs::path& path, const std::string& bytes) {
    if (auto error = replace_file(path, bytes)) {
        std::cerr << error->to_string() << "\n";
        return false;
    }
    return true;
}

// Watches the project's content/, data/ and templates/ (recursively) and the wasm outputs with
// inotify; wait() returns the paths that changed. The project root itself is watched for those
// names only, so a folder that is deleted and made again is watched again.
class Watcher {
public:
    Watcher(const fs::path& root, const std::vector<std::string>& folders, const fs::path& extra)
        : fd_(inotify_init1(IN_CLOEXEC)), root_(root), folders_(folders.begin(), folders.end()) {
        if (fd_ < 0) return;
        root_wd_ = inotify_add_watch(fd_, root.c_str(), IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_ONLYDIR);
        for (const std::string& name : folders) add_tree(root / name);
        add_tree(extra);
    }
    ~Watcher() {
        if (fd_ >= 0) close(fd_);
    }
    bool ok() const { return fd_ >= 0; }

    // Blocks until something changes; then collects events for a short quiet period, so that an
    // editor's save (write, rename, chmod) is one rebuild.
    std::set<fs::path> wait() {
        std::set<fs::path> changed;
        while (changed.empty()) {
            if (!read_events(changed, -1)) continue;
            while (read_events(changed, 5)) {
            }
        }
        return changed;
    }

private:
    void add_tree(const fs::path& root) {
        std::error_code ec;
        if (!fs::is_directory(root, ec)) return;
        add(root);
        for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
             it.increment(ec)) {
            if (std::size_t(it.depth()) >= kMaxFolderDepth) it.disable_recursion_pending();
            if (it->is_directory(ec) && !it->is_symlink(ec)) add(it->path());
        }
    }
    void add(const fs::path& dir) {
        const int wd = inotify_add_watch(fd_, dir.c_str(),
                                         IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM);
        if (wd >= 0) dirs_[wd] = dir;
    }
    bool read_events(std::set<fs::path>& changed, int timeout_ms) {
        pollfd p{fd_, POLLIN, 0};
        if (poll(&p, 1, timeout_ms) <= 0) return false;
        alignas(inotify_event) char buf[16384];
        const ssize_t n = read(fd_, buf, sizeof buf);
        for (ssize_t i = 0; i < n;) {
            const auto* e = reinterpret_cast<const inotify_event*>(buf + i);
            i += ssize_t(sizeof(inotify_event) + e->len);
            if (e->mask & IN_IGNORED) dirs_.erase(e->wd);  // the folder is gone; its number may be reused
            if (!e->len) continue;
            if (e->wd == root_wd_) {
                // Only the watched folders themselves: the output and anything else at the top are not ours to watch.
                if (!folders_.count(e->name)) continue;
                changed.insert(root_ / e->name);
                if (e->mask & (IN_CREATE | IN_MOVED_TO)) add_tree(root_ / e->name);
                continue;
            }
            auto dir = dirs_.find(e->wd);
            if (dir == dirs_.end()) continue;
            const fs::path path = dir->second / e->name;
            if (e->name[0] == '.' || path.string().find(".tmp-") != std::string::npos) continue;
            changed.insert(path);
            if ((e->mask & IN_ISDIR) && (e->mask & (IN_CREATE | IN_MOVED_TO))) add_tree(path);
        }
        return n > 0;
    }

    int fd_;
    int root_wd_ = -1;
    fs::path root_;
    std::set<std::string> folders_;
    std::map<int, fs::path> dirs_;
};

// The site being served, and what the last build said. A failed build leaves the previous site on
// disk; its errors are kept so that every page shows them until they are fixed.
class LiveSite {
public:
    LiveSite(BuildOptions options, bool live_reload) : options_(std::move(options)) {
        options_.live_reload = live_reload;
        out_ = options_.out.empty() ? options_.root / "build" / "site" : options_.out;
    }

    const fs::path& out() const { return out_; }
    int version() const { return version_.load(); }
    bool search() const { return search_.load(); }

    // The errors of the last build, or "" when it succeeded.
    std::string failure() {
        std::lock_guard<std::mutex> lock(failure_mutex_);
        return failure_;
    }

    bool full_build() {
        const auto start = std::chrono::steady_clock::now();
        BuildState next;
        Report report = build_site(options_, &next);
        if (!report.ok()) {
            std::string text;
            for (const auto& e : report.errors) text += e.to_string() + "\n";
            std::cerr << text;
            const bool refused = !report.errors.empty() && report.errors.front().code.rfind("output.", 0) == 0;
            if (refused) {
                std::cerr << "accelguide: nothing was written\n";
                return false;
            }
            std::cerr << "accelguide: build failed with " << report.errors.size() << " error(s); "
                      << (options_.live_reload ? "pages show them until they are fixed, and the site reloads then\n"
                                               : "fix them and run again (with --no-watch there is nothing to wait for)\n");
            fail(text, "");
            return false;
        }
        {
            std::lock_guard<std::mutex> lock(mutex_);
            state_ = std::move(next);
            index_ = std::make_unique<SiteIndex>(state_.parsed.config, state_.site.pages, state_.parsed.catalogue,
                                                 state_.parsed.accuracy, state_.parsed.predicted);
            templates_ = std::make_unique<Templates>(state_.sources.templates);
            search_ = state_.parsed.config.search;
            built_ = true;
        }
        fail("", "");
        std::printf("built %zu pages, %zu files in %.0f ms\n", report.pages, report.files, ms_since(start));
        std::fflush(stdout);
        return true;
    }

    // Rebuilds after `changed`; one page when only one page's body changed.
    void rebuild(const std::set<fs::path>& changed) {
        if (changed.size() == 1 && try_one_page(*changed.begin())) return;
        full_build();
    }

private:
    // Records the last build's errors ("" when it succeeded) and which page they came from ("" for
    // a full build), and makes open pages reload.
    void fail(const std::string& errors, const std::string& page) {
        std::lock_guard<std::mutex> lock(failure_mutex_);
        if (errors.empty() && !page.empty() && failure_page_ != page) return;  // another page's errors stand
        failure_ = errors;
        failure_page_ = page;
        ++version_;
    }

    bool try_one_page(const fs::path& file) {
        const auto start = std::chrono::steady_clock::now();
        // Lexically: content/ may be a symlink, and the watcher reports paths through it.
        const std::string rel = generic(file.lexically_relative(options_.root / "content"));
        if (rel.empty() || rel.rfind("..", 0) == 0 || file.extension() != ".md") return false;
        {
            std::lock_guard<std::mutex> lock(failure_mutex_);
            if (!failure_.empty() && failure_page_.empty()) return false;  // the site is broken: build it all
        }
        auto text = read_input(file, kMaxPageBytes);
        if (!text.text || check_utf8(*text.text).line) return false;

        std::unique_lock<std::mutex> lock(mutex_);
        if (!built_) return false;
        auto old = state_.sources.content.find(rel);
        if (old == state_.sources.content.end() || front_matter_of(old->second) != front_matter_of(*text.text) ||
            front_matter_of(*text.text).empty())
            return false;
        Site& site = state_.site;
        auto page = std::find_if(site.pages.begin(), site.pages.end(),
                                 [&](const Page& p) { return p.source == "content/" + rel; });
        if (page == site.pages.end()) return false;
        ParseResult parsed = parse_content(*text.text, page->source);
        if (!parsed.content) return false;

        std::vector<planner::Diagnostic> errors;
        Page updated = *page;
        render_body(updated, parsed.content->body, parsed.content->body_line, state_.parsed, errors);
        const std::size_t i = std::size_t(page - site.pages.begin());
        std::string html;
        if (errors.empty()) {
            // Titles, URLs and sections are as they were, so the index and templates still hold.
            std::swap(*page, updated);
            site.renders[i].view = view_for(*index_, *page, errors);
            try {
                html = render_html(*templates_, site.renders[i], options_.live_reload);
            } catch (const mustache::RenderError& e) {
                errors.push_back(e.diagnostic);
            }
            if (!errors.empty()) std::swap(*page, updated);  // the served page stays as it was
        }
        if (!errors.empty()) {
            std::string report;
            for (const auto& e : errors) report += e.to_string() + "\n";
            lock.unlock();
            std::cerr << report;
            fail(report, rel);
            return true;
        }
        if (!write_one(out_ / site.renders[i].output, html)) return false;
        // A body edit changes what search finds on the page: its language's index is written again.
        if (state_.parsed.config.search) {
            const std::string index_file = state_.parsed.config.prefix(page->lang) + "search-index.json";
            if (!write_one(out_ / index_file, search_index(*index_, page->lang))) return false;
        }
        old->second = std::move(*text.text);
        const std::string output = site.renders[i].output;
        lock.unlock();
        fail("", rel);
        ++version_;
        std::printf("rebuilt %s in %.1f ms\n", output.c_str(), ms_since(start));
        std::fflush(stdout);
        return true;
    }

    BuildOptions options_;
    fs::path out_;
    std::mutex mutex_;  // guards the build state below
    BuildState state_;
    std::unique_ptr<SiteIndex> index_;  // over state_.site.pages, rebuilt with every full build
    std::unique_ptr<Templates> templates_;
    bool built_ = false;
    std::atomic<bool> search_{false};
    std::atomic<int> version_{0};
    std::mutex failure_mutex_;
    std::string failure_, failure_page_;
};

// `bytes` in the gzip format, or nothing if zlib fails.
std::optional<std::string> gzip(const std::string& bytes) {
    z_stream z{};
    if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) return std::nullopt;
    std::string out(deflateBound(&z, bytes.size()), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    z.avail_in = static_cast<uInt>(bytes.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int status = deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    if (status != Z_STREAM_END) return std::nullopt;
    return out;
}

std::string html_escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

// The page every HTML request gets while the site does not build: the errors, and the
// live-reload script, so the page turns back into the site when they are fixed.
http::Response error_page(std::string errors) {
    // Held in memory for each request that gets it: at most its first 32 KB (escaped, at most six
    // times that, within http::kMaxMemoryBody), cut at a character boundary.
    constexpr std::size_t kShown = 32 * 1024;
    if (errors.size() > kShown) {
        std::size_t cut = kShown;
        while (cut > 0 && (static_cast<unsigned char>(errors[cut]) & 0xC0) == 0x80) --cut;
        const std::size_t more = errors.size() - cut;
        errors.resize(cut);
        errors += "\n… and " + std::to_string(more) + " more bytes of errors (see the terminal)\n";
    }
    std::string body =
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Build failed · accelguide</title>\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}"
        "pre{white-space:pre-wrap;background:#fff4f4;border-left:4px solid #b00020;padding:1rem;overflow-wrap:anywhere}"
        "</style></head>\n<body><h1>The site does not build</h1>\n"
        "<p>accelguide serve keeps watching: fix the errors below and this page reloads.</p>\n<pre>" +
        html_escape(errors) + "</pre>\n<script src=\"/__accelguide/live-reload.js\"></script>\n</body></html>\n";
    return {500,
            {{"Content-Type", "text/html; charset=utf-8"},
             {"Content-Security-Policy", "default-src 'self'; style-src 'unsafe-inline'"},
             {"X-Content-Type-Options", "nosniff"},
             {"Cache-Control", "no-store"}},
            std::move(body)};
}

// What the dev server answers: its own two paths, the built site's files (with the folder
// redirect, gzip for the wasm module and byte ranges of static hosts), the 404 page, and the error
// page while the site does not build.
class Handler {
public:
    explicit Handler(LiveSite& live) : live_(live) {}

    http::Response operator()(const http::Request& req) {
        const auto path = http::decode_path(req.target);
        if (!path) return http::error_response(400, "the path is not a plain URL path");
        if (*path == "/__accelguide/live-reload.js")
            return {200, with_common({{"Content-Type", "text/javascript; charset=utf-8"}}), kLiveReloadJs};
        if (*path == "/__accelguide/version")
            return {200, with_common({{"Content-Type", "text/plain; charset=utf-8"}}), std::to_string(live_.version())};

        const http::Resolution found = http::resolve(live_.out(), *path);
        const bool html = found.kind != http::Resolution::Kind::file || found.file.extension() == ".html";
        if (html) {
            if (std::string failure = live_.failure(); !failure.empty()) return error_page(failure);
        }
        if (found.kind == http::Resolution::Kind::redirect) {
            const std::size_t query = req.target.find('?');
            http::Response r{301, with_common({{"Content-Type", "text/plain; charset=utf-8"}}), "moved\n"};
            r.headers.emplace_back("Location", found.location + (query == std::string::npos ? "" : req.target.substr(query)));
            return r;
        }
        if (found.kind == http::Resolution::Kind::not_found) return not_found(*path);
        auto file = http::OpenFile::open(found.file.string());
        if (!file) return not_found(*path);  // removed between resolve and open (a rebuild swapped the site)
        return file_response(req, found.file, std::move(file));
    }

private:
    static std::vector<std::pair<std::string, std::string>> with_common(
        std::vector<std::pair<std::string, std::string>> headers) {
        headers.emplace_back("X-Content-Type-Options", "nosniff");
        headers.emplace_back("Cache-Control", "no-cache");
        return headers;
    }

    static http::Response streamed(int status, std::vector<std::pair<std::string, std::string>> headers,
                                   std::shared_ptr<const http::OpenFile> file, std::uint64_t offset, std::uint64_t length) {
        http::Response r{status, std::move(headers)};
        r.file = std::move(file);
        r.offset = offset;
        r.length = length;
        return r;
    }

    // The 404 page of the path's language: /en/… gets en/404.html, anything else the root's.
    http::Response not_found(const std::string& path) {
        std::shared_ptr<const http::OpenFile> page;
        const auto slash = path.find('/', 1);
        if (slash != std::string::npos) {
            const std::string first = path.substr(1, slash - 1);
            if (!first.empty() && first.find('.') == std::string::npos)
                page = http::OpenFile::open((live_.out() / first / "404.html").string());
        }
        if (!page) page = http::OpenFile::open((live_.out() / "404.html").string());
        if (!page) return http::error_response(404, "not found");
        const std::uint64_t size = page->size();
        return streamed(404, with_common({{"Content-Type", "text/html; charset=utf-8"}}), std::move(page), 0, size);
    }

    // The wasm module compressed, kept while the file is the same one (same inode, size and change
    // time): compressing 600 KB on every request would cost more than serving it. Nothing for a
    // module over kMaxSharedBody, which is then sent as it is.
    std::shared_ptr<const std::string> compressed(const http::OpenFile& file) {
        if (file.identity() == zipped_identity_ && zipped_) return zipped_;
        if (file.size() > http::kMaxSharedBody) return nullptr;
        auto bytes = file.read(0, std::size_t(file.size()));
        if (!bytes || bytes->size() != file.size()) return nullptr;
        auto fresh = gzip(*bytes);
        if (!fresh) return nullptr;
        zipped_identity_ = file.identity();
        zipped_ = std::make_shared<const std::string>(std::move(*fresh));
        return zipped_;
    }

    http::Response file_response(const http::Request& req, const fs::path& name, std::shared_ptr<const http::OpenFile> file) {
        const std::string type = http::content_type(name);
        auto headers = with_common({{"Content-Type", type}});
        // Pages carry their own policy (templates/base.html); anything else may never run script.
        if (name.extension() != ".html") headers.emplace_back("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        auto header = [&](const char* field) {
            auto it = req.headers.find(field);
            return it == req.headers.end() ? std::string() : it->second;
        };
        // A static host compresses the wasm module (the largest file of a calculator page); so does
        // the dev server, so page weight reads the same here as when published.
        if (type == "application/wasm" && header("accept-encoding").find("gzip") != std::string::npos) {
            if (auto zipped = compressed(*file)) {
                headers.emplace_back("Content-Encoding", "gzip");
                headers.emplace_back("Vary", "Accept-Encoding");
                http::Response r{200, std::move(headers)};
                r.shared = std::move(zipped);
                return r;
            }
        }
        headers.emplace_back("Accept-Ranges", "bytes");
        const std::uint64_t size = file->size();
        const std::string range = header("range");
        const http::Range r = range.empty() ? http::Range{} : http::parse_range(range, size);
        if (r.kind == http::Range::Kind::unsatisfiable) {
            headers.emplace_back("Content-Range", "bytes */" + std::to_string(size));
            return {416, std::move(headers), ""};
        }
        if (r.kind == http::Range::Kind::whole) return streamed(200, std::move(headers), std::move(file), 0, size);
        headers.emplace_back("Content-Range", "bytes " + std::to_string(r.first) + "-" + std::to_string(r.last) + "/" +
                                                  std::to_string(size));
        return streamed(206, std::move(headers), std::move(file), r.first, r.last - r.first + 1);
    }

    LiveSite& live_;
    std::string zipped_identity_;  // the server's one thread is the only caller
    std::shared_ptr<const std::string> zipped_;
};

}  // namespace

int serve(const ServeOptions& options, const std::function<void(const std::string&)>& on_ready) {
    // Listen first: the port (chosen by the system for --port 0) is the site's address in its
    // canonical and hreflang links, unless --base-url says otherwise.
    http::Server server;
    const int port = server.bind(options.host, options.port);
    if (port < 0) {
        std::cerr << "accelguide: cannot listen on " << options.host << ":" << options.port << ": "
                  << std::strerror(errno) << (errno == EADDRINUSE ? " (set PORT= to use another)" : "") << "\n";
        return 1;
    }
    const std::string host = options.host == "0.0.0.0" || options.host == "::" ? "127.0.0.1" : options.host;
    const std::string address = "http://" + host + ":" + std::to_string(port) + "/";
    BuildOptions build = options.build;
    if (build.base_url.empty()) build.base_url = address;

    LiveSite live(build, options.watch);  // pages reload themselves only when there is something to wait for
    if (!live.full_build()) {
        if (live.failure().empty()) return 1;  // the output folder was refused: there is nothing to serve
        if (!options.watch) return 1;          // and nothing to wait for
    }
    Handler handler(live);
    std::thread http([&] { server.run(std::ref(handler)); });
    on_ready(address);

    if (options.watch) {
        const BuildOptions& b = options.build;
        Watcher watcher(b.root, {"content", "data", "templates"},
                        b.wasm_dir.empty() ? b.root / "build" / "wasm" / "dist" : b.wasm_dir);
        if (!watcher.ok()) std::cerr << "accelguide: cannot watch for changes (inotify); serving without rebuilds\n";
        while (watcher.ok()) live.rebuild(watcher.wait());
    }
    http.join();
    return 0;
}

}  // namespace site
