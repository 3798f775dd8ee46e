// Ruby detector, tenth audit round (v1.12: rails/rails cookies, doorkeeper): a module's instance method is
// called by the classes of the file that include it (and their subclasses), so what it returns reaches them.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms } from './helpers.js';

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
