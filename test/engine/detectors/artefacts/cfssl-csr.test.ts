// cfssl certificate requests in JSON: the key pair cfssl generates (artefacts/cfssl-csr.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cfsslCsrDetector, cfsslKeyRequest } from '../../../../src/engine/detectors/artefacts/cfssl-csr.js';
import type { AlgorithmDetection } from '../../../../src/engine/inventory/model.js';
import { run } from './helpers.js';

const rows = (path: string, json: string) =>
  run(cfsslCsrDetector, path, json).map((d) => {
    const a = d as AlgorithmDetection;
    return `${a.occurrence.line} ${a.spelling} ${JSON.stringify(a.params)}${a.unresolved ? ` ?${a.unresolved.join(',')}` : ''}`;
  });

test('a CA request and a leaf request: the key each asks cfssl to generate, at its algo line', () => {
  const ca = [
    '{',
    '  "CN": "Example Root CA",',
    '  "key": {',
    '    "algo": "rsa",', // 4
    '    "size": 4096',
    '  },',
    '  "names": [{ "C": "GB", "O": "Example" }],',
    '  "ca": { "expiry": "87600h" }',
    '}',
  ].join('\n');
  assert.deepEqual(rows('pki/ca-csr.json', ca), ['4 RSA {"keySize":4096}']);
  const leaf = '{"CN": "api", "hosts": ["api.internal"], "key": {"algo": "ecdsa", "size": 384}}';
  assert.deepEqual(rows('pki/api-csr.json', leaf), ['1 ECDSA {"curve":"P-384"}']);
  const ed = '{\n  "key": {\n    "algo": "ed25519"\n  },\n  "CN": "signer"\n}\n';
  assert.deepEqual(rows('initca/ed.json', ed), ['3 Ed25519 {}']);
});

test('several requests in one document are found in order, each at its own line', () => {
  const doc = [
    '{',
    '  "requests": [',
    '    { "CN": "a", "key": { "algo": "rsa", "size": 2048 } },', // 3
    '    { "CN": "b", "key": { "algo": "ecdsa", "size": 256 } },', // 4
    '    { "CN": "c", "key": { "algo": "rsa", "size": 3072 } }', // 5
    '  ]',
    '}',
  ].join('\n');
  assert.deepEqual(rows('requests.json', doc), ['3 RSA {"keySize":2048}', '4 ECDSA {"curve":"P-256"}', '5 RSA {"keySize":3072}']);
});

test('an absent size stays unresolved; an algorithm, curve or RSA size cfssl refuses is nothing', () => {
  assert.deepEqual(rows('a.json', '{"key": {"algo": "rsa"}}'), ['1 RSA {} ?keySize']);
  assert.deepEqual(rows('b.json', '{"key": {"algo": "ecdsa"}}'), ['1 ECDSA {} ?curve']);
  assert.deepEqual(rows('c.json', '{"key": {"algo": "ecdsa", "size": 255}}'), []);
  assert.deepEqual(rows('d.json', '{"key": {"algo": "yolocrypto", "size": 2048}}'), []);
  // cfssl refuses RSA below 2048 and above 8192 bits: no key, so no short key either.
  assert.deepEqual(rows('e.json', '{"key": {"algo": "rsa", "size": 1024}}'), []);
  assert.deepEqual(rows('f.json', '{"key": {"algo": "rsa", "size": 16384}}'), []);
  assert.deepEqual(rows('g.json', '{"key": {"algo": "rsa", "size": 8192}}'), ['1 RSA {"keySize":8192}']);
  assert.equal(cfsslKeyRequest('RSA', 2048), undefined, 'cfssl compares the lower-case name');
});

test('JSON that is not a key request produces nothing', () => {
  // An "algo" that is not under a "key" object, a "key" that is a string (cfssl's auth keys), broken JSON.
  assert.deepEqual(rows('x.json', '{"algo": "rsa", "size": 2048}'), []);
  assert.deepEqual(rows('y.json', '{"auth_keys": {"k": {"type": "standard", "key": "0123"}}, "algo": "rsa"}'), []);
  assert.deepEqual(rows('z.json', '{"key": {"algo": "rsa", "size": 2048}'), []);
  assert.equal(cfsslCsrDetector.appliesTo('csr.yaml'), false);
});
