// hashlib's BLAKE2 constructors: digest_size (bytes) names the variant.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms } from './helpers.js';


describe('hashlib BLAKE2 digest sizes', () => {
  it('digest_size literals and same-file constants name BLAKE2b-256, BLAKE2s-128, BLAKE2s-160, BLAKE2b-128', () => {
    const source = [
      'import hashlib',
      '',
      'FINGERPRINT_BYTES = 16',
      '',
      'def cache_key(data: bytes) -> str:',
      '    return hashlib.blake2b(data, digest_size=32).hexdigest()',
      '',
      'def short_ids(data: bytes):',
      '    a = hashlib.blake2s(data, digest_size=16).digest()',
      '    b = hashlib.blake2s(data, digest_size=20).digest()',
      '    c = hashlib.blake2b(data, digest_size=FINGERPRINT_BYTES).digest()',
      '    d = hashlib.blake2b(data).digest()',
      '    e = hashlib.blake2s(data, key=b"k" * 32).digest()',
      '    return a, b, c, d, e',
      '',
    ].join('\n');
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name]), [
      [6, 'BLAKE2b-256'], [9, 'BLAKE2s-128'], [10, 'BLAKE2s-160'], [11, 'BLAKE2b-128'], [12, 'BLAKE2b-512'], [13, 'BLAKE2s-256'],
    ]);
  });

  it('names that only look like BLAKE2 produce nothing', () => {
    const source = [
      'import hashlib',
      '',
      'def blake2b(data, digest_size=32):',
      '    return data[:digest_size]',
      '',
      'def describe():',
      '    log.info("hashing with hashlib.blake2s(digest_size=16)")',
      '    return blake2b(b"x", digest_size=16), hashlib.algorithms_available',
      '',
    ].join('\n');
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.name]), []);
  });
});

describe('hashlib BLAKE2 of a size passed in', () => {
  it('lists the output length as unresolved', () => {
    const source = ['import hashlib', '', 'def digest(data, n):', '    return hashlib.blake2b(data, digest_size=n).digest()', ''].join('\n');
    assert.deepEqual(algorithms(source).map((a) => [a.line, a.unresolved]), [[4, ['outputLength']]]);
  });
});
