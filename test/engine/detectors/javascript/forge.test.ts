// node-forge: message digests wherever they are made, the RSA key objects' operations, certificate and
// CSR signatures with forge's SHA-1 default, password-protected private keys and PKCS#12 files, forge's
// TLS (1.0/1.1 only), static IVs given to `cipher.start`, and the browser global `forge`.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { javascriptDetector } from '../../../../src/engine/detectors/source/javascript/index.js';
import { buildInventory } from '../../../../src/engine/inventory/build.js';
import { evaluateFindings } from '../../../../src/engine/findings/index.js';
import { SKIP_REASONS, type ScanStats } from '../../../../src/engine/inventory/model.js';
import { kb, snippetHelpers } from '../source-helpers.js';

const { algorithms, detect, signals, protocols } = snippetHelpers(javascriptDetector, 'src/pki/issuer.js');
const rows = (source: string, path?: string) =>
  algorithms(source, path).map((a) => [a.line, a.name, a.functions?.join('+') ?? '', a.library?.name ?? '']);
const signalRows = (source: string, path?: string) => signals(source, path).map((s) => [s.occurrence.line, s.signal]);

const stats: ScanStats = {
  filesSeen: 1, filesScanned: 1, bytesScanned: 0, skipped: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as ScanStats['skipped'],
  filesByDetector: {}, truncated: false,
};
const findingRows = (source: string) =>
  evaluateFindings(buildInventory(detect(source), stats, kb)).findings
    .filter((f) => f.ruleId !== 'quantum-vulnerable')
    .map((f) => [f.ruleId, f.assetRef ?? '', f.locations.map((l) => l.line).join(',')])
    .sort();

describe('node-forge message digests', () => {
  it('an md handed to a helper of the file is a digest where it is made; one handed to HMAC or PBKDF2 is read there', () => {
    const source = [
      "const forge = require('node-forge');",
      'function fingerprint(digest, bytes) {',
      '  digest.update(bytes);',
      '  return digest.digest().toHex();',
      '}',
      'const etag = (body) => fingerprint(forge.md.md5.create(), body);', // 6
      'function cookieTag(secret, value) {',
      '  const mac = forge.hmac.create();',
      '  mac.start(forge.md.sha1.create(), secret);', // 9
      '  mac.update(value);',
      '  return mac.digest().toHex();',
      '}',
      'function stretch(pw, salt) {',
      '  return forge.pkcs5.pbkdf2(pw, salt, 310000, 32, forge.md.sha256.create());', // 14
      '}',
      'function namedMac(secret) {',
      '  const h = forge.hmac.create();',
      "  h.start('sha512', secret);", // 18
      '  h.start(null, null);',
      '  return h;',
      '}',
      'module.exports = { etag, cookieTag, stretch, namedMac };',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [6, 'MD5', 'digest', 'node-forge'],
      [9, 'HMAC-SHA-1', 'tag', 'node-forge'],
      [14, 'PBKDF2-SHA-256-310000', 'keyderive', 'node-forge'],
      [18, 'HMAC-SHA-512', 'tag', 'node-forge'],
    ]);
  });
});

describe('node-forge certificates and requests', () => {
  const source = [
    "const forge = require('node-forge');",
    'function selfSigned(cn) {',
    '  const keys = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001 });', // 3
    '  const cert = forge.pki.createCertificate();',
    '  cert.publicKey = keys.publicKey;',
    "  cert.setSubject([{ name: 'commonName', value: cn }]);",
    '  cert.sign(keys.privateKey);', // 7
    '  return cert;',
    '}',
    'function modern(keys) {',
    '  const cert = forge.pki.createCertificate();',
    '  cert.sign(keys.privateKey, forge.md.sha384.create());', // 12
    '  return cert;',
    '}',
    'function request(keys) {',
    '  const csr = forge.pki.createCertificationRequest();',
    '  csr.publicKey = keys.publicKey;',
    '  csr.sign(keys.privateKey, forge.md.sha1.create());', // 18
    '  return csr;',
    '}',
    'function resign(cert, key) {',
    '  cert.sign(key, forge.md.sha256.create());', // 22
    '}',
    'module.exports = { selfSigned, modern, request, resign };',
  ].join('\n');

  it('RSA PKCS#1 v1.5 with the md given (SHA-1 when none is), the key size when the pair is generated in sight', () => {
    assert.deepEqual(rows(source), [
      [3, 'RSA-2048', 'keygen', 'node-forge'],
      [7, 'RSA-PKCS1-1.5-SHA-1-2048', 'sign', 'node-forge'],
      [12, 'RSA-PKCS1-1.5-SHA-384', 'sign', 'node-forge'],
      [18, 'RSA-PKCS1-1.5-SHA-1', 'sign', 'node-forge'],
      // A certificate passed in: the md handed to its sign says it is forge's.
      [22, 'RSA-PKCS1-1.5-SHA-256', 'sign', 'node-forge'],
    ]);
  });

  it('SHA-1 signatures raise weak-hash-in-signature; no weak-hash for the md they consumed', () => {
    assert.deepEqual(findingRows(source), [
      ['weak-hash-in-signature', 'algorithm/rsa-pkcs1-1.5-sha-1', '18'],
      ['weak-hash-in-signature', 'algorithm/rsa-pkcs1-1.5-sha-1-2048', '7'],
    ]);
  });
});

describe('node-forge RSA key objects', () => {
  it('encrypt defaults to PKCS#1 v1.5, RSA-OAEP takes options.md (SHA-1 when left out); sign reads its md', () => {
    const source = [
      "import forge from 'node-forge';",
      'export function wrapKey(pem, secret) {',
      '  const recipient = forge.pki.publicKeyFromPem(pem);',
      '  return recipient.encrypt(secret);', // 4
      '}',
      'export function wrapKeyOaep(pem, secret) {',
      "  return forge.pki.publicKeyFromPem(pem).encrypt(secret, 'RSA-OAEP', { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha1.create() } });", // 7
      '}',
      'export function unwrapKey(pem, blob) {',
      '  const own = forge.pki.privateKeyFromPem(pem);',
      "  return own.decrypt(blob, 'RSA-OAEP');", // 11
      '}',
      'export function receipt(pem, text) {',
      '  const signer = forge.pki.privateKeyFromPem(pem);',
      '  const digest = forge.md.sha256.create();', // 15
      "  digest.update(text, 'utf8');",
      '  return signer.sign(digest);', // 17
      '}',
      'export function check(pem, digestBytes, signature) {',
      '  return forge.pki.publicKeyFromPem(pem).verify(digestBytes, signature);', // 20
      '}',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [4, 'RSA-PKCS1-1.5', 'encrypt', 'node-forge'],
      [7, 'RSA-OAEP-SHA-256', 'encrypt', 'node-forge'],
      [11, 'RSA-OAEP-SHA-1', 'decrypt', 'node-forge'],
      [15, 'SHA-256', 'digest', 'node-forge'],
      [17, 'RSA-PKCS1-1.5-SHA-256', 'sign', 'node-forge'],
      [20, 'RSA-PKCS1-1.5', 'verify', 'node-forge'],
    ]);
    assert.deepEqual(findingRows(source).filter(([rule]) => rule === 'rsa-pkcs1v15-encryption'), [
      ['rsa-pkcs1v15-encryption', 'algorithm/rsa-pkcs1-1.5/rsaes-pkcs1', '4'],
    ]);
  });

  it('a pair generated in the file gives its size; a PSS scheme object gives the padding', () => {
    const source = [
      "const forge = require('node-forge');",
      'function attest(text) {',
      '  const pair = forge.pki.rsa.generateKeyPair(1024);', // 3
      '  const d = forge.md.sha1.create();', // 4
      '  d.update(text);',
      '  const sig = pair.privateKey.sign(d);', // 6
      "  const sealed = pair.publicKey.encrypt('k');", // 7
      '  return { sig, sealed };',
      '}',
      'function attestPss(text) {',
      '  const { privateKey } = forge.pki.rsa.generateKeyPair({ bits: 3072 });', // 11
      '  const md = forge.md.sha256.create();', // 12
      '  md.update(text);',
      '  const pss = forge.pss.create({ md: forge.md.sha256.create(), mgf: forge.mgf.mgf1.create(forge.md.sha256.create()), saltLength: 32 });', // 14
      '  return privateKey.sign(md, pss);', // 15
      '}',
      'module.exports = { attest, attestPss };',
    ].join('\n');
    assert.deepEqual(rows(source).filter(([line]) => line !== 14), [
      [3, 'RSA-1024', 'keygen', 'node-forge'],
      [4, 'SHA-1', 'digest', 'node-forge'],
      [6, 'RSA-PKCS1-1.5-SHA-1-1024', 'sign', 'node-forge'],
      [7, 'RSA-PKCS1-1.5-1024', 'encrypt', 'node-forge'],
      [11, 'RSA-3072', 'keygen', 'node-forge'],
      [12, 'SHA-256', 'digest', 'node-forge'],
      [15, 'RSA-PSS-SHA-256-3072', 'sign', 'node-forge'],
    ]);
    assert.deepEqual(findingRows(source).filter(([rule]) => rule !== 'weak-hash'), [
      ['rsa-pkcs1v15-encryption', 'algorithm/rsa-pkcs1-1.5-1024/rsaes-pkcs1', '7'],
      ['short-key', 'algorithm/rsa-1024', '3'],
      ['short-key', 'algorithm/rsa-pkcs1-1.5-1024/rsaes-pkcs1', '7'],
      ['short-key', 'algorithm/rsa-pkcs1-1.5-sha-1-1024', '6'],
      ['weak-hash-in-signature', 'algorithm/rsa-pkcs1-1.5-sha-1-1024', '6'],
    ]);
  });

  it('sign, encrypt and md objects of anything but forge are not read', () => {
    const source = [
      "const forge = require('node-forge');",
      "const vault = require('./vault');",
      'function seal(data, key) {',
      '  const box = vault.open(key);',
      '  box.encrypt(data);',
      '  box.sign(data);',
      '  const local = { sign: (x) => x };',
      '  local.sign(data, key);',
      '  return forge.util.createBuffer(data).toHex();',
      '}',
      'function later(token, key) {',
      '  token.sign(key, { expiresIn: 60 });',
      '}',
      'module.exports = { seal, later };',
    ].join('\n');
    assert.deepEqual(rows(source), []);
  });
});

describe('node-forge password-protected keys, PKCS#12 and ciphers', () => {
  it('toPkcs12Asn1 and encryptRsaPrivateKey: the algorithm option, else AES-128 with PBKDF2-SHA-1 (2,048 iterations); the PKCS#12 MAC', () => {
    const source = [
      "const forge = require('node-forge');",
      'function bundle(key, chain, password) {',
      "  return forge.pkcs12.toPkcs12Asn1(key, chain, password, { algorithm: '3des' });", // 3
      '}',
      'function bundleDefault(key, chain, password) {',
      '  return forge.pkcs12.toPkcs12Asn1(key, chain, password);', // 6
      '}',
      'function trustOnly(chain) {',
      '  return forge.pkcs12.toPkcs12Asn1(null, chain, null, { useMac: false });', // 9
      '}',
      'function exportKey(key, password) {',
      "  return forge.pki.encryptRsaPrivateKey(key, password, { algorithm: 'aes256', count: 600000, prfAlgorithm: 'sha256' });", // 12
      '}',
      'function exportLegacy(key, password) {',
      "  return forge.pki.encryptRsaPrivateKey(key, password, { legacy: true, algorithm: 'aes128' });", // 15
      '}',
      'module.exports = { bundle, bundleDefault, trustOnly, exportKey, exportLegacy };',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [3, '3DES-168-CBC', 'encrypt', 'node-forge'],
      [3, 'HMAC-SHA-1', 'tag', 'node-forge'],
      [6, 'PBKDF2-SHA-1-2048', 'keyderive', 'node-forge'],
      [6, 'AES-128-CBC', 'encrypt', 'node-forge'],
      [6, 'HMAC-SHA-1', 'tag', 'node-forge'],
      [12, 'PBKDF2-SHA-256-600000', 'keyderive', 'node-forge'],
      [12, 'AES-256-CBC', 'encrypt', 'node-forge'],
      [15, 'EVP_BytesToKey-MD5', 'keyderive', 'node-forge'],
      [15, 'AES-128-CBC', 'encrypt', 'node-forge'],
    ]);
    assert.deepEqual(algorithms(source).find((a) => a.line === 6 && a.name.startsWith('PBKDF2'))?.params, { hash: 'SHA-1', iterations: 2048, outputLength: 128 });
  });

  it('a constant IV given to start is static; a random one, or ECB, is not; AES size from pbkdf2(…, 32); a digest name for PBKDF2', () => {
    const source = [
      "const forge = require('node-forge');",
      'function seal(passphrase, salt, plaintext) {',
      "  const key = forge.pkcs5.pbkdf2(passphrase, salt, 600000, 32, 'sha512');", // 3
      "  const c = forge.cipher.createCipher('AES-GCM', key);", // 4
      '  c.start({ iv: forge.random.getBytesSync(12) });',
      '  c.update(forge.util.createBuffer(plaintext));',
      '  return c.finish();',
      '}',
      'function legacy(plaintext) {',
      "  const c = forge.cipher.createCipher('3DES-CBC', forge.random.getBytes(24));", // 10
      "  c.start({ iv: '12345678' });", // 11
      "  const e = forge.cipher.createCipher('AES-ECB', forge.random.getBytes(16));", // 12
      "  e.start({ iv: '0000000000000000' });",
      '  return [c, e];',
      '}',
      'module.exports = { seal, legacy };',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [3, 'PBKDF2-SHA-512-600000', 'keyderive', 'node-forge'],
      [4, 'AES-256-GCM', 'encrypt', 'node-forge'],
      [10, '3DES-168-CBC', 'encrypt', 'node-forge'],
      [12, 'AES-128-ECB', 'encrypt', 'node-forge'],
    ]);
    assert.deepEqual(signalRows(source), [[11, 'static-iv']]);
    assert.equal(signals(source)[0]!.related?.spelling, '3DES');
  });
});

describe('node-forge TLS', () => {
  it('forge TLS is TLS 1.0/1.1: the suites asked for (both of forge\'s by default), and a verify callback returning true', () => {
    const source = [
      "const forge = require('node-forge');",
      'function tunnel(caStore) {',
      '  return forge.tls.createConnection({', // 3
      '    server: false,',
      '    caStore,',
      '    cipherSuites: [forge.tls.CipherSuites.TLS_RSA_WITH_AES_128_CBC_SHA],',
      '    verify: function (conn, verified, depth, certs) { return true; },', // 7
      '  });',
      '}',
      'function checked(caStore) {',
      '  return forge.tls.createConnection({ caStore, verify: (conn, verified) => verified });', // 11
      '}',
      'module.exports = { tunnel, checked };',
    ].join('\n');
    assert.deepEqual(protocols(source).map((p) => [p.occurrence.line, p.protocol.version, p.protocol.cipherSuites]), [
      [3, '1.0', ['TLS_RSA_WITH_AES_128_CBC_SHA']],
      [11, '1.0', ['TLS_RSA_WITH_AES_128_CBC_SHA', 'TLS_RSA_WITH_AES_256_CBC_SHA']],
    ]);
    assert.deepEqual(signalRows(source), [[3, 'insecure-protocol-version'], [7, 'cert-verification-disabled'], [11, 'insecure-protocol-version']]);
    const rules = findingRows(source).map(([rule, , lines]) => `${rule} ${lines}`);
    assert.ok(rules.includes('cert-verification-disabled 7'));
    assert.ok(rules.includes('legacy-protocol-version 3'));
    assert.ok(rules.includes('legacy-protocol-version 11'));
  });
});

describe('node-forge as a browser global', () => {
  it('the global `forge` (a <script> bundle) and `var forge = window.forge` are node-forge', () => {
    const page = [
      '// after <script src="forge.min.js">',
      'function deviceKey(done) {',
      '  forge.pki.rsa.generateKeyPair({ bits: 1024, workers: -1 }, function (err, pair) { done(pair); });', // 3
      '}',
      'function short(text) {',
      '  return forge.md.md5.create().update(text).digest().toHex();', // 6
      '}',
    ].join('\n');
    assert.deepEqual(rows(page, 'web/static/device.js'), [
      [3, 'RSA-1024', 'keygen', 'node-forge'],
      [6, 'MD5', 'digest', 'node-forge'],
    ]);
    const aliased = [
      'jQuery(function ($) {',
      '  var forge = window.forge;',
      "  $('#go').click(function () { forge.pkcs5.pbkdf2($('#pw').val(), 'pepper', 1000, 16); });", // 3
      '});',
    ].join('\n');
    assert.deepEqual(rows(aliased, 'web/static/login.js'), [[3, 'PBKDF2-SHA-1-1000', 'keyderive', 'node-forge']]);
    assert.deepEqual(rows('declare const forge: any;\nexport const k = () => forge.pki.rsa.generateKeyPair(4096);\n', 'src/keys.ts'), [[2, 'RSA-4096', 'keygen', 'node-forge']]);
  });

  it('a `forge` the file defines or imports from elsewhere is not node-forge', () => {
    const own = ['function forge(spec) { return spec; }', 'forge.md = {};', 'var h = forge.md.md5.create();'].join('\n');
    assert.deepEqual(rows(own, 'web/static/forge-shim.js'), []);
    const other = ["import forge from './forge';", 'export const k = forge.pki.rsa.generateKeyPair(1024);'].join('\n');
    assert.deepEqual(rows(other, 'src/keys.js'), []);
  });
});
