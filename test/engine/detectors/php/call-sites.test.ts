// PHP: values a helper's parameters receive from the file's own calls (php/call-sites.ts). Functions by
// name, methods by `$this->`, `self::`, `static::`, `Class::` (and `parent::` in a subclass of the file),
// constructors by `new`; named arguments and defaults; a function, or a method that is not private, keeps
// an unknown case for the callers of other files.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { algorithms, signals } from './helpers.js';

// Distinct: a use whose algorithm is fixed is the same detection in every case (the inventory merges them).
const names = (source: string): string[] => [...new Set(algorithms(source).map((a) => `${a.line} ${a.name}`))].sort();
const lines = (...l: string[]): string => `<?php\n${l.join('\n')}`;

describe('PHP: values passed by the file\'s own calls', () => {
  it('takes every argument of one call together, never a mix of two calls', () => {
    const source = lines(
      'final class PasswordVault',
      '{',
      '    public function current(string $pw, string $salt): string { return $this->derive($pw, $salt, \'sha256\', 600000); }',
      '    public function legacy(string $pw, string $salt): string { return $this->derive($pw, $salt, \'sha1\', 1000); }',
      '    private function derive(string $pw, string $salt, string $algo, int $rounds): string',
      '    {',
      '        return hash_pbkdf2($algo, $pw, $salt, $rounds, 32, true);',
      '    }',
      '}',
    );
    assert.deepEqual(names(source), ['4 PBKDF2-SHA-256-600000', '5 PBKDF2-SHA-1-1000', '8 PBKDF2-SHA-1-1000', '8 PBKDF2-SHA-256-600000']);
  });

  it('named arguments and defaults; a spread call and other files\' callers stay unknown', () => {
    const source = lines(
      'class Fingerprints',
      '{',
      '    public function of(string $d): string { return $this->digest($d); }',
      '    public function legacy(string $d): string { return self::digest(algo: \'md5\', data: $d); }',
      '    public function any(array $args): string { return $this->digest(...$args); }',
      '    private function digest(string $data, string $algo = \'sha256\'): string',
      '    {',
      '        return hash($algo, $data);',
      '    }',
      '}',
    );
    assert.deepEqual(names(source), ['5 MD5', '7 SHA-256', '9 MD5', '9 SHA-256', '9 unknown-hash']);
    assert.deepEqual(names(source.replace(/\n.*function any.*\n/, '\n')), ['5 MD5', '6 SHA-256', '8 MD5', '8 SHA-256']);
    // A protected or public method, or a function, may be called from other files.
    assert.deepEqual(names(source.replace('private function digest', 'protected function digest').replace(/\n.*function any.*\n/, '\n')), ['5 MD5', '6 SHA-256', '8 MD5', '8 SHA-256', '8 unknown-hash']);
    const fn = lines(
      'function seal(string $data, string $key, string $cipher = \'aes-256-gcm\'): string',
      '{',
      '    $iv = random_bytes(12);',
      '    return openssl_encrypt($data, $cipher, $key, OPENSSL_RAW_DATA, $iv, $tag);',
      '}',
      '$legacy = Seal(\'x\', $key, \'aes-128-cbc\');',
      '$current = \\seal(\'y\', $key);',
    );
    assert.deepEqual(names(fn), ['2 AES-256-GCM-128-96', '5 AES-128-CBC', '5 AES-256-GCM-128-96', '5 unknown-cipher', '7 AES-128-CBC']);
  });

  it('a private method handed on as a callable, or called on another object, keeps an unknown case', () => {
    const source = lines(
      'class Digests',
      '{',
      '    private function h(string $d, string $alg): string { return hash($alg, $d); }',
      '    public function one(string $d): string { return $this->h($d, \'sha1\'); }',
      'CALLER',
      '}',
    );
    assert.deepEqual(names(source.replace('CALLER', '')), ['4 SHA-1', '5 SHA-1']);
    assert.deepEqual(names(source.replace('CALLER', '    public function all(array $d): array { return array_map([$this, \'h\'], $d); }')), ['4 SHA-1', '4 unknown-hash', '5 SHA-1']);
    assert.deepEqual(names(source.replace('CALLER', '    public function same(Digests $o): string { return $o->h(\'x\', \'md5\'); }')), ['4 SHA-1', '4 unknown-hash', '5 SHA-1']);
  });

  it('constructors: new Class(..), new self(..), parent::__construct(..); a promoted property takes the arguments', () => {
    const source = lines(
      'class Signer',
      '{',
      '    public function __construct(private string $algo) {}',
      '    public function sign(string $d, string $k): string { return hash_hmac($this->algo, $d, $k); }',
      '}',
      'final class Sha512Signer extends Signer',
      '{',
      '    public function __construct() { parent::__construct(\'sha512\'); }',
      '}',
      'final class Box',
      '{',
      '    private function __construct(private string $cipher) {}',
      '    public static function modern(): self { return new self(\'aes-256-cbc\'); }',
      '    public function open(string $d, string $k, string $iv): string { return openssl_decrypt($d, $this->cipher, $k, 0, $iv); }',
      '}',
    );
    assert.deepEqual(names(source), ['14 AES-256-CBC', '15 AES-256-CBC', '5 HMAC', '5 HMAC-SHA-512', '9 HMAC-SHA-512']);
  });

  it('leaves out recursive calls, and a same-named method of another class does not feed', () => {
    const source = lines(
      'class Chain',
      '{',
      '    public function run(string $d): string { return $this->pick($d, \'sha384\', 3); }',
      '    private function pick(string $d, string $alg, int $rounds): string',
      '    {',
      '        if ($rounds > 0) { return $this->pick($d, $alg, $rounds - 1); }',
      '        return hash($alg, $d);',
      '    }',
      '}',
      'class Other',
      '{',
      '    private function pick(string $d, string $alg, int $rounds): string { return $alg; }',
      '    public function go(): string { return $this->pick(\'x\', \'md5\', 1) . Other::pick(\'y\', \'md4\', 2); }',
      '}',
    );
    assert.deepEqual(names(source), ['4 SHA-384', '8 SHA-384']);
  });

  it('key and password material a caller passes is not a literal at the helper', () => {
    const source = lines(
      'function encryptWith(string $data, string $key): string',
      '{',
      '    return openssl_encrypt($data, \'aes-256-cbc\', $key, 0, random_bytes(16));',
      '}',
      'function stretch(string $password): string { return hash_pbkdf2(\'sha256\', $password, random_bytes(16), 600000); }',
      '$a = encryptWith(\'x\', \'0123456789abcdef0123456789abcdef\');',
      '$b = stretch(\'hunter2\');',
    );
    assert.deepEqual(signals(source).map((s) => s.signal), []);
    assert.deepEqual(names(source), ['4 AES-256-CBC', '6 PBKDF2-SHA-256-600000']);
  });

  it('a function\'s or method\'s return value: `$this->m()`, `self::m(..)` and `f()`; a public method keeps an override\'s unknown case', () => {
    const source = [
      '<?php',
      'class Vault {',
      "    private function cipher(): string { return 'aes-256-gcm'; }",
      "    private static function digest(string $kind): string { if ($kind === 'legacy') { return 'md5'; } return 'sha256'; }",
      "    public function mac(): string { return 'sha384'; }",
      '    public function seal($d, $k, $iv) {',
      '        $x = openssl_encrypt($d, $this->cipher(), $k, 0, $iv);', // 7
      "        hash_hmac($this->mac(), $x, $k);", // 8
      "        return hash(self::digest('modern'), $x);", // 9
      '    }',
      '}',
      "function algo() { return 'sha512'; }",
      "echo hash(algo(), 'x');", // 13
    ].join('\n');
    assert.deepEqual(names(source), ['13 SHA-512', '7 AES-256-GCM-128', '8 HMAC', '8 HMAC-SHA-384', '9 SHA-256']);
  });
});
