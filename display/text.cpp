#include "text.hpp"

#include "answers.hpp"
#include "tables.hpp"

#include <algorithm>
#include <cctype>
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

std::string decode_entities(std::string_view s) {
    static const std::pair<const char*, const char*> entities[] = {
        {"&#x2F;", "/"}, {"&#x2f;", "/"}, {"&#47;", "/"}, {"&amp;", "&"},  {"&quot;", "\""},
        {"&#39;", "'"},  {"&#x27;", "'"}, {"&lt;", "<"},  {"&gt;", ">"},
    };
    std::string out;
    for (std::size_t i = 0; i < s.size();) {
        bool done = false;
        if (s[i] == '&')
            for (auto [name, text] : entities)
                if (s.compare(i, std::char_traits<char>::length(name), name) == 0) {
                    out += text;
                    i += std::char_traits<char>::length(name);
                    done = true;
                    break;
                }
        if (!done) out += s[i++];
    }
    return out;
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

std::string precision_name(std::string precision) {
    for (char& ch : precision) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return precision;
}

std::string format_saving(double percent, const std::string& lang) {
    const bool ja = lang == "ja";
    if (std::round(percent * 10) == 0) return ja ? "変化なし" : "no change";
    const std::string size = format_display(std::fabs(percent)) + "%";
    if (percent > 0) return ja ? size + " 減" : size + " less";
    return ja ? size + " 増" : size + " more";
}

namespace {

struct Money {
    std::optional<double> usd_jpy;  // the nearest enclosing object's rate
    std::string lang;
};

// Where a value sits: the result's kind and its path in the result ("range.mfu.low", "rows[].days").
struct Place {
    std::string_view kind;
    std::string path;

    Place operator/(const std::string& key) const { return {kind, path.empty() ? key : path + "." + key}; }
    Place items() const { return {kind, path + "[]"}; }
};

nlohmann::json displayed(const nlohmann::json& value, const Place& at, const std::map<std::string, std::string>& names,
                         Money money) {
    if (value.is_number()) {
        const double v = value.get<double>();
        switch (display_unit(at.kind, at.path)) {
            case DisplayUnit::money: return format_money(v, money.usd_jpy, money.lang);
            case DisplayUnit::saving: return format_saving(v, money.lang);
            case DisplayUnit::gigabytes: return format_display(v / 1e9);
            case DisplayUnit::percent: return format_display(v * 100);
            case DisplayUnit::as_is: break;
        }
        return format_display(v);
    }
    if (value.is_object()) {
        nlohmann::json out = nlohmann::json::object();
        if (auto rate = value.find("usd_jpy"); rate != value.end() && rate->is_number()) money.usd_jpy = rate->get<double>();
        // An inference or serving result keeps its rate in the footprint of the fleet's hour.
        else if (auto hour = value.find("fleet_hour"); hour != value.end() && hour->is_object())
            if (auto r = hour->find("usd_jpy"); r != hour->end() && r->is_number()) money.usd_jpy = r->get<double>();
        for (auto it = value.begin(); it != value.end(); ++it) out[it.key()] = displayed(*it, at / it.key(), names, money);
        return out;
    }
    if (value.is_array()) {
        nlohmann::json out = nlohmann::json::array();
        for (const auto& item : value) out.push_back(displayed(item, at.items(), names, money));
        return out;
    }
    const std::size_t dot = at.path.rfind('.');
    const std::string key = dot == std::string::npos ? at.path : at.path.substr(dot + 1);
    if (value.is_string() && (ends_with(key, "_source") || key == "purchase_option"))
        if (auto name = names.find(value.get<std::string>()); name != names.end()) return name->second;
    return value;
}

}  // namespace

nlohmann::json display_json(const nlohmann::json& response, const std::map<std::string, std::string>& names,
                            const std::string& lang) {
    if (!response.is_object()) return displayed(response, Place{"", ""}, names, Money{std::nullopt, lang});
    // Each result under its kind's name ({"api", "ok", "kind", "train": {…}}); the rest as it is.
    nlohmann::json out = nlohmann::json::object();
    for (auto it = response.begin(); it != response.end(); ++it)
        out[it.key()] = displayed(*it, Place{it.key(), ""}, names, Money{std::nullopt, lang});
    add_answers(out, lang);
    add_tables(out);
    return out;
}

}  // namespace site
