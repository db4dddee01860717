// The calculators in Chromium, against issue 5's targets, measured in one run:
//   - the planner's wasm + JS without the catalogue, gzipped (target ≤ 150 KB), and the catalogue (≤ 60 KB);
//   - the training calculator page's bytes on a cold load (target ≤ 300 KB), raw and gzipped;
//   - input event → updated result and charts, median over 100 edits (target ≤ 16 ms, one frame),
//     against the same planner calls made straight from the page's module with no DOM work: the
//     training page's instance count (a compare sweep over the whole catalogue, issue 5) and the
//     serving page's TPOT target (a plan and the serve comparison over every type, issue 17).
//   node tests/bench/calculator_bench.mjs --cli build/bin/accelguide --root . --wasm build/wasm/dist
// Prints figures and ratios; never fails on timing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startSite } from '../browser/harness.mjs';

const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const site = await startSite();
try {
  const wasmDir = process.argv[process.argv.indexOf('--wasm') + 1];
  const files = ['accelguide-planner.wasm', 'accelguide-planner.js'].map((name) => readFileSync(join(wasmDir, name)));
  // calculator.js and the modules it imports, each gzipped as it is served.
  const scripts = ['calculator.js', 'form.js', 'results.js'].map((name) => gz(readFileSync(join(wasmDir, name))));
  const module = [...files.map(gz), scripts.reduce((a, b) => a + b, 0)];
  const total = module.reduce((a, b) => a + b, 0);
  // The module embeds the catalogue in canonical form, written by the wasm build next to dist/.
  // Issue 15's budgets count them apart: the module without the catalogue's bytes (cut out of the
  // wasm binary) ≤ 150 KB, the catalogue itself ≤ 60 KB, both gzipped.
  const catalogueBytes = readFileSync(join(wasmDir, '..', 'wasm', 'catalogue.json'));
  const catalogue = gz(catalogueBytes);
  const at = files[0].indexOf(catalogueBytes);
  const codeOnly = at < 0 ? module[0] : gz(Buffer.concat([files[0].subarray(0, at), files[0].subarray(at + catalogueBytes.length)]));
  const withoutCatalogue = codeOnly + module[1] + module[2];
  console.log('calculator module, gzipped:');
  console.log(`  wasm ${kb(module[0])} + loader ${kb(module[1])} + calculator.js with form.js and results.js ${kb(module[2])} = ${kb(total)}`);
  console.log(`  without the embedded catalogue: ${kb(withoutCatalogue)}` +
              `   (target ≤ 150 KB: ${withoutCatalogue <= 150 * 1024 ? 'met' : 'MISSED'}; ${(withoutCatalogue / 1024 / 150).toFixed(2)}× the target)`);
  console.log(`  the catalogue (data/*.json validated, compacted, figure notes left out): ${kb(catalogue)}` +
              `   (target ≤ 60 KB: ${catalogue <= 60 * 1024 ? 'met' : 'MISSED'}; ${(catalogue / 1024 / 60).toFixed(2)}× the target)`);

  const page = await site.context.newPage();
  const client = await page.context().newCDPSession(page);
  await client.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bodies = [];
  page.on('response', async (response) => {
    try { bodies.push(await response.body()); } catch { /* redirects have no body */ }
  });
  await page.goto(`${site.url}en/calculators/training/`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  await page.waitForLoadState('networkidle');
  const raw = bodies.reduce((a, b) => a + b.length, 0);
  const zipped = bodies.reduce((a, b) => a + gz(b), 0);
  console.log(`training calculator page, cold load: ${bodies.length} requests, ${kb(raw)} raw, ${kb(zipped)} gzipped` +
              `   (target ≤ 300 KB: ${zipped <= 300 * 1024 ? 'met' : 'MISSED'} gzipped, ${raw <= 300 * 1024 ? 'met' : 'missed'} raw)`);

  // One edit: set a field, fire the input event (the page recomputes synchronously: planner,
  // compare sweep, display, charts), then force style and layout of the updated page. Waiting for
  // requestAnimationFrame instead would add the wait for the next vsync.
  const timeEdits = (field, values, output) => page.evaluate(async ({ field, values, output, count }) => {
    const input = document.querySelector(`#${field}`);
    const shown = document.querySelector(`[data-output="${output}"]`);
    const times = [];
    for (let i = 0; i < count; i++) {
      const start = performance.now();
      input.value = String(values[i % values.length]);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      void document.body.offsetHeight;
      if (!shown.textContent) throw new Error('no result');
      times.push(performance.now() - start);
    }
    return times;
  }, { field, values, output, count: 100 });
  // The peer: the same planner calls from the same page, without touching the DOM.
  const timeCalls = (requests) => page.evaluate(async ({ requests, count }) => {
    const planner = await globalThis.createPlanner();
    const texts = requests.map((r) => JSON.stringify(r));
    const times = [];
    for (let i = 0; i < count; i++) {
      const start = performance.now();
      for (const text of texts) planner.plan(text);
      times.push(performance.now() - start);
    }
    return times;
  }, { requests, count: 100 });
  const report = (title, edits, calls) => {
    const edit = median(edits), call = median(calls);
    console.log(title);
    console.log(`  ${edit.toFixed(2)} ms per edit, including style and layout   (target ≤ 16 ms: ${edit <= 16 ? 'met' : 'MISSED'})`);
    console.log(`  ${call.toFixed(2)} ms of that is the page's planner calls alone; page work = ${(edit / call).toFixed(2)}× the planner`);
  };
  const types = JSON.parse(readFileSync('data/instances.json', 'utf8')).instances.length;

  const counts = Array.from({ length: 64 }, (_, i) => 8 + i);
  const trainJob = { kind: 'train', model: { parameters: 175e9 }, tokens: 300e9, recompute: 'full', instance_count: 128, mfu: 0.45 };
  const trainCalls = await timeCalls([{ api: 1, ...trainJob, instance: 'p4de.24xlarge', instance_count: 8 },
    { api: 1, kind: 'compare', job: trainJob, counts: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024] }]);
  // At Playwright's 1280 × 720 viewport the form and result fill the first screen, where the
  // instance count is typed; the charts and comparison table lie below it, and the browser skips
  // laying them out while they are off screen (content-visibility in style.css). The second figure
  // is the same edit with the charts scrolled into view.
  report(`training: input → updated result and charts (compare sweep over the catalogue's ${types} instance types), median of 100 edits:`,
    await timeEdits('instance_count', counts, 'train.days'), trainCalls);
  await page.evaluate(() => document.querySelector('[data-chart="train-pareto"]').scrollIntoView());
  report('  … the same with the charts and comparison table scrolled into view:',
    await timeEdits('instance_count', counts, 'train.days'), trainCalls);
  // The Japanese page (the site's first language) writes yen and longer labels.
  await page.goto(`${site.url}calculators/training/`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  report('  … the same on the Japanese page:', await timeEdits('instance_count', counts, 'train.days'), trainCalls);
  await page.evaluate(() => document.querySelector('[data-chart="train-pareto"]').scrollIntoView());
  report('  … the Japanese page with the charts and comparison table scrolled into view:',
    await timeEdits('instance_count', counts, 'train.days'), trainCalls);

  // The serving page: each edit of the TPOT target plans the chosen type and compares all of them.
  await page.goto(`${site.url}en/calculators/serving/`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  const targets = [40, 45, 50, 60, 70, 80, 100];
  const serveJob = { kind: 'serve', model: 'llama3.1-70b', prompt_tokens: 2000, output_tokens: 200, ttft_ms: 2000,
    tpot_ms: 50, rate: { value: 10, per: 'second' } };
  report(`serving: input → updated answer, table and charts (concurrency search over the ${types} types), median of 100 edits:`,
    await timeEdits('tpot', targets, 'serve.tpot_ms'),
    await timeCalls([{ api: 1, ...serveJob, instance: 'p5.48xlarge' }, { api: 1, kind: 'compare', job: serveJob }]));
} finally {
  for (const problem of site.problems) console.log(`  problem: ${problem}`);
  await site.stop();
}
