// PHP detector: libsodium, mcrypt, weak random sources building secrets, TLS switches (curl, stream
// contexts, Guzzle), and the Composer libraries (phpseclib, firebase/php-jwt, lcobucci/jwt, defuse,
// Laravel facades) recognised through `use` imports; also how a template with HTML parses.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms, names, phpFile, protocols, signalLines } from './helpers.js';

test('libsodium: the function fixes the algorithm; constant nonces and keys; pwhash limits', () => {
  const src = phpFile('', `    $n = random_bytes(SODIUM_CRYPTO_AEAD_CHACHA20POLY1305_IETF_NPUBBYTES);
    sodium_crypto_aead_chacha20poly1305_ietf_encrypt($data, '', $n, $key);
    sodium_crypto_aead_aes256gcm_decrypt($data, '', str_repeat("\\x00", 12), $key);
    sodium_crypto_secretbox($data, $n, 'a-key-written-in-the-source-32b!');
    sodium_crypto_box_keypair();
    sodium_crypto_sign_verify_detached($sig, $data, $key);
    sodium_crypto_pwhash(32, $data, $salt, 4, 1 << 30);
    sodium_crypto_pwhash_str($data, SODIUM_CRYPTO_PWHASH_OPSLIMIT_INTERACTIVE, SODIUM_CRYPTO_PWHASH_MEMLIMIT_INTERACTIVE);
    sodium_crypto_generichash($data, $key, 64);
    sodium_crypto_auth($data, $key);
    sodium_crypto_secretbox_keygen();`);
  assert.deepEqual(names(src), [
    'ChaCha20-Poly1305', 'AES-256-GCM', 'XSalsa20-Poly1305', 'X25519', 'Ed25519', 'Argon2-1048576-4-1', 'Argon2-65536-2-1', 'BLAKE2b-512', 'HMAC-SHA-512/256', 'XSalsa20-Poly1305',
  ]);
  assert.equal(algorithms(src)[0]!.params.ivLength, 96);
  assert.deepEqual(signalLines(src), [[7, 'static-iv'], [8, 'hardcoded-key']]);
});

test('mcrypt: Rijndael-128 is AES sized by its key, the module API, ECB needs no IV', () => {
  const src = phpFile('', `    mcrypt_encrypt(MCRYPT_RIJNDAEL_128, '0123456789abcdef', $data, MCRYPT_MODE_CBC, $iv);
    mcrypt_decrypt(MCRYPT_RIJNDAEL_256, $key, $data, 'cbc', $iv);
    mcrypt_encrypt(MCRYPT_DES, $key, $data, MCRYPT_MODE_ECB, str_repeat("\\0", 8));
    $td = mcrypt_module_open(MCRYPT_TRIPLEDES, '', MCRYPT_MODE_CFB, '');
    mcrypt_generic_init($td, $key, '12345678');`);
  assert.deepEqual(names(src), ['AES-128-CBC', 'Rijndael-256', 'DES-ECB', '3DES-168-CFB']);
  assert.deepEqual(signalLines(src), [[5, 'hardcoded-key'], [9, 'static-iv']]);
});

test('weak random: only where the value becomes a secret-named variable, key or function result', () => {
  const src = `<?php
class T {
    function apiToken() { return sha1(uniqid('', true)); }
    function pick($a) { $index = mt_rand(0, count($a) - 1); return $a[$index]; }
    function salt() { $this->salt = substr(md5(rand()), 0, 8); }
    function retry() { usleep(mt_rand(100, 500)); $delay = rand(1, 5); }
    function nonce() { return ['nonce' => lcg_value(), 'jitter' => mt_rand()]; }
    function roll() { if (mt_rand(1, 6) === 6) { return 'win'; } }
}
`;
  assert.deepEqual(signalLines(src), [[3, 'weak-random'], [5, 'weak-random'], [7, 'weak-random']]);
});

test('TLS: curl options in calls and arrays, stream context options, Guzzle verify only in Guzzle calls, crypto methods', () => {
  const src = `<?php
use GuzzleHttp\\Client;
$ch = curl_init();
curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, 0);
curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 2);
curl_setopt_array($ch, [CURLOPT_SSL_VERIFYHOST => false, CURLOPT_SSLVERSION => CURL_SSLVERSION_SSLv3]);
curl_setopt($ch, CURLOPT_SSLVERSION, CURL_SSLVERSION_TLSv1_3);
$mail->SMTPOptions = ['ssl' => ['verify_peer' => false, 'verify_peer_name' => true]];
$client = new Client(['timeout' => 5]);
$client->request('GET', '/x', ['verify' => false]);
$config = ['verify' => false, 'name' => 'not a TLS setting'];
if ($method === STREAM_CRYPTO_METHOD_TLSv1_0_CLIENT) {}
stream_socket_enable_crypto($fp, true, STREAM_CRYPTO_METHOD_TLSv1_2_CLIENT | STREAM_CRYPTO_METHOD_TLSv1_3_CLIENT);
`;
  assert.deepEqual(signalLines(src), [
    [4, 'cert-verification-disabled'], [6, 'hostname-verification-disabled'], [6, 'insecure-protocol-version'], [8, 'cert-verification-disabled'], [10, 'cert-verification-disabled'],
  ]);
  assert.deepEqual(protocols(src).map((p) => [p.occurrence.line, p.protocol.version]), [[6, 'SSLv3'], [7, '1.3'], [13, '1.2'], [13, '1.3']]);
});

test('phpseclib 2 and 3, firebase/php-jwt 5 and 6, lcobucci signers, defuse, Laravel facades through their imports', () => {
  const src = `<?php
use phpseclib3\\Crypt\\AES;
use phpseclib3\\Crypt\\DSA;
use phpseclib\\Crypt\\RSA as RSA2;
use phpseclib\\Crypt\\DES;
use Firebase\\JWT\\JWT;
use Lcobucci\\JWT\\Signer\\Hmac\\Sha512;
use Lcobucci\\JWT\\Signer\\Ecdsa\\Sha256 as Es256;
use Defuse\\Crypto\\Crypto;
use Illuminate\\Support\\Facades\\Crypt;
use Illuminate\\Support\\Facades\\Hash;
$a = new AES('gcm'); $a->setKey('0123456789abcdef0123456789abcdef');
$d = new DES();
$r = new RSA2(); $r->createKey(2048);
$k = DSA::createKey(2048, 224);
JWT::decode($jwt, $key, ['HS512', 'ES384']);
$s = new Sha512(); $e = new Es256();
Crypto::decryptWithPassword($c, $pw);
Crypt::encryptString($v); Hash::make($pw);
$h = new \\App\\Hash('sha1');
`;
  assert.deepEqual(names(src), [
    'AES-256-GCM', 'DES-CBC', 'RSA-2048', 'DSA-2048', 'HMAC-SHA-512', 'ECDSA-P384-SHA-384', 'HMAC-SHA-512', 'ECDSA-P256-SHA-256',
    'AES-256-CTR', 'HMAC-SHA-256', 'PBKDF2-SHA-256-100000', 'unknown-cipher', 'unknown-key-derivation',
  ]);
  assert.deepEqual(signalLines(src), [[12, 'hardcoded-key']]);
  assert.ok(algorithms(src).every((a) => a.library?.ecosystem === 'composer'));
});

test('a template: PHP islands in HTML are read, the HTML is not', () => {
  const src = `<html><body>
<p>We hash with md5(...) and openssl_encrypt(...)</p>
<?php $digest = hash('sha256', $body); ?>
<script>var token = Math.random();</script>
<?= htmlspecialchars(md5($email)) ?>
</body></html>
`;
  assert.deepEqual(algorithms(src, 'views/page.phtml').map((a) => [a.line, a.name]), [[3, 'SHA-256'], [5, 'MD5']]);
});
