// accelguide serve under hostile and heavy clients, all on 127.0.0.1 (issue 18 rows 7 and 8):
// 20 slow clients dribbling headers and 20 idle keep-alive connections stay open while 200
// clients fetch at once and 20 edits land in a burst; every response must come whole (status
// 200, the length it announced, a page that ends). Then the limits: a 200 MB body, a flood of
// headers and a multi-range request are refused or answered once; past 512 connections new
// ones get 503; a slow client gets 408; a server out of file descriptors neither spins nor stops.
// Files are streamed (issue 34 item 7): 10 clients that ask for a 256 MB file and stop reading
// grow the server by less than 48 MB (a server holding each response whole grows by 2.5 GB), and
// an 8 MB file and a range of it arrive byte for byte.
// Bounded: about 17 s, 870 sockets.
//   node stress_test.mjs --cli build/bin/accelguide --fixture tests/fixtures/site-basic
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { cli: { type: 'string' }, fixture: { type: 'string' } } });
const dir = mkdtempSync(join(tmpdir(), 'accelguide-stress-'));
const root = join(dir, 'src');
cpSync(values.fixture, root, { recursive: true });
const server = spawn(values.cli, ['serve', '--root', root, '--out', join(dir, 'site'), '--port', '0'],
  { stdio: ['ignore', 'pipe', 'pipe'] });
let log = '';
server.stdout.on('data', (chunk) => { log += chunk; });
server.stderr.on('data', (chunk) => { log += chunk; });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const deadline = (promise, ms, what) => Promise.race([promise,
  sleep(ms).then(() => { throw new Error(`${what} took longer than ${ms} ms; log:\n${log}`); })]);

const sockets = [];
let port;
const open = () => new Promise((resolve, reject) => {
  const socket = connect(port, '127.0.0.1', () => resolve(socket));
  socket.on('error', reject);
  socket.received = '';
  socket.on('data', (chunk) => { socket.received += chunk; });
  sockets.push(socket);
});
// One request on its own connection; resolves with the raw response once the server closes.
const raw = async (bytes) => {
  const socket = await open();
  const ended = new Promise((resolve) => socket.on('close', () => resolve(socket.received)));
  socket.write(bytes);
  return ended;
};

// A response read whole: the status, and a body as long as Content-Length said.
const whole = async (path) => {
  const response = await fetch(`http://127.0.0.1:${port}/${path}`, { cache: 'no-store' });
  const body = Buffer.from(await response.arrayBuffer());
  assert.equal(response.status, 200, `${path}: status`);
  assert.equal(body.length, Number(response.headers.get('content-length')), `${path}: the announced length`);
  // The live-reload script is the last thing on every served page: a page cut short lacks it.
  if (path.endsWith("/")) assert.match(body.toString(), /live-reload\.js"><\/script>\s*(<\/body>\s*<\/html>\s*)?$/, `${path}: the page ends: ${body.toString().slice(-300)}`);
  return body.length;
};

let failed = false;
try {
  const url = await deadline((async () => {
    for (;;) {
      const m = log.match(/serving .* at (http:\/\/\S+)/);
      if (m) return m[1];
      await sleep(10);
    }
  })(), 20000, 'the server start');
  port = Number(new URL(url).port);

  // 20 slow clients, each sending its headers one byte at a time, and 20 idle keep-alive connections.
  const slow = await Promise.all(Array.from({ length: 20 }, open));
  const request = 'GET /guide/ HTTP/1.1\r\nHost: 127.0.0.1\r\n';
  let byte = 0;
  const dribble = setInterval(() => { for (const s of slow) s.write(request[byte % request.length]); byte += 1; }, 200);
  const idle = await Promise.all(Array.from({ length: 20 }, open));

  // 200 clients at once, while 20 edits land in a burst.
  const pages = ['', 'guide/', 'numbers/', 'updates/', 'en/', 'search-index.json', 's.css'];
  const file = join(root, 'content/ja/guide.md');
  const original = readFileSync(file, 'utf8');
  const edits = (async () => {
    for (let i = 0; i < 20; i += 1) {
      writeFileSync(file, original.replace('| 1 | 2 |', `| 1 | edit ${i} |`));
      await sleep(25);
    }
  })();
  const t0 = performance.now();
  const sizes = await deadline(Promise.all(Array.from({ length: 200 }, (_, i) => whole(pages[i % pages.length]))),
    15000, '200 concurrent requests beside 20 slow and 20 idle clients');
  await edits;
  console.log(`stress: 200 concurrent requests whole in ${(performance.now() - t0).toFixed(0)} ms ` +
    `(${sizes.reduce((a, b) => a + b, 0)} bytes) beside 20 slow and 20 idle connections and 20 edits`);
  await deadline((async () => {
    while (!(await fetch(`http://127.0.0.1:${port}/guide/`)).text().then((t) => t.includes('edit 19'))) await sleep(20);
  })(), 10000, 'the last edit');

  // Item 7: files are streamed, so clients that stop reading hold a chunk each, not the file.
  const site = join(dir, 'site');
  const random = randomBytes(8 << 20);
  writeFileSync(join(site, 'random.bin'), random);
  const got = Buffer.from(await (await fetch(`http://127.0.0.1:${port}/random.bin`)).arrayBuffer());
  assert.ok(got.equals(random), `an 8 MB file arrives byte for byte (${got.length} bytes)`);
  const part = await fetch(`http://127.0.0.1:${port}/random.bin`, { headers: { Range: 'bytes=3000000-3999999' } });
  assert.equal(part.status, 206);
  assert.ok(Buffer.from(await part.arrayBuffer()).equals(random.subarray(3000000, 4000000)), 'a range of it, byte for byte');
  writeFileSync(join(site, 'big.bin'), '');
  truncateSync(join(site, 'big.bin'), 256 << 20);  // sparse: no disk, all zeros
  const rss = () => Number(readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)[1]) * 1024;
  const rssBefore = rss();
  const readers = await Promise.all(Array.from({ length: 10 }, open));
  // Each client reads until 1 MB of the body has come (so the server has answered and is
  // streaming), then stops reading; what the server holds is then what it keeps for a stalled client.
  await deadline(Promise.all(readers.map((s) => new Promise((resolve) => {
    let bytes = 0;
    s.removeAllListeners('data');
    s.on('data', (chunk) => {
      bytes += chunk.length;
      if (bytes >= 1 << 20) {
        s.pause();
        resolve();
      }
    });
    s.write('GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n');
  }))), 20000, '10 clients to receive 1 MB of a 256 MB file');
  const grown = rss() - rssBefore;
  console.log(`stress: 10 stalled clients of a 256 MB file grew the server by ${(grown / 2 ** 20).toFixed(1)} MB`);
  assert.ok(grown < 48 * 2 ** 20, `the server grew by ${grown} bytes for 10 stalled clients of a 256 MB file`);
  for (const s of readers) s.destroy();

  // Row 8: limits answered at once, whatever the client claims it will send.
  assert.match(await raw('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 209715200\r\n\r\n'), /^HTTP\/1\.1 413 /);
  let flood = 'GET / HTTP/1.1\r\nHost: x\r\n';
  while (flood.length < 64 * 1024) flood += `X-${flood.length}: 1\r\n`;
  assert.match(await raw(flood + '\r\n'), /^HTTP\/1\.1 431 /);
  const ranges = 'bytes=0-' + ',0-'.repeat(2000);
  const multi = await raw(`GET /guide/ HTTP/1.1\r\nHost: x\r\nRange: ${ranges}\r\nConnection: close\r\n\r\n`);
  assert.match(multi, /^HTTP\/1\.1 200 /);
  const length = Number(multi.match(/Content-Length: (\d+)/)[1]);
  assert.ok(multi.length < length + 1000, 'a multi-range request gets the body once');
  const one = await raw('GET /guide/ HTTP/1.1\r\nHost: x\r\nRange: bytes=0-9\r\nConnection: close\r\n\r\n');
  assert.match(one, /^HTTP\/1\.1 206 [^]*Content-Range: bytes 0-9\/\d+[^]*Content-Length: 10\r\n/);

  // Row 7: a slow client is answered 408 once its headers are 10 s late, and closed.
  clearInterval(dribble);
  await deadline(Promise.all(slow.map((s) => new Promise((resolve) => {
    if (s.destroyed || s.readableEnded) resolve();
    s.on('close', resolve);
  }))), 15000, 'the slow clients to be timed out');
  assert.ok(slow.every((s) => /^HTTP\/1\.1 408 /.test(s.received)), 'each slow client got 408');
  assert.ok(idle.every((s) => s.destroyed || s.readableEnded || s.received === ''), 'idle connections are closed quietly');

  // Past 512 open connections, a new one is told 503 and closed; the server still answers after.
  const crowd = await Promise.all(Array.from({ length: 520 }, open));
  await sleep(300);
  const busy = crowd.filter((s) => /^HTTP\/1\.1 503 /.test(s.received)).length;
  assert.ok(busy >= 8, `${busy} of 520 connections were told 503`);
  for (const s of crowd) s.destroy();
  await sleep(100);
  await whole('guide/');

  // Out of file descriptors (a server under `ulimit -n 40` holding 60 connections): it neither
  // spins on the listening socket (under half a core while it waits) nor stops answering once
  // the connections go.
  const tight = spawn('bash', ['-c', `ulimit -n 40 && exec "$0" "$@"`, values.cli, 'serve', '--root', root,
    '--out', join(dir, 'site-tight'), '--port', '0', '--no-watch'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let tightLog = '';
  tight.stdout.on('data', (chunk) => { tightLog += chunk; });
  tight.stderr.on('data', (chunk) => { tightLog += chunk; });
  const tightUrl = await deadline((async () => {
    for (;;) {
      const m = tightLog.match(/serving .* at (http:\/\/\S+)/);
      if (m) return m[1];
      await sleep(10);
    }
  })(), 20000, 'the server with few file descriptors');
  const mainPort = port;
  port = Number(new URL(tightUrl).port);
  const many = await Promise.all(Array.from({ length: 60 }, open));
  const cpu = () => readFileSync(`/proc/${tight.pid}/stat`, 'utf8').split(') ')[1].split(' ').slice(11, 13)
    .reduce((a, b) => a + Number(b), 0);
  const before = cpu();
  await sleep(1000);
  const ticks = cpu() - before;  // clock ticks, 100 a second
  assert.ok(ticks < 50, `the server used ${ticks} ticks in a second while out of descriptors`);
  for (const s of many) s.destroy();
  await sleep(300);
  await whole('s.css');  // (--no-watch pages have no live-reload script to end with)
  tight.kill();
  port = mainPort;
  console.log('stress: passed');
} catch (error) {
  failed = true;
  console.error(`stress: FAILED: ${error.stack ?? error}`);
} finally {
  for (const s of sockets) s.destroy();
  server.kill();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
