// The catalogue compiled into the command line (data/*.json and data/operators/*.json as they were
// at build time), so that `accelguide plan` answers from any folder: cmake/embed_files.cmake
// writes the table.
#pragma once

#include <cstddef>

#include "planner/catalogue.hpp"

namespace site {

struct EmbeddedFile {
    const char* name;  // data/sources.json, data/operators/h200.json …
    const char* text;
};
extern const EmbeddedFile kEmbeddedFiles[];
extern const std::size_t kEmbeddedFileCount;

/// The catalogue files as compiled in, operator tables in name order.
planner::CatalogueFiles embedded_catalogue_files();

}  // namespace site
