// pyca/cryptography EC keys: a key the code only exchanges with is ECDH, one it signs with is ECDSA
// (python/hazmat.ts, agreementOnly); `ec.ECDH()` takes the curve of the key it is exchanged with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms } from './helpers.js';

test('an EC key used only for exchange is ECDH on its curve; signing (also beside an exchange) keeps ECDSA', () => {
  const source = [
    'from cryptography.hazmat.primitives import hashes',
    'from cryptography.hazmat.primitives.asymmetric import ec',
    '',
    'def agree(peer_public):',
    '    private = ec.generate_private_key(ec.SECP384R1())', // 5
    '    shared = private.exchange(ec.ECDH(), peer_public)', // 6
    '    return private.public_key(), shared',
    '',
    'def sign(data):',
    '    key = ec.generate_private_key(ec.SECP256R1())', // 10
    '    return key.sign(data, ec.ECDSA(hashes.SHA256()))', // 11
    '',
    'def both(peer, data):',
    '    key = ec.generate_private_key(ec.SECP521R1())', // 14
    '    key.exchange(ec.ECDH(), peer)', // 15
    '    return key.sign(data, ec.ECDSA(hashes.SHA512()))', // 16
    '',
    'def unused():',
    '    return ec.generate_private_key(ec.SECP256R1())', // 19
    '',
    'class Session:',
    '    def __init__(self):',
    '        self._eph = ec.generate_private_key(ec.SECP256R1())', // 23
    '    def secret(self, peer):',
    '        return self._eph.exchange(ec.ECDH(), peer)', // 25
  ].join('\n');
  assert.deepEqual(algorithms(source).map((a) => `${a.line} ${a.name}`), [
    '5 ECDH-P384', '6 ECDH-P384', '10 ECDSA-P256', '11 ECDSA-P256-SHA-256', '14 ECDSA-P521', '15 ECDH-P521', '16 ECDSA-P521-SHA-512', '19 ECDSA-P256', '23 ECDH-P256', '25 ECDH-P256',
  ]);
});

// v1.12 audit of paramiko (kex_ecdh_nist.py): the peer's point decoded from the wire and kept on `self`
// was ECDSA on its curve; it is the key the exchange is made with, so ECDH (the migration is ML-KEM).
test('a decoded public point given to exchange (inline, by local or on self) is ECDH; one verified with, or unused, stays ECDSA', () => {
  const source = [
    'from cryptography.hazmat.primitives import hashes',
    'from cryptography.hazmat.primitives.asymmetric import ec',
    '',
    'class KexP384:',
    '    curve = ec.SECP384R1()',
    '    def start(self):',
    '        self.eph = ec.generate_private_key(ec.SECP384R1())', // 7
    '        self.own_point = self.eph.public_key()',
    '    def reply(self, blob):',
    '        self.peer = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP384R1(), blob)', // 10
    '        return self.peer.public_bytes(None, None), self.eph.exchange(ec.ECDH(), self.peer)', // 11
    '',
    'def inline(private, blob):',
    '    return private.exchange(ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), blob))', // 14
    '',
    'def check(blob, sig, data):',
    '    pub = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), blob)', // 17
    '    pub.verify(sig, data, ec.ECDSA(hashes.SHA256()))', // 18
    '',
    'def load(blob):',
    '    point = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP521R1(), blob)', // 21
    '    return point',
  ].join('\n');
  assert.deepEqual(algorithms(source).map((a) => `${a.line} ${a.name}`), [
    '7 ECDH-P384', '10 ECDH-P384', '11 ECDH-P384', '14 ECDH', '14 ECDH-P256', '17 ECDSA-P256', '18 ECDSA-P256-SHA-256', '21 ECDSA-P521',
  ]);
});
