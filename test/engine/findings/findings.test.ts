// Every rule firing where it must and staying silent where it must not, on inventories built the way
// a scan builds them (detections -> buildInventory).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildInventory } from '../../../src/engine/inventory/build.js';
import { evaluateFindings, RULES } from '../../../src/engine/findings/index.js';
import { getKnowledgeBase } from '../../../src/engine/kb/index.js';
import {
  SKIP_REASONS, type AlgorithmParams, type CertificateFacts, type Detection, type Finding, type MaterialFacts, type Occurrence,
  type ProtocolFacts, type ScanStats, type SignalType,
} from '../../../src/engine/inventory/model.js';

const kb = getKnowledgeBase();
const stats: ScanStats = {
  filesSeen: 1, filesScanned: 1, bytesScanned: 100, skipped: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as ScanStats['skipped'],
  filesByDetector: {}, truncated: false,
};
let line = 0;
function occ(path = 'src/App.java'): Occurrence {
  line += 1;
  return { path, line, column: 9, symbol: 'call', snippet: 'call(...)', detector: 'test' };
}
const alg = (spelling: string, params: AlgorithmParams = {}): Detection => ({ type: 'algorithm', spelling, params, occurrence: occ() });
const sig = (signal: SignalType, detail: string): Detection => ({ type: 'signal', signal, detail, occurrence: occ('src/client.ts') });
const proto = (protocol: ProtocolFacts): Detection => ({ type: 'protocol', protocol, occurrence: occ('deploy/nginx.conf') });
const material = (m: MaterialFacts): Detection => ({ type: 'material', material: m, occurrence: occ('keys/id.pem') });
function cert(notBefore: string, notAfter: string, fp: string): Detection {
  const c: CertificateFacts = {
    subject: `CN=${fp.slice(0, 4)}.acme.test`, issuer: 'CN=Acme CA', serialNumber: fp.slice(0, 6), notBefore, notAfter,
    signatureAlgorithm: { spelling: 'sha256WithRSAEncryption', params: {} }, publicKeyAlgorithm: { spelling: 'rsaEncryption', params: { keySize: 3072 } },
    fingerprintSha256: fp.padEnd(64, '0'), encoding: 'PEM',
  };
  return { type: 'certificate', certificate: c, occurrence: occ('certs/server.crt') };
}

function run(detections: Detection[], asOf?: string) {
  return evaluateFindings(buildInventory(detections, stats, kb), asOf === undefined ? {} : { asOf });
}
function of(findings: Finding[], ruleId: string): Finding[] {
  return findings.filter((f) => f.ruleId === ruleId);
}
function only(detections: Detection[], ruleId: string, asOf?: string): Finding[] {
  return of(run(detections, asOf).findings, ruleId);
}

test('weak-hash: MD5 and SHA-1 fire, SHA-256 and SHA3-256 do not', () => {
  const f = only([alg('MD5'), alg('hashlib.sha1'), alg('SHA-256'), alg('SHA3-256')], 'weak-hash');
  assert.deepEqual(f.map((x) => [x.assetRef, x.severity]), [['algorithm/md5', 'high'], ['algorithm/sha-1', 'medium']]);
  assert.match(f[0]!.remediation, /SHA-256/);
  assert.equal(f[0]!.locations.length, 1);
});

test('weak-hash-in-signature: SHA1withRSA fires, SHA256withRSA does not', () => {
  const f = only([alg('SHA1withRSA'), alg('SHA256withRSA'), alg('MD5withRSA')], 'weak-hash-in-signature');
  assert.deepEqual(f.map((x) => x.assetRef), ['algorithm/rsa-pkcs1-1.5-md5', 'algorithm/rsa-pkcs1-1.5-sha-1']);
});

test('weak-cipher: DES/RC4 high, 3DES/Blowfish medium, AES-GCM and ChaCha20 nothing', () => {
  const f = only([alg('DES/CBC/PKCS5Padding'), alg('RC4'), alg('DESede'), alg('Blowfish'), alg('aes-256-gcm'), alg('ChaCha20-Poly1305')], 'weak-cipher');
  assert.deepEqual(f.map((x) => [x.assetRef, x.severity]).sort(), [
    ['algorithm/3des-168', 'medium'], ['algorithm/blowfish', 'medium'], ['algorithm/des-cbc-pkcs5', 'high'], ['algorithm/rc4', 'high'],
  ]);
});

test('ecb-mode: AES/ECB fires, AES-256-GCM and RSA/ECB/... do not', () => {
  const f = only([alg('AES/ECB/PKCS5Padding'), alg('aes-256-gcm'), alg('RSA/ECB/OAEPWithSHA-256AndMGF1Padding'), alg('AES', { keySize: 128, mode: 'CBC' })], 'ecb-mode');
  assert.deepEqual(f.map((x) => x.assetRef), ['algorithm/aes-ecb-pkcs5']);
  assert.equal(f[0]!.severity, 'high');
});

test('short-key: RSA/DH below 2048 fire (512 critical), 2048+ do not', () => {
  const f = only([alg('RSA', { keySize: 1024 }), alg('RSA', { keySize: 512 }), alg('modp1024'), alg('DSA', { keySize: 1024 }),
    alg('RSA', { keySize: 2048 }), alg('RSA', { keySize: 4096 }), alg('ffdhe2048'), alg('RSA')], 'short-key');
  assert.deepEqual(f.map((x) => [x.assetRef, x.severity]), [
    ['algorithm/rsa-512', 'critical'], ['algorithm/dsa-1024', 'high'], ['algorithm/ffdhe-modp1024', 'high'], ['algorithm/rsa-1024', 'high'],
  ]);
});

test('RSA-4096: no short-key finding but a quantum finding', () => {
  const { findings } = run([alg('RSA', { keySize: 4096 })]);
  assert.deepEqual(findings.map((f) => f.ruleId), ['quantum-vulnerable']);
  assert.equal(findings[0]!.severity, 'medium');
  assert.match(findings[0]!.remediation, /ML-KEM-768/);
  assert.match(findings[0]!.remediation, /X25519MLKEM768/);
});

test('small-curve: P-192 fires, P-224, P-256 and X25519 do not', () => {
  const f = only([alg('ECDSA', { curve: 'secp192r1' }), alg('ECDSA', { curve: 'secp224r1' }), alg('prime256v1'), alg('X25519')], 'small-curve');
  assert.deepEqual(f.map((x) => x.assetRef), ['algorithm/ecdsa-p192']);
});

test('small-curve: every knowledge-base curve under 224 bits fires, by any of its names; secp224k1 and K-233 do not', () => {
  const small = kb.curves.filter((c) => c.bits < 224);
  assert.ok(small.length >= 30, `${small.length} small curves`);
  const f = only(small.map((c) => alg('ECDSA', { curve: c.name })), 'small-curve');
  assert.equal(f.length, small.length);
  for (const x of f) assert.equal(x.severity, 'high');
  assert.match(only([alg('ECDSA', { curve: 'K-163' })], 'small-curve')[0]!.detail, /sect163k1 has a 163-bit field \(about 80-bit security\)/);
  assert.equal(only([alg('ECDH', { curve: 'secp112r1' })], 'small-curve').length, 1);
  assert.deepEqual(only([alg('ECDSA', { curve: 'secp224k1' }), alg('ECDSA', { curve: 'K-233' }), alg('ECDSA', { curve: 'brainpoolP256t1' })], 'small-curve'), []);
});

test('rsa-pkcs1v15-encryption: RSA/ECB/PKCS1Padding fires, OAEP and PKCS#1 v1.5 signatures do not', () => {
  const f = only([alg('RSA/ECB/PKCS1Padding', { keySize: 2048 }), alg('RSA/ECB/OAEPWithSHA-256AndMGF1Padding'), alg('SHA256withRSA')], 'rsa-pkcs1v15-encryption');
  assert.deepEqual(f.map((x) => x.assetRef), ['algorithm/rsa-pkcs1-1.5-2048/rsaes-pkcs1']);
  // As detectors report signatures: RSA with PKCS#1 v1.5 padding and a hash (JWT RS256, RSA-SHA256, Go SignPKCS1v15).
  assert.deepEqual(only([alg('RSA', { padding: 'PKCS1v15', hash: 'SHA-256' }), alg('RS256'), alg('RSASSA-PKCS1-v1_5')], 'rsa-pkcs1v15-encryption'), []);
});

test('pbkdf2-low-iterations: OWASP 2023 thresholds per PRF', () => {
  const f = only([
    alg('PBKDF2WithHmacSHA256', { iterations: 1000 }), // far below 600,000: high
    alg('PBKDF2WithHmacSHA256', { iterations: 600_000 }), // exactly the guidance: fine
    alg('PBKDF2WithHmacSHA1', { iterations: 1_000_000 }), // SHA-1 needs 1,300,000: medium
    alg('PBKDF2WithHmacSHA512', { iterations: 210_000 }), // fine
    alg('PBKDF2', { iterations: 300_000 }), // PRF unknown, above the lowest threshold: not judged
    alg('PBKDF2', { iterations: 100_000 }), // PRF unknown but below every threshold
    alg('PBKDF2WithHmacSHA256'), // iterations unknown
  ], 'pbkdf2-low-iterations');
  assert.deepEqual(f.map((x) => [x.assetRef, x.severity]), [
    ['algorithm/pbkdf2-sha-256-1000', 'high'], ['algorithm/pbkdf2-sha-1-1000000', 'medium'], ['algorithm/pbkdf2/iterations-100000', 'medium'],
  ]);
});

test('legacy-password-kdf: PBKDF1 and EVP_BytesToKey, high under 10,000 iterations; PBKDF2 and scrypt stay silent', () => {
  const f = only([
    alg('EVP_BytesToKey', { hash: 'MD5', iterations: 1 }), // crypto-js passphrase, forge PEM encryption
    alg('PBKDF1', { hash: 'SHA-1', iterations: 50_000 }), // a high count still leaves the legacy construction
    alg('PBKDF1', { hash: 'MD5' }), // count unknown
    alg('PBKDF2WithHmacSHA256', { iterations: 600_000 }),
    alg('scrypt'),
  ], 'legacy-password-kdf');
  assert.deepEqual(f.map((x) => [x.assetRef, x.severity]), [
    ['algorithm/evp-bytestokey-md5/iterations-1', 'high'], ['algorithm/pbkdf1-md5', 'medium'], ['algorithm/pbkdf1-sha-1-50000', 'medium'],
  ]);
  assert.match(f[0]!.detail, /1 iteration\)/);
  // One finding per asset: the rule's own, not a second one from broken-algorithm or weak-hash.
  const all = run([alg('EVP_BytesToKey', { hash: 'MD5', iterations: 1 })]);
  assert.deepEqual(all.findings.map((x) => x.ruleId).filter((r) => r !== 'quantum-vulnerable'), ['legacy-password-kdf']);
});

test('broken-algorithm catches broken entries no other rule covers', () => {
  const f = only([alg('PBEWithMD5AndDES'), alg('MD5'), alg('DES'), alg('SHA-256')], 'broken-algorithm');
  assert.deepEqual(f.map((x) => x.assetRef), ['algorithm/pbes1-des-pbkdf1-md5']);
});

test('signal rules fire once per signal place and not without a signal', () => {
  const cases: [SignalType, string, string][] = [
    ['static-iv', 'static-iv', 'high'], ['hardcoded-key', 'hardcoded-key', 'critical'], ['hardcoded-password', 'hardcoded-password', 'high'],
    ['weak-random', 'weak-random', 'high'], ['cert-verification-disabled', 'cert-verification-disabled', 'high'],
    ['hostname-verification-disabled', 'hostname-verification-disabled', 'high'], ['jwt-none-algorithm', 'jwt-none-algorithm', 'critical'],
    ['insecure-protocol-version', 'legacy-protocol-version', 'high'],
  ];
  for (const [signal, ruleId, severity] of cases) {
    const f = only([sig(signal, 'seen here'), sig(signal, 'and here'), alg('aes-256-gcm')], ruleId);
    assert.equal(f.length, 2, signal);
    assert.ok(f.every((x) => x.severity === severity && x.assetRef === null && x.locations[0]!.path === 'src/client.ts'), signal);
    assert.match(f[0]!.id, new RegExp(`^${ruleId}:src/client\\.ts:\\d+:9$`));
    assert.equal(only([alg('aes-256-gcm')], ruleId).length, 0, `${ruleId} without a signal`);
  }
  // A static IV tied to one cipher at two places is one finding about that asset, with both places.
  const ivs = only([
    { type: 'signal', signal: 'static-iv', detail: 'zero IV', related: { spelling: 'AES/CBC/PKCS5Padding', params: {} }, occurrence: occ() },
    { type: 'signal', signal: 'static-iv', detail: 'zero IV', related: { spelling: 'AES/CBC/PKCS5Padding', params: {} }, occurrence: occ() },
  ], 'static-iv');
  assert.equal(ivs.length, 1);
  assert.equal(ivs[0]!.assetRef, 'algorithm/aes-cbc-pkcs5');
  assert.equal(ivs[0]!.locations.length, 2);
});

test('legacy-protocol-version: SSL 3.0 critical, TLS 1.0 high, TLS 1.2/1.3 nothing', () => {
  const f = only([
    proto({ protocolType: 'tls', version: 'SSLv3' }), proto({ protocolType: 'tls', version: 'TLSv1' }),
    proto({ protocolType: 'tls', version: 'TLSv1.2' }), proto({ protocolType: 'tls', version: '1.3' }), proto({ protocolType: 'ssh', version: '2.0' }),
  ], 'legacy-protocol-version');
  assert.deepEqual(f.map((x) => [x.assetRef, x.severity]), [['protocol/tls/ssl3.0', 'critical'], ['protocol/tls/1.0', 'high']]);
});

test('legacy-protocol-version: a signal at the place of a version asset adds no second finding', () => {
  // What the nginx detector reports for `ssl_protocols TLSv1.1 TLSv1.2;`: the protocol and a signal, one place.
  const at: Occurrence = { path: 'etc/nginx/nginx.conf', line: 9, column: 5, symbol: 'ssl_protocols', snippet: 'ssl_protocols TLSv1.1 TLSv1.2;', detector: 'tls-config' };
  const elsewhere: Occurrence = { ...at, path: 'src/client.go', line: 40, symbol: 'MinVersion' };
  const f = only([
    { type: 'protocol', protocol: { protocolType: 'tls', version: 'TLSv1.1' }, occurrence: at },
    { type: 'signal', signal: 'insecure-protocol-version', detail: 'TLSv1.1 is enabled', occurrence: at },
    { type: 'signal', signal: 'insecure-protocol-version', detail: 'MinVersion TLS 1.0', occurrence: elsewhere },
  ], 'legacy-protocol-version');
  assert.deepEqual(f.map((x) => [x.assetRef, x.locations.map((l) => l.path)]), [
    ['protocol/tls/1.1', ['etc/nginx/nginx.conf']],
    [null, ['src/client.go']],
  ]);
});

test('hits merged into one finding keep their details apart as sentences', () => {
  // `c.MinVersion = v` run once per version a helper's callers pass: two signals at one place.
  const at: Occurrence = { path: 'src/conf.go', line: 8, column: 37, symbol: 'c.MinVersion = v', snippet: 'c.MinVersion = v', detector: 'go' };
  const f = only([
    { type: 'signal', signal: 'insecure-protocol-version', detail: 'MinVersion set to TLS 1.0', occurrence: at },
    { type: 'signal', signal: 'insecure-protocol-version', detail: 'MinVersion set to TLS 1.1', occurrence: at },
  ], 'legacy-protocol-version');
  assert.equal(f.length, 1);
  assert.equal(f[0]!.detail, 'Insecure protocol version enabled: MinVersion set to TLS 1.0. Insecure protocol version enabled: MinVersion set to TLS 1.1.');
  // One hit keeps its detail as written.
  assert.equal(only([{ type: 'signal', signal: 'insecure-protocol-version', detail: 'MinVersion set to TLS 1.0', occurrence: at }], 'legacy-protocol-version')[0]!.detail,
    'Insecure protocol version enabled: MinVersion set to TLS 1.0');
});

test('weak-cipher-suite and tls-no-forward-secrecy', () => {
  const weak = proto({ protocolType: 'tls', version: '1.2', cipherSuites: ['RC4-MD5', 'ECDHE-RSA-AES128-GCM-SHA256', 'TLS_DH_anon_WITH_AES_128_CBC_SHA'] });
  const rsaKx = proto({ protocolType: 'tls', version: '1.2', cipherSuites: ['AES128-GCM-SHA256', 'ECDHE-ECDSA-AES256-GCM-SHA384'] });
  const good = proto({ protocolType: 'tls', version: '1.3', cipherSuites: ['TLS_AES_128_GCM_SHA256', 'TLS_CHACHA20_POLY1305_SHA256'] });
  const { findings } = run([weak, rsaKx, good]);
  const suites = of(findings, 'weak-cipher-suite');
  assert.equal(suites.length, 1);
  assert.match(suites[0]!.detail, /TLS_RSA_WITH_RC4_128_MD5 \(RC4, MD5 MAC\)/);
  assert.match(suites[0]!.detail, /TLS_DH_anon_WITH_AES_128_CBC_SHA \(no authentication/);
  assert.doesNotMatch(suites[0]!.detail, /ECDHE_RSA/);
  const fs = of(findings, 'tls-no-forward-secrecy');
  assert.equal(fs.length, 2, 'RC4-MD5 and AES128-GCM-SHA256 use RSA key transport');
  assert.ok(fs.every((f) => f.severity === 'low'));
  assert.ok(!findings.some((f) => f.detail.includes('TLS 1.3')));
  // RSA key transport is PKCS#1 v1.5 encryption of the premaster secret (RFC 5246 7.4.7.1): ROBOT.
  assert.deepEqual(of(findings, 'rsa-pkcs1v15-encryption').map((f) => f.assetRef), ['algorithm/rsa-pkcs1-1.5/rsaes-pkcs1']);
  assert.deepEqual(of(run([good]).findings, 'rsa-pkcs1v15-encryption'), []);
});

test('private-key-committed: unencrypted critical, unknown high, encrypted and public keys nothing', () => {
  const key = (fp: string, encrypted: boolean | undefined, materialType: MaterialFacts['materialType'] = 'private-key'): Detection =>
    material({ materialType, format: 'PKCS#8', algorithm: { spelling: 'EC', params: { curve: 'P-256' } }, fingerprintSha256: fp.repeat(64), ...(encrypted === undefined ? {} : { encrypted }) });
  const f = only([key('a', false), key('b', undefined), key('c', true), key('d', false, 'public-key')], 'private-key-committed');
  assert.deepEqual(f.map((x) => [x.assetRef, x.severity]), [
    [`related-crypto-material/private-key/ecdsa-p256/${'a'.repeat(64)}`, 'critical'],
    [`related-crypto-material/private-key/ecdsa-p256/${'b'.repeat(64)}`, 'high'],
  ]);
  // Code that loads a key at run time (Python `load_pem_private_key(data, password=None)`) reports the
  // key's use, without bytes to fingerprint: nothing was committed, so nothing fires.
  const loaded = material({ materialType: 'private-key', format: 'PEM', encrypted: false });
  assert.deepEqual(only([loaded], 'private-key-committed'), []);
});

test('expired-certificate judges against asOf, never the wall clock', () => {
  const old = cert('2020-01-01T00:00:00Z', '2021-01-01T00:00:00Z', 'aaaa');
  const current = cert('2024-06-01T00:00:00Z', '2026-06-01T00:00:00Z', 'bbbb');
  assert.deepEqual(only([old, current], 'expired-certificate', '2025-01-01T00:00:00Z').map((f) => f.assetRef), [`certificate/${'aaaa'.padEnd(64, '0')}`]);
  assert.deepEqual(only([old, current], 'expired-certificate', '2020-06-01T00:00:00Z'), [], 'both valid at that time');
  // Default: the latest notBefore in the inventory (2024-06-01), before which the old one expired.
  assert.equal(only([old, current], 'expired-certificate').length, 1);
  assert.deepEqual(only([old], 'expired-certificate'), [], 'a lone certificate is valid at its own notBefore');
  assert.throws(() => run([old], 'yesterday'), /asOf/);
});

test('quantum-vulnerable: RSA/ECC/DH fire with migration advice, ML-KEM, hybrids, AES and hashes do not', () => {
  const f = only([
    alg('RSA', { keySize: 3072 }), alg('ECDSA', { curve: 'P-256' }), alg('X25519'), alg('Ed25519'), alg('ffdhe3072'),
    alg('ML-KEM-768'), alg('X25519MLKEM768'), alg('ML-DSA-65'), alg('aes-256-gcm'), alg('SHA-256'), alg('HmacSHA256'),
  ], 'quantum-vulnerable');
  assert.deepEqual(f.map((x) => x.assetRef).sort(), ['algorithm/ecdsa-p256', 'algorithm/ed25519', 'algorithm/ffdhe-ffdhe3072', 'algorithm/rsa-3072', 'algorithm/x25519']);
  const signature = f.find((x) => x.assetRef === 'algorithm/ed25519')!;
  assert.equal(signature.severity, 'low');
  assert.match(signature.remediation, /ML-DSA-65/);
  assert.match(signature.remediation, /SLH-DSA/);
  const kex = f.find((x) => x.assetRef === 'algorithm/x25519')!;
  assert.equal(kex.severity, 'medium');
  assert.match(kex.remediation, /X25519MLKEM768/);
  // RSA of unknown size is still quantum level 0.
  assert.equal(only([alg('RSA')], 'quantum-vulnerable').length, 1);
  // A bare RSA key (a certificate's, say) is described by what it may do; one seen encrypting by that.
  const rsaKey = f.find((x) => x.assetRef === 'algorithm/rsa-3072')!;
  assert.equal(rsaKey.severity, 'medium');
  assert.match(rsaKey.detail, /^RSA-3072 \(signatures or key establishment\) /);
  const encrypting = only([{ ...alg('RSA', { keySize: 2048 }), functions: ['encrypt'] } as Detection], 'quantum-vulnerable');
  assert.match(encrypting[0]!.detail, /^RSA-2048 \(key establishment\) /);
  assert.match(kex.detail, /^X25519 \(key establishment\) /);
});

test('findings are sorted, summarised and stable; every rule id is unique', () => {
  const detections = [alg('MD5'), alg('RSA', { keySize: 1024 }), sig('hardcoded-key', 'key literal'), alg('SHA1withRSA'), sig('weak-random', 'Math.random')];
  const a = run(detections);
  const ranks = ['critical', 'high', 'medium', 'low', 'info'];
  for (let i = 1; i < a.findings.length; i++) {
    const p = a.findings[i - 1]!;
    const c = a.findings[i]!;
    const order = ranks.indexOf(p.severity) - ranks.indexOf(c.severity) || (p.ruleId < c.ruleId ? -1 : p.ruleId > c.ruleId ? 1 : p.id < c.id ? -1 : 1);
    assert.ok(order < 0, `${p.id} before ${c.id}`);
  }
  assert.equal(a.findingsSummary.total, a.findings.length);
  assert.equal(a.findingsSummary.critical, 1);
  assert.equal(new Set(a.findings.map((f) => f.id)).size, a.findings.length);
  assert.deepEqual(run([...detections].reverse()), a);
  assert.equal(new Set(RULES.map((r) => r.id)).size, RULES.length);
  for (const f of a.findings) assert.ok(f.id.startsWith(`${f.ruleId}:`));
});

test('a clean inventory scores 100 with no findings', () => {
  const r = run([alg('aes-256-gcm'), alg('SHA-256'), alg('ML-KEM-768'), alg('HmacSHA256')]);
  assert.deepEqual(r.findings, []);
  assert.equal(r.score, 100);
  assert.deepEqual(r.findingsSummary, { critical: 0, high: 0, medium: 0, low: 0, info: 0, total: 0 });
});

test('weak-cipher-suite: a suite the table lacks is read from its IANA name (anonymous, export; static ECDH is not weak)', () => {
  const weak = proto({ protocolType: 'tls', cipherSuites: ['TLS_DH_anon_WITH_AES_128_GCM_SHA256', 'SSL_DH_anon_EXPORT_WITH_RC4_40_MD5', 'TLS_ECDH_ECDSA_WITH_AES_256_GCM_SHA384'] });
  const { findings } = run([weak]);
  const [suites] = of(findings, 'weak-cipher-suite');
  assert.match(suites!.detail, /enables 2 weak suites/);
  assert.match(suites!.detail, /TLS_DH_anon_WITH_AES_128_GCM_SHA256 \(no authentication \(anonymous\)\)/);
  assert.match(suites!.detail, /TLS_DH_anon_EXPORT_WITH_RC4_40_MD5 \(no authentication \(anonymous\), export-grade 40-bit keys, RC4, MD5 MAC\)/);
  const unknown = proto({ protocolType: 'tls', cipherSuites: ['TLS_KRB5_WITH_RC4_128_SHA', 'TLS_MADE_UP_WITH_AES_128_GCM_SHA256'] });
  assert.deepEqual(of(run([unknown]).findings, 'weak-cipher-suite'), [], 'parts outside the IANA lists name no suite');
});
