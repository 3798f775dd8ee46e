// Authlib's JOSE API as applications call it: algorithms from the header dict, accepted lists,
// generated keys with Authlib's defaults; calls Authlib refuses and look-alikes report nothing.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, signals } from './helpers.js';

test('generate_key takes Authlib defaults; refused sizes and curves and oct secrets report nothing', () => {
  const found = algorithms(`
from authlib.jose import ECKey, JsonWebKey, OKPKey, OctKey, RSAKey

a = RSAKey.generate_key(is_private=True)
b = ECKey.generate_key()
c = OKPKey.generate_key("X448")
d = JsonWebKey.generate_key("RSA", 4096, is_private=True)
e = RSAKey.generate_key(256)
f = ECKey.generate_key("P-999")
g = OctKey.generate_key(256)
`);
  assert.deepEqual(found.map((x) => [x.line, x.name]), [
    [4, 'RSA-2048'],
    [5, 'ECDSA-P256'],
    [6, 'X448'],
    [7, 'RSA-4096'],
  ]);
});

test('a JWE header names both halves of composite algorithms', () => {
  const found = algorithms(`
from authlib.jose import JsonWebEncryption

def seal(data, key):
    jwe = JsonWebEncryption()
    return jwe.serialize_compact({"alg": "ECDH-ES+A256KW", "enc": "A128CBC-HS256"}, data, key)
`);
  assert.deepEqual(found.map((x) => x.name).sort(), ['AES-128-CBC', 'AES-256-KW', 'ECDH', 'HMAC-SHA-256']);
});

test("alg 'none' is an unsigned token; a project's own jwt module is not Authlib", () => {
  const source = `
from authlib.jose import jwt
from myapp.tokens import jwt as ours

unsigned = jwt.encode({"alg": "none"}, {"sub": "x"}, "")
mine = ours.encode({"alg": "HS256"}, {"sub": "x"}, "secret")
`;
  assert.deepEqual(algorithms(source), []);
  assert.deepEqual(signals(source).map((s) => [s.occurrence.line, s.signal]), [[5, 'jwt-none-algorithm']]);
});

test("Authlib objects that verify with every registered algorithm accept alg 'none'; a restricted list does not", () => {
  const source = `
from authlib.jose import JsonWebSignature, JsonWebToken, jwt

def a(token, key):
    return jwt.decode(token, key)

def b(token, key):
    jws = JsonWebSignature()
    return jws.deserialize_compact(token, key)

def c(token, key):
    return JsonWebToken(["RS256"]).decode(token, key)

def d(token, key):
    return JsonWebSignature(algorithms=["HS256", "none"]).deserialize_compact(token, key)

def e(payload, key):
    return JsonWebSignature().serialize_compact({"alg": "ES256"}, payload, key)
`;
  assert.deepEqual(signals(source).map((s) => [s.occurrence.line, s.signal]), [
    [5, 'jwt-none-algorithm'],
    [9, 'jwt-none-algorithm'],
    [15, 'jwt-none-algorithm'],
  ]);
});
