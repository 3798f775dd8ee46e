// Ruby detector, tenth audit round (v1.12: rails/rails cookies, doorkeeper): a module's instance method is
// called by the classes of the file that include it (and their subclasses), so what it returns reaches them.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, detect, signals } from './helpers.js';

const rows = (src: string): Array<[number, string]> => algorithms(src).map((a): [number, string] => [a.line, a.name]).sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));

test("a module's private helper returns its default to the classes that include it (Rails' cookie jars)", () => {
  const src = `module Vault
  module KeyedJars
    def sealed
      SealedJar.new(self)
    end

    private
      def vault_cipher
        request.vault_cipher || "aes-256-gcm"
      end

      def vault_digest
        request.vault_digest || "SHA1"
      end
  end

  class BaseJar
    include Enumerable, KeyedJars
  end

  class SealedJar < BaseJar
    def initialize(parent)
      secret = request.key_generator.generate_key("salt", 32)
      @encryptor = ActiveSupport::MessageEncryptor.new(secret, cipher: vault_cipher)
      @verifier = ActiveSupport::MessageVerifier.new(secret, digest: vault_digest)
    end
  end
end`;
  // The request may configure another cipher or digest (unknown), else the helper's default.
  assert.deepEqual(rows(src).filter((r) => r[0] >= 24), [
    [24, 'AES-256-GCM'], [24, 'unknown-cipher'], [25, 'HMAC'], [25, 'HMAC-SHA-1'],
  ]);
});

test("a module's method is not another class's: not included, or redefined by the includer", () => {
  const src = `module LegacyJars
  private
    def jar_cipher
      "aes-128-cbc"
    end
end

class PlainJar
  def initialize(secret)
    @encryptor = ActiveSupport::MessageEncryptor.new(secret, cipher: jar_cipher)
  end
end

class ModernJar
  include LegacyJars

  def initialize(secret)
    @encryptor = ActiveSupport::MessageEncryptor.new(secret, cipher: jar_cipher)
  end

  private
    def jar_cipher
      "aes-256-gcm"
    end
end`;
  assert.deepEqual(rows(src), [[10, 'unknown-cipher'], [18, 'AES-256-GCM']]);
});

const keyed = (src: string): Array<[number, string]> => rows(src).filter((r) => /RSA|ECDSA|unknown-signature/.test(r[1]));

test("RSpec's let and subject name the key their block makes: its signatures have its size (doorkeeper's specs)", () => {
  const src = `RSpec.describe TokenSigner do
  let(:rsa_key) { OpenSSL::PKey::RSA.generate(3072) }
  let(:ec_key) do
    OpenSSL::PKey::EC.generate("prime256v1")
  end
  subject(:cipher) { OpenSSL::Cipher.new("aes-256-cbc") }

  def sign_by_hand(input)
    rsa_key.sign(OpenSSL::Digest.new("SHA256"), input)
  end

  it "signs" do
    sig = ec_key.sign("SHA384", "data")
    cipher.encrypt
    cipher.key = "0123456789abcdef0123456789abcdef"
  end

  context "with a smaller key" do
    let(:rsa_key) { OpenSSL::PKey::RSA.generate(1024) }
    it "signs" do
      rsa_key.sign("SHA1", "data")
    end
  end
end`;
  assert.deepEqual(keyed(src), [
    [2, 'RSA-3072'], [4, 'ECDSA-P256'], [9, 'RSA-PKCS1-1.5-SHA-256-3072'], [13, 'ECDSA-P256-SHA-384'], [19, 'RSA-1024'], [21, 'RSA-PKCS1-1.5-SHA-1-1024'],
  ]);
  assert.deepEqual(signals(src).map((s) => [s.occurrence.line, s.signal]), [[15, 'hardcoded-key']]);
});

test("a let is its group's: not a sibling group's, not under a local of the same name, not another object's let", () => {
  const src = `RSpec.describe Signer do
  describe "rsa" do
    let(:signing_key) { OpenSSL::PKey::RSA.generate(2048) }
  end

  describe "loaded" do
    it "signs" do
      signing_key.sign("SHA256", "data")
    end

    it "signs with a local" do
      signing_key = OpenSSL::PKey.read(File.read("key.pem"))
      signing_key.sign("SHA512", "data")
    end
  end

  config.let(:other_key) { OpenSSL::PKey::RSA.generate(4096) }
  it { other_key.sign("SHA256", "x") }
end`;
  assert.deepEqual(keyed(src).filter((r) => r[0] !== 3 && r[0] !== 17), [
    [8, 'unknown-signature'], [13, 'unknown-signature'], [18, 'unknown-signature'],
  ]);
});

const described = (src: string): Array<[number, string, string]> =>
  detect(src).flatMap((d) => (d.type === 'algorithm' ? [[d.occurrence.line, d.spelling, JSON.stringify(d.params)] as [number, string, string]] : [])).sort((a, b) => a[0] - b[0]);

// The iterations are where the generator is made (Rails.application.key_generator, KeyGenerator's default), not here.
test("Rails' cryptographic settings name the algorithm of the key generator, the cookies and ActiveRecord encryption", () => {
  const src = `Rails.application.configure do
  config.active_support.key_generator_hash_digest_class = OpenSSL::Digest::SHA256
  config.active_support.hash_digest_class = OpenSSL::Digest::MD5
  config.action_dispatch.signed_cookie_digest = "SHA384"
  config.action_dispatch.cookies_digest = "SHA1"
  config.action_dispatch.encrypted_cookie_cipher = "aes-256-cbc"
  config.active_record.encryption.hash_digest_class = OpenSSL::Digest::SHA1
  config.active_record.encryption.support_sha1_for_non_deterministic_encryption = true
end`;
  assert.deepEqual(described(src), [
    [2, 'PBKDF2', '{"hash":"SHA-256"}'],
    [3, 'MD5', '{}'],
    [4, 'HMAC-SHA-384', '{"hash":"SHA-384"}'],
    [5, 'HMAC-SHA-1', '{"hash":"SHA-1"}'],
    [6, 'AES', '{"keySize":256,"mode":"CBC"}'],
    [7, 'PBKDF2', '{"hash":"SHA-1"}'],
    [8, 'PBKDF2', '{"hash":"SHA-1"}'],
  ]);
});

test("a Rails setting whose value the file does not show, turned off, or on another object is nothing", () => {
  const src = `initializer "active_support.set_key_generator_hash_digest_class" do |app|
  config.after_initialize do
    if klass = app.config.active_support.key_generator_hash_digest_class
      ActiveSupport::KeyGenerator.hash_digest_class = klass
    end
  end
end
config.active_record.encryption.support_sha1_for_non_deterministic_encryption = false
report.hash_digest_class = OpenSSL::Digest::SHA256
jar.signed_cookie_digest = "SHA256"`;
  assert.deepEqual(described(src), []);
});

test("a def in an RSpec example group takes the arguments its examples pass (doorkeeper's build_assertion)", () => {
  const src = `RSpec.describe ClientAssertion do
  let(:rsa_key) { OpenSSL::PKey::RSA.generate(2048) }

  def build_assertion(claims: {}, key: rsa_key, alg: "RS256")
    JWT.encode(claims, key, alg)
  end

  it "accepts" do
    build_assertion(claims: { "iss" => "a" })
  end

  context "with a shared secret" do
    it "rejects HMAC" do
      build_assertion(key: "secret", alg: "HS256")
    end
  end
end`;
  // Each at the helper and at the call (or default) that passes its algorithm; no unknown case.
  assert.deepEqual(rows(src).filter((r) => r[0] !== 2), [
    [4, 'RSA-PKCS1-1.5-SHA-256'], [5, 'HMAC-SHA-256'], [5, 'RSA-PKCS1-1.5-SHA-256'], [14, 'HMAC-SHA-256'],
  ]);
});

test("a def in another block (a concern's included do) is not read; an example group's def is not called from outside it", () => {
  const src = `module Signing
  included do
    def sign_token(payload, alg = "HS512")
      JWT.encode(payload, ENV["KEY"], alg)
    end
  end
end

RSpec.describe Signer do
  def encode_with(alg)
    JWT.encode({}, ENV["KEY"], alg)
  end
end

encode_with("HS384")`;
  assert.deepEqual(rows(src), [[4, 'unknown-signature-or-mac'], [11, 'unknown-signature-or-mac']]);
});

test("ActiveSupport rotations name the older cipher and digest they still read (Rails' cookie upgrade)", () => {
  const src = `Rails.application.config.after_initialize do
  Rails.application.config.action_dispatch.cookies_rotations.tap do |cookies|
    cookies.rotate :encrypted, cipher: "aes-256-cbc", digest: "SHA1", salt: "encrypted cookie"
    cookies.rotate :signed, digest: "SHA1"
  end
  Rails.application.message_verifiers.rotate(digest: "SHA256")
end

class LegacyBox
  def initialize(secret, old_secret)
    @encryptor = ActiveSupport::MessageEncryptor.new(secret, cipher: "aes-256-gcm")
    @encryptor.rotate(old_secret, cipher: "aes-128-cbc")
    @encryptor.rotate(old_secret, cipher: "aes-256-gcm")
  end
end`;
  assert.deepEqual(rows(src), [
    [3, 'AES-256-CBC'], [3, 'HMAC-SHA-1'], [4, 'HMAC-SHA-1'], [6, 'HMAC-SHA-256'],
    [11, 'AES-256-GCM'], [12, 'AES-128-CBC'], [12, 'HMAC-SHA-1'], [13, 'AES-256-GCM'],
  ]);
});

test("a rotate without a cipher or digest the file shows is nothing (Array#rotate, rotations passed along)", () => {
  const src = `def shift(list, secrets, options)
  list.rotate(2)
  @verifier.rotate(*secrets, **options)
  @encryptor.rotate(secrets.first, cipher: options[:cipher])
  logs.rotate(digest: true)
end`;
  assert.deepEqual(rows(src), []);
});

test("has_secure_password's algorithm: bcrypt by default, Argon2 for :argon2, a custom one unknown (Rails 8)", () => {
  const src = `class User < ApplicationRecord
  has_secure_password
  has_secure_password :recovery_password, validations: false
  has_secure_password :pin, algorithm: :bcrypt
end

class Argonaut < ApplicationRecord
  has_secure_password algorithm: :argon2
end

class Legacy < ApplicationRecord
  has_secure_password algorithm: :scrypt_legacy
  has_secure_password :token, algorithm: LegacyHasher.new
end`;
  assert.deepEqual(rows(src), [
    [2, 'bcrypt'], [3, 'bcrypt'], [4, 'bcrypt'], [8, 'Argon2'], [12, 'unknown-key-derivation'], [13, 'unknown-key-derivation'],
  ]);
});
