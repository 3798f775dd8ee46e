// python-rsa and python-ecdsa: key generation with its size or curve (python-ecdsa's NIST192p default
// when none is given), PKCS#1 v1.5 encryption and signatures, loaded keys; not pyca's rsa module.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, detect } from './helpers.js';

const rows = (source: string) => algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+'), a.library?.name]);

describe('python-rsa', () => {
  it('newkeys, PKCS#1 v1.5 encryption and signatures with the hash named, loaded keys', () => {
    const source = [
      'import rsa',
      '',
      'def make():',
      '    pub, priv = rsa.newkeys(512)',
      '    token = rsa.encrypt(b"secret", pub)',
      '    sig = rsa.sign(b"message", priv, "SHA-1")',
      '    rsa.verify(b"message", sig, pub)',
      '    key = rsa.PrivateKey.load_pkcs1(open("key.pem", "rb").read())',
      '    return token, sig, key',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [4, 'RSA-512', 'keygen', 'rsa'],
      [5, 'RSA-PKCS1-1.5', 'encrypt', 'rsa'],
      [6, 'RSA-PKCS1-1.5-SHA-1', 'sign', 'rsa'],
      [7, 'RSA-PKCS1-1.5', 'verify', 'rsa'],
      [8, 'RSA', 'sign', 'rsa'],
    ]);
  });

  it("pyca's rsa module is not python-rsa", () => {
    const source = [
      'from cryptography.hazmat.primitives.asymmetric import rsa',
      '',
      'key = rsa.generate_private_key(public_exponent=65537, key_size=3072)',
      '',
    ].join('\n');
    assert.deepEqual(algorithms(source).map((a) => [a.name, a.library?.name]), [['RSA-3072', 'cryptography']]);
  });
});

describe('python-ecdsa', () => {
  it('generated and loaded keys with their curves, the NIST192p default, and ECDH', () => {
    const source = [
      'import ecdsa',
      'from ecdsa import SigningKey, VerifyingKey, NIST384p, SECP256k1',
      '',
      'def keys(raw, pem):',
      '    a = SigningKey.generate(curve=NIST384p)',
      '    b = ecdsa.SigningKey.generate()',
      '    c = VerifyingKey.from_string(raw, curve=SECP256k1)',
      '    d = SigningKey.from_pem(pem)',
      '    e = ecdsa.ECDH(curve=ecdsa.NIST256p)',
      '    return a, b, c, d, e',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [5, 'ECDSA-P384', 'keygen', 'ecdsa'],
      [6, 'ECDSA-P192', 'keygen', 'ecdsa'],
      [7, 'ECDSA-secp256k1', 'verify', 'ecdsa'],
      [8, 'ECDSA', 'sign', 'ecdsa'],
      [9, 'ECDH-P256', 'keygen', 'ecdsa'],
    ]);
  });

  it('a local module named like them is not them', () => {
    const source = ['from myapp import rsa, ecdsa', '', 'rsa.newkeys(512)', 'ecdsa.SigningKey.generate()', ''].join('\n');
    assert.deepEqual(detect(source), []);
  });
});
