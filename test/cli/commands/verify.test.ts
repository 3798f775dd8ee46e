// `cbom verify` through the real CLI entry: exit 0 for an intact BOM, 1 when tampered, 2 when unreadable.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeBom } from '../../../src/engine/encoders/index.js';
import { fixtures } from '../../fixtures/encoders/scans.js';

const cli = fileURLToPath(new URL('../../../src/cli/index.ts', import.meta.url));
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', cli, 'verify', ...args], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('cbom verify', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'cbom-verify-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 and reports the digest for intact CycloneDX and SPDX documents', () => {
    const fx = fixtures[0]!;
    for (const format of ['cyclonedx', 'spdx'] as const) {
      const enc = encodeBom(fx.result, fx.source, format);
      const file = join(dir, `bom.${format}.json`);
      writeFileSync(file, enc.json);
      const r = run(file);
      assert.equal(r.code, 0, r.err);
      const out = JSON.parse(r.out);
      assert.equal(out.ok, true);
      assert.equal(out.format, format);
      assert.equal(out.actual, enc.sha256);
      assert.equal(out.methodologyVersion, fx.result.methodologyVersion);
    }
  });

  it('exits 1 when one component was changed after encoding', () => {
    const fx = fixtures[0]!;
    const doc = JSON.parse(encodeBom(fx.result, fx.source, 'cyclonedx').json);
    doc.components[0].cryptoProperties.algorithmProperties.nistQuantumSecurityLevel = 5;
    const file = join(dir, 'tampered.json');
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const r = run(file);
    assert.equal(r.code, 1);
    const out = JSON.parse(r.out);
    assert.equal(out.ok, false);
    assert.notEqual(out.expected, out.actual);
    assert.match(r.err, /digest does not match/);
  });

  it('exits 2 for a missing file, for text that is not JSON and for JSON that is not a BOM', () => {
    assert.equal(run(join(dir, 'nope.json')).code, 2);
    writeFileSync(join(dir, 'text.json'), 'not json');
    assert.equal(run(join(dir, 'text.json')).code, 2);
    writeFileSync(join(dir, 'other.json'), '{"hello":"world"}');
    const r = run(join(dir, 'other.json'));
    assert.equal(r.code, 2);
    assert.match(r.err, /neither a CycloneDX/);
  });
});
