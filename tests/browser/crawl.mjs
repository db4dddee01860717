// Follows every internal link of the site in Chromium, from both home pages: every page a link
// names must load (HTTP < 400) and every #fragment must name an element on its page, and no page
// is wider than a 390 px phone (wide tables and code scroll inside their own boxes). Pages that are
// not HTML (feeds, JSON, the wasm module) are fetched, not rendered.
import assert from 'node:assert/strict';
import { run } from './harness.mjs';

run('browser.crawl', async ({ url, context }) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const wide = [];
  const origin = new URL(url).origin;
  const queue = [url, `${url}en/`];
  const seen = new Set(queue);
  const ids = new Map();       // page URL -> ids on it
  const fragments = [];        // [from, target page, id]
  const broken = [];
  while (queue.length) {
    const target = queue.shift();
    // A file (feed, icon, JSON, wasm) is fetched; showing it as a page would make Chromium ask for
    // things the site never links, such as /favicon.ico.
    const isFile = /\.[a-z0-9]+$/i.test(new URL(target).pathname) && !target.endsWith('.html');
    const response = isFile ? await context.request.get(target) : await page.goto(target);
    if (!response || response.status() >= 400) {
      broken.push(`${target}: HTTP ${response?.status()}`);
      continue;
    }
    if (isFile || !(response.headers()['content-type'] ?? '').startsWith('text/html')) continue;
    ids.set(target, new Set(await page.$$eval('[id]', (els) => els.map((e) => e.id))));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 390) wide.push(`${target}: ${width} px wide on a 390 px phone`);
    const links = await page.$$eval('a[href], link[href]', (els) => els.map((e) => e.href));
    for (const link of links) {
      const parsed = new URL(link);
      if (parsed.origin !== origin) continue;
      const hash = decodeURIComponent(parsed.hash.slice(1));
      parsed.hash = '';
      const next = parsed.href;
      if (hash) fragments.push([target, next, hash]);
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  for (const [from, target, id] of fragments) {
    if (ids.has(target) && !ids.get(target).has(id)) broken.push(`${from}: #${id} not on ${target}`);
  }
  assert.deepEqual(broken, []);
  assert.deepEqual(wide, []);
  assert.ok(ids.size >= 100, `crawled ${ids.size} pages`);
  console.log(`browser.crawl: ${seen.size} internal URLs, ${ids.size} pages, ${fragments.length} fragments, 0 broken`);
});
