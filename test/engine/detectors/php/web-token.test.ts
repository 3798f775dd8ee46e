// PHP detector, web-token/jwt-framework: the JWA classes an application instantiates for its
// AlgorithmManagers (through the shared JOSE table), JWKFactory key generation with sizes and curves,
// the None algorithm, literal JWK secrets, and the prefilter letting such files through.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { phpDetector } from '../../../../src/engine/detectors/source/php/index.js';
import { KeywordPrefilter } from '../../../../src/engine/walk/prefilter.js';
import { algorithms, signals } from './helpers.js';

const row = (a: ReturnType<typeof algorithms>[number]) => [a.line, a.name, a.functions?.join(',') ?? '', a.occurrence.symbol];

test('JWS: key generation with sizes and curves, and the algorithms an AlgorithmManager holds', () => {
  const src = `<?php
namespace Billing\\Auth;

use Jose\\Component\\Core\\AlgorithmManager;
use Jose\\Component\\KeyManagement\\JWKFactory;
use Jose\\Component\\Signature\\Algorithm\\{ES512, HS512 as InvoiceMac, PS384, RS256};
use Jose\\Component\\Signature\\JWSBuilder;

final class InvoiceTokens
{
    public function keys(): array
    {
        return [
            JWKFactory::createRSAKey(1024, ['alg' => 'RS256', 'use' => 'sig']),
            JWKFactory::createECKey('P-521'),
            JWKFactory::createOKPKey('Ed25519'),
            JWKFactory::createOctKey(512, ['alg' => 'HS512']),
        ];
    }

    public function builder(): JWSBuilder
    {
        $manager = new AlgorithmManager([
            new RS256(),
            new PS384(),
            new ES512(),
            new InvoiceMac(),
            new \\Jose\\Component\\Signature\\Algorithm\\EdDSA(),
        ]);
        return new JWSBuilder($manager);
    }
}
`;
  const found = algorithms(src);
  assert.deepEqual(found.map(row), [
    [14, 'RSA-1024', 'keygen', 'JWKFactory::createRSAKey'],
    [15, 'ECDSA-P521', 'keygen', 'JWKFactory::createECKey'],
    [16, 'Ed25519', 'keygen', 'JWKFactory::createOKPKey'],
    [17, 'HMAC-SHA-512', 'keygen', 'JWKFactory::createOctKey'],
    [24, 'RSA-PKCS1-1.5-SHA-256', 'sign,verify', 'new RS256'],
    [25, 'RSA-PSS-SHA-384', 'sign,verify', 'new PS384'],
    [26, 'ECDSA-P521-SHA-512', 'sign,verify', 'new ES512'],
    [27, 'HMAC-SHA-512', 'tag', 'new InvoiceMac'],
    [28, 'EdDSA', 'sign,verify', 'new \\Jose\\Component\\Signature\\Algorithm\\EdDSA'],
  ]);
  for (const a of found) assert.deepEqual(a.library, { ecosystem: 'composer', name: 'web-token/jwt-framework' });
  assert.deepEqual(signals(src), []);
});

test('JWE: key encryption and content encryption classes, both halves of composite names, PBES2 salt and count', () => {
  const src = `<?php
use Jose\\Component\\Core\\AlgorithmManager;
use Jose\\Component\\Encryption\\Algorithm\\KeyEncryption\\{ECDHESA256KW, PBES2HS512A256KW, RSA15, RSAOAEP256, A128KW, Dir};
use Jose\\Component\\Encryption\\Algorithm\\ContentEncryption\\{A256GCM, A128CBCHS256};

function archive_managers(): array {
    $keys = new AlgorithmManager([new RSAOAEP256(), new ECDHESA256KW(), new RSA15(), new A128KW(), new Dir()]);
    $passwords = new AlgorithmManager([new PBES2HS512A256KW(16, 310000), new PBES2HS512A256KW()]);
    $content = new AlgorithmManager([new A256GCM(), new A128CBCHS256()]);
    return [$keys, $passwords, $content];
}
`;
  const found = algorithms(src);
  assert.deepEqual(found.map((a) => [a.line, a.name, a.functions?.join(',')]), [
    [7, 'RSA-OAEP-SHA-256', 'decrypt,encrypt'],
    [7, 'ECDH', 'keyderive'], [7, 'AES-256-KW', 'decrypt,encrypt'],
    [7, 'RSA-PKCS1-1.5', 'decrypt,encrypt'],
    [7, 'AES-128-KW', 'decrypt,encrypt'],
    [8, 'PBKDF2-SHA-512-310000', 'keyderive'], [8, 'AES-256-KW', 'decrypt,encrypt'],
    [8, 'PBKDF2-SHA-512-4096', 'keyderive'], [8, 'AES-256-KW', 'decrypt,encrypt'],
    [9, 'AES-256-GCM', 'decrypt,encrypt'],
    [9, 'AES-128-CBC', 'decrypt,encrypt'], [9, 'HMAC-SHA-256', 'tag'],
  ]);
  // The defaults of PBES2AESKW's constructor: a 64-byte salt and 4096 iterations.
  assert.deepEqual(found.filter((a) => a.name.startsWith('PBKDF2')).map((a) => [a.params.saltLength, a.params.iterations]), [[16, 310000], [64, 4096]]);
  // `Dir` uses the shared key as the content key: no algorithm of its own.
  assert.ok(!found.some((a) => a.occurrence.symbol === 'new Dir'));
});

test('experimental classes, None, literal secrets, sizes and curves the factory refuses, values it cannot read', () => {
  const src = `<?php
use Jose\\Component\\KeyManagement\\JWKFactory;
use Jose\\Experimental\\Signature\\{HS1, RS1, ES256K, HS256_64};
use Jose\\Experimental\\KeyEncryption\\{A128CTR, Chacha20Poly1305};
use Jose\\Component\\Signature\\Algorithm\\None;

class LegacyDevices {
    public function algorithms(): array {
        return [new HS1(), new RS1(), new ES256K(), new HS256_64(), new A128CTR(), new Chacha20Poly1305(), new None()];
    }
    public function keys(int $bits, string $crv): array {
        return [
            JWKFactory::createFromSecret('device-shared-secret', ['alg' => 'HS1']),
            JWKFactory::createRSAKey(256),
            JWKFactory::createECKey('P-192'),
            JWKFactory::createRSAKey($bits),
            JWKFactory::createECKey($crv),
            JWKFactory::createOKPKey($crv),
            JWKFactory::createOctKey(128),
            JWKFactory::createFromSecret($this->secret),
        ];
    }
}
`;
  assert.deepEqual(algorithms(src).map((a) => [a.line, a.name, (a.unresolved ?? []).join(',')]), [
    [9, 'HMAC-SHA-1', ''], [9, 'RSA-PKCS1-1.5-SHA-1', ''], [9, 'ECDSA-secp256k1-SHA-256', ''], [9, 'HMAC-SHA-256-64', ''],
    [9, 'AES-128-CTR', ''], [9, 'ChaCha20-Poly1305', ''],
    // createRSAKey(256) and createECKey('P-192') throw: no key. An oct key without `alg` names no algorithm.
    [16, 'RSA', 'keySize'], [17, 'ECDSA', 'curve'], [18, 'unknown-key-pair-generator', ''],
  ]);
  assert.deepEqual(signals(src).map((s) => [s.occurrence.line, s.signal, s.related?.spelling]), [
    [9, 'jwt-none-algorithm', undefined],
    [13, 'hardcoded-key', 'HMAC-SHA-1'],
  ]);
});

test('classes of the same short names that are not web-token report nothing; the prefilter lets web-token files through', () => {
  const src = `<?php
namespace Acme\\Signing;

use Jose\\Component\\Core\\JWK;
use Acme\\Legacy\\RS256;

final class ES256 {}

function sign(string $payload, JWK $jwk): string {
    $a = new RS256();
    $b = new ES256();
    $c = new HS256();
    return Util::createRSAKey(1024) . JWKSet::createFromJson($payload);
}
`;
  assert.deepEqual(algorithms(src), []);
  assert.deepEqual(signals(src), []);
  const prefilter = new KeywordPrefilter();
  const issuer = '<?php\nuse Jose\\Component\\Signature\\Algorithm\\RS256;\n$m = new AlgorithmManager([new RS256()]);\n';
  assert.deepEqual(prefilter.select([phpDetector], Buffer.from(issuer)), [phpDetector]);
  const grouped = '<?php\nuse Jose\\Component\\{Core\\AlgorithmManager, Signature\\Algorithm\\ES256};\n$m = new AlgorithmManager([new ES256()]);\n';
  assert.deepEqual(prefilter.select([phpDetector], Buffer.from(grouped)), [phpDetector]);
  assert.deepEqual(algorithms(grouped).map((a) => a.name), ['ECDSA-P256-SHA-256']);
  // JWK plumbing that names no algorithm class nor the factory is not read.
  assert.deepEqual(prefilter.select([phpDetector], Buffer.from('<?php\nuse Jose\\Component\\Core\\JWK;\n$k = new JWK($values);\n')), []);
  assert.deepEqual(prefilter.select([phpDetector], Buffer.from('<?php\n$m = new Manager([new Widget()]);\n')), []);
});

test('web-token classes listed by ::class for instantiation are uses; an existence check, an attribute or None::class are not', () => {
  const src = `<?php
use Jose\\Component\\Core\\AlgorithmManager;
use Jose\\Component\\Signature\\Algorithm\\{ES384, None, PS256, RS256};

#[CoversClass(RS256::class)]
final class AttestationVerifier
{
    public function manager(): AlgorithmManager
    {
        if (! class_exists(RS256::class)) {
            throw new \\RuntimeException('install web-token/jwt-library');
        }
        $classes = [RS256::class, PS256::class, ES384::class, None::class];
        $algorithms = [];
        foreach ($classes as $class) {
            $algorithms[] = new $class();
        }
        return new AlgorithmManager($algorithms);
    }
}
`;
  assert.deepEqual(algorithms(src).map(row), [
    [13, 'RSA-PKCS1-1.5-SHA-256', 'sign,verify', 'RS256::class'],
    [13, 'RSA-PSS-SHA-256', 'sign,verify', 'PS256::class'],
    [13, 'ECDSA-P384-SHA-384', 'sign,verify', 'ES384::class'],
  ]);
  assert.deepEqual(signals(src), []);
});
