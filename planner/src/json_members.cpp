#include "planner/json_members.hpp"

namespace planner {

void members(nlohmann::json& j, std::initializer_list<Member> list) {
    if (!j.is_object()) j = nlohmann::json::object();
    for (const Member& m : list) j[m.key] = std::move(m.value);
}

}  // namespace planner
