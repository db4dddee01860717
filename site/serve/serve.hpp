// `accelguide serve`: build, serve on loopback, watch, rebuild, live-reload.
//
// The server (http_server.hpp, our own: one thread over poll(), every limit in http.hpp) serves
// the built site (`.wasm` gzipped as a static host would, `/guide` redirected to `/guide/`, the 404
// page for missing paths) plus two paths of its own: /__accelguide/live-reload.js, which every
// page loads in serve mode, and /__accelguide/version, which the script polls; a rebuild bumps the
// version and open pages reload. inotify watches content/, data/, templates/ (and the project
// folder, for those made again) and the wasm outputs. A change to the body of one Markdown page
// rebuilds that page and its language's search index alone; anything else (front matter,
// templates, data, new or deleted files) rebuilds the whole site atomically. While the site does
// not build, every page shows the errors, and turns back into the site once they are fixed.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include "build.hpp"

namespace site {

struct ServeOptions {
    BuildOptions build;
    std::string host = "127.0.0.1";
    int port = 8000;  // 0: any free port
    bool watch = true;
};

/// Serves until the process is stopped. `on_ready` gets the URL once the port is bound. Returns an
/// exit code; errors are printed.
int serve(const ServeOptions& options, const std::function<void(const std::string& url)>& on_ready);

}  // namespace site
