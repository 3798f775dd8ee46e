// JavaScript/TypeScript constants read from other modules (detectors/cross-file.ts): a constants
// module that calls no crypto API, read by named and namespace imports, members of an exported object
// literal and of a TypeScript enum, CommonJS exports read through require (an `index.js` by its
// folder), and what must stay unknown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namesAt, namesIn, scanTree } from '../cross-file-helpers.js';

const CONSTANTS = `// Algorithm choices, in one place.
export const ALGORITHM = 'aes-128-cbc';
export const ITERATIONS = 1000;
export const KEY_LEN = 16;
export const DIGEST = 'sha1';
export const RSA_BITS = 1024;
const AES_BITS = 128;
export { AES_BITS };
export const LEGACY = { algorithm: 'des-ede3-cbc', keyLength: 24 } as const;
export enum Curve { Legacy = 'prime192v1', Modern = 'prime256v1' }
`;

const SERVICE = `import crypto from 'node:crypto';
import { ALGORITHM, ITERATIONS, KEY_LEN, DIGEST, RSA_BITS, AES_BITS, LEGACY, Curve } from './config/constants';
import * as C from './config/constants.js';

export function encrypt(key: Buffer, iv: Buffer, data: Buffer): Buffer {
  const cipher = crypto.createCipheriv(ALGORITHM, key, iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export function deriveKey(password: string, salt: Buffer): Buffer {
  return crypto.pbkdf2Sync(password, salt, ITERATIONS, KEY_LEN, DIGEST);
}

export function signingKeys() {
  return crypto.generateKeyPairSync('rsa', { modulusLength: RSA_BITS });
}

export function ecKeys() {
  return crypto.generateKeyPairSync('ec', { namedCurve: Curve.Legacy });
}

export function sessionKey() {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: AES_BITS }, true, ['encrypt', 'decrypt']);
}

export function legacyDecrypt(key: Buffer, iv: Buffer, data: Buffer): Buffer {
  const decipher = crypto.createDecipheriv(LEGACY.algorithm, key, iv);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

export function fingerprint(data: string): string {
  return crypto.createHash(C.DIGEST).update(data).digest('hex');
}
`;

test('a constants module that calls no crypto API gives its values to the modules that import them', async () => {
  const assets = await scanTree({ 'src/config/constants.ts': CONSTANTS, 'src/service.ts': SERVICE });
  // Named imports, `export { AES_BITS }`, an object literal's member, an enum member, a namespace import.
  assert.deepEqual(namesIn(assets, 'src/service.ts'), [
    '3DES-168-CBC', 'AES-128-CBC', 'AES-128-GCM', 'ECDSA-P192', 'PBKDF2-SHA-1-1000', 'RSA-1024', 'SHA-1', 'node:crypto',
  ]);
  assert.deepEqual(namesIn(assets, 'src/config/constants.ts'), []);
});

test('CommonJS exports read through require, a folder by its index.js', async () => {
  const assets = await scanTree({
    'lib/legacy/index.js': `module.exports = {
  HASH: 'md5',
  CIPHER: 'bf-cbc',
};
exports.CURVE = 'secp256k1';
`,
    'lib/tokens.js': `const crypto = require('crypto');
const { HASH } = require('./legacy');
const legacy = require('./legacy');

exports.tokenHash = (token) => crypto.createHash(HASH).update(token).digest('hex');
exports.wrap = (key, iv) => crypto.createCipheriv(legacy.CIPHER, key, iv);
exports.deviceKeys = () => crypto.generateKeyPairSync('ec', { namedCurve: legacy.CURVE });
`,
  });
  assert.deepEqual(namesIn(assets, 'lib/tokens.js'), ['Blowfish-CBC', 'ECDSA-secp256k1', 'MD5', 'node:crypto']);
});

test('two modules of one name that export different values leave the reference unknown; where they agree it stands', async () => {
  const other = CONSTANTS.replace("'aes-128-cbc'", "'aes-256-gcm'");
  const assets = await scanTree({ 'src/config/constants.ts': CONSTANTS, 'src/legacy/constants.ts': other, 'src/service.ts': SERVICE });
  const names = namesIn(assets, 'src/service.ts');
  assert.ok(names.includes('unknown-cipher'), names.join(', '));
  assert.ok(!names.includes('AES-128-CBC') && !names.includes('AES-256-GCM'), names.join(', '));
  assert.ok(names.includes('PBKDF2-SHA-1-1000') && names.includes('RSA-1024'), names.join(', '));
});

test('a renamed import is the exported name; a let, a default import, a parameter named like the import and an unimported name stay unknown', async () => {
  const assets = await scanTree({
    'src/constants.ts': `export const DIGEST = 'sha1';
export let MUTABLE_DIGEST = 'md5';
export default { DIGEST: 'sha512' };
`,
    'src/hashes.ts': `import { createHash } from 'crypto';
import { DIGEST as D, MUTABLE_DIGEST } from './constants';
import settings from './constants';
import * as C from './constants';

export const renamed = (x: string) => createHash(D).update(x).digest('hex');
export const mutable = (x: string) => createHash(MUTABLE_DIGEST).update(x).digest('hex');
export const byDefault = (x: string) => createHash(settings.DIGEST).update(x).digest('hex');
export const unimported = (x: string) => createHash(OTHER_DIGEST).update(x).digest('hex');
export function shadowed(x: string, DIGEST: string) {
  return createHash(DIGEST).update(x).digest('hex');
}
export function shadowedModule(x: string, C: { DIGEST: string }) {
  return createHash(C.DIGEST).update(x).digest('hex');
}
export const viaNamespace = (x: string) => createHash(C.DIGEST).update(x).digest('hex');
`,
  });
  const at = (line: number): string[] => namesAt(assets, 'src/hashes.ts', line);
  // Line 6: `DIGEST as D` is the module's DIGEST.
  assert.deepEqual(at(6), ['SHA-1']);
  // Lines 7-9: mutable, default import, unimported; 11 and 14: parameters named like the import and the namespace.
  for (const line of [7, 8, 9, 11, 14]) assert.deepEqual(at(line), ['unknown-hash'], `line ${line}`);
  // The module itself is read (the namespace import).
  assert.deepEqual(at(16), ['SHA-1']);
});

test('a noble hash re-exported by a module of the project is still the hash it is imported as', async () => {
  const assets = await scanTree({
    'src/hashes.ts': `export { sha256, sha512 } from '@noble/hashes/sha2';
`,
    'src/mac.ts': `import { hmac } from '@noble/hashes/hmac';
import { pbkdf2 } from '@noble/hashes/pbkdf2';
import { sha256 } from './hashes';
import * as H from './hashes';

export const mac = (key: Uint8Array, msg: Uint8Array) => hmac(sha256, key, msg);
export const stretch = (pw: string, salt: string) => pbkdf2(H.sha512, pw, salt, { c: 1000, dkLen: 32 });
`,
  });
  assert.deepEqual(namesAt(assets, 'src/mac.ts', 6), ['HMAC-SHA-256']);
  assert.deepEqual(namesAt(assets, 'src/mac.ts', 7), ['PBKDF2-SHA-512-1000']);
});

test('post-quantum objects a module of the project re-exports are the package\'s where they are imported', async () => {
  // A module gathers the lazily loaded post-quantum code (one bundle chunk); the KEM and signature
  // modules import from it, not from the package, and name no crypto module themselves.
  const assets = await scanTree({
    'src/pq/lazy_pq.ts': `// One chunk for both schemes.
export { ml_kem1024 } from '@noble/post-quantum/ml-kem.js';
export { ml_dsa87 as dilithium } from '@noble/post-quantum/ml-dsa.js';
export { zeroise } from './wipe.js';
export { z } from 'zod';
`,
    'src/pq/kem.js': `import { checkLength } from '../util.js';

export async function encapsulate(recipientKey) {
  checkLength(recipientKey, 1568);
  const { ml_kem1024 } = await import('./lazy_pq.ts');
  const { cipherText, sharedSecret } = ml_kem1024.encapsulate(recipientKey);
  return { cipherText, sharedSecret };
}
`,
    'src/pq/sign.ts': `import { dilithium, z } from './lazy_pq';
import * as pq from './lazy_pq';

export const sign = (msg: Uint8Array, sk: Uint8Array) => dilithium.sign(msg, sk);
export const keys = (seed: Uint8Array) => pq.ml_kem1024.keygen(seed);
export const schema = z.object({ ml_kem: z.string() });
`,
  });
  assert.deepEqual(namesAt(assets, 'src/pq/kem.js', 6), ['ML-KEM-1024']);
  assert.deepEqual(namesAt(assets, 'src/pq/sign.ts', 4), ['ML-DSA-87']);
  // Not followed: a namespace import's member; a re-exported non-crypto package names nothing.
  assert.deepEqual(namesAt(assets, 'src/pq/sign.ts', 5), []);
  assert.deepEqual(namesAt(assets, 'src/pq/sign.ts', 6), []);
  // The re-export alone is no use.
  assert.deepEqual(namesIn(assets, 'src/pq/lazy_pq.ts'), []);
});
