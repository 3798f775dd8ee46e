// crypto-js: the browser global `CryptoJS` (no import), aliases of it in options, the
// lower-level encryptors, EvpKDF, Blowfish, and the EvpKDF behind a passphrase.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, signals } from './helpers.js';

const named = (src: string, path?: string): Array<[number, string]> => algorithms(src, path).map((a) => [a.line, a.name]);

test('the global CryptoJS of a <script> page is crypto-js, also through an alias and in its options', () => {
  const src = `
var C = CryptoJS;
function sealLegacy(block, keyHex) {
  return C.AES.encrypt(block, C.enc.Hex.parse(keyHex), { mode: C.mode.ECB, padding: C.pad.NoPadding });
}
function checksum(text) { return CryptoJS.MD5(text).toString(); }
function sealDirect(block, keyHex) {
  return CryptoJS.AES.encrypt(block, CryptoJS.enc.Hex.parse(keyHex), { mode: CryptoJS.mode.ECB });
}
`;
  const a = algorithms(src, 'public/js/legacy.js');
  assert.deepEqual(a.map((x) => [x.line, x.name, x.params.mode, x.params.padding]), [
    [4, 'AES-ECB', 'ECB', 'NoPadding'],
    [6, 'MD5', undefined, undefined],
    [8, 'AES-ECB-PKCS7', 'ECB', 'PKCS7'],
  ]);
  assert.equal(a[0]!.library?.name, 'crypto-js');
});

test('an imported alias keeps mode and padding in the options', () => {
  const src = `
import CryptoJS from 'crypto-js';
const C = CryptoJS;
export const seal = (msg, key) => C.AES.encrypt(msg, key, { mode: C.mode.ECB, padding: C.pad.NoPadding });
`;
  assert.deepEqual(algorithms(src).map((x) => [x.params.mode, x.params.padding]), [['ECB', 'NoPadding']]);
});

test('a file that declares or receives its own CryptoJS is not the global', () => {
  const own = `
const CryptoJS = { AES: { encrypt: (m) => m } };
export const a = CryptoJS.AES.encrypt('message', 'not a key');
`;
  const param = `
export function wrap(CryptoJS) { return CryptoJS.MD5('x'); }
`;
  const declared = `
function CryptoJS() {}
CryptoJS.MD5 = (x) => x;
CryptoJS.MD5('x');
`;
  assert.deepEqual(named(own, 'src/fake.js'), []);
  assert.deepEqual(signals(own, 'src/fake.js'), []);
  assert.deepEqual(named(param, 'src/param.js'), []);
  assert.deepEqual(named(declared, 'src/declared.js'), []);
});

test('a TypeScript ambient declaration of CryptoJS still names the global', () => {
  const src = `
declare const CryptoJS: any;
export const digest = (s: string): string => CryptoJS.SHA256(s).toString();
`;
  assert.deepEqual(named(src, 'src/digest.ts'), [[3, 'SHA-256']]);
});

test('algo.<Cipher>.createEncryptor/createDecryptor read the key and options as the helpers do', () => {
  const src = `
const CryptoJS = require('crypto-js');
const key = CryptoJS.lib.WordArray.random(16);
const enc = CryptoJS.algo.AES.createEncryptor(key, { mode: CryptoJS.mode.ECB, padding: CryptoJS.pad.NoPadding });
const dec = CryptoJS.algo.TripleDES.createDecryptor(key, { iv: ivFromHeader() });
const stream = CryptoJS.algo.RC4.createEncryptor(key);
`;
  const a = algorithms(src);
  assert.deepEqual(a.map((x) => [x.line, x.name, x.functions]), [
    [4, 'AES-128-ECB', ['encrypt']],
    [5, '3DES-168-CBC-PKCS7', ['decrypt']],
    [6, 'RC4', ['encrypt']],
  ]);
  assert.deepEqual(signals(src), []);
});

test('EvpKDF is EVP_BytesToKey with MD5 and one iteration unless the options say otherwise', () => {
  const src = `
const CryptoJS = require('crypto-js');
const a = CryptoJS.EvpKDF(password, salt);
const b = CryptoJS.EvpKDF(password, salt, { keySize: 8, hasher: CryptoJS.algo.SHA256, iterations: 1000 });
const c = CryptoJS.algo.EvpKDF.create({ keySize: 12 }).compute(password, salt);
const d = CryptoJS.EvpKDF(password, salt, opts);
`;
  const a = algorithms(src);
  assert.deepEqual(a.map((x) => [x.line, x.name, x.params.iterations, x.params.outputLength]), [
    [3, 'EVP_BytesToKey-MD5', 1, 128],
    [4, 'EVP_BytesToKey-SHA-256', 1000, 256],
    [5, 'EVP_BytesToKey-MD5', 1, 384],
    [6, 'EVP_BytesToKey', undefined, undefined],
  ]);
});

test('a passphrase derives the key with EvpKDF (MD5, one iteration); a key, or a kdf of its own, does not', () => {
  const src = `
const CryptoJS = require('crypto-js');
const key = CryptoJS.enc.Hex.parse(process.env.KEY_HEX);
CryptoJS.AES.encrypt(message, 'correct horse battery staple');
CryptoJS.AES.encrypt(message, key, { iv });
CryptoJS.Blowfish.encrypt(message, 'pass', { hasher: CryptoJS.algo.SHA256 });
CryptoJS.AES.encrypt(message, 'pass', { kdf: customKdf });
`;
  assert.deepEqual(named(src), [
    [4, 'AES-256-CBC-PKCS7'], [4, 'EVP_BytesToKey-MD5'],
    [5, 'AES-CBC-PKCS7'],
    [6, 'Blowfish-CBC-PKCS7'], [6, 'EVP_BytesToKey-SHA-256'],
    [7, 'AES-256-CBC-PKCS7'],
  ]);
  assert.equal(algorithms(src)[3]!.params.keySize, 128, 'Blowfish derives a 128-bit key');
});

test('crypto-js/blowfish imported alone is Blowfish', () => {
  const src = `
import Blowfish from 'crypto-js/blowfish';
import Hex from 'crypto-js/enc-hex';
export const seal = (m, k) => Blowfish.encrypt(m, k);
`;
  assert.deepEqual(named(src), [[4, 'Blowfish-CBC-PKCS7']]);
});

test('window.CryptoJS is the same global', () => {
  const src = `
export function fingerprint(text) { return window.CryptoJS.SHA1(text).toString(); }
export const seal = (m, k) => window.CryptoJS.AES.encrypt(m, k, { mode: window.CryptoJS.mode.ECB });
`;
  assert.deepEqual(named(src, 'static/app.js'), [[2, 'SHA-1'], [3, 'AES-ECB-PKCS7']]);
});

test('a name bound to window.CryptoJS is the global, whatever the file calls it', () => {
  const src = `
(function () {
  var CryptoJS = window.CryptoJS;
  var C = self.CryptoJS;
  window.checksum = function (text) { return CryptoJS.MD5(text).toString() + C.SHA256(text); };
})();
`;
  assert.deepEqual(named(src, 'static/legacy.js'), [[5, 'MD5'], [5, 'SHA-256']]);
});
