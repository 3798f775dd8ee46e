// Crypto reached without naming a crypto module: WebCrypto and node:crypto objects handed out by
// helpers (reported on evidence of their own, never on a method name alone), node's one-shot RSA
// functions, @noble/ciphers, and noble hash/curve objects placed in dispatch tables.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, names, signals } from './helpers.js';

const rows = (src: string, path?: string) => algorithms(src, path).sort((a, b) => a.line - b.line).map((a) => [a.occurrence.line, a.name, a.functions?.join('+') ?? '', a.library?.name ?? '']);

test('WebCrypto from a helper: a WebCrypto algorithm name and the method\'s shape are the evidence', () => {
  const src = `
import util from './util.js';
const webCrypto = util.getWebCrypto();
const keyGen = { name: 'RSASSA-PKCS1-v1_5', modulusLength: 4096, publicExponent: e, hash: { name: 'SHA-256' } };
webCrypto.generateKey(keyGen, true, ['sign', 'verify']);
webCrypto.importKey('jwk', jwk, 'Ed25519', false, ['sign']);
webCrypto.sign('RSASSA-PKCS1-v1_5', key, data);
webCrypto.digest(hashName, data);
webCrypto.importKey('jwk', jwk, algo, false, ['verify']);
box.encrypt({ name: 'AES-GCM', iv }, key, data);
box.encrypt(record, key, options);
box.sign('Ed25519', key);
box.importKey('pem', text, 'ECDSA', false, []);
`;
  assert.deepEqual(rows(src), [
    [5, 'RSA-PKCS1-1.5-SHA-256-4096', 'keygen', ''],
    [6, 'Ed25519', 'other', ''],
    [7, 'RSA-PKCS1-1.5', 'sign', ''],
    [8, 'unknown-hash', 'digest', ''],
    [9, 'unknown-key-factory', 'other', ''],
    [10, 'AES-GCM', 'encrypt', ''],
  ], 'an unreadable algorithm counts only on a receiver named like WebCrypto; a non-WebCrypto name, a wrong arity or key format, nothing');
});

test('node:crypto from a helper: node-only method names, or generateKeyPair with a node key type', () => {
  const src = `
const nodeCrypto = util.getNodeCrypto();
nodeCrypto.generateKeyPair('rsa', { modulusLength: 3072 }, done);
nodeCrypto.createECDH(curveName);
new nodeCrypto.createCipheriv('aes-128-ctr', key, iv);
nodeCrypto.createHash(type);
hasher.createHash(type);
hasher.createHash('sha384');
keys.generateKeyPair('RS256');
const local = { createHash: (s) => s };
local.createHash('md5');
`;
  assert.deepEqual(names(src), ['RSA-3072', 'ECDH', 'AES-128-CTR', 'unknown-hash', 'SHA-384']);
});

test('sign/verify/generateKey shared with other APIs are node\'s only on a receiver named like crypto', () => {
  // An OpenPGP test's `message.verify(keys, date, undefined, config)` has node's verify arity (4) and
  // SubtleCrypto's, but neither API's evidence: no WebCrypto algorithm, no crypto receiver.
  const src = `
import * as crypto from '../../src/crypto/index.js';
import openpgp from '../initOpenpgp.js';
async function check(message, publicKey, future) {
  const signatures = await message.verify([publicKey], future, undefined, openpgp.config);
  const signed = await token.sign(claims, secret, options);
  await keystore.generateKey('oct', 256, { alg: 'HS256' });
  const nodeCrypto = util.getNodeCrypto();
  nodeCrypto.sign(null, data, privateKey);
  nodeCrypto.verify('sha256', data, publicKey, signature);
}
`;
  assert.deepEqual(rows(src), [
    [9, 'unknown-signature', 'sign', ''],
    [10, 'SHA-256', 'digest', ''],
  ]);
});

test('a receiver the imports name is left to its own library', () => {
  const src = `
import * as jose from 'jose';
jose.generateKeyPair('PS256');
`;
  assert.deepEqual(names(src), ['RSA-PSS-SHA-256-2048']);
});

test('WebCrypto and node:crypto held by a module of the project: the same evidence as a helper\'s return value', () => {
  const src = `
import { webcrypto, nodeCrypto, tools } from './runtime.js';
import wc from '../shared/webcrypto';
const env = require('./env');
webcrypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
wc.subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: e, hash: 'SHA-384' }, true, ['sign']);
env.host.crypto.subtle.importKey('spki', der, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
env.host.crypto.subtle.digest(algo, data);
nodeCrypto.createCipheriv('aes-128-cbc', key, iv);
tools.createHash('sha1');
tools.sign(record, key, opts);
env.signer.verify(token, key, sig, opts);
`;
  assert.deepEqual(rows(src), [
    [5, 'AES-256-GCM', 'keygen', ''],
    [6, 'RSA-PKCS1-1.5-SHA-384-2048', 'keygen', ''],
    [7, 'ECDSA-P256', 'other', ''],
    [8, 'unknown-hash', 'digest', ''],
    [9, 'AES-128-CBC', 'encrypt', ''],
  ], 'a project helper named like node\'s (`tools.createHash`) or a sign/verify without a WebCrypto name is not the API');
});

test('a package\'s `.subtle` is WebCrypto; node\'s own crypto.subtle stays with the main pass (once)', () => {
  const src = `
import forge from 'node-forge';
import { webcrypto } from 'node:crypto';
import * as poly from 'webcrypto-shim';
forge.util.globalScope.crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-521' }, true, ['sign']);
webcrypto.subtle.digest('SHA-384', data);
poly.subtle.sign(alg, key, data);
poly.sign(record, key, opts);
`;
  assert.deepEqual(rows(src), [
    [5, 'ECDSA-P521', 'keygen', ''],
    [6, 'SHA-384', 'digest', 'node:crypto'],
    [7, 'unknown-signature-or-mac', 'sign', ''],
  ]);
});

test('WebCrypto AES: `length` is the key size in generateKey, the counter width in AES-CTR encrypt', () => {
  const src = `
crypto.subtle.generateKey({ name: 'AES-CTR', length: 192 }, false, ['encrypt']);
crypto.subtle.encrypt({ name: 'AES-CTR', counter, length: 64 }, key, data);
crypto.subtle.encrypt({ name: 'AES-CBC', iv, length: 128 }, key, data);
`;
  assert.deepEqual(names(src), ['AES-192-CTR', 'AES-CTR', 'AES-CBC']);
});

test('publicEncrypt and friends: padding from the key object, node\'s defaults only for a literal that omits it', () => {
  const src = `
import { publicEncrypt, privateDecrypt, privateEncrypt, publicDecrypt, constants } from 'node:crypto';
publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_PADDING }, data);
publicEncrypt({ key: pem }, data);
publicEncrypt({ key: pem, oaepHash: 'sha512' }, data);
privateDecrypt(keyObject, data);
privateEncrypt({ key: pem }, digest);
publicDecrypt({ key: pem, padding: 3 }, sig);
`;
  assert.deepEqual(algorithms(src).map((a) => [a.spelling, a.params, a.functions?.join('+')]), [
    ['RSA', { padding: 'PKCS1v15' }, 'encrypt'],
    ['RSA', { padding: 'OAEP', hash: 'SHA-1' }, 'encrypt'],
    ['RSA', { padding: 'OAEP', hash: 'SHA-512' }, 'encrypt'],
    ['RSA', {}, 'decrypt'],
    ['RSASSA-PKCS1-v1_5', {}, 'sign'],
    ['RSA', { padding: 'NoPadding' }, 'verify'],
  ]);
});

test('@noble/ciphers: mode from the constructor, size from a key of known length, the operation applied', () => {
  const src = `
import { gcm as aesGcm, ctr, cbc, aeskwp } from '@noble/ciphers/aes.js';
import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { xsalsa20poly1305 } from '@noble/ciphers/salsa.js';
import { randomBytes } from '@noble/ciphers/webcrypto.js';
import { gcm as notNoble } from './modes.js';
const k = randomBytes(16);
aesGcm(k, nonce, aad).decrypt(ct);
const stream = ctr(key, iv);
cbc(key, iv).encrypt(pt);
aeskwp(kek).encrypt(dek);
chacha20poly1305(key, nonce).encrypt(pt);
xsalsa20poly1305(key, nonce).encrypt(pt);
notNoble(key, iv).encrypt(pt);
cbc(key, new Uint8Array(16)).encrypt(pt);
`;
  assert.deepEqual(algorithms(src).map((a) => [a.occurrence.line, a.spelling, a.params, a.functions?.join('+') ?? '', a.library?.name]), [
    [8, 'AES', { mode: 'GCM', keySize: 128 }, 'decrypt', '@noble/ciphers'],
    [9, 'AES', { mode: 'CTR' }, '', '@noble/ciphers'],
    [10, 'AES', { mode: 'CBC', padding: 'PKCS7' }, 'encrypt', '@noble/ciphers'],
    [11, 'AES', { mode: 'KWP' }, 'encrypt', '@noble/ciphers'],
    [12, 'ChaCha20-Poly1305', {}, 'encrypt', '@noble/ciphers'],
    [13, 'XSalsa20-Poly1305', {}, 'encrypt', '@noble/ciphers'],
    [15, 'AES', { mode: 'CBC', padding: 'PKCS7' }, 'encrypt', '@noble/ciphers'],
  ]);
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['static-iv', 15]]);
});

test('noble hash and curve objects in dispatch tables; arguments, re-exports and bare imports are not', () => {
  const src = `
import { sha256, sha1 } from '@noble/hashes/sha2.js';
import { hmac } from '@noble/hashes/hmac.js';
import { p384, p521 } from '@noble/curves/nist.js';
import { x448 } from '@noble/curves/ed448.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
const hashes = new Map(Object.entries({ sha256 }));
const curves = { 'P-384': p384, x448 };
const list = [sha1];
hmac(sha256, key, msg);
module.exports = { secp256k1 };
export { p521 };
`;
  assert.deepEqual(rows(src), [
    [7, 'SHA-256', '', '@noble/hashes'],
    [8, 'ECDSA-P384', '', '@noble/curves'],
    [8, 'X448', '', '@noble/curves'],
    [9, 'SHA-1', '', '@noble/hashes'],
    [10, 'HMAC-SHA-256', 'tag', '@noble/hashes'],
  ]);
});

test('a cipher picked from a same-file table is each of its ciphers; a size left to the key is AES of that mode', () => {
  const src = `
const crypto = require('crypto');
const BY_VERSION = { 1: 'idea-cfb', 2: hasBf ? 'bf-cbc' : undefined, 3: 'aes-128-gcm', 4: notACipher };
crypto.createDecipheriv(BY_VERSION[v], key, iv);
crypto.createCipheriv('aes-' + (key.length * 8) + '-ctr', key, iv);
crypto.createCipheriv(\`aes-\${bits}-gcm\`, crypto.randomBytes(32), iv);
crypto.createCipheriv(\`aes-\${bits}-\${mode}\`, key, iv);
crypto.createCipheriv(LOOKUP[v], key, iv);
`;
  assert.deepEqual(names(src), ['IDEA-CFB', 'Blowfish-CBC', 'AES-128-GCM', 'AES-CTR', 'AES-256-GCM', 'unknown-cipher', 'unknown-cipher']);
});
