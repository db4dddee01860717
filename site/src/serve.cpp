#include "serve.hpp"

#include <sys/inotify.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include <httplib.h>
#include <zlib.h>

#include "files.hpp"
#include "front_matter.hpp"
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

// Writes one file of the served site in place, atomically.
bool write_one(const fs::path& path, const std::string& bytes) {
    const fs::path tmp = path.string() + ".tmp-serve";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        f.write(bytes.data(), std::streamsize(bytes.size()));
        if (!f) return false;
    }
    std::error_code ec;
    fs::rename(tmp, path, ec);
    return !ec;
}

// Watches folders (recursively) with inotify; wait() returns the paths that changed.
class Watcher {
public:
    explicit Watcher(const std::vector<fs::path>& roots) : fd_(inotify_init1(IN_CLOEXEC)) {
        for (const fs::path& root : roots) add_tree(root);
    }
    ~Watcher() {
        if (fd_ >= 0) close(fd_);
    }
    bool ok() const { return fd_ >= 0; }

    // Blocks until something changes; then collects events for a short quiet period, so that an
    // editor's save (write, rename, chmod) is one rebuild.
    std::set<fs::path> wait() {
        std::set<fs::path> changed;
        read_events(changed, -1);
        while (read_events(changed, 5)) {
        }
        return changed;
    }

private:
    void add_tree(const fs::path& root) {
        std::error_code ec;
        if (!fs::is_directory(root, ec)) return;
        add(root);
        for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::follow_directory_symlink, ec);
             !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
            if (it->is_directory(ec)) add(it->path());
    }
    void add(const fs::path& dir) {
        const int wd = inotify_add_watch(fd_, dir.c_str(),
                                         IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM);
        if (wd >= 0) dirs_[wd] = dir;
    }
    bool read_events(std::set<fs::path>& changed, int timeout_ms) {
        fd_set set;
        FD_ZERO(&set);
        FD_SET(fd_, &set);
        timeval tv{timeout_ms / 1000, (timeout_ms % 1000) * 1000};
        if (select(fd_ + 1, &set, nullptr, nullptr, timeout_ms < 0 ? nullptr : &tv) <= 0) return false;
        alignas(inotify_event) char buf[16384];
        const ssize_t n = read(fd_, buf, sizeof buf);
        for (ssize_t i = 0; i < n;) {
            const auto* e = reinterpret_cast<const inotify_event*>(buf + i);
            const fs::path path = dirs_[e->wd] / (e->len ? e->name : "");
            if (e->len && e->name[0] != '.' && path.string().find(".tmp-") == std::string::npos) {
                changed.insert(path);
                if ((e->mask & IN_ISDIR) && (e->mask & (IN_CREATE | IN_MOVED_TO))) add_tree(path);
            }
            i += ssize_t(sizeof(inotify_event) + e->len);
        }
        return n > 0;
    }

    int fd_;
    std::map<int, fs::path> dirs_;
};

class LiveSite {
public:
    LiveSite(BuildOptions options, bool live_reload) : options_(std::move(options)) {
        options_.live_reload = live_reload;
        out_ = options_.out.empty() ? options_.root / "build" / "site" : options_.out;
    }

    const fs::path& out() const { return out_; }
    int version() const { return version_.load(); }

    bool full_build() {
        const auto start = std::chrono::steady_clock::now();
        BuildState next;
        Report report = build_site(options_, &next);
        for (const auto& e : report.errors) std::cerr << e.to_string() << "\n";
        if (!report.ok()) {
            std::cerr << "accelguide: build failed; still serving the previous site\n";
            return false;
        }
        std::lock_guard<std::mutex> lock(mutex_);
        state_ = std::move(next);
        index_ = std::make_unique<SiteIndex>(state_.parsed.config, state_.site.pages, state_.parsed.catalogue);
        templates_ = std::make_unique<Templates>(state_.sources.templates);
        ++version_;
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
    bool try_one_page(const fs::path& file) {
        const auto start = std::chrono::steady_clock::now();
        // Lexically: content/ may be a symlink, and the watcher reports paths through it.
        const std::string rel = generic(file.lexically_relative(options_.root / "content"));
        if (rel.empty() || rel.rfind("..", 0) == 0 || file.extension() != ".md") return false;
        auto text = read_file(file);
        if (!text || check_utf8(*text).line) return false;

        std::lock_guard<std::mutex> lock(mutex_);
        auto old = state_.sources.content.find(rel);
        if (old == state_.sources.content.end() || front_matter_of(old->second) != front_matter_of(*text) ||
            front_matter_of(*text).empty())
            return false;
        Site& site = state_.site;
        auto page = std::find_if(site.pages.begin(), site.pages.end(),
                                 [&](const Page& p) { return p.source == "content/" + rel; });
        if (page == site.pages.end()) return false;
        ParseResult parsed = parse_content(*text, page->source);
        if (!parsed.content) return false;

        std::vector<planner::Diagnostic> errors;
        Page updated = *page;
        render_body(updated, parsed.content->body, parsed.content->body_line, state_.parsed, errors);
        if (!errors.empty()) {
            for (const auto& e : errors) std::cerr << e.to_string() << "\n";
            return true;  // reported; the served page stays as it was
        }
        *page = std::move(updated);
        // Titles, URLs and sections are as they were, so the index and templates still hold.
        const std::size_t i = std::size_t(page - site.pages.begin());
        site.renders[i].view = view_for(*index_, *page, errors);
        std::string html;
        try {
            html = render_html(*templates_, site.renders[i], options_.live_reload);
        } catch (const mustache::RenderError& e) {
            std::cerr << e.diagnostic.to_string() << "\n";
            return true;  // reported; the served page stays as it was
        }
        if (!errors.empty() || !write_one(out_ / site.renders[i].output, html)) return false;
        old->second = std::move(*text);
        ++version_;
        std::printf("rebuilt %s in %.1f ms\n", site.renders[i].output.c_str(), ms_since(start));
        std::fflush(stdout);
        return true;
    }

    BuildOptions options_;
    fs::path out_;
    std::mutex mutex_;
    BuildState state_;
    std::unique_ptr<SiteIndex> index_;     // over state_.site.pages, rebuilt with every full build
    std::unique_ptr<Templates> templates_;
    std::atomic<int> version_{0};
};

}  // namespace

namespace {

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

}  // namespace

int serve(const ServeOptions& options, const std::function<void(const std::string&)>& on_ready) {
    LiveSite live(options.build, options.watch);  // pages reload themselves only when there is something to wait for
    if (!live.full_build()) return 1;

    httplib::Server server;
    server.set_tcp_nodelay(true);  // small responses must not wait on Nagle's algorithm (40 ms)
    for (auto [ext, type] : {std::pair{"wasm", "application/wasm"}, {"js", "text/javascript"}, {"mjs", "text/javascript"},
                             {"css", "text/css"}, {"html", "text/html; charset=utf-8"}, {"json", "application/json"},
                             {"svg", "image/svg+xml"}, {"xml", "application/xml"}, {"txt", "text/plain; charset=utf-8"}})
        server.set_file_extension_and_mimetype_mapping(ext, type);
    if (!server.set_mount_point("/", live.out().string())) {
        std::cerr << "accelguide: cannot serve " << live.out().string() << ": not a folder\n";
        return 1;
    }
    // cpp-httplib compresses text types itself but not application/wasm, the largest file of a
    // calculator page; a static host (GitHub Pages, nginx with gzip_types) compresses it, so the
    // dev server does too, and page weight and Lighthouse read the same here as when published.
    // The last module compressed is kept: compressing 600 KB on every request would cost more
    // than serving it.
    std::mutex zipped_mutex;
    std::string zipped_from, zipped;
    server.set_file_request_handler([&](const httplib::Request& req, httplib::Response& res) {
        if (res.get_header_value("Content-Type") != "application/wasm") return;
        if (req.get_header_value("Accept-Encoding").find("gzip") == std::string::npos) return;
        std::lock_guard<std::mutex> lock(zipped_mutex);
        if (res.body != zipped_from) {
            auto fresh = gzip(res.body);
            if (!fresh) return;
            zipped_from = res.body;
            zipped = std::move(*fresh);
        }
        res.body = zipped;
        res.set_header("Content-Encoding", "gzip");
        res.set_header("Vary", "Accept-Encoding");
    });
    server.Get("/__accelguide/live-reload.js", [](const httplib::Request&, httplib::Response& res) {
        res.set_content(kLiveReloadJs, "text/javascript");
    });
    server.Get("/__accelguide/version", [&](const httplib::Request&, httplib::Response& res) {
        res.set_header("Cache-Control", "no-store");
        res.set_content(std::to_string(live.version()), "text/plain");
    });
    server.set_error_handler([&](const httplib::Request&, httplib::Response& res) {
        if (res.status != 404) return;
        if (auto page = read_file(live.out() / "404.html")) res.set_content(*page, "text/html; charset=utf-8");
    });

    int port = options.port;
    if (port == 0) port = server.bind_to_any_port(options.host);
    else if (!server.bind_to_port(options.host, port)) port = -1;
    if (port < 0) {
        std::cerr << "accelguide: cannot listen on " << options.host << ":" << options.port << " (is it in use? set PORT=)\n";
        return 1;
    }
    std::thread http([&] { server.listen_after_bind(); });
    on_ready("http://" + options.host + ":" + std::to_string(port) + "/");

    if (options.watch) {
        const BuildOptions& b = options.build;
        Watcher watcher({b.root / "content", b.root / "data", b.root / "templates",
                         b.wasm_dir.empty() ? b.root / "build" / "wasm" / "dist" : b.wasm_dir});
        if (!watcher.ok()) std::cerr << "accelguide: cannot watch for changes (inotify); serving without rebuilds\n";
        while (watcher.ok()) live.rebuild(watcher.wait());
    }
    http.join();
    return 0;
}

}  // namespace site
