// pyca's Cipher(algorithms.AES(key), modes.X(…)): the key's size in its mode (an XTS key is two AES
// keys), and the signals about constant keys and IVs naming the same algorithm as the asset, so that
// they add no second one.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, kb, signals } from './helpers.js';

test('a constant key or IV signal relates to the cipher as reported, mode and padding included', () => {
  const source = `
from cryptography.hazmat.primitives import cmac, padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

def legacy_box(data):
    key = b"\\x00" * 16
    return Cipher(algorithms.AES(key), modes.ECB()).encryptor().update(data)

def legacy_cbc(data):
    padder = padding.PKCS7(128).padder()
    return Cipher(algorithms.AES(b"0123456789abcdef"), modes.CBC(b"\\x01" * 16)).encryptor().update(padder.update(data))

def tag(data):
    mac = cmac.CMAC(algorithms.AES(b"k" * 32))
    mac.update(data)
    return mac.finalize()
`;
  const found = algorithms(source);
  assert.deepEqual(found.map((a) => [a.line, a.name]), [[7, 'AES-128-ECB'], [11, 'AES-128-CBC-PKCS7'], [14, 'AES-256-CMAC']]);
  // Each signal's related algorithm names the asset at its line: no AES-128 without a mode beside it.
  const named = signals(source).map((s) => [s.occurrence.line, s.signal, s.related ? kb.resolve(s.related.spelling, s.related.params).name : undefined]);
  assert.deepEqual(named, [
    [7, 'hardcoded-key', 'AES-128-ECB'],
    [11, 'hardcoded-key', 'AES-128-CBC-PKCS7'],
    [11, 'static-iv', 'AES-128-CBC-PKCS7'],
    [14, 'hardcoded-key', 'AES-256-CMAC'],
  ]);
});

test('an XTS key is two AES keys; a 512-bit AES key outside XTS is of unknown size', () => {
  const found = algorithms(`
import os
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

def disk_sector(key, tweak, sector):
    wide = Cipher(algorithms.AES(os.urandom(64)), modes.XTS(tweak)).encryptor()
    narrow = Cipher(algorithms.AES(os.urandom(32)), modes.XTS(tweak)).encryptor()
    odd = Cipher(algorithms.AES(os.urandom(48)), modes.XTS(tweak)).encryptor()
    wrong = Cipher(algorithms.AES(os.urandom(64)), modes.CBC(os.urandom(16))).encryptor()
    alone = algorithms.AES(os.urandom(64))
    usual = Cipher(algorithms.AES(os.urandom(24)), modes.CTR(os.urandom(16))).encryptor()
`);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.params.keySize]), [
    [6, 'AES-256-XTS', 256],
    [7, 'AES-128-XTS', 128],
    [8, 'AES-XTS', undefined],
    [9, 'AES-CBC', undefined],
    [10, 'AES', undefined],
    [11, 'AES-192-CTR', 192],
  ]);
});
