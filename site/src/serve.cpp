#include "serve.hpp"

#include <httplib.h>

namespace site {

std::string serve(const ServeOptions& options, const std::function<void(const std::string&)>& on_ready) {
    httplib::Server server;
    server.set_file_extension_and_mimetype_mapping("wasm", "application/wasm");
    server.set_file_extension_and_mimetype_mapping("js", "text/javascript");
    server.set_file_extension_and_mimetype_mapping("css", "text/css");
    server.set_file_extension_and_mimetype_mapping("html", "text/html; charset=utf-8");
    server.set_file_extension_and_mimetype_mapping("json", "application/json");
    server.set_file_extension_and_mimetype_mapping("svg", "image/svg+xml");
    if (!server.set_mount_point("/", options.dir.string())) return "cannot serve " + options.dir.string() + ": not a folder";

    int port = options.port;
    if (port == 0) {
        port = server.bind_to_any_port(options.host);
    } else if (!server.bind_to_port(options.host, port)) {
        port = -1;
    }
    if (port < 0) return "cannot listen on " + options.host + ":" + std::to_string(options.port) + " (is it in use? set PORT=)";
    on_ready("http://" + options.host + ":" + std::to_string(port) + "/");
    if (!server.listen_after_bind()) return "the server stopped with an error";
    return {};
}

}  // namespace site
