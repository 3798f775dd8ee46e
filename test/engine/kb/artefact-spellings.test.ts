// Spellings the artefact detectors meet in SSH configurations, PKCS#8/PKCS#12 files and OpenSSL
// cipher names: each must reach its KB entry with the parameters the spelling carries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getKnowledgeBase } from '../../../src/engine/kb/index.js';

const kb = getKnowledgeBase();

test('OpenSSH UMAC MAC names resolve to UMAC with the tag-capped levels', () => {
  const cases: [string, string, number, number][] = [
    ['umac-64@openssh.com', 'UMAC-64', 64, 0],
    ['umac-64-etm@openssh.com', 'UMAC-64', 64, 0],
    ['umac-128@openssh.com', 'UMAC-128', 128, 1],
    ['umac-128-etm@openssh.com', 'UMAC-128', 128, 1],
  ];
  for (const [spelling, name, bits, level] of cases) {
    const r = kb.resolve(spelling, {});
    assert.ok(r.entry, spelling);
    assert.equal(r.name, name, spelling);
    assert.equal(r.family, 'UMAC', spelling);
    assert.equal(r.primitive, 'mac', spelling);
    assert.equal(r.classicalSecurityBits, bits, spelling);
    assert.equal(r.nistQuantumLevel, level, spelling);
    assert.equal(r.broken, false, spelling);
    for (const id of r.entry.sources) assert.ok(kb.sources[id], `${spelling}: source ${id} defined`);
    assert.ok(r.entry.sources.includes('rfc4418'), spelling);
  }
});

/** What the inventory builder does with an OID: findByOid, then resolve the entry with its params. */
function viaOid(oid: string) {
  const hit = kb.findByOid(oid);
  assert.ok(hit, `${oid} is known`);
  return kb.resolve(hit.entry.name, hit.impliedParams);
}

test('PBES2 OID resolves to PBKDF2 (its key derivation; the cipher has its own OID)', () => {
  const r = viaOid('1.2.840.113549.1.5.13');
  assert.equal(r.name, 'PBKDF2');
  assert.equal(r.primitive, 'kdf');
  assert.deepEqual(r.unknownParams, ['hash']);
});

test('PKCS#12 PBE OIDs resolve to the cipher they encrypt with, rated by that cipher', () => {
  const cases: [string, string, boolean][] = [
    ['1.2.840.113549.1.12.1.1', 'RC4-128', true],
    ['1.2.840.113549.1.12.1.2', 'RC4-40', true],
    ['1.2.840.113549.1.12.1.3', '3DES-168-CBC', false],
    ['1.2.840.113549.1.12.1.4', '3DES-112-CBC', false],
    ['1.2.840.113549.1.12.1.5', 'RC2-128-CBC', false],
    ['1.2.840.113549.1.12.1.6', 'RC2-40-CBC', true],
  ];
  for (const [oid, name, broken] of cases) {
    const r = viaOid(oid);
    assert.equal(r.name, name, oid);
    assert.equal(r.broken, broken, oid);
    assert.ok(r.deprecated, `${oid} carries its cipher's deprecation`);
    assert.equal(r.nistQuantumLevel, 0, oid);
  }
  assert.equal(viaOid('1.2.840.113549.1.12.1.4').classicalSecurityBits, 80);
  assert.equal(viaOid('1.2.840.113549.1.12.1.6').classicalSecurityBits, 40);
});

test('PKCS#12 PBE names (OpenSSL, JCA) resolve like their OIDs', () => {
  assert.equal(kb.resolve('PBE-SHA1-3DES', {}).name, '3DES-168-CBC');
  assert.equal(kb.resolve('PBEWithSHA1AndDESede', {}).name, '3DES-168-CBC');
  assert.equal(kb.resolve('PBE-SHA1-2DES', {}).name, '3DES-112-CBC');
  assert.equal(kb.resolve('PBEWithSHA1AndRC2_40', {}).name, 'RC2-40-CBC');
  assert.equal(kb.resolve('PBE-SHA1-RC2-128', {}).name, 'RC2-128-CBC');
  assert.equal(kb.resolve('PBEWithSHA1AndRC4_128', {}).name, 'RC4-128');
  assert.equal(kb.resolve('PBE-SHA1-RC4-40', {}).name, 'RC4-40');
});

test('OpenSSL <cipher>-<mode> spellings keep the mode for every block cipher, as for AES', () => {
  const cases: [string, string][] = [
    ['AES-128-CBC', 'AES-128-CBC'],
    ['BF-CBC', 'Blowfish-CBC'],
    ['bf-ecb', 'Blowfish-ECB'],
    ['bf-cfb', 'Blowfish-CFB'],
    ['blowfish-cbc', 'Blowfish-CBC'],
    ['EVP_bf_cbc', 'Blowfish-CBC'],
    ['CAST5-CBC', 'CAST5-128-CBC'],
    ['cast5-ofb', 'CAST5-128-OFB'],
    ['cast128-cbc', 'CAST5-128-CBC'],
    ['IDEA-CBC', 'IDEA-CBC'],
    ['idea-ecb', 'IDEA-ECB'],
    ['SEED-CBC', 'SEED-128-CBC'],
    ['seed-ofb', 'SEED-128-OFB'],
    ['CAMELLIA-256-CBC', 'CAMELLIA-256-CBC'],
    ['ARIA-128-GCM', 'ARIA-128-GCM'],
    ['DES-CBC', 'DES-CBC'],
    ['EVP_des_ecb', 'DES-ECB'],
    ['DES-EDE3-CBC', '3DES-168-CBC'],
    ['EVP_des_ede3_cbc', '3DES-168-CBC'],
    ['DES-EDE-CBC', '3DES-112-CBC'],
    ['RC2-CBC', 'RC2-128-CBC'],
    ['rc2-40-cbc', 'RC2-40-CBC'],
  ];
  for (const [spelling, name] of cases) assert.equal(kb.resolve(spelling, {}).name, name, spelling);
});

test('listed JCA transformations keep their mode as well as their padding', () => {
  assert.equal(kb.resolve('Blowfish/CBC/PKCS5Padding', {}).name, 'Blowfish-CBC-PKCS5');
  assert.equal(kb.resolve('DESede/ECB/PKCS5Padding', {}).name, '3DES-168-ECB-PKCS5');
  assert.equal(kb.resolve('IDEA/CBC/PKCS5Padding', {}).name, 'IDEA-CBC-PKCS5');
});
