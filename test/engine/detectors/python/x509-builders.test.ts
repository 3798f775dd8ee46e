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
