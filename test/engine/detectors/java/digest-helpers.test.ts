// Apache Commons Codec and Guava digest/HMAC helpers: the hash each names, HMACs with their hash;
// Guava's non-cryptographic hashes and same-named classes of other packages produce nothing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, detect } from './helpers.js';

const rows = (source: string) => algorithms(source).map((a) => [a.line, a.name, a.functions?.join('+'), a.library?.name]);
const CODEC = 'commons-codec:commons-codec';

describe('Commons Codec and Guava digests', () => {
  it('DigestUtils and HmacUtils, static and constructed', () => {
    const source = [
      'import org.apache.commons.codec.digest.DigestUtils;',
      'import org.apache.commons.codec.digest.HmacAlgorithms;',
      'import org.apache.commons.codec.digest.HmacUtils;',
      'import org.apache.commons.codec.digest.MessageDigestAlgorithms;',
      '',
      'class Checksums {',
      '  String etag(byte[] body) { return DigestUtils.md5Hex(body); }',
      '  byte[] fp(byte[] der) { return DigestUtils.sha256(der); }',
      '  Object md() { return DigestUtils.getSha1Digest(); }',
      '  String legacy(String key, String data) { return HmacUtils.hmacSha1Hex(key, data); }',
      '  String sign(byte[] key, String data) { return new HmacUtils(HmacAlgorithms.HMAC_SHA_256, key).hmacHex(data); }',
      '  Object d() { return new DigestUtils(MessageDigestAlgorithms.SHA3_256); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [7, 'MD5', 'digest', CODEC],
      [8, 'SHA-256', 'digest', CODEC],
      [9, 'SHA-1', 'digest', CODEC],
      [10, 'HMAC-SHA-1', 'tag', CODEC],
      [11, 'HMAC-SHA-256', 'tag', CODEC],
      [12, 'SHA3-256', 'digest', CODEC],
    ]);
  });

  it("Guava's cryptographic hashes and HMACs, not its murmur3 or crc32", () => {
    const source = [
      'import com.google.common.hash.Hashing;',
      'import java.nio.charset.StandardCharsets;',
      '',
      'class Ids {',
      '  String id(String s) { return Hashing.sha256().hashString(s, StandardCharsets.UTF_8).toString(); }',
      '  String mac(byte[] k, byte[] d) { return Hashing.hmacSha512(k).hashBytes(d).toString(); }',
      '  int bucket(String s) { return Hashing.murmur3_32_fixed().hashString(s, StandardCharsets.UTF_8).asInt(); }',
      '  long crc(byte[] d) { return Hashing.crc32().hashBytes(d).padToLong(); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(rows(source), [
      [5, 'SHA-256', 'digest', 'com.google.guava:guava'],
      [6, 'HMAC-SHA-512', 'tag', 'com.google.guava:guava'],
    ]);
  });

  it('classes of the same names from other packages are not these libraries', () => {
    const source = [
      'import com.example.util.DigestUtils;',
      'import com.example.util.Hashing;',
      '',
      'class Own {',
      '  void run(byte[] b) { DigestUtils.md5Hex(b); Hashing.sha256(); }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(detect(source), []);
  });
});
