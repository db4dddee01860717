#include "plan.hpp"

#include "messages.hpp"

namespace site {

namespace {
// The answer with its messages in the request's language.
planner::Answer said(planner::Answer a) {
    say_messages(a.response, a.lang);
    return a;
}
}  // namespace

planner::Answer said_answer(const planner::Catalogue& catalogue, std::string_view request_json,
                            planner::CatalogWriter write_catalog) {
    return said(planner::answer(catalogue, request_json, write_catalog));
}

std::string plan(const planner::Catalogue& catalogue, std::string_view request_json, planner::CatalogWriter write_catalog) {
    return planner::response_text(said_answer(catalogue, request_json, write_catalog).response);
}

std::string plan(const planner::CatalogueLoad& load, std::string_view request_json) {
    return planner::response_text(said(planner::answer(load, request_json)).response);
}

}  // namespace site
