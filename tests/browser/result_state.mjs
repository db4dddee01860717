// One result state (issue 35, item 1), for every calculator: a good plan, then inputs with no
// answer, then the good plan again. With no answer the page must show none: every headline hidden
// and empty, no table row, no chart, a CSV of the errors alone, and the errors listed at the top of
// the results, each a link to its field. Back on the good inputs, the same answer, the same CSV
// bytes and the same URL as the first time. Before this, a failed plan left the previous headline
// ("2 × p5.48xlarge … $3.92", "Trn1: 29% less energy") above a card of "—".
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { run } from './harness.mjs';

async function typeInto(page, selector, value) {
  await page.fill(selector, '');
  await page.type(selector, value);
}

async function csv(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-export="csv"]')]);
  return readFileSync(await file.path(), 'utf8');
}

// What the page shows as its result: the headlines' text (hidden ones as null), body rows per
// table, charts drawn, the error summary's entries and the inputs' state in the URL.
async function observe(page) {
  return page.evaluate(() => {
    const root = document.querySelector('[data-calculator]');
    const hiddenOf = (el) => Boolean(el.closest('[hidden]'));
    return {
      // The answer's parts by their own names too, so the check does not rest on the new attribute alone.
      headlines: [...root.querySelectorAll('[data-headline], [data-summary], [data-serve-answer], [data-energy-answer], [data-answer]')].map((el) => (hiddenOf(el) ? null : el.textContent.replace(/\s+/g, ' ').trim())),
      headlineText: [...root.querySelectorAll('[data-headline-text], [data-headline] li')].map((el) => el.textContent).join(''),
      rows: [...root.querySelectorAll('[data-table] tbody')].map((body) => body.rows.length),
      charts: root.querySelectorAll('[data-chart] svg').length,
      outputs: [...root.querySelectorAll('.results [data-output]')].filter((el) => !hiddenOf(el)).length,
      summary: hiddenOf(root.querySelector('[data-error-summary]')) ? []
        : [...root.querySelectorAll('[data-error-summary] li')].map((li) => ({
          text: li.textContent, href: li.querySelector('a')?.getAttribute('href') ?? null })),
      url: location.href,
    };
  });
}

// Good → failing → good on one calculator: `selector`'s input is set to `bad` and then back to what
// the example had. `message` is the error the summary must list, linked to that input.
async function roundTrip(page, url, { name, selector, bad: badValue, message, part = false }) {
  await page.goto(url);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  const good = await observe(page);
  assert.ok(good.rows.some((n) => n > 0) || good.headlines.some((h) => h), `${name}: the example shows an answer`);
  assert.deepEqual(good.summary, [], `${name}: no errors listed for good inputs`);
  const goodCsv = await csv(page);
  const save = () => page.evaluate(() => { dispatchEvent(new Event('pagehide')); return location.href; });
  const goodUrl = await save();
  const original = await page.inputValue(selector);
  const target = `#${await page.getAttribute(selector, 'id')}`;

  await typeInto(page, selector, badValue);
  const bad = await observe(page);
  assert.ok(bad.rows.every((n) => n === 0), `${name}: no table row of the old answer: ${bad.rows}`);
  assert.ok(bad.headlines.every((h) => h === null), `${name}: every headline hidden with no answer: ${JSON.stringify(bad.headlines)}`);
  assert.equal(bad.headlineText, '', `${name}: the hidden headlines hold no old text`);
  assert.equal(bad.charts, 0, `${name}: no chart of the old answer`);
  if (part) {
    // The comparison page's training job is a request of its own: its error stays beside its field.
    assert.match(await page.textContent(`[data-request] [data-error-for="tokens"]`), message, `${name}: the job's error`);
  } else {
    assert.equal(bad.outputs, 0, `${name}: no result figure shown, not even as "—"`);
    assert.ok(bad.summary.some((s) => message.test(s.text) && s.href === target),
      `${name}: the summary names the error and links to ${target}: ${JSON.stringify(bad.summary)}`);
    // The link moves focus to the field.
    await page.click(`[data-error-summary] a[href="${target}"]`);
    assert.equal(await page.evaluate(() => `#${document.activeElement.id}`), target, `${name}: the link focuses the field`);
    // The CSV is the header and the errors, nothing of the earlier answer.
    const badCsv = await csv(page);
    const lines = badCsv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    assert.equal(lines[0], goodCsv.replace(/^\uFEFF/, '').split('\r\n')[0], `${name}: the CSV keeps its header`);
    assert.deepEqual(lines.slice(1), bad.summary.map((s) => `"${s.text.replace(/"/g, '""')}",,,,`),
      `${name}: the CSV is the errors alone: ${badCsv}`);
  }
  assert.notEqual(await save(), goodUrl, `${name}: the URL holds the failing inputs`);

  await typeInto(page, selector, original);
  const again = await observe(page);
  assert.equal(await save(), goodUrl, `${name}: the same URL as before`);
  assert.deepEqual({ ...again, url: undefined }, { ...good, url: undefined }, `${name}: the same answer as before`);
  assert.equal(await csv(page), goodCsv, `${name}: the same CSV bytes as before`);
}

// A link's inputs: until the planner has answered them, the results and charts the build drew for
// the example are hidden, not shown beside inputs they are not the answer to. The module's first
// call (the page's warm-up, planner.plan('{}')) comes after the link is read into the form and
// before the first answer: what the page shows then is recorded.
async function linkWaitsForItsAnswer(page, url) {
  await page.addInitScript(() => {
    let create;
    Object.defineProperty(globalThis, 'createPlanner', {
      configurable: true,
      get: () => create && (async (...args) => {
        const planner = await create(...args);
        const plan = planner.plan;
        planner.plan = (text) => {
          if (text === '{}' && !globalThis.seenBeforeAnswer) {
            const root = document.querySelector('[data-calculator]');
            globalThis.seenBeforeAnswer = {
              tokens: document.querySelector('#tokens').value,
              stale: root.dataset.stale ?? null,
              results: getComputedStyle(root.querySelector('.results')).visibility,
              charts: getComputedStyle(root.querySelector('.calc-charts')).visibility,
            };
          }
          return plan(text);
        };
        return planner;
      }),
      set: (value) => { create = value; },
    });
  });
  await page.goto(`${url}en/calculators/training/?tokens=600`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  const before = await page.evaluate(() => globalThis.seenBeforeAnswer);
  assert.deepEqual(before, { tokens: '600', stale: 'true', results: 'hidden', charts: 'hidden' },
    'the example\'s results stay hidden beside a link\'s inputs until they are answered');
  const after = await page.evaluate(() => {
    const root = document.querySelector('[data-calculator]');
    return { stale: root.dataset.stale ?? null, results: getComputedStyle(root.querySelector('.results')).visibility };
  });
  assert.deepEqual(after, { stale: null, results: 'visible' }, 'answered, the results show');
}

run('browser.result_state', async ({ url, context }) => {
  await linkWaitsForItsAnswer(await context.newPage(), url);
  const page = await context.newPage();
  for (const lang of ['', 'en/']) {
    const ja = lang === '';
    const greater = ja ? /0 より大きく/ : /must be greater than 0/;
    await roundTrip(page, `${url}${lang}calculators/training/`, { name: `${lang}training`, selector: '#tokens', bad: '0', message: greater });
    await roundTrip(page, `${url}${lang}calculators/serving/`, {
      name: `${lang}serving`, selector: '[data-field="prompt_tokens"]', bad: '0', message: ja ? /1 以上/ : /must be a whole number from 1/ });
    await roundTrip(page, `${url}${lang}calculators/inference/`, { name: `${lang}inference`, selector: '#rate', bad: '0', message: greater });
    await roundTrip(page, `${url}${lang}calculators/energy/`, { name: `${lang}energy`, selector: '#hours1', bad: '0', message: greater });
    await roundTrip(page, `${url}${lang}calculators/compare/`, {
      name: `${lang}compare`, selector: '[data-request] #tokens', bad: '0', message: greater, part: true });
  }
});
