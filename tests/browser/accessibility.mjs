// Accessibility of every calculator page, and of a page of every other kind, in both languages:
// axe-core finds no violations (WCAG 2.1 A and AA rules); on calculators every input has a label,
// the whole calculator works from the keyboard, and results sit in a live region so screen readers
// announce them.
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import { run } from './harness.mjs';

const PAGES = ['calculators/training/', 'calculators/inference/', 'calculators/energy/', 'calculators/compare/'];
// One page of each other kind: home, a section, guidance with tables and citations, the accuracy
// page, the cheat-sheet, a family and an accelerator page, references, a case study, the glossary.
const OTHER = ['', 'guide/', 'guide/distributed-training/', 'guide/accuracy/', 'instances/', 'families/p4d/',
               'accelerators/trainium/', 'references/', 'case-studies/gpt3-175b-a100/', 'glossary/'];
const axe = async (page) => {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`);
};

run('browser.accessibility', async ({ url, context }) => {
  const page = await context.newPage();
  for (const prefix of ['', 'en/']) {
    for (const path of OTHER) {
      await page.goto(`${url}${prefix}${path}`);
      assert.deepEqual(await axe(page), [], `${prefix}${path}`);
    }
    for (const path of PAGES) {
      await page.goto(`${url}${prefix}${path}`);
      await page.waitForSelector('[data-calculator][data-ready="true"]');
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const found = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join('; ')})`);
      assert.deepEqual(found, [], `${prefix}${path}`);

      // Every visible form control is labelled.
      const unlabelled = await page.$$eval('[data-form] input:not([type="hidden"]), [data-form] select', (inputs) =>
        inputs.filter((i) => i.offsetParent !== null && !(i.labels?.length || i.getAttribute('aria-label'))).map((i) => i.name));
      assert.deepEqual(unlabelled, [], `${prefix}${path}: inputs without a label`);
      assert.ok(await page.locator('[aria-live]').count() >= 1, `${prefix}${path}: results in a live region`);
    }
  }

  // The keyboard alone: tab to the instance count, type, and the result follows.
  await page.goto(`${url}en/calculators/training/`);
  await page.waitForSelector('[data-calculator][data-ready="true"]');
  const before = await page.locator('[data-output="train.days"]').textContent();
  await page.focus('input[name="model"]:checked');
  for (let i = 0; i < 40 && (await page.evaluate(() => document.activeElement?.id)) !== 'instance_count'; i++) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'instance_count', 'Tab reaches the instance count');
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('256');
  assert.notEqual(await page.locator('[data-output="train.days"]').textContent(), before);
  // Radios switch with the arrow keys, as a radio group should.
  await page.focus('input[name="throughput"][value="achieved"]');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.isChecked('input[name="throughput"][value="matrix"]'), true);
  assert.equal(await page.isVisible('#matrix'), true);
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.isChecked('input[name="throughput"][value="hfu"]'), true);
  assert.equal(await page.isVisible('#hfu'), true);
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.isChecked('input[name="throughput"][value="mfu"]'), true);
  assert.equal(await page.isVisible('#mfu'), true);
  assert.equal(await page.isVisible('#hfu'), false);

  // Tab alone reaches every visible control of each calculator, the header and the footer, and
  // each shows where the focus is (an outline of at least 2 px) when it gets there; radios count
  // as one stop per group, as browsers tab them.
  for (const prefix of ['', 'en/']) {
    for (const path of [...PAGES, '', 'instances/']) {
      await page.goto(`${url}${prefix}${path}`);
      if (PAGES.includes(path)) await page.waitForSelector('[data-calculator][data-ready="true"]');
      const controls = await page.$$eval('a[href], button, input:not([type="hidden"]), select, textarea, summary', (els) => {
        const seen = new Set();
        return els.filter((e) => e.checkVisibility() && !e.disabled && e.tabIndex >= 0).map((e, i) => {
          e.dataset.tabProbe = String(i);
          return e.type === 'radio' ? `radio:${e.name}` : String(i);
        }).filter((key) => !(key.startsWith('radio:') && seen.has(key)) && seen.add(key));
      });
      await page.evaluate(() => document.activeElement?.blur());
      const reached = new Set();
      const unmarked = [];
      for (let i = 0; i < controls.length + 10; i++) {
        await page.keyboard.press('Tab');
        const at = await page.evaluate(() => {
          const e = document.activeElement;
          if (!e || e === document.body) return null;
          const style = getComputedStyle(e);
          const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
          return { key: e.type === 'radio' ? `radio:${e.name}` : e.dataset.tabProbe, outlined, what: e.outerHTML.slice(0, 80) };
        });
        if (!at) continue;
        reached.add(at.key);
        if (!at.outlined) unmarked.push(at.what);
      }
      const missed = controls.filter((key) => !reached.has(key));
      assert.deepEqual(missed, [], `${prefix}${path}: controls Tab never reaches`);
      assert.deepEqual([...new Set(unmarked)], [], `${prefix}${path}: focus not visible on these`);
    }
  }
});
