// `cbom serve` as a process: migrates an empty data directory, prints the demo key, answers HTTP,
// and on SIGTERM stops cleanly (exit 0) after logging the shutdown.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../src/cli/index.ts', import.meta.url));

it('cbom serve starts on an empty data dir, serves, and exits 0 on SIGTERM', { timeout: 90_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cbom-serve-'));
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0'], {
    env: { PATH: process.env.PATH ?? '', CBOM_DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'development' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "listening" line: ${lines.join('\n')}`)), 60_000);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        lines.push(line);
        if (line.startsWith('{') && JSON.parse(line).msg === 'listening') {
          clearTimeout(timer);
          resolve(JSON.parse(line).url as string);
        }
      });
      child.once('exit', () => reject(new Error(`exited early: ${lines.join('\n')}`)));
    });
    const key = /svc_test_[A-Za-z0-9]{16}_[A-Za-z0-9]{32}/.exec(lines.join('\n'))?.[0];
    assert.ok(key, 'the demo key was printed');
    assert.ok(fs.existsSync(path.join(dataDir, 'cbom.sqlite')), 'SQLite database created under CBOM_DATA_DIR');
    const res = await fetch(`${url}/api/v1/cbom/keys`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(res.status, 200);
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.ok(lines.some((l) => l.includes('"shutting down"') && l.includes('SIGTERM')), lines.join('\n'));
    assert.ok(!lines.some((l) => l.includes('"level":50')), 'no error logged during start or shutdown');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
