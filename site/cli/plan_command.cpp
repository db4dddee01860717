#include "plan_command.hpp"

#include <cmath>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "embedded_files.hpp"
#include "files.hpp"
#include "planner/api.hpp"
#include "plan.hpp"
#include "planner/json_position.hpp"
#include "planner/request_fields.hpp"
#include "views.hpp"

namespace site {

using nlohmann::json;

namespace {

// Flag name (without --) and the request field it fills, per subcommand.
struct FlagSpec {
    const char* flag;
    const char* field;  // dotted path in the request
    std::string help;
    bool text = false;  // the value stays text
};

// A kind's subcommand help: the kind's own doc (planner/request_fields.cpp).
std::string kind_doc(const char* kind) { return planner::request_schema(kind)->doc; }

// A declared field's flag (planner/request_fields.hpp): its help is the field's doc, its words and
// its default; a text field's value stays text ("--model 405" names a model, not a number).
FlagSpec flag_of(const planner::Field& f) {
    std::string help = f.doc;
    if (f.allowed) {
        std::string words;
        for (const std::string& w : planner::sorted_words(f)) words += (words.empty() ? "" : " | ") + w;
        help += ": " + words;
    }
    if (*f.unit) help += " [" + std::string(f.unit) + "]";
    if (*f.fallback) help += "; default: " + std::string(f.fallback);
    return {f.cli, f.path, std::move(help), f.type == planner::Field::Type::text};
}

template <std::size_t N>
std::vector<FlagSpec> flags_of(const planner::Field* const (&fields)[N]) {
    std::vector<FlagSpec> out;
    for (const planner::Field* f : fields)
        if (f->cli && std::string(f->cli) != "instance") out.push_back(flag_of(*f));  // --instance: every kind's, below
    return out;
}

const std::vector<FlagSpec> kTrainFlags = flags_of(planner::fields::train::kJob);
const std::vector<FlagSpec> kInferFlags = flags_of(planner::fields::infer::kJob);
const std::vector<FlagSpec> kServeFlags = flags_of(planner::fields::serve::kJob);
const std::vector<FlagSpec> kFootprintFlags = flags_of(planner::fields::footprint::kAll);

// A flag's text as JSON: a number when it reads fully as one, true or false, text otherwise (the
// planner then names the field and the reason).
json value_of(const std::string& text) {
    if (text == "true" || text == "false") return text == "true";
    try {
        std::size_t used = 0;
        double v = std::stod(text, &used);
        if (used == text.size() && std::isfinite(v)) return v;
    } catch (const std::exception&) {
    }
    return text;
}

void set_path(json& j, const std::string& path, json value) {
    json* node = &j;
    std::size_t start = 0;
    for (std::size_t dot; (dot = path.find('.', start)) != std::string::npos; start = dot + 1) {
        const std::string key = path.substr(start, dot - start);
        if (node->contains(key) && !(*node)[key].is_object())  // --model with --parameters, say
            throw std::invalid_argument("a flag for " + path + " conflicts with the one that set " +
                                        path.substr(0, dot) + ": give one or the other");
        node = &(*node)[key];
    }
    (*node)[path.substr(start)] = std::move(value);
}

void put_flags(const PlanCommand& c, const std::vector<FlagSpec>& specs, json& request) {
    for (const FlagSpec& f : specs)
        if (auto it = c.flags.find(f.flag); it != c.flags.end() && !it->second.empty())
            set_path(request, f.field, f.text ? json(it->second) : value_of(it->second));
}

void add_flags(CLI::App* cmd, PlanCommand& c, const std::vector<FlagSpec>& specs) {
    for (const FlagSpec& f : specs) cmd->add_option(std::string("--") + f.flag, c.flags[f.flag], f.help);
}

std::string number_text(double v) {
    if (std::fabs(v) >= 1e15 || (v != 0 && std::fabs(v) < 1e-3)) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.4g", v);
        return buf;
    }
    return format_grouped(v, std::fabs(v) >= 1000 ? 0 : 3);
}

std::string cell(const json& v) {
    if (v.is_number()) return number_text(v.get<double>());
    if (v.is_string()) return v.get<std::string>();
    if (v.is_null()) return "-";
    return v.dump();
}

// A runner-up layout on one line: "tensor 8 × pipeline 8 × data 16, ZeRO 1: 0.5% slower (data)".
std::string layout_option_cell(const json& o) {
    const json& l = o["layout"];
    return "tensor " + cell(l["tensor"]) + " × pipeline " + cell(l["pipeline"]) + " × data " + cell(l["data"]) +
           ", ZeRO " + cell(l["zero"]) + ": " + number_text(o["slower"].get<double>() * 100) + "% slower (" +
           o.value("lost_on", std::string("-")) + ")";
}

// Flattens nested objects into dotted keys; arrays of text (notes) become one line each, and the
// runner-up layouts one line each.
void flatten(const json& j, const std::string& prefix, std::vector<std::pair<std::string, std::string>>& out) {
    for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string key = prefix.empty() ? it.key() : prefix + "." + it.key();
        if (it->is_object()) flatten(*it, key, out);
        else if (it->is_array())
            for (const auto& item : *it)
                out.emplace_back(key, item.is_object() && item.contains("layout") && item.contains("slower")
                                          ? layout_option_cell(item)
                                          : cell(item));
        else out.emplace_back(key, cell(*it));
    }
}

std::string aligned(const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> width;
    auto length = [](const std::string& s) {  // code points, so Japanese text aligns roughly
        std::size_t n = 0;
        for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
        return n;
    };
    for (const auto& r : rows)
        for (std::size_t i = 0; i < r.size(); ++i) {
            if (width.size() <= i) width.push_back(0);
            width[i] = std::max(width[i], length(r[i]));
        }
    std::ostringstream out;
    for (const auto& r : rows) {
        for (std::size_t i = 0; i < r.size(); ++i) {
            out << r[i];
            if (i + 1 < r.size()) out << std::string(width[i] - length(r[i]) + 2, ' ');
        }
        out << '\n';
    }
    return out.str();
}

std::string list_table(const json& list, const std::vector<std::string>& columns) {
    std::vector<std::vector<std::string>> rows{columns};
    for (const json& item : list) {
        std::vector<std::string> r;
        for (const auto& c : columns) r.push_back(item.contains(c) ? cell(item[c]) : "");
        rows.push_back(r);
    }
    return aligned(rows);
}

}  // namespace

CLI::App* add_plan_command(CLI::App& app, PlanCommand& c) {
    CLI::App* plan = app.add_subcommand("plan", "Run one planner request; print the response as JSON or a table");
    plan->add_option("--json", c.json_file, "Request file, or - for standard input");
    plan->add_option("--format", c.format, "json | table")->check(CLI::IsMember({"json", "table"}))->capture_default_str();
    plan->add_option("--root", c.root, "Project folder holding data/ (default: . when it has one, else the catalogue built in)");
    plan->add_option("--data", c.data, "A catalogue folder laid out as data/ is (sources.json, ..., operators/)");
    plan->add_option("--model-config", c.model_config, "A Hugging Face config.json, put into the request as model.config");

    auto with_common = [&](CLI::App* cmd) {
        cmd->add_option("--format", c.format, "json | table")->check(CLI::IsMember({"json", "table"}));
        cmd->add_option("--root", c.root, "Project folder holding data/");
        cmd->add_option("--data", c.data, "A catalogue folder laid out as data/ is");
        add_flags(cmd, c, kFootprintFlags);
        cmd->callback([&c, cmd] { c.kind = cmd->get_name(); });
        return cmd;
    };
    CLI::App* train = with_common(plan->add_subcommand("train", kind_doc("train")));
    train->add_option("--instance", c.flags["instance"], "Instance type, e.g. p4d.24xlarge")->required();
    add_flags(train, c, kTrainFlags);

    CLI::App* infer = with_common(plan->add_subcommand("infer", kind_doc("infer")));
    infer->add_option("--instance", c.flags["instance"], "Instance type")->required();
    infer->add_option("--rate", c.flags["rate"], "Requests, e.g. 1000000/hour (per second, hour or day)")->required();
    add_flags(infer, c, kInferFlags);

    CLI::App* serve = with_common(plan->add_subcommand("serve", kind_doc("serve")));
    serve->add_option("--instance", c.flags["instance"], "Instance type")->required();
    serve->add_option("--rate", c.flags["rate"], "Requests, e.g. 10/second (per second, hour or day)")->required();
    add_flags(serve, c, kServeFlags);
    serve->add_option("--model-config", c.model_config, "A Hugging Face config.json: the model's architecture");

    CLI::App* energy = with_common(plan->add_subcommand("energy", kind_doc("energy")));
    const planner::Field& configurations = planner::fields::energy::configurations;
    energy->add_option("--config", c.configs,
                       "label=..,instance=..,instances=..,hours=.. (one per configuration, " +
                           std::to_string(configurations.min_items) + " to " + std::to_string(configurations.max_items) + ")")
        ->required();

    CLI::App* cmp = with_common(plan->add_subcommand("compare", "One training job on every instance type"));
    add_flags(cmp, c, kTrainFlags);
    cmp->add_option("--only", c.only, "Compare only these instance types");

    CLI::App* catalog = plan->add_subcommand("catalog", kind_doc("catalog"));
    catalog->add_option("--format", c.format, "json | table")->check(CLI::IsMember({"json", "table"}));
    catalog->add_option("--root", c.root, "Project folder holding data/");
    catalog->add_option("--data", c.data, "A catalogue folder laid out as data/ is");
    catalog->callback([&c, catalog] { c.kind = catalog->get_name(); });
    return plan;
}

// The training flags as a job: a model id stays text even when it reads as a number, and the
// sequence goes where the request reads it, into a typed architecture or beside a catalogue model.
void put_training_flags(const PlanCommand& c, json& job) {
    put_flags(c, kTrainFlags, job);
    if (job.contains("sequence") && job.contains("model") && job["model"].contains("architecture")) {
        job["model"]["architecture"]["sequence"] = job["sequence"];
        job.erase("sequence");
    }
}

json request_from_flags(const PlanCommand& c) {
    json r{{"api", 1}, {"kind", c.kind}};
    if (c.kind == "train" || c.kind == "infer" || c.kind == "serve") set_path(r, "instance", c.flags.at("instance"));
    if (c.kind == "train") put_training_flags(c, r);
    if (c.kind == "infer" || c.kind == "serve") {
        const std::string& rate = c.flags.at("rate");
        const auto slash = rate.find('/');
        if (slash == std::string::npos) throw std::invalid_argument("--rate must look like 1000000/hour");
        r["rate"] = {{"value", value_of(rate.substr(0, slash))}, {"per", rate.substr(slash + 1)}};
        put_flags(c, c.kind == "infer" ? kInferFlags : kServeFlags, r);
    }
    if (c.kind == "energy") {
        r["configurations"] = json::array();
        for (const std::string& config : c.configs) {
            json entry = json::object();
            std::stringstream parts(config);
            for (std::string part; std::getline(parts, part, ',');) {
                const auto eq = part.find('=');
                if (eq == std::string::npos) throw std::invalid_argument("--config parts look like key=value: " + part);
                const std::string key = part.substr(0, eq);
                if (entry.contains(key)) throw std::invalid_argument("--config gives " + key + " twice: " + config);
                entry[key] = key == "label" || key == "instance" || key == "region" ? json(part.substr(eq + 1))
                                                                                     : value_of(part.substr(eq + 1));
            }
            r["configurations"].push_back(entry);
        }
    }
    if (c.kind == "compare") {
        json job{{"kind", "train"}};
        put_training_flags(c, job);
        r["job"] = job;
        if (!c.only.empty()) r["instances"] = c.only;
    }
    if (c.kind == "compare") put_flags(c, kFootprintFlags, r["job"]);
    else if (c.kind != "catalog") put_flags(c, kFootprintFlags, r);
    return r;
}

std::string format_table(const json& response) {
    if (!response.value("ok", false)) {
        std::vector<std::vector<std::string>> rows{{"field", "error"}};
        for (const auto& e : response["errors"]) rows.push_back({e.value("field", ""), e.value("message", "")});
        return aligned(rows);
    }
    const std::string kind = response["kind"];
    const json& result = response[kind];
    if (kind == "energy")
        return list_table(result["configurations"], {"label", "instance", "instance_hours", "cost_usd", "energy_kwh",
                                                     "co2e_kg", "cost_saving_percent", "energy_saving_percent"});
    if (kind == "compare")
        return list_table(result["rows"], result["job"] == "train"
                                              ? std::vector<std::string>{"instance", "instances", "days", "cost_usd",
                                                                         "energy_kwh", "fits", "pareto", "error"}
                                          : result["job"] == "serve"
                                              ? std::vector<std::string>{"instance", "tensor_parallel", "concurrency_per_instance",
                                                                         "ttft_ms", "tpot_ms", "fleet",
                                                                         "cost_per_million_output", "pareto", "error"}
                                              : std::vector<std::string>{"instance", "fleet", "cost_per_million",
                                                                         "kwh_per_million", "pareto", "error"});
    if (kind == "catalog") {
        json list = json::array();
        for (const json& i : result["instances"]) {
            json row{{"instance", i["id"]}, {"accelerator", i["accelerator"]}};
            for (const char* f : {"accelerator_count", "vcpu", "memory", "network", "price", "power"})
                if (i.contains(f)) row[f] = i[f]["value"];
            list.push_back(row);
        }
        return list_table(list, {"instance", "accelerator", "accelerator_count", "vcpu", "memory", "network", "price", "power"});
    }
    std::vector<std::pair<std::string, std::string>> pairs;
    flatten(result, "", pairs);
    std::vector<std::vector<std::string>> rows;
    for (auto& [k, v] : pairs) rows.push_back({k, v});
    return aligned(rows);
}

namespace {

// A request or config.json file ("-": standard input), at most as large as a request may be;
// none, after saying why, when it cannot be had.
std::optional<std::string> read_request_file(const std::string& path) {
    InputFile in = read_input(path, planner::kMaxRequestBytes);
    if (!in.text) std::cerr << "accelguide: " << planner::escaped(path) << ": " << in.problem.message << "\n";
    return std::move(in.text);
}

// A config.json: valid JSON, no key twice, no deeper than the planner reads; errors at file:line:column.
bool parse_model_config(const std::string& path, const std::string& text, json& config) {
    bool ok = true;
    for (const planner::JsonProblem& p : planner::scan_json(text)) {
        const planner::TextPosition at = planner::position_of_offset(text, p.offset);
        const std::string what = p.kind == planner::JsonProblem::Kind::duplicate_key ? "\"" + p.text + "\" is given twice"
                                 : p.kind == planner::JsonProblem::Kind::too_deep
                                     ? "nests deeper than " + std::to_string(planner::kMaxJsonDepth) + " levels"
                                     : p.text + " is a number too large to plan with";
        std::cerr << planner::escaped(path) << ":" << at.line << ":" << at.column << ": error: " << what << "\n";
        ok = false;
    }
    if (!ok) return false;
    try {
        config = json::parse(text);
    } catch (const json::parse_error& e) {
        const planner::TextPosition at = planner::position_of_offset(text, e.byte ? e.byte - 1 : 0);
        std::cerr << planner::escaped(path) << ":" << at.line << ":" << at.column << ": error: not valid JSON\n";
        return false;
    }
    return true;
}

}  // namespace

namespace {

// The catalogue a plan answers from: --data DIR, else --root's data/, else ./data/ when the folder
// run in is a project, else the copy compiled in (the data the binary was built from), so that the
// command answers from any folder. A problem reading files: what to print.
std::optional<std::string> catalogue_files(const PlanCommand& c, planner::CatalogueFiles& files) {
    std::vector<InputProblem> unreadable;
    fs::path shown;  // what a problem's path is relative to
    if (!c.data.empty()) {
        unreadable = read_catalogue_folder(c.data, files);
    } else if (!c.root.empty() || fs::exists(fs::path("data") / "sources.json")) {
        shown = c.root.empty() ? fs::path(".") : c.root;
        unreadable = read_catalogue_files(shown, files);
    } else {
        files = embedded_catalogue_files();
    }
    if (unreadable.empty()) return std::nullopt;
    const InputProblem& p = unreadable.front();
    return (shown / p.path).string() + ": " + p.message +
           (p.code == "load.missing" ? (c.data.empty() ? " (use --root to point at the project)" : " (--data names a folder laid out as data/ is)") : "");
}

}  // namespace

int run_plan_command(const PlanCommand& c) {
    std::string request;
    if (!c.kind.empty()) {
        try {
            request = request_from_flags(c).dump();
        } catch (const std::invalid_argument& e) {
            std::cerr << "accelguide: " << e.what() << "\n";
            return 2;
        }
    } else if (c.json_file.empty()) {
        std::cerr << "accelguide: give --json FILE|- or a subcommand (train, infer, energy, compare); see --help\n";
        return 2;
    } else if (auto text = read_request_file(c.json_file)) {
        request = std::move(*text);
    } else {
        return 2;
    }
    std::string config_text;
    if (!c.model_config.empty()) {
        auto text = read_request_file(c.model_config);
        if (!text) return 2;
        config_text = std::move(*text);
        json config;
        if (!parse_model_config(c.model_config, config_text, config)) return 1;
        // The request as the planner will check it (deep nesting, duplicates) before it is edited.
        const bool checked = planner::scan_json(request).empty();
        json parsed = checked ? json::parse(request, nullptr, false) : json();
        if (parsed.is_object()) {  // otherwise the planner says what is wrong with the request
            if (parsed.contains("model") && !parsed["model"].is_object()) {
                std::cerr << "accelguide: --model-config conflicts with the request's model " << parsed["model"].dump()
                          << ": give one or the other\n";
                return 2;
            }
            if (parsed["model"].contains("config")) {
                std::cerr << "accelguide: --model-config conflicts with the request's model.config: give one or the other\n";
                return 2;
            }
            parsed["model"]["config"] = std::move(config);
            request = parsed.dump();
        }
    }
    planner::CatalogueFiles files;
    if (auto problem = catalogue_files(c, files)) {
        std::cerr << "accelguide: " << *problem << "\n";
        return 2;
    }
    planner::CatalogueLoad load = planner::load_catalogue(files);
    for (const auto& e : load.errors) std::cerr << e.to_string() << "\n";
    const std::string response = site::plan(load, request);
    const json parsed = json::parse(response);
    // An error in the config.json also at its place in the file (a missing field: the object's).
    if (!config_text.empty() && parsed.contains("errors")) {
        for (const json& e : parsed["errors"]) {
            const std::string field = e.value("field", "");
            if (field.rfind("model.config", 0) != 0) continue;
            std::string pointer = field.substr(12);
            for (char& ch : pointer) if (ch == '.') ch = '/';
            const planner::TextPosition at = planner::locate(config_text, pointer);
            std::cerr << planner::escaped(c.model_config) << ":" << at.line << ":" << at.column << ": error: "
                      << (pointer.empty() ? "" : pointer.substr(1) + ": ") << e.value("message", "") << "\n";
        }
    }
    if (c.format == "table") std::cout << format_table(parsed);
    else std::cout << response << "\n";
    return parsed.value("ok", false) ? 0 : 1;
}

}  // namespace site
