// accelguide serve: edit a page and see the new page served, the version bumped (open pages
// reload), and only that page rebuilt; change front matter and see the whole site rebuilt.
//   node serve_test.mjs --cli build/bin/accelguide --fixture tests/fixtures/site-basic
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { cli: { type: 'string' }, fixture: { type: 'string' } } });
const dir = mkdtempSync(join(tmpdir(), 'accelguide-serve-'));
const root = join(dir, 'src');
cpSync(values.fixture, root, { recursive: true });

const server = spawn(values.cli, ['serve', '--root', root, '--out', join(dir, 'site'), '--port', '0'],
  { stdio: ['ignore', 'pipe', 'pipe'] });
let log = '';
server.stdout.on('data', (chunk) => { log += chunk; });
server.stderr.on('data', (chunk) => { log += chunk; });
const until = async (what, test, ms = 5000) => {
  const start = Date.now();
  for (;;) {
    const value = await test();
    if (value) return value;
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}; log:\n${log}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

let failed = false;
try {
  const url = await until('the server', () => log.match(/serving .* at (http:\/\/\S+)/)?.[1]);
  const get = async (path) => (await fetch(url + path, { cache: 'no-store' })).text();
  const version = async () => Number(await get('__accelguide/version'));

  const page = await get('guide/');
  assert.match(page, /__accelguide\/live-reload\.js/, 'pages load the live-reload script');
  assert.match(await get('__accelguide/live-reload.js'), /location\.reload/);
  const v1 = await version();

  // A body edit: one page rebuilt in place.
  const file = join(root, 'content/ja/guide.md');
  const edited = readFileSync(file, 'utf8').replace('| 1 | 2 |', '| 1 | edited-body |');
  const t0 = performance.now();
  writeFileSync(file, edited);
  await until('the edited page', async () => (await get('guide/')).includes('edited-body'));
  const ms = performance.now() - t0;
  assert.ok((await version()) > v1, 'the version changes, so open pages reload');
  await until('the one-page log line', () => /rebuilt guide\/index\.html/.test(log));
  console.log(`serve: body edit served after ${ms.toFixed(0)} ms (one page rebuilt)`);

  // A front-matter edit: the whole site rebuilt (menus show the new title everywhere).
  writeFileSync(file, edited.replace('title: ガイド', 'title: 新しいガイド'));
  await until('the new title on another page', async () => (await get('numbers/')).includes('新しいガイド'));

  // A broken edit keeps the last good site served. (Wait for rebuilds to settle first: an editor's
  // save may arrive as more than one event.)
  let v2 = await version();
  for (let stable = 0; stable < 3; ) {
    await new Promise((r) => setTimeout(r, 150));
    const now = await version();
    stable = now === v2 ? stable + 1 : 0;
    v2 = now;
  }
  writeFileSync(file, '---\ntitle: [broken\n---\n');
  await until('the build error', () => /front_matter_syntax/.test(log));
  assert.equal(await version(), v2);
  assert.match(await get('guide/'), /edited-body/);
  console.log('serve: passed');
} catch (error) {
  failed = true;
  console.error(`serve: FAILED: ${error.stack ?? error}`);
} finally {
  server.kill();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
