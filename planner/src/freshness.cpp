#include "planner/freshness.hpp"

#include <map>
#include <tuple>

namespace planner {

namespace {

struct YearMonth {
    int year = 0, month = 1;
};

YearMonth parse(const std::string& date) {
    YearMonth ym;
    if (date.size() >= 4) ym.year = std::stoi(date.substr(0, 4));
    if (date.size() >= 7) ym.month = std::stoi(date.substr(5, 2));
    return ym;
}

// Every figure of a group: which file, what kind, how many.
struct Group {
    std::string file, what;
    int count = 0;
    std::string example;  // the first entry, to find the group by
};

}  // namespace

int months_between(const std::string& as_of, const std::string& today) {
    if (as_of.size() < 4 || today.size() < 7) return 0;
    const YearMonth a = parse(as_of), t = parse(today);
    const int months = (t.year - a.year) * 12 + (t.month - a.month);
    return months < 0 ? 0 : months;
}

std::vector<Diagnostic> stale_figures(const Catalogue& c, const std::string& today, int max_months) {
    // Keyed by (file, source, date), in a stable order.
    std::map<std::tuple<std::string, std::string, std::string>, Group> groups;
    auto note = [&](const std::string& file, const std::string& what, const Figure& f, const std::string& entry) {
        const std::string date = c.as_of(f);
        if (date.empty() || months_between(date, today) <= max_months) return;
        Group& g = groups[{file, f.source, date}];
        g.file = file;
        g.what = what;
        if (g.count++ == 0) g.example = entry;
    };
    for (const Price& p : c.prices)
        if (p.priced()) note("data/prices.json", "price", p.usd_per_hour, p.instance + " in " + p.region + " (" + p.option + ")");
    for (const ExchangeRate& r : c.exchange_rates) note("data/currency.json", "exchange rate", r.rate, r.from + "→" + r.to);
    // Only the newest rate is used: older ones are kept for the trend and are not stale figures.
    if (const ExchangeRate* newest = c.exchange_rate("USD", "JPY"))
        for (const ExchangeRate& r : c.exchange_rates)
            if (&r != newest) groups.erase({"data/currency.json", r.rate.source, c.as_of(r.rate)});
    for (const Accelerator& a : c.accelerators) {
        for (const auto& [precision, f] : a.peak_tflops) note("data/accelerators.json", "specification", f, a.id);
        if (a.kind != "cpu") note("data/accelerators.json", "specification", a.memory, a.id);
        if (a.memory_bandwidth) note("data/accelerators.json", "specification", *a.memory_bandwidth, a.id);
    }
    for (const Instance& i : c.instances) {
        note("data/instances.json", "specification", i.accelerator_count, i.id);
        note("data/instances.json", "specification", i.memory, i.id);
        if (i.network) note("data/instances.json", "specification", *i.network, i.id);
    }
    std::vector<Diagnostic> out;
    for (const auto& [key, g] : groups) {
        const auto& [file, source, date] = key;
        const int age = months_between(date, today);
        Diagnostic d;
        d.code = "data.stale";
        d.file = file;
        d.entry = g.example;
        d.message = std::to_string(g.count) + " " + g.what + (g.count == 1 ? "" : "s") + " from source \"" + source +
                    "\" dated " + date + " (" + std::to_string(age) + " months old, more than " + std::to_string(max_months) + ")";
        d.hint = g.what == "specification" ? "re-read the source; if it still holds, date it again in data/sources.json"
                                           : "re-read the " + g.what + " at its source and give the new value and date";
        out.push_back(std::move(d));
    }
    return out;
}

}  // namespace planner
