// One rule for every language: a crypto API call whose algorithm name cannot be read is still an
// asset, `unknown-<role>`, with the primitive the API fixes, family `unknown`, no levels, and the
// parameters it could not know listed as unknown (docs/methodology.md section 3, docs/detectors.md).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { buildInventory } from '../../../../src/engine/inventory/build.js';
import { SKIP_REASONS, type AlgorithmAsset, type Detection, type ScanStats } from '../../../../src/engine/inventory/model.js';
import * as java from '../java/helpers.js';
import * as python from '../python/helpers.js';
import * as go from '../go/helpers.js';
import * as js from '../javascript/helpers.js';

const kb = java.kb;

function inventory(detections: Detection[]): AlgorithmAsset[] {
  const stats: ScanStats = {
    filesSeen: 1, filesScanned: 1, bytesScanned: 1, skipped: Object.fromEntries(SKIP_REASONS.map((r) => [r, 0])) as ScanStats['skipped'],
    filesByDetector: {}, truncated: false,
  };
  return buildInventory(detections, stats, kb).assets.filter((a): a is AlgorithmAsset => a.kind === 'algorithm');
}

const summary = (a: AlgorithmAsset) => [a.name, a.family, a.primitive, a.unknownParams, a.classicalSecurityBits];

test('Java: every JCA factory with an unreadable name is reported with the role its class fixes', () => {
  const assets = inventory(java.detect(`
import javax.crypto.Cipher;
import javax.crypto.Mac;
import java.security.MessageDigest;
import java.security.Signature;
import javax.crypto.KeyAgreement;
import java.security.KeyStore;

class Dynamic {
  byte[] run(String alg, String type) throws Exception {
    Cipher c = Cipher.getInstance(alg);
    MessageDigest d = MessageDigest.getInstance(Settings.DIGEST);
    Mac m = Mac.getInstance(alg);
    Signature s = Signature.getInstance(alg);
    KeyAgreement k = KeyAgreement.getInstance(alg);
    KeyStore ks = KeyStore.getInstance(type);
    return null;
  }
}`));
  assert.deepEqual(assets.map(summary), [
    ['unknown-cipher', 'unknown', 'unknown', ['keySize'], null],
    ['unknown-hash', 'unknown', 'hash', [], null],
    ['unknown-key-agreement', 'unknown', 'key-agree', [], null],
    ['unknown-mac', 'unknown', 'mac', [], null],
    ['unknown-signature', 'unknown', 'signature', [], null],
  ]);
  const stores = java.detect(`
import java.security.KeyStore;
class S { KeyStore open(String type) throws Exception { return KeyStore.getInstance(type); } }`);
  assert.equal(stores.filter((d) => d.type === 'material').length, 1, 'a key store of unknown type is still a key store');
});

test('Python: hashlib.new and a hazmat Cipher with an unreadable algorithm', () => {
  const assets = inventory(python.detect(`
import hashlib
from cryptography.hazmat.primitives.ciphers import Cipher, modes

def digest(name, data):
    return hashlib.new(name, data).hexdigest()

def encryptor(algorithm, iv):
    return Cipher(algorithm, modes.CBC(iv)).encryptor()
`));
  assert.deepEqual(assets.map((a) => [a.name, a.primitive, a.params.mode ?? null]), [
    ['unknown-cipher', 'unknown', 'CBC'], ['unknown-hash', 'hash', null],
  ]);
});

test('JavaScript: createHash, createCipheriv, createSign and generateKeyPair with a parameter', () => {
  const assets = inventory(js.detect(`
import { createHash, createCipheriv, createSign, generateKeyPairSync, createHmac } from 'node:crypto';
export function digest(alg: string, data: Buffer) { return createHash(alg).update(data).digest(); }
export function seal(alg: string, key: Buffer, iv: Buffer) { return createCipheriv(alg, key, iv); }
export function signer(alg: string) { return createSign(alg); }
export function keys(type: any) { return generateKeyPairSync(type, {}); }
export function mac(alg: string, key: Buffer) { return createHmac(alg, key); }
`));
  assert.deepEqual(assets.map(summary), [
    ['HMAC', 'HMAC', 'mac', ['hash'], null],
    ['unknown-cipher', 'unknown', 'unknown', ['keySize'], null],
    ['unknown-hash', 'unknown', 'hash', [], null],
    ['unknown-key-pair-generator', 'unknown', 'unknown', ['keySize'], null],
    ['unknown-signature', 'unknown', 'signature', [], null],
  ]);
});

test('Go: a mode over a block the file does not create is an unknown block cipher in that mode', () => {
  const assets = inventory(go.detect(`package seal

import "crypto/cipher"

func Seal(block cipher.Block) (cipher.AEAD, error) { return cipher.NewGCM(block) }
`));
  assert.deepEqual(assets.map((a) => [a.id, a.name, a.primitive, a.params.mode, a.unknownParams]), [
    ['algorithm/unknown-block-cipher/mode-gcm', 'unknown-block-cipher', 'block-cipher', 'GCM', ['keySize']],
  ]);
});

test('a name that merely looks like a role is not one; unresolved assets carry no levels and no KB entry', () => {
  const r = kb.resolve('unknown-cipher', {});
  assert.equal(r.entry, null);
  assert.equal(r.classicalSecurityBits, null);
  assert.equal(r.nistQuantumLevel, null);
  assert.equal(kb.resolve('unknown-sauce', {}).family, 'unknown-sauce', 'not a role: an ordinary unknown spelling');
  assert.equal(kb.resolve('unknown-sauce', {}).primitive, 'unknown');
});

test('WebCrypto: an algorithm identifier whose name cannot be read is reported by the role of the method', () => {
  const assets = inventory(js.detect(`
export async function run(params: any, key: CryptoKey, data: Uint8Array, hashName: string) {
  await crypto.subtle.sign(params, key, data);
  await crypto.subtle.encrypt(params, key, data);
  await crypto.subtle.digest(hashName, data);
  await crypto.subtle.deriveBits(params, key, 256);
  await crypto.subtle.digest('SHA-384', data);
}
`));
  assert.deepEqual(assets.map((a) => [a.name, a.primitive]), [
    ['SHA-384', 'hash'], ['unknown-cipher', 'unknown'], ['unknown-hash', 'hash'], ['unknown-key-derivation', 'unknown'], ['unknown-signature-or-mac', 'unknown'],
  ]);
});

test('PKCS#1 v1.5 signatures are signatures in every language, even with a hash chosen at run time; encryption stays encryption', () => {
  const sigs = [
    ...inventory(js.detect(`import jwt from 'jsonwebtoken';\nexport const t = (k: string) => jwt.sign({}, k, { algorithm: 'RS256' });`)),
    ...inventory(go.detect(`package s

import (
	"crypto"
	"crypto/rsa"
)

func Sign(k *rsa.PrivateKey, h crypto.Hash, d []byte) ([]byte, error) { return rsa.SignPKCS1v15(nil, k, h, d) }
`)),
    ...inventory(python.detect(`
from cryptography.hazmat.primitives.asymmetric import padding

def sign(key, data, algorithm):
    return key.sign(data, padding.PKCS1v15(), algorithm)
`)),
  ];
  assert.deepEqual(sigs.map((a) => [a.name, a.family, a.primitive]), [
    ['RSA-PKCS1-1.5-SHA-256', 'RSASSA-PKCS1', 'signature'],
    ['RSA-PKCS1-1.5', 'RSASSA-PKCS1', 'signature'],
    ['RSA-PKCS1-1.5', 'RSASSA-PKCS1', 'signature'],
  ]);
  const enc = inventory(go.detect(`package s

import "crypto/rsa"

func Wrap(p *rsa.PublicKey, m []byte) ([]byte, error) { return rsa.EncryptPKCS1v15(nil, p, m) }
`));
  assert.deepEqual(enc.map((a) => [a.name, a.family, a.primitive]), [['RSA-PKCS1-1.5', 'RSAES-PKCS1', 'pke']]);
});
