// OpenPGP keys in ASCII armour: the primary key's algorithm and size (artefacts/openpgp.ts through the PEM reader).
// Fixtures made for these tests with GnuPG 2 (`gpg --quick-gen-key … rsa2048|ed25519|nistp256`, then exported).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pemDetector } from '../../../../src/engine/detectors/artefacts/pem.js';
import { openpgpKeys } from '../../../../src/engine/detectors/artefacts/openpgp.js';
import type { AlgorithmDetection, MaterialDetection } from '../../../../src/engine/inventory/model.js';
import { bodyLines, fixture, kb, run } from './helpers.js';

const materials = (file: string, content: string | Buffer = fixture(`keys/${file}`)): MaterialDetection[] =>
  run(pemDetector, file, content).filter((d): d is MaterialDetection => d.type === 'material');

test('armoured secret and public keys: the primary key (type, algorithm, size or curve, passphrase protection), its subkeys\' algorithms', () => {
  const cases: [string, string, string, number, string | undefined, boolean | undefined, string[]][] = [
    ['openpgp-rsa2048-secret.asc', 'private-key', 'RSA', 2048, undefined, false, []],
    ['openpgp-rsa2048-public.asc', 'public-key', 'RSA', 2048, undefined, undefined, []],
    // An EdDSA primary key and its Curve25519 encryption subkey (`gpg --quick-add-key … cv25519 encr`).
    ['openpgp-ed25519-secret.asc', 'private-key', 'Ed25519', 255, undefined, false, ['X25519']],
    ['openpgp-p256-protected-secret.asc', 'private-key', 'ECDSA', 256, 'P-256', true, []],
  ];
  for (const [file, type, alg, size, curve, encrypted, subkeys] of cases) {
    const all = run(pemDetector, file, fixture(`keys/${file}`));
    const ds = materials(file);
    assert.equal(ds.length, 1, file);
    const m = ds[0]!.material;
    assert.deepEqual([m.materialType, m.format, m.algorithm?.spelling, m.size, m.algorithm?.params.curve, m.encrypted], [type, 'OpenPGP', alg, size, curve, encrypted], file);
    assert.deepEqual(all.filter((d): d is AlgorithmDetection => d.type === 'algorithm').map((d) => d.spelling), subkeys, file);
    assert.equal(ds[0]!.occurrence.symbol, `-----BEGIN PGP ${type === 'private-key' ? 'PRIVATE' : 'PUBLIC'} KEY BLOCK-----`);
    // No key material in the evidence.
    const text = JSON.stringify(all);
    for (const line of bodyLines(fixture(`keys/${file}`).toString())) assert.ok(!text.includes(line), file);
  }
  // A secret key and its exported public key are one key: the fingerprint covers the public part.
  assert.equal(materials('openpgp-rsa2048-secret.asc')[0]!.material.fingerprintSha256, materials('openpgp-rsa2048-public.asc')[0]!.material.fingerprintSha256);
});

test('a key block inside other text (a Go string, YAML) is read; its CRC line is not data', () => {
  const armour = fixture('keys/openpgp-ed25519-secret.asc').toString();
  const yaml = `gpg:\n  signing_key: |\n${armour.split('\n').map((l) => `    ${l}`).join('\n')}\n`;
  assert.deepEqual(materials('deploy/values.yaml', yaml).map((d) => [d.occurrence.line, d.material.algorithm?.spelling]), [[3, 'Ed25519']]);
});

test('nothing from messages, signatures, a label that disagrees with its packet, or a broken body', () => {
  const body = fixture('keys/openpgp-rsa2048-public.asc').toString().split('\n').slice(1, -2).join('\n');
  // The same body as a message, or as a private key block, is not a key of that kind.
  assert.deepEqual(materials('m.asc', `-----BEGIN PGP MESSAGE-----\n${body}\n-----END PGP MESSAGE-----\n`), []);
  assert.deepEqual(materials('p.asc', `-----BEGIN PGP PRIVATE KEY BLOCK-----\n${body}\n-----END PGP PRIVATE KEY BLOCK-----\n`), []);
  assert.deepEqual(materials('t.asc', '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n=AAAA\n-----END PGP PUBLIC KEY BLOCK-----\n'), []);
  // A truncated packet (its length runs past the data) is no key.
  assert.equal(openpgpKeys(Uint8Array.from([0x99, 0x01, 0x0d, 0x04, 0, 0, 0, 0, 0x01, 0x08, 0x00]), 'public-key', kb), undefined);
});

test('an encrypted message names the algorithm of each recipient key its session key is wrapped for', () => {
  const recipients = (file: string, content: string | Buffer = fixture(`keys/${file}`)) =>
    run(pemDetector, file, content).filter((d): d is AlgorithmDetection => d.type === 'algorithm')
      .map((d) => [d.occurrence.line, d.spelling, d.params, d.unresolved, d.functions]);
  // Encrypted with gpg to an RSA-2048 encryption subkey and a Curve25519 ECDH subkey.
  assert.deepEqual(recipients('openpgp-message-rsa-x25519.asc'), [
    [1, 'RSA', { padding: 'PKCS1v15' }, ['keySize'], ['encrypt']],
    [1, 'X25519', {}, undefined, ['encrypt']],
  ]);
  // The same message in a sops-encrypted YAML file's metadata (a block scalar), and in a dotenv value with `\n` escapes.
  const armour = fixture('keys/openpgp-message-rsa-x25519.asc').toString().trimEnd();
  const yaml = `sops:\n    pgp:\n        - enc: |-\n${armour.split('\n').map((l) => `            ${l}`).join('\n')}\n          fp: 0123\n`;
  assert.deepEqual(recipients('secrets.enc.yaml', yaml).map((r) => [r[0], r[1]]), [[4, 'RSA'], [4, 'X25519']]);
  const env = `sops_pgp__list_0__map_enc=${armour.split('\n').join('\\n')}\n`;
  assert.deepEqual(recipients('app.enc.env', env).map((r) => [r[0], r[1]]), [[1, 'RSA'], [1, 'X25519']]);
  // A message encrypted with a passphrase only names no public key.
  assert.deepEqual(recipients('openpgp-message-passphrase.asc'), []);
});
