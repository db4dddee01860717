#include "stop_point.hpp"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string>

namespace site {

namespace {

struct StopAt {
    std::string point;  // empty: no stop point asked for
    long nth = 1;
    std::atomic<long> passed{0};

    StopAt() {
        const char* spec = std::getenv("ACCELGUIDE_STOP_AT");
        if (!spec || !*spec) return;
        point = spec;
        if (const auto colon = point.find(':'); colon != std::string::npos) {
            nth = std::strtol(point.c_str() + colon + 1, nullptr, 10);
            point.resize(colon);
        }
        if (nth < 1) nth = 1;
    }
};

StopAt& stop_at() {
    static StopAt s;
    return s;
}

}  // namespace

void stop_point(const char* point) {
    StopAt& s = stop_at();
    if (s.point.empty() || s.point != point) return;
    if (s.passed.fetch_add(1) + 1 == s.nth) std::raise(SIGSTOP);
}

}  // namespace site
