// JavaScript/TypeScript detector: names through imports, arguments through constants, object
// literals and spreads; unknown stays unknown; look-alikes produce nothing.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { javascriptDetector } from '../../../../src/engine/detectors/source/javascript/index.js';
import { algorithms, detect, names, protocols, signals } from './helpers.js';

test('cipher names resolve through consts, object-literal members, template literals and concatenation', () => {
  const src = `
import { createCipheriv } from 'node:crypto';
const ALGO = 'aes-256-gcm';
const CONFIG = { legacy: 'aes-128-cbc' } as const;
const MODE = 'ctr';
createCipheriv(ALGO, key, iv);
createCipheriv(CONFIG.legacy, key, iv);
createCipheriv(\`aes-192-\${MODE}\`, key, iv);
createCipheriv('aes-256-' + MODE, key, iv);
createCipheriv(\`chacha20-poly1305\`, key, iv);
`;
  assert.deepEqual(names(src), ['AES-256-GCM', 'AES-128-CBC', 'unknown-cipher', 'AES-256-CTR', 'ChaCha20-Poly1305'],
    'a template literal with an expression is not resolved (no guess), but the cipher in use is still reported');
});

test('the cipher name fixes the size; a generic name takes it from the key length, else it is unknown', () => {
  const src = `
const crypto = require('crypto');
crypto.createCipheriv('aes-128-gcm', crypto.randomBytes(32), iv);
crypto.createCipheriv('id-aes256-GCM', key, iv);
crypto.createCipheriv('aes-gcm', crypto.randomBytes(24), iv);
crypto.createCipheriv('aes-gcm', key, iv);
`;
  const a = algorithms(src, 'a.js');
  assert.deepEqual(a.map((x) => x.name), ['AES-128-GCM', 'AES-256-GCM', 'AES-192-GCM', 'AES-GCM']);
  assert.deepEqual(a[3]!.unresolved, ['keySize']);
});

test('key lengths from randomBytes, Buffer.alloc, Buffer.from(hex/base64) and scryptSync', () => {
  const src = `
import * as c from 'crypto';
const LEN = 16;
const k1 = c.randomBytes(LEN * 2);
const k2 = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
const k3 = c.scryptSync(pw, salt, 24);
const k4 = Buffer.from('AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=', 'base64');
c.createCipheriv('aes-gcm', k1, iv);
c.createCipheriv('aes-cbc', k2, iv);
c.createCipheriv('aes-ctr', k3, iv);
c.createCipheriv('aes-ctr', k4, iv);
`;
  assert.deepEqual(names(src), ['scrypt-16384', 'AES-256-GCM', 'AES-128-CBC', 'AES-192-CTR', 'AES-256-CTR']);
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['hardcoded-key', 9], ['hardcoded-key', 11]]);
});

test('static IVs: zero-filled and literal buffers are static, random ones are not, ECB has none', () => {
  const src = `
import crypto from 'node:crypto';
crypto.createCipheriv('aes-256-cbc', key, Buffer.alloc(16, 0));
crypto.createCipheriv('aes-256-cbc', key, Buffer.from('1234567890abcdef'));
crypto.createCipheriv('aes-256-cbc', key, crypto.randomBytes(16));
crypto.createCipheriv('aes-256-ecb', key, null);
`;
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['static-iv', 3], ['static-iv', 4]]);
});

test('generateKeyPair options from a constant, a spread, and unknown options', () => {
  const src = `
import { generateKeyPairSync } from 'crypto';
const BASE = { modulusLength: 2048 };
const OPTS = { ...BASE, publicExponent: 65537 };
generateKeyPairSync('rsa', OPTS);
generateKeyPairSync('rsa', { ...BASE, modulusLength: 4096 });
generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
generateKeyPairSync('rsa', loadOptions());
generateKeyPairSync('ml-kem-1024');
generateKeyPairSync('slh-dsa-shake-256f');
`;
  const a = algorithms(src);
  assert.deepEqual(a.map((x) => x.name), ['RSA-2048', 'RSA-4096', 'ECDSA-secp256k1', 'RSA', 'ML-KEM-1024', 'SLH-DSA-SHAKE-256f']);
  assert.deepEqual(a[3]!.unresolved, ['keySize']);
});

test('crypto.sign(null, ...) is Ed25519 only when the key comes from an ed25519 key pair; an rsa pair signs with PKCS#1 v1.5', () => {
  const src = `
import crypto from 'crypto';
const { privateKey } = crypto.generateKeyPairSync('ed25519');
const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 3072 });
crypto.sign(null, data, privateKey);
crypto.sign(null, data, rsa.privateKey);
crypto.sign('sha512', data, rsa.privateKey);
`;
  assert.deepEqual(names(src), ['Ed25519', 'RSA-3072', 'Ed25519', 'RSA-PKCS1-1.5-3072', 'RSA-PKCS1-1.5-SHA-512-3072']);
});

test('node sign/verify: the key object\'s padding and the generated key pair fix the scheme, its hash and size', () => {
  const src = `
const nodeCrypto = require('node:crypto');
const { constants } = nodeCrypto;
function issue(pem, claims) {
  return nodeCrypto.sign('sha256', claims, { key: pem, padding: nodeCrypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
}
function check(pem, claims, sig) {
  return nodeCrypto.verify('SHA384', claims, { key: pem, padding: constants.RSA_PKCS1_PADDING }, sig);
}
function fresh(claims) {
  const pair = nodeCrypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = nodeCrypto.generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
  nodeCrypto.sign('sha512', claims, ec.privateKey);
  return nodeCrypto.sign('sha256', claims, { key: pair.privateKey, padding: 6, saltLength: constants.RSA_PSS_SALTLEN_DIGEST });
}
function streamed(pem, claims) {
  const signer = nodeCrypto.createSign('sha256');
  signer.update(claims);
  signer.end();
  return signer.sign({ key: pem, padding: constants.RSA_PKCS1_PSS_PADDING });
}
function chained(pem, claims, sig) {
  return nodeCrypto.createVerify('RSA-SHA1').update(claims).verify({ key: pem, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 20 }, sig);
}
function plain(pem, claims, sig) {
  nodeCrypto.sign('sha256', claims, pem);
  nodeCrypto.sign('sha256', claims, { key: pem, dsaEncoding: 'ieee-p1363' });
  const v = nodeCrypto.createVerify('sha224');
  v.update(claims);
  return v.verify(pem, sig);
}
`;
  assert.deepEqual(algorithms(src, 'a.js').map((a) => [a.occurrence.line, a.name, a.params, a.functions?.join('+')]), [
    [5, 'RSA-PSS-SHA-256', { padding: 'PSS', hash: 'SHA-256', saltLength: 32 }, 'sign'],
    [8, 'RSA-PKCS1-1.5-SHA-384', { hash: 'SHA-384' }, 'verify'],
    [11, 'RSA-2048', { keySize: 2048 }, 'keygen'],
    [12, 'ECDSA-P384', { curve: 'P-384' }, 'keygen'],
    [13, 'ECDSA-P384-SHA-512', { curve: 'P-384', hash: 'SHA-512' }, 'sign'],
    [14, 'RSA-PSS-SHA-256-2048', { keySize: 2048, padding: 'PSS', hash: 'SHA-256' }, 'sign'],
    [17, 'RSA-PSS-SHA-256', { padding: 'PSS', hash: 'SHA-256' }, 'sign'],
    [23, 'RSA-PSS-SHA-1', { padding: 'PSS', hash: 'SHA-1', saltLength: 20 }, 'verify'],
    [26, 'SHA-256', {}, 'digest'],
    [27, 'SHA-256', {}, 'digest'],
    [28, 'SHA-224', {}, 'digest'],
  ], 'a PEM string or a key object without padding leaves the key type to the key: only the digest');
});

test('node sign/verify whose key type and digest are both unknown is an unknown-signature', () => {
  const src = `
import { sign, verify, createPublicKey } from 'crypto';
export function accept(pem, body, sig) {
  return verify(null, body, createPublicKey(pem), sig);
}
export function stamp(pem, body, alg) {
  sign(undefined, body, pem);
  return sign(alg, body, pem);
}
const jwt = { sign: (a, b, c) => a };
jwt.sign(null, body, key);
`;
  assert.deepEqual(algorithms(src, 'a.js').map((a) => [a.occurrence.line, a.name, a.functions?.join('+')]), [
    [4, 'unknown-signature', 'verify'],
    [7, 'unknown-signature', 'sign'],
    [8, 'unknown-signature', 'sign'],
  ], 'a local object\'s sign is not node\'s');
});

test('WebCrypto: sizes only from the algorithm object or the raw key; PBKDF2 reported at deriveBits, not importKey', () => {
  const src = `
const ITER = 100_000;
await crypto.subtle.generateKey({ name: 'AES-GCM', length: 128 }, true, ['encrypt']);
await window.crypto.subtle.generateKey({ name: 'AES-GCM' }, true, ['encrypt']);
await crypto.subtle.importKey('raw', crypto.getRandomValues(new Uint8Array(32)), 'AES-KW', false, ['wrapKey']);
const base = await crypto.subtle.importKey('raw', pw, 'PBKDF2', false, ['deriveBits']);
await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-512', salt, iterations: ITER }, base, 512);
await crypto.subtle.generateKey({ name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: e, hash: { name: 'SHA-256' } }, true, ['sign']);
`;
  const a = algorithms(src);
  assert.deepEqual(a.map((x) => x.name), ['AES-128-GCM', 'AES-GCM', 'AES-256-KW', 'PBKDF2-SHA-512-100000', 'RSA-PKCS1-1.5-SHA-256-2048']);
  assert.deepEqual(a[1]!.unresolved, ['keySize']);
  assert.deepEqual(a[4]!.params, { keySize: 2048, hash: 'SHA-256' });
  assert.equal(a[0]!.library, undefined, 'the global WebCrypto object names no package');
});

test('TLS options: pinned version, suites, curves; insecure versions and verification switches', () => {
  const src = `
import tls from 'node:tls';
const OLD = 'TLSv1.1';
tls.connect({ host, minVersion: OLD, ciphers: 'ECDHE-RSA-AES128-GCM-SHA256', ecdhCurve: 'auto' });
tls.connect({ host, ciphers: 'HIGH:!aNULL' });
https.request({ host, rejectUnauthorized: false, checkServerIdentity: () => undefined });
process.env['NODE_TLS_REJECT_UNAUTHORIZED'] = '0';
const strict = { rejectUnauthorized: true, checkServerIdentity: tls.checkServerIdentity };
`;
  assert.deepEqual(protocols(src).map((p) => p.protocol), [
    { protocolType: 'tls', version: '1.1', cipherSuites: ['ECDHE-RSA-AES128-GCM-SHA256'] },
    { protocolType: 'tls', cipherSuites: ['HIGH', '!aNULL'] },
  ]);
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [
    ['insecure-protocol-version', 4],
    ['cert-verification-disabled', 6],
    ['hostname-verification-disabled', 6],
    ['cert-verification-disabled', 7],
  ]);
});

test('JWT: jsonwebtoken default HS256, explicit algorithms, "none"; jose builders and UnsecuredJWT', () => {
  const src = `
import jwt from 'jsonwebtoken';
import { SignJWT, UnsecuredJWT } from 'jose';
jwt.sign(claims, secret);
jwt.sign(claims, key, { algorithm: 'ES512' });
jwt.sign(claims, key, opts);
jwt.verify(token, key, { algorithms: ['PS384', 'none'] });
await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).sign(key);
new UnsecuredJWT(claims).encode();
`;
  assert.deepEqual(names(src), ['HMAC-SHA-256', 'ECDSA-P521-SHA-512', 'RSA-PSS-SHA-384', 'EdDSA'],
    'options held in an unknown variable give no algorithm');
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['jwt-none-algorithm', 7], ['jwt-none-algorithm', 9]]);
});

test('jose: a composite JWE header reports both halves of each name', () => {
  const src = `
import { CompactEncrypt } from 'jose';
const jwe = await new CompactEncrypt(payload).setProtectedHeader({ alg: 'PBES2-HS512+A256KW', enc: 'A256CBC-HS512' }).encrypt(secret);
`;
  assert.deepEqual(names(src), ['PBKDF2-SHA-512', 'AES-256-KW', 'AES-256-CBC', 'HMAC-SHA-512']);
});

test('crypto-js: passphrase means AES-256 with CBC/PKCS7 defaults; options override; hasher names PBKDF2', () => {
  const src = `
import CryptoJS from 'crypto-js';
import { AES } from 'crypto-js';
CryptoJS.AES.encrypt(msg, passphrase());
AES.encrypt(msg, 'secret', { mode: CryptoJS.mode.CTR, padding: CryptoJS.pad.NoPadding });
CryptoJS.PBKDF2(pw, salt, { keySize: 4, iterations: 5000, hasher: CryptoJS.algo.SHA256 });
`;
  const a = algorithms(src);
  // The passphrase's key comes from EvpKDF (EVP_BytesToKey, one MD5 iteration).
  assert.deepEqual(a.map((x) => x.name), ['AES-CBC-PKCS7', 'AES-256-CTR', 'EVP_BytesToKey-MD5', 'PBKDF2-SHA-256-5000']);
  assert.equal(a[1]!.params.padding, 'NoPadding');
  assert.deepEqual(a[0]!.unresolved, ['keySize'], 'a key of unknown type leaves the size unknown');
  assert.equal(a[3]!.params.outputLength, 128);
  assert.deepEqual(signals(src).map((s) => s.signal), ['hardcoded-password']);
});

test('noble, tweetnacl, forge, bcrypt and argon2 through every import style', () => {
  const src = `
const { ml_dsa87 } = require('@noble/post-quantum/ml-dsa');
import * as nobleHashes from '@noble/hashes/sha3';
import { scrypt } from '@noble/hashes/scrypt';
import nacl from 'tweetnacl';
import forge from 'node-forge';
import bcrypt from 'bcryptjs';
import argon2, { argon2i } from 'argon2';
ml_dsa87.sign(sk, msg);
nobleHashes.sha3_512(msg);
scrypt(pw, salt, { N: 2 ** 16, r: 8, p: 2, dkLen: 64 });
nacl.sign.keyPair();
forge.pki.rsa.generateKeyPair(4096);
bcrypt.hashSync(pw, bcrypt.genSaltSync(11));
argon2.hash(pw, { type: argon2i, memoryCost: 2 ** 16 });
`;
  assert.deepEqual(names(src), ['ML-DSA-87', 'SHA3-512', 'scrypt-65536', 'Ed25519', 'RSA-4096', 'bcrypt-11', 'bcrypt-11', 'Argon2i-65536']);
});

test('a fork with tweetnacl\'s API (@openpgp/tweetnacl) is read as tweetnacl and reported under its own name', () => {
  const src = `
export async function signDetached(hashed, seed) {
  const { default: ed25519 } = await import('@openpgp/tweetnacl');
  const { secretKey } = ed25519.sign.keyPair.fromSeed(seed);
  return ed25519.sign.detached(hashed, secretKey);
}
export async function agree(k, recipient) {
  const { default: x25519 } = await import('@openpgp/tweetnacl');
  const ephemeral = x25519.box.keyPair();
  return [ephemeral, x25519.scalarMult(k, recipient)];
}
import { sign } from '@openpgp/web-stream-tools';
sign.detached(data, key);
`;
  assert.deepEqual(algorithms(src).map((a) => [a.occurrence.line, a.name, a.library?.name]), [
    [4, 'Ed25519', '@openpgp/tweetnacl'],
    [5, 'Ed25519', '@openpgp/tweetnacl'],
    [9, 'X25519', '@openpgp/tweetnacl'],
    [10, 'X25519', '@openpgp/tweetnacl'],
  ], 'another package of the same scope names nothing');
});

test('Math.random feeding a secret is weak randomness; jitter is not', () => {
  const src = `
const apiKey = Math.random().toString(36).slice(2);
const delay = Math.random() * 1000;
function makeNonce() { return Math.floor(Math.random() * 1e9); }
`;
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['weak-random', 2], ['weak-random', 4]]);
});

test('look-alikes, comments, log strings and local objects named crypto produce nothing', () => {
  const src = `
// crypto.createCipheriv('aes-128-ecb', key) was removed in v2
const crypto = { createHash: (s) => s };
crypto.createHash('md5');
const hashCode = (s) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 0);
const shaky = true, desc = 'uses aes-256-gcm';
console.log('createHash("sha1")', { algorithm: 'RS256' }, desc, shaky, hashCode('x'));
`;
  assert.deepEqual(detect(src, 'a.js'), []);
});

test('applies to JS and TS sources but not declaration files; prefilter keywords cover every import', () => {
  for (const p of ['a.js', 'a.mjs', 'a.cjs', 'a.jsx', 'a.ts', 'a.mts', 'a.cts', 'a.tsx']) assert.ok(javascriptDetector.appliesTo(p), p);
  for (const p of ['a.d.ts', 'a.json', 'a.go', 'a.tsbuildinfo']) assert.ok(!javascriptDetector.appliesTo(p), p);
  for (const mod of ['node:crypto', 'crypto-js', 'node-forge', 'jsonwebtoken', 'jose', 'tweetnacl', '@noble/curves', 'bcryptjs', 'argon2', 'node:tls']) {
    assert.ok(javascriptDetector.keywords.some((k) => mod.includes(k)), mod);
  }
});

test('aliases through `||` and member chains: `const subtle = (nodeCrypto.webcrypto || globalThis.crypto).subtle`', () => {
  const src = `
const nodeCrypto = require('crypto');
const webCrypto = nodeCrypto.webcrypto || globalThis.crypto;
const subtle = webCrypto.subtle;
async function derive(password, salt, iterations) {
  const key = await subtle.importKey('raw', password, 'PBKDF2', false, ['deriveBits']);
  const params = { name: 'PBKDF2', hash: 'SHA-256', salt, iterations };
  return subtle.deriveBits(params, key, 32 * 8);
}
`;
  const a = algorithms(src, 'utils.js');
  assert.deepEqual(a.map((x) => x.name), ['PBKDF2-SHA-256']);
  assert.deepEqual(a[0]!.params, { hash: 'SHA-256', outputLength: 256 });
  assert.deepEqual(a[0]!.unresolved, ['iterations'], 'an iteration count passed in by the caller is unknown');
  assert.deepEqual(a[0]!.library, { ecosystem: 'generic', name: 'node:crypto' });
});

test('class fields, static constants and this.x set in the constructor resolve', () => {
  const src = `
import * as crypto from 'node:crypto';
export class Vault {
  static CIPHER = 'aes-256-gcm';
  private digest = 'sha384';
  constructor() {
    this.iterations = 120000;
  }
  seal(key: Buffer, iv: Buffer) {
    crypto.createHash(this.digest);
    crypto.pbkdf2Sync(pw, salt, this.iterations, 32, 'sha256');
    return crypto.createCipheriv(Vault.CIPHER, key, iv);
  }
}
`;
  assert.deepEqual(names(src), ['SHA-384', 'PBKDF2-SHA-256-120000', 'AES-256-GCM']);
});

test('a JWT HMAC secret written in the source is a hard-coded key; a key for RS/ES/PS or from elsewhere is not', () => {
  const src = `
const jwt = require('jsonwebtoken');
const jws = require('jws');
const SESSION_SECRET = 'change-me-in-prod';
exports.session = (user) => jwt.sign({ sub: user.id }, SESSION_SECRET, { expiresIn: '1h' });
exports.check = (token) => jwt.verify(token, 'change-me-in-prod', { algorithms: ['HS256'] });
exports.legacy = (payload) => jws.sign({ header: { alg: 'HS512' }, payload, secret: 'hunter2' });
exports.probe = (token) => jws.verify(token, 'HS384', Buffer.from('c2VjcmV0', 'base64'));
exports.fromEnv = (p) => jwt.sign(p, process.env.JWT_SECRET);
exports.rsa = (p) => jwt.sign(p, '-----BEGIN PRIVATE KEY-----\\n…', { algorithm: 'RS256' });
exports.mixed = (t) => jwt.verify(t, 'change-me', { algorithms: ['HS256', 'RS256'] });
exports.unsigned = (p) => jws.sign({ header: { alg: 'none' }, payload: p, secret: 'x' });
function issue(secret) { return jwt.sign({ a: 1 }, secret); }
exports.issued = () => issue('passed-by-a-caller');
`;
  assert.deepEqual(signals(src, 'a.js').map((s) => [s.occurrence.line, s.signal]), [
    [5, 'hardcoded-key'], [6, 'hardcoded-key'], [7, 'hardcoded-key'], [8, 'hardcoded-key'], [12, 'jwt-none-algorithm'],
  ]);
});

test('jws: header.alg of sign, the algorithm of verify; a run-time algorithm is still a JWS in use', () => {
  const src = `
const jws = require('jws');
const jwt = require('jsonwebtoken');
exports.a = (p, k) => jws.sign({ header: { alg: 'PS384' }, payload: p, privateKey: k });
exports.b = (t, k) => jws.verify(t, 'none', k);
exports.c = (t, alg, k) => jws.verify(t, alg, k);
exports.d = (p, k, alg) => jwt.sign(p, k, { algorithm: alg });
`;
  assert.deepEqual(algorithms(src, 'a.js').map((a) => [a.line, a.name, a.library?.name]), [
    [4, 'RSA-PSS-SHA-384', 'jws'], [6, 'unknown-signature-or-mac', 'jws'], [7, 'unknown-signature-or-mac', 'jsonwebtoken'],
  ]);
  assert.deepEqual(signals(src, 'a.js').map((s) => [s.occurrence.line, s.signal]), [[5, 'jwt-none-algorithm']]);
});

test('dynamic imports bind like static ones: members, `default`, the namespace; a local module is not a crypto library', () => {
  const src = `
async function f() {
  const { default: nacl, randomBytes } = await import('tweetnacl');
  const { createHmac: mac } = await import('node:crypto');
  const forge = await import('node-forge');
  const local = await import('./crypto.js');
  nacl.sign.keyPair();
  mac('sha512', key);
  forge.md.sha1.create();
  local.createHash('md5');
}
`;
  assert.deepEqual(names(src), ['Ed25519', 'HMAC-SHA-512', 'SHA-1']);
});

test('after an if or a switch a name holds each value that reaches there; inside a case its own', () => {
  const src = `
import { createHash, createHmac, generateKeyPairSync, createCipheriv } from 'node:crypto';
function digest(kind, data, strong) {
  let hash = 'sha1';
  if (strong) hash = 'sha256';
  createHash(hash).update(data);
  let mac;
  switch (kind) {
    case 'hs256':
      mac = 'sha256';
      createHmac(mac, data);
      break;
    case 'hs512':
      mac = 'sha512';
      break;
    default:
      throw new Error(kind);
  }
  createHmac(mac, data);
  let bits = 2048;
  if (strong) {
    bits = 4096;
  } else {
    bits = 3072;
  }
  generateKeyPairSync('rsa', { modulusLength: bits });
  bits = 3072;
  generateKeyPairSync('rsa', { modulusLength: bits });
}
`;
  const a = algorithms(src, 'a.js');
  assert.deepEqual(a.map((x) => [x.line, x.name]), [
    [6, 'SHA-256'], [6, 'SHA-1'], [11, 'HMAC-SHA-256'], [19, 'HMAC-SHA-256'], [19, 'HMAC-SHA-512'], [26, 'RSA-4096'], [26, 'RSA-3072'], [28, 'RSA-3072'],
  ], 'after the if/switch either value may run (the default case throws; both arms replace 2048); inside the case its own value holds; a later plain assignment wins');
});

test('let/const in a branch die with it, var is set on one path; nested branches, loops and catch join; this.x does not', () => {
  const src = `
const crypto = require('crypto');
const CURVE = 'prime256v1';
class Signer {
  constructor(legacy) {
    this.alg = 'sha256';
    if (legacy) this.alg = 'sha1';
  }
  sign(d) { return crypto.createSign(this.alg).update(d); }
}
function run(opts) {
  let cipher = 'aes-256-gcm';
  if (opts.legacy) {
    const CURVE = 'secp384r1';
    crypto.createECDH(CURVE);
    cipher = 'aes-128-cbc';
    crypto.createCipheriv(cipher, k, iv);
    if (opts.ctr) cipher = 'aes-128-ctr';
    crypto.createCipheriv(cipher, k, iv);
  }
  crypto.createECDH(CURVE);
  var h = 'sha256'; if (opts.v) { var h = 'md5'; }
  crypto.createHash(h);
  let n = 'sha384';
  for (const x of opts.list) n = x;
  crypto.createHash(n);
  let p = 'sha512';
  try { p = pick(); } catch (e) { p = 'sha224'; }
  crypto.createHash(p);
}
`;
  assert.deepEqual(algorithms(src, 'a.js').map((x) => [x.line, x.name]), [
    [9, 'unknown-signature'], [15, 'ECDH-P384'], [17, 'AES-128-CBC'], [19, 'AES-128-CTR'], [19, 'AES-128-CBC'], [21, 'ECDH-P256'],
    [23, 'MD5'], [23, 'SHA-256'], [26, 'unknown-hash'], [26, 'SHA-384'], [29, 'unknown-hash'], [29, 'SHA-224'],
  ], 'a field set in an if stays unknown (fields are not read per path); a nested if, a var in an if, a loop body (the list\'s items or none) and try/catch give each value');
});

test('a signer name built at run time keeps the key type it names; the digest stays unknown', () => {
  const src = `
const crypto = require('crypto');
function run(hashAlgo) {
  crypto.createSign(('rsa-' + hashAlgo).toUpperCase());
  crypto.createVerify(\`ecdsa-\${hashAlgo}\`);
  crypto.createSign(hashAlgo);
  crypto.createSign(hashAlgo + '-rsa');
}
`;
  assert.deepEqual(algorithms(src, 'a.js').map((x) => [x.line, x.name, x.unresolved?.join('+')]), [
    [4, 'RSA-PKCS1-1.5', 'hash+keySize'], [5, 'ECDSA', 'curve+hash'], [6, 'unknown-signature', undefined], [7, 'unknown-signature', undefined],
  ], 'RSA is the PKCS#1 v1.5 signature (not encryption); a name whose key type is unknown stays unknown-signature');
});

test('a name destructured from a crypto object is that member; from a local object it is nothing', () => {
  const src = `
const { subtle } = require('crypto').webcrypto;
const { subtle: web } = globalThis.crypto;
subtle.digest('SHA-384', data);
web.digest('SHA-512', data);
const helpers = { createHash: (s) => s, pbkdf2Sync: () => null };
const { createHash, pbkdf2Sync: stretch } = helpers;
createHash('md5');
stretch('pw', 'salt', 1000, 32, 'sha1');
`;
  assert.deepEqual(algorithms(src, 'a.js').map((x) => [x.line, x.name]), [[4, 'SHA-384'], [5, 'SHA-512']],
    'names destructured from a local object are not crypto APIs');
});

test('the right side of && / || / ?? runs on some paths only: a value assigned there is unknown after it', () => {
  const src = `
const crypto = require('crypto');
function run(opts) {
  let a = 'sha1';
  opts.v2 && (a = 'sha256');
  crypto.createHash(a);
  let b = 'md5';
  opts.legacy || (b = 'sha512');
  crypto.createHash(b);
  let c = 'aes-128-cbc';
  opts.cipher ?? (c = 'aes-256-gcm');
  crypto.createCipheriv(c, k, iv);
  let d = 'sha1';
  (d = 'sha384') || opts.never;
  crypto.createHash(d);
  let e = 'sha1';
  opts.v2 && (e = 'sha256');
  e = 'sha224';
  crypto.createHash(e);
}
`;
  assert.deepEqual(algorithms(src, 'a.js').map((x) => [x.line, x.name]), [
    [6, 'unknown-hash'], [9, 'unknown-hash'], [12, 'unknown-cipher'], [15, 'SHA-384'], [19, 'SHA-224'],
  ], 'the left side always runs (SHA-384), and a later unconditional assignment is certain again (SHA-224)');
});

test('a case that falls through does not see a certain value; the next loop iteration and a catch clause see each', () => {
  const src = `
import { createHash } from 'node:crypto';
function pick(kind, items) {
  let h = 'sha256';
  switch (kind) {
    case 'old':
      h = 'md5';
    case 'mid':
      createHash(h);
      break;
  }
  let d = 'sha384';
  for (const item of items) {
    createHash(d).update(item);
    d = item.next;
  }
  let t = 'sha512';
  try {
    t = 'sha1';
    load();
  } catch (e) {
    createHash(t);
  }
  createHash('sha224');
}
`;
  assert.deepEqual(names(src), ['unknown-hash', 'unknown-hash', 'SHA-384', 'SHA-1', 'SHA-512', 'SHA-224'],
    "md5 may fall into 'mid'; the first iteration hashes with SHA-384, the next with the last one's value; the catch may follow the assignment or not");
});
