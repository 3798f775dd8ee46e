#!/usr/bin/env node
// Runs every test file with Node's own test runner (Node 20 has no --test glob, so we list them).
// Usage: node scripts/run-tests.mjs [path-substring ...]  -- only files whose path contains one of them.
// Suites that need PostgreSQL, Redis or Chromium skip themselves, with a message, when
// DATABASE_URL / REDIS_URL / a Chromium binary are absent.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'fixtures' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.test\.(ts|mjs)$/.test(name)) out.push(relative(root, p));
  }
  return out;
}

const files = [...walk(join(root, 'test'), []), ...walk(join(root, 'src'), [])]
  .filter((f) => filters.length === 0 || filters.some((s) => f.includes(s)))
  .sort();

if (files.length === 0) {
  console.error('run-tests: no test files matched');
  process.exit(1);
}

for (const [name, present] of [
  ['DATABASE_URL', process.env.DATABASE_URL],
  ['REDIS_URL', process.env.REDIS_URL],
]) {
  if (!present) console.log(`# note: ${name} is not set: suites that need it are skipped (CI sets it)`);
}

const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' } },
);
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
