import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, createHash } from 'node:crypto';
import { jwkDetector } from '../../../../src/engine/detectors/artefacts/jwk.js';
import type { MaterialDetection } from '../../../../src/engine/inventory/model.js';
import { run } from './helpers.js';

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
const ec = generateKeyPairSync('ec', { namedCurve: 'P-521' }).privateKey.export({ format: 'jwk' });
const ed = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });

test('a JWKS yields one material per key: type, size or curve, private when d is present', () => {
  const pub = { kty: rsa.kty, n: rsa.n, e: rsa.e, kid: 'r1', alg: 'RS256' };
  const doc = JSON.stringify({ keys: [pub, ec, ed, { kty: 'oct', alg: 'A256GCM', k: Buffer.alloc(32, 1).toString('base64url') }] }, null, 2);
  const ds = run(jwkDetector, 'keys/jwks.json', doc) as MaterialDetection[];
  const facts = ds.map((d) => [d.material.materialType, d.material.algorithm?.spelling, d.material.size, d.material.algorithm?.params.curve]);
  assert.deepEqual(facts, [
    ['public-key', 'RSA', 2048, undefined],
    ['private-key', 'ECDSA', 521, 'P-521'],
    ['public-key', 'Ed25519', 255, undefined],
    ['secret-key', 'A256GCM', 256, undefined],
  ]);
  // Occurrences point at each key's "kty" line, in order.
  const lines = ds.map((d) => d.occurrence.line);
  assert.deepEqual([...lines].sort((a, b) => a - b), lines);
  assert.equal(new Set(lines).size, 4);
  // RFC 7638 thumbprint of the RSA key.
  const expected = createHash('sha256').update(JSON.stringify({ e: rsa.e, kty: 'RSA', n: rsa.n })).digest('hex');
  assert.equal(ds[0]!.material.fingerprintSha256, expected);
});

test('private members never reach a detection, even on a one-line JWK', () => {
  const out = JSON.stringify(run(jwkDetector, 'k.jwk', JSON.stringify(rsa)));
  for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const) assert.ok(!out.includes(String(rsa[member]).slice(0, 20)), member);
  assert.ok(out.includes('"private-key"'));
});

test('JSON without keys, invalid JSON and malformed keys produce nothing', () => {
  assert.deepEqual(run(jwkDetector, 'package.json', '{"name": "kty", "kty": 3}'), []);
  assert.deepEqual(run(jwkDetector, 'a.json', '{"kty": "RSA", "n": '), []);
  assert.deepEqual(run(jwkDetector, 'a.json', '{"kty": "RSA", "e": "AQAB"}'), []);
  assert.deepEqual(run(jwkDetector, 'a.json', '{"kty": "OKP", "crv": "Curve41417", "x": "AA"}'), []);
});

test('ML-DSA keys (kty AKP): the parameter set from alg, private when priv is present; an AKP key of another alg is none', () => {
  const pub = Buffer.alloc(1312, 7).toString('base64url');
  const doc = JSON.stringify({ keys: [
    { kty: 'AKP', alg: 'ML-DSA-44', pub, priv: Buffer.alloc(32, 3).toString('base64url') },
    { kty: 'AKP', alg: 'ML-DSA-87', pub },
    { kty: 'AKP', alg: 'FOO-1', pub },
  ] }, null, 2);
  const ds = run(jwkDetector, 'keys/pq.jwks', doc) as MaterialDetection[];
  assert.deepEqual(ds.map((d) => [d.material.materialType, d.material.algorithm?.spelling]), [['private-key', 'ML-DSA-44'], ['public-key', 'ML-DSA-87']]);
  const expected = createHash('sha256').update(JSON.stringify({ alg: 'ML-DSA-87', kty: 'AKP', pub })).digest('hex');
  assert.equal(ds[1]!.material.fingerprintSha256, expected);
});
