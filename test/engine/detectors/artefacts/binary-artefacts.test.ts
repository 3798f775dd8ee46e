import { test } from 'node:test';
import assert from 'node:assert/strict';
import { derDetector } from '../../../../src/engine/detectors/artefacts/der.js';
import { keystoreDetector } from '../../../../src/engine/detectors/artefacts/keystore.js';
import type { CertificateDetection, MaterialDetection } from '../../../../src/engine/inventory/model.js';
import { fixture, run } from './helpers.js';

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
