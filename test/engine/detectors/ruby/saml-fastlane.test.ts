// Ruby detector, v1.12 round 2 (SAML-Toolkits/ruby-saml, fastlane/fastlane): XML-DSig/XML-Enc algorithm
// URIs and ruby-saml's constants of them, OpenSSL's EVP_BytesToKey through `Cipher#pkcs5_keyivgen`, and a
// digest object given to PBKDF2 as a parameter's default.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { rubyDetector } from '../../../../src/engine/detectors/source/ruby/index.js';
import { KeywordPrefilter } from '../../../../src/engine/walk/prefilter.js';
import { algorithms, signals } from './helpers.js';

const rows = (src: string): Array<[number, string]> => algorithms(src).map((a): [number, string] => [a.line, a.name]).sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));

test("ruby-saml: the settings' default signature and digest methods, a sign_document default, an application's choice", () => {
  const src = `module XMLSecurity
  class Document
    RSA_SHA1   = "http://www.w3.org/2000/09/xmldsig#rsa-sha1"
    RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"
    SHA1       = "http://www.w3.org/2000/09/xmldsig#sha1"
    DSIG       = "http://www.w3.org/2000/09/xmldsig#".freeze

    def sign_document(private_key, certificate, signature_method = RSA_SHA1, digest_method = SHA1)
      warn "weak" if signature_method == RSA_SHA1
    end
  end
end

class Settings
  DEFAULTS = {
    :security => {
      :digest_method    => XMLSecurity::Document::SHA1,
      :signature_method => XMLSecurity::Document::RSA_SHA1,
    }
  }.freeze
end

def configure(settings)
  settings.security[:signature_method] = XMLSecurity::Document::RSA_SHA256
  settings.security[:digest_method] = 'http://www.w3.org/2001/04/xmlenc#sha512'
end
`;
  // Before: nothing (the URIs and ruby-saml's constants were not read). The declarations themselves and
  // the comparison name nothing.
  assert.deepEqual(rows(src), [
    [8, 'RSA-PKCS1-1.5-SHA-1'], [8, 'SHA-1'],
    [17, 'SHA-1'], [18, 'RSA-PKCS1-1.5-SHA-1'],
    [24, 'RSA-PKCS1-1.5-SHA-256'], [25, 'SHA-512'],
  ]);
  const lib = algorithms(src).find((a) => a.line === 18)?.library;
  assert.deepEqual(lib, { ecosystem: 'gem', name: 'ruby-saml' });
});

test('XML-Enc URIs as values: the encryption methods; in a when, an assertion or a message they are mentions', () => {
  const src = `class Encrypter
  def options
    { data: 'http://www.w3.org/2009/xmlenc11#aes256-gcm', key: "http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p" }
  end

  def cipher_for(algorithm)
    case algorithm
    when 'http://www.w3.org/2001/04/xmlenc#tripledes-cbc' then :des3
    end
  end

  def check(settings)
    assert_equal 'http://www.w3.org/2000/09/xmldsig#rsa-sha1', settings.security[:signature_method]
    raise ArgumentError, 'http://www.w3.org/2001/04/xmlenc#rsa-1_5' if legacy?
    xml = '<ds:SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"/>'
    transform = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature'
  end
end
`;
  assert.deepEqual(rows(src), [[3, 'AES-256-GCM'], [3, 'RSA-OAEP-SHA-1']]);
});

test('a file that only names ruby-saml constants passes the prefilter', () => {
  const prefilter = new KeywordPrefilter();
  assert.deepEqual(prefilter.select([rubyDetector], Buffer.from('settings.security[:signature_method] = XMLSecurity::Document::RSA_SHA256\n')), [rubyDetector]);
});

test("fastlane match's v1 format: Cipher#pkcs5_keyivgen is EVP_BytesToKey, with Ruby's defaults (2048 iterations, MD5)", () => {
  const src = `module Match
  class EncryptionV1
    ALGORITHM = 'aes-256-cbc'

    def encrypt(data:, password:, salt:, hash_algorithm: "MD5")
      cipher = ::OpenSSL::Cipher.new(ALGORITHM)
      cipher.encrypt
      keyivgen(cipher, password, salt, hash_algorithm)
      cipher.update(data) + cipher.final
    end

    private

    def keyivgen(cipher, password, salt, hash_algorithm)
      cipher.pkcs5_keyivgen(password, salt, 1, hash_algorithm)
    end
  end
end

legacy = OpenSSL::Cipher.new('des-ede3-cbc').encrypt
legacy.pkcs5_keyivgen("s3cret")
legacy.pkcs5_keyivgen(pass, "8bytes!!", 1000, OpenSSL::Digest::SHA256.new)
legacy.pkcs5_keyivgen(pass, nil, nil, nil)
`;
  const kdf = algorithms(src).filter((a) => a.name.startsWith('EVP_BytesToKey')).map((a) => [a.line, a.name, a.params.iterations, a.params.saltLength]);
  // Before: nothing. The helper's digest is the public method's parameter, with no caller in this file: unknown.
  assert.deepEqual(kdf, [[15, 'EVP_BytesToKey', 1, undefined], [21, 'EVP_BytesToKey-MD5', 2048, undefined], [22, 'EVP_BytesToKey-SHA-256', 1000, 8], [23, 'EVP_BytesToKey-MD5', 2048, undefined]]);
  // The SHA-256 digest object is the derivation's hash, not a hash of its own.
  assert.equal(algorithms(src).filter((a) => a.name === 'SHA-256').length, 0);
  assert.deepEqual(signals(src).map((s) => [s.occurrence.line, s.signal]), [[21, 'hardcoded-password']]);
});

test("a digest object as a parameter's default is PBKDF2's hash where a call leaves it out (spaceship's SRP login)", () => {
  const src = `class Client
  def login(password, salt, iterations)
    key_length = 32
    pbkdf2(password, salt, iterations, key_length, "s2k")
  end

  def pbkdf2(password, salt, iterations, key_length, protocol, digest = OpenSSL::Digest::SHA256.new)
    password = OpenSSL::Digest::SHA256.digest(password)
    OpenSSL::PKCS5.pbkdf2_hmac(password, salt, iterations, key_length, digest)
  end
end
`;
  // Before: PBKDF2 without its hash at both lines, and the default a SHA-256 digest of its own (line 7).
  assert.deepEqual(rows(src), [[4, 'PBKDF2-SHA-256'], [8, 'SHA-256'], [9, 'PBKDF2'], [9, 'PBKDF2-SHA-256']]);
});

test("a key made by a method of the file and passed on reaches the certificate's signature (ruby-saml's certificate helper)", () => {
  const src = `module CertificateHelper
  extend self

  def generate_pair(not_before: nil)
    key = generate_key
    cert = generate_cert(key, not_before: not_before)
    [cert, key]
  end

  def generate_key
    OpenSSL::PKey::RSA.new(1024)
  end

  def generate_cert(key = generate_key, not_before: nil)
    cert = OpenSSL::X509::Certificate.new
    cert.public_key = key.public_key
    cert.sign(key, OpenSSL::Digest::SHA1.new)
    cert
  end

  def either(flag)
    flag ? OpenSSL::PKey::RSA.new(2048) : OpenSSL::PKey::EC.generate('prime256v1')
  end

  def sign_either(data)
    either(true).sign(OpenSSL::Digest::SHA256.new, data)
  end
end
`;
  // Before: unknown-signature at line 17. A method returning two kinds of key names none.
  assert.deepEqual(rows(src).filter((r) => r[0] === 17 || r[0] === 26), [[17, 'RSA-PKCS1-1.5-SHA-1-1024'], [17, 'unknown-signature'], [26, 'unknown-signature']]);
});

test("a method called on a local holding the file's class's instance takes that call's arguments (fastlane match's MD5, then SHA-256 fallback)", () => {
  const src = `class EncryptionV1
  def decrypt(data:, password:, salt:, hash_algorithm: "MD5")
    cipher = OpenSSL::Cipher.new('aes-256-cbc').decrypt
    cipher.pkcs5_keyivgen(password, salt, 1, hash_algorithm)
    cipher.update(data) + cipher.final
  end
end

class Other
  def decrypt(data:, password:, salt:, hash_algorithm: "SHA1")
    OpenSSL::Cipher.new('aes-128-cbc').decrypt.pkcs5_keyivgen(password, salt, 1, hash_algorithm)
  end
end

class MatchDataEncryption
  def decrypt(data:, password:)
    e = EncryptionV1.new
    begin
      e.decrypt(data: data, password: password, salt: data[8..15])
    rescue => _ex
      fallback_hash_algorithm = "SHA256"
      e.decrypt(data: data, password: password, salt: data[8..15], hash_algorithm: fallback_hash_algorithm)
    end
  end

  def other(x, version)
    e = x ? EncryptionV1.new : Other.new
    e = Other.new
    e.decrypt(data: 1, password: 2, salt: 3, hash_algorithm: "SHA512")
    if version == 2
      e = EncryptionV1.new
    else
      e = Other.new
      e.decrypt(data: 1, password: 2, salt: 3, hash_algorithm: "SHA384")
    end
    e.decrypt(data: 1, password: 2, salt: 3, hash_algorithm: "MD4")
  end
end
`;
  const at4 = [...new Set(algorithms(src).filter((a) => a.line === 4).map((a) => a.name))].sort();
  // Before: EVP_BytesToKey of unknown hash only. The assignment that reaches a call decides (line 29 is Other's,
  // line 34 too, inside the branch); after the \`if\` (line 36) either class may be there: neither.
  assert.deepEqual(at4, ['EVP_BytesToKey', 'EVP_BytesToKey-MD5', 'EVP_BytesToKey-SHA-256']);
  const at11 = [...new Set(algorithms(src).filter((a) => a.line === 11 && a.name.startsWith('EVP')).map((a) => a.name))].sort();
  assert.deepEqual(at11, ['EVP_BytesToKey', 'EVP_BytesToKey-SHA-384', 'EVP_BytesToKey-SHA-512']);
});
