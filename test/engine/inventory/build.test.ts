import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildInventory } from '../../../src/engine/inventory/build.js';
import { getKnowledgeBase } from '../../../src/engine/kb/index.js';
import {
  SKIP_REASONS, type AlgorithmAsset, type Asset, type CertificateAsset, type Detection, type Inventory, type LibraryAsset,
  type MaterialAsset, type Occurrence, type ProtocolAsset, type ScanStats,
} from '../../../src/engine/inventory/model.js';

const kb = getKnowledgeBase();

function stats(): ScanStats {
  return {
    filesSeen: 12, filesScanned: 7, bytesScanned: 48_213,
    skipped: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as ScanStats['skipped'],
    filesByDetector: { java: 3, pem: 2 }, truncated: false,
  };
}

function at(path: string, line: number, column = 5, symbol = 'Cipher.getInstance', detector = 'java', snippet = 'x'): Occurrence {
  return { path, line, column, symbol, snippet, detector };
}

const CERT_FP = 'a3f1c2d4e5b6a7988776655443322110ffeeddccbbaa99887766554433221100';
const KEY_FP = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';

/** A small but realistic project: Java crypto, a committed key and certificate, TLS config, manifests. */
function corpus(): Detection[] {
  return [
    { type: 'algorithm', spelling: 'AES/GCM/NoPadding', params: { keySize: 256 }, functions: ['encrypt'],
      library: { ecosystem: 'maven', name: 'org.bouncycastle:bcprov-jdk18on' },
      occurrence: at('src/main/java/com/acme/Vault.java', 41, 27, 'Cipher.getInstance', 'java', 'Cipher c = Cipher.getInstance("AES/GCM/NoPadding", "BC");') },
    { type: 'algorithm', spelling: 'aes-256-gcm', params: {}, functions: ['decrypt'],
      occurrence: at('server/crypto.js', 12, 18, 'crypto.createDecipheriv', 'javascript', "crypto.createDecipheriv('aes-256-gcm', key, iv)") },
    // The same place reported twice (two rules matching one call): one occurrence.
    { type: 'algorithm', spelling: 'aes-256-gcm', params: {}, functions: ['decrypt'],
      occurrence: at('server/crypto.js', 12, 18, 'crypto.createDecipheriv', 'javascript', "crypto.createDecipheriv('aes-256-gcm', key, iv)") },
    { type: 'algorithm', spelling: 'AES', params: {}, unresolved: ['keySize', 'mode'],
      occurrence: at('src/main/java/com/acme/Legacy.java', 9, 30, 'Cipher.getInstance', 'java', 'Cipher.getInstance("AES")') },
    { type: 'algorithm', spelling: 'HMAC', params: { hash: 'sha256' }, library: { ecosystem: 'pypi', name: 'Cryptography' },
      occurrence: at('app/tokens.py', 7, 12, 'hmac.HMAC', 'python', 'h = hmac.HMAC(key, hashes.SHA256())') },
    { type: 'algorithm', spelling: 'SHA-1', params: {}, library: { ecosystem: 'npm', name: 'node-forge' },
      occurrence: at('web/legacy.js', 3, 9, 'forge.md.sha1.create', 'javascript', 'forge.md.sha1.create()') },
    { type: 'library', library: { ecosystem: 'maven', name: 'org.bouncycastle:bcprov-jdk18on', version: '1.78', purl: 'pkg:maven/org.bouncycastle/bcprov-jdk18on@1.78' },
      occurrence: at('pom.xml', 31, 7, 'dependency', 'manifest-maven', '<artifactId>bcprov-jdk18on</artifactId>') },
    { type: 'library', library: { ecosystem: 'pypi', name: 'cryptography', version: '42.0.5', purl: 'pkg:pypi/cryptography@42.0.5' },
      occurrence: at('requirements.txt', 4, 1, 'cryptography', 'manifest-pypi', 'cryptography==42.0.5') },
    { type: 'certificate', occurrence: at('deploy/tls/server.crt', 1, 1, '-----BEGIN CERTIFICATE-----', 'pem', '-----BEGIN CERTIFICATE-----'),
      certificate: {
        subject: 'CN=api.acme.test,O=Acme', issuer: 'CN=Acme Internal CA,O=Acme', serialNumber: '3a9f01', notBefore: '2024-03-01T00:00:00Z',
        notAfter: '2025-03-01T00:00:00Z', fingerprintSha256: CERT_FP, encoding: 'PEM',
        signatureAlgorithm: { spelling: 'sha256WithRSAEncryption', params: {}, oid: '1.2.840.113549.1.1.11' },
        publicKeyAlgorithm: { spelling: 'rsaEncryption', params: { keySize: 2048 }, oid: '1.2.840.113549.1.1.1' },
      } },
    { type: 'material', occurrence: at('deploy/tls/server.key', 1, 1, '-----BEGIN PRIVATE KEY-----', 'pem', '-----BEGIN PRIVATE KEY-----'),
      material: { materialType: 'private-key', format: 'PKCS#8', algorithm: { spelling: 'RSA', params: {} }, size: 2048, encrypted: false, fingerprintSha256: KEY_FP } },
    { type: 'protocol', occurrence: at('deploy/nginx.conf', 14, 5, 'ssl_protocols', 'tls-config', 'ssl_protocols TLSv1.2 TLSv1.3;'),
      protocol: { protocolType: 'tls', version: 'TLSv1.2', cipherSuites: ['ECDHE-RSA-AES128-GCM-SHA256', 'TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256', 'DES-CBC3-SHA', 'MADE-UP-SUITE'] } },
    { type: 'signal', signal: 'static-iv', detail: 'IV is a constant byte array', related: { spelling: 'AES/CBC/PKCS5Padding', params: { keySize: 128 } },
      occurrence: at('src/main/java/com/acme/Legacy.java', 14, 22, 'new IvParameterSpec', 'java', 'new IvParameterSpec(new byte[16])') },
    { type: 'signal', signal: 'cert-verification-disabled', detail: 'rejectUnauthorized: false',
      occurrence: at('server/client.js', 20, 3, 'rejectUnauthorized', 'javascript', 'rejectUnauthorized: false') },
  ];
}

function byId<T extends Asset>(inv: Inventory, id: string): T {
  const a = inv.assets.find((x) => x.id === id);
  assert.ok(a, `no asset ${id}; have ${inv.assets.map((x) => x.id).join(', ')}`);
  return a as T;
}

test('algorithm detections that mean the same thing become one asset with every occurrence once', () => {
  const inv = buildInventory(corpus(), stats(), kb);
  const gcm = byId<AlgorithmAsset>(inv, 'algorithm/aes-256-gcm');
  assert.equal(gcm.name, 'AES-256-GCM');
  assert.equal(gcm.primitive, 'ae');
  assert.equal(gcm.nistQuantumLevel, 5);
  assert.deepEqual(gcm.occurrences.map((o) => `${o.path}:${o.line}`), ['server/crypto.js:12', 'src/main/java/com/acme/Vault.java:41']);
  assert.deepEqual(gcm.cryptoFunctions, ['encrypt', 'decrypt']);
  assert.deepEqual(gcm.params, { keySize: 256, mode: 'GCM' });
  assert.equal(gcm.kbEntry, 'AES-256');

  const aes = byId<AlgorithmAsset>(inv, 'algorithm/aes');
  assert.equal(aes.name, 'AES');
  assert.deepEqual(aes.unknownParams, ['keySize', 'mode']);
  assert.equal(aes.classicalSecurityBits, null);
  assert.equal(aes.nistQuantumLevel, null);

  assert.equal(byId<AlgorithmAsset>(inv, 'algorithm/hmac-sha-256').params.hash, 'SHA-256');
});

test('parameters the name does not show stay part of the identity', () => {
  const occ = at('a.java', 1);
  const inv = buildInventory([
    { type: 'algorithm', spelling: 'AES/GCM/NoPadding', params: { keySize: 128, ivLength: 96 }, occurrence: occ },
    { type: 'algorithm', spelling: 'AES/GCM/NoPadding', params: { keySize: 128, ivLength: 64 }, occurrence: occ },
    { type: 'algorithm', spelling: 'aes-128-gcm', params: {}, occurrence: occ },
  ], stats(), kb);
  assert.deepEqual(inv.assets.map((a) => a.id), ['algorithm/aes-128-gcm', 'algorithm/aes-128-gcm/ivlength-64', 'algorithm/aes-128-gcm/ivlength-96']);
  assert.ok(inv.assets.every((a) => a.name === 'AES-128-GCM'));
});

test('a certificate yields the certificate, its signature algorithm and its public key', () => {
  const inv = buildInventory(corpus(), stats(), kb);
  const cert = byId<CertificateAsset>(inv, `certificate/${CERT_FP}`);
  assert.equal(cert.name, 'CN=api.acme.test,O=Acme');
  assert.equal(cert.signatureAlgorithmRef, 'algorithm/rsa-pkcs1-1.5-sha-256');
  const sig = byId<AlgorithmAsset>(inv, cert.signatureAlgorithmRef!);
  assert.equal(sig.primitive, 'signature');
  assert.deepEqual(sig.unknownParams, ['keySize'], 'the issuer key size is not in the certificate');
  const pub = byId<MaterialAsset>(inv, cert.subjectPublicKeyRef!);
  assert.equal(pub.materialType, 'public-key');
  assert.equal(pub.algorithmRef, 'algorithm/rsa-2048');
  assert.equal(pub.size, 2048);
  assert.equal(pub.name, 'RSA-2048 public key');
  assert.equal(byId<AlgorithmAsset>(inv, 'algorithm/rsa-2048').classicalSecurityBits, 112);
});

test('an EC certificate key is sized by its curve; SSH algorithm lists resolve to algorithms', () => {
  const inv = buildInventory([
    { type: 'certificate', occurrence: at('certs/ec.pem', 1),
      certificate: {
        subject: 'CN=ec.acme.test', issuer: 'CN=ec.acme.test', serialNumber: '01', notBefore: '2024-01-01T00:00:00Z', notAfter: '2034-01-01T00:00:00Z',
        fingerprintSha256: 'b'.repeat(64), encoding: 'PEM',
        signatureAlgorithm: { spelling: 'ecdsa-with-SHA256', params: {} }, publicKeyAlgorithm: { spelling: 'id-ecPublicKey', params: { curve: 'prime256v1' } },
      } },
    { type: 'protocol', occurrence: at('etc/ssh/sshd_config', 20, 1, 'Ciphers', 'ssh-config', 'Ciphers aes256-gcm@openssh.com'),
      protocol: { protocolType: 'ssh', version: '2.0', cipherSuites: ['aes256-gcm@openssh.com', 'hmac-sha2-256-etm@openssh.com'] } },
  ], stats(), kb);
  const cert = inv.assets.find((a): a is CertificateAsset => a.kind === 'certificate')!;
  const key = byId<MaterialAsset>(inv, cert.subjectPublicKeyRef!);
  assert.equal(key.algorithmRef, 'algorithm/ecdsa-p256');
  assert.equal(key.size, 256);
  assert.equal(cert.signatureAlgorithmRef, 'algorithm/ecdsa-sha-256');
  const ssh = inv.assets.find((a): a is ProtocolAsset => a.kind === 'protocol')!;
  assert.equal(ssh.name, 'SSH 2.0');
  assert.deepEqual(ssh.cipherSuites.map((s) => s.algorithmRefs), [['algorithm/aes-256-gcm'], ['algorithm/hmac-sha-256']]);
});

test('key material links its algorithm, sized from the key', () => {
  const inv = buildInventory(corpus(), stats(), kb);
  const key = byId<MaterialAsset>(inv, `related-crypto-material/private-key/rsa-2048/${KEY_FP}`);
  assert.equal(key.algorithmRef, 'algorithm/rsa-2048');
  assert.equal(key.encrypted, false);
  assert.equal(key.format, 'PKCS#8');
  assert.equal(key.name, 'RSA-2048 private key');
  assert.equal(key.occurrences.length, 1);
});

test('protocols resolve cipher suites into algorithm assets', () => {
  const inv = buildInventory(corpus(), stats(), kb);
  const tls = inv.assets.find((a): a is ProtocolAsset => a.kind === 'protocol')!;
  assert.match(tls.id, /^protocol\/tls\/1\.2\/suites-[0-9a-f]{12}$/);
  assert.equal(tls.name, 'TLS 1.2');
  assert.equal(tls.version, '1.2');
  assert.deepEqual(tls.cipherSuites.map((s) => s.name), ['MADE-UP-SUITE', 'TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256', 'TLS_RSA_WITH_3DES_EDE_CBC_SHA'],
    'the OpenSSL and IANA spellings of one suite are one entry');
  const ecdhe = tls.cipherSuites[1]!;
  assert.deepEqual(ecdhe.identifiers, ['0xC0', '0x2F']);
  assert.deepEqual(ecdhe.algorithmRefs, ['algorithm/aes-128-gcm', 'algorithm/ecdh', 'algorithm/rsa', 'algorithm/sha-256']);
  for (const ref of tls.cipherSuites.flatMap((s) => s.algorithmRefs)) byId(inv, ref);
  assert.deepEqual(tls.cipherSuites[0]!.identifiers, []);
  assert.ok(byId<AlgorithmAsset>(inv, 'algorithm/3des-168-cbc').occurrences.some((o) => o.path === 'deploy/nginx.conf'));

  const other = buildInventory([
    ...corpus(),
    { type: 'protocol', occurrence: at('deploy/other.conf', 2), protocol: { protocolType: 'tls', version: '1.2', cipherSuites: ['ECDHE-RSA-AES128-GCM-SHA256'] } },
    { type: 'protocol', occurrence: at('deploy/min.conf', 2), protocol: { protocolType: 'tls', version: '1.3' } },
  ], stats(), kb);
  const protocols = other.assets.filter((a) => a.kind === 'protocol').map((a) => a.id);
  assert.equal(protocols.length, 3, 'a different suite set is a different configuration');
  assert.ok(protocols.includes('protocol/tls/1.3'));
});

test('key-exchange groups of a protocol are key agreement: a curve is ECDH on it, X25519 and hybrids as named', () => {
  const inv = buildInventory([
    { type: 'protocol', occurrence: at('internal/server/tls.go', 30, 9, 'tls.Config', 'go', 'CurvePreferences: []tls.CurveID{...}'),
      protocol: { protocolType: 'tls', version: '1.2', groups: ['X25519MLKEM768', 'X25519', 'P-256', 'secp384r1'] } },
  ], stats(), kb);
  const algorithms = inv.assets.filter((a): a is AlgorithmAsset => a.kind === 'algorithm');
  assert.deepEqual(algorithms.map((a) => a.id), ['algorithm/ecdh-p256', 'algorithm/ecdh-p384', 'algorithm/x25519', 'algorithm/x25519mlkem768']);
  const p256 = byId<AlgorithmAsset>(inv, 'algorithm/ecdh-p256');
  assert.equal(p256.name, 'ECDH-P256');
  assert.equal(p256.primitive, 'key-agree');
  assert.equal(p256.classicalSecurityBits, 128);
  assert.ok(!algorithms.some((a) => a.family === 'ECDSA'), 'a TLS group is never a signature algorithm');
});

test('key stores without a fingerprint stay distinct by format', () => {
  const store = (path: string, format: string): Detection => ({
    type: 'material', occurrence: at(path, 12, 20, 'KeyStore.getInstance'), material: { materialType: 'keystore', format },
  });
  const inv = buildInventory([
    store('src/Tls.java', 'PKCS#12'), store('src/Legacy.java', 'JKS'), store('src/Android.java', 'AndroidKeyStore'), store('src/Other.java', 'PKCS#12'),
  ], stats(), kb);
  const stores = inv.assets.filter((a): a is MaterialAsset => a.kind === 'related-crypto-material');
  assert.deepEqual(stores.map((s) => [s.format, s.name, s.occurrences.length]), [
    ['AndroidKeyStore', 'AndroidKeyStore keystore', 1], ['JKS', 'JKS keystore', 1], ['PKCS#12', 'PKCS#12 keystore', 2],
  ]);
  assert.equal(new Set(stores.map((s) => s.id)).size, 3);
});

test('libraries: manifests, calls attributed by import, import-only libraries', () => {
  const inv = buildInventory(corpus(), stats(), kb);
  const bc = byId<LibraryAsset>(inv, 'library/pkg:maven/org.bouncycastle/bcprov-jdk18on@1.78');
  assert.deepEqual(bc.providesRefs, ['algorithm/aes-256-gcm']);
  assert.deepEqual(bc.occurrences.map((o) => o.path), ['pom.xml'], 'call sites are evidence of the algorithm, not of the manifest entry');
  // PyPI compares names case-insensitively: the import of "Cryptography" is the manifest's "cryptography".
  assert.deepEqual(byId<LibraryAsset>(inv, 'library/pkg:pypi/cryptography@42.0.5').providesRefs, ['algorithm/hmac-sha-256']);
  const forge = byId<LibraryAsset>(inv, 'library/pkg:npm/node-forge');
  assert.equal(forge.version, null);
  assert.equal(forge.purl, 'pkg:npm/node-forge');
  assert.deepEqual(forge.providesRefs, ['algorithm/sha-1']);
  assert.deepEqual(forge.occurrences.map((o) => o.path), ['web/legacy.js']);
});

test('a manifest entry without a version joins the one versioned entry of that package; with two versions it stays apart', () => {
  const lib = (path: string, line: number, version?: string): Detection => ({
    type: 'library', occurrence: at(path, line, 7, 'dependency', 'manifest-maven', '<artifactId>bcprov-jdk18on</artifactId>'),
    library: { ecosystem: 'maven', name: 'org.bouncycastle:bcprov-jdk18on', ...(version ? { version } : {}),
      purl: `pkg:maven/org.bouncycastle/bcprov-jdk18on${version ? `@${version}` : ''}` },
  });
  const call: Detection = { type: 'algorithm', spelling: 'AES/GCM/NoPadding', params: {}, library: { ecosystem: 'maven', name: 'org.bouncycastle:bcprov-jdk18on' },
    occurrence: at('core/src/main/java/Vault.java', 9) };
  const one = buildInventory([lib('pom.xml', 40, '1.78'), lib('core/pom.xml', 22), lib('api/pom.xml', 31), call], stats(), kb);
  const libs = one.assets.filter((a): a is LibraryAsset => a.kind === 'library');
  assert.deepEqual(libs.map((l) => l.id), ['library/pkg:maven/org.bouncycastle/bcprov-jdk18on@1.78']);
  assert.deepEqual(libs[0]!.occurrences.map((o) => o.path), ['api/pom.xml', 'core/pom.xml', 'pom.xml']);
  assert.deepEqual(libs[0]!.providesRefs, ['algorithm/aes-gcm']);

  const two = buildInventory([lib('a/pom.xml', 40, '1.78'), lib('b/pom.xml', 40, '1.70'), lib('core/pom.xml', 22), call], stats(), kb);
  assert.equal(two.assets.filter((a) => a.kind === 'library').length, 3, 'which version a versionless entry means is unknown');
});

test('signals point at the asset they concern', () => {
  const inv = buildInventory(corpus(), stats(), kb);
  assert.deepEqual(inv.signals.map((s) => s.signal), ['cert-verification-disabled', 'static-iv']);
  const iv = inv.signals[1]!;
  assert.equal(iv.assetRef, 'algorithm/aes-128-cbc-pkcs5');
  byId(inv, iv.assetRef!);
  assert.equal(inv.signals[0]!.assetRef, null);
});

test('every reference resolves and every collection is sorted', () => {
  const inv = buildInventory(corpus(), stats(), kb);
  const ids = inv.assets.map((a) => a.id);
  assert.deepEqual(ids, [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  assert.equal(new Set(ids).size, ids.length);
  const refs = inv.assets.flatMap((a) => {
    if (a.kind === 'certificate') return [a.signatureAlgorithmRef, a.subjectPublicKeyRef];
    if (a.kind === 'related-crypto-material') return [a.algorithmRef];
    if (a.kind === 'library') return a.providesRefs;
    if (a.kind === 'protocol') return a.cipherSuites.flatMap((s) => s.algorithmRefs);
    return [];
  });
  for (const r of [...refs, ...inv.signals.map((s) => s.assetRef)]) if (r !== null) assert.ok(ids.includes(r), r);
  assert.deepEqual(inv.stats, stats());
});

/** Deterministic shuffle (mulberry32) so a failure reproduces. */
function shuffled<T>(items: T[], seed: number): T[] {
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

test('PKCS#1 v1.5 encryption and a PKCS#1 v1.5 signature of unknown hash are two assets, though the registry names both RSA-PKCS1-1.5', () => {
  // Go: rsa.EncryptPKCS1v15, and rsa.VerifyPKCS1v15 with the hash in a variable (a TLS or JWT library).
  const inv = buildInventory(
    [
      { type: 'algorithm', spelling: 'RSA', params: { padding: 'PKCS1v15' }, functions: ['encrypt'], occurrence: at('tls/key_agreement.go', 76, 9, 'rsa.EncryptPKCS1v15', 'go') },
      { type: 'algorithm', spelling: 'RSASSA-PKCS1-v1_5', params: {}, unresolved: ['keySize', 'hash'], functions: ['verify'], occurrence: at('tls/handshake.go', 530, 9, 'rsa.VerifyPKCS1v15', 'go') },
    ],
    stats(),
    kb,
  );
  const pkcs1 = inv.assets.filter((a): a is AlgorithmAsset => a.kind === 'algorithm' && a.name === 'RSA-PKCS1-1.5');
  assert.deepEqual(
    pkcs1.map((a) => [a.id, a.family, a.primitive, a.cryptoFunctions, a.occurrences.map((o) => o.line)]),
    [
      ['algorithm/rsa-pkcs1-1.5', 'RSASSA-PKCS1', 'signature', ['verify'], [530]],
      ['algorithm/rsa-pkcs1-1.5/rsaes-pkcs1', 'RSAES-PKCS1', 'pke', ['encrypt'], [76]],
    ],
  );
});

test('the same detections in any order give a deep-equal inventory', () => {
  // Spellings that collide on one id (case) and a key seen twice with different facts must not make
  // the result depend on which came first.
  const extra = (): Detection[] => [
    { type: 'algorithm', spelling: 'FrobCipher', params: {}, occurrence: at('x/a.c', 1) },
    { type: 'algorithm', spelling: 'frobcipher', params: {}, occurrence: at('x/b.c', 2) },
    // One detector names the padding, another leaves it to the name: one id, and the asset shows it.
    { type: 'algorithm', spelling: 'RSASSA-PKCS1-v1_5', params: { hash: 'SHA-256' }, occurrence: at('g/keys.go', 92, 9, 'rsa.SignPKCS1v15', 'go') },
    { type: 'algorithm', spelling: 'RSA', params: { hash: 'SHA-256', padding: 'PKCS1v15' }, occurrence: at('j/keys.mjs', 55, 18, 'createSign', 'javascript') },
    { type: 'material', occurrence: at('k/one.pem', 1), material: { materialType: 'private-key', format: 'PKCS#1', algorithm: { spelling: 'RSA', params: {} }, size: 2048, fingerprintSha256: KEY_FP } },
    { type: 'material', occurrence: at('k/two.der', 1), material: { materialType: 'private-key', format: 'PKCS#8', algorithm: { spelling: 'RSA', params: {} }, size: 2048, encrypted: true, fingerprintSha256: KEY_FP } },
  ];
  const all = () => [...corpus(), ...extra()];
  const reference = buildInventory(all(), stats(), kb);
  assert.equal(byId<AlgorithmAsset>(reference, 'algorithm/frobcipher').name, 'FrobCipher');
  assert.equal(byId<AlgorithmAsset>(reference, 'algorithm/frobcipher').occurrences.length, 2);
  const pkcs1 = byId<AlgorithmAsset>(reference, 'algorithm/rsa-pkcs1-1.5-sha-256');
  assert.equal(pkcs1.params.padding, 'PKCS1v15');
  assert.ok(pkcs1.occurrences.some((o) => o.path === 'g/keys.go'));
  const key = byId<MaterialAsset>(reference, `related-crypto-material/private-key/rsa-2048/${KEY_FP}`);
  assert.equal(key.format, 'PKCS#1');
  assert.equal(key.encrypted, false, 'corpus() has an unencrypted copy: one plain copy leaks the key');
  assert.equal(key.occurrences.length, 3);
  for (let seed = 1; seed <= 25; seed++) {
    assert.deepEqual(buildInventory(shuffled(all(), seed), stats(), kb), reference, `seed ${seed}`);
  }
  // The input is not mutated.
  const input = corpus();
  const copy = structuredClone(input);
  buildInventory(input, stats(), kb);
  assert.deepEqual(input, copy);
});

test('suite components: a suite the table lacks resolves from its name; RC4 keeps its key size, CCM_8 its 64-bit tag', () => {
  const inv = buildInventory([
    { type: 'protocol', occurrence: at('app/src/main/kotlin/Specs.kt', 4, 5, 'ConnectionSpec.Builder.cipherSuites', 'kotlin'),
      protocol: { protocolType: 'tls', cipherSuites: ['TLS_DH_anon_WITH_AES_128_GCM_SHA256', 'TLS_RSA_WITH_RC4_128_MD5', 'TLS_AES_128_CCM_8_SHA256', 'TLS_ECDHE_ECDSA_WITH_AES_128_CCM'] } },
  ], stats(), kb);
  const tls = inv.assets.find((a): a is ProtocolAsset => a.kind === 'protocol')!;
  const refs = Object.fromEntries(tls.cipherSuites.map((s) => [s.name, s.algorithmRefs]));
  assert.deepEqual(refs['TLS_DH_anon_WITH_AES_128_GCM_SHA256'], ['algorithm/aes-128-gcm', 'algorithm/ffdh', 'algorithm/sha-256']);
  assert.deepEqual(tls.cipherSuites.find((s) => s.name === 'TLS_DH_anon_WITH_AES_128_GCM_SHA256')!.identifiers, [], 'no code point is derived');
  assert.ok(refs['TLS_RSA_WITH_RC4_128_MD5']!.includes('algorithm/rc4-128'));
  assert.equal(byId<AlgorithmAsset>(inv, 'algorithm/rc4-128').params.keySize, 128);
  assert.ok(refs['TLS_AES_128_CCM_8_SHA256']!.includes('algorithm/aes-128-ccm-64'));
  assert.equal(byId<AlgorithmAsset>(inv, 'algorithm/aes-128-ccm-64').params.tagLength, 64);
  assert.ok(refs['TLS_ECDHE_ECDSA_WITH_AES_128_CCM']!.includes('algorithm/aes-128-ccm'), 'a 16-byte-tag CCM suite names no tag length');
});
