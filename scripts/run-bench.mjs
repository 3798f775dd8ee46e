#!/usr/bin/env node
// `npm run bench`: runs every benchmark under bench/ in turn (each prints its own ratio against a
// baseline measured in the same run).
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
const dir = new URL('../bench/', import.meta.url);
const only = process.argv.slice(2);
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts')).filter((f) => only.length === 0 || only.some((o) => f.includes(o))).sort();
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', new URL(f, dir).pathname], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
