// Ruby constants read from other files (detectors/cross-file.ts): a configuration module that calls
// no crypto API, read as `CryptoConfig::CIPHER`, `Acme::CryptoConfig::ITERATIONS`, a bare name in the
// reopened module, through a superclass or an included module, and a top-level constant; and what
// must stay unknown (a constant of the file itself wins, a name no enclosing module declares, two
// modules of one name with different values, enclosing modules that disagree, a value changed by
// `||=` or assigned differently in two arms).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namesIn, scanTree } from '../cross-file-helpers.js';

const CONFIG = `# frozen_string_literal: true

module Acme
  module CryptoConfig
    CIPHER = "aes-128-cbc".freeze
    DIGEST = "sha1"
    ITERATIONS = 1_000
    KEY_LENGTH = 16 * 2
  end
end
`;

const SETTINGS = `class Settings
  RSA_BITS = 1024

  def self.load
    new
  end
end
`;

const VAULT = `require "openssl"

module Acme
  class Vault
    def seal(data)
      cipher = OpenSSL::Cipher.new(CryptoConfig::CIPHER)
      cipher.encrypt
      cipher.update(data) + cipher.final
    end

    def signing_key
      OpenSSL::PKey::RSA.new(Settings::RSA_BITS)
    end

    def derive(password, salt)
      OpenSSL::PKCS5.pbkdf2_hmac(password, salt, Acme::CryptoConfig::ITERATIONS, CryptoConfig::KEY_LENGTH, "sha256")
    end
  end
end
`;

const FINGERPRINT = `module Acme
  module CryptoConfig
    def self.fingerprint(data)
      OpenSSL::Digest.new(DIGEST).hexdigest(data)
    end
  end
end
`;

test('a configuration module without crypto calls gives its constants to qualified and bare references', async () => {
  const assets = await scanTree({
    'lib/acme/crypto_config.rb': CONFIG,
    'lib/settings.rb': SETTINGS,
    'lib/acme/vault.rb': VAULT,
    'lib/acme/fingerprint.rb': FINGERPRINT,
  });
  assert.deepEqual(namesIn(assets, 'lib/acme/vault.rb'), ['AES-128-CBC', 'PBKDF2-SHA-256-1000', 'RSA-1024', 'openssl']);
  // The bare DIGEST inside the reopened module.
  assert.deepEqual(namesIn(assets, 'lib/acme/fingerprint.rb'), ['SHA-1', 'openssl']);
  assert.deepEqual(namesIn(assets, 'lib/acme/crypto_config.rb'), []);
});

test("a superclass's and an included module's constants, and a top-level one, reach a bare name", async () => {
  const base = `class BaseToken\n  ALGORITHM = "SHA1"\nend\n`;
  const token = `class ApiToken < BaseToken
  include CryptoDefaults

  def sign(key, data)
    OpenSSL::HMAC.hexdigest(ALGORITHM, key, data)
  end

  def cipher
    OpenSSL::Cipher.new(LEGACY_CIPHER)
  end

  def digest(data)
    OpenSSL::Digest.new(::TOKEN_DIGEST).digest(data)
  end
end
`;
  const defaults = `module CryptoDefaults\n  LEGACY_CIPHER = "des-ede3-cbc"\nend\n`;
  // A Rails initializer: top-level constants are Object's, visible everywhere.
  const initializer = `# OpenSSL settings shared by the app\nTOKEN_DIGEST = "md5"\n`;
  const assets = await scanTree({
    'app/models/base_token.rb': base,
    'app/models/api_token.rb': token,
    'app/models/crypto_defaults.rb': defaults,
    'config/initializers/crypto.rb': initializer,
  });
  assert.deepEqual(namesIn(assets, 'app/models/api_token.rb'), ['3DES-168-CBC', 'HMAC-SHA-1', 'MD5', 'openssl']);
});

test("the file's own constant wins, and a name no enclosing module declares stays unknown", async () => {
  const own = `module Acme
  module CryptoConfig
    CIPHER = "aes-256-gcm"

    def self.box
      OpenSSL::Cipher.new(CryptoConfig::CIPHER)
    end
  end

  module Reports
    def self.digest(data)
      OpenSSL::Digest.new(DIGEST).digest(data)
    end
  end
end
`;
  const assets = await scanTree({ 'lib/acme/crypto_config.rb': CONFIG, 'lib/acme/box.rb': own });
  assert.deepEqual(namesIn(assets, 'lib/acme/box.rb'), ['AES-256-GCM', 'openssl', 'unknown-hash']);
});

test('two modules of one name with different values, or enclosing modules that disagree, leave the name unknown', async () => {
  const legacy = `module Legacy\n  module CryptoConfig\n    CIPHER = "des-cbc"\n  end\nend\n`;
  const acme = `module Acme\n  DIGEST = "md5"\nend\n`;
  const assets = await scanTree({
    'lib/acme/crypto_config.rb': CONFIG,
    'lib/legacy/crypto_config.rb': legacy,
    'lib/acme.rb': acme,
    'lib/settings.rb': SETTINGS,
    'lib/acme/vault.rb': VAULT,
    'lib/acme/fingerprint.rb': FINGERPRINT,
  });
  assert.deepEqual(namesIn(assets, 'lib/acme/vault.rb'), ['PBKDF2-SHA-256-1000', 'RSA-1024', 'openssl', 'unknown-cipher']);
  // DIGEST is "sha1" in Acme::CryptoConfig and "md5" in Acme: unknown rather than a guess.
  assert.deepEqual(namesIn(assets, 'lib/acme/fingerprint.rb'), ['openssl', 'unknown-hash']);
});

test('a constant changed by ||= or assigned differently in two arms is none', async () => {
  const config = `module CryptoConfig
  if ENV["FIPS"]
    CIPHER = "aes-256-cbc"
  else
    CIPHER = "bf-cbc"
  end
  DIGEST = "md5"
  DIGEST ||= "sha256"
  KEY_LENGTH = ENV.fetch("KEY_LENGTH").to_i
end
`;
  const user = `class Sealer
  def seal
    OpenSSL::Cipher.new(CryptoConfig::CIPHER)
  end

  def digest
    OpenSSL::Digest.new(CryptoConfig::DIGEST)
  end

  def derive(pw, salt)
    OpenSSL::PKCS5.pbkdf2_hmac(pw, salt, 20_000, CryptoConfig::KEY_LENGTH, "sha256")
  end
end
`;
  const assets = await scanTree({ 'lib/crypto_config.rb': config, 'lib/sealer.rb': user });
  assert.deepEqual(namesIn(assets, 'lib/sealer.rb'), ['PBKDF2-SHA-256-20000', 'openssl', 'unknown-cipher', 'unknown-hash']);
});

test("OpenSSL's constants stay OpenSSL's symbols when the repository reopens its classes", async () => {
  // A backport of a constant for old Rubies: its integer is not what the handlers read.
  const backport = `module OpenSSL\n  module PKey\n    class RSA\n      PKCS1_OAEP_PADDING = 4 unless const_defined?(:PKCS1_OAEP_PADDING)\n    end\n  end\nend\n`;
  const wrap = `class KeyWrap\n  def wrap(public_key, data_key)\n    public_key.public_encrypt(data_key, OpenSSL::PKey::RSA::PKCS1_OAEP_PADDING)\n  end\nend\n`;
  const assets = await scanTree({ 'lib/openssl_backports/rsa.rb': backport, 'lib/key_wrap.rb': wrap });
  assert.deepEqual(namesIn(assets, 'lib/key_wrap.rb'), ['RSA-OAEP-SHA-1', 'openssl']);
});
