// What the fuzz targets share: the project's own catalogue and config, read once from the source
// tree, and a check that stops the run (a finding) when a promise of the code is broken.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "build.hpp"
#include "files.hpp"
#include "planner/catalogue.hpp"

namespace fuzz {

/// Aborts (libFuzzer records the input) when `ok` is false.
inline void require(bool ok, const char* what) {
    if (ok) return;
    std::fprintf(stderr, "fuzz: broken promise: %s\n", what);
    std::abort();
}

/// data/*.json of the project, loaded once; aborts if it does not load (a broken checkout).
inline const planner::CatalogueLoad& project_catalogue() {
    static const planner::CatalogueLoad load = [] {
        planner::CatalogueFiles files;
        require(site::read_catalogue_files(ACCELGUIDE_SOURCE_DIR, files).empty(), "data/*.json readable");
        planner::CatalogueLoad loaded = planner::load_catalogue(files);
        require(loaded.errors.empty(), "data/*.json loads without errors");
        return loaded;
    }();
    return load;
}

}  // namespace fuzz
