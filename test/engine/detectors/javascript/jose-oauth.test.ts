// jose's documented key-generation defaults, its decryption allow-lists, the JOSE names of ML-DSA, and
// OAuth/OpenID Connect metadata that chooses JOSE algorithms (javascript/oauth-metadata.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, detect, signals } from './helpers.js';

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

const fakeB64 = (bytes: number, seed: number): string => Buffer.from(Array.from({ length: bytes }, (_, i) => (i * 37 + seed) % 251 || 1)).toString('base64url');

test('JWKs written as object literals are key material: RSA size, EC curve, OKP, ML-DSA (AKP), private when d/priv is there', () => {
  const n = fakeB64(256, 200); // first byte 200: a full 2,048-bit modulus
  const src = `const keys = [
  {
    d: '${fakeB64(256, 3)}',
    e: 'AQAB',
    kty: 'RSA',
    n: '${n}',
    use: 'sig',
  },
  { kty: 'EC', crv: 'P-384', x: '${fakeB64(48, 1)}', y: '${fakeB64(48, 2)}', d: '${fakeB64(48, 9)}' },
  { crv: 'X25519', kty: 'OKP', x: '${fakeB64(32, 5)}' },
  { alg: 'ML-DSA-65', kty: 'AKP', pub: '${fakeB64(1952, 4)}', priv: '${fakeB64(32, 6)}' },
];
export default keys;
`;
  const found = detect(src, 'certification/config.js').flatMap((d) => (d.type === 'material' ? [d] : []));
  assert.deepEqual(found.map((d) => `${d.occurrence.line} ${d.material.materialType} ${d.material.algorithm?.spelling} ${d.material.size ?? ''}`), [
    '5 private-key RSA 2048',
    '9 private-key ECDSA 384',
    '10 public-key X25519 255',
    '11 private-key ML-DSA-65 ',
  ]);
  // The evidence never carries the key's members.
  assert.ok(found.every((d) => d.occurrence.snippet.length < 20), found.map((d) => d.occurrence.snippet).join(' | '));
});

test('JWK-shaped objects built at run time, and the malformed keys of validation tests, are no key', () => {
  const src = `export function toPublic(jwk) {
  switch (jwk.kty) {
    case 'RSA': return { e: jwk.e, kty: 'RSA', n: jwk.n };
    case 'EC': return { crv: jwk.crv, kty: 'EC', x: jwk.x, y: jwk.y };
  }
}
const bad = [{ kty: 'EC', crv: 'P-256', x: 'AQ' }, { kty: 'RSA', n: 'foo', e: 'AQAB' }, { kty: 'oct', k: Buffer.from('secret').toString('base64url') }];
const header = { kty: 'RSA' };
`;
  assert.deepEqual(detect(src, 'lib/keys.js').filter((d) => d.type === 'material'), []);
});

test('jose calculateJwkThumbprint: SHA-256 by default, the digest named, unknown when chosen at run time', () => {
  const src = `import * as jose from 'jose';
const a = await jose.calculateJwkThumbprint(jwk);
const b = await jose.calculateJwkThumbprintUri(jwk, 'sha512');
const c = await jose.calculateJwkThumbprint(jwk, \`sha\${bits}\`);
`;
  assert.deepEqual(rows(src), ['2 SHA-256', '3 SHA-512', '4 unknown-hash']);
});

test('PKCE S256 through oauth4webapi and openid-client is SHA-256; their other calls name nothing', () => {
  const src = `import * as o from 'oauth4webapi';
import { generators } from 'openid-client';
const verifier = o.generateRandomCodeVerifier();
const challenge = await o.calculatePKCECodeChallenge(verifier);
const legacy = generators.codeChallenge(generators.codeVerifier());
const state = o.generateRandomState();
`;
  assert.deepEqual(rows(src), ['4 SHA-256', '5 SHA-256']);
  assert.deepEqual(detect(src).flatMap((d) => (d.type === 'algorithm' ? [d.library?.name] : [])), ['oauth4webapi', 'openid-client']);
});

test('a digest chosen by a ternary whose last arm is false is each named digest, no unknown one', () => {
  const src = `import * as crypto from 'node:crypto';
function derive(secret: Buffer, length: number) {
  const digest = length <= 32 ? 'sha256' : length <= 48 ? 'sha384' : false;
  if (!digest) throw new Error('unsupported');
  return crypto.hash(digest, secret, 'buffer').subarray(0, length);
}
export function other(name: string, data: Buffer) { return crypto.createHash(name).update(data).digest(); }
`;
  assert.deepEqual(rows(src), ['5 SHA-256', '5 SHA-384', '7 unknown-hash']);
});

test('rejectUnauthorized: false in a server\'s options (client certificates, mTLS) is no disabled verification; in a client\'s it is', () => {
  const src = `import * as https from 'node:https';
import * as tls from 'node:tls';
const server = https.createServer({
  requestCert: true,
  rejectUnauthorized: false,
  key, cert,
}, app.callback());
const plain = tls.createServer({ rejectUnauthorized: false, key, cert });
const mtls = { requestCert: true, rejectUnauthorized: false };
const client = https.request({ host: 'api.example.test', rejectUnauthorized: false });
const agentOptions = { tls: { rejectUnauthorized: false } };
`;
  assert.deepEqual(signals(src).map((s) => `${s.occurrence.line} ${s.signal}`), ['10 cert-verification-disabled', '11 cert-verification-disabled']);
});
