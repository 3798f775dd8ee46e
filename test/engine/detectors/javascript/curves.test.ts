// JavaScript detector: curve names are the knowledge base's, so node's older OpenSSL curves (SEC 2
// binary and small prime curves) are named and sized like the NIST ones.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms } from './helpers.js';

test('node key pairs and ECDH on the older OpenSSL curves carry their curve; WebCrypto names still resolve; unknown names do not', () => {
  const src = `import { createECDH, generateKeyPairSync } from 'node:crypto';

export async function legacyKeys(subtle: SubtleCrypto) {
  const tag = generateKeyPairSync('ec', { namedCurve: 'sect233k1' });
  const meter = createECDH('secp112r1');
  const modern = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, false, ['sign']);
  const odd = generateKeyPairSync('ec', { namedCurve: 'P-999' });
  return [tag, meter, modern, odd];
}
`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [
    [4, 'ECDSA-sect233k1'],
    [5, 'ECDH-secp112r1'],
    [6, 'ECDSA-P384'],
    [7, 'ECDSA'],
  ]);
});

test('a WebCrypto namedCurve looked up in a same-file table is each curve of the table', () => {
  const src = `import util from './util.js';
const webCrypto = util.getWebCrypto();
const webCurves = { [CurveId.p256]: 'P-256', [CurveId.p384]: 'P-384', [CurveId.p521]: 'P-521' };
export async function generate(name) {
  return webCrypto.generateKey({ name: 'ECDSA', namedCurve: webCurves[name] }, true, ['sign', 'verify']);
}
export async function agree(name, pub) {
  return webCrypto.importKey('jwk', pub, { name: 'ECDH', namedCurve: remote[name] }, false, []);
}
export async function odd(name) {
  const labels = { a: 'fast', b: 'slow' };
  return webCrypto.generateKey({ name: 'ECDSA', namedCurve: labels[name] }, true, ['sign']);
}
`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [
    [5, 'ECDSA-P256'],
    [5, 'ECDSA-P384'],
    [5, 'ECDSA-P521'],
    [8, 'ECDH'],
    [12, 'ECDSA'],
  ], 'a table the file does not define, or one of no curve names, leaves the curve unknown');
});
