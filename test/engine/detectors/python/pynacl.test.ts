// PyNaCl: libsodium constructions named by their classes and functions, Argon2 presets and defaults,
// BLAKE2b digest sizes, and the nacl.bindings wrappers.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms } from './helpers.js';

const summary = (source: string) => algorithms(source).map((a) => [a.name, a.line, a.functions?.join('+'), a.library?.name ?? '']);

describe('PyNaCl', () => {
  it('public-key boxes agree X25519 keys and encrypt with XSalsa20-Poly1305; signing keys are Ed25519', () => {
    const source = [
      'from nacl.public import Box, PrivateKey, SealedBox',
      'import nacl.signing',
      '',
      'def exchange(peer):',
      '    mine = PrivateKey.generate()',
      '    box = Box(mine, peer)',
      '    sealed = SealedBox(peer).encrypt(b"hello")',
      '    signer = nacl.signing.SigningKey.generate()',
      '    return nacl.signing.VerifyKey(signer.verify_key.encode())',
      '',
    ].join('\n');
    assert.deepEqual(summary(source), [
      ['X25519', 5, 'keygen', 'pynacl'],
      ['X25519', 6, 'keyderive', 'pynacl'],
      ['XSalsa20-Poly1305', 6, 'encrypt+decrypt', 'pynacl'],
      ['X25519', 7, 'keyderive', 'pynacl'],
      ['XSalsa20-Poly1305', 7, 'encrypt+decrypt', 'pynacl'],
      ['Ed25519', 8, 'keygen', 'pynacl'],
      ['Ed25519', 9, 'verify', 'pynacl'],
    ]);
  });

  it('Argon2 cost and memory from literals, presets of the right variant and the documented defaults', () => {
    const source = [
      'from nacl import pwhash',
      'from nacl.pwhash import argon2i, argon2id',
      '',
      'def derive(pw, salt, ops):',
      '    argon2id.kdf(32, pw, salt, opslimit=argon2id.OPSLIMIT_INTERACTIVE, memlimit=argon2id.MEMLIMIT_INTERACTIVE)',
      '    argon2i.kdf(16, pw, salt, opslimit=argon2i.OPSLIMIT_MODERATE, memlimit=argon2i.MEMLIMIT_MODERATE)',
      '    argon2id.kdf(32, pw, salt, opslimit=5, memlimit=128 * 1024 * 1024)',
      '    pwhash.str(pw)',
      '    argon2id.kdf(32, pw, salt, opslimit=ops, memlimit=pwhash.MEMLIMIT_SENSITIVE)',
      '    pwhash.scrypt.kdf(32, pw, salt)',
      '',
    ].join('\n');
    const got = algorithms(source).map((a) => [a.name, a.line, JSON.stringify(a.params), a.unresolved?.join('+') ?? '']);
    assert.deepEqual(got, [
      ['Argon2id-65536-2', 5, JSON.stringify({ cost: 2, memoryCost: 65536, outputLength: 256 }), ''],
      ['Argon2i-131072-6', 6, JSON.stringify({ cost: 6, memoryCost: 131072, outputLength: 128 }), ''],
      ['Argon2id-131072-5', 7, JSON.stringify({ cost: 5, memoryCost: 131072, outputLength: 256 }), ''],
      ['Argon2id-65536-2', 8, JSON.stringify({ cost: 2, memoryCost: 65536 }), ''],
      ['Argon2id-1048576', 9, JSON.stringify({ memoryCost: 1048576, outputLength: 256 }), 'cost'],
      ['scrypt', 10, JSON.stringify({}), 'cost'],
    ]);
  });

  it('hashes: BLAKE2b digest size in bytes (32 by default), SHA-2, and the bindings by libsodium name', () => {
    const source = [
      'import nacl.hash',
      'import nacl.hashlib',
      'import nacl.bindings as sodium',
      '',
      'def digests(data, key, nonce):',
      '    nacl.hash.blake2b(data)',
      '    nacl.hash.blake2b(data, digest_size=64)',
      '    nacl.hashlib.blake2b(data, digest_size=48)',
      '    nacl.hash.sha512(data)',
      '    sodium.crypto_aead_chacha20poly1305_ietf_decrypt(data, None, nonce, key)',
      '    sodium.crypto_secretbox_open_easy(data, nonce, key)',
      '    sodium.crypto_kx_client_session_keys(key, key, key)',
      '',
    ].join('\n');
    assert.deepEqual(summary(source), [
      ['BLAKE2b-256', 6, 'digest', 'pynacl'],
      ['BLAKE2b-512', 7, 'digest', 'pynacl'],
      ['BLAKE2b-384', 8, 'digest', 'pynacl'],
      ['SHA-512', 9, 'digest', 'pynacl'],
      ['ChaCha20-Poly1305', 10, 'decrypt', 'pynacl'],
      ['XSalsa20-Poly1305', 11, 'decrypt', 'pynacl'],
      ['X25519', 12, 'keyderive', 'pynacl'],
    ]);
  });

  it('names that only look like PyNaCl produce nothing', () => {
    const source = [
      'from shapes import Box',
      'class PrivateKey:',
      '    pass',
      '',
      'def build():',
      '    return Box(1, 2), PrivateKey()',
      '',
    ].join('\n');
    assert.deepEqual(summary(source), []);
  });
});
