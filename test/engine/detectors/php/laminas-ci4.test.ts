// PHP detector, v1.12 round 2 (laminas/laminas-crypt, codeigniter4/CodeIgniter4): openssl_pkey_new with a
// key's own parameters (`'dh' => [p, g]`), options merged over a literal with array_replace/array_merge,
// and a cipher name read from an element of an array property (`$this->algos[$this->algo]`).
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { algorithms } from './helpers.js';

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
