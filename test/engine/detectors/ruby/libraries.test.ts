// Ruby detector, libraries and TLS: digest stdlib, bcrypt/argon2/scrypt, has_secure_password, RbNaCl,
// ActiveSupport, ruby-jwt, weak random for secrets only, HTTP clients' TLS switches, net-ssh host-key policy
// and algorithm lists.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, names, protocols, signals } from './helpers.js';

test('password hashing: bcrypt default cost 12 (BCrypt::Engine::DEFAULT_COST), has_secure_password cost unknown, argon2 log2 memory', () => {
  const src = `class User < ApplicationRecord
  has_secure_password
  has_secure_password :recovery_password, validations: false
  def hash_it(pw)
    BCrypt::Password.create(pw, cost: 10)
    BCrypt::Password.create(pw)
    BCrypt::Password.new(stored) == pw
    Argon2::Password.create(pw, t_cost: 3, m_cost: 16)
    SCrypt::Password.create(pw)
  end
end`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name, a.unresolved?.join() ?? '']), [
    [2, 'bcrypt', 'cost'], [3, 'bcrypt', 'cost'], [5, 'bcrypt-10', ''], [6, 'bcrypt-12', ''], [7, 'bcrypt', 'cost'], [8, 'Argon2-65536-3', 'parallelism'], [9, 'scrypt', 'cost'],
  ]);
  // A file that sets the global cost: the default is not known.
  assert.deepEqual(names(`BCrypt::Engine.cost = 4\nBCrypt::Password.create(pw)`), ['bcrypt']);
});

test('RbNaCl, ActiveSupport and JWT', () => {
  const src = `box = RbNaCl::SecretBox.new(key)
box.encrypt("\\0" * 24, msg)
RbNaCl::AEAD::XChaCha20Poly1305IETF.new(key)
RbNaCl::SigningKey.generate
RbNaCl::PrivateKey.generate
RbNaCl::Hash.blake2b(msg, digest_size: 32)
ActiveSupport::MessageEncryptor.new(key, cipher: 'aes-256-cbc')
ActiveSupport::MessageEncryptor.new(key)
ActiveSupport::KeyGenerator.new(secret, hash_digest_class: OpenSSL::Digest::SHA256)
Rails.application.key_generator.generate_key('cookie', 32)
JWT.encode(payload, 'change-me')
JWT.decode(token, pub, true, algorithms: ['RS256', 'ES256'])
JWT.decode(token, nil, false)
JWT.encode(payload, nil, 'none')`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [
    [9, 'PBKDF2-SHA-256-65536'],
    [1, 'XSalsa20-Poly1305'], [3, 'XChaCha20-Poly1305'], [4, 'Ed25519'], [5, 'X25519'], [6, 'BLAKE2b-256'], [7, 'AES-256-CBC'], [7, 'HMAC-SHA-1'], [8, 'unknown-cipher'],
    [10, 'PBKDF2'], [11, 'HMAC-SHA-256'], [12, 'RSA-PKCS1-1.5-SHA-256'], [12, 'ECDSA-P256-SHA-256'],
  ]);
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [
    ['static-iv', 2], ['hardcoded-key', 11], ['jwt-none-algorithm', 13], ['jwt-none-algorithm', 14],
  ]);
});

test('weak random only for values named as secrets', () => {
  const src = `token = rand(36**10).to_s(36)
salt = Random.new(42).bytes(16)
delay = rand(5)
sample = Random.new(seed).bytes(8)
def generate_api_key
  Array.new(32) { rand(256) }.pack('C*')
end
nonce = SecureRandom.random_bytes(12)`;
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['weak-random', 1], ['weak-random', 2], ['weak-random', 6]]);
});

test('TLS: VERIFY_NONE as a value, client switches, versions and cipher lists; comparisons and servers are not', () => {
  const src = `http = Net::HTTP.new(host, 443)
http.verify_mode = OpenSSL::SSL::VERIFY_NONE
http.ssl_version = :TLSv1
ctx = OpenSSL::SSL::SSLContext.new
ctx.min_version = OpenSSL::SSL::TLS1_2_VERSION
ctx.ciphers = 'ECDHE-RSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384'
Faraday.new(url, ssl: { verify: false })
HTTParty.get(url, verify: false)
RestClient::Request.execute(method: :get, url: u, verify_ssl: OpenSSL::SSL::VERIFY_NONE)
Excon.new(url, ssl_verify_peer: false)
Typhoeus.get(url, ssl_verifyhost: 0)
ok = mode != OpenSSL::SSL::VERIFY_NONE
WEBrick::HTTPServer.new(SSLEnable: true, SSLVerifyClient: OpenSSL::SSL::VERIFY_NONE)
form.validate(verify: false)`;
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [
    ['cert-verification-disabled', 2], ['insecure-protocol-version', 3], ['cert-verification-disabled', 7], ['cert-verification-disabled', 8],
    ['cert-verification-disabled', 9], ['cert-verification-disabled', 10], ['hostname-verification-disabled', 11],
  ]);
  assert.deepEqual(protocols(src).map((p) => [p.occurrence.line, p.protocol.version ?? p.protocol.cipherSuites?.length]), [[3, '1.0'], [5, '1.2'], [6, 2]]);
});

test('TLS cipher lists joined from arrays, and set_params options written in the call or in a hash a constant holds', () => {
  const src = `require 'openssl'
module PartnerLink
  LEGACY_SUITES = %w[AES256-SHA DES-CBC3-SHA].join(':')
  PINNED = {
    min_version: OpenSSL::SSL::TLS1_1_VERSION,
    ciphers: 'ECDHE-ECDSA-AES128-SHA:RC4-MD5',
  }.freeze
  UNUSED = { ciphers: 'NULL-SHA', min_version: OpenSSL::SSL::SSL3_VERSION }

  def self.contexts
    a = OpenSSL::SSL::SSLContext.new
    a.ciphers = ['ECDHE-RSA-AES256-GCM-SHA384', 'AES128-SHA'].join(':')
    b = OpenSSL::SSL::SSLContext.new
    b.ciphers = LEGACY_SUITES
    c = OpenSSL::SSL::SSLContext.new
    c.set_params(PINNED)
    d = OpenSSL::SSL::SSLContext.new
    d.set_params({ ciphers: 'CAMELLIA128-SHA', max_version: :TLS1_2 })
    e = OpenSSL::SSL::SSLContext.new
    e.set_params(ciphers: 'IDEA-CBC-SHA')
    cache.fetch(:suites, ciphers: 'SEED-SHA')
    e.ciphers = names.join(':')
  end
end`;
  assert.deepEqual(protocols(src).map((p) => [p.occurrence.line, p.protocol.version ?? p.protocol.cipherSuites?.join(':')]), [
    [5, '1.1'], [6, 'ECDHE-ECDSA-AES128-SHA:RC4-MD5'], [12, 'ECDHE-RSA-AES256-GCM-SHA384:AES128-SHA'], [14, 'AES256-SHA:DES-CBC3-SHA'],
    [18, 'CAMELLIA128-SHA'], [18, '1.2'], [20, 'IDEA-CBC-SHA'],
  ]);
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [['insecure-protocol-version', 5]]);
});

test('net-ssh: host-key policy and algorithm lists; names in assertions and when-clauses are mentions', () => {
  const src = `Net::SSH.start(host, user, verify_host_key: :never, encryption: %w[aes256-ctr aes128-cbc], kex: ['diffie-hellman-group1-sha1'])
Net::SSH.start(host, user, paranoid: false)
Net::SSH.start(host, user, verify_host_key: :always)
opts[:verify_host_key] = :never
assert_equal %w[aes128-ctr], algs
case name when 'aes256-ctr' then 1 end
puts "hmac-sha1"`;
  assert.deepEqual(signals(src).map((s) => [s.signal, s.occurrence.line]), [
    ['ssh-host-key-verification-disabled', 1], ['ssh-host-key-verification-disabled', 2], ['ssh-host-key-verification-disabled', 4],
  ]);
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [[1, 'AES-256-CTR'], [1, 'AES-128-CBC'], [1, 'FFDHE-modp1024']]);
});
