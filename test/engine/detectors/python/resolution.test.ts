// Argument resolution in the Python detector: module constants, class attributes, self
// attributes, reassignment, concatenation, arithmetic, import aliases, and what stays unknown.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, signals } from './helpers.js';


/** Rows without repeats (a path taken in several cases reports its use once per case; the inventory keeps one). */
function uniqueRows<T>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = JSON.stringify(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

test('class attributes and arithmetic resolve (256 // 8, 2 ** 14)', () => {
  const found = algorithms(`
import os
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

class Settings:
    KEY_BYTES = 256 // 8
    N = 2 ** 14

def seal(data):
    key = os.urandom(Settings.KEY_BYTES)
    kdf = Scrypt(salt=os.urandom(16), length=32, n=Settings.N, r=8, p=1)
    return AESGCM(key).encrypt(os.urandom(12), data, None)
`);
  assert.deepEqual(found.map((f) => f.name), ['scrypt-16384', 'AES-256-GCM']);
});

test('self attributes set in __init__ resolve in other methods', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import rsa, padding
from cryptography.hazmat.primitives import hashes

class Vault:
    def __init__(self, bits=2048):
        self.bits = 4096
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=self.bits)

    def wrap(self, data):
        return self.key.public_key().encrypt(data, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA512(), label=None))
`);
  assert.deepEqual(found.map((f) => f.name), ['RSA-4096', 'RSA-OAEP-SHA-512-4096']);
});

test('reassignment, augmented assignment and concatenation: the value at the point of use', () => {
  const found = algorithms(`
import hashlib
name = "sha"
name += "1"
legacy = hashlib.new(name)
name = "sha3_" + str(256)
modern = hashlib.new(name)
`);
  assert.deepEqual(found.map((f) => [f.line, f.name]), [[5, 'SHA-1'], [7, 'SHA3-256']]);
});

test('import aliases are followed; local look-alikes are ignored', () => {
  const found = algorithms(`
import hashlib as hl
from hashlib import sha512 as strong

def sha256(value):
    return "sha256:" + value

class Cipher:
    pass

def run(data):
    sha256(data)
    Cipher()
    hl.md5(data)
    return strong(data)
`);
  assert.deepEqual(found.map((f) => f.name), ['MD5', 'SHA-512']);
});

test('unknown stays unknown: AES key from a parameter has no size, and no default is filled in', () => {
  const [cipher] = algorithms(`
from Crypto.Cipher import AES
def encrypt(key, data, iv):
    return AES.new(key, AES.MODE_CBC, iv).encrypt(data)
`);
  assert.equal(cipher?.name, 'AES-CBC');
  assert.equal(cipher?.params.keySize, undefined);
  assert.deepEqual(cipher?.unresolved, ['keySize']);
});

test('an API that fixes the parameters reports them: Fernet, AESGCM.generate_key(bit_length=128)', () => {
  const found = algorithms(`
from cryptography.fernet import Fernet
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
token = Fernet(Fernet.generate_key()).encrypt(b"x")
key = AESGCM.generate_key(bit_length=128)
`);
  // Fernet(...) encrypts and tags; Fernet.generate_key() inside it generates the same scheme's key.
  assert.deepEqual(found.map((f) => [f.name, f.functions]), [
    ['AES-128-CBC-PKCS7', ['encrypt', 'decrypt']], ['HMAC-SHA-256', ['tag']],
    ['AES-128-CBC-PKCS7', ['keygen']], ['HMAC-SHA-256', ['keygen']],
    ['AES-128-GCM', ['keygen']],
  ]);
});

test('static IVs, hard-coded keys and passwords are signalled; random ones are not', () => {
  const found = signals(`
import os, hashlib
from Crypto.Cipher import AES
from Crypto.Random import get_random_bytes
KEY = bytes.fromhex("000102030405060708090a0b0c0d0e0f")
IV = b"\\x00" * 16
def a(data):
    return AES.new(KEY, AES.MODE_CBC, IV).encrypt(data)
def b(data):
    return AES.new(get_random_bytes(16), AES.MODE_CBC, iv=os.urandom(16)).encrypt(data)
def c():
    return hashlib.pbkdf2_hmac("sha256", b"hunter2", os.urandom(16), 100_000)
`);
  assert.deepEqual(found.map((s) => [s.occurrence.line, s.signal]), [[8, 'hardcoded-key'], [8, 'static-iv'], [12, 'hardcoded-password']]);
});

test('TLS: pinned old versions, disabled checks, and verify=False only on HTTP clients', () => {
  const found = signals(`
import ssl, requests
ctx = ssl.create_default_context()
ctx.minimum_version = ssl.TLSVersion.TLSv1
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE
requests.get("https://x.example", verify=False)
def validate(payload, verify=True):
    return payload
validate({}, verify=False)
`);
  assert.deepEqual(found.map((s) => [s.occurrence.line, s.signal]), [
    [4, 'insecure-protocol-version'],
    [5, 'hostname-verification-disabled'],
    [6, 'cert-verification-disabled'],
    [7, 'cert-verification-disabled'],
  ]);
});

test('JWT algorithms come from constants and lists; none is a signal, not an asset', () => {
  const src = `
import jwt
ALGS = ["RS256", "none"]
def check(token, key):
    return jwt.decode(token, key, algorithms=ALGS)
`;
  assert.deepEqual(algorithms(src).map((f) => f.name), ['RSA-PKCS1-1.5-SHA-256']);
  assert.deepEqual(signals(src).map((s) => s.signal), ['jwt-none-algorithm']);
});

test('libraries come from imports: pycryptodomex vs pycryptodome, stdlib has none', () => {
  const found = algorithms(`
import hashlib
from Cryptodome.Hash import SHA256
from Crypto.Hash import MD5
hashlib.sha1(b"")
SHA256.new(b"")
MD5.new(b"")
`);
  assert.deepEqual(found.map((f) => [f.name, f.library?.name ?? null]), [['SHA-1', null], ['SHA-256', 'pycryptodomex'], ['MD5', 'pycryptodome']]);
});

test('the random module is weak only where it makes secrets: randbytes, or a draw named like a token', () => {
  const found = signals(`
import random
def make_token():
    return random.getrandbits(128)
def backoff():
    delay = random.random()
    api_key = random.choice("abcdef")
    return delay
`);
  assert.deepEqual(found.map((s) => [s.occurrence.line, s.signal]), [[4, 'weak-random'], [7, 'weak-random']]);
});

test('a key made by a same-file helper keeps its size (function and method helpers)', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

def make_key():
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)

class Signer:
    def _key(self):
        return rsa.generate_private_key(public_exponent=65537, key_size=4096)

    def sign(self, data):
        return self._key().sign(data, padding.PKCS1v15(), hashes.SHA256())

def wrap(data):
    return make_key().public_key().encrypt(data, padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None))
`);
  assert.deepEqual(found.map((f) => [f.line, f.name]), [[6, 'RSA-2048'], [10, 'RSA-4096'], [13, 'RSA-PKCS1-1.5-SHA-256-4096'], [16, 'RSA-OAEP-SHA-256-2048']]);
});

test('a literal JWT HMAC secret is a hard-coded key; a secret from configuration is not', () => {
  const found = signals(`
import os
import jwt
SECRET = "change-me"
def issue(claims):
    return jwt.encode(claims, SECRET, algorithm="HS256")
def issue_from_env(claims):
    return jwt.encode(claims, os.environ["JWT_SECRET"], algorithm="HS256")
def verify_rs(token, public_pem):
    return jwt.decode(token, public_pem, algorithms=["RS256"])
`);
  assert.deepEqual(found.map((s) => [s.occurrence.line, s.signal]), [[6, 'hardcoded-key']]);
});

test('a hash constructor used as a value is a hash in use; as a call argument it belongs to that call', () => {
  const found = algorithms(`
import hashlib
import hmac
from cryptography.hazmat.primitives import hashes

DIGESTS = {"HS256": hashlib.sha256, "HS512": hashlib.sha512}

class Signer:
    DEFAULT = hashes.SHA384

    def mac(self, key, msg):
        return hmac.new(key, msg, hashlib.sha256).digest()

    def legacy(self, h):
        return isinstance(h, hashes.SHA1) or hashes.SHA256.name == h.name
`);
  assert.deepEqual(found.map((a) => [a.line, a.name]), [[6, 'SHA-256'], [6, 'SHA-512'], [9, 'SHA-384'], [12, 'HMAC-SHA-256']]);
});

test('pyca key wrap: AES-KW / AES-KWP sized by the wrapping key, a literal wrapping key is hard-coded', () => {
  const src = `
import os
from cryptography.hazmat.primitives.keywrap import aes_key_wrap, aes_key_unwrap_with_padding

def wrap(cek):
    kek = os.urandom(24)
    return aes_key_wrap(kek, cek)

def unwrap(kek, blob):
    return aes_key_unwrap_with_padding(kek, blob)

def legacy(cek):
    return aes_key_wrap(b"0123456789abcdef", cek)
`;
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.functions]), [
    ['AES-192-KW', ['encrypt']], ['AES-KWP', ['decrypt']], ['AES-128-KW', ['encrypt']],
  ]);
  assert.deepEqual(algorithms(src)[1]!.unresolved, ['keySize']);
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['hardcoded-key', 13]]);
});


test('imports inside functions, conditional blocks and one-line compound statements count like top-level ones', () => {
  const source = [
    'import logging',
    '',
    'def digest(data):',
    '    import hashlib',
    '    return hashlib.md5(data).hexdigest()',
    '',
    'try: from Crypto.Cipher import AES',
    'except ImportError: AES = None',
    '',
    'def seal(key, data):',
    '    return AES.new(key, AES.MODE_GCM).encrypt(data)',
    '',
  ].join('\n');
  assert.deepEqual(algorithms(source).map((a) => [a.line, a.name]), [[5, 'MD5'], [11, 'AES-GCM']]);
});

// A value assigned on some paths only (an if/elif/else arm, a case, an except handler) is unknown
// after the statement: Python keeps the name alive but the branch taken decides its value.
test('branches: a value set in both arms, or in one arm only, is each value that reaches the end of the if', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives import hashes, hmac

def tag(key, data, legacy):
    if legacy:
        digest = hashes.SHA1()
    else:
        digest = hashes.SHA256()
    h = hmac.HMAC(key, digest)

def tag_default(key, data, strong):
    digest = hashes.SHA1()
    if strong:
        digest = hashes.SHA512()
    h = hmac.HMAC(key, digest)
`);
  // Before the branch rule, the last arm written won: HMAC-SHA-256 and HMAC-SHA-512 stated with
  // certainty; from it to v1.7, unknown.
  assert.deepEqual(found.filter((f) => f.name.startsWith('HMAC')).map((f) => [f.line, f.name, f.unresolved]), [
    [9, 'HMAC-SHA-1', undefined], [9, 'HMAC-SHA-256', undefined], [15, 'HMAC-SHA-512', undefined], [15, 'HMAC-SHA-1', undefined],
  ]);
});

test('branches: a use inside the arm keeps its value; the other arm sees the value from before', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import rsa

def make_key(profile):
    bits = 3072
    if profile == "legacy":
        bits = 1024
        old = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    else:
        new = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    return rsa.generate_private_key(public_exponent=65537, key_size=bits)
`);
  assert.deepEqual(found.map((f) => [f.line, f.name]), [[8, 'RSA-1024'], [10, 'RSA-3072'], [11, 'RSA-1024'], [11, 'RSA-3072']]);
});

test('branches: match/case, elif and except handlers; a later unconditional assignment wins again', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import ec

def curve_for(name):
    match name:
        case "p256":
            curve = ec.SECP256R1()
        case "p384":
            curve = ec.SECP384R1()
    a = ec.generate_private_key(curve)
    if name == "a":
        curve = ec.SECP256R1()
    elif name == "b":
        curve = ec.SECP384R1()
    b = ec.generate_private_key(curve)
    try:
        curve = ec.SECP521R1()
    except ValueError:
        curve = ec.SECP256R1()
    c = ec.generate_private_key(curve)
    curve = ec.SECP384R1()
    return ec.generate_private_key(curve)
`);
  // Without `case _` or `else`, the value before the statement is a path too (none at line 10: unknown).
  assert.deepEqual(uniqueRows(found.map((f) => [f.line, f.name, f.unresolved ?? []])), [
    [10, 'ECDSA-P256', []],
    [10, 'ECDSA-P384', []],
    [10, 'ECDSA', ['curve']],
    [15, 'ECDSA-P256', []],
    [15, 'ECDSA-P384', []],
    [15, 'ECDSA', ['curve']],
    [20, 'ECDSA-P521', []],
    [20, 'ECDSA-P256', []],
    [22, 'ECDSA-P384', []],
  ]);
});

test('branches: a try body is the normal path; a field set in an if arm of __init__ is unknown elsewhere', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import rsa

def fresh():
    try:
        size = 4096
    finally:
        pass
    return rsa.generate_private_key(public_exponent=65537, key_size=size)

class Issuer:
    def __init__(self, bits=None):
        self.bits = 2048
        if bits is not None:
            self.bits = bits

    def issue(self):
        return rsa.generate_private_key(public_exponent=65537, key_size=self.bits)
`);
  assert.deepEqual(found.map((f) => [f.line, f.name]), [[9, 'RSA-4096'], [18, 'RSA']]);
});

test('branches: nested ifs join after the inner if, inside the outer arm, and after the outer one', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import rsa

def rotate(hsm, fips):
    bits = 2048
    if hsm:
        if fips:
            bits = 3072
            inner = rsa.generate_private_key(public_exponent=65537, key_size=bits)
        arm = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    else:
        other = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    return rsa.generate_private_key(public_exponent=65537, key_size=bits)
`);
  assert.deepEqual(uniqueRows(found.map((f) => [f.line, f.name])), [[9, 'RSA-3072'], [10, 'RSA-3072'], [10, 'RSA-2048'], [12, 'RSA-2048'], [13, 'RSA-3072'], [13, 'RSA-2048']]);
});
