// node strip_comments.mjs INPUT.js OUTPUT.js
// Copies an ES module without its whole-line // comments and blank lines: the served file is a
// quarter smaller and the source keeps its comments. Only lines that are nothing but a comment
// are dropped, so code and strings are untouched. The sources have no multi-line string literals
// (a line inside one that starts with // would be lost; the browser tests load the output).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';

const [input, output] = process.argv.slice(2);
const kept = readFileSync(input, 'utf8').split('\n').filter((line) => {
  const t = line.trim();
  return t !== '' && !t.startsWith('//');
});
const text = kept.join('\n') + '\n';
if (!existsSync(output) || readFileSync(output, 'utf8') !== text) writeFileSync(output, text);
