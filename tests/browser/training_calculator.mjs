// The training-time calculator in a real browser: type reference case S1 (shared/PLANNER.md) and
// read the planner's answer from the page; bad input shows its reason and no stale result.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { run } from './harness.mjs';

// The native CLI's answer to a request: what the page must show.
function nativePlan(cli, root, request) {
  const out = execFileSync(cli, ['plan', '--json', '-', '--root', root], { input: JSON.stringify(request), encoding: 'utf8' });
  return JSON.parse(out);
}

const days = (page) => page.locator('[data-output="train.days"]').textContent();

async function typeInto(page, selector, text) {
  await page.fill(selector, '');
  await page.type(selector, text);
}

run('browser.training_calculator', async ({ url, context, cli, root }) => {
  const page = await context.newPage();

  const wasm = await fetch(`${url}assets/wasm/accelguide-planner.wasm`);
  assert.equal(wasm.headers.get('content-type'), 'application/wasm');
  assert.equal(wasm.headers.get('content-encoding'), 'gzip', 'the dev server compresses the module, as a static host does');
  assert.equal((await wasm.arrayBuffer()).byteLength > 100000, true);

  // Without JavaScript the page already shows the worked example, computed at build time.
  const html = await (await fetch(`${url}calculators/training/`)).text();
  const buildTime = html.match(/data-output="train.days"[^>]*>([^<]*)</)[1];
  assert.equal(buildTime, '33.9');

  await page.goto(`${url}calculators/training/`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  assert.equal(await days(page), buildTime, 'the live result on load matches the build-time example');

  // Start from something else, so the S1 result below is really recomputed from what we type.
  await typeInto(page, '#parameters', '7');
  await typeInto(page, '#instance_count', '1');
  assert.notEqual(await days(page), '33.9');

  // S1: GPT-3 175B, 300B tokens, 1024 A100 80GB (128 × p4de.24xlarge), full recompute, 140 TFLOP/s.
  await typeInto(page, '#parameters', '175');
  await typeInto(page, '#tokens', '300');
  await page.selectOption('#instance', 'p4de.24xlarge');
  await typeInto(page, '#instance_count', '128');
  await page.selectOption('#recompute', 'full');
  await page.check('input[name="throughput"][value="achieved"]');
  await typeInto(page, '#achieved_tflops', '140');
  assert.equal(await days(page), '33.9');
  assert.equal(await page.locator('[data-output="train.accelerators"]').textContent(), '1,024');
  assert.equal(await page.isVisible('#mfu'), false, 'the MFU input is hidden while measured TFLOP/s is chosen');

  // MFU instead: 140/312 of the A100's dense BF16 peak. Unlike the measured figure, an MFU is a
  // per-accelerator rate, so the planner adds its scaling losses at 128 instances: the page must show
  // exactly what the native planner answers for the same request.
  await page.check('input[name="throughput"][value="mfu"]');
  await typeInto(page, '#mfu', String((140 / 312) * 100));
  const native = nativePlan(cli, root, { api: 1, kind: 'train', model: { parameters: 175e9 }, tokens: 300e9,
    recompute: 'full', instance: 'p4de.24xlarge', instance_count: 128, mfu: 140 / 312 });
  assert.ok(native.train.scaling_efficiency < 1);
  assert.equal(await days(page), new Intl.NumberFormat('ja', { maximumFractionDigits: 1 }).format(native.train.days));
  // The same rate as an HFU: with full recompute, MFU · 8/6. The days must not move, and the
  // result shows both utilisations.
  const mfuDays = await days(page);
  await page.check('input[name="throughput"][value="hfu"]');
  assert.equal(await page.isVisible('#mfu'), false, 'the MFU input is hidden while HFU is chosen');
  await typeInto(page, '#hfu', String((140 / 312) * 100 * 8 / 6));
  assert.equal(await days(page), mfuDays);
  assert.equal(await page.locator('[data-output="train.hfu"]').textContent(),
    new Intl.NumberFormat('ja', { maximumFractionDigits: 1 }).format((140 / 312) * 100 * 8 / 6));
  assert.equal(await page.locator('[data-output="train.mfu"]').textContent(),
    new Intl.NumberFormat('ja', { maximumFractionDigits: 1 }).format((140 / 312) * 100));
  // Every type compared at the same utilisation: the table is filled, p4de.24xlarge's row at these days.
  const p4de = page.locator('[data-table="compare-rows"] tbody tr', { hasText: 'p4de.24xlarge' }).first();
  assert.ok((await p4de.textContent()).includes(mfuDays), 'the comparison runs at the HFU given');
  await page.check('input[name="throughput"][value="achieved"]');
  assert.equal(await days(page), '33.9');

  // Bad input: the reason appears beside the field and no number is left standing.
  await typeInto(page, '#parameters', 'abc');
  assert.equal(await page.locator('[data-error-for="model.parameters"]').textContent(), '数値を入力してください', "the planner explains in the page's language");
  assert.equal(await page.getAttribute('#parameters', 'aria-invalid'), 'true');
  assert.equal(await days(page), '—');
  await typeInto(page, '#parameters', '１７５'); // full-width digits, as a Japanese IME types them
  assert.equal(await page.locator('[data-error-for="model.parameters"]').textContent(), '');
  assert.equal(await days(page), '33.9');

  // The state is in the URL: a reload (or a shared link) restores it.
  await page.waitForURL(/parameters=175&.*throughput=achieved/);  // written once typing pauses
  await page.reload();
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  assert.equal(await page.inputValue('#parameters'), '175');
  assert.equal(await days(page), '33.9');

  // A link with other inputs computes them: the page shows what the native planner answers.
  await page.goto(`${url}calculators/training/?parameters=7&tokens=140&instance=trn1.32xlarge&instance_count=4&recompute=none&throughput=mfu&mfu=37`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  const trn1 = nativePlan(cli, root, { api: 1, kind: 'train', model: { parameters: 7e9 }, tokens: 140e9, recompute: 'none',
    instance: 'trn1.32xlarge', instance_count: 4, mfu: 0.37 });
  assert.equal(await days(page), new Intl.NumberFormat('ja', { maximumFractionDigits: 1 }).format(trn1.train.days));

  // A hostile link changes nothing on the page: its value stays text in the input, and the
  // planner says why it is not a number; an unknown instance is ignored.
  let dialogs = 0;
  page.on('dialog', async (d) => { dialogs++; await d.dismiss(); });
  const hostile = encodeURIComponent('<img src=x onerror=alert(1)>');
  await page.goto(`${url}calculators/training/?parameters=${hostile}&instance=${encodeURIComponent('"><script>alert(2)</script>')}`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  assert.equal(await page.inputValue('#parameters'), '<img src=x onerror=alert(1)>');
  assert.equal(await page.locator('[data-error-for="model.parameters"]').textContent(), '数値を入力してください', "the planner explains in the page's language");
  assert.equal(await page.locator('main img').count(), 0);
  assert.equal(await page.inputValue('#instance'), 'p4de.24xlarge');
  assert.equal(await days(page), '—');
  assert.equal(dialogs, 0);

  // "What is the cheapest way to train GPT-3 175B in 30 days?": with a deadline, every type in the
  // table gets the fewest instances that finish in time, the runnable rows all meet it, no
  // Inferentia row is among them (it cannot train), and one sentence above the results answers.
  await page.goto(`${url}calculators/training/?parameters=175&tokens=300&instance=p4de.24xlarge&recompute=full&throughput=mfu&mfu=45&size=deadline&deadline_days=30`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  const answer = page.locator('[data-answer]');
  await answer.waitFor({ state: 'visible' });
  const rows = await page.locator('[data-table="compare-rows"] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  const runnable = rows.filter((r) => /^[\d,.]+$/.test(r[2]));
  assert.ok(runnable.length >= 3, `runnable rows: ${JSON.stringify(rows)}`);
  for (const [instance, count, rowDays, range] of runnable) {
    assert.ok(!instance.startsWith('inf'), `${instance} cannot train and must not be offered`);
    assert.ok(Number(rowDays.replace(/,/g, '')) <= 30, `${instance}: ${rowDays} days meets the deadline`);
    assert.ok(Number(count.replace(/,/g, '')) >= 1);
    // The MFU is the user's (45%); a scaling efficiency borrowed from a benchmark gives the days a range.
    if (range) {
      const [low, high] = range.split('–').map((v) => Number(v.replace(/,/g, '')));
      const point = Number(rowDays.replace(/,/g, ''));
      assert.ok(low <= point && point <= high, `${instance}: ${range} holds ${rowDays}`);
    }
  }
  assert.ok(runnable.some((r) => r[3] !== ''), 'rows that borrow a scaling efficiency show their range');
  for (const r of rows.filter((r) => r[0].startsWith('inf'))) assert.match(r[2], /推論用のチップで、学習には使えません/);
  const [first, next] = runnable;
  assert.equal(await answer.textContent(),
    `30 日以内で最も安いのは ${first[0]} × ${first[1]} 台、${first[4]}、次は ${next[0]} × ${next[1]} 台、${next[4]}。`);
  // On the Japanese page money is yen first, dollars beside.
  assert.match(first[4], /^[\d.,]+ (万|億)円 \([\d,]+ ドル\)$/);
  // "What is the fastest plan I can pay for?": with a budget every runnable row costs at most it,
  // fastest first, and the sentence names the fastest.
  await page.goto(`${url}calculators/training/?parameters=13&tokens=260&instance=p5.48xlarge&recompute=none&throughput=mfu&mfu=40&size=budget&budget_usd=100000`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  await answer.waitFor({ state: 'visible' });
  const budgetRows = (await page.locator('[data-table="compare-rows"] tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((td) => td.textContent)))).filter((r) => /^[\d,.]+$/.test(r[2]));
  assert.ok(budgetRows.length >= 2, JSON.stringify(budgetRows));
  const num = (text) => Number(text.replace(/,/g, ''));
  const dollars = (text) => num(text.match(/\(([\d,.]+) ドル\)$/)[1]);  // yen first, dollars beside
  for (let i = 0; i < budgetRows.length; ++i) {
    assert.ok(dollars(budgetRows[i][4]) <= 100000, `${budgetRows[i][0]} costs ${budgetRows[i][4]}`);
    if (i) assert.ok(num(budgetRows[i][2]) >= num(budgetRows[i - 1][2]), 'fastest first');
  }
  const [fast, second] = budgetRows;
  assert.equal(await answer.textContent(), `予算 100000 USD 以内で最も速いのは ${fast[0]} × ${fast[1]} 台で ${fast[2]} 日、${fast[4]}、` +
    `次は ${second[0]} × ${second[1]} 台で ${second[2]} 日、${second[4]}。`);

  // Back to a count: the sentence goes, since it answers the deadline and budget questions only.
  await page.check('input[name="size"][value="count"]');
  await typeInto(page, '#instance_count', '128');
  assert.equal(await answer.isHidden(), true);

  // A measurement stays with its set-up: from the example (140 TFLOP/s measured on 1,024 A100),
  // choosing Trainium falls back to MFU, shown as assumed with its range, never as "measured" and
  // never blank; a figure the user types stays theirs. The Japanese page says so in Japanese.
  await page.goto(`${url}calculators/training/`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  assert.equal(await page.locator('[data-output="train.mfu_source"]').textContent(), '実測');
  assert.equal(await page.isHidden('[data-show-if="train.range.days"]'), true, 'a measured plan has no range');
  await page.selectOption('#instance', 'trn1.32xlarge');
  assert.equal(await page.isChecked('input[name="throughput"][value="mfu"]'), true);
  assert.equal(await page.locator('[data-output="train.mfu_source"]').textContent(), '仮定');
  assert.notEqual(await days(page), '—');
  const trn1Default = nativePlan(cli, root, { api: 1, kind: 'train', model: { parameters: 175e9 }, tokens: 300e9,
    recompute: 'full', instance: 'trn1.32xlarge', instance_count: 128 });
  const ja1 = (v) => new Intl.NumberFormat('ja', { maximumFractionDigits: 1 }).format(v);
  assert.equal(await page.locator('[data-show-if="train.range.days"]').textContent(),
    ` (${ja1(trn1Default.train.range.days.low)}–${ja1(trn1Default.train.range.days.high)})`);
  assert.equal(await page.isVisible('.results a[href$="guide/ranges/"]'), true, 'the range links to its method');
  await page.check('input[name="throughput"][value="achieved"]');
  await typeInto(page, '#achieved_tflops', '100');
  await page.selectOption('#instance', 'p4de.24xlarge');
  assert.equal(await page.isChecked('input[name="throughput"][value="achieved"]'), true, "the user's own figure stays");

  // A plan that does not fit says so first, with the smallest count that fits.
  await page.goto(`${url}calculators/training/?parameters=175&tokens=300&instance=p4de.24xlarge&instance_count=1&recompute=full&throughput=mfu&mfu=40`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  const warning = page.locator('[data-summary] .warning');
  assert.equal(await warning.isVisible(), true);
  const firstInSummary = await page.locator('[data-summary] > *:not([hidden])').first().getAttribute('class');
  assert.equal(firstInSummary, 'warning', 'the warning comes before the days');
  assert.match(await warning.textContent(), /メモリーに収まりません。収まる最小の台数は\s*\d+/);

  // Training on spot: the notes say the time has no checkpoints or restarts in it until an overhead
  // is given; 15% then lengthens the days by 15%, and the note goes.
  await page.goto(`${url}calculators/training/?parameters=175&tokens=300&instance=p4d.24xlarge&instance_count=128&recompute=full&throughput=achieved&achieved_tflops=140&purchase_option=spot`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  const notes = () => page.locator('[data-list="train.notes"] li').allTextContents();
  assert.ok((await notes()).some((n) => n.startsWith('チェックポイント: ')), (await notes()).join(' | '));
  const spotDays = Number((await days(page)).replace(/,/g, ''));
  await typeInto(page, '#checkpoint', '15');
  assert.ok(!(await notes()).some((n) => n.startsWith('チェックポイント: ')), 'the note goes once the overhead is given');
  const longer = Number((await days(page)).replace(/,/g, ''));
  assert.ok(Math.abs(longer - spotDays * 1.15) <= 0.1, `${spotDays} days × 1.15 shown as ${longer}`);
  await typeInto(page, '#checkpoint', '150');
  assert.match(await page.locator('#checkpoint-error').textContent(), /\S/, 'above 100% is refused at the field');

  // The English page runs the same module with the same answer.
  await page.goto(`${url}en/calculators/training/?parameters=175&tokens=300&instance=p4de.24xlarge&instance_count=128&recompute=full&throughput=achieved&achieved_tflops=140`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  assert.equal(await days(page), '33.9');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
});
