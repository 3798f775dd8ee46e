// cryptography's x509 builders: `sign(private_key, algorithm)` signs a certificate, CSR or CRL with
// the key's scheme and the given hash; a `sign` of anything else keeps its hash as a plain digest.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms } from './helpers.js';

test('an RSA-PSS padding given as rsa_padding makes the certificate signature RSA-PSS', () => {
  const found = algorithms(`
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

key = rsa.generate_private_key(public_exponent=65537, key_size=3072)
pss = padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=padding.PSS.DIGEST_LENGTH)
cert = x509.CertificateBuilder().subject_name(NAME).sign(key, hashes.SHA256(), rsa_padding=pss)
`);
  assert.deepEqual(found.filter((a) => a.occurrence.symbol === 'CertificateBuilder.sign').map((a) => [a.name, a.params]), [
    ['RSA-PSS-SHA-256-3072', { keySize: 3072, hash: 'SHA-256' }],
  ]);
});

test('sign() on something that is not an x509 builder keeps its hash a digest', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives import hashes

def attest(signer, payload):
    return signer.sign(payload, hashes.SHA512())
`);
  assert.deepEqual(found.map((a) => [a.name, a.functions]), [['SHA-512', ['digest']]]);
});

test('an OCSP response builder signs like the x509 builders; the hash of add_response stays a digest', () => {
  const found = algorithms(`
import datetime
from cryptography.x509 import ocsp
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

def good_status(cert, issuer, responder):
    responder_key = ec.generate_private_key(ec.SECP384R1())
    now = datetime.datetime.now(datetime.timezone.utc)
    builder = ocsp.OCSPResponseBuilder().add_response(
        cert=cert, issuer=issuer, algorithm=hashes.SHA1(), cert_status=ocsp.OCSPCertStatus.GOOD,
        this_update=now, next_update=None, revocation_time=None, revocation_reason=None,
    ).responder_id(ocsp.OCSPResponderEncoding.HASH, responder)
    return builder.sign(responder_key, hashes.SHA256())
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.functions]), [
    [8, 'ECDSA-P384', ['keygen']],
    [11, 'SHA-1', ['digest']],
    [14, 'ECDSA-P384-SHA-256', ['sign']],
  ]);
  assert.equal(found.find((a) => a.line === 14)?.occurrence.symbol, 'OCSPResponseBuilder.sign');
});

test('a builder signed with an Ed25519 or Ed448 key and no hash is an Ed25519/Ed448 signature', () => {
  const found = algorithms(`
from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import ed25519, ed448

def device_csr(subject):
    device_key = ed25519.Ed25519PrivateKey.generate()
    csr = x509.CertificateSigningRequestBuilder().subject_name(subject)
    return csr.sign(device_key, None)

def root(subject, raw):
    root_key = ed448.Ed448PrivateKey.from_private_bytes(raw)
    return x509.CertificateBuilder().subject_name(subject).issuer_name(subject).sign(private_key=root_key, algorithm=None)

def crl(issuer, key):
    return x509.CertificateRevocationListBuilder().issuer_name(issuer).sign(key, None)
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.functions ?? []]), [
    [6, 'Ed25519', ['keygen']],
    [8, 'Ed25519', ['sign']],
    [11, 'Ed448', []],
    [12, 'Ed448', ['sign']],
    // A key handed in: signed without a hash, so an Edwards key of one of two curves; not guessed.
    [15, 'unknown-signature', ['sign']],
  ]);
});

test('sign(data, None) on something that is not a builder reports nothing', () => {
  const found = algorithms(`
from cryptography.hazmat.primitives.asymmetric import ed25519

def attest(payload, signer):
    key = ed25519.Ed25519PrivateKey.generate()
    token = key.sign(payload)
    return signer.sign(payload, None), token
`);
  // v1.12: the Ed25519 key's own sign(payload) is its signature; signer.sign(payload, None) still nothing.
  assert.deepEqual(found.map((a) => [a.line, a.name, a.functions]), [[5, 'Ed25519', ['keygen']], [6, 'Ed25519', ['sign']]]);
});

test('a builder signed with a key parameter annotated as an RSA private key is an RSA signature of unknown size', () => {
  const found = algorithms(`
import datetime
from typing import Optional
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, rsa

def leaf_cert(ca_key: rsa.RSAPrivateKey, ca_cert, subject, public_key):
    builder = x509.CertificateBuilder().issuer_name(ca_cert.subject).subject_name(subject)
    builder = builder.public_key(public_key)
    return builder.sign(private_key=ca_key, algorithm=hashes.SHA256())

def empty_crl(ca_key: Optional[ec.EllipticCurvePrivateKey], ca_cert):
    builder = x509.CertificateRevocationListBuilder().issuer_name(ca_cert.issuer)
    return builder.sign(private_key=ca_key, algorithm=hashes.SHA384())
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.params, a.functions]), [
    [11, 'RSA-PKCS1-1.5-SHA-256', { hash: 'SHA-256' }, ['sign']],
    [15, 'ECDSA-SHA-384', { hash: 'SHA-384' }, ['sign']],
  ]);
});

test('a key parameter annotated with a union of key classes, or rebound in the function, names no algorithm', () => {
  const found = algorithms(`
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, rsa

def sign_any(key: rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey, csr):
    return x509.CertificateSigningRequestBuilder().subject_name(csr.subject).sign(key, hashes.SHA256())

def sign_loaded(key: rsa.RSAPrivateKey, csr, loader):
    key = loader.load(key)
    return x509.CertificateSigningRequestBuilder().subject_name(csr.subject).sign(key, hashes.SHA256())
`);
  assert.deepEqual(found.map((a) => [a.line, a.name]), [
    [7, 'unknown-signature'],
    [11, 'unknown-signature'],
  ]);
});
