// The canonical JSON of an operator table: compact rows, read back by the wasm module.
#include "planner/operator_table.hpp"

namespace planner {

using nlohmann::json;

namespace {

json kernels(const std::vector<KernelRow>& rows) {
    json out = json::array();
    for (const KernelRow& r : rows) out.push_back({r.op, r.shape, r.bytes, r.seconds, r.timing});
    return out;
}

std::vector<KernelRow> kernels_of(const json& j, const char* key) {
    std::vector<KernelRow> rows;
    for (const json& r : j.at(key))
        rows.push_back({r.at(0).get<std::string>(), r.at(1).get<std::map<std::string, double>>(), r.at(2).get<double>(),
                        r.at(3).get<double>(), r.at(4).get<std::string>()});
    return rows;
}

}  // namespace

void to_json(json& j, const OperatorTable& t) {
    json matmul = json::array(), power = json::array();
    for (const MatmulRow& r : t.matmul) matmul.push_back({r.dtype, r.m, r.n, r.k, r.seconds, r.timing});
    for (const PowerRow& r : t.power) power.push_back({r.state, r.median_w, r.p10_w, r.p90_w});
    j = {{"file", t.file}, {"chip", t.chip}, {"source", t.source}, {"measured", t.measured}, {"mode", t.mode},
         {"device", t.device}, {"software", t.software}, {"missing", t.missing}, {"matmul", matmul}, {"power", power},
         {"bandwidth", kernels(t.bandwidth)}, {"elementwise", kernels(t.elementwise)}, {"attention", kernels(t.attention)},
         {"decode_attention", kernels(t.decode_attention)}, {"optimizer", kernels(t.optimizer)}, {"launch", kernels(t.launch)}};
}

void from_json(const json& j, OperatorTable& t) {
    const std::pair<const char*, std::string*> texts[] = {{"file", &t.file}, {"chip", &t.chip}, {"source", &t.source},
                                                          {"measured", &t.measured}, {"mode", &t.mode}, {"device", &t.device}};
    for (const auto& [key, field] : texts) j.at(key).get_to(*field);
    j.at("software").get_to(t.software);
    j.at("missing").get_to(t.missing);
    for (const json& r : j.at("matmul"))
        t.matmul.push_back({r.at(0).get<std::string>(), r.at(1).get<double>(), r.at(2).get<double>(), r.at(3).get<double>(),
                            r.at(4).get<double>(), r.at(5).get<std::string>()});
    for (const json& r : j.at("power"))
        t.power.push_back({r.at(0).get<std::string>(), r.at(1).get<double>(), r.at(2).get<double>(), r.at(3).get<double>()});
    t.bandwidth = kernels_of(j, "bandwidth");
    t.elementwise = kernels_of(j, "elementwise");
    t.attention = kernels_of(j, "attention");
    t.decode_attention = kernels_of(j, "decode_attention");
    t.optimizer = kernels_of(j, "optimizer");
    t.launch = kernels_of(j, "launch");
}

}  // namespace planner
