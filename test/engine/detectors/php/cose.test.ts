// PHP detector, web-auth/cose-lib: the COSE signature and MAC classes a WebAuthn relying party registers
// (`new`, `::create()`, `::class` in service definitions and class lists), the `Algorithms::COSE_ALGORITHM_*`
// identifiers it offers for new credentials or accepts, and what only compares with them.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { phpDetector } from '../../../../src/engine/detectors/source/php/index.js';
import { KeywordPrefilter } from '../../../../src/engine/walk/prefilter.js';
import { algorithms, signals } from './helpers.js';

const row = (a: ReturnType<typeof algorithms>[number]) => [a.line, a.name, a.functions?.join(',') ?? '', a.occurrence.symbol];
const COSE_LIB = { ecosystem: 'composer', name: 'web-auth/cose-lib' };

test('cose-lib: the algorithms a passkey verifier registers, by new, create() and ::class', () => {
  const src = `<?php
namespace Acme\\Passkeys;

use Cose\\Algorithm\\Manager;
use Cose\\Algorithm\\Signature\\ECDSA\\ES256;
use Cose\\Algorithm\\Signature\\ECDSA\\ES384;
use Cose\\Algorithm\\Signature\\EdDSA\\EdDSA;
use Cose\\Algorithm\\Signature\\RSA\\{PS256, RS1};
use Cose\\Algorithm\\Signature\\RSA\\RS256 as LegacyRsa;
use Cose\\Algorithm\\Mac\\HS256;

final class VerifierFactory
{
    public function manager(): Manager
    {
        $manager = Manager::create()->add(ES256::create(), LegacyRsa::create());
        $manager->add(new EdDSA());
        $manager->add(new RS1());
        $manager->add(new \\Cose\\Algorithm\\Signature\\FullySpecified\\Ed448());
        return $manager;
    }

    public static function services($container): void
    {
        $container->set('passkeys.cose.ES384')->class(ES384::class);
        $container->set('passkeys.cose.PS256')->class(PS256::class);
    }

    /** @return list<class-string> */
    public function extraAlgorithms(): array
    {
        return [HS256::class, \\Cose\\Algorithm\\Signature\\MLDSA\\MLDSA65::class];
    }
}
`;
  const found = algorithms(src);
  assert.deepEqual(found.map(row), [
    [16, 'ECDSA-P256-SHA-256', 'sign,verify', 'ES256::create'],
    [16, 'RSA-PKCS1-1.5-SHA-256', 'sign,verify', 'LegacyRsa::create'],
    // cose-lib's EdDSA class refuses every curve but Ed25519.
    [17, 'Ed25519', 'sign,verify', 'new EdDSA'],
    [18, 'RSA-PKCS1-1.5-SHA-1', 'sign,verify', 'new RS1'],
    [19, 'Ed448', 'sign,verify', 'new \\Cose\\Algorithm\\Signature\\FullySpecified\\Ed448'],
    [25, 'ECDSA-P384-SHA-384', 'sign,verify', 'ES384::class'],
    [26, 'RSA-PSS-SHA-256', 'sign,verify', 'PS256::class'],
    [32, 'HMAC-SHA-256', 'tag', 'HS256::class'],
    [32, 'ML-DSA-65', 'sign,verify', '\\Cose\\Algorithm\\Signature\\MLDSA\\MLDSA65::class'],
  ]);
  for (const a of found) assert.deepEqual(a.library, COSE_LIB);
  assert.deepEqual(signals(src), []);
});

test('cose-lib: identifiers offered for new passkeys are key generation, those accepted are verification', () => {
  const src = `<?php
use Cose\\Algorithms;
use Webauthn\\PublicKeyCredentialParameters;

final class RegistrationOptions
{
    public function parameters(): array
    {
        return [
            PublicKeyCredentialParameters::createPk(Algorithms::COSE_ALGORITHM_ES256),
            PublicKeyCredentialParameters::create('public-key', Algorithms::COSE_ALGORITHM_EDDSA),
            new PublicKeyCredentialParameters('public-key', Algorithms::COSE_ALGORITHM_RS256),
        ];
    }

    public function accepted(array $requested): array
    {
        return $requested !== [] ? $requested : [Algorithms::COSE_ALGORITHM_PS384, \\Cose\\Algorithms::COSE_ALGORITHM_ED25519];
    }
}
`;
  assert.deepEqual(algorithms(src).map(row), [
    [10, 'ECDSA-P256-SHA-256', 'keygen', 'Algorithms::COSE_ALGORITHM_ES256'],
    // -8 leaves the curve to the key.
    [11, 'EdDSA', 'keygen', 'Algorithms::COSE_ALGORITHM_EDDSA'],
    [12, 'RSA-PKCS1-1.5-SHA-256', 'keygen', 'Algorithms::COSE_ALGORITHM_RS256'],
    [18, 'RSA-PSS-SHA-384', 'verify', 'Algorithms::COSE_ALGORITHM_PS384'],
    [18, 'Ed25519', 'verify', '\\Cose\\Algorithms::COSE_ALGORITHM_ED25519'],
  ]);
});

test('cose-lib: comparisons, lookups, existence checks and other classes of the same names are no use', () => {
  const src = `<?php
use Cose\\Algorithms;
use Cose\\Algorithm\\Signature\\ECDSA\\ES256;
use Cose\\Algorithm\\Signature\\RSA\\RS1;
use App\\Security\\ES512;

#[CoversClass(ES256::class)]
final class SignatureFixer
{
    private const LENGTHS = [Algorithms::COSE_ALGORITHM_ES256 => 64];

    public static function fix(string $signature, int $alg, object $algorithm): string
    {
        if ($alg === Algorithms::COSE_ALGORITHM_RS1 || ! class_exists(RS1::class)) {
            return $signature;
        }
        switch ($algorithm::identifier()) {
            case ES256::ID:
            case Algorithms::COSE_ALGORITHM_ES384:
                return substr($signature, 0, self::LENGTHS[$alg]);
        }
        $kind = match ($alg) {
            Algorithms::COSE_ALGORITHM_PS256 => 'pss',
            default => 'other',
        };
        $local = new ES512();
        return $kind . ES512::class;
    }
}
`;
  assert.deepEqual(algorithms(src), []);
  assert.deepEqual(signals(src), []);
  const prefilter = new KeywordPrefilter();
  assert.deepEqual(prefilter.select([phpDetector], Buffer.from('<?php\nuse Cose\\Algorithm\\Signature\\RSA\\RS256;\n$m->add(new RS256());\n')), [phpDetector]);
  assert.deepEqual(prefilter.select([phpDetector], Buffer.from('<?php\nuse Cose\\Algorithms;\n$p = [Algorithms::COSE_ALGORITHM_ES256];\n')), [phpDetector]);
  // cose-lib's CBOR keys name no algorithm.
  assert.deepEqual(prefilter.select([phpDetector], Buffer.from('<?php\nuse Cose\\Key\\Ec2Key;\n$k = Ec2Key::create($data);\n')), []);
});
