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
