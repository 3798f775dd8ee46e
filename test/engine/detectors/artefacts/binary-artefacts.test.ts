import { test } from 'node:test';
import assert from 'node:assert/strict';
import { derDetector } from '../../../../src/engine/detectors/artefacts/der.js';
import { keystoreDetector } from '../../../../src/engine/detectors/artefacts/keystore.js';
import { capiKeyDetector } from '../../../../src/engine/detectors/artefacts/capi-key.js';
import type { CertificateDetection, MaterialDetection } from '../../../../src/engine/inventory/model.js';
import { pemDetector } from '../../../../src/engine/detectors/artefacts/pem.js';
import { fixture, kb, run } from './helpers.js';

test('a DER certificate file gives the same facts as its PEM form, with DER encoding', () => {
  const [d] = run(derDetector, 'certs/api.der', fixture('certs/leaf-ec-p256.der')) as CertificateDetection[];
  assert.equal(d?.certificate.encoding, 'DER');
  assert.equal(d?.certificate.subject, 'CN=api.example.test');
  assert.equal(d?.certificate.publicKeyAlgorithm.params.curve, 'P-256');
  assert.deepEqual([d?.occurrence.line, d?.occurrence.symbol], [1, 'DER certificate']);
});

test('the DER detector ignores PEM text in .crt files and truncated DER', () => {
  assert.deepEqual(run(derDetector, 'a.crt', fixture('certs/leaf-ec-p256.pem')), []);
  const der = fixture('certs/leaf-ec-p256.der');
  assert.deepEqual(run(derDetector, 'a.der', der.subarray(0, der.length - 10)), []);
  assert.deepEqual(run(derDetector, 'a.cer', Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01])), []);
});

test('keystores are typed by magic bytes: JKS, JCEKS, PKCS#12 (.p12 and .pfx)', () => {
  const cases: [string, string][] = [['server.jks', 'JKS'], ['legacy.jceks', 'JCEKS'], ['client.p12', 'PKCS#12'], ['client.pfx', 'PKCS#12']];
  for (const [file, format] of cases) {
    const ds = run(keystoreDetector, file, fixture(`keystores/${file}`)) as MaterialDetection[];
    assert.equal(ds.length, 1, file);
    assert.deepEqual([ds[0]!.material.materialType, ds[0]!.material.format], ['keystore', format], file);
    assert.match(ds[0]!.material.fingerprintSha256!, /^[0-9a-f]{64}$/);
  }
  // A JKS renamed .keystore is still JKS: the bytes decide, not the name.
  assert.equal((run(keystoreDetector, 'app.keystore', fixture('keystores/server.jks'))[0] as MaterialDetection).material.format, 'JKS');
});

test('a Git LFS pointer or random bytes named .jks/.p12 are not keystores', () => {
  assert.deepEqual(run(keystoreDetector, 'lfs-pointer.jks', fixture('keystores/lfs-pointer.jks')), []);
  assert.deepEqual(run(keystoreDetector, 'x.p12', Buffer.from('not a keystore at all, text')), []);
  assert.deepEqual(run(keystoreDetector, 'x.p12', Buffer.alloc(4)), []);
});

/** A PEM fixture's body as DER (a binary key or request file holds exactly that). */
function derOf(rel: string): Buffer {
  const pem = fixture(rel).toString('latin1');
  return Buffer.from(pem.replace(/-----[A-Z0-9 ]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

test('DER private and public keys: PKCS#8, PKCS#1 and SEC1 private keys, SPKI and PKCS#1 public keys, encrypted PKCS#8', () => {
  const cases: [string, Buffer, string, string, string | number, boolean | undefined][] = [
    ['keys/server.der', derOf('keys/rsa2048-pkcs8.pem'), 'private-key', 'PKCS#8', 2048, false],
    ['keys/legacy.key', derOf('keys/rsa1024-pkcs1.pem'), 'private-key', 'PKCS#1', 1024, false],
    ['keys/device.der', derOf('keys/ec-p256-sec1.pem'), 'private-key', 'SEC1', 'P-256', false],
    ['keys/api.pub', derOf('keys/rsa2048-spki.pub.pem'), 'public-key', 'SPKI', 2048, undefined],
    ['keys/old.der', derOf('keys/rsa1024-pkcs1.pub.pem'), 'public-key', 'PKCS#1', 1024, undefined],
  ];
  for (const [path, der, materialType, format, size, encrypted] of cases) {
    const [d, ...rest] = run(derDetector, path, der) as MaterialDetection[];
    assert.equal(rest.length, 0, path);
    assert.deepEqual([d?.type, d?.material.materialType, d?.material.format, d?.material.encrypted], ['material', materialType, format, encrypted], path);
    const params = d!.material.algorithm!.params;
    assert.equal(typeof size === 'number' ? params.keySize : params.curve, size, path);
    assert.match(d!.material.fingerprintSha256!, /^[0-9a-f]{64}$/);
    // No key bytes in the report: the snippet names the format only.
    assert.doesNotMatch(d!.occurrence.snippet, /[A-Za-z0-9+/]{40,}/);
  }
  const [sealed] = run(derDetector, 'keys/backup.pk8', derOf('keys/rsa2048-encrypted-pkcs8.pem')) as MaterialDetection[];
  assert.deepEqual([sealed?.material.materialType, sealed?.material.format, sealed?.material.encrypted, sealed?.material.algorithm], ['private-key', 'PKCS#8', true, undefined]);
});

test('certificate signing requests (DER and PEM): the requested key and the scheme that key signed with', () => {
  const der = run(derDetector, 'pki/api.csr', derOf('certs/request-rsa2048-sha256.csr'));
  const pem = run(pemDetector, 'pki/api.csr', fixture('certs/request-rsa2048-sha256.csr'));
  for (const found of [der, pem]) {
    const key = found.find((d): d is MaterialDetection => d.type === 'material');
    assert.deepEqual([key?.material.materialType, key?.material.format, key?.material.size], ['public-key', 'PKCS#10', 2048]);
    const sig = found.find((d) => d.type === 'algorithm');
    assert.deepEqual(sig?.type === 'algorithm' ? [kb.resolve(sig.spelling, sig.params).name] : [], ['RSA-PKCS1-1.5-SHA-256-2048']);
  }
  const ec = run(pemDetector, 'README.md', `Request sent to the CA:\n\n\`\`\`\n${fixture('certs/request-ec-p256-sha384.pem').toString()}\`\`\`\n`);
  const sig = ec.find((d) => d.type === 'algorithm');
  assert.deepEqual(sig?.type === 'algorithm' ? [kb.resolve(sig.spelling, sig.params).name] : [], ['ECDSA-P256-SHA-384']);
  // A certificate is not a request, and a request is not a certificate.
  assert.equal(run(derDetector, 'a.der', fixture('certs/leaf-ec-p256.der'))[0]?.type, 'certificate');
  assert.ok(!run(derDetector, 'a.der', derOf('certs/request-rsa2048-sha256.csr')).some((d) => d.type === 'certificate'));
});

test('domain parameters: DH and DSA groups by prime size, EC parameters by named curve; a truncated body gives nothing', () => {
  const found = (rel: string) => run(pemDetector, rel, fixture(rel)).map((d) => (d.type === 'algorithm' ? `${d.spelling} ${JSON.stringify(d.params)}` : d.type));
  assert.deepEqual(found('params/dh-ffdhe2048.pem'), ['FFDH {"keySize":2048}']);
  assert.deepEqual(found('params/dsa-2048.pem'), ['DSA {"keySize":2048}']);
  assert.deepEqual(found('params/ec-p384.pem'), ['EC {"curve":"P-384"}']);
  const text = fixture('params/dh-ffdhe2048.pem').toString();
  const lines = text.split('\n');
  assert.deepEqual(run(pemDetector, 'dh.pem', [lines[0], lines[1], lines.at(-2)].join('\n')), []);
});

test('.NET strong-name keys (.snk) and PVK files are RSA keys sized by their modulus, sharing the PEM key\'s fingerprint', () => {
  const pem = (file: string) => (run(pemDetector, file, fixture(`keys/${file}`))[0] as MaterialDetection).material.fingerprintSha256;
  const facts = (file: string) => {
    const [d] = run(capiKeyDetector, `src/${file}`, fixture(`keys/${file}`)) as MaterialDetection[];
    const m = d!.material;
    return [m.materialType, m.format, m.algorithm?.spelling, m.size, m.encrypted, m.fingerprintSha256];
  };
  assert.deepEqual(facts('rsa1024.snk'), ['private-key', 'SNK', 'RSA', 1024, false, pem('rsa1024-pkcs1.pem')]);
  assert.deepEqual(facts('rsa1024-public.snk'), ['public-key', 'SNK', 'RSA', 1024, undefined, pem('rsa1024-pkcs1.pem')]);
  assert.deepEqual(facts('rsa2048.pvk'), ['private-key', 'PVK', 'RSA', 2048, false, pem('rsa2048-pkcs8.pem')]);
  // An encrypted PVK seals everything after its BLOBHEADER: a private key, encrypted, of unknown size.
  const sealed = facts('rsa2048-encrypted.pvk');
  assert.deepEqual(sealed.slice(0, 5), ['private-key', 'PVK', undefined, undefined, true]);
});

test('files named .snk or .pvk that are not key blobs, or are truncated, give nothing', () => {
  const snk = fixture('keys/rsa1024.snk');
  assert.deepEqual(run(capiKeyDetector, 'Key.snk', snk.subarray(0, snk.length - 1)), []);
  assert.deepEqual(run(capiKeyDetector, 'Key.snk', Buffer.concat([snk, Buffer.alloc(1)])), []);
  assert.deepEqual(run(capiKeyDetector, 'Key.snk', Buffer.from('version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 596\n')), []);
  assert.deepEqual(run(capiKeyDetector, 'Key.snk', Buffer.alloc(596)), []);
  const pvk = fixture('keys/rsa2048.pvk');
  assert.deepEqual(run(capiKeyDetector, 'a.pvk', pvk.subarray(0, 100)), []);
  assert.deepEqual(run(capiKeyDetector, 'a.pvk', snk), [], 'a bare blob is not a PVK file');
});
