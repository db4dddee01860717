// Follows every internal link of the site in Chromium, from both home pages: every page a link
// names must load (HTTP < 400) and every #fragment must name an element on its page, and no page
// is wider than a 390 px phone (wide tables and code scroll inside their own boxes). Pages that are
// not HTML (feeds, JSON, the wasm module) are fetched, not rendered.
// On every Japanese page, the visible text holds no English word outside allowed-english.txt
// (instance ids, units, product and company names, abbreviations): English prose, enum values or
// planner notes on the Japanese site fail the test. Code, citations of English sources (their
// titles are names) and elements marked lang="en" are left out.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { run } from './harness.mjs';

const allowed = new Set(readFileSync(new URL('./allowed-english.txt', import.meta.url), 'utf8')
  .split('\n').map((line) => line.replace(/#.*/, '').trim().toLowerCase()).filter(Boolean));

// The English words of a page's visible text, outside code, citations and lang="en" parts.
function englishWords() {
  const skip = 'code, pre, cite, script, style, [lang="en"], .page-refs, .references, .sources, [aria-hidden="true"], .visually-hidden';
  const words = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(skip) || !el.checkVisibility()) continue;
    for (const word of node.textContent.match(/[A-Za-z][A-Za-z]+/g) ?? []) words.add(word);
  }
  return [...words];
}

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
  const english = [];          // Japanese pages with English words outside the allowed list
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
    if ((await page.getAttribute('html', 'lang')) === 'ja') {
      const stray = (await page.evaluate(englishWords)).filter((w) => !allowed.has(w.toLowerCase()));
      if (stray.length) english.push(`${target}: ${stray.join(' ')}`);
    }
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
  assert.deepEqual(english, [], 'English words on Japanese pages (translate them, or allow a name in allowed-english.txt)');
  assert.ok(ids.size >= 100, `crawled ${ids.size} pages`);
  console.log(`browser.crawl: ${seen.size} internal URLs, ${ids.size} pages, ${fragments.length} fragments, 0 broken`);
});
