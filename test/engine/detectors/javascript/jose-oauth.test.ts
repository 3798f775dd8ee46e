// jose's documented key-generation defaults, its decryption allow-lists, the JOSE names of ML-DSA, and
// OAuth/OpenID Connect metadata that chooses JOSE algorithms (javascript/oauth-metadata.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, detect } from './helpers.js';

const rows = (src: string, path = 'src/example.ts'): string[] => algorithms(src, path).map((a) => `${a.line} ${a.name}`);

test('jose generateKeyPair: RSA 2048 and Ed25519 when the options leave them out; ML-DSA by its JOSE name', () => {
  const src = `import { generateKeyPair, importJWK } from 'jose';
const rsa = await generateKeyPair('RS256', { extractable: true });
const pss = await generateKeyPair('PS384');
const big = await generateKeyPair('RSA-OAEP-256', { modulusLength: 4096 });
const okp = await generateKeyPair('EdDSA');
const ed448 = await generateKeyPair('EdDSA', { crv: 'Ed448' });
const pq = await generateKeyPair('ML-DSA-44', { extractable: true });
export async function fromCaller(options) { return generateKeyPair('RS512', options); }
const imported = await importJWK(jwk, 'EdDSA');
`;
  assert.deepEqual(rows(src), [
    '2 RSA-PKCS1-1.5-SHA-256-2048',
    '3 RSA-PSS-SHA-384-2048',
    '4 RSA-OAEP-SHA-256-4096',
    '5 Ed25519',
    '6 Ed448',
    '7 ML-DSA-44',
    '8 RSA-PKCS1-1.5-SHA-512',
    '9 EdDSA',
  ]);
});

test('jose jwtDecrypt/compactDecrypt: the key-management and content-encryption algorithms the call accepts', () => {
  const src = `import { jwtDecrypt, compactDecrypt } from 'jose';
const alg = 'dir';
const enc = 'A256CBC-HS512';
export async function decode(token: string, key: Uint8Array) {
  return jwtDecrypt(token, key, { clockTolerance: 15, keyManagementAlgorithms: [alg], contentEncryptionAlgorithms: [enc, 'A256GCM'] });
}
export async function open(jwe: string, key: CryptoKey) {
  return compactDecrypt(jwe, key, { keyManagementAlgorithms: ['ECDH-ES+A128KW'] });
}
export async function any(jwe: string, key: CryptoKey) {
  return compactDecrypt(jwe, key);
}
`;
  assert.deepEqual(rows(src), ['5 AES-256-CBC', '5 HMAC-SHA-512', '5 AES-256-GCM', '8 ECDH', '8 AES-128-KW']);
});

const providerConfig = `const SIGNING = ['RS256', 'PS256', 'ES256', 'Ed25519', 'EdDSA'];
export default {
  clients: [{
    client_id: 'foo',
    id_token_signed_response_alg: 'HS256',
    userinfo_signed_response_alg: 'none',
    'id_token_encrypted_response_alg': 'RSA-OAEP-256',
    id_token_encrypted_response_enc: 'A128CBC-HS256',
    token_endpoint_auth_signing_alg: 'ES384',
  }],
  enabledJWA: {
    idTokenSigningAlgValues: SIGNING,
    authorizationEncryptionAlgValues: ['ECDH-ES', 'dir'],
    dPoPSigningAlgValues: ['ML-DSA-65'],
  },
};
metadata.request_object_signing_alg = 'PS512';
`;

test('OAuth/OIDC client metadata, discovery lists and camelCase server settings name their JOSE algorithms', () => {
  assert.deepEqual(rows(providerConfig, 'config/provider.js'), [
    '5 HMAC-SHA-256',
    '7 RSA-OAEP-SHA-256',
    '8 AES-128-CBC',
    '8 HMAC-SHA-256',
    '9 ECDSA-P384-SHA-384',
    '12 RSA-PKCS1-1.5-SHA-256',
    '12 RSA-PSS-SHA-256',
    '12 ECDSA-P256-SHA-256',
    '12 Ed25519',
    '12 EdDSA',
    '13 ECDH',
    '14 ML-DSA-65',
    '17 RSA-PSS-SHA-512',
  ]);
  const found = detect(providerConfig, 'config/provider.js');
  // Protocol settings: no library is named, and 'none' there raises nothing (OpenID Connect allows unsigned userinfo).
  assert.deepEqual(found.filter((d) => d.type === 'library' || d.type === 'signal' || (d.type === 'algorithm' && d.library)), []);
  const fns = found.flatMap((d) => (d.type === 'algorithm' ? [`${d.occurrence.line} ${(d.functions ?? []).join(',')}`] : []));
  assert.ok(fns.includes('9 sign,verify') && fns.includes('7 encrypt,decrypt') && fns.includes('5 tag'), fns.join(' | '));
});

test('alg-like names that are not these settings, types, comparisons and unreadable values name nothing', () => {
  const src = `export interface Options {
  id_token_signed_response_alg?: 'RS256' | 'HS256';
  jwtAlgorithm?: 'HS256' | 'RS256';
}
const header = { alg: 'RS256', typ: 'JWT' };
const claims = { signing_algorithm_name: 'RS256', encryption_alg_label: 'A128GCM' };
if (client.id_token_signed_response_alg === 'HS256') reject();
export function register(alg: string) {
  return { id_token_signed_response_alg: alg, userinfo_signing_alg_values_supported: supported() };
}
`;
  assert.deepEqual(rows(src, 'src/oidc/register.ts'), []);
});
