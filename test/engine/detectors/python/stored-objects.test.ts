// pyca objects the code stores before using: a padding kept in a variable or on `self` (authlib's JWS
// RSAAlgorithm), cipher classes kept in a table (PGPy's OpenPGP cipher ids), and bcrypt checks
// against stored hashes (mitmproxy's htpasswd). What they are used for decides the asset; a mention
// that is not a use (isinstance, comparison, annotation) reports nothing.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, signals } from './helpers.js';

test('a PKCS1v15 padding stored on self and given to sign/verify is a signature, not PKCS#1 v1.5 encryption', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding

class RS256:
    def __init__(self):
        self.padding = padding.PKCS1v15()

    def sign(self, msg, key):
        return key.sign(msg, self.padding, hashes.SHA256())

    def verify(self, msg, sig, key):
        key.verify(sig, msg, self.padding, hashes.SHA256())
`);
  assert.deepEqual(found.map((a) => [a.name, a.params, a.functions]), [['RSA-PKCS1-1.5-SHA-256', { hash: 'SHA-256' }, ['sign']]]);
});

test('a padding in a local variable takes the use and key of the call it is passed to', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import padding, rsa

def wrap(cek):
    key = rsa.generate_private_key(public_exponent=65537, key_size=3072)
    pad = padding.PKCS1v15()
    return key.public_key().encrypt(cek, pad)
`);
  assert.deepEqual(found.filter((a) => a.occurrence.symbol === 'padding.PKCS1v15').map((a) => [a.params, a.functions]), [
    [{ padding: 'PKCS1v15', keySize: 3072 }, ['encrypt']],
  ]);
});

test('a stored padding used both to sign and to encrypt has no known use', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import padding

def both(key, data, digest):
    pad = padding.PKCS1v15()
    key.sign(data, pad, digest)
    return key.public_key().encrypt(data, pad)
`);
  // RSA and no more: with its padding and no hash it would read as PKCS#1 v1.5 encryption.
  assert.deepEqual(found.map((a) => [a.name, a.params, a.functions ?? []]), [['RSA', {}, []]]);
});

test('a PKCS1v15 padding given to no sign/verify/encrypt/decrypt call is RSA of unknown use, with no encryption finding', () => {
  const source = `
from cryptography.hazmat.primitives.asymmetric import padding

def supports_pkcs1(backend):
    return backend.rsa_padding_supported(padding.PKCS1v15())

DEFAULT_PADDING = padding.PKCS1v15()
`;
  assert.deepEqual(algorithms(source).map((a) => [a.line, a.name, a.params, a.functions ?? []]), [
    [5, 'RSA', {}, []],
    [7, 'RSA', {}, []],
  ]);
  assert.deepEqual(signals(source), []);
});

test("pyca's legacy signer/verifier contexts are signatures: the padding is RSASSA and the hash is its digest", () => {
  const found = algorithms(`
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa

def legacy_sign(data):
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    pad = padding.PKCS1v15()
    signer = key.signer(pad, hashes.SHA1())
    signer.update(data)
    return signer.finalize()

def legacy_verify(public_key, signature, data):
    verifier = public_key.verifier(signature, padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32), hashes.SHA256())
    verifier.update(data)
    verifier.verify()

def legacy_ecdsa(ec_key):
    return ec_key.signer(ec.ECDSA(hashes.SHA384()))
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.params, a.functions ?? []]), [
    [6, 'RSA-2048', { keySize: 2048 }, ['keygen']],
    [7, 'RSA-PKCS1-1.5-SHA-1-2048', { hash: 'SHA-1', keySize: 2048 }, ['sign']],
    [13, 'RSA-PSS-SHA-256', { padding: 'PSS', hash: 'SHA-256', saltLength: 32 }, ['verify']],
    [18, 'ECDSA-SHA-384', { hash: 'SHA-384' }, ['sign']],
  ]);
});

test('cipher classes held in a table are the ciphers in use; checks and annotations are not', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.ciphers import algorithms

TABLE = {2: algorithms.TripleDES, 3: algorithms.CAST5, 9: algorithms.AES256}
FALLBACK = algorithms.ARC4

def legacy(cls, key: algorithms.IDEA):
    if isinstance(cls, algorithms.Blowfish) or cls is algorithms.SEED:
        return algorithms.Camellia.block_size
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.params]), [
    [4, '3DES-168', {}],
    [4, 'CAST5-128', {}],
    [4, 'AES-256', { keySize: 256 }],
    [5, 'RC4', {}],
  ]);
});

test('bcrypt checks and hashes with a stored salt are bcrypt of unknown cost; a gensalt salt is reported once', () => {
  const found = algorithms(`
import bcrypt

def check(pw, stored):
    return bcrypt.checkpw(pw, stored)

def new(pw):
    return bcrypt.hashpw(pw, bcrypt.gensalt())
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.functions]), [
    [5, 'bcrypt', ['verify']],
    [8, 'bcrypt-12', ['keyderive']],
  ]);
});

test('a cipher class in a dict entry takes the mode and key size the entry holds; an import binds, it does not use', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.ciphers import algorithms, modes
from cryptography.hazmat.decrepit.ciphers.algorithms import TripleDES

TABLE = {
    "aes192-ctr": {"class": algorithms.AES, "key-size": 24, "mode": modes.CTR},
    "3des-cbc": {"class": TripleDES, "keysize": 192, "mode": modes.CBC},
}
`);
  // The dict keys are SSH names, reported on their own; the classes are checked here.
  assert.deepEqual(found.filter((a) => a.occurrence.symbol.startsWith('algorithms.')).map((a) => [a.line, a.name, a.params]), [
    [6, 'AES-192-CTR', { keySize: 192, mode: 'CTR' }],
    [7, '3DES-168-CBC', { keySize: 192, mode: 'CBC' }],
  ]);
});

test("pyca's ML-KEM and ML-DSA key classes: called, or named in a table; an isinstance check is not a use", () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import mldsa, mlkem
from cryptography.hazmat.primitives.asymmetric.mlkem import MLKEM1024PrivateKey

PAIRS = {b"mlkem768": (mlkem.MLKEM768PrivateKey, mlkem.MLKEM768PublicKey)}

def new(seed, raw, key):
    if isinstance(key, mldsa.MLDSA87PublicKey):
        return None
    mldsa.MLDSA44PrivateKey.from_seed_bytes(seed)
    return MLKEM1024PrivateKey.generate()
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.functions ?? []]), [
    [5, 'ML-KEM-768', []],
    [5, 'ML-KEM-768', []],
    [10, 'ML-DSA-44', ['keygen']],
    [11, 'ML-KEM-1024', ['keygen']],
  ]);
});

test("bcrypt.kdf is OpenSSH's bcrypt_pbkdf: its rounds are iterations, not bcrypt's log2 cost", () => {
  const found = algorithms(`
import bcrypt

def unlock(passphrase, salt, rounds):
    fixed = bcrypt.kdf(passphrase, b"\\x07" * 16, 48, 16)
    stored = bcrypt.kdf(password=passphrase, salt=salt, desired_key_bytes=32, rounds=rounds)
    return fixed, stored
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.params, a.unresolved ?? []]), [
    [5, 'bcrypt', { iterations: 16, outputLength: 384 }, []],
    [6, 'bcrypt', { outputLength: 256 }, ['iterations']],
  ]);
});

// v1.12 audit of paramiko (rsakey.py): `self.key.sign(data, padding=padding.PKCS1v15(), algorithm=…)`
// gives the padding by keyword; it was RSA of unknown use, and a hash after a positional padding given
// as `algorithm=` was a separate digest.
test('a padding or ECDSA given by keyword (padding=, signature_algorithm=) takes the call\'s use and its algorithm= hash', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa

def sign_rsa(data):
    key = rsa.generate_private_key(public_exponent=65537, key_size=3072)
    return key.sign(data, padding=padding.PKCS1v15(), algorithm=hashes.SHA512())

def verify_rsa(key, sig, data):
    key.verify(sig, data, padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32), algorithm=hashes.SHA256())

def wrap(public_key, cek):
    pad = padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None)
    return public_key.encrypt(cek, padding=pad)

def sign_ec(data):
    key = ec.generate_private_key(ec.SECP384R1())
    return key.sign(data, signature_algorithm=ec.ECDSA(hashes.SHA384()))

def other(data):
    return make_thing(data, padding=padding.PKCS1v15())
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.functions ?? []]), [
    [6, 'RSA-3072', ['keygen']],
    [7, 'RSA-PKCS1-1.5-SHA-512-3072', ['sign']],
    [10, 'RSA-PSS-SHA-256', ['verify']],
    [13, 'RSA-OAEP-SHA-256', ['encrypt']],
    [17, 'ECDSA-P384', ['keygen']],
    [18, 'ECDSA-P384-SHA-384', ['sign']],
    [21, 'RSA', []],
  ]);
});
