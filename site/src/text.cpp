#include "text.hpp"

#include <cmath>
#include <cstdio>

namespace site {

void escape_html(std::string_view s, std::string& out) {
    for (char c : s) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
}

std::string format_grouped(double value, int decimals) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, std::fabs(value));
    std::string digits(buf), frac;
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
    return format_grouped(value, magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2);
}

}  // namespace site
