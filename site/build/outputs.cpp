#include "outputs.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <map>
#include <set>
#include <unordered_map>

#include "mustache.hpp"
#include "parallel.hpp"
#include "planner/schema.hpp"

namespace site {

using nlohmann::json;

namespace {

// HTML escaping is valid XML escaping too (&#39; for the apostrophe).
std::string xml_escape(const std::string& s) {
    std::string out;
    mustache::escape_html(s, out);
    return out;
}

// RFC 3339 for Atom: a bare date becomes midnight UTC.
std::string rfc3339(const std::string& date) { return date.size() == 10 ? date + "T00:00:00Z" : date; }

bool is_cjk_punctuation(std::string_view cp) {
    static const std::string_view marks[] = {"、", "。", "「", "」", "（", "）", "・", "，", "．", "：", "\u3000"};
    for (std::string_view m : marks)
        if (cp == m) return true;
    return false;
}

// A code point's UTF-8 bytes packed into an integer (lowest byte first), and back.
std::uint32_t pack(std::string_view cp) {
    std::uint32_t v = 0;
    for (std::size_t i = 0; i < cp.size(); ++i) v |= std::uint32_t(static_cast<unsigned char>(cp[i])) << (8 * i);
    return v;
}
void unpack(std::uint32_t v, std::string& out) {
    for (; v; v >>= 8) out += char(v & 0xFF);
}

// The distinct grams of one text. A gram of ASCII characters only (most of them, in English) is
// marked in a bitmap indexed by its two characters; any other is collected, then sorted and made
// unique. The set's order is not the grams' order: the index sorts them later, by text.
class GramSet {
public:
    void add(std::uint64_t gram) {
        const std::uint64_t first = gram >> 32, second = gram & 0xFFFFFFFFu;
        if (first < 0x80 && second < 0x80) {  // a single character has first == 0
            const std::size_t bit = std::size_t(first << 7 | second);
            ascii_[bit >> 6] |= std::uint64_t(1) << (bit & 63);
        } else {
            others_.push_back(gram);
        }
    }

    std::vector<std::uint64_t> distinct() {
        std::vector<std::uint64_t> out;
        for (std::size_t word = 0; word < ascii_.size(); ++word)
            for (std::uint64_t bits = ascii_[word]; bits; bits &= bits - 1) {
                const std::size_t bit = word << 6 | std::size_t(__builtin_ctzll(bits));
                out.push_back(std::uint64_t(bit >> 7) << 32 | (bit & 0x7F));
            }
        std::sort(others_.begin(), others_.end());
        others_.erase(std::unique(others_.begin(), others_.end()), others_.end());
        out.insert(out.end(), others_.begin(), others_.end());
        return out;
    }

private:
    std::array<std::uint64_t, 128 * 128 / 64> ascii_{};
    std::vector<std::uint64_t> others_;
};

bool is_ascii_word_char(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The grams of `text`: it is split into runs of letters and digits (ASCII lowercased; any
// non-ASCII character except Japanese punctuation counts as a letter), and each run into
// overlapping two-character grams; a one-character run is its own gram. A gram is packed into
// 64 bits (two code points' bytes), so sorting and merging stay cheap. Without repeats.
std::vector<std::uint64_t> grams_of(std::string_view text) {
    GramSet grams;
    std::uint32_t previous = 0;  // the last code point of the current run, 0 at a run's start
    bool single = false;         // the run so far is one character long
    auto end_run = [&] {
        if (single) grams.add(previous);
        previous = 0;
        single = false;
    };
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const std::size_t n = std::min<std::size_t>(c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : 4, text.size() - i);
        const std::string_view cp = text.substr(i, n);
        i += n;
        if ((n == 1 && !is_ascii_word_char(c)) || (n == 3 && is_cjk_punctuation(cp))) {
            end_run();
            continue;
        }
        const std::uint32_t code = n == 1 ? std::uint32_t(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c) : pack(cp);
        if (previous) {
            grams.add(std::uint64_t(previous) << 32 | code);
            single = false;
        } else {
            single = true;
        }
        previous = code;
    }
    end_run();
    return grams.distinct();
}

std::string gram_text(std::uint64_t g) {
    std::string s;
    if (g >> 32) unpack(std::uint32_t(g >> 32), s);
    unpack(std::uint32_t(g & 0xFFFFFFFFu), s);
    return s;
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
    // The limit may fall inside a multi-byte character: drop its leading bytes.
    std::size_t end = out.size();
    while (end > 0 && (static_cast<unsigned char>(out[end - 1]) & 0xC0) == 0x80) --end;
    if (end > 0 && static_cast<unsigned char>(out[end - 1]) >= 0xC0) {
        const unsigned char lead = static_cast<unsigned char>(out[end - 1]);
        const std::size_t length = (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : 4;
        if (out.size() - (end - 1) < length) out.resize(end - 1);
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
    std::vector<const Page*> pages;
    for (const Page& p : index.pages)
        if (p.lang == lang && p.kind != "404" && p.listed) pages.push_back(&p);
    // Each page's grams, in parallel; then one posting list per gram, in document order.
    std::vector<std::vector<std::uint64_t>> page_grams(pages.size());
    parallel_for(pages.size(), 0, [&](std::size_t i) {
        const Page& p = *pages[i];
        std::string text = p.front.title + " " + p.front.description + " ";
        for (const std::string& k : p.front.keywords) text += k + " ";
        for (const Heading& h : p.toc) text += h.text + " ";
        text += plain_text(p.html, 600);
        page_grams[i] = grams_of(text);
    });
    std::unordered_map<std::uint64_t, std::vector<int>> postings;
    postings.reserve(pages.size() * 8);
    json docs = json::array();
    for (std::size_t i = 0; i < pages.size(); ++i) {
        json& doc = docs.emplace_back(json::object());  // key by key: no temporary pairs
        doc["t"] = pages[i]->front.title;
        doc["u"] = pages[i]->url;
        doc["d"] = pages[i]->front.description;
        if (!pages[i]->front.keywords.empty()) {  // only where given: most pages have none
            std::string words;
            for (const std::string& k : pages[i]->front.keywords) words += (words.empty() ? "" : " ") + k;
            doc["k"] = words;
        }
        for (std::uint64_t g : page_grams[i]) postings[g].push_back(int(i));
    }
    std::vector<std::pair<std::string, const std::vector<int>*>> sorted;
    sorted.reserve(postings.size());
    for (const auto& [g, ids] : postings) sorted.emplace_back(gram_text(g), &ids);
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    // Each gram's entry, in parallel: the lists are long (every page that has the gram).
    std::vector<std::string> entries(sorted.size());
    parallel_for(sorted.size(), 0, [&](std::size_t k) {
        std::string& e = entries[k];
        e = json(sorted[k].first).dump() + ":[";
        char number[16];
        for (std::size_t d = 0; d < sorted[k].second->size(); ++d) {
            if (d) e += ',';
            e.append(number, std::to_chars(number, number + sizeof number, (*sorted[k].second)[d]).ptr);
        }
        e += ']';
    });
    std::string out = "{\"docs\":" + docs.dump() + ",\"grams\":{";
    for (std::size_t k = 0; k < entries.size(); ++k) {
        if (k) out += ',';
        out += entries[k];
    }
    return out + "}}";
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

    // The JSON Schema of each kind's request and response (planner/schema.hpp), for tools that call the planner.
    for (const planner::RequestSchema& kind : planner::request_schemas())
        files.push_back({std::string("api/1/") + kind.kind + ".request.schema.json",
                         planner::request_json_schema(kind).dump(2) + "\n"});
    for (const planner::ResponseSchema& kind : planner::response_schemas())
        files.push_back({std::string("api/1/") + kind.kind + ".response.schema.json",
                         planner::response_json_schema(kind).dump(2) + "\n"});

    if (config.search)
        for (const Language& lang : config.languages)
            files.push_back({config.prefix(lang.code) + "search-index.json", search_index(index, lang.code)});
}

}  // namespace site
