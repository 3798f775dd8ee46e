// PHP constants read from other files (detectors/cross-file.ts): a class of constants that calls no
// crypto function, read as `Core::X`, through a `use … as` alias, fully qualified and through
// `parent::`; namespace constants (`use const`, `\Ns\NAME`, bare from the same namespace); `define`
// and file-level `const` of a required file; and what must stay unknown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { namesAt, namesIn, scanTree } from '../cross-file-helpers.js';

const CORE = `<?php
namespace Acme\\Crypto;

/** Algorithm choices shared by the encryption and key-derivation code. */
final class Core
{
    const CIPHER_METHOD = 'aes-128-cbc';
    public const string HASH_FUNCTION_NAME = 'sha1';
    public const int PBKDF2_ITERATIONS = 1000;
    const BLOCK_BYTE_SIZE = 16;
    const KEY_DERIVATION_HASH = self::HASH_FUNCTION_NAME;

    private function __construct() {}
}
`;

const VAULT = `<?php
namespace Acme\\Service;

use Acme\\Crypto\\Core;
use Acme\\Crypto\\Core as C;

class Vault
{
    public function seal(string $plain, string $key): string
    {
        $iv = openssl_random_pseudo_bytes(Core::BLOCK_BYTE_SIZE);
        $ct = openssl_encrypt($plain, Core::CIPHER_METHOD, $key, OPENSSL_RAW_DATA, $iv);
        $mac = hash_hmac(C::HASH_FUNCTION_NAME, $iv . $ct, $key, true);
        return $iv . $ct . $mac;
    }

    public function deriveKey(string $password, string $salt): string
    {
        return hash_pbkdf2(\\Acme\\Crypto\\Core::KEY_DERIVATION_HASH, $password, $salt, Core::PBKDF2_ITERATIONS, 32, true);
    }
}
`;

test('a class of constants that calls no crypto function gives its values to the files that read them', async () => {
  const assets = await scanTree({ 'src/Crypto/Core.php': CORE, 'src/Service/Vault.php': VAULT });
  // `Core::`, the alias `C::`, the fully qualified class, a typed constant, one computed from `self::`, an integer.
  assert.deepEqual(namesIn(assets, 'src/Service/Vault.php'), ['AES-128-CBC', 'HMAC-SHA-1', 'PBKDF2-SHA-1-1000']);
  assert.deepEqual(namesIn(assets, 'src/Crypto/Core.php'), []);
});

test('namespace constants, constants of a required file, and a parent class', async () => {
  const assets = await scanTree({
    'config.php': `<?php
// Deployment settings.
define('APP_CIPHER', 'des-ede3-cbc');
const APP_DIGEST = 'md5';
`,
    'legacy.php': `<?php
require_once __DIR__ . '/config.php';

function legacy_encrypt($data, $key, $iv) {
    return openssl_encrypt($data, APP_CIPHER, $key, 0, $iv);
}

function legacy_fingerprint($data) {
    return hash(APP_DIGEST, $data);
}
`,
    'lib/Signing/constants.php': `<?php
namespace Acme\\Signing;

const DIGEST = 'sha384';
const MAC_DIGEST = 'sha224';
`,
    'lib/Signing/Base.php': `<?php
namespace Acme\\Signing;

abstract class Base
{
    const CIPHER = 'bf-cbc';
}
`,
    'lib/Signing/Signer.php': `<?php
namespace Acme\\Signing;

class Signer extends Base
{
    public function digest($data) {
        return hash(DIGEST, $data);
    }

    public function wrap($data, $key, $iv) {
        return openssl_encrypt($data, parent::CIPHER, $key, 0, $iv);
    }
}
`,
    'app/Tokens.php': `<?php
namespace App;

use const Acme\\Signing\\MAC_DIGEST;
use Acme\\Signing as Sig;

function token_mac($data, $key) {
    return hash_hmac(MAC_DIGEST, $data, $key);
}

function token_digest($data) {
    return hash(\\Acme\\Signing\\DIGEST, $data);
}

function token_checksum($data) {
    return hash(Sig\\MAC_DIGEST, $data);
}
`,
  });
  // define() and a file-level const of a required file.
  assert.deepEqual(namesIn(assets, 'legacy.php'), ['3DES-168-CBC', 'MD5']);
  // A bare name from the same namespace; `parent::` through `extends Base`.
  assert.deepEqual(namesIn(assets, 'lib/Signing/Signer.php'), ['Blowfish-CBC', 'SHA-384']);
  // `use const`, a namespace constant written in full, and through an imported namespace (`Sig\MAC_DIGEST`).
  assert.deepEqual(namesIn(assets, 'app/Tokens.php'), ['HMAC-SHA-224', 'SHA-224', 'SHA-384']);
});

test('two classes of one name with different values leave the reference unknown; where they agree it stands', async () => {
  const other = CORE.replace('namespace Acme\\Crypto;', 'namespace Acme\\Legacy;').replace("'aes-128-cbc'", "'aes-256-gcm'");
  const assets = await scanTree({ 'src/Crypto/Core.php': CORE, 'src/Legacy/Core.php': other, 'src/Service/Vault.php': VAULT });
  assert.deepEqual(namesIn(assets, 'src/Service/Vault.php'), ['HMAC-SHA-1', 'PBKDF2-SHA-1-1000', 'unknown-cipher']);
});

test('a class of the file, a class read through a variable, a renamed or unimported constant stay as they were', async () => {
  const assets = await scanTree({
    'src/Crypto/Core.php': CORE,
    'config.php': `<?php
define('APP_DIGEST', 'md5');
`,
    'lib/Signing/constants.php': `<?php
namespace Acme\\Signing;

const DIGEST = 'sha384';
`,
    'src/Local.php': `<?php
namespace Acme\\Local;

final class Core
{
    const HASH_FUNCTION_NAME = 'sha512';
}

function local_digest($data) {
    return hash(Core::HASH_FUNCTION_NAME, $data);
}
`,
    'src/Other.php': `<?php
use const Acme\\Signing\\DIGEST as SIGNING_DIGEST;

function by_object($data, $Core) {
    return hash($Core::HASH_FUNCTION_NAME, $data);
}

function renamed($data) {
    return hash(SIGNING_DIGEST, $data);
}

function not_required($data) {
    return hash(APP_DIGEST, $data);
}

function written_in_full($data) {
    return hash(\\Acme\\Signing\\DIGEST, $data);
}
`,
  });
  // The file's own class wins over the other file's.
  assert.deepEqual(namesIn(assets, 'src/Local.php'), ['SHA-512']);
  // `$Core::X` is whatever class the variable holds; `use const … as` renames (the key holds the
  // declared name); APP_DIGEST's file is not required here.
  for (const line of [5, 9, 13]) assert.deepEqual(namesAt(assets, 'src/Other.php', line), ['unknown-hash'], `line ${line}`);
  // The constants are read where written so.
  assert.deepEqual(namesAt(assets, 'src/Other.php', 17), ['SHA-384']);
});

test('a namespace constant and a qualified define of the file itself, written in full', async () => {
  const assets = await scanTree({
    'src/digests.php': `<?php
namespace Acme\\Digests;

const DIGEST = 'sha384';
define('Acme\\Legacy\\DIGEST', 'md5');

function current_digest($data) {
    return hash(\\Acme\\Digests\\DIGEST, $data);
}

function legacy_digest($data) {
    return hash(\\Acme\\Legacy\\DIGEST, $data);
}

function bare_digest($data) {
    return hash(DIGEST, $data);
}
`,
  });
  assert.deepEqual(namesAt(assets, 'src/digests.php', 8), ['SHA-384']);
  assert.deepEqual(namesAt(assets, 'src/digests.php', 12), ['MD5']);
  // The bare name is the namespace's constant, not the other namespace's defined one.
  assert.deepEqual(namesAt(assets, 'src/digests.php', 16), ['SHA-384']);
});

test('a namespace constant or class constant no file declares names no mcrypt cipher', async () => {
  const assets = await scanTree({
    'src/legacy.php': `<?php
function legacy_seal($data, $key) {
    return mcrypt_encrypt(\\Acme\\Legacy\\CIPHER, $key, $data, MCRYPT_MODE_ECB);
}

function legacy_wrap($data, $key) {
    return mcrypt_encrypt(Settings::CIPHER, $key, $data, MCRYPT_MODE_ECB);
}

function legacy_blowfish($data, $key) {
    return mcrypt_encrypt(\\MCRYPT_BLOWFISH, $key, $data, MCRYPT_MODE_ECB);
}
`,
  });
  assert.deepEqual(namesAt(assets, 'src/legacy.php', 3), ['unknown-cipher']);
  assert.deepEqual(namesAt(assets, 'src/legacy.php', 7), ['unknown-cipher']);
  assert.deepEqual(namesAt(assets, 'src/legacy.php', 11), ['Blowfish-ECB']);
});
