#include "embedded_files.hpp"

#include <algorithm>
#include <string>

namespace site {

planner::CatalogueFiles embedded_catalogue_files() {
    planner::CatalogueFiles files;
    const std::string operators = "data/operators/";
    for (std::size_t i = 0; i < kEmbeddedFileCount; ++i) {
        const EmbeddedFile& e = kEmbeddedFiles[i];
        if (std::string(e.name).rfind(operators, 0) == 0) {
            files.operators.push_back({e.name, e.text});
            continue;
        }
        for (planner::CatalogueFiles::File* f : files.all())
            if (f->name == e.name) f->text = e.text;
    }
    std::sort(files.operators.begin(), files.operators.end(),
              [](const auto& a, const auto& b) { return a.name < b.name; });
    return files;
}

}  // namespace site
