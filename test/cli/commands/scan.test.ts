// `cbom scan` through the real CLI entry: formats, -o, --exclude, --fail-on exit codes, usage errors,
// and silence on a non-TTY stderr.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { verifyBom } from '../../../src/engine/encoders/index.js';
import { METHODOLOGY_VERSION } from '../../../src/engine/methodology.js';

const cli = fileURLToPath(new URL('../../../src/cli/index.ts', import.meta.url));
const tree = fileURLToPath(new URL('../../fixtures/artefacts/tree', import.meta.url));
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', cli, 'scan', ...args], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('cbom scan', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'cbom-scan-cli-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the summary tables and writes nothing to a non-TTY stderr', () => {
    const r = run(tree, '--threads', '0');
    assert.equal(r.code, 0, r.err);
    assert.equal(r.err, '');
    assert.match(r.out, /^kind\s+total\s+L0\s+L1\s+L2\s+L3\s+L4\s+L5\s+n\/a$/m);
    assert.match(r.out, /^certificate\s+3\s+3\s/m);
    assert.match(r.out, /^critical\s+\d+$/m);
    assert.match(r.out, /Top findings/);
    // Each top finding names its asset, so the line says what to fix.
    assert.match(r.out, /^ {2}HIGH {5}RSA-1024: .+ \[short-key\] {2}\(certs\/old\.cer:1\)$/m);
    assert.match(r.out, /^Score: \d+\/100$/m);
  });

  it('--format json is the ScanResult; -o writes it to a file', () => {
    const file = join(dir, 'result.json');
    const r = run(tree, '--threads', '0', '-f', 'json', '-o', file, '--exclude', 'certs/**');
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, '');
    const result = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(result.methodologyVersion, METHODOLOGY_VERSION);
    assert.ok(result.inventory.assets.length > 10);
    assert.ok(result.inventory.assets.every((a: { occurrences: { path: string }[] }) => a.occurrences.every((o) => !o.path.startsWith('certs/'))));
    assert.equal(result.findingsSummary.total, result.findings.length);
  });

  it('--format cyclonedx and spdx give documents that cbom verify accepts', () => {
    for (const format of ['cyclonedx', 'spdx']) {
      const r = run(tree, '--threads', '0', '-f', format);
      assert.equal(r.code, 0, r.err);
      const v = verifyBom(r.out);
      assert.equal(v.ok, true, `${format}: ${v.error}`);
      assert.equal(v.format, format);
    }
  });

  it('--fail-on exits 1 when a finding is at or above the severity, 0 otherwise', () => {
    const hit = run(tree, '--threads', '0', '--fail-on', 'critical');
    assert.equal(hit.code, 1);
    assert.match(hit.err, /finding\(s\) at or above critical/);
    // Without the committed private keys nothing is critical.
    const clean = run(tree, '--threads', '0', '--fail-on', 'critical', '--exclude', 'ssh/**', 'deploy/**', 'config/jwks.json');
    assert.equal(clean.code, 0, clean.err);
  });

  it('bad arguments and unreadable directories exit 2 with a message and no stack', () => {
    for (const args of [['--format', 'xml'], ['--fail-on', 'severe'], ['--threads', 'many']]) {
      const r = run(tree, ...args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.err, /^cbom scan: --/);
    }
    const missing = run(join(dir, 'nope'));
    assert.equal(missing.code, 2);
    assert.match(missing.err, /no such directory/);
    assert.doesNotMatch(missing.err, /\n\s+at /);
    assert.equal(run(tree, '--no-such-option').code, 2);
  });
});
