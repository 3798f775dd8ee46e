// PHP detector, OpenSSL extension and hashing: cipher names through constants and variables, IV and tag
// lengths, static IVs (constant, and none at all with CBC), hard-coded keys, key generation followed into
// signatures and RSA encryption, documented defaults (SHA-1 for openssl_sign, PKCS#1 v1.5 for
// openssl_public_encrypt), PBKDF2/HKDF parameters, checksums left out.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, names, phpFile, signalLines } from './helpers.js';
import { phpSprintf } from '../../../../src/engine/detectors/source/php/format.js';
import { UNKNOWN, bytes, int, str, type Value } from '../../../../src/engine/detectors/source/common/value.js';

test('openssl_encrypt: the OpenSSL name through class constants and variables, IV and tag lengths, static IVs and keys', () => {
  const src = phpFile(`const LEGACY = 'des-ede3-cbc';
class C { const IV = "0123456789abcdef"; const ALG = 'aes-256-gcm'; private $alg = 'aes-128-ctr';
  function m($d, $k) { return openssl_encrypt($d, $this->alg, $k, 0, random_bytes(16)); }
  function g($d, $k) { $iv = random_bytes(openssl_cipher_iv_length(self::ALG)); return openssl_encrypt($d, self::ALG, $k, OPENSSL_RAW_DATA, $iv, $tag, '', 12); } }`,
  `    $a = openssl_encrypt($data, 'aes-128-cbc', 'hardcodedkey1234', OPENSSL_RAW_DATA, C::IV);
    $b = openssl_decrypt($data, LEGACY, $key, 0, $iv);
    $c = openssl_encrypt($data, 'AES-256-CBC', $key);
    $d = openssl_encrypt($data, 'aes-128-ecb', $key);
    $e = openssl_encrypt($data, $n, $key, 0, str_repeat("\\0", 16));`);
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name, a.params.ivLength, a.params.tagLength]), [
    [4, 'AES-128-CTR', 128, undefined], [5, 'AES-256-GCM-96-96', 96, 96],
    [8, 'AES-128-CBC', 128, undefined], [9, '3DES-168-CBC', undefined, undefined], [10, 'AES-256-CBC', undefined, undefined],
    [11, 'AES-128-ECB', undefined, undefined], [12, 'unknown-cipher', undefined, undefined],
  ]);
  // Line 10: CBC without an IV (OpenSSL uses zero bytes); ECB needs none. Line 12: a zero IV with an unknown cipher.
  assert.deepEqual(signalLines(src), [[8, 'hardcoded-key'], [8, 'static-iv'], [10, 'static-iv'], [12, 'static-iv']]);
});

test('after an if a value set in one arm is each value that reaches there; after a try, unknown; PHP functions do not see top-level variables', () => {
  const src = `<?php
$cipher = 'aes-256-cbc';
function enc($d, $k, $fast) {
    $alg = 'aes-128-gcm';
    if ($fast) { $alg = 'chacha20-poly1305'; }
    $x = openssl_encrypt($d, $alg, $k, 0, $iv);
    try { $mode = 'aes-192-cbc'; $y = openssl_encrypt($d, $mode, $k, 0, $iv); } catch (Exception $e) {}
    $z = openssl_encrypt($d, $mode, $k, 0, $iv);
    return openssl_encrypt($d, $cipher, $k, 0, $iv);
}
$top = openssl_encrypt($d, $cipher, $k, 0, $iv);
`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [
    [6, 'ChaCha20-Poly1305'], [6, 'AES-128-GCM-128'], [7, 'AES-192-CBC'], [8, 'unknown-cipher'], [9, 'unknown-cipher'], [11, 'AES-256-CBC'],
  ]);
});

test('openssl_pkey_new keys followed into openssl_sign and openssl_public_encrypt; documented defaults', () => {
  const src = phpFile('', `    $rsa = openssl_pkey_new(['private_key_bits' => 4096, 'private_key_type' => OPENSSL_KEYTYPE_RSA]);
    $ec = openssl_pkey_new(['private_key_type' => OPENSSL_KEYTYPE_EC, 'curve_name' => 'prime256v1']);
    $def = openssl_pkey_new();
    openssl_sign($data, $sig, $rsa, OPENSSL_ALGO_SHA512);
    openssl_sign($data, $sig, $ec, 'sha256');
    openssl_sign($data, $sig, $key);
    openssl_verify($data, $sig, $key, 'RSA-SHA384');
    openssl_public_encrypt($data, $out, $rsa);
    openssl_public_encrypt($data, $out, $key, OPENSSL_PKCS1_OAEP_PADDING);
    openssl_private_encrypt($data, $out, $key);
    $opts = $n;
    openssl_pkey_new($opts);`);
  assert.deepEqual(names(src), [
    'RSA-4096', 'ECDSA-P256', 'RSA', 'RSA-PKCS1-1.5-SHA-512-4096', 'ECDSA-P256-SHA-256', 'unknown-signature', 'RSA-PKCS1-1.5-SHA-384',
    'RSA-PKCS1-1.5-4096', 'RSA-OAEP-SHA-1', 'RSA-PKCS1-1.5', 'unknown-key-pair-generator',
  ]);
  const a = algorithms(src);
  assert.equal(a[5]!.params.hash, 'SHA-1'); // openssl_sign's documented default
  assert.deepEqual(a[9]!.functions, ['sign']);
});

test('hash extension: digests, HMAC (also hash_init with HASH_HMAC), PBKDF2 and HKDF lengths, checksums skipped', () => {
  const src = phpFile('', `    hash('sha3-256', $data);
    hash_file('md5', $data);
    hash('crc32b', $data); crc32($data); hash('xxh128', $data);
    hash_hmac('sha384', $data, 'static-secret');
    $ctx = hash_init('sha256', HASH_HMAC, $key);
    hash_pbkdf2('sha512', $key, $salt, 50000, 64);
    hash_pbkdf2('sha256', $key, $salt, 50000, 32, true);
    hash_hkdf('sha256', $key, 32, 'aes-key');
    md5($data); sha1($data); md5_file($data); sha1_file($data);
    hash($n, $data);`);
  assert.deepEqual(algorithms(src).map((a) => [a.name, a.params.outputLength]), [
    ['SHA3-256', undefined], ['MD5', undefined], ['HMAC-SHA-384', undefined], ['HMAC-SHA-256', undefined],
    ['PBKDF2-SHA-512-50000', 256], ['PBKDF2-SHA-256-50000', 256], ['HKDF-SHA-256', 256],
    ['MD5', undefined], ['SHA-1', undefined], ['MD5', undefined], ['SHA-1', undefined], ['unknown-hash', undefined],
  ]);
  assert.deepEqual(signalLines(src), [[8, 'hardcoded-key']]);
});

test('password_hash and crypt: costs only where given, Argon2 options, crypt schemes from the salt prefix', () => {
  const src = phpFile('', `    password_hash($data, PASSWORD_BCRYPT);
    password_hash($data, PASSWORD_BCRYPT, ['cost' => 13]);
    password_hash($data, null);
    password_hash($data, PASSWORD_ARGON2I, ['memory_cost' => 1 << 17, 'time_cost' => 3, 'threads' => 2]);
    password_hash($data, $n);
    crypt($data, '$2y$11$' . $salt);
    crypt($data, sprintf('$2y$%02d$', $n) . $salt);
    crypt($data, '$5$' . $salt);
    crypt($data, $stored);`);
  assert.deepEqual(names(src), [
    'bcrypt', 'bcrypt-13', 'bcrypt', 'Argon2i-131072-3-2', 'unknown-key-derivation', 'bcrypt-11', 'bcrypt', 'SHA-256-crypt', 'unknown-key-derivation',
  ]);
  assert.deepEqual(algorithms(src)[0]!.unresolved, ['cost']);
});

test('sprintf and vsprintf name a cipher or digest as the interpolated string does, when every argument they use is known', () => {
  const src = phpFile('const WRAP_BITS = 256;', `    $bits = 128;
    $a = openssl_encrypt($data, sprintf('aes-%d-gcm', $bits), $key, OPENSSL_RAW_DATA, random_bytes(12), $tag);
    $b = openssl_encrypt($data, sprintf('%s-%d-%s', 'camellia', WRAP_BITS, 'cbc'), $key, 0, random_bytes(16));
    $c = hash(sprintf('sha%u', 384), $data);
    $d = openssl_decrypt($data, vsprintf('aes-%2$d-%1$s', ['ctr', 192]), $key, 0, random_bytes(16));
    $e = openssl_encrypt($data, sprintf('aes-%d-gcm', $n), $key, OPENSSL_RAW_DATA, random_bytes(12), $tag);
    $f = hash_hmac(sprintf('%s', strtolower($n)), $data, $key);`);
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name]), [
    [6, 'AES-128-GCM-128-96'], [7, 'CAMELLIA-256-CBC'], [8, 'SHA-384'], [9, 'AES-192-CTR'], [10, 'unknown-cipher'], [11, 'HMAC'],
  ]);
  // A formatted message that names a cipher is no use of it.
  const quiet = phpFile('', `    $msg = sprintf('cipher %s (aes-%d-gcm) is not available', $n, 256);
    throw new RuntimeException(sprintf('openssl_encrypt failed for aes-%d-cbc', 128));`);
  assert.deepEqual(algorithms(quiet), []);
});

test("phpSprintf follows PHP's flags, widths, argument numbers and bases, and gives up on what it does not read", () => {
  const fmt = (f: string, ...args: Value[]) => phpSprintf(f, args);
  assert.deepEqual(fmt('aes-%d-%s', int(256), str('gcm')), str('aes-256-gcm'));
  assert.deepEqual(fmt('%2$s-%1$03d', int(7), str('des')), str('des-007'));
  assert.deepEqual(fmt("[%'*8s|%-6s|%+05d|%x|%X|%o|%b|%.3s|100%%]", str('rsa'), str('ec'), int(7), int(255), int(255), int(8), int(5), str('sha256')),
    str('[*****rsa|ec    |+0007|ff|FF|10|101|sha|100%]'));
  assert.deepEqual(fmt('sha%d', str('512')), str('sha512'), 'a numeric string is its number');
  for (const [f, args] of [['%d', [UNKNOWN]], ['%s', [bytes(16, 'random')]], ['%f', [int(1)]], ['%s-%s', [str('a')]], ['%u', [int(-1)]], ['%d', [str('12ab')]]] as [string, Value[]][]) {
    assert.deepEqual(fmt(f, ...args), UNKNOWN, f);
  }
});

test('code that only mentions crypto reports nothing', () => {
  const src = `<?php
// openssl_encrypt($d, 'aes-128-ecb', $k) and md5() in a comment
$supported = in_array('aes-256-gcm', openssl_get_cipher_methods());
echo "Use openssl_encrypt with aes-256-cbc";
if (function_exists('sodium_crypto_secretbox')) { log_info('sodium available: md5 no longer used'); }
switch ($algo) { case 'sha256': break; }
$isEc = $details['type'] === OPENSSL_KEYTYPE_EC;
$obj->md5($x); Foo::sha1($x); $this->hash('sha256', $x);
function hash_password_legacy($p) { return $p; }
`;
  assert.deepEqual(algorithms(src), []);
  assert.deepEqual(signalLines(src), []);
});
