#!/usr/bin/env node
// Recall against another tool's annotated test files: every line holding a marker comment (by default
// sonar-cryptography's `Noncompliant`, with its `Noncompliant@+1`/`@-1` offsets) is a place that tool
// reports; this counts the marked lines where a `cbom scan --format json` result has an occurrence
// (asset or signal) on the same line, and lists the others. Used in docs/detectors.md ("Compared with
// sonar-cryptography"); the annotated files are fetched, never committed.
//
//   node scripts/marker-recall.mjs RESULT.json ROOT [--marker REGEX] [--show]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const args = process.argv.slice(2);
const [resultPath, root] = args;
if (!resultPath || !root) {
  console.error('usage: node scripts/marker-recall.mjs RESULT.json ROOT [--marker REGEX] [--show]');
  process.exit(2);
}
const markerAt = args.indexOf('--marker');
const marker = new RegExp(markerAt >= 0 ? args[markerAt + 1] : 'Noncompliant(?:@([+-]\\d+))?');
const show = args.includes('--show');

const result = JSON.parse(readFileSync(resultPath, 'utf8'));
const seen = new Set();
for (const a of result.inventory.assets) for (const o of a.occurrences) seen.add(`${o.path}:${o.line}`);
for (const s of result.inventory.signals) seen.add(`${s.occurrence.path}:${s.occurrence.line}`);

const files = (dir, out = []) => {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else out.push(p);
  }
  return out;
};

let total = 0;
const missed = [];
for (const file of files(root)) {
  const rel = relative(root, file).split('\\').join('/');
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((text, i) => {
    const m = marker.exec(text);
    if (!m) return;
    const line = i + 1 + (m[1] ? Number(m[1]) : 0);
    total++;
    if (!seen.has(`${rel}:${line}`)) missed.push(`${rel}:${line}: ${(lines[line - 1] ?? '').trim().slice(0, 140)}`);
  });
}
const hit = total - missed.length;
console.log(`marked lines ${total}, found ${hit} (${total ? ((100 * hit) / total).toFixed(1) : '0.0'} %)`);
if (show) for (const m of missed) console.log(`  missed ${m}`);
