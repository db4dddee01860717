#include "planner/response_writer.hpp"

#include <cstring>

namespace planner::writer_detail {

nlohmann::json& slot(nlohmann::json& j, const char* path) {
    nlohmann::json* at = &j;
    for (const char* dot; (dot = std::strchr(path, '.')) != nullptr; path = dot + 1) {
        nlohmann::json& next = (*at)[std::string(path, dot)];
        if (!next.is_object()) next = nlohmann::json::object();
        at = &next;
    }
    return (*at)[path];
}

}  // namespace planner::writer_detail
