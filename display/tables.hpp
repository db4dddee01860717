// The tables a calculator shows beside its result, declared once, column by column: the
// comparison's rows (a training job's or a serving job's), the energy configurations and the
// training plan's runner-up layouts. Filled from a response as display_json shows it, so the build's
// worked examples and the browser's live results write the same cells, and wasm/js/results.js
// fills a table from them without knowing a key.
#pragma once

#include <nlohmann/json_fwd.hpp>

namespace site {

/// Adds to `shown`, a response as display_json shows it, each table its calculator draws, as
/// `table` beside the rows it comes from: a list of rows, each {"cells": [{"text", "num"}, …]}, the
/// text null where the response has no figure (the page shows "—"), `num` for a figure's cell
/// (right-aligned), `word` for a cell whose text is a word the page names in its own language
/// (the runner-up's lost_on term: the table's data-words map).
///   compare.table    training: type, count, days (or why the type cannot run the job), their range,
///                    cost, the cost–time Pareto mark; serving: type, tensor parallelism,
///                    concurrency, TTFT, TPOT, fleet, cost per million output tokens, the mark (a
///                    type that cannot serve: its reason, the rest empty)
///   energy.table     label, type, "instances × hours", energy and CO2e (with their range when
///                    the power is estimated), cost, and the three savings
///   train.table      each runner-up layout: "TP 1 × PP 1 × DP 16 (EP 8), ZeRO 1", how much slower,
///                    the term it lost on, its step time and memory
/// Nothing is added to a failed response.
void add_tables(nlohmann::json& shown);

}  // namespace site
