// A static file server for the built site, on loopback. `.wasm` is served as application/wasm.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

namespace site {

struct ServeOptions {
    std::filesystem::path dir;
    std::string host = "127.0.0.1";
    int port = 8000;  // 0: any free port
};

/// Serves until the process is stopped. `on_ready` gets the URL once the port is bound.
/// Returns an error message when the server cannot start.
std::string serve(const ServeOptions& options, const std::function<void(const std::string& url)>& on_ready);

}  // namespace site
