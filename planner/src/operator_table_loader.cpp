// data/operators/<chip>.json: one chip's measured operator costs, as scripts/measure/ writes them.
#include "operator_table_loader.hpp"

#include <set>

#include "data_file.hpp"

namespace planner {

using nlohmann::json;
using Pointer = json::json_pointer;

namespace {

using data_file::FileValidator;

const std::set<std::string> kKernelSections = {"bandwidth", "elementwise", "attention", "decode_attention", "optimizer", "launch"};
const std::set<std::string> kHeader = {"format", "chip", "source", "measured", "mode", "device", "software", "method", "note", "missing"};
const std::set<std::string> kDtypes = {"bf16", "fp16", "fp8", "fp4"};

// A member's text, or "" when it is missing or not a string (the caller reports what it needs).
std::string text_of(const json& o, const char* key) {
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// One file's reader: each problem reported once, at its position, naming the chip.
class TableReader {
public:
    TableReader(const CatalogueFiles::File& file, std::vector<Diagnostic>& errors) : v_(file, errors), file_(file) {}

    bool read(const Catalogue& c, OperatorTable& t) {
        const std::optional<json> parsed = v_.parse();
        if (!parsed) return false;
        const json& doc = *parsed;
        if (!doc.is_object()) return fail("data.wrong_type", Pointer(""), "an operator table must be an object", "");
        t.file = file_.name;
        t.chip = text(doc, "chip");
        entry_ = t.chip;
        if (!doc.contains("format") || !doc["format"].is_number() || doc["format"].get<double>() != 1)
            fail("data.bad_value", Pointer("/format"), "\"format\" must be 1", "write the table with scripts/measure/");
        if (!t.chip.empty() && !c.accelerator(t.chip))
            fail("data.unknown_reference", Pointer("/chip"), "unknown accelerator \"" + t.chip + "\"", "define it in data/accelerators.json");
        const std::string name = "/" + t.chip + ".json";
        if (!t.chip.empty() && (file_.name.size() < name.size() || file_.name.compare(file_.name.size() - name.size(), name.size(), name) != 0))
            fail("data.bad_value", Pointer("/chip"), "the table of \"" + t.chip + "\" must be named data/operators" + name, "rename the file");
        t.source = text(doc, "source");
        t.measured = text(doc, "measured");
        if (!t.measured.empty() && !data_file::is_date(t.measured))
            fail("data.bad_date", Pointer("/measured"), "\"measured\" must be a date YYYY-MM-DD", "");
        t.mode = text(doc, "mode");
        text(doc, "method");
        if (doc.contains("device") && doc["device"].is_object()) t.device = text_of(doc["device"], "name");
        if (t.device.empty()) fail("data.incomplete", Pointer("/device"), "\"device\" must name the GPU measured: {\"name\": ...}", "");
        strings(doc, "software", t.software);
        strings(doc, "missing", t.missing);
        for (auto it = doc.begin(); it != doc.end(); ++it) {
            const std::string& key = it.key();
            const Pointer at = Pointer("") / key;
            if (key == "matmul") rows(*it, at, [&](const json& r, const Pointer& p) { matmul_row(r, p, t); });
            else if (key == "power") rows(*it, at, [&](const json& r, const Pointer& p) { power_row(r, p, t); });
            else if (kKernelSections.count(key)) rows(*it, at, [&](const json& r, const Pointer& p) { kernel_row(r, p, section(t, key)); });
            else if (!kHeader.count(key))
                v_.error("data.unknown_field", entry_, at, "unknown field \"" + key + "\"",
                         "an operator table holds the kit's header and sections (scripts/measure/README.md)", Target::key);
        }
        return ok_;
    }

private:
    FileValidator v_;
    const CatalogueFiles::File& file_;
    std::string entry_;
    bool ok_ = true;

    bool fail(const char* code, const Pointer& at, std::string message, std::string hint) {
        v_.error(code, entry_, at, std::move(message), std::move(hint));
        ok_ = false;
        return false;
    }

    std::string text(const json& doc, const char* key) {
        const Pointer at = Pointer("") / key;
        if (!doc.contains(key)) return fail("data.incomplete", Pointer(""), std::string("\"") + key + "\" is required", ""), "";
        if (!doc[key].is_string() || doc[key].get<std::string>().empty())
            return fail("data.wrong_type", at, std::string("\"") + key + "\" must be a non-empty string", ""), "";
        return doc[key].get<std::string>();
    }

    void strings(const json& doc, const char* key, std::map<std::string, std::string>& out) {
        if (!doc.contains(key)) return;
        const json& o = doc[key];
        if (!o.is_object()) return void(fail("data.wrong_type", Pointer("") / key, std::string("\"") + key + "\" must be an object of strings", ""));
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (it->is_string()) out[it.key()] = it->get<std::string>();
            else fail("data.wrong_type", Pointer("") / key / it.key(), "must be a string", "");
        }
    }

    template <class Read>
    void rows(const json& list, const Pointer& at, Read read) {
        if (!list.is_array()) return void(fail("data.wrong_type", at, "a section must be a list of rows", ""));
        for (std::size_t i = 0; i < list.size(); ++i) {
            if (list[i].is_object()) read(list[i], at / i);
            else fail("data.wrong_type", at / i, "each row must be an object", "");
        }
    }

    // A positive number under `key`, or an error at it.
    double positive(const json& row, const Pointer& at, const char* key) {
        if (!row.contains(key) || !row[key].is_number() || !(row[key].get<double>() > 0))
            return fail("data.bad_value", row.contains(key) ? at / key : at, std::string("\"") + key + "\" must be a positive number", ""), 0;
        return row[key].get<double>();
    }

    static std::vector<KernelRow>& section(OperatorTable& t, const std::string& key) {
        if (key == "bandwidth") return t.bandwidth;
        if (key == "elementwise") return t.elementwise;
        if (key == "attention") return t.attention;
        if (key == "decode_attention") return t.decode_attention;
        if (key == "optimizer") return t.optimizer;
        return t.launch;
    }

    void matmul_row(const json& r, const Pointer& at, OperatorTable& t) {
        MatmulRow row;
        row.dtype = text_of(r, "dtype");
        if (!kDtypes.count(row.dtype)) fail("data.bad_value", at / "dtype", "\"dtype\" must be one of bf16, fp16, fp8, fp4", "");
        row.m = positive(r, at, "m");
        row.n = positive(r, at, "n");
        row.k = positive(r, at, "k");
        row.seconds = positive(r, at, "us") * 1e-6;
        row.timing = text_of(r, "timing");
        if (row.m > 0 && row.n > 0 && row.k > 0 && row.seconds > 0 && kDtypes.count(row.dtype)) t.matmul.push_back(row);
    }

    void kernel_row(const json& r, const Pointer& at, std::vector<KernelRow>& out) {
        KernelRow row;
        row.op = text_of(r, "op");
        if (row.op.empty()) fail("data.incomplete", at, "a row must name its \"op\"", "");
        row.seconds = positive(r, at, "us") * 1e-6;
        row.timing = text_of(r, "timing");
        for (auto it = r.begin(); it != r.end(); ++it) {
            if (it.key() == "bytes") row.bytes = positive(r, at, "bytes");
            else if (it->is_number() && it.key() != "us") row.shape[it.key()] = it->get<double>();
        }
        if (!row.op.empty() && row.seconds > 0) out.push_back(std::move(row));
    }

    void power_row(const json& r, const Pointer& at, OperatorTable& t) {
        PowerRow row{text_of(r, "state"), positive(r, at, "watts_median"), positive(r, at, "watts_p10"), positive(r, at, "watts_p90")};
        if (row.state.empty()) fail("data.incomplete", at, "a power row must name its \"state\"", "");
        else if (row.p10_w > row.median_w || row.median_w > row.p90_w)
            fail("data.bad_value", at, "a power row needs watts_p10 <= watts_median <= watts_p90", "");
        else if (row.median_w > 0) t.power.push_back(std::move(row));
    }
};

}  // namespace

void load_operator_tables(const std::vector<CatalogueFiles::File>& files, Catalogue& c, std::vector<Diagnostic>& errors) {
    for (const CatalogueFiles::File& file : files) {
        OperatorTable t;
        if (!TableReader(file, errors).read(c, t)) continue;
        if (c.operators_of(t.chip)) {
            FileValidator(file, errors).error("data.duplicate_id", t.chip, Pointer("/chip"),
                                              "a second operator table for \"" + t.chip + "\"", "keep one table per chip");
            continue;
        }
        c.operator_tables.push_back(std::move(t));
    }
}

}  // namespace planner
