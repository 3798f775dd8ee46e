// PHP detector (lcobucci/jwt and defuse/php-encryption audit): lcobucci's Eddsa signer is Ed25519, its Blake2b
// signer and a keyed sodium_crypto_generichash are MACs; defuse's legacy format and KeyProtectedByPassword.
// Also (v1.12) a symmetric Configuration whose secret is a literal.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, phpFile, signalLines, signals } from './helpers.js';

const rows = (src: string): Array<[number, string, string]> => algorithms(src).map((a) => [a.line, a.name, (a.functions ?? []).join()]);

test("lcobucci's Eddsa is Ed25519, its Blake2b a keyed BLAKE2b-256; another Blake2b class is not", () => {
  const src = `<?php
use Lcobucci\\JWT\\Configuration;
use Lcobucci\\JWT\\Signer\\Eddsa;
use Lcobucci\\JWT\\Signer\\Blake2b;
use Lcobucci\\JWT\\Signer\\Key\\InMemory;

$signed = Configuration::forAsymmetricSigner(new Eddsa(), InMemory::base64Encoded($private), InMemory::base64Encoded($public));
$mac = Configuration::forSymmetricSigner(new Blake2b(), InMemory::base64Encoded($secret));
$other = new \\App\\Hashing\\Blake2b();
`;
  assert.deepEqual(rows(src), [[7, 'Ed25519', 'sign,verify'], [8, 'BLAKE2b-256', 'tag']]);
  assert.ok(algorithms(src).every((a) => a.library?.name === 'lcobucci/jwt'));
});

test('sodium_crypto_generichash with a key is a MAC (tag); without one, or with an empty key, a hash', () => {
  const src = phpFile('', `    $a = sodium_crypto_generichash($data);
    $b = sodium_crypto_generichash($data, '');
    $c = sodium_crypto_generichash($data, $key);
    $d = sodium_crypto_generichash($data, 'a-key-written-in-the-source-32b!', 16);
    $st = sodium_crypto_generichash_init($key);
    $e = sodium_crypto_generichash($data, null, 64);`);
  assert.deepEqual(rows(src), [
    [5, 'BLAKE2b-256', 'digest'], [6, 'BLAKE2b-256', 'digest'], [7, 'BLAKE2b-256', 'tag'], [8, 'BLAKE2b-128', 'tag'], [9, 'BLAKE2b-256', 'tag'], [10, 'BLAKE2b-512', 'digest'],
  ]);
  assert.deepEqual(signalLines(src), [[8, 'hardcoded-key']]);
});

test("defuse: legacyDecrypt is v1's AES-128-CBC, HMAC-SHA-256 and HKDF-SHA-256", () => {
  const src = `<?php
use Defuse\\Crypto\\Crypto;
use Defuse\\Crypto\\Key;

function migrate(string $old, Key $key, string $rawKey): string {
    $plain = Crypto::legacyDecrypt($old, $rawKey);
    return Crypto::encrypt($plain, $key);
}
`;
  assert.deepEqual(rows(src), [
    [6, 'AES-128-CBC', 'decrypt'], [6, 'HMAC-SHA-256', 'verify'], [6, 'HKDF-SHA-256', 'keyderive'],
    [7, 'AES-256-CTR', 'encrypt'], [7, 'HMAC-SHA-256', 'tag'],
  ]);
});

test('defuse: KeyProtectedByPassword creates, unlocks and re-encrypts its key with the password', () => {
  const src = `<?php
namespace App\\Vault;

use Defuse\\Crypto\\KeyProtectedByPassword;

final class UserKeys {
    public function enroll(string $password): string {
        $protected = KeyProtectedByPassword::createRandomPasswordProtectedKey($password);
        return $protected->saveToAsciiSafeString();
    }

    public function open(string $stored, string $password) {
        $protected = KeyProtectedByPassword::loadFromAsciiSafeString($stored);
        return $protected->unlockKey($password);
    }

    public function rotate(KeyProtectedByPassword $protected, string $old, string $new): void {
        $protected->changePassword($old, $new);
        $this->unlockKey($new);
        $session = new \\App\\Session();
        $session->unlockKey($new);
    }
}
`;
  assert.deepEqual(rows(src), [
    [8, 'AES-256-CTR', 'encrypt'], [8, 'HMAC-SHA-256', 'tag'], [8, 'PBKDF2-SHA-256-100000', 'keyderive'],
    [14, 'AES-256-CTR', 'decrypt'], [14, 'HMAC-SHA-256', 'verify'], [14, 'PBKDF2-SHA-256-100000', 'keyderive'],
    [18, 'AES-256-CTR', 'decrypt,encrypt'], [18, 'HMAC-SHA-256', 'tag,verify'], [18, 'PBKDF2-SHA-256-100000', 'keyderive'],
  ]);
  // The same method names in a file that does not name defuse's class are someone else's.
  const other = `<?php
use App\\Locks\\DoorLock;

function open(DoorLock $lock, string $pin) {
    $lock->unlockKey($pin);
    $lock->changePassword($pin, '0000');
}
`;
  assert.deepEqual(rows(other), []);
});

test('lcobucci: a symmetric configuration whose secret is written in the source is hardcoded-key; a key loaded, or a stub signer, is not', () => {
  const src = `<?php
namespace App\\Auth;

use Lcobucci\\JWT\\Configuration;
use Lcobucci\\JWT\\Signer;
use Lcobucci\\JWT\\Signer\\Key\\InMemory;
use App\\Testing\\KeyDumpSigner;

final class Tokens
{
    public static function copiedFromTheDocs(): Configuration
    {
        return Configuration::forSymmetricSigner(
            new Signer\\Hmac\\Sha256(),
            InMemory::base64Encoded('mBC5v1sOKVvbdEitdSBenu59nfNfhwkedkJVNabosTw=')
        );
    }

    public static function plain(): Configuration
    {
        $key = InMemory::plainText('a-very-long-secret-that-lives-in-git-32b');
        return Configuration::forSymmetricSigner(new Signer\\Blake2b(), $key);
    }

    public static function fromEnvironment(): Configuration
    {
        return Configuration::forSymmetricSigner(new Signer\\Hmac\\Sha512(), InMemory::base64Encoded(getenv('JWT_SECRET')));
    }

    public static function fromFile(string $path): Configuration
    {
        return Configuration::forSymmetricSigner(new Signer\\Hmac\\Sha384(), InMemory::file($path));
    }

    public static function stub(): Configuration
    {
        return Configuration::forSymmetricSigner(new KeyDumpSigner(), InMemory::plainText('private'));
    }
}
`;
  assert.deepEqual(signalLines(src), [[13, 'hardcoded-key'], [22, 'hardcoded-key']]);
  const related = signals(src).map((s) => s.related?.spelling);
  assert.deepEqual(related, ['HMAC-SHA-256', 'BLAKE2b-256']);
  assert.deepEqual(rows(src).map((r) => r[1]), ['HMAC-SHA-256', 'BLAKE2b-256', 'HMAC-SHA-512', 'HMAC-SHA-384']);
});
