// accelguide: the command line.
//
//   accelguide plan --json FILE|-        run one planner request, print the JSON response
//   accelguide plan train|infer|energy|compare [flags] [--format table]   the same from flags
//   accelguide build [--out DIR]         generate the site into build/site/
//   accelguide check                     report broken links, anchors, images, translations
//   accelguide serve [--port N]          build, serve on http://127.0.0.1:8000/, rebuild and reload on changes
//   accelguide schema KIND [--response] [--markdown]  a kind's request (or response) JSON Schema, or API.md's table
//   accelguide messages                               every error code in English and Japanese, API.md's table
#include <chrono>
#include <cstdio>
#include <iostream>
#include <iterator>

#include <unistd.h>

#include <CLI/CLI.hpp>

#include "build.hpp"
#include <ctime>

#include "check.hpp"
#include "files.hpp"
#include "plan_command.hpp"
#include "planner/messages.hpp"
#include "planner/schema.hpp"
#include "serve.hpp"
#include "messages.hpp"

namespace {

using site::fs::path;

int run_build(const site::BuildOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    // What the build holds (sources, pages, views) stays to the end of the process, which hands
    // its memory back to the system at once: freeing it piece by piece took about 0.1 s of one
    // thread at the end of a 10,000-page build. Reachable from here, so leak checkers stay quiet.
    static site::BuildState* const kept = new site::BuildState;
    site::Report report = site::build_site(options, kept);
    for (const auto& e : report.errors) std::cerr << e.to_string() << "\n";
    if (!report.ok()) {
        const bool refused = report.errors.front().code.rfind("output.", 0) == 0;
        std::cerr << "accelguide: build failed with " << report.errors.size() << " error(s); "
                  << (refused ? "nothing was written" : "the previous site was left as it was") << "\n";
        return 1;
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const path out = options.out.empty() ? options.root / "build" / "site" : options.out;
    std::printf("built %zu pages, %zu files into %s in %.0f ms\n", report.pages, report.files, out.c_str(), ms);
    std::fflush(stdout);
    return 0;
}

// Today's date in UTC, YYYY-MM-DD.
std::string today_utc() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[11];
    std::strftime(text, sizeof text, "%Y-%m-%d", &tm);
    return text;
}

int run_check(const site::BuildOptions& options, int max_age_months) {
    const auto start = std::chrono::steady_clock::now();
    site::CheckReport report = site::check_site(options, site::Freshness{today_utc(), max_age_months});
    for (const auto& p : report.problems) std::cerr << p.to_string() << "\n";
    for (const auto& w : report.warnings) std::cerr << w.to_string("warning") << "\n";
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("checked %zu pages and %zu internal links in %.0f ms: %zu problem(s), %zu warning(s)\n", report.pages,
                report.links, ms, report.problems.size(), report.warnings.size());
    return report.problems.empty() ? 0 : 1;
}

// `accelguide schema KIND`: the kind's request (or response) JSON Schema, or its API.md table.
int print_schema(const std::string& kind, bool response, bool markdown) {
    if (kind == "envelope") {  // every response's outside: a table only (each kind's schema holds it)
        std::cout << planner::response_markdown(planner::envelope_schema());
    } else if (response) {
        const planner::ResponseSchema& s = *planner::response_schema(kind);
        std::cout << (markdown ? planner::response_markdown(s) : planner::response_json_schema(s).dump(2) + "\n");
    } else {
        const planner::RequestSchema& s = *planner::request_schema(kind);
        std::cout << (markdown ? planner::fields_markdown(s) : planner::request_json_schema(s).dump(2) + "\n");
    }
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
        cmd->add_flag("--drafts", build.drafts, "Include pages marked draft: true");
        cmd->add_option("--base-url", build.base_url, "Absolute URL the site is published at, e.g. https://example.org/docs/");
        cmd->add_option("--threads", build.threads, "Threads for Markdown and templates [default: every core]");
        cmd->add_flag("--timings", build.timings, "Print how long each stage took");
    };
    auto* build_cmd = app.add_subcommand("build", "Generate the site");
    add_build_options(build_cmd);
    auto* check_cmd = app.add_subcommand("check", "Report broken links and anchors, missing images and translations, and build errors");
    add_build_options(check_cmd);
    int max_age_months = 12;
    check_cmd->add_option("--max-age-months", max_age_months, "Warn about prices and specifications older than this")
        ->check(CLI::Range(1, 600))
        ->capture_default_str();

    site::ServeOptions serve;
    auto* serve_cmd = app.add_subcommand("serve", "Build, serve on loopback, rebuild on changes and reload open pages");
    add_build_options(serve_cmd);
    serve_cmd->add_option("--port", serve.port, "Port; 0 picks a free one")->check(CLI::Range(0, 65535))->capture_default_str();
    serve_cmd->add_option("--host", serve.host, "Address to listen on")->capture_default_str();
    bool no_watch = false;
    serve_cmd->add_flag("--no-watch", no_watch, "Serve without watching for changes");

    std::string schema_kind;
    bool schema_markdown = false;
    bool schema_response = false;
    auto* schema_cmd = app.add_subcommand("schema", "Print a kind's request or response JSON Schema, or its fields as planner/API.md's table");
    std::vector<std::string> kinds;
    for (const planner::RequestSchema& s : planner::request_schemas()) kinds.push_back(s.kind);
    kinds.push_back(planner::envelope_schema().kind);
    schema_cmd->add_option("kind", schema_kind, "The request kind, or envelope: every response's outside")->required()->check(CLI::IsMember(kinds));
    schema_cmd->add_flag("--markdown", schema_markdown, "The fields as a Markdown table");
    schema_cmd->add_flag("--response", schema_response, "The response's schema instead of the request's");
    auto* messages_cmd =
        app.add_subcommand("messages", "Print every error code with its English and Japanese, as planner/API.md's table");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);  // prints help or the usage error
        return rc == 0 ? 0 : 2;
    }

    try {
        if (*plan) return site::run_plan_command(plan_command);
        if (*messages_cmd) {
            std::cout << site::messages_markdown();
            return 0;
        }
        if (*schema_cmd) return print_schema(schema_kind, schema_response, schema_markdown);
        build.progress = isatty(STDERR_FILENO);
        if (*build_cmd) return run_build(build);
        if (*check_cmd) return run_check(build, max_age_months);

        serve.build = build;
        serve.watch = !no_watch;
        return site::serve(serve, [&](const std::string& url) {
            std::printf("serving %s at %s (Ctrl+C to stop)\n",
                        (build.out.empty() ? build.root / "build" / "site" : build.out).c_str(), url.c_str());
            std::fflush(stdout);
        });
    } catch (const std::exception& e) {
        // A bug, not bad input (bad input gets file:line errors): say so; the output is untouched.
        std::cerr << "accelguide: internal error: " << e.what() << "\n";
        return 70;
    }
}
