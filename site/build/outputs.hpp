// The files a site has besides its pages: sitemap.xml, robots.txt, an Atom feed per section that
// asks for one (`feed: true` in its _index.md), redirect pages for aliases, and the search index.
#pragma once

#include <string>
#include <vector>

#include "output.hpp"
#include "views.hpp"

namespace site {

/// A page at `from` (site-relative) that sends the browser to `to`, with a link for everyone else.
std::string redirect_page(const std::string& base_url, const std::string& from, const std::string& to);

/// sitemap.xml, robots.txt, feeds and search indexes for the assembled site.
void add_site_files(const SiteIndex& index, std::vector<OutputFile>& files);

/// The search index of one language: {"docs": [{t, u, d}], "grams": {"bigram": [doc, ...]}}.
/// Text is split into overlapping two-character grams, so Japanese words are found without
/// word boundaries; a query matches a document holding all of the query's grams.
std::string search_index(const SiteIndex& index, const std::string& lang);

/// Tags stripped, entities decoded (the few cmark writes), whitespace collapsed.
std::string plain_text(const std::string& html, std::size_t limit);

}  // namespace site
