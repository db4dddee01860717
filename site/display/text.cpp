#include "text.hpp"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

namespace site {

void escape_html(std::string_view s, std::string& out) {
    std::size_t run = 0;  // start of the text not yet appended
    for (std::size_t i = 0; i < s.size(); ++i) {
        std::string_view entity;
        switch (s[i]) {
            case '&': entity = "&amp;"; break;
            case '<': entity = "&lt;"; break;
            case '>': entity = "&gt;"; break;
            case '"': entity = "&quot;"; break;
            case '\'': entity = "&#39;"; break;
            default: continue;
        }
        out.append(s.data() + run, i - run);
        out.append(entity);
        run = i + 1;
    }
    out.append(s.data() + run, s.size() - run);
}

std::string format_fixed(double value, int decimals) {
    if (!std::isfinite(value)) return value != value ? "nan" : value < 0 ? "-inf" : "inf";
    double scaled = std::nearbyint(std::fabs(value) * std::pow(10.0, decimals));
    std::string digits;  // least significant first
    do {
        const double digit = std::fmod(scaled, 10);  // exact
        digits += static_cast<char>('0' + static_cast<int>(digit));
        scaled = std::round((scaled - digit) / 10);
    } while (scaled > 0 || digits.size() <= static_cast<std::size_t>(decimals));
    std::string out = std::signbit(value) ? "-" : "";
    for (std::size_t i = digits.size(); i-- > 0;) {
        out += digits[i];
        if (i == static_cast<std::size_t>(decimals) && decimals > 0) out += '.';
    }
    return out;
}

std::string format_grouped(double value, int decimals) {
    std::string digits = format_fixed(std::fabs(value), decimals), frac;
    if (auto dot = digits.find('.'); dot != std::string::npos) {
        frac = digits.substr(dot + 1);
        digits.resize(dot);
        while (!frac.empty() && frac.back() == '0') frac.pop_back();
    }
    std::string grouped;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) grouped += ',';
        grouped += digits[i];
    }
    bool zero = grouped.find_first_not_of("0,") == std::string::npos && frac.empty();
    return (value < 0 && !zero ? "-" : "") + grouped + (frac.empty() ? "" : "." + frac);
}

std::string format_display(double value) {
    const double magnitude = std::fabs(value);
    if (std::isfinite(value) && magnitude >= 1e15) {  // 3.15 × 10²³: too many digits to read grouped
        int exponent = static_cast<int>(std::floor(std::log10(magnitude)));
        double mantissa = value / std::pow(10, exponent);
        if (std::fabs(std::round(mantissa * 100) / 100) >= 10) mantissa /= 10, ++exponent;
        static const char* kSuperscript[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
        std::string power;
        for (char digit : std::to_string(exponent)) power += kSuperscript[digit - '0'];
        return format_grouped(mantissa, 2) + " × 10" + power;
    }
    return format_grouped(value, magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2);
}

std::string format_yen(double jpy) {
    const double m = std::fabs(jpy);
    if (m >= 1e12) return format_display(jpy / 1e12) + " 兆円";
    if (m >= 1e8) return format_display(jpy / 1e8) + " 億円";
    if (m >= 1e5) return format_display(jpy / 1e4) + " 万円";  // below 10 万, grouped yen reads better
    return format_grouped(jpy, 0) + " 円";
}

double money_factor(std::optional<double> usd_jpy, const std::string& lang) {
    return lang == "ja" && usd_jpy ? *usd_jpy : 1.0;
}

std::string money_unit(std::optional<double> usd_jpy, const std::string& lang) {
    return lang == "ja" && usd_jpy ? "円" : "USD";
}

std::string format_money(double usd, std::optional<double> usd_jpy, const std::string& lang) {
    if (money_factor(usd_jpy, lang) == 1.0) return format_display(usd);
    return format_yen(usd * *usd_jpy) + " (" + format_display(usd) + " ドル)";
}

namespace {
bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}
}  // namespace

std::string format_saving(double percent, const std::string& lang) {
    const bool ja = lang == "ja";
    if (std::round(percent * 10) == 0) return ja ? "変化なし" : "no change";
    const std::string size = format_display(std::fabs(percent)) + "%";
    if (percent > 0) return ja ? size + " 減" : size + " less";
    return ja ? size + " 増" : size + " more";
}

bool is_money(const std::string& key) {
    return ends_with(key, "_usd") || key.find("usd_per_") != std::string::npos || key == "cost_per_hour" ||
           key.rfind("cost_per_million", 0) == 0;  // per million requests, input tokens, output tokens
}

namespace {
// The fractions shown in percent; `slower` is a training alternative's lost time.
const char* const kPercentKeys[] = {"mfu", "hfu", "matrix_utilisation", "scaling_efficiency", "target_utilisation",
                                    "overlap", "tensor_overlap", "pipeline_overlap", "expert_overlap", "slower"};
// Fields named *_bytes that are not sizes: bytes per parameter.
const char* const kBytesAsIs[] = {"base_weight_bytes"};

bool listed(const char* const* begin, const char* const* end, const std::string& key) {
    return std::find_if(begin, end, [&](const char* k) { return key == k; }) != end;
}
}  // namespace

DisplayUnit display_unit(const std::string& key) {
    if (ends_with(key, "_bytes") && !listed(std::begin(kBytesAsIs), std::end(kBytesAsIs), key)) return DisplayUnit::gigabytes;
    return listed(std::begin(kPercentKeys), std::end(kPercentKeys), key) ? DisplayUnit::percent : DisplayUnit::as_is;
}

nlohmann::json display_unit_rule() {
    return {{"percent", std::vector<std::string>(std::begin(kPercentKeys), std::end(kPercentKeys))},
            {"bytes_as_is", std::vector<std::string>(std::begin(kBytesAsIs), std::end(kBytesAsIs))}};
}

namespace {

struct Money {
    std::optional<double> usd_jpy;  // the nearest enclosing object's rate
    std::string lang;
};

nlohmann::json displayed(const nlohmann::json& value, const std::string& key, const std::map<std::string, std::string>& names,
                         Money money, bool in_money = false) {
    if (value.is_number()) {
        double v = value.get<double>();
        if (in_money || is_money(key)) return format_money(v, money.usd_jpy, money.lang);
        if (ends_with(key, "_saving_percent")) return format_saving(v, money.lang);
        switch (display_unit(key)) {
            case DisplayUnit::gigabytes: v /= 1e9; break;
            case DisplayUnit::percent: v *= 100; break;
            case DisplayUnit::as_is: break;
        }
        return format_display(v);
    }
    if (value.is_object()) {
        nlohmann::json out = nlohmann::json::object();
        // A range {low, high} is shown as the figure it ranges: range.mfu.low in percent, as mfu.
        const bool range = value.contains("low") && value.contains("high");
        if (auto rate = value.find("usd_jpy"); rate != value.end() && rate->is_number()) money.usd_jpy = rate->get<double>();
        // An inference or serving result keeps its rate in the footprint of the fleet's hour.
        else if (auto hour = value.find("fleet_hour"); hour != value.end() && hour->is_object())
            if (auto r = hour->find("usd_jpy"); r != hour->end() && r->is_number()) money.usd_jpy = r->get<double>();
        // Under a money key every number is money: usd_per_pflops_hour.bf16, range.cost_usd.low.
        const bool money_here = in_money || is_money(key);
        for (auto it = value.begin(); it != value.end(); ++it)
            out[it.key()] = displayed(*it, range && (it.key() == "low" || it.key() == "high") ? key : it.key(), names, money,
                                      money_here);
        return out;
    }
    if (value.is_array()) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& item : value) out.push_back(displayed(item, key, names, money, in_money));
        return out;
    }
    if (value.is_string() && (ends_with(key, "_source") || key == "purchase_option"))
        if (auto name = names.find(value.get<std::string>()); name != names.end()) return name->second;
    return value;
}

}  // namespace

nlohmann::json display_json(const nlohmann::json& response, const std::map<std::string, std::string>& names,
                            const std::string& lang) {
    return displayed(response, "", names, Money{std::nullopt, lang});
}

}  // namespace site
