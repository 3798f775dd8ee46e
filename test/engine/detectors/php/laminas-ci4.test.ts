// PHP detector, v1.12 round 2 (laminas/laminas-crypt, codeigniter4/CodeIgniter4): openssl_pkey_new with a
// key's own parameters (`'dh' => [p, g]`), options merged over a literal with array_replace/array_merge,
// and a cipher name read from an element of an array property (`$this->algos[$this->algo]`).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { phpDetector } from '../../../../src/engine/detectors/source/php/index.js';
import { KeywordPrefilter } from '../../../../src/engine/walk/prefilter.js';
import { algorithms, signalLines } from './helpers.js';

const rows = (src: string): Array<[number, string]> => algorithms(src).map((a): [number, string] => [a.line, a.name]).sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));

test("openssl_pkey_new(['dh' => [p, g]]) is a DH key over that prime, not RSA (the default type) nor private_key_bits' size", () => {
  const src = `<?php
namespace Acme\\Kex;

final class Exchange
{
    public const DEFAULT_KEY_SIZE = 2048;

    public function keys(string $p, string $g, bool $legacy)
    {
        $params = ['p' => $p, 'g' => $g];
        if ($legacy) {
            $res = openssl_pkey_new(['dh' => $params]);
        } else {
            $res = openssl_pkey_new([
                'dh' => $params,
                'private_key_bits' => self::DEFAULT_KEY_SIZE,
                'private_key_type' => OPENSSL_KEYTYPE_DH,
            ]);
        }
        $ec = openssl_pkey_new(['ec' => ['curve_name' => 'prime256v1', 'd' => $d]]);
        $rsa = openssl_pkey_new(['rsa' => ['n' => $n, 'e' => $e]]);
        $sized = openssl_pkey_new(['private_key_bits' => 3072]);
        return [$res, $ec, $rsa, $sized];
    }
}
`;
  assert.deepEqual(rows(src), [[12, 'FFDH'], [14, 'FFDH'], [20, 'ECDSA-P256'], [21, 'RSA'], [22, 'RSA-3072']]);
});

test('options merged over a literal: the literal key type stands, a size a caller may replace does not', () => {
  const src = `<?php
final class KeyOptions
{
    public function generateKeys(array $opensslConfig = [])
    {
        $opensslConfig = array_replace(
            [
                'private_key_type' => OPENSSL_KEYTYPE_EC,
                'curve_name'       => 'secp384r1',
                'private_key_bits' => 2048,
            ],
            $opensslConfig
        );
        $key = openssl_pkey_new($opensslConfig);
        $forced = openssl_pkey_new(array_merge($opensslConfig, ['private_key_type' => OPENSSL_KEYTYPE_RSA, 'private_key_bits' => 4096]));
        $unknown = openssl_pkey_new(array_merge($a, $b));
        return [$key, $forced, $unknown];
    }

    public function defaults()
    {
        return openssl_pkey_new(array_replace(['private_key_bits' => 1024], []));
    }
}
`;
  // Before: all three merged arrays were unknown-key-pair-generator.
  assert.deepEqual(rows(src), [[14, 'ECDSA'], [15, 'RSA-4096'], [16, 'unknown-key-pair-generator'], [22, 'RSA-1024']]);
});

test("a cipher named by an element of an array property: laminas' Symmetric\\Openssl is AES-256-CBC by its defaults", () => {
  const src = `<?php
namespace Acme\\Symmetric;

class Openssl
{
    protected $algo = 'aes';
    protected $mode = 'cbc';
    protected $encryptionAlgos = [
        'aes'      => 'aes-256',
        'blowfish' => 'bf',
    ];
    protected const DIGESTS = ['md5', 'sha256'];

    public function encrypt($data)
    {
        return openssl_encrypt($data, strtolower($this->encryptionAlgos[$this->algo] . '-' . $this->mode), $this->getKey(), OPENSSL_RAW_DATA, $this->getSalt());
    }

    public function fingerprint($data, $i)
    {
        $list = ['md5', 'sha384'];
        return [hash(self::DIGESTS[1], $data), hash($list[1], $data), hash($list[$i], $data), hash($this->encryptionAlgos['none'], $data)];
    }
}
`;
  assert.deepEqual(rows(src), [[16, 'AES-256-CBC'], [22, 'SHA-256'], [22, 'SHA-384'], [22, 'unknown-hash'], [22, 'unknown-hash']]);
});

test('laminas-crypt: BlockCipher with its defaults, Pbkdf2/Scrypt/Hmac/Hash, Bcrypt and DiffieHellman', () => {
  const src = `<?php
namespace App\\Security;

use Laminas\\Crypt\\BlockCipher;
use Laminas\\Crypt\\Key\\Derivation\\Pbkdf2;
use Laminas\\Crypt\\Key\\Derivation\\Scrypt;
use Laminas\\Crypt\\Hmac;
use Laminas\\Crypt\\Password\\Bcrypt;
use Laminas\\Crypt\\PublicKey\\DiffieHellman;
use Zend\\Crypt\\Hash;

final class Vault
{
    public function run($password, $salt, $data)
    {
        $cipher = BlockCipher::factory('openssl', ['algo' => 'aes']);
        $legacy = BlockCipher::factory('openssl', ['algo' => 'blowfish', 'mode' => 'cfb']);
        $key = Pbkdf2::calc('sha256', $password, $salt, 10000, 32);
        $k2 = Scrypt::calc($password, $salt, 2048, 8, 1, 64);
        $mac = Hmac::compute('s3cret', 'sha1', $data);
        $h = Hash::compute('md5', $data);
        $b = new Bcrypt();
        $b2 = new Bcrypt(['cost' => 13]);
        $dh = new DiffieHellman('155172898181473697471232257763715539915724801966915404479707795314057629378541917580651227423698188993727816152646631438561595825688188889951272158842675419950341258706556549803580104870537681476726513255747040765857479291291572334510643245094715007229621094194349783925984760375594985848253359305585439638443', '2');
        $other = new \\Acme\\Hmac();
        return Other\\Pbkdf2::calc('md5', $password, $salt, 1, 16);
    }
}
`;
  // Before: nothing of these (laminas' classes were not read).
  assert.deepEqual(rows(src), [
    [16, 'AES-256-CBC'], [16, 'HMAC-SHA-256'], [16, 'PBKDF2-SHA-256-5000'],
    [17, 'Blowfish-CFB'], [17, 'HMAC-SHA-256'], [17, 'PBKDF2-SHA-256-5000'],
    [18, 'PBKDF2-SHA-256-10000'], [19, 'scrypt-2048'], [20, 'HMAC-SHA-1'], [21, 'MD5'],
    [22, 'bcrypt-10'], [23, 'bcrypt-13'], [24, 'FFDH-1024'],
  ]);
  assert.deepEqual(algorithms(src).find((a) => a.line === 24)?.library, { ecosystem: 'composer', name: 'laminas/laminas-crypt' });
  assert.deepEqual(algorithms(src).find((a) => a.line === 21)?.library, { ecosystem: 'composer', name: 'zendframework/zend-crypt' });
  assert.deepEqual(signalLines(src), [[20, 'hardcoded-key']]);
});

test("laminas-crypt: a file that changes BlockCipher's iterations or hashes leaves them unknown", () => {
  const src = `<?php
use Laminas\\Crypt\\BlockCipher;

$cipher = BlockCipher::factory('openssl', ['algo' => 'aes', 'mode' => 'gcm']);
$cipher->setKeyIteration(100000);
$cipher->setHashAlgorithm('sha512');
`;
  assert.deepEqual(rows(src), [[4, 'AES-256-GCM'], [4, 'HMAC'], [4, 'PBKDF2-SHA-256']]);
});

test("laminas-crypt: scrypt's own one-iteration PBKDF2 steps inside its Scrypt class are not a password derivation", () => {
  const src = `<?php
namespace Laminas\\Crypt\\Key\\Derivation;

abstract class Scrypt
{
    public static function calc($password, $salt, $n, $r, $p, $length)
    {
        $b = Pbkdf2::calc('sha256', $password, $salt, 1, $p * 128 * $r);
        return Pbkdf2::calc('sha256', $password, $b, 1, $length);
    }
}

final class Weak
{
    public static function derive($password, $salt)
    {
        return Pbkdf2::calc('sha256', $password, $salt, 1, 32);
    }
}
`;
  assert.deepEqual(rows(src), [[17, 'PBKDF2-SHA-256-1']]);
});

test("laminas-crypt: a file that imports one of the classes read passes the prefilter, the library's namespace alone does not", () => {
  const prefilter = new KeywordPrefilter();
  assert.deepEqual(prefilter.select([phpDetector], Buffer.from('<?php\nuse Laminas\\Crypt\\BlockCipher;\n$c = BlockCipher::factory("openssl");\n')), [phpDetector]);
  assert.deepEqual(prefilter.select([phpDetector], Buffer.from('<?php\nnamespace Laminas\\Crypt\\Symmetric;\ninterface SymmetricInterface {}\n')), []);
});
