// Ruby detector, ActiveSupport (rails/rails audit): `generate_key` takes the iterations of the KeyGenerator the
// file builds, Rails' application generator has 1000, another `key_generator` is unknown; MessageVerifier and a
// CBC MessageEncryptor are HMAC with their digest (SHA1 by default); an object made only to read a size is no use.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms } from './helpers.js';

const rows = (src: string): Array<[number, string, string]> => algorithms(src).map((a) => [a.line, a.name, (a.unresolved ?? []).join()]);
/** PBKDF2 rows with iterations and output length (the name carries the iterations only with a hash). */
const pbkdf2 = (src: string): Array<[number, number | undefined, number | undefined, string]> =>
  algorithms(src).filter((a) => a.name.startsWith('PBKDF2')).map((a) => [a.line, a.params.iterations, a.params.outputLength, (a.unresolved ?? []).join()]);

test("generate_key takes the iterations of the file's KeyGenerator (a helper, an ivar, an env entry, a constant)", () => {
  const src = `class SignedTokenTest < ActiveSupport::TestCase
  SECRET = ENV.fetch("TOKEN_SECRET")
  Generator = ActiveSupport::KeyGenerator.new(SECRET, iterations: 5)

  def setup
    @request.env["app.key_generator"] = ActiveSupport::KeyGenerator.new(SECRET, iterations: 2)
    @kg = ActiveSupport::CachingKeyGenerator.new(ActiveSupport::KeyGenerator.new(SECRET, iterations: 3))
  end

  def test_signed
    secret = key_generator.generate_key("signed token")
    other = @kg.generate_key("other", 32)
    third = Generator.generate_key("third", ActiveSupport::MessageEncryptor.key_len("aes-256-gcm"))
    memo = memo_generator.generate_key("memo", 16)
  end

  private
    def key_generator
      @request.env["app.key_generator"]
    end

    def memo_generator
      @memo_generator ||= ActiveSupport::KeyGenerator.new(SECRET, iterations: 7, hash_digest_class: OpenSSL::Digest::SHA256)
    end
end`;
  assert.deepEqual(pbkdf2(src).filter((r) => r[0] >= 11 && r[0] <= 14), [
    [11, 2, 512, 'hash'], [12, 3, 256, 'hash'], [13, 5, 256, 'hash'], [14, 7, 128, ''],
  ]);
  assert.equal(algorithms(src).find((a) => a.line === 14)?.name, 'PBKDF2-SHA-256-7');
});

test("Rails' application generator has 1000 iterations; another key_generator is unknown, not assumed", () => {
  const src = `class CookieJar
  def signed_secret(request)
    Rails.application.key_generator.generate_key("signed cookie")
  end

  def encrypted_secret(request)
    request.key_generator.generate_key(request.encrypted_cookie_salt, 32)
  end

  def token(app)
    app.key_generator.generate_key("token", 32)
  end

  def derive(password, salt)
    ActiveSupport::KeyGenerator.new(password, iterations: 10_000).generate_key(salt, 32)
  end

  def keys
    generator = build_generator
    generator.generate_key("x")
    OpenSSL::PKey::EC.generate("prime256v1").public_key
    dh.generate_key
  end
end`;
  // The chained `KeyGenerator.new(…).generate_key(…)` is one derivation, reported at `new`; `dh.generate_key` is no KeyGenerator.
  assert.deepEqual(pbkdf2(src), [[15, 10000, undefined, 'hash'], [3, 1000, 512, 'hash'], [7, undefined, 256, 'hash,iterations'], [11, 1000, 256, 'hash']]);
  assert.deepEqual(rows(src).filter((r) => !r[1].startsWith('PBKDF2')), [[21, 'ECDSA-P256', '']]);
});

test('MessageVerifier and a CBC MessageEncryptor are HMAC with their digest, SHA1 when none is given', () => {
  const src = `class Tokens
  def verifiers(secret, opts)
    ActiveSupport::MessageVerifier.new(secret, digest: "SHA256")
    ActiveSupport::MessageVerifier.new(secret, digest: :SHA512, serializer: JSON)
    ActiveSupport::MessageVerifier.new(secret)
    ActiveSupport::MessageVerifier.new(secret, **opts)
    ActiveSupport::MessageEncryptor.new(secret, cipher: "aes-256-cbc", digest: "SHA256")
    ActiveSupport::MessageEncryptor.new(secret, cipher: "aes-256-cbc")
    ActiveSupport::MessageEncryptor.new(secret, cipher: "aes-256-gcm")
    ActiveSupport::MessageEncryptor.new(secret)
    Rails.application.message_verifier("signed ids")
    Rails.cache.fetch("message_verifier")
  end
end`;
  assert.deepEqual(rows(src), [
    [3, 'HMAC-SHA-256', ''], [4, 'HMAC-SHA-512', ''], [5, 'HMAC-SHA-1', ''], [6, 'HMAC', 'hash'],
    [7, 'AES-256-CBC', ''], [7, 'HMAC-SHA-256', ''], [8, 'AES-256-CBC', ''], [8, 'HMAC-SHA-1', ''], [9, 'AES-256-GCM', ''],
    [10, 'unknown-cipher', 'keySize'], [11, 'HMAC', 'hash'],
  ]);
  assert.ok(algorithms(src).filter((a) => a.name.startsWith('HMAC')).every((a) => a.functions?.join() === 'tag,verify'));
});

test('a digest or cipher made only to read its size is no occurrence (MessageVerifier, MessageEncryptor.key_len)', () => {
  const src = `class Verifier
  def initialize(secret, digest: nil)
    @digest = digest&.to_s || "SHA1"
  end

  def digest_length_in_hex
    @digest_length_in_hex ||= OpenSSL::Digest.new(@digest).digest_length * 2
  end

  def self.key_len(cipher = "aes-256-gcm")
    OpenSSL::Cipher.new(cipher).key_len
  end

  def sizes
    [Digest::SHA256.new.block_length, OpenSSL::Cipher.new("aes-128-cbc").iv_len]
  end

  def generate_digest(data)
    OpenSSL::Digest.new(@digest).hexdigest(data)
  end
end`;
  // `@digest` is SHA1 or what a caller of `new` elsewhere gives: one case each, at the hash's only use.
  assert.deepEqual(rows(src), [[19, 'unknown-hash', ''], [19, 'SHA-1', '']]);
});
