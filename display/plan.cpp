#include "plan.hpp"

#include "messages.hpp"

namespace site {

namespace {
// The answer as text, its messages in the request's language.
std::string in_words(planner::Answer a) {
    say_messages(a.response, a.lang);
    return planner::response_text(std::move(a.response));
}
}  // namespace

std::string plan(const planner::Catalogue& catalogue, std::string_view request_json, planner::CatalogWriter write_catalog) {
    return in_words(planner::answer(catalogue, request_json, write_catalog));
}

std::string plan(const planner::CatalogueLoad& load, std::string_view request_json) {
    return in_words(planner::answer(load, request_json));
}

}  // namespace site
