#include "plan.hpp"

#include "messages.hpp"

namespace site {

namespace {
std::string said(planner::Answer a) {
    say_messages(a.response, a.lang);
    return planner::response_text(std::move(a.response));
}
}  // namespace

std::string plan(const planner::Catalogue& catalogue, std::string_view request_json, planner::CatalogWriter write_catalog) {
    return said(planner::answer(catalogue, request_json, write_catalog));
}

std::string plan(const planner::CatalogueLoad& load, std::string_view request_json) {
    return said(planner::answer(load, request_json));
}

}  // namespace site
