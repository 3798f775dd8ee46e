// The cross-file constants framework (detectors/cross-file.ts, scan.ts): keys, one file's
// declarations, the repository's table, and how the passes leave the scan's statistics. Each
// language's declarations and references are tested with its detector (test/engine/detectors/<lang>/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ConstantTable, FileConstants, constantKey, referenceKey } from '../../src/engine/detectors/cross-file.js';
import { scanDirectory } from '../../src/engine/scan.js';

test('keys: the owner as other files write it (its last part) and the name, whatever the separator', () => {
  assert.equal(constantKey('CryptoConstants', 'CIPHER'), 'CryptoConstants.CIPHER');
  assert.equal(constantKey('com.acme.CryptoConstants', 'CIPHER'), 'CryptoConstants.CIPHER');
  assert.equal(constantKey('\\Defuse\\Crypto\\Core', 'CIPHER_METHOD'), 'Core.CIPHER_METHOD');
  assert.equal(referenceKey('Defuse\\Crypto\\Core::CIPHER_METHOD'), 'Core.CIPHER_METHOD');
  assert.equal(referenceKey('crate::crypto::config::RSA_BITS'), 'config.RSA_BITS');
  assert.equal(referenceKey('a.b.Settings.HASH'), 'Settings.HASH');
  assert.equal(referenceKey('HASH'), undefined);
});

test("one file's declarations: scalars and library constants only, long strings and values declared twice differently left out; misses recorded", () => {
  const f = new FileConstants(new Map([['Settings.HASH', { kind: 'str', value: 'sha1' }]]));
  f.declare('C.NAME', { kind: 'str', value: 'AES/CBC/PKCS5Padding' });
  f.declare('C.BITS', { kind: 'int', value: 2048 });
  f.declare('C.FLAG', { kind: 'bool', value: true });
  f.declare('C.LIST', { kind: 'list', items: [{ kind: 'str', value: 'a' }] });
  f.declare('C.UNKNOWN', { kind: 'unknown' });
  f.declare('C.MEMBER', { kind: 'member', path: 'tls.VersionTLS12' });
  f.declare('C.OTHER_MEMBER', { kind: 'member', path: 'x'.repeat(513) });
  f.declare('C.LONG', { kind: 'str', value: 'x'.repeat(513) });
  f.declare('C.TWICE', { kind: 'str', value: 'SHA-256' });
  f.declare('C.TWICE', { kind: 'str', value: 'SHA-1' });
  f.declare('C.TWICE', { kind: 'str', value: 'SHA-256' });
  assert.deepEqual([...f.declared.keys()].sort(), ['C.BITS', 'C.FLAG', 'C.MEMBER', 'C.NAME']);
  assert.deepEqual(f.lookup('Settings.HASH'), { kind: 'str', value: 'sha1' });
  assert.equal(f.lookup('Settings.CIPHER'), undefined);
  assert.deepEqual([...f.missing], ['Settings.CIPHER']);
});

test('the repository table: a key declared with two values is left out, whatever the order files arrive in', () => {
  const a = { kind: 'str', value: 'AES/ECB/PKCS5Padding' } as const;
  const b = { kind: 'str', value: 'AES/GCM/NoPadding' } as const;
  for (const order of [[a, b, a], [a, a, b], [b, a, a]]) {
    const t = new ConstantTable();
    for (const v of order) t.add('CryptoConstants.CIPHER', v);
    t.add('CryptoConstants.BITS', { kind: 'int', value: 1024 });
    t.add('CryptoConstants.BITS', { kind: 'int', value: 1024 });
    assert.equal(t.get('CryptoConstants.CIPHER'), undefined);
    assert.equal(t.has('CryptoConstants.CIPHER'), true);
    assert.deepEqual(t.get('CryptoConstants.BITS'), { kind: 'int', value: 1024 });
  }
});

test('statistics count each file once: the declarations pass and the second run add nothing to them', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cbom-xfile-stats-'));
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  try {
    write('src/Limits.java', 'package a;\npublic final class Limits {\n  public static final int RSA_BITS = 1024;\n}\n');
    write('src/Keys.java', 'package b;\nimport java.security.KeyPairGenerator;\nclass Keys {\n  void k() throws Exception {\n    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");\n    g.initialize(Limits.RSA_BITS);\n  }\n}\n');
    const r = await scanDirectory(dir, { threads: 0 });
    assert.deepEqual(r.inventory.assets.map((a) => a.name), ['RSA-1024']);
    // Limits.java calls no crypto API: the prefilter kept it from the detectors; only Keys.java was scanned.
    assert.equal(r.inventory.stats.filesScanned, 1);
    assert.equal(r.inventory.stats.skipped.prefilter, 1);
    assert.deepEqual(r.inventory.stats.filesByDetector, { java: 1 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
