// accelguide: the command line.
//
//   accelguide plan --json FILE|-        run one planner request, print the JSON response
//   accelguide plan train|infer|energy|compare [flags] [--format table]   the same from flags
//   accelguide build [--out DIR]         generate the site into build/site/
//   accelguide serve [--port N]          build, then serve it on http://127.0.0.1:8000/
#include <chrono>
#include <cstdio>
#include <iostream>
#include <iterator>

#include <CLI/CLI.hpp>

#include "build.hpp"
#include "files.hpp"
#include "plan_command.hpp"
#include "serve.hpp"

namespace {

using site::fs::path;

int run_build(const site::BuildOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    site::Report report = site::build_site(options);
    for (const auto& e : report.errors) std::cerr << e.to_string() << "\n";
    if (!report.ok()) {
        std::cerr << "accelguide: build failed with " << report.errors.size()
                  << " error(s); the previous site was left as it was\n";
        return 1;
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const path out = options.out.empty() ? options.root / "build" / "site" : options.out;
    std::printf("built %zu pages, %zu files into %s in %.0f ms\n", report.pages, report.files, out.c_str(), ms);
    std::fflush(stdout);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"accelguide: the ML compute guide's site generator and planner"};
    app.require_subcommand(1);

    site::BuildOptions build;
    site::PlanCommand plan_command;
    auto* plan = site::add_plan_command(app, plan_command);

    auto add_build_options = [&](CLI::App* cmd) {
        cmd->add_option("--root", build.root, "Project folder (content/, data/, templates/)")->capture_default_str();
        cmd->add_option("--out", build.out, "Output folder [default: ROOT/build/site]");
        cmd->add_option("--wasm-dir", build.wasm_dir, "Built WebAssembly planner [default: ROOT/build/wasm/dist]");
    };
    auto* build_cmd = app.add_subcommand("build", "Generate the site");
    add_build_options(build_cmd);

    site::ServeOptions serve;
    auto* serve_cmd = app.add_subcommand("serve", "Build the site, then serve it on loopback");
    add_build_options(serve_cmd);
    serve_cmd->add_option("--port", serve.port, "Port; 0 picks a free one")->capture_default_str();
    serve_cmd->add_option("--host", serve.host, "Address to listen on")->capture_default_str();

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);  // prints help or the usage error
        return rc == 0 ? 0 : 2;
    }

    if (*plan) return site::run_plan_command(plan_command);
    if (int rc = run_build(build); rc != 0) return rc;
    if (*build_cmd) return 0;

    serve.dir = build.out.empty() ? build.root / "build" / "site" : build.out;
    std::string err = site::serve(serve, [&](const std::string& url) {
        std::printf("serving %s at %s (Ctrl+C to stop)\n", serve.dir.c_str(), url.c_str());
        std::fflush(stdout);
    });
    std::cerr << "accelguide: " << err << "\n";
    return 1;
}
