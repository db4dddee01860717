#include "outputs.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace site {

using nlohmann::json;

namespace {

std::string xml_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&apos;"; break;
            default: out += c;
        }
    }
    return out;
}

// RFC 3339 for Atom: a bare date becomes midnight UTC.
std::string rfc3339(const std::string& date) { return date.size() == 10 ? date + "T00:00:00Z" : date; }

// Splits UTF-8 text into code points, lowercasing ASCII; anything that is not a letter or digit
// (ASCII punctuation, spaces, Japanese punctuation 、。「」) ends a run.
std::vector<std::vector<std::string>> runs_of(const std::string& text) {
    std::vector<std::vector<std::string>> runs(1);
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : 4;
        std::string cp = text.substr(i, n);
        i += n;
        const bool ascii_word = n == 1 && (std::isalnum(c) || c == '_');
        const bool cjk_punct = cp == "、" || cp == "。" || cp == "「" || cp == "」" || cp == "（" || cp == "）" ||
                               cp == "・" || cp == "，" || cp == "．" || cp == "：" || cp == "　";
        if ((n == 1 && !ascii_word) || cjk_punct) {
            if (!runs.back().empty()) runs.emplace_back();
            continue;
        }
        if (n == 1) cp[0] = char(std::tolower(c));
        runs.back().push_back(std::move(cp));
    }
    if (runs.back().empty()) runs.pop_back();
    return runs;
}

}  // namespace

std::string plain_text(const std::string& html, std::size_t limit) {
    std::string out;
    bool in_tag = false, space = false;
    for (std::size_t i = 0; i < html.size() && out.size() < limit; ++i) {
        const char c = html[i];
        if (in_tag) {
            in_tag = c != '>';
            if (!in_tag) space = true;
            continue;
        }
        if (c == '<') {
            in_tag = true;
            continue;
        }
        if (c == '&') {
            static const std::pair<const char*, char> entities[] = {{"&amp;", '&'}, {"&lt;", '<'}, {"&gt;", '>'}, {"&quot;", '"'}};
            bool decoded = false;
            for (auto [name, ch] : entities)
                if (html.compare(i, std::char_traits<char>::length(name), name) == 0) {
                    out += ch;
                    i += std::char_traits<char>::length(name) - 1;
                    decoded = true;
                    break;
                }
            if (decoded) continue;
        }
        if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
            space = true;
            continue;
        }
        if (space && !out.empty()) out += ' ';
        space = false;
        out += c;
    }
    return out;
}

std::string redirect_page(const std::string& base_url, const std::string& from, const std::string& to) {
    const std::string target = root_of(from) + to;
    return "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>" + xml_escape(to) +
           "</title>\n<link rel=\"canonical\" href=\"" + xml_escape(base_url + to) +
           "\">\n<meta http-equiv=\"refresh\" content=\"0; url=" + xml_escape(target) +
           "\">\n</head><body><p><a href=\"" + xml_escape(target) + "\">" + xml_escape(base_url + to) +
           "</a></p></body></html>\n";
}

std::string search_index(const SiteIndex& index, const std::string& lang) {
    json docs = json::array();
    std::map<std::string, std::vector<int>> grams;
    for (const Page& p : index.pages) {
        if (p.lang != lang || p.kind == "404") continue;
        const int id = int(docs.size());
        std::string headings;
        for (const Heading& h : p.toc) headings += h.text + " ";
        docs.push_back({{"t", p.front.title}, {"u", p.url}, {"d", p.front.description}});
        const std::string text = p.front.title + " " + p.front.description + " " + headings + plain_text(p.html, 600);
        std::set<std::string> seen;
        for (const auto& run : runs_of(text)) {
            if (run.size() == 1) seen.insert(run[0]);  // a one-character word (or kanji) is its own gram
            for (std::size_t k = 0; k + 1 < run.size(); ++k) seen.insert(run[k] + run[k + 1]);
        }
        for (const std::string& g : seen) grams[g].push_back(id);
    }
    json g = json::object();
    for (auto& [gram, ids] : grams) g[gram] = std::move(ids);
    return json{{"docs", docs}, {"grams", g}}.dump();
}

void add_site_files(const SiteIndex& index, std::vector<OutputFile>& files) {
    const Config& config = index.config;
    std::string sitemap =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n";
    for (const Page& p : index.pages) {
        if (p.kind == "404") continue;
        sitemap += "  <url><loc>" + xml_escape(config.base_url + p.url) + "</loc>";
        const std::string& modified = !p.front.updated.empty() ? p.front.updated : p.front.date;
        if (!modified.empty()) sitemap += "<lastmod>" + xml_escape(modified.substr(0, 10)) + "</lastmod>";
        sitemap += "</url>\n";
    }
    files.push_back({"sitemap.xml", sitemap + "</urlset>\n"});
    files.push_back({"robots.txt", "User-agent: *\nAllow: /\n\nSitemap: " + config.base_url + "sitemap.xml\n"});

    for (const Page& section : index.pages) {
        if (!section.is_section || !section.front.feed) continue;
        auto children = index.children.find({section.lang, section.key});
        std::vector<const Page*> entries;
        if (children != index.children.end())
            for (const Page* p : children->second)
                if (!p->front.date.empty()) entries.push_back(p);
        std::stable_sort(entries.begin(), entries.end(), [](const Page* a, const Page* b) { return a->front.date > b->front.date; });
        const std::string self = config.base_url + section.url + "atom.xml";
        std::string updated = entries.empty() ? std::string("1970-01-01") : entries.front()->front.date;
        for (const Page* p : entries)
            if (!p->front.updated.empty() && p->front.updated > updated) updated = p->front.updated;
        std::string feed = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"" +
                           section.lang + "\">\n  <title>" + xml_escape(section.front.title) + "</title>\n  <id>" +
                           xml_escape(self) + "</id>\n  <link rel=\"self\" href=\"" + xml_escape(self) +
                           "\"/>\n  <link href=\"" + xml_escape(config.base_url + section.url) + "\"/>\n  <updated>" +
                           rfc3339(updated) + "</updated>\n";
        for (const Page* p : entries) {
            const std::string url = config.base_url + p->url;
            feed += "  <entry>\n    <title>" + xml_escape(p->front.title) + "</title>\n    <id>" + xml_escape(url) +
                    "</id>\n    <link href=\"" + xml_escape(url) + "\"/>\n    <published>" + rfc3339(p->front.date) +
                    "</published>\n    <updated>" + rfc3339(p->front.updated.empty() ? p->front.date : p->front.updated) +
                    "</updated>\n    <author><name>" + xml_escape(config.language(p->lang)->title) +
                    "</name></author>\n    <summary>" + xml_escape(p->front.description) + "</summary>\n  </entry>\n";
        }
        files.push_back({section.url + "atom.xml", feed + "</feed>\n"});
    }

    if (config.search)
        for (const Language& lang : config.languages)
            files.push_back({config.prefix(lang.code) + "search-index.json", search_index(index, lang.code)});
}

}  // namespace site
