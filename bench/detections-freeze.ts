// Frozen detector output, for performance work that must not change a single detection: runs every
// detector (through the production gate: binary/minified/generated checks and the keyword prefilter)
// over test/fixtures/corpus/**, test/fixtures/artefacts/** and the generated benchmark tree, in the
// calling thread, and writes the detections as canonical sorted JSON lines. Compare two runs with cmp.
// Also prints how many files passed the prefilter per detector, and the CPU time of the detect phase.
// Usage: node --import tsx bench/detections-freeze.ts OUT.jsonl [--sample N]   (every Nth bench-tree file)
import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DETECTORS } from '../src/engine/detectors/index.js';
import { getKnowledgeBase } from '../src/engine/kb/index.js';
import { BatchRunner } from '../src/engine/scan-batch.js';
import { ensureCorpus } from './engine-corpus.js';

const args = process.argv.slice(2);
const out = args[0];
if (!out || out.startsWith('--')) {
  console.error('usage: detections-freeze.ts OUT.jsonl [--sample N]');
  process.exit(2);
}
const si = args.indexOf('--sample');
const sample = si >= 0 ? Number(args[si + 1]) : 1;

function list(dir: string, acc: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) list(p, acc);
    else if (e.isFile()) acc.push(p);
  }
  return acc;
}

/** Keys sorted at every level, so that the line is canonical. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
  }
  return v;
}

// FREEZE_FIXTURES: a snapshot of test/fixtures, so that two runs compare the same inputs while others edit.
const fixtures = process.env.FREEZE_FIXTURES ?? new URL('../test/fixtures/', import.meta.url).pathname;
const roots = [
  { label: 'corpus', root: join(fixtures, 'corpus'), every: 1 },
  { label: 'artefacts', root: join(fixtures, 'artefacts'), every: 1 },
  { label: 'bench', root: ensureCorpus().root, every: sample },
];
const runner = new BatchRunner(DETECTORS, { kb: getKnowledgeBase() });
const lines: string[] = [];
let cpuMicros = 0;
for (const { label, root, every } of roots) {
  const paths = list(root).map((p) => relative(root, p)).filter((_, i) => i % every === 0);
  const c0 = process.cpuUsage();
  const r = await runner.run({ root, paths, maxFileBytes: 1 << 20 });
  const c = process.cpuUsage(c0);
  cpuMicros += c.user + c.system;
  for (const d of r.detections) lines.push(`${label}\t${JSON.stringify(canonical(d))}`);
  console.log(`${label}: ${paths.length} files, ${r.filesScanned} passed the gate (${(r.bytesScanned / 1e6).toFixed(2)} MB), ${r.detections.length} detections, CPU ${((c.user + c.system) / 1e6).toFixed(2)} s; by detector ${JSON.stringify(r.filesByDetector)}; skipped ${JSON.stringify(r.skipped)}`);
}
lines.sort();
writeFileSync(out, lines.join('\n') + '\n');
console.log(`${lines.length} detections -> ${out}; detect CPU ${(cpuMicros / 1e6).toFixed(2)} s`);
