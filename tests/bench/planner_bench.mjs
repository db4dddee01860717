// Two compare sweeps over the whole catalogue, natively (planner_bench) and in the wasm module under
// Node, then the report: native and wasm medians measured in this one run, their ratio, and the
// targets, both native ≤ 5 ms and wasm ≤ 3 × that (15 ms):
//   - training (issue 5): 13 instance counts (1…4096) with the layout search per type;
//   - serving (issue 17): the concurrency search under TTFT and TPOT targets per type, with its
//     throughput–TPOT sweep.
// The ratio to the native run is printed beside it, against 3× too. Most of the sweep's time is
// building and writing the JSON response, so that ratio depends on how the module's code is
// compiled (ACCELGUIDE_WASM_CODE_OPT, planner/CMakeLists.txt: 2.5× at -O2 with the inliner
// limited, 4–6× at -Oz).
//   node planner_bench.mjs --native build/tests/bench/planner_bench --root . --wasm build/wasm/dist
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { native: { type: 'string' }, root: { type: 'string' },
  wasm: { type: 'string' }, runs: { type: 'string', default: '200' } } });
const runs = Number(values.runs);
const createPlanner = createRequire(import.meta.url)(resolve(values.wasm, 'accelguide-planner.js'));
const planner = await createPlanner({ wasmBinary: readFileSync(join(values.wasm, 'accelguide-planner.wasm')) });

function sweep(file, title) {
  const requestPath = join(values.root, 'tests/bench', file);
  const request = readFileSync(requestPath, 'utf8');
  const native = JSON.parse(execFileSync(values.native, [values.root, requestPath, String(runs)], { encoding: 'utf8' }));
  const times = [];
  let bytes = 0;
  for (let i = 0; i < runs + 5; i++) {
    const start = performance.now();
    const response = planner.plan(request);
    const end = performance.now();
    bytes = response.length;
    if (i >= 5) times.push(end - start);
  }
  times.sort((a, b) => a - b);
  const wasmMs = times[Math.floor(times.length / 2)];
  const rows = JSON.parse(planner.plan(request)).compare.rows.length;
  const ratio = wasmMs / native.median_ms;
  console.log(`${title(rows)}, ${runs} runs each`);
  console.log(`  native  median ${native.median_ms.toFixed(3)} ms   (target ≤ 5 ms: ${native.median_ms <= 5 ? 'met' : 'MISSED'})`);
  console.log(`  wasm    median ${wasmMs.toFixed(3)} ms   (target ≤ 3 × 5 ms: ${wasmMs <= 15 ? 'met' : 'MISSED'})`);
  console.log(`  wasm / native = ${ratio.toFixed(2)}× in this run (≤ 3×: ${ratio <= 3 ? 'met' : 'missed'}); responses ${native.response_bytes} and ${bytes} bytes`);
  if (native.response_bytes !== bytes) console.log('  WARNING: native and wasm responses differ in size');
}

sweep('compare_request.json', (rows) => `compare sweep, training: ${rows} instance types × 13 instance counts (1…4096) with the layout search`);
sweep('compare_serve_request.json', (rows) => `compare sweep, serving: Llama 3.1 70B on ${rows} instance types, the concurrency search under TTFT ≤ 2 s and TPOT ≤ 50 ms and its sweep`);
