// Python: a key chosen in an if/elif/else, match or try (a join) gives the signature that uses it one
// algorithm per path, as a scalar chosen there does (Evaluator.originByPath): before, the key was
// unknown after the statement and the signature had no key size, curve or even scheme.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms } from './helpers.js';

const signatures = (source: string) =>
  algorithms(source).filter((a) => a.functions?.includes('sign')).map((a) => `${a.line} ${a.name}`);

test('a CSR signed with a key chosen per branch is each branch\'s signature; a raising arm is no path', () => {
  const source = `
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, rsa

def request_for(algorithm, subject):
    if algorithm == "rsa":
        device_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    elif algorithm == "ecdsa":
        device_key = ec.generate_private_key(ec.SECP384R1())
    else:
        raise ValueError(algorithm)
    builder = x509.CertificateSigningRequestBuilder().subject_name(subject)
    return builder.sign(device_key, hashes.SHA256())
`;
  assert.deepEqual(signatures(source), ['14 RSA-PKCS1-1.5-SHA-256-2048', '14 ECDSA-P384-SHA-256']);
});

test('a padding signature takes each path\'s key size; paths that leave the same key make one use', () => {
  const source = `
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import padding, rsa

def sign_bundle(blob, archival):
    if archival:
        signer = rsa.generate_private_key(public_exponent=65537, key_size=4096)
    else:
        signer = rsa.generate_private_key(public_exponent=65537, key_size=1024)
    return signer.sign(blob, padding.PKCS1v15(), hashes.SHA256())

def sign_once(blob, verbose):
    signer = rsa.generate_private_key(public_exponent=65537, key_size=3072)
    if verbose:
        print("signing")
    return signer.sign(blob, padding.PKCS1v15(), hashes.SHA256())

def sign_match(blob, level):
    match level:
        case "high":
            signer = rsa.generate_private_key(public_exponent=65537, key_size=4096)
        case _:
            signer = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return signer.sign(blob, padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32), hashes.SHA256())
`;
  assert.deepEqual(signatures(source), [
    '10 RSA-PKCS1-1.5-SHA-256-4096',
    '10 RSA-PKCS1-1.5-SHA-256-1024',
    '16 RSA-PKCS1-1.5-SHA-256-3072',
    '24 RSA-PSS-SHA-256-4096',
    '24 RSA-PSS-SHA-256-2048',
  ]);
});

test('a key loaded on one path and generated on the other: the loaded one stays unknown', () => {
  const source = `
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec

def issuer_key(pem, subject):
    try:
        key = serialization.load_pem_private_key(pem, password=None)
    except ValueError:
        key = ec.generate_private_key(ec.SECP256R1())
    return x509.CertificateBuilder().subject_name(subject).sign(key, hashes.SHA256())
`;
  assert.deepEqual(signatures(source), ['11 unknown-signature', '11 ECDSA-P256-SHA-256']);
});
