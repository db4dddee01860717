#include "answers.hpp"

#include <cstring>
#include <vector>

#include <nlohmann/json.hpp>

namespace site {

namespace {

using nlohmann::json;

// Every sentence in both languages; {name} is filled from the shown response.
struct Sentence {
    const char* en;
    const char* ja;
    const char* in(const std::string& lang) const { return lang == "ja" ? ja : en; }
};

constexpr Sentence kServe{
    "{fleet} × {instance}: TTFT {ttft_ms} ms, TPOT {tpot_ms} ms, ${cost_per_million_output} per million output tokens "
    "(tensor parallelism {tensor_parallel}, {concurrency_per_instance} sequences at once per instance).",
    "{instance} {fleet} 台で、TTFT {ttft_ms} ms、TPOT {tpot_ms} ms、100 万出力トークンあたり {cost_per_million_output} "
    "(テンソル並列 {tensor_parallel}、1 台あたり {concurrency_per_instance} 系列を同時処理)。"};
constexpr Sentence kServeBest{"The cheapest type for these targets is {instance}, at ${cost_per_million_output} per million output tokens.",
                              "この目標でいちばん安いのは {instance} で、100 万出力トークンあたり {cost_per_million_output} です。"};
constexpr Sentence kServeBestNone{
    "No instance type in the catalogue meets these targets; the table below says why for each.",
    "この目標を満たせるインスタンスタイプはカタログにありません。下の表に理由があります。"};
constexpr Sentence kEnergy{"{label} against {baseline}: energy {energy_saving_percent}, CO2e {co2e_saving_percent}, cost {cost_saving_percent}",
                           "{label}: {baseline} に比べて電力量 {energy_saving_percent}・CO2e {co2e_saving_percent}・費用 {cost_saving_percent}"};

// A training comparison's answer to "the cheapest within a deadline" or "the fastest within a budget".
struct Question {
    const char* key;  // the work's field that asks it
    Sentence item, one, two, none;
};
constexpr Question kDeadline{
    "deadline_days",
    {"{instances} × {instance} (${cost_usd})", "{instance} × {instances} 台、{cost_usd}"},
    {"Cheapest within {deadline_days} days: {first}.", "{deadline_days} 日以内で最も安いのは {first}。"},
    {"Cheapest within {deadline_days} days: {first}; next: {next}.", "{deadline_days} 日以内で最も安いのは {first}、次は {next}。"},
    {"No instance type can finish within {deadline_days} days; the table says why for each.",
     "{deadline_days} 日以内に終わるインスタンスタイプはありません。それぞれの理由は表をご覧ください。"}};
constexpr Question kBudget{
    "budget_usd",
    {"{instances} × {instance} in {days} days (${cost_usd})", "{instance} × {instances} 台で {days} 日、{cost_usd}"},
    {"Fastest within ${budget_usd}: {first}.", "予算 {budget_usd} USD 以内で最も速いのは {first}。"},
    {"Fastest within ${budget_usd}: {first}; next: {next}.", "予算 {budget_usd} USD 以内で最も速いのは {first}、次は {next}。"},
    {"No instance type can run this job within ${budget_usd}; the table says why for each.",
     "予算 {budget_usd} USD 以内で実行できるインスタンスタイプはありません。それぞれの理由は表をご覧ください。"}};

// `form` with each {name} replaced by `values`' text of that name, else by "—"; {first} and {next}
// come from `parts`.
std::string fill(const char* form, const json& values, const json& parts = json::object()) {
    std::string out;
    for (const char* p = form; *p;) {
        const char* close = *p == '{' ? std::strchr(p, '}') : nullptr;
        if (!close) {
            out += *p++;
            continue;
        }
        const std::string name(p + 1, close);
        const json* v = parts.contains(name) ? &parts[name] : values.contains(name) ? &values[name] : nullptr;
        out += v && v->is_string() ? v->get<std::string>() : "—";
        p = close + 1;
    }
    return out;
}

bool has(const json& row, const char* key) { return row.contains(key) && row[key].is_string(); }

std::string training_answer(const json& compare, const std::string& lang) {
    static const json none = json::object();
    const json& work = compare.contains("work") ? compare["work"] : none;
    const Question* q = has(work, kDeadline.key) ? &kDeadline : has(work, kBudget.key) ? &kBudget : nullptr;
    if (!q) return {};
    std::vector<std::string> items;
    for (const json& row : compare.value("rows", json::array()))
        if (has(row, "days") && has(row, "cost_usd") && items.size() < 2) items.push_back(fill(q->item.in(lang), row));
    const Sentence& form = items.empty() ? q->none : items.size() == 1 ? q->one : q->two;
    json parts = json::object();
    if (!items.empty()) parts["first"] = items[0];
    if (items.size() > 1) parts["next"] = items[1];
    return fill(form.in(lang), work, parts);
}

std::string serving_answer(const json& compare, const std::string& lang) {
    for (const json& row : compare.value("rows", json::array()))
        if (!row.contains("error") && has(row, "cost_per_million_output")) return fill(kServeBest.in(lang), row);
    return kServeBestNone.in(lang);
}

}  // namespace

void add_answers(json& shown, const std::string& lang) {
    if (!shown.is_object()) return;
    if (auto serve = shown.find("serve"); serve != shown.end() && serve->is_object())
        (*serve)["answer"] = fill(kServe.in(lang), *serve);
    if (auto energy = shown.find("energy"); energy != shown.end() && energy->is_object()) {
        const json rows = energy->value("configurations", json::array());
        json answers = json::array();
        for (std::size_t i = 1; i < rows.size(); ++i)
            answers.push_back(fill(kEnergy.in(lang), rows[i], {{"baseline", rows[0].value("label", json())}}));
        (*energy)["answers"] = std::move(answers);
    }
    if (auto compare = shown.find("compare"); compare != shown.end() && compare->is_object()) {
        const std::string job = compare->value("job", std::string());
        const std::string answer = job == "train" ? training_answer(*compare, lang) : job == "serve" ? serving_answer(*compare, lang) : "";
        if (!answer.empty()) (*compare)["answer"] = answer;
    }
}

}  // namespace site
