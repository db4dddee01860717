// `accelguide plan`: a planner request from a file or from flags, the response as JSON or a table.
//
//   accelguide plan --json FILE|-
//   accelguide plan train   --parameters 175e9 --tokens 300e9 --recompute full --instance p4de.24xlarge --instances 128 --achieved-tflops 140
//   accelguide plan infer   --instance inf1.2xlarge --rate 1000000/hour --utilisation 1 --benchmark layoutlm-inf1-2xlarge
//   accelguide plan energy  --config label=P4d,instance=p4d.24xlarge,instances=16,hours=4 --config ...
//   accelguide plan compare --parameters 13e9 --tokens 260e9 --instances 8 --mfu 0.35
//   accelguide plan serve   --model-config config.json --instance p5.48xlarge --rate 10/second --prompt-tokens 2000 --output-tokens 200 --tpot-ms 50
//   accelguide plan catalog
//   ... --format table
//
// Flags only convert: each becomes the request field of the same meaning, and the planner checks it.
// --model-config FILE (serve, or with --json) puts a Hugging Face config.json into the request as
// model.config; an error the planner finds in it is also printed at FILE:line:column.
// Exit codes: 0 ok, 1 invalid input (the response lists the fields), 2 usage.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

namespace site {

struct PlanCommand {
    std::string json_file;                     // --json FILE|-
    std::string format = "json";               // json | table
    std::filesystem::path root;                // --root: the project folder holding data/
    std::filesystem::path data;                // --data DIR: a folder laid out as data/ is
    std::string kind;                          // the subcommand run, if any
    std::map<std::string, std::string> flags;  // flag name -> value as typed; empty when not given
    std::vector<std::string> configs;          // energy --config, repeatable
    std::vector<std::string> only;             // compare --only
    std::string model_config;                  // --model-config FILE: a Hugging Face config.json
};

/// Adds `plan` and its subcommands to `app`.
CLI::App* add_plan_command(CLI::App& app, PlanCommand& command);

/// The request the flags describe (throws std::invalid_argument for a malformed --rate or --config).
nlohmann::json request_from_flags(const PlanCommand& command);

/// A response as an aligned text table.
std::string format_table(const nlohmann::json& response);

/// Runs the command; returns the exit code.
int run_plan_command(const PlanCommand& command);

}  // namespace site
