// Parity: the same request through the native CLI and through the wasm module in Node must give
// byte-identical responses.
//
//   node parity.mjs --cli build/bin/accelguide --root . --wasm build/wasm/dist request.json...
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { cli: { type: 'string' }, root: { type: 'string' }, wasm: { type: 'string' } },
  allowPositionals: true,
});

const script = join(values.wasm, 'accelguide-planner.js');
if (!existsSync(script)) {
  console.error(`parity: ${script} is missing; build the wasm preset first (make wasm)`);
  process.exit(1);
}
// Node >= 18 has fetch, which Emscripten 3.1.6 would use on a file path: hand it the bytes instead.
const createPlanner = createRequire(import.meta.url)(script);
const planner = await createPlanner({ wasmBinary: readFileSync(join(values.wasm, 'accelguide-planner.wasm')) });

let failures = 0;
for (const file of positionals) {
  const request = readFileSync(file, 'utf8');
  let native;
  try {
    native = execFileSync(values.cli, ['plan', '--json', file, '--root', values.root], { encoding: 'utf8' });
  } catch (error) {
    native = error.stdout; // ok:false responses exit 1 and still print the response
  }
  native = native.replace(/\n$/, '');
  const wasm = planner.plan(request);
  const parsed = JSON.parse(wasm);
  if (native !== wasm) {
    failures++;
    console.error(`parity: ${file}: responses differ\n  native: ${native}\n  wasm:   ${wasm}`);
  } else if (typeof parsed.ok !== 'boolean') {
    failures++;
    console.error(`parity: ${file}: response has no "ok": ${wasm}`);
  } else {
    console.log(`parity: ${file}: identical (ok=${parsed.ok}, ${wasm.length} bytes)`);
  }
}
process.exit(failures ? 1 : 0);
