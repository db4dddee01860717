// The inference, energy and comparison calculators, and what every calculator shares (charts,
// export, the URL), in a real browser. Reference cases from shared/PLANNER.md: S2 (LayoutLM on Inf1
// against G4dn) and S3 (BERT-Large on Trn1 against P4d).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { run } from './harness.mjs';

const text = (page, selector) => page.locator(selector).first().textContent();

async function typeInto(page, selector, value) {
  await page.fill(selector, '');
  await page.type(selector, value);
}

async function open(page, url) {
  await page.goto(url);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
}

async function download(page, format) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(`[data-export="${format}"]`)]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), 'utf8') };
}

run('browser.calculators', async ({ url, context, root, cli }) => {
  const page = await context.newPage();
  let dialogs = 0;
  page.on('dialog', async (d) => { dialogs++; await d.dismiss(); });

  // Without JavaScript each page already shows its worked example, computed at build time, and
  // says what it needs.
  const html = async (path) => (await fetch(`${url}${path}`)).text();
  const inferenceHtml = await html('en/calculators/inference/');
  assert.match(inferenceHtml, /data-output="infer.fleet">6</);
  assert.match(inferenceHtml, /<noscript>/);
  assert.match(await html('en/calculators/energy/'), /<td class="num">62.3% less<\/td>/);
  assert.match(await html('calculators/compare/'), /<th scope="col">trn1.32xlarge<\/th>/);

  // --- Inference fleet: S2, a million LayoutLM documents an hour. ---
  await open(page, `${url}en/calculators/inference/`);
  assert.equal(await text(page, '[data-output="infer.fleet"]'), '6', 'Inf1: 6 × inf1.2xlarge');
  assert.equal(await text(page, '[data-output="infer.cost_per_million"]'), '2.17');
  await page.selectOption('#instance', 'g4dn.2xlarge');
  await page.selectOption('#benchmark', 'layoutlm-g4dn-2xlarge');
  assert.equal(await text(page, '[data-output="infer.fleet"]'), '33', 'GPU: 33 × g4dn.2xlarge');
  assert.equal(await text(page, '[data-output="infer.cost_per_million"]'), '24.8');
  // A benchmark measured on another instance type is refused beside its field, and no result stays.
  await page.selectOption('#instance', 'inf1.2xlarge');
  assert.match(await text(page, '[data-error-for="benchmark"]'), /was measured on g4dn\.2xlarge/);
  assert.equal(await text(page, '[data-output="infer.fleet"]'), '—');
  await page.selectOption('#benchmark', 'layoutlm-inf1-2xlarge');
  assert.equal(await text(page, '[data-output="infer.fleet"]'), '6');
  // Peak factor and N + 1 redundancy: 6 at the average becomes ceil(2 × 5.2) + 1.
  await typeInto(page, '#peak_factor', '2');
  await typeInto(page, '#redundancy', '1');
  assert.equal(await text(page, '[data-output="infer.fleet"]'), '12');
  // The chart of fleet size against traffic: a measured throughput belongs to its own type, so one
  // line, this type's, whatever other types are chosen below the form.
  assert.equal(await page.locator('[data-chart="infer-fleet"] svg polyline').count(), 1);
  assert.match(await page.innerHTML('[data-chart="infer-fleet"]'), /inf1\.2xlarge/);
  // The URL holds the state: a reload gives the same inputs and result.
  await page.waitForURL(/peak_factor=2/);  // written once typing pauses
  await page.reload();
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  assert.equal(await page.inputValue('#redundancy'), '1');
  assert.equal(await text(page, '[data-output="infer.fleet"]'), '12');
  // An LLM served from memory bandwidth: the KV cache row appears, with its size in GB.
  await page.check('input[name="throughput"][value="llm"]');
  await page.selectOption('#instance', 'p4d.24xlarge');
  assert.equal(await page.isVisible('[data-show-if="infer.kv_cache_bytes"]'), true);
  assert.match(await text(page, '[data-output="infer.kv_cache_bytes"]'), /^\d+(\.\d+)?$/);
  // A catalogue model is the starting choice: its figures are not asked for. Choosing to give the
  // figures shows them, and the plan follows (7B, 32 layers of 32 KV heads: another cache).
  assert.equal(await page.inputValue('#l_model'), 'llama3.1-8b');
  assert.equal(await page.isVisible('#l_parameters'), false);
  const catalogueCache = await text(page, '[data-output="infer.kv_cache_bytes"]');
  await page.selectOption('#l_model', '');
  assert.equal(await page.isVisible('#l_parameters'), true);
  await page.waitForFunction((was) => document.querySelector('[data-output="infer.kv_cache_bytes"]').textContent !== was, catalogueCache);
  assert.match(await text(page, '[data-output="infer.kv_cache_bytes"]'), /^\d+(\.\d+)?$/);

  // --- Energy: S3, BERT-Large on 16 P4d for 4 h against 16 Trn1 for 2.3 h. ---
  await open(page, `${url}en/calculators/energy/`);
  const cells = async (row) => page.locator(`[data-table="energy-rows"] tbody tr:nth-child(${row}) td`).allTextContents();
  const p4d = await cells(1), trn1 = await cells(2);
  // Energy and CO2e rest on p4d's estimated power (TDP plus host), so they carry 75-100% of it.
  assert.deepEqual(p4d.slice(0, 6), ['P4d', 'p4d.24xlarge', '16 × 4', '309 (232–309)', '83.2 (62.4–83.2)', '2,097']);
  assert.deepEqual(trn1.slice(0, 2), ['Trn1', 'trn1.32xlarge']);
  assert.equal(trn1[5], '791', 'S3: $791 on Trn1');
  // The answer first, in one sentence per configuration.
  assert.deepEqual(await page.locator('[data-energy-answer] li').allTextContents(),
    ['Trn1 against P4d: energy 29% less, CO2e 29% less, cost 62.3% less']);
  assert.equal(trn1[8], '62.3% less', 'S3: 62% lower cost');
  assert.equal(trn1[6], '29% less', 'S3: 29% less energy');
  assert.equal(await page.locator('[data-chart="energy-kwh"] svg rect').count(), 2);
  // A third configuration joins the comparison once it names an instance type.
  await page.selectOption('#instance3', 'inf2.48xlarge');
  await typeInto(page, '#instances3', '4');
  await typeInto(page, '#hours3', '3');
  await typeInto(page, '#label3', 'Inf2');
  assert.equal((await cells(3))[0], 'Inf2');
  // A negative saving reads as an increase, never "-100% less": the baseline's job run twice as long.
  await page.selectOption('#instance4', 'p4d.24xlarge');
  await typeInto(page, '#instances4', '16');
  await typeInto(page, '#hours4', '8');
  await typeInto(page, '#label4', 'P4d 8 h');
  const twice = await cells(4);
  // (The baseline is priced at the article's rate, the fourth row at the catalogue's: its cost differs.)
  assert.deepEqual(twice.slice(6, 8), ['100% more', '100% more']);
  assert.match(twice[8], /^\d+% more$/);
  const answers = await page.locator('[data-energy-answer] li').allTextContents();
  assert.match(answers[2], /^P4d 8 h against P4d: energy 100% more, CO2e 100% more, cost \d+% more$/);
  // A hostile label from a link stays text in the table and the chart.
  const hostile = encodeURIComponent('<img src=x onerror=alert(1)>');
  await open(page, `${url}en/calculators/energy/?label1=${hostile}&instance1=p4d.24xlarge&instances1=16&hours1=4&label2=Trn1&instance2=trn1.32xlarge&instances2=16&hours2=2.3`);
  assert.equal((await cells(1))[0], '<img src=x onerror=alert(1)>');
  assert.equal(await page.locator('main img').count(), 0);
  assert.match(await page.innerHTML('[data-chart="energy-kwh"]'), /&lt;img src=x/);
  // Without prices in the link, the catalogue's dated prices are used.
  assert.notEqual((await cells(1))[5], '2,097');

  // A case study's "open in the calculator" link opens the calculator with its figures filled in.
  await page.goto(`${url}en/case-studies/bert-large-trainium/`);
  await Promise.all([page.waitForURL(/calculators\/energy\//), page.click('a[href*="calculators/energy/"][href*="price1=32.77"]')]);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  assert.equal((await cells(2))[5], '791', 'the case study\'s Trn1 run at the prices of the time');

  // --- Training: the charts, the memory bar, a preset, export. ---
  await open(page, `${url}en/calculators/training/`);
  assert.equal(await page.locator('[data-chart="memory"] svg rect').count() >= 3, true);
  assert.ok(await page.locator('[data-chart="train-days"] svg polyline').count() >= 2, 'one line per chosen instance type');
  assert.ok(await page.locator('[data-chart="train-pareto"] svg circle').count() >= 5, 'a dot per instance type with a time and a price');
  // Chart text is at least 11 px on screen at phone and desktop widths, drawn live and at build
  // time (JavaScript off): an SVG is never scaled down, so its 12 px text stays 12 px.
  const chartTextSizes = (p) => p.$$eval('[data-chart] svg text', (texts) => texts.map((t) => {
    const svg = t.ownerSVGElement;
    const box = svg.viewBox.baseVal;
    const scale = box && box.width ? svg.getBoundingClientRect().width / box.width : 1;
    return parseFloat(getComputedStyle(t).fontSize) * scale;
  }));
  const noScript = await context.browser().newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await still.setViewportSize({ width, height: 900 });
    await still.goto(`${url}calculators/training/`);
    for (const [how, sizes] of [['live', await chartTextSizes(page)], ['built', await chartTextSizes(still)]]) {
      // Live: the memory bar and the three sweep charts; built: the memory bar (the sweeps need the browser).
      assert.ok(sizes.length >= (how === 'live' ? 10 : 3), `${how}, ${width} px: chart text found`);
      assert.ok(Math.min(...sizes) >= 11, `${how}, ${width} px: chart text ${Math.min(...sizes).toFixed(1)} px`);
    }
  }
  await noScript.close();
  // A chart in view is drawn again at its slot's width when that width changes (a window resized, a
  // phone turned), from the widths a ResizeObserver keeps rather than read in the middle of an update.
  const drawnAt = () => page.$eval('[data-chart="train-days"]', (slot) =>
    [Math.round(slot.clientWidth), Number(slot.querySelector('svg').getAttribute('width'))]);
  for (const width of [1280, 390, 900]) {
    await page.setViewportSize({ width, height: 900 });
    // Off screen the charts are not laid out (content-visibility), so they are looked at.
    await page.locator('[data-chart="train-days"]').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const slot = document.querySelector('[data-chart="train-days"]');
      return Number(slot.querySelector('svg')?.getAttribute('width')) === Math.round(slot.clientWidth);
    });
    const [slotWidth, svgWidth] = await drawnAt();
    assert.equal(svgWidth, slotWidth, `${width} px: the chart is as wide as its slot`);
    assert.ok(slotWidth < width, `${width} px: the slot is inside the window (${slotWidth} px)`);
  }

  // No result table is clipped, on a phone or a desktop: a table wider than its place scrolls inside
  // its own box (overflow-x auto), and no cell's text is cut off inside its cell.
  const clipped = (p) => p.$$eval('.results table, .wide-results table', (tables) => tables.flatMap((table) => {
    const found = [];
    for (let box = table; box && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowX === 'visible' || style.display === 'table') continue;  // overflow does not apply to a table box
      if (['hidden', 'clip'].includes(style.overflowX) && box.scrollWidth > box.clientWidth + 1) found.push(`${table.dataset.table ?? 'table'} cut by ${box.className || box.tagName}`);
      break;
    }
    for (const cell of table.querySelectorAll('th, td'))
      if (cell.scrollWidth > cell.clientWidth + 1 && getComputedStyle(cell).overflowX !== 'visible') found.push(`cell "${cell.textContent.trim().slice(0, 30)}"`);
    return found;
  }));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['calculators/energy/', 'en/calculators/energy/', 'calculators/training/', 'en/calculators/inference/']) {
      await open(page, `${url}${path}`);
      assert.deepEqual(await clipped(page), [], `${path} at ${width} px`);
    }
  }
  await open(page, `${url}en/calculators/training/`);
  await page.setViewportSize({ width: 1280, height: 800 });
  assert.ok(await page.locator('[data-table="compare-rows"] tbody tr').count() >= 20);
  // A catalogue model is sent by its id; choosing it fills its published tokens and its count.
  await page.check('input[name="model"][value="catalogue"]');
  await page.selectOption('#preset', 'llama-7b');
  assert.equal(await page.inputValue('#parameters'), '6.7');
  assert.equal(await page.isChecked('input[name="model"][value="catalogue"]'), true);
  assert.equal(await page.inputValue('#tokens'), '1,000');
  assert.match(await text(page, '[data-preset-source]'), /LLaMA/);
  const days = await text(page, '[data-output="train.days"]');
  assert.match(days, /^[\d,.]+$/);
  const json = await download(page, 'json');
  assert.equal(json.name, 'accelguide-train.json');
  const saved = JSON.parse(json.text);
  assert.equal(saved.request.model, 'llama-7b');
  assert.equal(saved.response.ok, true);
  assert.ok(saved.compare.response.compare.rows.length >= 20);
  const csv = await download(page, 'csv');
  // A preset is another model than the example's measurement: the page falls back to the chip's
  // published MFU, so the time carries its range, in the export too.
  // A byte-order mark for Excel, a header, and each figure as a number with its range and unit.
  assert.equal(csv.text.charCodeAt(0), 0xfeff);
  assert.match(csv.text, /^\ufeff"item","value","low","high","note"\r\n/);
  const row = csv.text.split('\r\n').find((line) => line.startsWith('"Training time",'));
  const [, value, low, high, unit] = JSON.parse(`[${row}]`);
  assert.ok(Math.abs(value - Number(days.replace(/,/g, ''))) <= 0.01 * value, `CSV days: ${row} (page: ${days})`);
  assert.ok(Number(low) < Number(value) && Number(value) < Number(high), `CSV range: ${row}`);
  assert.equal(unit, 'days');
  assert.match(csv.text, /"p5\.48xlarge",/);
  // A fraction the page shows in percent is exported in percent too (the page's display-unit rule).
  const scaling = csv.text.split('\r\n').find((line) => line.startsWith('"Scaling efficiency",'));
  const [, efficiency] = JSON.parse(`[${scaling}]`);
  assert.ok(Math.abs(efficiency - saved.response.train.scaling_efficiency * 100) < 1e-9, `CSV efficiency: ${scaling}`);
  // Nothing hidden is exported: the layout row of a plan that fits says nothing about not fitting.
  assert.doesNotMatch(csv.text, /does not fit/);
  // Deadline instead of a count: the fewest instances that finish in time.
  await page.check('input[name="size"][value="deadline"]');
  await typeInto(page, '#deadline_days', '30');
  const instances = Number((await text(page, '[data-output="train.instances"]')).replace(/,/g, ''));
  assert.ok(Number((await text(page, '[data-output="train.days"]')).replace(/,/g, '')) <= 30);
  assert.ok(instances >= 1);

  // --- Compare: ticked in the cheat-sheet, side by side on the compare page. ---
  await page.goto(`${url}en/instances/`);
  await page.check('input[name="i"][value="p4d.24xlarge"]');
  await page.check('input[name="i"][value="trn1.32xlarge"]');
  await Promise.all([page.waitForURL(/calculators\/compare\//), page.click('.compare-form button[type="submit"]')]);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  const heads = await page.locator('[data-sheet] thead th').allTextContents();
  assert.deepEqual(heads.slice(1), ['p4d.24xlarge', 'trn1.32xlarge']);
  const bf16 = await page.locator('tr[data-row="peak_tflops.bf16"] td').allTextContents();
  assert.deepEqual(bf16, ['2,496', '3,040'], 'dense BF16 peaks summed over each instance');
  const perPflops = await page.locator('tr[data-row="usd_per_pflops_hour.bf16"] td').allTextContents();
  assert.ok(perPflops.every((v) => /^\d/.test(v)));
  await page.check('input[name="i"][value="p5.48xlarge"]');
  assert.equal(await page.locator('[data-sheet] thead th').count(), 4);
  // Estimates are marked as such: every power figure, and a CPU's peak (no Graviton peak is
  // published), but not a GPU's published peak.
  await page.check('input[name="i"][value="c7g.16xlarge"]');
  assert.equal(await page.locator('[data-sheet] thead th').count(), 5);
  const fp32 = page.locator('tr[data-row="peak_tflops.fp32"] td');
  assert.equal(await fp32.nth(3).locator('.estimate').count(), 1, 'c7g.16xlarge FP32 peak marked as an estimate');
  assert.equal(await fp32.nth(0).locator('.estimate').count(), 0, 'p4d.24xlarge FP32 peak is published');
  assert.equal(await page.locator('tr[data-row="power_watts"] td .estimate').count(), 4);

  // --- Compare: the ticked types on one training job (the planner's compare kind). ---
  // Without JavaScript the page shows its example job, LoRA of Llama 3.1 8B, computed at build time.
  const jobTable = (p) => p.locator('[data-table="job-rows"] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  const compareNative = (job, instances) => JSON.parse(execFileSync(cli, ['plan', '--json', '-', '--root', root],
    { input: JSON.stringify({ api: 1, kind: 'compare', lang: 'ja', instances, counts: [1], job }), encoding: 'utf8' })).compare;
  const builtJob = await html('calculators/compare/');
  assert.match(builtJob, /<tr><td>p5\.48xlarge<\/td><td class="num">1<\/td><td class="num">[\d.]+<\/td>/);
  assert.match(builtJob, /<td>AWS Inferentia2 \(Inf2\) は推論用のチップで、学習には使えません<\/td>/);
  await open(page, `${url}calculators/compare/`);
  const loraJob = { kind: 'train', model: 'llama3.1-8b', sequence: 4096, tokens: 1e9, instance_count: 1, precision: 'bf16',
    fine_tuning: { method: 'lora' } };
  const ticked = ['p4d.24xlarge', 'p5.48xlarge', 'trn1.32xlarge', 'inf2.48xlarge', 'dl1.24xlarge'];
  const loraRows = compareNative(loraJob, ticked).rows;
  const shownRows = await jobTable(page);
  assert.deepEqual(shownRows.map((r) => r[0]), loraRows.map((r) => r.instance), 'the planner\'s order, cheapest first');
  const p5 = loraRows.find((r) => r.instance === 'p5.48xlarge');
  const days2 = (v) => new Intl.NumberFormat('ja', { maximumFractionDigits: v < 10 ? 2 : v < 100 ? 1 : 0 }).format(v);
  assert.equal(shownRows.find((r) => r[0] === 'p5.48xlarge')[2], days2(p5.days));
  assert.equal(shownRows.find((r) => r[0] === 'inf2.48xlarge')[2], 'AWS Inferentia2 (Inf2) は推論用のチップで、学習には使えません');
  // Qwen3-30B-A3B pre-training in FP8 on the same types: A100 has no FP8 units and says so; the
  // rest are the native planner's.
  await page.selectOption('#preset', 'qwen3-30b-a3b');
  await page.selectOption('#ft', '');
  await page.selectOption('#precision', 'fp8');
  await typeInto(page, '#tokens', '100');
  await typeInto(page, '#instance_count', '2');
  const moeJob = { kind: 'train', model: 'qwen3-30b-a3b', sequence: 4096, tokens: 100e9, instance_count: 2, precision: 'fp8' };
  const moeRows = compareNative(moeJob, ticked).rows;
  const shownMoe = await jobTable(page);
  assert.deepEqual(shownMoe.map((r) => r[0]), moeRows.map((r) => r.instance));
  const p5Moe = moeRows.find((r) => r.instance === 'p5.48xlarge');
  assert.equal(shownMoe.find((r) => r[0] === 'p5.48xlarge')[2], days2(p5Moe.days));
  assert.match(shownMoe.find((r) => r[0] === 'p4d.24xlarge')[2], /fp8 の演算器がありません/);
  // The job is in the link: pre-training (an empty choice) survives a reload.
  await page.waitForURL(/preset=qwen3-30b-a3b/);
  await page.reload();
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  assert.equal(await page.inputValue('#ft'), '');
  assert.deepEqual((await jobTable(page)).map((r) => r[2]), shownMoe.map((r) => r[2]));
  // A bad value in the job is refused beside its field, in the form's words (not the API's
  // "chinchilla"); the sheet above stays.
  await typeInto(page, '#tokens', 'abc');
  assert.equal(await page.locator('[data-request="job"] [data-error-for="tokens"]').textContent(), '数値を入力してください');
  assert.equal(await page.getAttribute('#tokens', 'aria-invalid'), 'true');
  assert.equal(await page.locator('[data-table="job-rows"] tbody tr').count(), 0);
  assert.equal(await page.locator('[data-sheet] thead th').count(), 6);

  // A plan to print: inputs, results with their ranges, assumptions, alternatives and sources, and
  // on paper nothing else of the page.
  await open(page, `${url}en/calculators/training/`);
  await page.selectOption('#instance', 'p5.48xlarge');
  await page.evaluate(() => { window.print = () => { window.printed = true; }; });
  await page.fill('[data-plan-purpose-input]', 'Pre-train our 175B model by March');
  await page.click('[data-print-plan]');
  assert.equal(await page.evaluate(() => window.printed), true);
  const plan = page.locator('[data-print-view]');
  // Page one: what it is, the purpose typed, the date, the answer and its figures.
  const summary = plan.locator('.plan-summary');
  assert.equal(await summary.locator('.plan-kind').textContent(), 'Plan for approval');
  assert.equal(await summary.locator('h1').textContent(), await page.locator('main h1').first().textContent());
  assert.match(await summary.innerText(), /Purpose\s+Pre-train our 175B model by March\s+Made on\s+\d{4}-\d{2}-\d{2}/);
  assert.match(await summary.innerText(), /Training time\s+[\d.,]+/);
  assert.match(await summary.locator('.plan-currency').textContent(), /converts at [\d,.]+ yen per dollar, as of \d{4}-\d{2}/);
  // Every input row has its label.
  for (const dt of await plan.locator('dl').nth(1).locator('dt').allTextContents()) assert.notEqual(dt.trim(), '', 'an unlabelled input');
  const headings = await plan.locator('h2').allTextContents();
  assert.deepEqual(headings, ['Inputs', 'Results', 'Assumptions and notes', 'Alternatives considered', 'Sources']);
  const planText = await plan.innerText();
  assert.match(planText, /Instance type\s+p5\.48xlarge/);
  assert.match(planText, /Training time\s+[\d.,]+ \([\d.,]+–[\d.,]+\) days/);
  assert.match(planText, /predicted from operator measurements/);
  assert.ok((await plan.locator('table tbody tr').count()) >= 3, 'the cheapest alternatives');
  const catalogueSources = JSON.parse(readFileSync(`${root}/data/sources.json`, 'utf8')).sources;
  // The sources behind the figures used: the price's, the chip's peak and default MFU, and the links the
  // step model prices the collectives on (p5's network figure is the AWS Japan talk's).
  const sources = await plan.locator('ol li').allTextContents();
  for (const id of ['datareceipts-hyperscalers', 'nvidia-h100-datasheet', 'megatron-2021', 'aws-genai-training-talk'])
    assert.ok(sources.some((t) => t.includes(catalogueSources[id].title)), `source ${id} in the plan: ${sources}`);
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('form[data-form]').isVisible(), false, 'the form is not printed');
  assert.equal(await plan.isVisible(), true);
  assert.equal(await summary.evaluate((s) => getComputedStyle(s).breakAfter), 'page', 'the summary is a page of its own');
  const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
  assert.ok((pdf.match(/\/Type\s*\/Page[^s]/g) ?? []).length >= 2, 'the summary, then the detail');
  await page.emulateMedia({ media: 'screen' });

  // The Japanese plan: every input labelled in Japanese, the rate and its date beside yen, and
  // sources as citations without research notes.
  await open(page, `${url}calculators/training/`);
  await page.evaluate(() => { window.print = () => {}; });
  await page.click('[data-print-plan]');
  const ja = page.locator('[data-print-view]');
  assert.equal(await ja.locator('.plan-kind').textContent(), '稟議用の計画書');
  assert.equal(await ja.locator('.plan-summary dd.blank').count(), 1, 'a line to write the purpose on');
  assert.match(await ja.locator('.plan-currency').textContent(), /1 ドル = [\d,.]+ 円 \(\d{4}-\d{2}(-\d{2})? 時点、出典 \[\d+\]\)/);
  for (const dt of await ja.locator('dl').nth(1).locator('dt').allTextContents())
    assert.match(dt, /[^\x00-\x7f]/, `an input labelled in Japanese: "${dt}"`);
  for (const li of await ja.locator('ol li').allTextContents())
    assert.doesNotMatch(li, /not read|read 20\d\d|undated|claims/i, `a citation without research notes: ${li}`);
  assert.equal(dialogs, 0);
});
