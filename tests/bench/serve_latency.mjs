// How long `accelguide serve` takes from an edit of one page's body to serving the new page,
// on the benchmark corpus: median of 10 edits (target < 50 ms). --page is the file to edit, --path
// the URL path of its page.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { cli: { type: 'string' }, root: { type: 'string' },
  out: { type: 'string' }, page: { type: 'string' }, path: { type: 'string' } } });
const original = readFileSync(values.page, 'utf8');
const server = spawn(values.cli, ['serve', '--root', values.root, '--out', values.out, '--port', '0'],
  { stdio: ['ignore', 'pipe', 'inherit'] });
let log = '';
server.stdout.on('data', (c) => { log += c; });
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
try {
  while (!/serving .* at (http:\/\/\S+)/.test(log)) await wait(50);
  const url = log.match(/serving .* at (http:\/\/\S+)/)[1];
  const path = values.path;
  const times = [];
  for (let i = 0; i < 10; i++) {
    const marker = `edit-marker-${i}-${Date.now()}`;
    const start = performance.now();
    writeFileSync(values.page, `${original}\n\n${marker}\n`);
    for (;;) {
      const body = await (await fetch(url + path, { cache: 'no-store' })).text();
      if (body.includes(marker)) break;
      if (performance.now() - start > 10000) throw new Error(`the edit was not served within 10 s; log:\n${log}`);
    }
    times.push(performance.now() - start);
    await wait(100);
  }
  times.sort((a, b) => a - b);
  const median = times[times.length >> 1];
  const rebuilds = [...log.matchAll(/rebuilt \S+ in ([\d.]+) ms/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
  const server = rebuilds.length ? rebuilds[rebuilds.length >> 1] : NaN;
  console.log(`serve: one edited page served after ${median.toFixed(1)} ms, edit to response (median of 10; target < 50 ms: ${median < 50 ? 'met' : 'MISSED'}); the rebuild itself ${server.toFixed(1)} ms`);
} finally {
  writeFileSync(values.page, original);
  server.kill();
}
