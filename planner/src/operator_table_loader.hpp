// Reads data/operators/<chip>.json into Catalogue::operator_tables (used by load_catalogue).
#pragma once

#include <vector>

#include "planner/catalogue.hpp"

namespace planner {

/// Each file's errors carry file:line:column; a table with errors is left out. Needs the catalogue's
/// accelerators loaded (a table names its chip).
void load_operator_tables(const std::vector<CatalogueFiles::File>& files, Catalogue& c, std::vector<Diagnostic>& errors);

}  // namespace planner
