// The LLM serving calculator in a real browser: the SLO answer matches the native planner, a Llama
// and a mixture-of-experts config.json (tests/fixtures/model-configs, the published files' fields)
// are read into the form with their parameters counted, an unmeetable target is refused with its
// reason at its field, the overrides (engine, batch, bandwidth share, MFU, cached prompt tokens)
// show the planner's values and plan with typed ones, and the state survives a reload through the URL.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './harness.mjs';

function nativePlan(cli, root, request) {
  const out = execFileSync(cli, ['plan', '--json', '-', '--root', root], { input: JSON.stringify(request), encoding: 'utf8' });
  return JSON.parse(out);
}

const output = (page, path) => page.locator(`[data-output="${path}"]`).first().textContent();

async function typeInto(page, selector, text) {
  await page.fill(selector, '');
  await page.type(selector, text);
}

run('browser.serving_calculator', async ({ url, context, cli, root }) => {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));

  // Without JavaScript the worked example is there, computed at build time.
  const html = await (await fetch(`${url}en/calculators/serving/`)).text();
  assert.match(html, /data-serve-this[^>]*>2 × p5\.48xlarge: TTFT [\d.]+ ms, TPOT [\d.]+ ms, \$[\d.]+ per million output tokens/);

  await page.goto(`${url}en/calculators/serving/`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');

  // The SLO answer: Llama 3.1 70B on p5.48xlarge, 2,000 in and 200 out, TTFT 2 s, TPOT 50 ms, 10/s.
  const request = { api: 1, kind: 'serve', model: 'llama3.1-70b', instance: 'p5.48xlarge', prompt_tokens: 2000,
    output_tokens: 200, ttft_ms: 2000, tpot_ms: 50, rate: { value: 10, per: 'second' } };
  const native = nativePlan(cli, root, request).serve;
  assert.equal(await output(page, 'serve.fleet'), String(native.fleet));
  assert.equal(await output(page, 'serve.tensor_parallel'), String(native.tensor_parallel));
  assert.ok(native.tpot_ms <= 50);
  assert.equal(await output(page, 'serve.tpot_ms'), native.tpot_ms.toFixed(1).replace(/\.0$/, ''));
  // The comparison below names the cheapest type for the same targets, and ranks the table by it.
  const best = await page.locator('[data-serve-best]').textContent();
  const compare = nativePlan(cli, root, { api: 1, kind: 'compare', job: { ...request, instance: undefined, api: undefined } }).compare;
  assert.ok(best.includes(compare.rows[0].instance), best);
  assert.equal(await page.locator('[data-table="serve-rows"] tbody tr').first().locator('td').first().textContent(), compare.rows[0].instance);
  assert.ok(await page.locator('[data-chart="serve-curve"] svg polyline').count() >= 1, 'the throughput-TPOT curve is drawn');

  // The overrides a practitioner tunes: each empty field shows the value the plan used (built into
  // the page for readers without JavaScript, then the live plan's), and a typed one is planned with.
  const placeholders = () => page.evaluate(() =>
    Object.fromEntries([...document.querySelectorAll('[data-default]')].map((i) => [i.name, i.placeholder])));
  // The H100 is predicted from its operator table: the shares its prices imply, shown to three digits.
  assert.equal(native.bandwidth_fraction_source, 'predicted');
  const percent = (fraction) => String(Number((fraction * 100).toPrecision(3)));
  assert.match(html, new RegExp(`id="bandwidth"[^>]*placeholder="${percent(native.bandwidth_fraction)}"`));
  assert.deepEqual(await placeholders(), { tp: String(native.tensor_parallel), concurrency: String(native.concurrency_per_replica),
    bandwidth: percent(native.bandwidth_fraction), prefill_mfu: percent(native.mfu) });
  // Static batching: the engine the native planner names, its smaller batch shown as the default.
  await page.selectOption('#engine', 'static');
  const whole = nativePlan(cli, root, { ...request, engine: 'static' }).serve;
  assert.equal(whole.engine, 'static');
  assert.equal(await output(page, 'serve.fleet'), String(whole.fleet));
  assert.equal((await placeholders()).concurrency, String(whole.concurrency_per_replica));
  assert.notEqual(whole.concurrency_per_replica, native.concurrency_per_replica);
  // A typed bandwidth share and batch are what the plan uses: as the native planner given them.
  await typeInto(page, '#bandwidth', '60');
  await typeInto(page, '#concurrency', '4');
  const typed = nativePlan(cli, root, { ...request, engine: 'static', bandwidth_fraction: 0.6, concurrency: 4 }).serve;
  assert.equal(await output(page, 'serve.fleet'), String(typed.fleet));
  assert.equal(await output(page, 'serve.tpot_ms'), typed.tpot_ms.toFixed(1).replace(/\.0$/, ''));
  // Prompt tokens the engine finds in its prefix cache: not prefilled again, as the native planner
  // plans them, and the note says so.
  await typeInto(page, '#cached_prompt', '1500');
  const cached = nativePlan(cli, root, { ...request, engine: 'static', bandwidth_fraction: 0.6, concurrency: 4,
    cached_prompt_tokens: 1500 }).serve;
  assert.ok(cached.ttft_ms < typed.ttft_ms);
  const shownTtft = Number((await output(page, 'serve.ttft_ms')).replace(/,/g, ''));
  assert.ok(Math.abs(shownTtft - cached.ttft_ms) <= cached.ttft_ms * 1e-3, `${shownTtft} against ${cached.ttft_ms}`);
  const notes = await page.locator('[data-list="serve.notes"] li').allTextContents();
  assert.ok(notes.some((n) => n.startsWith("prefix cache: 1500 of each prompt's 2000 tokens")), notes.join('\n'));
  await page.fill('#cached_prompt', '');
  // A failing plan used no value: the fields show their generic placeholders, not the last plan's.
  await typeInto(page, '#prompt', '0');
  assert.deepEqual(await placeholders(), { tp: 'auto', concurrency: 'auto', bandwidth: 'default', prefill_mfu: 'default' });
  await typeInto(page, '#prompt', '2000');
  for (const id of ['#bandwidth', '#concurrency']) await page.fill(id, '');
  await page.dispatchEvent('#concurrency', 'input');
  await page.selectOption('#engine', 'continuous');
  assert.equal(await output(page, 'serve.fleet'), String(native.fleet));

  // Equal work: the answer links to the energy page with this job; each type there gets the fleet
  // the native planner gives it for the same rate and targets, for an hour.
  await Promise.all([page.waitForURL(/calculators\/energy\/\?work_mode=job/), page.click('[data-energy-link] a')]);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  await page.selectOption('#instance2', 'inf2.48xlarge');
  const inf2 = nativePlan(cli, root, { ...request, instance: 'inf2.48xlarge', region: 'us-east-1' }).serve;
  const energyRow = async (n) => page.locator(`[data-table="energy-rows"] tbody tr:nth-child(${n}) td`).allTextContents();
  await page.waitForFunction(() => document.querySelectorAll('[data-table="energy-rows"] tbody tr').length === 2);
  assert.deepEqual((await energyRow(1)).slice(1, 3), ['p5.48xlarge', `${native.fleet} × 1`]);
  assert.deepEqual((await energyRow(2)).slice(1, 3), ['inf2.48xlarge', `${inf2.fleet} × 1`]);
  assert.match((await page.locator('[data-energy-answer] li').allTextContents())[0], /^inf2\.48xlarge against p5\.48xlarge: energy [\d.,]+% (less|more)/);
  await page.goto(`${url}en/calculators/serving/`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');

  // An unmeetable target: 3 ms per output token cannot be read from HBM on any p5.
  await typeInto(page, '#tpot', '3');
  const refusal = await page.locator('[data-error-for="tpot_ms"]').textContent();
  assert.match(refusal, /each output token takes [\d.]+ ms .* even for one sequence \(reading [\d.]+ GB of weights per token\), above the 3 ms target/);
  assert.equal(await output(page, 'serve.fleet'), '—', 'no stale result beside the refusal');
  await typeInto(page, '#tpot', '50');

  // A real Llama config.json, pasted: the architecture fills the form, parameters counted exactly.
  const fixtures = join(root, 'tests/fixtures/model-configs');
  await page.check('input[name="model_from"][value="architecture"]');
  await page.locator('[data-import] summary').click();
  await page.fill('[data-import-text]', readFileSync(join(fixtures, 'llama-3.1-70b-instruct.json'), 'utf8'));
  await page.click('[data-import-run]');
  assert.equal(await page.inputValue('#m_parameters'), '70.553706496');
  assert.equal(await page.inputValue('#m_layers'), '80');
  assert.equal(await page.inputValue('#m_kv_heads'), '8');
  assert.equal(await page.inputValue('#m_head_dim'), '128');
  assert.equal(await page.inputValue('#m_experts'), '');
  assert.equal(await output(page, 'serve.architecture.parameters'), '70,553,706,496');

  // A mixture of experts, chosen as a file: all experts in memory, the routed ones active.
  await page.setInputFiles('[data-import-file]', join(fixtures, 'mixtral-8x7b-v0.1.json'));
  await page.waitForFunction(() => document.querySelector('#m_experts').value === '8');
  assert.equal(await page.inputValue('#m_parameters'), '46.702792704');
  assert.equal(await page.inputValue('#m_active'), '12.879925248');
  assert.equal(await page.inputValue('#m_experts_per_token'), '2');
  const mixtral = nativePlan(cli, root, { ...request, model: { config: JSON.parse(readFileSync(join(fixtures, 'mixtral-8x7b-v0.1.json'), 'utf8')) } }).serve;
  assert.equal(await output(page, 'serve.fleet'), String(mixtral.fleet));
  assert.equal(await output(page, 'serve.concurrency_per_instance'), mixtral.concurrency_per_instance.toLocaleString('en-US'));

  // A config missing a field says which, by its config.json name; invalid JSON says so.
  const broken = JSON.parse(readFileSync(join(fixtures, 'mixtral-8x7b-v0.1.json'), 'utf8'));
  delete broken.num_attention_heads;
  await page.fill('[data-import-text]', JSON.stringify(broken));
  await page.click('[data-import-run]');
  assert.match(await page.locator('[data-import-error]').textContent(), /num_attention_heads: is missing from the config\.json/);
  await page.fill('[data-import-text]', '{"hidden_size": 4096,');
  await page.click('[data-import-run]');
  assert.match(await page.locator('[data-import-error]').textContent(), /^This is not valid JSON:/);

  // The imported architecture is in the URL: a reload shows the same plan.
  await page.waitForTimeout(300);
  await page.reload();
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  assert.equal(await page.inputValue('#m_experts'), '8');
  assert.equal(await output(page, 'serve.fleet'), String(mixtral.fleet));

  // Japanese: the refusal in Japanese, costs in yen.
  await page.goto(`${url}calculators/serving/`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  assert.match(await output(page, 'serve.cost_per_million_output'), /円/);
  await typeInto(page, '#tpot', '3');
  assert.match(await page.locator('[data-error-for="tpot_ms"]').textContent(), /目標の 3 ミリ秒を超えます$/);
  assert.doesNotMatch(await page.locator('[data-error-for="tpot_ms"]').textContent(), /each output token/);
  assert.deepEqual(errors, []);
});
