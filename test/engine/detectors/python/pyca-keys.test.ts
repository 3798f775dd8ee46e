// pyca/cryptography keys built from their numbers, DH/DSA keys made from parameters, and the rest of
// pyca's surface the sonar-cryptography comparison found missing: Fernet.generate_key, KBKDFCMAC, CMAC
// over other block ciphers, Poly1305's one-shot methods, HOTP/TOTP, Argon2d/Argon2i, public keys
// loaded from raw bytes or an encoded point, and star imports of pyca's asymmetric modules.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, detect } from './helpers.js';

const row = (a: { name: string; line: number; params: object; functions?: string[] }) => [a.line, a.name, a.params, a.functions ?? []];

test('keys from numbers are keys of their algorithm; a size only from a modulus written in the file', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import dh, dsa, ec, rsa

MODULUS = 0x800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000abcdef

def from_row(r):
    public = rsa.RSAPublicNumbers(65537, MODULUS)
    private = rsa.RSAPrivateNumbers(r.p, r.q, r.d, r.dp, r.dq, r.qi, public).private_key()
    other = rsa.RSAPublicNumbers(r.e, r.n).public_key()
    group = dh.DHParameterNumbers(0xffffffffffffffc5, 2)
    peer = dh.DHPublicNumbers(r.y, group)
    signer = dsa.DSAPrivateNumbers(r.x, dsa.DSAPublicNumbers(r.y, dsa.DSAParameterNumbers(r.p, r.q, r.g)))
    point = ec.EllipticCurvePrivateNumbers(r.d, ec.EllipticCurvePublicNumbers(r.x, r.y, ec.SECP521R1()))
`);
  assert.deepEqual(found.map(row), [
    [7, 'RSA-3072', { keySize: 3072 }, []],
    [8, 'RSA-3072', { keySize: 3072 }, []],
    [9, 'RSA', {}, []],
    [10, 'FFDH-64', { keySize: 64 }, []],
    [11, 'FFDH-64', { keySize: 64 }, []],
    // The parameter and public numbers given inline are part of the private key: one asset.
    [12, 'DSA', {}, []],
    [13, 'ECDSA-P521', { curve: 'secp521r1' }, []],
  ]);
});

test('a key from numbers gives its size to the padding it signs with', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

def verify(sig, data):
    key = rsa.RSAPublicNumbers(65537, 0x800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000abcdef).public_key()
    key.verify(sig, data, padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32), hashes.SHA256())
`);
  assert.deepEqual(found.filter((a) => a.line === 7).map((a) => [a.name, a.params.keySize]), [['RSA-PSS-SHA-256-3072', 3072]]);
});

test('a numbers class of our own, or one of another module, is not a key', () => {
  const found = algorithms(`
from dataclasses import dataclass
from cryptography import x509

@dataclass
class RSAPublicNumbers:
    e: int
    n: int

def describe(cert: x509.Certificate):
    return RSAPublicNumbers(e=65537, n=cert.public_key().key_size)
`);
  assert.deepEqual(found, []);
});

test('DH and DSA parameters give their algorithm and size to the keys generated from them', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import dh, dsa

parameters = dh.generate_parameters(generator=2, key_size=2048)
server_key = parameters.generate_private_key()

def signer():
    return dsa.generate_parameters(key_size=3072).generate_private_key()

def unknown(params, vault):
    a = params.generate_private_key()
    b = vault.generate_private_key()
    return a, b
`);
  assert.deepEqual(found.map(row), [
    [4, 'FFDH-2048', { keySize: 2048 }, ['keygen']],
    [5, 'FFDH-2048', { keySize: 2048 }, ['keygen']],
    [8, 'DSA-3072', { keySize: 3072 }, ['keygen']],
    [8, 'DSA-3072', { keySize: 3072 }, ['keygen']],
  ]);
});

test('a star import of a pyca asymmetric module binds the names it defines', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric.rsa import *
from somewhere.else import *

def rebuild(e, n):
    return RSAPublicNumbers(e, n).public_key()

def other():
    return DHParameterNumbers(1, 2)
`);
  assert.deepEqual(found.map((a) => [a.line, a.name]), [[6, 'RSA']]);
});

test('Fernet.generate_key is the Fernet scheme, a key generation', () => {
  const found = algorithms(`
from cryptography.fernet import Fernet

key = Fernet.generate_key()
`);
  assert.deepEqual(found.map(row), [
    [4, 'AES-128-CBC-PKCS7', { keySize: 128, mode: 'CBC', padding: 'PKCS7' }, ['keygen']],
    [4, 'HMAC-SHA-256', { hash: 'SHA-256', keySize: 128 }, ['keygen']],
  ]);
});

test('KBKDFCMAC is the SP 800-108 KDF; KDF lengths are read when passed by position', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers import algorithms
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.kbkdf import CounterLocation, KBKDFCMAC, Mode

a = KBKDFCMAC(algorithms.AES, Mode.CounterMode, 32, 4, 4, CounterLocation.BeforeFixed, b"label", b"ctx", None)
b = HKDF(hashes.SHA256(), 48, None, b"info")
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.params.outputLength]), [[7, 'SP800_108_CounterKDF', 256], [8, 'HKDF-SHA-256', 384]]);
});

test('CMAC names the block cipher it runs over, and no cipher it cannot see', () => {
  const found = algorithms(`
import os
from cryptography.hazmat.primitives import cmac
from cryptography.hazmat.primitives.ciphers import algorithms

a = cmac.CMAC(algorithms.AES(os.urandom(32)))
b = cmac.CMAC(algorithms.TripleDES(key))
c = cmac.CMAC(algorithm)
`);
  assert.deepEqual(found.map((a) => [a.line, a.name]), [[6, 'AES-256-CMAC'], [7, '3DES-168-CMAC'], [8, 'CMAC']]);
});

test('Poly1305 one-shot methods, HOTP/TOTP as HMAC, Argon2d/Argon2i, raw and encoded public keys', () => {
  const found = algorithms(`
import os
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, x448
from cryptography.hazmat.primitives.kdf.argon2 import Argon2i
from cryptography.hazmat.primitives.poly1305 import Poly1305
from cryptography.hazmat.primitives.twofactor.totp import TOTP

tag = Poly1305.generate_tag(key, data)
Poly1305.verify_tag(key, data, tag)
totp = TOTP(os.urandom(32), 8, hashes.SHA512(), 30)
kdf = Argon2i(salt=salt, length=32, iterations=3, lanes=4, memory_cost=65536)
peer = x448.X448PublicKey.from_public_bytes(raw)
point = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP384R1(), data)
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.functions ?? []]), [
    [9, 'Poly1305', ['tag']],
    [10, 'Poly1305', ['verify']],
    [11, 'HMAC-SHA-512', ['tag']],
    [12, 'Argon2i-65536-3-4', ['keyderive']],
    [13, 'X448', []],
    [14, 'ECDSA-P384', []],
  ]);
});

test('a generate_private_key method is only read in files that import cryptography', () => {
  assert.deepEqual(detect(`
import hashlib

def make(params):
    return params.generate_private_key()
`), []);
});

test('load_ssh_public_identity reads an OpenSSH public key', () => {
  const found = detect(`
from cryptography.hazmat.primitives import serialization

key = serialization.load_ssh_public_identity(data)
`);
  assert.deepEqual(found.map((d) => (d.type === 'material' ? [d.material.materialType, d.material.format] : d.type)), [['public-key', 'OpenSSH']]);
});

test('a modulus or prime written as a string turned into an integer has its size, as a literal does', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import dh, rsa

# A made-up 1536-bit group prime, written in the RFC style.
GROUP_P = int(
    "98F135D25F557203301850C5A38FD547923A736994E3BF911A61DBE22E44158B"
    "AE97BA94D0EDA82F8F6D05584EF8AA38922766581E27A1C08A6A63EC24EDE6A4"
    "6B4CB2424A23D5962217BEADDBC496CB8E81973E0BECD7B03898D190F9EBDACC"
    "0CB1E29C658CDA1495E60AF593BD04CF0FD630F1F29D0DA9953F48F1A09F76B5"
    "A170B33839263059F28C105D1FB17C2390C192CFD3AC94AF0F21DDB66CAD4A26"
    "8D116ECE1738F7D93D9C172411E20B8F6B0D549B6F03675A1600A35A099950D9",
    16,
)
DECIMAL_N = int("151631045329888723614679808267372695039048348020928179235655313270298901392312718449453954753330211138609502684529881106213830698750643430475098504166496992278058782416908695257524019120335278873637678106019425404619246699539844602249897855117012469281811111649446387427973144308440188638594526716859160001321")

def test_keys(row, text):
    weak = rsa.RSAPublicNumbers(65537, n=int("b6f675cc81e74ef5e8e25d940ed904759531985d5d9dc9f81818e811892f902bd23f0824128b2f330c5c7fd0a6a3a4506513270e269e0d37f2a74de452e6b439", 16))
    group = dh.DHParameterNumbers(GROUP_P, 2)
    big = rsa.RSAPublicNumbers(3, DECIMAL_N)
    prefixed = rsa.RSAPublicNumbers(3, int("0xb6f675cc81e74ef5e8e25d940ed904759531985d5d9dc9f81818e811892f902bd23f0824128b2f330c5c7fd0a6a3a4506513270e269e0d37f2a74de452e6b439", 0))
    read = rsa.RSAPublicNumbers(3, int(text, 16))
    bad = rsa.RSAPublicNumbers(3, int("b6f675cc81e74ef5e8e25d940ed9047g", 16))
    odd = rsa.RSAPublicNumbers(3, int("1234567", 7))
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.params]), [
    [17, 'RSA-512', { keySize: 512 }],
    [18, 'FFDH-1536', { keySize: 1536 }],
    [19, 'RSA-1024', { keySize: 1024 }],
    [20, 'RSA-512', { keySize: 512 }],
    // Read at run time, not a number in any base Python accepts, or a base not read: unknown.
    [21, 'RSA', {}],
    [22, 'RSA', {}],
    [23, 'RSA', {}],
  ]);
});

test('int(text, base) reads the text in that base', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import rsa

def make(setting):
    a = rsa.generate_private_key(65537, int("c00", 16))
    b = rsa.generate_private_key(65537, int(" 2048 "))
    c = rsa.generate_private_key(65537, int("800", base=setting))
`);
  assert.deepEqual(found.map((a) => [a.line, a.name]), [[5, 'RSA-3072'], [6, 'RSA-2048'], [7, 'RSA']]);
});

test('a curve argument that names no curve is an EC key of unknown curve, not a curve of that name', () => {
  const found = algorithms(`
import pytest
from cryptography.hazmat.primitives.asymmetric import ec

def test_rejects_a_string_curve():
    with pytest.raises(TypeError):
        ec.derive_private_key(10, "five")
    with pytest.raises(TypeError):
        ec.generate_private_key(curve=object())
    ec.derive_private_key(10, ec.SECT163K1())
    ec.derive_private_key(10, ec.BrainpoolP384R1())
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.params]), [
    [7, 'ECDSA', {}],
    [9, 'ECDSA', {}],
    [10, 'ECDSA-sect163k1', { curve: 'sect163k1' }],
    [11, 'ECDSA-brainpoolP384r1', { curve: 'brainpoolp384r1' }],
  ]);
});

// Listed as a gap after v1.11: an Edwards key's `sign(data)` names its signature by the key alone (no
// padding or ECDSA object is passed), so the signing itself was never reported.
test('sign/verify on an Ed25519 or Ed448 key made in sight are signatures of that key; X25519 and other objects are not', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import ed25519, ed448, x25519

def sign_all(data, raw, peer):
    ed_key = ed25519.Ed25519PrivateKey.generate()
    sig = ed_key.sign(data)
    pub = ed448.Ed448PublicKey.from_public_bytes(raw)
    pub.verify(sig, data)
    other = ed448.Ed448PrivateKey.from_private_bytes(raw).sign(data)
    xk = x25519.X25519PrivateKey.generate()
    return xk.exchange(peer), signer.sign(data), ed_key.public_key().verify(sig, data)

class Signer:
    def __init__(self):
        self._key = ed25519.Ed25519PrivateKey.generate()
    def sign(self, data):
        return self._key.sign(data)
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.occurrence.symbol, a.functions ?? []]), [
    [5, 'Ed25519', 'Ed25519PrivateKey.generate', ['keygen']],
    [6, 'Ed25519', 'Ed25519PrivateKey.sign', ['sign']],
    [7, 'Ed448', 'Ed448PublicKey.from_public_bytes', []],
    [8, 'Ed448', 'Ed448PublicKey.verify', ['verify']],
    [9, 'Ed448', 'Ed448PrivateKey.from_private_bytes', []],
    [9, 'Ed448', 'Ed448PrivateKey.sign', ['sign']],
    [10, 'X25519', 'X25519PrivateKey.generate', ['keygen']],
    [15, 'Ed25519', 'Ed25519PrivateKey.generate', ['keygen']],
    [17, 'Ed25519', 'Ed25519PrivateKey.sign', ['sign']],
  ]);
});
