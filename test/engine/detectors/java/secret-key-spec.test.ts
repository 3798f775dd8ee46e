// `new SecretKeySpec(bytes, offset, len, alg)`: the key is `len` bytes of the array, not the array.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import type { MaterialDetection } from '../../../../src/engine/inventory/model.js';
import { algorithms, detect } from './helpers.js';

/** The secret keys a snippet makes: [line, algorithm, size]. */
function keys(source: string): [number, string | undefined, number | undefined][] {
  return detect(source)
    .filter((d): d is MaterialDetection => d.type === 'material')
    .map((d) => [d.occurrence.line, d.material.algorithm?.spelling, d.material.size]);
}

test('the offset/length constructor sizes the key by its length (a truncated digest is AES-128)', () => {
  const source = `
import java.security.MessageDigest;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
class VaultKey {
  static SecretKey derive(String master) throws Exception {
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    sha.update(master.getBytes("UTF-8"));
    return new SecretKeySpec(sha.digest(), 0, 128 / 8, "AES");
  }
  byte[] seal(byte[] in, byte[] material) throws Exception {
    Cipher c = Cipher.getInstance("AES/CBC/PKCS5Padding");
    c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(material, 0, 32, "AES"));
    return c.doFinal(in);
  }
}`;
  assert.deepEqual(algorithms(source).map((f) => [f.line, f.name]), [[8, 'SHA-256'], [13, 'AES-256-CBC-PKCS5']]);
  assert.deepEqual(keys(source), [[10, 'AES', 128], [14, 'AES', 256]]);
});

test('a comment between the arguments does not shift the algorithm name or the length', () => {
  const found = keys(`
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
class JnlpKey {
  SecretKey key(byte[] mac) {
    return new SecretKeySpec(mac, 0, /* export restrictions */ 128 / 8, "AES");
  }
}`);
  assert.deepEqual(found, [[6, 'AES', 128]]);
});

test('an offset/length key whose length is not a constant stays of unknown size', () => {
  const found = keys(`
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
class Slice {
  SecretKey key(byte[] buf, int off, int len) { return new SecretKeySpec(buf, off, len, "AES"); }
}`);
  assert.deepEqual(found, [[5, 'AES', undefined]]);
});
