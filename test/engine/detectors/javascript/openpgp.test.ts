// OpenPGP.js (npm `openpgp`) key generation: the algorithms of the primary (signing) key and of its
// subkeys from `type`, `curve`, `rsaBits` and `subkeys`, and what stays unknown.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, names } from './helpers.js';

const rows = (src: string) => algorithms(src).map((a) => [a.occurrence.line, a.name, a.functions?.join('+') ?? '', a.library?.name ?? '']);

test('generateKey: a signing primary key and an encryption subkey of the type and curve given', () => {
  const src = `
import * as openpgp from 'openpgp';
import { generateKey } from 'openpgp';
export async function mailboxKeys(userIDs, passphrase) {
  const legacy = await openpgp.generateKey({ type: 'rsa', rsaBits: 3072, userIDs, passphrase });
  const nist = await generateKey({ curve: 'nistP384', userIDs, format: 'armored' });
  const modern = await generateKey({ type: 'ecc', userIDs });
  const v6 = await generateKey({ type: 'curve448', userIDs, config: { v6Keys: true } });
  const hybrid = await generateKey({ type: 'pqc', userIDs, config: { v6Keys: true } });
  return [legacy, nist, modern, v6, hybrid];
}
`;
  assert.deepEqual(rows(src), [
    [5, 'RSA-3072', 'keygen', 'openpgp'],
    [5, 'RSA-3072', 'keygen', 'openpgp'],
    [6, 'ECDSA-P384', 'keygen', 'openpgp'],
    [6, 'ECDH-P384', 'keygen', 'openpgp'],
    [7, 'Ed25519', 'keygen', 'openpgp'],
    [7, 'X25519', 'keygen', 'openpgp'],
    [8, 'Ed448', 'keygen', 'openpgp'],
    [8, 'X448', 'keygen', 'openpgp'],
    [9, 'ML-DSA-65', 'keygen', 'openpgp'],
    [9, 'Ed25519', 'keygen', 'openpgp'],
    [9, 'ML-KEM-768', 'keygen', 'openpgp'],
    [9, 'X25519', 'keygen', 'openpgp'],
  ]);
});

test('generateKey: subkeys take the primary\'s options they leave out; unknown options and defaults that changed stay unknown', () => {
  const src = `
const openpgp = require('openpgp');
const KEY_TYPE = 'rsa';
async function keys(userIDs, type) {
  await openpgp.generateKey({ type: KEY_TYPE, rsaBits: 4096, userIDs, subkeys: [{}, { type: 'ecc', curve: 'brainpoolP256r1', sign: true }] });
  await openpgp.generateKey({ userIDs });
  await openpgp.generateKey({ type, userIDs });
  await openpgp.generateKey(options);
}
keys(['a'], process.env.TYPE);
`;
  assert.deepEqual(names(src), [
    'RSA-4096', 'RSA-4096', 'ECDSA-brainpoolP256r1',
    'unknown-key-generator', 'unknown-key-generator', 'unknown-key-generator',
  ], 'no type and no curve: RSA in v4, curve25519 since v5; rsaBits 2048 then 4096');
});

test('a local module called openpgp, or another library\'s generateKey, is not OpenPGP.js', () => {
  const src = `
import openpgp from '../initOpenpgp.js';
import * as jose from 'jose';
const pgp = { generateKey: (o) => o };
await openpgp.generateKey({ type: 'rsa', rsaBits: 1024, userIDs });
await pgp.generateKey({ type: 'rsa', rsaBits: 1024 });
await jose.generateSecret('HS256');
`;
  assert.deepEqual(names(src), ['HMAC-SHA-256']);
});
