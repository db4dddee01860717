#include "templates.hpp"

#include <mstch/mstch.hpp>

namespace site {

using nlohmann::json;

namespace {

const std::string kHtml = ".html";
const std::string kPartials = "partials/";

mstch::node to_node(const json& j) {
    switch (j.type()) {
        case json::value_t::object: {
            mstch::map m;
            for (auto it = j.begin(); it != j.end(); ++it) m.emplace(it.key(), to_node(*it));
            return m;
        }
        case json::value_t::array: {
            mstch::array a;
            for (const auto& item : j) a.push_back(to_node(item));
            return a;
        }
        case json::value_t::string: return j.get<std::string>();
        case json::value_t::boolean: return j.get<bool>();
        case json::value_t::number_integer:
        case json::value_t::number_unsigned: return j.dump();  // printed as written, no locale
        case json::value_t::number_float: return j.dump();
        default: return std::string();
    }
}

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

Templates::Templates(const std::map<std::string, std::string>& files) {
    for (const auto& [path, text] : files) {
        if (!ends_with(path, kHtml)) continue;
        std::string name = path.substr(0, path.size() - kHtml.size());
        if (name.rfind(kPartials, 0) == 0) partials_.emplace(name.substr(kPartials.size()), text);
        else pages_.emplace(name, text);
    }
}

std::string Templates::render_page(const std::string& name, const json& view) const {
    mstch::node context = to_node(view);
    std::string body = mstch::render(pages_.at(name), context, partials_);
    json with_body = view;
    with_body["body"] = std::move(body);
    return mstch::render(pages_.at("base"), to_node(with_body), partials_);
}

}  // namespace site
