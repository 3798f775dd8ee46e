// Bouncy Castle for .NET (`Org.BouncyCastle.*`, NuGet BouncyCastle.Cryptography): the name-based
// factories (`CipherUtilities.GetCipher("AES/GCM/NoPadding")`, `DigestUtilities.GetDigest`,
// `SignerUtilities.GetSigner("SHA256withRSA")`, `MacUtilities.GetMac`, `GeneratorUtilities`,
// `AgreementUtilities`) and key-pair generators initialised with their parameters
// (`RsaKeyGenerationParameters(e, random, 2048, certainty)`). Read only in files that use the namespace.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import { unresolvedSpelling, type UnresolvedRole } from '../../../kb/unresolved.js';
import { kindOf } from '../common/languages.js';
import { needsKeySize, parseTransformation } from '../common/transformation.js';
import type { CsFile } from './file.js';
import { callArgs, createdType } from './resolve.js';

export const BOUNCY_CASTLE_NET: LibraryRef = Object.freeze({ ecosystem: 'nuget', name: 'BouncyCastle.Cryptography' });

/** The lightweight API's elliptic-curve Diffie-Hellman agreements (read in `bc-lightweight.ts`; they make an EC generator ECDH). */
export const ECDH_AGREEMENTS = ['ECDHBasicAgreement', 'ECDHCBasicAgreement'];

const UTILITIES: Readonly<Record<string, { role: UnresolvedRole; fn?: CryptoFunction }>> = {
  'CipherUtilities.GetCipher': { role: 'cipher' },
  'DigestUtilities.GetDigest': { role: 'hash', fn: 'digest' },
  'DigestUtilities.CalculateDigest': { role: 'hash', fn: 'digest' },
  'SignerUtilities.GetSigner': { role: 'signature' },
  'MacUtilities.GetMac': { role: 'mac', fn: 'tag' },
  'MacUtilities.CalculateMac': { role: 'mac', fn: 'tag' },
  'GeneratorUtilities.GetKeyPairGenerator': { role: 'key-pair-generator', fn: 'keygen' },
  'GeneratorUtilities.GetKeyGenerator': { role: 'key-generator', fn: 'keygen' },
  'AgreementUtilities.GetBasicAgreement': { role: 'key-agreement', fn: 'keyderive' },
};
export const BC_UTILITIES = new Set(Object.keys(UTILITIES));

/** Key size (or named curve) given to a generator's `Init(…)`: RsaKeyGenerationParameters, KeyGenerationParameters, ECKeyGenerationParameters. */
function generatorInit(f: CsFile, gen: SgNode): AlgorithmParams {
  for (const init of f.calls(gen, ['Init'])) {
    const p = f.origin(callArgs(init)[0]);
    if (!p || kindOf(p) !== 'object_creation_expression') continue;
    const a = callArgs(p);
    switch (createdType(p)) {
      case 'RsaKeyGenerationParameters': {
        const n = f.int(a[2]);
        return n !== undefined ? { keySize: n } : {};
      }
      case 'KeyGenerationParameters':
      case 'DsaKeyGenerationParameters': {
        const n = f.int(a[1]);
        return n !== undefined ? { keySize: n } : {};
      }
      default:
        return {};
    }
  }
  return {};
}

/** `CipherUtilities.GetCipher("AES/GCM/NoPadding")` and the other utilities. */
export function bcUtility(f: CsFile, node: SgNode, callee: string): void {
  const u = UTILITIES[callee]!;
  const name = f.str(callArgs(node)[0]);
  const lib = BOUNCY_CASTLE_NET;
  const functions = u.fn ? [u.fn] : [];
  if (name === undefined) {
    f.algorithm(node, callee, { spelling: unresolvedSpelling(u.role), functions, library: lib });
    return;
  }
  if (u.role === 'cipher') {
    const t = parseTransformation(name);
    const params: AlgorithmParams = {};
    if (t.mode) params.mode = t.mode;
    if (t.padding) params.padding = t.padding;
    if (t.hash) params.hash = t.hash;
    const unresolved: AlgorithmParamName[] = [];
    if (needsKeySize(t.algorithm)) unresolved.push('keySize');
    if (/^(AES|DES|DESede|TripleDES|Blowfish|RC2|Camellia|SM4|IDEA|CAST5|Twofish|Serpent)$/i.test(t.algorithm)) unresolved.push('mode');
    f.algorithm(node, callee, { spelling: t.algorithm, params, unresolved, library: lib });
    return;
  }
  const params = u.role === 'key-pair-generator' || u.role === 'key-generator' ? generatorInit(f, node) : {};
  const unresolved: AlgorithmParamName[] = u.role === 'key-pair-generator' && /^(RSA|DSA|DH)$/i.test(name) ? ['keySize'] : u.role === 'key-generator' && needsKeySize(name) ? ['keySize'] : [];
  // Bouncy Castle spells digests "SHA-256" and "SHA256", and MACs "HMAC-SHA256" / "HMACSHA256": the KB reads both.
  f.algorithm(node, callee, { spelling: name.replace(/^HMAC[-/]/i, 'HMAC'), params, unresolved, functions, library: lib });
}

const GENERATORS: Readonly<Record<string, string>> = {
  RsaKeyPairGenerator: 'RSA', DsaKeyPairGenerator: 'DSA', ECKeyPairGenerator: 'EC', Ed25519KeyPairGenerator: 'Ed25519',
  Ed448KeyPairGenerator: 'Ed448', X25519KeyPairGenerator: 'X25519', X448KeyPairGenerator: 'X448',
};
export const BC_GENERATORS = new Set(Object.keys(GENERATORS));

/**
 * An `ECKeyPairGenerator` makes keys for ECDSA or ECDH alike: it is ECDH when created for that algorithm
 * (`new ECKeyPairGenerator("ECDH")`) or when the file agrees keys with `ECDHBasicAgreement`/`ECDHCBasicAgreement`
 * (an SSH key exchange), ECDSA otherwise.
 */
function ecGeneratorSpelling(f: CsFile, node: SgNode): string {
  const named = f.str(callArgs(node)[0]);
  if (named !== undefined) return /^ECDH/i.test(named) ? 'ECDH' : 'EC';
  const agreement = f.root.find({ rule: { kind: 'object_creation_expression', has: { field: 'type', regex: `(^|\\.)(${ECDH_AGREEMENTS.join('|')})$` } } });
  return agreement ? 'ECDH' : 'EC';
}

/** `new RsaKeyPairGenerator()` with its linked `Init(new RsaKeyGenerationParameters(…, 2048, …))`. */
export function bcGenerator(f: CsFile, node: SgNode, type: string): void {
  const spelling = type === 'ECKeyPairGenerator' ? ecGeneratorSpelling(f, node) : GENERATORS[type]!;
  const params = generatorInit(f, node);
  const unresolved: AlgorithmParamName[] = spelling === 'RSA' || spelling === 'DSA' ? ['keySize'] : spelling === 'EC' || spelling === 'ECDH' ? ['curve'] : [];
  f.algorithm(node, `new ${type}`, { spelling, params, unresolved, functions: ['keygen'], library: BOUNCY_CASTLE_NET });
}

/**
 * The raw RFC 8032 / RFC 7748 classes (`Org.BouncyCastle.Math.EC.Rfc8032.Ed25519`, `Rfc7748.X25519`): static
 * `Ed25519.Sign(sk, 0, pk, 0, msg, 0, len, sig, 0)`, `Ed25519.Verify(…)`, `X25519.ScalarMult(…)`, used by code
 * that keeps keys as byte arrays (an SSH client's Ed25519 host keys) rather than through the signer classes.
 */
const RFC_CURVE_STATICS: Readonly<Record<string, CryptoFunction>> = {
  Sign: 'sign', Verify: 'verify', GeneratePrivateKey: 'keygen', GeneratePublicKey: 'keygen', ScalarMult: 'keyderive', ScalarMultBase: 'keygen',
  CalculateAgreement: 'keyderive',
};
const RFC_CURVES: Readonly<Record<string, readonly string[]>> = {
  Ed25519: ['Sign', 'Verify', 'GeneratePrivateKey', 'GeneratePublicKey'], Ed448: ['Sign', 'Verify', 'GeneratePrivateKey', 'GeneratePublicKey'],
  X25519: ['GeneratePrivateKey', 'GeneratePublicKey', 'ScalarMult', 'ScalarMultBase', 'CalculateAgreement'],
  X448: ['GeneratePrivateKey', 'GeneratePublicKey', 'ScalarMult', 'ScalarMultBase', 'CalculateAgreement'],
};
export const BC_RFC_STATICS = new Set(Object.entries(RFC_CURVES).flatMap(([c, ms]) => ms.map((m) => `${c}.${m}`)));

/** `Ed25519.Sign(…)`, `X25519.ScalarMult(…)`: the curve's algorithm with the method's function. */
export function bcRfcStatic(f: CsFile, node: SgNode, key: string): void {
  const [curve, method] = key.split('.') as [string, string];
  f.algorithm(node, key, { spelling: curve, functions: [RFC_CURVE_STATICS[method]!], library: BOUNCY_CASTLE_NET });
}
