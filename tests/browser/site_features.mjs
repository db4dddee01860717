// The generated site in a real browser: the search box finds a Japanese word (no spaces between
// words) and an English one, and the cheat-sheet sorts, filters and hides columns.
import assert from 'node:assert/strict';
import { run } from './harness.mjs';

run('browser.site_features', async ({ url, context, problems }) => {
  const page = await context.newPage();

  // Japanese: 料金 (price) appears inside longer runs of text on the cheat-sheet page.
  await page.goto(url);
  await page.fill('#search-input', '料金');
  await page.waitForSelector('#search-results a');
  const ja = await page.locator('#search-results a').allTextContents();
  assert.ok(ja.some((t) => t.includes('インスタンス早見表')), `ja results: ${ja}`);

  // The drop-down lies inside the viewport, at desktop and phone widths.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.fill('#search-input', '');
    await page.fill('#search-input', '料金');
    await page.waitForSelector('#search-results a');
    const box = await page.locator('#search-results').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= width, `${width} px: results at ${box.x}…${box.x + box.width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // One kanji finds the pages that hold it.
  await page.fill('#search-input', '料');
  await page.waitForSelector('#search-results a');
  const one = await page.locator('#search-results a').allTextContents();
  assert.ok(one.length > 0 && one.some((t) => t.includes('料')), `one kanji: ${one}`);

  // Only the latest query's results: keystrokes typed while the index loads (a fresh page) leave
  // no "nothing found" rows and no duplicates behind.
  await page.goto(url);
  for (const partial of ['り', 'りょ', 'りょう', '料', '料金']) await page.fill('#search-input', partial);
  await page.waitForSelector('#search-results a');
  await page.waitForTimeout(300);
  const rows = await page.locator('#search-results li').allTextContents();
  assert.equal(new Set(rows).size, rows.length, `duplicates: ${rows}`);
  assert.ok(!rows.some((t) => t.includes('見つかりませんでした')), `stale rows: ${rows}`);

  // While an IME composes nothing is searched; the composed word is, once.
  await page.goto(url);
  await page.evaluate(() => {
    const input = document.querySelector('#search-input');
    input.dispatchEvent(new CompositionEvent('compositionstart'));
    input.value = 'りょ';
    input.dispatchEvent(new InputEvent('input', { isComposing: true }));
  });
  await page.waitForTimeout(300);
  assert.equal(await page.locator('#search-results').isHidden(), true, 'nothing searched while composing');
  await page.evaluate(() => {
    const input = document.querySelector('#search-input');
    input.value = '料金';
    input.dispatchEvent(new CompositionEvent('compositionend', { data: '料金' }));
  });
  await page.waitForSelector('#search-results a');

  // Every calculator is found by the words of its task (issue 35, item 6), among the first three
  // results, and the home's "serve a model" leads to the chooser of the two inference calculators.
  const taskWords = {
    '': [['推論', 'LLM サービングの計算機'], ['推論', '推論フリートの計算機'], ['LLM', 'LLM サービングの計算機'],
      ['サービング', 'LLM サービングの計算機'], ['学習', '学習時間の計算機'], ['電力', '電力量と CO2e の計算機'],
      ['比較', 'インスタンスの比較']],
    'en/': [['serving', 'LLM serving calculator'], ['inference', 'LLM serving calculator'], ['inference', 'Inference fleet calculator'],
      ['LLM', 'LLM serving calculator'], ['training', 'Training-time calculator'], ['energy', 'Energy and CO2e calculator'],
      ['compare', 'Compare instances']],
  };
  for (const [lang, words] of Object.entries(taskWords)) {
    await page.goto(`${url}${lang}`);
    for (const [word, title] of words) {
      await page.fill('#search-input', '');
      await page.fill('#search-input', word);
      await page.waitForSelector('#search-results a');
      const top = (await page.locator('#search-results a').allTextContents()).slice(0, 3);
      assert.ok(top.some((t) => t.includes(title)), `"${word}" finds "${title}" among the first three: ${top}`);
    }
    await page.click('.tasks li:nth-child(2) a');
    await page.waitForLoadState();
    const choices = await page.locator(':target + p + ul a').allTextContents();
    assert.equal(choices.length, 2, `the inference chooser offers two calculators: ${choices}`);
  }

  // English, on the English site: "Trainium" finds the accelerator's page.
  await page.goto(`${url}en/`);
  await page.fill('#search-input', 'trainium');
  await page.waitForSelector('#search-results a');
  const en = await page.locator('#search-results a').allTextContents();
  assert.ok(en.some((t) => t.includes('AWS Trainium')), `en results: ${en}`);
  await page.fill('#search-input', 'zzqqxx');
  await page.waitForFunction(() => !document.querySelector('#search-results a'));

  // A missing page at a nested path: styled, its links work, and /en/… answers in English.
  for (const [path, lang] of [['guide/nope/deeper/', 'ja'], ['en/foo/bar/', 'en']]) {
    const response = await page.goto(url + path);
    assert.equal(response.status(), 404, path);
    assert.equal(await page.getAttribute('html', 'lang'), lang, `${path}: the 404 page's language`);
    const styled = await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.cssRules.length > 0));
    assert.ok(styled, `${path}: the stylesheet loads`);
    const home = await page.locator('article a').first().getAttribute('href');
    assert.equal((await page.goto(new URL(home, url + path).href)).status(), 200, `${path}: "back home" leads home`);
  }
  // Those two 404s were asked for; the watcher reports any other.
  const expected = (p) => ['guide/nope/deeper/', 'en/foo/bar/'].some((path) => p.includes(url + path) && /\b404\b/.test(p));
  problems.splice(0, problems.length, ...problems.filter((p) => !expected(p)));

  // Navigation: five destinations in the same order in both languages, the rest behind "more",
  // which opens inside a phone's viewport; the home page starts with the four tasks.
  const primary = async (path) => {
    await page.goto(url + path);
    return page.$$eval('.site-header nav > ul a', (as) => as.map((a) => new URL(a.href).pathname.replace(/^\/en\//, '/')));
  };
  const jaNav = await primary(''), enNav = await primary('en/');
  assert.ok(jaNav.length <= 5, `ja menu: ${jaNav}`);
  assert.deepEqual(enNav, jaNav);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.click('.site-header .more summary');
  const more = await page.locator('.site-header .more ul').boundingBox();
  assert.ok(more.x >= 0 && more.x + more.width <= 390, `more menu at ${more.x}…${more.x + more.width}`);
  assert.ok((await page.locator('.site-header .more a').count()) >= 5);
  await page.setViewportSize({ width: 1280, height: 800 });
  const tasks = await page.$$eval('.tasks a', (as) => as.map((a) => new URL(a.href).pathname));
  assert.deepEqual(tasks, ['/en/calculators/training/', '/en/calculators/', '/en/calculators/compare/', '/en/calculators/energy/']);  // serving: the chooser

  // No page of each kind is wider than the screen at 360 and 768 px either (crawl.mjs checks every
  // page at 390), in both languages.
  for (const width of [360, 768]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['', 'en/', 'calculators/training/', 'en/calculators/energy/', 'instances/', 'en/guide/accuracy/', 'guide/distributed-training/']) {
      await page.goto(url + path);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scroll <= width, `${path} is ${scroll} px wide at ${width} px`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The cheat-sheet: a static table first, then controls.
  await page.goto(`${url}en/instances/`);
  await page.waitForSelector('[data-table-controls]:not([hidden])');
  const ids = () => page.locator('table.cheatsheet tbody tr:not([hidden]) th').allTextContents();
  const all = await ids();
  assert.ok(all.length >= 20);

  await page.fill('#cheatsheet-filter', 'trainium');
  assert.deepEqual(await ids(), ['trn1.2xlarge', 'trn1.32xlarge', 'trn1n.32xlarge', 'trn2.3xlarge', 'trn2.48xlarge',
    'trn2u.48xlarge', 'trn2-ultraserver', 'trn3-ultraserver-gen1', 'trn3-ultraserver-gen2']);
  await page.fill('#cheatsheet-filter', '');

  // Sort by vCPU, ascending then descending; numbers sort as numbers, not text.
  const vcpu = page.locator('table.cheatsheet thead th', { hasText: 'vCPU' });
  await vcpu.locator('button').click();
  assert.equal(await vcpu.getAttribute('aria-sort'), 'ascending');
  const ascending = await page.locator('table.cheatsheet tbody tr td:nth-child(9)').evaluateAll(
    (cells) => cells.map((c) => Number(c.dataset.value)));
  assert.deepEqual(ascending, [...ascending].sort((a, b) => a - b));
  await vcpu.locator('button').click();
  assert.equal(await vcpu.getAttribute('aria-sort'), 'descending');

  // Hide the price column.
  await page.locator('[data-table-controls] summary').click();
  await page.locator('[data-table-controls] label', { hasText: 'price' }).click();
  assert.equal(await page.locator('table.cheatsheet thead th:nth-child(13)').isHidden(), true);
});
