// PyJWT beyond the module functions (v1.12 audit of jpadilla/pyjwt): `jwt.decode_complete` verifies as
// `jwt.decode` does, and `jwt.PyJWT(options=…)` / `jwt.PyJWS()` objects (the documented way to set
// options such as the minimum key length) encode and decode with the algorithms they are given.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, detect, signals } from './helpers.js';

const rows = (source: string) => algorithms(source).map((a) => [a.line, a.name, a.occurrence.symbol, a.functions?.join('+') ?? '', a.library?.name ?? '']);

test('decode_complete and the methods of PyJWT/PyJWS objects (inline, local or on self) report their JWS algorithms', () => {
  const source = [
    'import jwt',
    'from jwt.api_jws import PyJWS',
    '',
    'def verify(token, public_key):',
    '    return jwt.decode_complete(token, public_key, algorithms=["RS256", "ES384"])', // 5
    '',
    'def strict(payload, private_key, token, public_key):',
    '    codec = jwt.PyJWT(options={"enforce_minimum_key_length": True})',
    '    signed = codec.encode(payload, private_key, algorithm="PS512")', // 9
    '    return signed, codec.decode(token, public_key, algorithms=["PS512"])', // 10
    '',
    'class Signer:',
    '    def __init__(self):',
    '        self.jws = PyJWS()',
    '    def sign(self, body, key):',
    '        return self.jws.encode(body, key, algorithm="EdDSA")', // 16
    '',
    'def inline(body, key):',
    '    return jwt.PyJWS().encode(body, key)', // 19: HS256 by default
  ].join('\n');
  assert.deepEqual(rows(source), [
    [5, 'RSA-PKCS1-1.5-SHA-256', 'jwt.decode', 'verify', 'pyjwt'],
    [5, 'ECDSA-P384-SHA-384', 'jwt.decode', 'verify', 'pyjwt'],
    [9, 'RSA-PSS-SHA-512', 'jwt.encode', 'sign', 'pyjwt'],
    [10, 'RSA-PSS-SHA-512', 'jwt.decode', 'verify', 'pyjwt'],
    [16, 'EdDSA', 'jwt.encode', 'sign', 'pyjwt'],
    [19, 'HMAC-SHA-256', 'jwt.encode', 'tag', 'pyjwt'],
  ]);
});

test('a literal HMAC secret and unverified decoding through a PyJWT object are flagged as through the module', () => {
  const source = [
    'import jwt',
    '',
    'def issue(payload, token):',
    '    j = jwt.PyJWT()',
    '    j.encode(payload, "s3cr3t-signing-key", algorithm="HS512")',
    '    return j.decode(token, options={"verify_signature": False})',
  ].join('\n');
  assert.deepEqual(signals(source).map((s) => [s.occurrence.line, s.signal]).sort(), [[5, 'hardcoded-key'], [6, 'jwt-none-algorithm']]);
});

test('a class of that name from elsewhere, and other PyJWT methods, report nothing', () => {
  const source = [
    'import jwt',
    'from myapp.tokens import PyJWT',
    '',
    'def run(token):',
    '    PyJWT().encode({"a": 1}, "k", algorithm="RS256")',
    '    return jwt.PyJWS().get_unverified_header(token)',
  ].join('\n');
  assert.deepEqual(detect(source), []);
});
