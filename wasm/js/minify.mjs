// node minify.mjs INPUT.js OUTPUT.js [--module]
// Minifies a script with Debian's terser (node-terser): the served calculator.js and the
// Emscripten loader, a quarter of the calculator module's gzipped bytes before (make bench counts
// the module against a 150 KB budget). The sources keep their comments and names. The output is
// written only when it changes, so a rebuild does not touch what did not change. Nothing here
// evaluates code: the pages' CSP has no 'unsafe-eval', and terser emits none.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';

// Debian installs terser and its dependencies under /usr/share/nodejs: run with
// NODE_PATH=/usr/share/nodejs (the Makefile exports it; wasm/CMakeLists.txt sets it).
const { minify } = createRequire(import.meta.url)('terser');

const [input, output, flag] = process.argv.slice(2);
const result = await minify(readFileSync(input, 'utf8'), {
  module: flag === '--module',
  compress: { passes: 2 },
  mangle: true,
  format: { comments: false },
});
const text = result.code + '\n';
if (!existsSync(output) || readFileSync(output, 'utf8') !== text) writeFileSync(output, text);
