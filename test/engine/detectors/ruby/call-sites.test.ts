// Ruby: values a helper's parameters receive from the file's own calls (ruby/call-sites.ts). Methods
// called bare (with or without parentheses, or with no arguments at all) or on `self`, class methods also
// on their class, `initialize` through `new`; keyword arguments and defaults; methods after `private`
// (or `private def`) are the class's own, others keep an unknown case for callers in other files.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, signals } from './helpers.js';

// Distinct: a use whose algorithm is fixed is the same detection in every case (the inventory merges them).
const names = (source: string): string[] => [...new Set(algorithms(source).map((a) => `${a.line} ${a.name}`))].sort();
const lines = (...l: string[]): string => l.join('\n');

describe('Ruby: values passed by the file\'s own calls', () => {
  it('takes every argument of one call together, never a mix of two calls', () => {
    const source = lines(
      "require 'openssl'",
      'class PasswordVault',
      '  def current(pw, salt) = derive(pw, salt, 600_000, digest: "sha256")',
      '  def legacy(pw, salt) = derive(pw, salt, 1_000, digest: "sha1")',
      '',
      '  private',
      '',
      '  def derive(pw, salt, iterations, digest:)',
      '    OpenSSL::KDF.pbkdf2_hmac(pw, salt: salt, iterations: iterations, length: 32, hash: digest)',
      '  end',
      'end',
    );
    assert.deepEqual(names(source), ['3 PBKDF2-SHA-256-600000', '4 PBKDF2-SHA-1-1000', '9 PBKDF2-SHA-1-1000', '9 PBKDF2-SHA-256-600000']);
  });

  it('bare calls with or without parentheses or arguments, self.name, defaults; a splat call stays unknown', () => {
    const source = lines(
      "require 'openssl'",
      'class Fingerprint',
      "  def legacy(d) = digest(d, 'MD5')",
      '  def current(d)',
      '    digest d',
      '  end',
      "  def named(d) = self.digest(d, 'SHA384')",
      '  def checksum = hasher.hexdigest("x")',
      'SPLAT',
      '  private',
      '',
      "  def digest(data, algo = 'SHA256')",
      '    OpenSSL::Digest.new(algo).hexdigest(data)',
      '  end',
      '',
      "  def hasher(algo = 'SHA512') = OpenSSL::Digest.new(algo)",
      'end',
    );
    assert.deepEqual(names(source.replace('SPLAT\n', '')), ['11 SHA-256', '12 MD5', '12 SHA-256', '12 SHA-384', '15 SHA-512', '3 MD5', '7 SHA-384']);
    assert.deepEqual(names(source.replace('SPLAT', '  def any(args) = digest(*args)')), ['12 SHA-256', '13 MD5', '13 SHA-256', '13 SHA-384', '13 unknown-hash', '16 SHA-512', '3 MD5', '7 SHA-384']);
    // A local of the name is the local, not a call.
    assert.deepEqual(names(source.replace('SPLAT\n', '').replace('def checksum = hasher', 'def checksum(hasher) = hasher')), ['11 SHA-256', '12 MD5', '12 SHA-256', '12 SHA-384', '15 unknown-hash', '3 MD5', '7 SHA-384']);
  });

  it('a public method, or a private one named as a symbol (send, method, a callback), keeps an unknown case', () => {
    const source = lines(
      "require 'openssl'",
      'class Keys',
      'VISIBILITY',
      '  def pair(bits) = OpenSSL::PKey::RSA.new(bits)',
      'END',
      '  def signing = pair(3072)',
      'end',
    );
    assert.deepEqual(names(source.replace('VISIBILITY\n', '').replace('END\n', '')), ['3 RSA', '3 RSA-3072', '4 RSA-3072']);
    assert.deepEqual(names(source.replace('VISIBILITY', '  private').replace('END', '  public')), ['4 RSA-3072', '6 RSA-3072']);
    assert.deepEqual(names(source.replace('VISIBILITY\n', '  private def pair(bits) = OpenSSL::PKey::RSA.new(bits)\n').replace('  def pair(bits) = OpenSSL::PKey::RSA.new(bits)\n', '').replace('END\n', '')), ['3 RSA-3072', '4 RSA-3072']);
    assert.deepEqual(names(source.replace('VISIBILITY', '  private').replace('END', '  public\n  def any(b) = send(:pair, b)')), ['4 RSA', '4 RSA-3072', '7 RSA-3072']);
    // `private :pair` after the definition; a protected method may be called by subclasses elsewhere.
    assert.deepEqual(names(source.replace('VISIBILITY\n', '').replace('END', '  private :pair')), ['3 RSA-3072', '5 RSA-3072']);
    assert.deepEqual(names(source.replace('VISIBILITY', '  protected').replace('END\n', '')), ['4 RSA', '4 RSA-3072', '5 RSA-3072']);
  });

  it('initialize through new, keyword arguments and an instance variable; class methods on their class', () => {
    const source = lines(
      "require 'openssl'",
      'class Box',
      "  def initialize(cipher: 'aes-256-gcm')",
      '    @cipher = cipher',
      '  end',
      '',
      '  def seal(data, key)',
      '    c = OpenSSL::Cipher.new(@cipher)',
      '    c.encrypt',
      '    c.key = key',
      '    c.update(data) + c.final',
      '  end',
      '',
      "  def self.legacy = new(cipher: 'aes-128-cbc')",
      '  private_class_method :new',
      '  def self.modern = new',
      'end',
      '',
      'module Tokens',
      '  def self.mac(data, key, digest) = OpenSSL::HMAC.hexdigest(digest, key, data)',
      "  def self.session(d, k) = mac(d, k, 'SHA512')",
      'end',
      "Tokens.mac('x', ENV['K'], 'SHA384')",
    );
    assert.deepEqual(names(source), ['14 AES-128-CBC', '20 HMAC', '20 HMAC-SHA-384', '20 HMAC-SHA-512', '21 HMAC-SHA-512', '23 HMAC-SHA-384', '3 AES-256-GCM', '8 AES-128-CBC', '8 AES-256-GCM']);
  });

  it('leaves out recursive calls; a same-named method of another class or a top-level method does not feed', () => {
    const source = lines(
      "require 'openssl'",
      'class Chain',
      "  def run(d) = pick(d, 'SHA384', 3)",
      '  private',
      '  def pick(d, alg, rounds)',
      '    return pick(d, alg, rounds - 1) if rounds > 0',
      '    OpenSSL::Digest.new(alg).digest(d)',
      '  end',
      'end',
      'class Other',
      "  def go = pick('x', 'MD5', 1)",
      '  private',
      '  def pick(d, alg, rounds) = alg',
      'end',
      "def pick(d, alg, rounds) = alg",
      "pick('y', 'MD4', 2)",
    );
    assert.deepEqual(names(source), ['3 SHA-384', '7 SHA-384']);
  });

  it('key and password material a caller passes is not a literal at the helper', () => {
    const source = lines(
      "require 'openssl'",
      'class Signer',
      "  def demo = sign('data', 'sekret-key-material')",
      "  def stretch = derive('hunter2')",
      '  private',
      "  def sign(data, key) = OpenSSL::HMAC.hexdigest('SHA256', key, data)",
      "  def derive(pw) = OpenSSL::PKCS5.pbkdf2_hmac(pw, SecureRandom.random_bytes(16), 600_000, 32, 'sha256')",
      'end',
    );
    assert.deepEqual(signals(source).map((s) => s.signal), []);
    assert.deepEqual(names(source), ['6 HMAC-SHA-256', '7 PBKDF2-SHA-256-600000']);
  });

  it('a method\'s return value: its last expression, an early `return` its argument rules out, an endless def and a bare call without a local', () => {
    const source = [
      "require 'openssl'",
      'class Sealer',
      '  def seal(data)',
      '    c = OpenSSL::Cipher.new(cipher_name)', // 4
      '    d = OpenSSL::Digest.new(digest_name(:modern))', // 5
      '    k = OpenSSL::PKey::RSA.new(bits())', // 6
      '  end',
      '',
      '  private',
      '',
      "  def cipher_name = 'aes-256-gcm'",
      '  def bits() 3072 end',
      '  def digest_name(kind)',
      "    return 'SHA1' if kind == :legacy",
      "    'SHA256'",
      '  end',
      'end',
    ].join('\n');
    // `digest_name(:modern)`: the `return 'SHA1' if kind == :legacy` path cannot run.
    assert.deepEqual(names(source), ['4 AES-256-GCM', '5 SHA-256', '6 RSA-3072']);
  });
});
