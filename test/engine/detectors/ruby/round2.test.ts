// Ruby detector, second real-code round (ankane/lockbox, httprb/http, excon/excon): a `defined?` feature test
// is not a call, VERIFY_NONE in an assertion is an expected value, RbNaCl's long class names, Excon's
// top-level `ciphers:` option.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, protocols, signals } from './helpers.js';

test('defined?(OpenSSL::KDF.hkdf) is a feature test, not a use (lockbox key_generator.rb)', () => {
  const src = `def hkdf(ikm, salt:, info:, length:, hash:)
  if defined?(OpenSSL::KDF.hkdf)
    return OpenSSL::KDF.hkdf(ikm, salt: salt, info: info, length: length, hash: hash)
  end
  raise "unsupported" unless defined? OpenSSL::KDF.scrypt
end`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [[3, 'HKDF']]);
});

test('VERIFY_NONE given to an assertion is an expected value (httprb/http tests); set, it is reported', () => {
  const src = `class ConnectionTest < Minitest::Test
  def test_verify_none
    ssl_options = { verify_mode: OpenSSL::SSL::VERIFY_NONE }
    ctx = build(ssl_options)
    assert_equal OpenSSL::SSL::VERIFY_NONE, ctx.verify_mode
    assert_equal({ verify_mode: OpenSSL::SSL::VERIFY_NONE }, opts.ssl)
    expect(ctx.verify_mode).to eq(OpenSSL::SSL::VERIFY_NONE)
    ctx.verify_mode = OpenSSL::SSL::VERIFY_NONE
  end
end`;
  assert.deepEqual(signals(src).map((s) => [s.occurrence.line, s.signal]), [[3, 'cert-verification-disabled'], [8, 'cert-verification-disabled']]);
});

test("RbNaCl's long class names are its short ones (lockbox box.rb)", () => {
  const src = `case algorithm
when "xsalsa20"
  @box = RbNaCl::SecretBoxes::XSalsa20Poly1305.new(key)
when "hybrid"
  @encryption_box = RbNaCl::Boxes::Curve25519XSalsa20Poly1305.new(pub, priv)
end
RbNaCl::Signatures::Ed25519::SigningKey.generate
RbNaCl::Boxes::Curve25519XSalsa20Poly1305::PrivateKey.generate
RbNaCl::SecretBoxes::XSalsa20Poly1305.new("0123456789abcdef0123456789abcdef")`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [
    [3, 'XSalsa20-Poly1305'], [5, 'XSalsa20-Poly1305'], [5, 'X25519'], [7, 'Ed25519'], [8, 'X25519'], [9, 'XSalsa20-Poly1305'],
  ]);
  assert.deepEqual(signals(src).map((s) => [s.occurrence.line, s.signal]), [[9, 'hardcoded-key']]);
});

test("Excon's top-level ciphers: and ssl_version: options (excon constants.rb); elsewhere ciphers: needs an ssl: hash", () => {
  const src = `module Excon
  DEFAULTS = {
    chunk_size: 1048576,
    ciphers: 'ECDHE-RSA-AES128-GCM-SHA256:DES-CBC3-SHA:!DSS',
    connect_timeout: 60,
  }
end
Excon.defaults[:ciphers] = 'AES128-SHA'
conn = Excon.new(url, ssl_version: :TLSv1)`;
  assert.deepEqual(protocols(src).map((p) => [p.occurrence.line, p.protocol.version ?? p.protocol.cipherSuites?.join(' ')]), [
    [4, 'ECDHE-RSA-AES128-GCM-SHA256 DES-CBC3-SHA !DSS'], [8, 'AES128-SHA'], [9, '1.0'],
  ]);
  assert.deepEqual(protocols(`Lexer.new(ciphers: 'a:b')\nopts = { ciphers: 'AES128-SHA' }`), []);
});

test('digest classes kept in a table are hashes the code picks at run time (httprb/http digest_auth.rb)', () => {
  const src = `class DigestAuth
  ALGORITHMS = {
    "MD5"          => Digest::MD5,
    "SHA-256"      => Digest::SHA256,
  }.freeze
  SIGS = [OpenSSL::Digest::SHA1, ::OpenSSL::Digest::SHA512]
  DIGEST = OpenSSL::Digest::SHA256
  def h(alg, data)
    ALGORITHMS.fetch(alg).hexdigest(data)
    Digest::MD5.hexdigest(data)
    ActiveSupport::KeyGenerator.new(secret, hash_digest_class: OpenSSL::Digest::SHA256)
    OpenSSL::HMAC.digest(DIGEST, key, data)
    return :md5 if klass == Digest::MD5 || klass.is_a?(Digest::SHA1)
    case klass
    when Digest::SHA384 then 1
    end
  end
end`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]).sort((a, b) => Number(a[0]) - Number(b[0])), [
    [3, 'MD5'], [4, 'SHA-256'], [6, 'SHA-1'], [6, 'SHA-512'], [10, 'MD5'], [11, 'PBKDF2-SHA-256-65536'], [12, 'HMAC-SHA-256'],
  ]);
});
