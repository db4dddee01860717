#include "templates.hpp"

namespace site {

using nlohmann::json;

namespace {

const std::string kHtml = ".html";
const std::string kPartials = "partials/";

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

void unknown_partials(const mustache::Nodes& nodes, const mustache::Partials& partials, const std::string& file,
                      std::vector<planner::Diagnostic>& errors) {
    for (const auto& n : nodes) {
        if (n.kind == mustache::Node::Kind::partial && !partials.count(n.text))
            errors.push_back({"template.syntax", file, 0, 0, "", "", "unknown partial \"" + n.text + "\"",
                              "add templates/partials/" + n.text + ".html"});
        unknown_partials(n.children, partials, file, errors);
    }
}

}  // namespace

Templates::Templates(const std::map<std::string, std::string>& files) {
    for (const auto& [path, text] : files) {
        if (!ends_with(path, kHtml)) continue;
        const std::string name = path.substr(0, path.size() - kHtml.size());
        mustache::Template t = mustache::parse(text, "templates/" + path, errors_);
        if (name.rfind(kPartials, 0) == 0) partials_.emplace(name.substr(kPartials.size()), std::move(t));
        else pages_.emplace(name, std::move(t));
    }
    for (const auto& [name, t] : pages_) unknown_partials(t.nodes, partials_, "templates/" + name + kHtml, errors_);
    for (const auto& [name, t] : partials_)
        unknown_partials(t.nodes, partials_, "templates/partials/" + name + kHtml, errors_);
}

std::string Templates::render_page(const std::string& name, std::vector<const json*> contexts,
                                   mustache::SectionCache* cache, std::size_t shared_contexts) const {
    std::string body;
    mustache::render(pages_.at(name), contexts, partials_, body, cache, shared_contexts);
    const json frame{{"body", std::move(body)}};
    contexts.push_back(&frame);
    std::string html;
    html.reserve(frame["body"].get_ref<const std::string&>().size() + 4096);
    mustache::render(pages_.at("base"), contexts, partials_, html, cache, shared_contexts);
    return html;
}

}  // namespace site
