// The training-time calculator in a real browser: type reference case S1 (shared/PLANNER.md) and
// read the planner's answer from the page; bad input shows its reason and no stale result.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

// A number as the calculators show it on the Japanese page (display/text.hpp, format_display):
// grouped, two decimals below 10, one below 100, none above.
const shownJa = (v) => new Intl.NumberFormat('ja', { maximumFractionDigits: v < 10 ? 2 : v < 100 ? 1 : 0 }).format(v);
const output = (page, path) => page.locator(`[data-output="${path}"]`).first().textContent();
const tableRows = (page, name) => page.locator(`[data-table="${name}"] tbody tr`).evaluateAll((trs) =>
  trs.map((tr) => [...tr.children].map((td) => td.textContent)));

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
  // The energy link carries the job the comparison compared (compare's `work`, derived by the
  // planner): this count of each type, at the MFU the HFU comes to, without this type.
  const link = new URL(await page.locator('[data-energy-link] a').getAttribute('href'), 'http://localhost/');
  const work = JSON.parse(link.searchParams.get('work'));
  assert.equal(work.instance_count, 128);
  assert.ok(Math.abs(work.mfu - 140 / 312) < 1e-9, `the link's MFU ${work.mfu}`);
  assert.equal(work.instance, undefined);
  assert.equal(link.searchParams.get('instance1'), 'p4de.24xlarge');
  // The HFU leaves the multiplies a larger share of the peak once the memory-bound work is priced
  // apart; given back as the matrix utilisation, the days stay and the step shows that work.
  const hfuNative = nativePlan(cli, root, { api: 1, kind: 'train', model: { parameters: 175e9 }, tokens: 300e9,
    recompute: 'full', instance: 'p4de.24xlarge', instance_count: 128, hfu: (140 / 312) * 8 / 6 }).train;
  assert.ok(hfuNative.matrix_utilisation > hfuNative.hfu);
  assert.equal(await output(page, 'train.matrix_utilisation'), shownJa(hfuNative.matrix_utilisation * 100));
  assert.equal(await output(page, 'train.step.memory_seconds'), shownJa(hfuNative.step.memory_seconds));
  await page.check('input[name="throughput"][value="matrix"]');
  assert.equal(await page.isVisible('#hfu'), false, 'the HFU input is hidden while the matrix utilisation is chosen');
  await typeInto(page, '#matrix', String(hfuNative.matrix_utilisation * 100));
  assert.equal(await days(page), mfuDays);
  assert.equal(await page.locator('[data-output="train.hfu"]').textContent(),
    new Intl.NumberFormat('ja', { maximumFractionDigits: 1 }).format((140 / 312) * 100 * 8 / 6));
  assert.ok((await p4de.textContent()).includes(mfuDays), 'the comparison runs at the MFU the matrix utilisation gives');
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
  assert.equal(await answer.textContent(), `予算 100,000 USD 以内で最も速いのは ${fast[0]} × ${fast[1]} 台で ${fast[2]} 日、${fast[4]}、` +
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

  // --- The training planner's newer inputs: catalogue models (mixtures of experts too), LoRA and
  // QLoRA, the layout and batch, the step term by term, the runner-up layouts, a config.json. ---
  // Qwen3-30B-A3B from the catalogue on 2 p5.48xlarge: the request names the model, so the planner
  // counts FLOPs from its 3.3B active parameters, and the layout search weighs runner-ups, each
  // with how much slower it is and what it lost most on, in Japanese.
  const moe = { api: 1, kind: 'train', model: 'qwen3-30b-a3b', sequence: 4096, tokens: 1e12, recompute: 'none',
    instance: 'p5.48xlarge', instance_count: 2, global_batch: 512, mfu: 0.15 };
  const moeSearched = nativePlan(cli, root, moe).train;
  await page.goto(`${url}calculators/training/`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  await page.check('input[name="model"][value="catalogue"]');
  // A preset carries the model's published pre-training sequence and its recipe's recompute
  // (data/models.json): Llama 3.1 70B at 8,192 tokens with none (the Llama 3 paper), DeepSeek-V3 at
  // 4,096 with selective (its report); it was GPT-3's 2,048 and full recompute for every model.
  for (const [id, sequence, recompute] of [['llama3.1-70b', '8192', 'none'], ['deepseek-v3', '4096', 'selective']]) {
    await page.selectOption('#preset', id);
    assert.equal(await page.inputValue('#sequence_length'), sequence, `${id}: sequence`);
    assert.equal(await page.inputValue('#recompute'), recompute, `${id}: recompute`);
  }
  await page.selectOption('#preset', 'qwen3-30b-a3b');
  assert.equal(await page.inputValue('#tokens'), '36,000', "the preset fills the model's published tokens");
  await typeInto(page, '#tokens', '1000');
  await typeInto(page, '#sequence_length', '4096');
  await page.selectOption('#recompute', 'none');
  await page.selectOption('#instance', 'p5.48xlarge');
  await typeInto(page, '#instance_count', '2');
  await page.check('input[name="throughput"][value="mfu"]');
  await typeInto(page, '#mfu', '15');
  await page.click('details.advanced summary');
  await typeInto(page, '#global_batch', '512');
  assert.equal(await days(page), shownJa(moeSearched.days));
  assert.equal(await output(page, 'train.parameters'), '30,500,000,000');
  assert.equal(await output(page, 'train.active_parameters'), '3,300,000,000');
  assert.equal(await page.isVisible('[data-show-if="train.active_parameters"]'), true);
  const lostOn = { bubble: 'パイプラインの待ち時間', tensor: 'テンソル並列の通信', pipeline: 'パイプラインの送信', data: 'データ並列の通信',
    expert: 'エキスパートへの全対全通信', context: 'コンテキスト並列の通信', compute: '計算' };
  const runnersUp = await tableRows(page, 'alternatives');
  assert.equal(runnersUp.length, moeSearched.alternatives.length);
  assert.ok(runnersUp.length >= 1, 'the search weighed other layouts');
  moeSearched.alternatives.forEach((a, i) => {
    assert.equal(runnersUp[i][1], shownJa(a.slower * 100), `runner-up ${i}: slower in percent`);
    assert.equal(runnersUp[i][2], lostOn[a.lost_on], `runner-up ${i}: what it lost on, in Japanese`);
    assert.equal(runnersUp[i][3], shownJa(a.step.step_seconds));
    assert.match(runnersUp[i][0], new RegExp(`^TP ${a.layout.tensor} × PP ${a.layout.pipeline} × DP ${a.layout.data}`));
  });
  // Expert parallelism 8, fixed (API.md's example): the layout shows EP, the step its all-to-all,
  // and there is nothing left to weigh, so the runner-up table goes.
  const moeFixed = nativePlan(cli, root, { ...moe, layout: { tensor: 1, pipeline: 1, expert: 8, zero: 1 } }).train;
  await typeInto(page, '#tp', '1');
  await typeInto(page, '#pp', '1');
  await typeInto(page, '#ep', '8');
  await typeInto(page, '#zero', '1');
  assert.equal(await days(page), shownJa(moeFixed.days));
  assert.equal(await page.isVisible('[data-show-if="train.layout.expert"]'), true);
  assert.equal(await output(page, 'train.layout.expert'), '8');
  assert.equal(await output(page, 'train.layout.data'), String(moeFixed.layout.data));
  assert.ok(moeFixed.step.expert_seconds > 0);
  // Nothing hides it by default: the step table shows what is left exposed, here all of it.
  assert.equal(moeFixed.step.expert_exposed_seconds, moeFixed.step.expert_seconds);
  assert.equal(await output(page, 'train.step.expert_exposed_seconds'), shownJa(moeFixed.step.expert_exposed_seconds));
  assert.equal(await output(page, 'train.step.step_seconds'), shownJa(moeFixed.step.step_seconds));
  assert.equal(await page.isHidden('[data-table="alternatives"]'), true);
  // A degree that does not divide the instance, and an overlap above 100%: each refused beside its
  // own field in Japanese, with no figure left standing; the overlap's bounds in the percent the
  // field is typed in, not the request's 0 to 1.
  await typeInto(page, '#tp', '3');
  assert.match(await page.locator('[data-error-for="layout.tensor"]').textContent(), /アクセラレーター 8 基を割り切れる数にしてください/);
  assert.equal(await page.getAttribute('#tp', 'aria-invalid'), 'true');
  assert.equal(await days(page), '—');
  await typeInto(page, '#tp', '1');
  await typeInto(page, '#overlap', '150');
  assert.equal(await page.locator('[data-error-for="overlap"]').textContent(), '0 以上 100 以下にしてください');
  assert.equal(await days(page), '—');
  // Text in the share field is not a number: the request's "layer" is the radio button beside it.
  await typeInto(page, '#overlap', 'abc');
  assert.equal(await page.locator('[data-error-for="overlap"]').textContent(), '数値を入力してください');
  await page.fill('#overlap', '');
  // Layer by layer: the request's "overlap": "layer" (1 − p/L), the share field hidden.
  const moeLayer = nativePlan(cli, root, { ...moe, layout: { tensor: 1, pipeline: 1, expert: 8, zero: 1 }, overlap: 'layer' }).train;
  assert.ok(moeLayer.step.data_exposed_seconds < moeFixed.step.data_exposed_seconds, 'layer by layer hides more');
  await page.check('input[name="overlap_mode"][value="layer"]');
  assert.equal(await page.isHidden('#overlap'), true);
  assert.equal(await output(page, 'train.step.step_seconds'), shownJa(moeLayer.step.step_seconds));
  assert.equal(await days(page), shownJa(moeLayer.days));
  await page.check('input[name="overlap_mode"][value="share"]');
  assert.equal(await days(page), shownJa(moeFixed.days));
  // Sequence parallelism, on over tensor parallelism 2: the request's "sequence_parallel": true,
  // which splits the norms' activations and their memory-bound work over the two ranks.
  const moeTp = { ...moe, layout: { tensor: 2, pipeline: 1, expert: 8, zero: 1 } };
  const withoutSp = nativePlan(cli, root, moeTp).train;
  const withSp = nativePlan(cli, root, { ...moeTp, sequence_parallel: true }).train;
  assert.ok(withSp.step.memory_seconds < withoutSp.step.memory_seconds);
  await typeInto(page, '#tp', '2');
  assert.equal(await output(page, 'train.step.memory_seconds'), shownJa(withoutSp.step.memory_seconds));
  await page.selectOption('#sequence_parallel', 'true');
  assert.equal(await output(page, 'train.step.memory_seconds'), shownJa(withSp.step.memory_seconds));
  assert.equal(await days(page), shownJa(withSp.days));
  await page.selectOption('#sequence_parallel', '');
  await typeInto(page, '#tp', '1');
  assert.equal(await days(page), shownJa(moeFixed.days));
  await typeInto(page, '#ep', '3');
  assert.match(await page.locator('[data-error-for="layout.expert"]').textContent(), /エキスパート数 128 を割り切れる数/);
  await page.fill('#ep', '');
  // The layout is in the link: a reload opens the advanced inputs it fills.
  await page.waitForURL(/[?&]tp=1&/);
  await page.reload();
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  assert.equal(await page.locator('details.advanced').getAttribute('open'), '', 'the advanced inputs in use are shown');
  assert.equal(await page.inputValue('#pp'), '1');

  // LoRA of Llama 3.1 8B at rank 16 (API.md): the adapters' 41,943,040 parameters; QLoRA holds the
  // frozen base at 0.516 bytes a parameter. Every number is the native planner's.
  const lora = { api: 1, kind: 'train', model: 'llama3.1-8b', sequence: 4096, tokens: 1e9, recompute: 'none',
    fine_tuning: { method: 'lora', rank: 16 }, instance: 'p5.48xlarge', instance_count: 1 };
  const loraNative = nativePlan(cli, root, lora).train;
  await page.goto(`${url}calculators/training/?model=catalogue&preset=llama3.1-8b&sequence_length=4096&tokens_mode=given&tokens=1` +
    '&recompute=none&ft=lora&rank=16&instance=p5.48xlarge&size=count&instance_count=1&throughput=mfu');
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  assert.equal(await output(page, 'train.adapter_parameters'), '41,943,040');
  assert.equal(await page.isVisible('[data-show-if="train.fine_tuning"][data-show-value="lora"]'), true);
  assert.equal(await page.isVisible('[data-show-if="train.fine_tuning"][data-show-value="pretraining"]'), false);
  assert.equal(await output(page, 'train.base_weight_bytes'), shownJa(loraNative.base_weight_bytes));
  assert.equal(await days(page), shownJa(loraNative.days));
  // Adapters on q and v only: fewer adapter parameters, as the planner counts them.
  await page.check('input[name="target"][value="q"]');
  await page.check('input[name="target"][value="v"]');
  const qv = nativePlan(cli, root, { ...lora, fine_tuning: { method: 'lora', rank: 16, target_modules: ['q', 'v'] } }).train;
  assert.equal(await output(page, 'train.adapter_parameters'), qv.adapter_parameters.toLocaleString('en-US'));
  await page.selectOption('#ft', 'qlora');
  assert.equal(await output(page, 'train.base_weight_bytes'), '0.52');
  // Pre-training has no rank: the rank and the matrices are hidden and left out of the request.
  await page.selectOption('#ft', '');
  assert.equal(await page.isVisible('#rank'), false);
  assert.equal(await page.isVisible('[data-show-if="train.adapter_parameters"]'), false);
  assert.equal(await page.isVisible('[data-show-if="train.fine_tuning"][data-show-value="pretraining"]'), true);
  // FP4 is offered, and refused beside the precision on a chip without an FP4 peak (H100).
  await page.selectOption('#precision', 'fp4');
  assert.match(await page.locator('[data-error-for="precision"]').textContent(), /fp4 の演算器がありません/);
  assert.equal(await days(page), '—');
  await page.selectOption('#precision', 'fp8');
  assert.notEqual(await days(page), '—');

  // A Hugging Face config.json, pasted (Mixtral 8x7B): the planner reads it as model.config, the
  // parameter form is filled with its counts (experts included), and the result is the native
  // planner's for the same config.
  const mixtral = readFileSync(join(root, 'tests/fixtures/model-configs/mixtral-8x7b-v0.1.json'), 'utf8');
  const fromConfig = nativePlan(cli, root, { ...lora, model: { config: JSON.parse(mixtral) }, fine_tuning: undefined, precision: 'fp8' }).train;
  await page.check('input[name="model"][value="config"]');
  await page.fill('[data-import-text]', mixtral);
  await page.click('[data-import-run]');
  assert.equal(await page.isChecked('input[name="model"][value="config"]'), true);
  assert.equal(await page.inputValue('#parameters'), '46.702792704');
  assert.equal(await page.inputValue('#active_parameters'), '12.879925248');
  assert.equal(await page.inputValue('#experts'), '8');
  assert.equal(await page.inputValue('#experts_per_token'), '2');
  assert.equal(await output(page, 'train.parameters'), '46,702,792,704');
  assert.equal(await output(page, 'train.active_parameters'), fromConfig.active_parameters.toLocaleString('en-US'));
  assert.equal(await days(page), shownJa(fromConfig.days));
  // A config missing a field: the reason in Japanese, at the config, and no figure.
  await page.fill('[data-import-text]', mixtral.replace('"num_attention_heads"', '"num_attention_heads_"'));
  assert.match(await page.locator('[data-error-for="model.config"]').textContent(), /\S/);
  assert.equal(await days(page), '—');

  // The English page runs the same module with the same answer.
  await page.goto(`${url}en/calculators/training/?parameters=175&tokens=300&instance=p4de.24xlarge&instance_count=128&recompute=full&throughput=achieved&achieved_tflops=140`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  assert.equal(await days(page), '33.9');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
});
