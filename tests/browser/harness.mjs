// Shared set-up for browser tests: build and serve the site with `accelguide serve` on a free port,
// launch Debian's Chromium through playwright-core, and record everything that must not happen:
// console errors, page errors, failed requests, HTTP errors and requests leaving the site's origin.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];

export async function startSite() {
  const { values } = parseArgs({
    options: { cli: { type: 'string' }, root: { type: 'string' }, wasm: { type: 'string' } },
  });
  const out = mkdtempSync(join(tmpdir(), 'accelguide-browser-'));
  const server = spawn(values.cli, ['serve', '--root', values.root, '--wasm-dir', values.wasm,
    '--out', join(out, 'site'), '--port', '0', '--no-watch'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let seen = '';
    server.stdout.on('data', (chunk) => {
      seen += chunk;
      const match = seen.match(/serving .* at (http:\/\/\S+)/);
      if (match) resolve(match[1]);
    });
    server.on('exit', (code) => reject(new Error(`accelguide serve exited with ${code}: ${seen}`)));
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const problems = [];
  const origin = new URL(url).origin;
  const context = await browser.newContext();
  context.on('page', (page) => watch(page, origin, problems));
  const stop = async () => {
    await browser.close();
    server.kill();
    rmSync(out, { recursive: true, force: true });
  };
  return { url, context, problems, stop, cli: values.cli, root: values.root };
}

function watch(page, origin, problems) {
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error on ${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
  page.on('requestfailed', (req) => {
    // ERR_ABORTED: the page was left before the request finished (a crawl moving on), not a failure.
    if (req.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`request failed: ${req.url()} (${req.failure()?.errorText})`);
  });
  page.on('request', (req) => {
    if (!req.url().startsWith('data:') && new URL(req.url()).origin !== origin)
      problems.push(`request left the site's origin: ${req.url()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()} for ${res.url()}`);
  });
}

// Runs named steps, prints one line each, and exits non-zero if any step or watcher failed.
export async function run(name, body) {
  let site;
  let failed = false;
  try {
    site = await startSite();
    await body(site);
  } catch (error) {
    failed = true;
    console.error(`${name}: FAILED: ${error.stack ?? error}`);
  } finally {
    if (site) {
      for (const problem of site.problems) console.error(`${name}: ${problem}`);
      failed ||= site.problems.length > 0;
      await site.stop();
    }
  }
  console.log(`${name}: ${failed ? 'failed' : 'passed'}`);
  process.exit(failed ? 1 : 0);
}
