// Values a JS/TS helper's parameters receive from the file's own calls (javascript/call-sites.ts with
// the shared Evaluator.eachCase): one use per call site with all its arguments together; exported or
// escaping functions and public methods keep the unknown case of other callers; defaults, `this.`
// methods, `#private` and TypeScript `private` methods, constructors; recursion and spreads left out.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, protocols, signals } from './helpers.js';

// Two calls passing the same value are two runs with one result: the inventory merges them, so do the rows.
const rows = (source: string, path = 'src/export/keys.ts') => [...new Set(algorithms(source, path).map((a) => `${a.line} ${a.name}`))];

describe('JavaScript/TypeScript: values passed by the file\'s own calls', () => {
  it('takes every argument of one call together; a module function nobody else can call has no unknown case', () => {
    const source = [
      "import { pbkdf2Sync } from 'node:crypto';",
      'function derive(password: string, salt: Buffer, iterations: number, digest: string) {',
      '  return pbkdf2Sync(password, salt, iterations, 32, digest);', // 3
      '}',
      'export const current = (pw: string, salt: Buffer) => derive(pw, salt, 600000, "sha256");',
      'export const legacy = (pw: string, salt: Buffer) => derive(pw, salt, 1000, "sha1");',
    ].join('\n');
    // Never SHA-256 with 1,000 iterations: iterations and digest of one call go together.
    assert.deepEqual(rows(source), ['3 PBKDF2-SHA-256-600000', '5 PBKDF2-SHA-256-600000', '3 PBKDF2-SHA-1-1000', '6 PBKDF2-SHA-1-1000']);
  });

  it('an exported function, or one whose name escapes, keeps the unknown case of other callers', () => {
    const exported = [
      "import { createHash } from 'node:crypto';",
      'export function fingerprint(data: string, alg: string) {',
      '  return createHash(alg).update(data).digest("hex");', // 3
      '}',
      'export const sri = (d: string) => fingerprint(d, "sha384");',
    ].join('\n');
    assert.deepEqual(rows(exported), ['3 SHA-384', '5 SHA-384', '3 unknown-hash']);
    const commonjs = [
      "const crypto = require('crypto');",
      'function fingerprint(data, alg) { return crypto.createHash(alg).update(data).digest("hex"); }', // 2
      'const etag = (d) => fingerprint(d, "md5");',
      'module.exports = { fingerprint, etag };',
    ].join('\n');
    assert.deepEqual(rows(commonjs, 'lib/hash.js'), ['2 MD5', '3 MD5', '2 unknown-hash']);
    const callback = [
      "import { createHash } from 'node:crypto';",
      'const hashWith = (alg: string) => createHash(alg);', // 2
      'const a = hashWith("sha256");',
      'const algs = ["sha1"].map(hashWith);',
    ].join('\n');
    assert.deepEqual(rows(callback), ['2 SHA-256', '3 SHA-256', '2 unknown-hash']);
  });

  it('defaults stand for left-out and `undefined` arguments; an unparenthesised arrow parameter is a parameter', () => {
    const source = [
      "import { createHash } from 'node:crypto';",
      "const alg = 'md5';",
      "const digest = (data: string, name = 'sha256') => createHash(name).update(data).digest();", // 3
      'const a = digest("a");',
      'const b = digest("b", undefined);',
      'const c = digest("c", "sha512");',
      'const keyed = name => createHash(name);', // 7
      'const d = keyed("sha1");',
      'const e = [1].map(alg => createHash(alg));', // 9: not the module's `alg`
    ].join('\n');
    assert.deepEqual(rows(source), ['3 SHA-256', '3 SHA-512', '6 SHA-512', '7 SHA-1', '8 SHA-1', '9 unknown-hash']);
  });

  it('methods: `this.` calls of their class, private ones closed, a same-named method of another class not feeding', () => {
    const source = [
      "import { createHash, generateKeyPairSync } from 'node:crypto';",
      'export class Signer {',
      '  private keys(bits: number) {',
      "    return generateKeyPairSync('rsa', { modulusLength: bits });", // 4
      '  }',
      '  #hash(alg: string) { return createHash(alg); }', // 6
      '  digest(alg: string) { return createHash(alg); }', // 7
      '  rotate() { return [this.keys(3072), this.#hash("sha384"), this.digest("sha256")]; }',
      '  later = () => this.keys(4096);',
      '}',
      'class Labels {',
      '  digest(alg: string) { return alg.toUpperCase(); }',
      '  title() { return this.digest("md5"); }',
      '}',
      'export const l = new Labels();',
    ].join('\n');
    assert.deepEqual(rows(source), ['4 RSA-3072', '8 RSA-3072', '4 RSA-4096', '9 RSA-4096', '6 SHA-384', '8 SHA-384', '7 SHA-256', '8 SHA-256', '7 unknown-hash']);
  });

  it('a constructor is called by `new`; its parameter reaches the methods through `this.x`', () => {
    const source = [
      "import { createCipheriv, randomBytes } from 'node:crypto';",
      'class Box {',
      '  constructor(algorithm) { this.algorithm = algorithm; }',
      '  seal(key, data) { return createCipheriv(this.algorithm, key, randomBytes(12)).update(data); }', // 4
      '}',
      "export const archive = new Box('aes-256-gcm');",
      "export const legacy = new Box('aes-128-cbc');",
    ].join('\n');
    assert.deepEqual(rows(source, 'lib/box.mjs'), ['4 AES-256-GCM', '6 AES-256-GCM', '4 AES-128-CBC', '7 AES-128-CBC']);
  });

  it('leaves out recursion and spreads; reads a destructured option; a script\'s functions are globals', () => {
    const source = [
      "import { createHash } from 'node:crypto';",
      'function chain(data: string, alg: string, rounds: number): Buffer {',
      '  const h = createHash(alg).update(data).digest();', // 3
      '  return rounds > 1 ? chain(h.toString("hex"), alg, rounds - 1) : h;',
      '}',
      'function pick({ alg }: { alg: string }) { return createHash(alg); }', // 6
      'const args: [string, string, number] = ["x", "sha1", 2];',
      'export const a = [chain("x", "sha256", 3), chain(...args), pick({ alg: "md5" })];',
    ].join('\n');
    assert.deepEqual(rows(source), ['3 SHA-256', '8 SHA-256', '3 unknown-hash', '6 MD5', '8 MD5']);
    const script = [
      'async function digest(alg, data) { return crypto.subtle.digest(alg, data); }', // 1
      'digest("SHA-256", new Uint8Array(4));',
    ].join('\n');
    assert.deepEqual(rows(script, 'public/app.js'), ['1 SHA-256', '2 SHA-256', '1 unknown-hash']);
  });

  it('a key\'s length comes from a caller, never a hard-coded-key signal at the helper; TLS options take callers\' versions', () => {
    const key = [
      "import { createCipheriv, randomBytes } from 'node:crypto';",
      "const seal = (key: Buffer) => createCipheriv('aes-256-gcm', key, randomBytes(12));",
      "export const demo = () => seal(Buffer.from('0123456789abcdef0123456789abcdef'));",
    ].join('\n');
    // The call passes only the key, which the secret check reads without call sites: the algorithm is
    // the helper's, so it is reported there alone.
    assert.deepEqual(rows(key), ['2 AES-256-GCM']);
    assert.deepEqual(signals(key).map((s) => s.signal), []);
    // Strings too: a key or IV passed as text is written at the caller, not at the helper.
    const text = [
      "import { createCipheriv } from 'node:crypto';",
      "const open = (key: string, iv: string) => createCipheriv('aes-128-cbc', key, iv);",
      "export const demo = () => open('0123456789abcdef', 'fedcba9876543210');",
    ].join('\n');
    assert.deepEqual(rows(text), ['2 AES-128-CBC', '3 AES-128-CBC']);
    assert.deepEqual(signals(text).map((s) => s.signal), []);
    const tlsOptions = [
      "import tls from 'node:tls';",
      "function connect(host: string, min: tls.SecureVersion) { return tls.connect({ host, port: 443, minVersion: min }); }", // 2
      "export const modern = () => connect('a.example', 'TLSv1.3');",
      "export const old = () => connect('b.example', 'TLSv1');",
    ].join('\n');
    assert.deepEqual(protocols(tlsOptions).map((p) => `${p.occurrence.line} ${p.protocol.version}`), ['2 1.3', '2 1.0']);
    assert.deepEqual(signals(tlsOptions).map((s) => `${s.occurrence.line} ${s.signal}`), ['2 insecure-protocol-version']);
  });

  it('an options object: each property from the object literal a call passes, else the pattern\'s or the object\'s default', () => {
    const source = [
      "import { pbkdf2Sync, createHash } from 'node:crypto';",
      'function derive(pw: string, salt: Buffer, { iterations = 600000, digest = "sha512" }: { iterations?: number; digest?: string } = {}) {',
      '  return pbkdf2Sync(pw, salt, iterations, 32, digest);', // 3
      '}',
      'export const weak = (pw: string, s: Buffer) => derive(pw, s, { iterations: 1000 });', // 5
      'export const strong = (pw: string, s: Buffer) => derive(pw, s);',
      'function hash(data: string, { algorithm: alg = "sha256" } = { algorithm: "sha384" }) { return createHash(alg).update(data); }', // 7
      'export const h = [hash("a", { algorithm: "md5" }), hash("b"), hash("c", { ...defaults }), hash("d", settings)];', // 8
    ].join('\n');
    assert.deepEqual(rows(source), [
      // The weak call is where 1,000 iterations are chosen, not the default digest's declaration.
      '3 PBKDF2-SHA-512-1000', '5 PBKDF2-SHA-512-1000',
      '3 PBKDF2-SHA-512-600000', '2 PBKDF2-SHA-512-600000',
      // A spread, or an object held in a variable, may set anything: unknown.
      '7 MD5', '8 MD5', '7 SHA-384', '7 unknown-hash',
    ]);
  });

  it('a same-file function\'s return value; a public method\'s plus an override\'s unknown case', () => {
    const source = [
      "const crypto = require('crypto');",
      "function algorithm() { return 'aes-256-cbc'; }",
      "const hashName = () => 'md5';",
      'class Vault {',
      "  cipherName() { return 'des-ede3-cbc'; }",
      '  #mac() { return "sha1"; }',
      '  seal(key, iv) { return crypto.createCipheriv(this.cipherName(), key, iv); }', // 7
      '  tag(key) { return crypto.createHmac(this.#mac(), key); }', // 8
      '}',
      'const enc = (key, iv) => crypto.createCipheriv(algorithm(), key, iv);', // 10
      'const h = (d) => crypto.createHash(hashName()).update(d);', // 11
      'module.exports = { Vault, enc, h };',
    ].join('\n');
    assert.deepEqual(rows(source, 'lib/vault.js'), ['7 3DES-168-CBC', '7 unknown-cipher', '8 HMAC-SHA-1', '10 AES-256-CBC', '11 MD5']);
  });

  it('`a || b`, `a ?? b` and `c ? a : b`: a use of each value the expression can take', () => {
    const source = [
      "const crypto = require('crypto');",
      'class Box {',
      '  constructor(opts = {}) {',
      "    this.algorithm = opts.algorithm || 'aes-128-ecb';",
      '    this.bits = opts.bits ?? 2048;',
      '  }',
      '  open(key, iv) { return crypto.createDecipheriv(this.algorithm, key, iv); }', // 7
      "  pair() { return crypto.generateKeyPairSync('rsa', { modulusLength: this.bits }); }", // 8
      '}',
      "const digest = (fast) => crypto.createHash(fast ? 'md5' : 'sha256');", // 10
      "const sign = (o = {}) => crypto.createSign(('rsa-' + (o.hash || 'sha1')).toUpperCase());", // 11
      'module.exports = { Box, digest, sign };',
    ].join('\n');
    assert.deepEqual(rows(source, 'lib/box.js'), [
      '7 unknown-cipher', '7 AES-128-ECB', '8 RSA', '8 RSA-2048', '10 MD5', '10 SHA-256', '11 RSA-PKCS1-1.5', '11 RSA-PKCS1-1.5-SHA-1',
    ]);
  });

  it('a WebCrypto algorithm object reaches a helper through its parameter, a default or a destructured option (in the list or the body): one case per call', () => {
    const source = [
      "import { webcrypto } from 'node:crypto';",
      "const DEFAULT_EC = { name: 'ECDSA', namedCurve: 'P-256' };",
      'async function keys(algorithm = DEFAULT_EC) {',
      "  return webcrypto.subtle.generateKey(algorithm, false, ['sign', 'verify']);", // 4
      '}',
      'async function options({ keyAlgorithm = DEFAULT_EC }) {',
      "  return webcrypto.subtle.generateKey(keyAlgorithm, false, ['sign', 'verify']);", // 7
      '}',
      'export async function all() {',
      "  await keys({ name: 'ECDSA', namedCurve: 'P-521' });",
      '  await keys();',
      '  await options({});',
      "  await options({ keyAlgorithm: { name: 'RSASSA-PKCS1-v1_5', modulusLength: 3072, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' } });",
      '}',
      'export async function external(alg) {',
      "  return webcrypto.subtle.generateKey(alg, false, ['sign']);", // 16
      '}',
      'async function body(opts = {}) {',
      '  const { keyAlgorithm = DEFAULT_EC, extractable } = opts;',
      "  return webcrypto.subtle.generateKey(keyAlgorithm, extractable, ['sign']);", // 20
      '}',
      "body({ keyAlgorithm: { name: 'ECDSA', namedCurve: 'P-384' } });",
      'body();',
      'async function shadow(keyAlgorithm) {',
      '  const { keyAlgorithm: alg = DEFAULT_EC } = window.settings;',
      "  return webcrypto.subtle.generateKey(alg, false, ['sign']);", // 26
      '}',
      "shadow({ name: 'AES-GCM', length: 128 });",
    ].join('\n');
    const rows = [...new Set(algorithms(source).map((a) => `${a.line} ${a.name}`))].filter((r) => /^(4|7|16|20|26) /.test(r)).sort();
    // Line 20: destructured in the body from the options parameter, as in the parameter list; line 26:
    // from an object the file does not show, the name is unknown (never the parameter it shadows).
    assert.deepEqual(rows, [
      '16 unknown-key-generator', '20 ECDSA-P256', '20 ECDSA-P384', '26 unknown-key-generator', '4 ECDSA-P256', '4 ECDSA-P521', '7 ECDSA-P256', '7 RSA-PKCS1-1.5-SHA-256-3072',
    ]);
  });
});
