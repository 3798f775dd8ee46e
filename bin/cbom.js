#!/usr/bin/env node
// The `cbom` command. Runs the compiled CLI; `npm ci` builds it (prepare script).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/index.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('cbom: the project is not built yet; run `npm run build` first.\n');
  process.exit(2);
}
await import(entry.href);
