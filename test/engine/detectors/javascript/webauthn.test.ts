// WebAuthn COSE algorithm identifiers (javascript/webauthn.ts): the credential parameters a relying
// party offers and the algorithms a server verifies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, detect } from './helpers.js';

const source = `import { generateRegistrationOptions } from '@simplewebauthn/server';

const RS1 = -65535;
export async function options(user: string) {
  return generateRegistrationOptions({
    rpName: 'Example',
    rpID: 'example.test',
    userName: user,
    supportedAlgorithmIDs: [-8, -7, -257, RS1],
  });
}

export function createOptions(challenge: Uint8Array) {
  return {
    challenge,
    pubKeyCredParams: [
      { type: 'public-key', alg: -7 },
      { type: 'public-key', alg: -49 },
      { alg: -257, type: 'public-key' },
    ],
  };
}
`;

test('pubKeyCredParams objects are key generation of their COSE algorithm; supportedAlgorithmIDs items are verification', () => {
  const found = algorithms(source, 'src/auth/passkeys.ts').map((a) => `${a.line} ${a.name}`);
  assert.deepEqual(found, ['9 EdDSA', '9 ECDSA-P256-SHA-256', '9 RSA-PKCS1-1.5-SHA-256', '9 RSA-PKCS1-1.5-SHA-1', '17 ECDSA-P256-SHA-256', '18 ML-DSA-65', '19 RSA-PKCS1-1.5-SHA-256']);
  const fns = detect(source, 'src/auth/passkeys.ts').flatMap((d) => (d.type === 'algorithm' ? [`${d.occurrence.line} ${(d.functions ?? []).join(',')}`] : []));
  assert.ok(fns.includes('9 verify') && fns.includes('17 keygen'), fns.join(' '));
  // Attributed to no library (there is no package named "webauthn" here).
  assert.deepEqual(detect(source, 'src/auth/passkeys.ts').filter((d) => d.type === 'library' || (d.type === 'algorithm' && d.library)), []);
});

test('an alg field of anything but a public-key credential parameter, and other integer lists, name nothing', () => {
  const other = `export const pubKeyCredParams = 'see docs';
const jwk = { kty: 'EC', alg: -7, type: 'other' };
const header = { alg: 'ES256', typ: 'JWT' };
const config = { ids: [-7, -257], supportedAlgorithmIDs: loadFromSettings() };
const unknown = [{ type: 'public-key', alg: -999 }];
`;
  assert.deepEqual(algorithms(other, 'src/auth/other.ts'), []);
});
