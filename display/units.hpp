// The unit a response figure is shown in, read from the planner's declaration of that figure
// (planner/include/planner/response_fields.hpp): "0-1" in percent, "bytes" in GB, "USD…" as money,
// "percent saved" as a saving, anything else as it is. display_json shows a response so, and the
// calculators' CSV export scales its figures by the same table (display_scales, carried on the page).
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace site {

enum class DisplayUnit : unsigned char { as_is, gigabytes, percent, money, saving };

/// The unit of the figure at `path` in a result of `kind`: "mfu", "range.mfu.low", "rows[].days",
/// "usd_per_pflops_hour.bf16" (a range's ends and a table's entries take their field's unit).
DisplayUnit display_unit(std::string_view kind, std::string_view path);

/// The factor a page's CSV export turns each figure of `kind` by, so it reads in the unit shown:
/// {"train.mfu": 100, "train.memory.total_bytes": 1e-9, …}; a figure not listed is as it is.
nlohmann::json display_scales(std::string_view kind);

}  // namespace site
