import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DETECTORS } from '../src/engine/detectors/index.js';
import { getKnowledgeBase } from '../src/engine/kb/index.js';
const root = process.argv[2]!;
const only = process.argv.slice(3);
const kb = getKnowledgeBase();
function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) { const p = join(dir, name); if (statSync(p).isDirectory()) files(p, out); else out.push(p); }
  return out;
}
const all = files(root).map((p) => ({ path: relative(root, p), content: readFileSync(p) }));
for (const detector of DETECTORS) {
  if (!only.includes(detector.id)) continue;
  const needles = detector.keywords.map((k) => Buffer.from(k, 'latin1'));
  const inputs = all.filter((f) => detector.appliesTo(f.path) && (needles.length === 0 || needles.some((n) => f.content.includes(n))));
  for (const f of inputs.slice(0, 20)) detector.detect(f, { kb });
  let best = Infinity; let n = 0;
  for (let r = 0; r < 3; r++) { const d0 = performance.now(); n = 0; for (const f of inputs) n += detector.detect(f, { kb }).length; best = Math.min(best, performance.now() - d0); }
  console.log(`${detector.id.padEnd(11)} ${inputs.length} files detect best ${best.toFixed(0)} ms ${n} det`);
}
