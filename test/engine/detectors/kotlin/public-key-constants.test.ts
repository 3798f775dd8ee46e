// Kotlin: a public key the app ships as a base64 SubjectPublicKeyInfo constant and loads with
// KeyFactory.generatePublic(X509EncodedKeySpec(…)): its curve or RSA size is read from the SPKI; keys read at
// run time stay unsized.
import { strict as assert } from 'node:assert';
import { generateKeyPairSync } from 'node:crypto';
import { test } from 'node:test';
import { algorithms, kb } from './helpers.js';

const spki = (type: 'ec' | 'rsa'): string =>
  (type === 'ec'
    ? generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    : generateKeyPairSync('rsa', { modulusLength: 3072 })
  ).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

const provider = (alg: string, key: string): string => `package com.acme.verify
import java.security.KeyFactory
import java.security.PublicKey
import java.security.spec.X509EncodedKeySpec
import java.util.Base64

private const val KEY = "${key}"

class KeyProvider {
    val publicKey: PublicKey by lazy {
        KeyFactory.getInstance("${alg}")
            .generatePublic(X509EncodedKeySpec(Base64.getDecoder().decode(KEY)))
    }
}
`;

test('an EC or RSA SPKI constant gives the key factory its curve or size', () => {
  const ec = algorithms(provider('EC', spki('ec')))[0]!;
  assert.equal(kb.resolve(ec.spelling, ec.params).name, 'ECDSA-P256');
  const rsa = algorithms(provider('RSA', spki('rsa')))[0]!;
  assert.deepEqual(rsa.params, { keySize: 3072 });
});

test('a key read at run time or bytes that are no SPKI leave the key unsized', () => {
  const runtime = provider('EC', 'x').replace('decode(KEY)', 'decode(remoteKey())');
  assert.deepEqual(algorithms(runtime)[0]!.params, {});
  const garbage = algorithms(provider('RSA', Buffer.from('not a key').toString('base64')))[0]!;
  assert.deepEqual(garbage.params, {});
});
