// The generated site in a real browser: the search box finds a Japanese word (no spaces between
// words) and an English one, and the cheat-sheet sorts, filters and hides columns.
import assert from 'node:assert/strict';
import { run } from './harness.mjs';

run('browser.site_features', async ({ url, context }) => {
  const page = await context.newPage();

  // Japanese: 料金 (price) appears inside longer runs of text on the cheat-sheet page.
  await page.goto(url);
  await page.fill('#search-input', '料金');
  await page.waitForSelector('#search-results a');
  const ja = await page.locator('#search-results a').allTextContents();
  assert.ok(ja.some((t) => t.includes('インスタンス早見表')), `ja results: ${ja}`);

  // English, on the English site: "Trainium" finds the accelerator's page.
  await page.goto(`${url}en/`);
  await page.fill('#search-input', 'trainium');
  await page.waitForSelector('#search-results a');
  const en = await page.locator('#search-results a').allTextContents();
  assert.ok(en.some((t) => t.includes('AWS Trainium')), `en results: ${en}`);
  await page.fill('#search-input', 'zzqqxx');
  await page.waitForFunction(() => !document.querySelector('#search-results a'));

  // The cheat-sheet: a static table first, then controls.
  await page.goto(`${url}en/instances/`);
  await page.waitForSelector('[data-table-controls]:not([hidden])');
  const ids = () => page.locator('table.cheatsheet tbody tr:not([hidden]) th').allTextContents();
  const all = await ids();
  assert.ok(all.length >= 20);

  await page.fill('#cheatsheet-filter', 'trainium');
  assert.deepEqual(await ids(), ['trn1.2xlarge', 'trn1.32xlarge', 'trn1n.32xlarge']);
  await page.fill('#cheatsheet-filter', '');

  // Sort by vCPU, ascending then descending; numbers sort as numbers, not text.
  const vcpu = page.locator('table.cheatsheet thead th', { hasText: 'vCPU' });
  await vcpu.locator('button').click();
  assert.equal(await vcpu.getAttribute('aria-sort'), 'ascending');
  const ascending = await page.locator('table.cheatsheet tbody tr td:nth-child(7)').evaluateAll(
    (cells) => cells.map((c) => Number(c.dataset.value)));
  assert.deepEqual(ascending, [...ascending].sort((a, b) => a - b));
  await vcpu.locator('button').click();
  assert.equal(await vcpu.getAttribute('aria-sort'), 'descending');

  // Hide the price column.
  await page.locator('[data-table-controls] summary').click();
  await page.locator('[data-table-controls] label', { hasText: 'price' }).click();
  assert.equal(await page.locator('table.cheatsheet thead th:nth-child(11)').isHidden(), true);
});
