// Go JWT/JOSE libraries: golang-jwt (and its predecessor dgrijalva/jwt-go) signing methods
// (`jwt.SigningMethodHS256`, `jwt.NewWithClaims(jwt.SigningMethodRS256, claims)`), go-jose algorithm
// constants (`jose.RS256`, `jose.RSA1_5`, `jose.A128GCM`) and lestrrat-go/jwx `jwa` names. A JOSE
// algorithm named in code is what the service signs or encrypts its tokens with;
// `jwt.SigningMethodNone` / `UnsafeAllowNoneSignatureType` / `jwa.NoSignature` accept unsigned ones.
// Azure Key Vault's Go SDK (azkeys) names the same JWA algorithms for what a vault key wraps, encrypts
// or signs (`azkeys.EncryptionAlgorithmRSAOAEP256`: sops wraps its data keys so).
import type { SgNode } from '@ast-grep/napi';
import { joseEncryptionAlg, joseFunctions, joseName, joseSecondary, joseSecondaryFunctions, joseSignatureAlg } from '../common/jose.js';
import { escapeRegex } from '../common/regex.js';
import type { GoFile } from './file.js';

/** Import paths of the JOSE libraries, by family. */
const GOLANG_JWT = /^github\.com\/(?:golang-jwt\/jwt|dgrijalva\/jwt-go|form3tech-oss\/jwt-go)(?:\/v\d+)?$/;
/** go.step.sm/crypto/jose re-exports go-jose's algorithm constants under the same names (step-ca's tokens). */
const GO_JOSE = /^(?:github\.com\/go-jose\/go-jose(?:\/v\d+)?|gopkg\.in\/(?:go-jose|square)\/go-jose\.v\d+|github\.com\/square\/go-jose|go\.step\.sm\/crypto\/jose)$/;
const JWX_JWA = /^github\.com\/lestrrat-go\/jwx(?:\/v\d+)?\/jwa$/;
/** azkeys moved from sdk/keyvault/azkeys to sdk/security/keyvault/azkeys; both are in use. */
const AZKEYS = /^github\.com\/Azure\/azure-sdk-for-go\/sdk\/(?:security\/)?keyvault\/azkeys$/;

export function isJoseImport(path: string): boolean {
  return GOLANG_JWT.test(path) || GO_JOSE.test(path) || JWX_JWA.test(path) || AZKEYS.test(path);
}

/**
 * azkeys' `EncryptionAlgorithmX` / `SignatureAlgorithmX` constants: X is the JWA name without its
 * punctuation (`RSAOAEP256` is RSA-OAEP-256, `RSA15` is RSA1_5, `A256KW`, `PS256`, `ES256K` as written).
 * `A128CBC`/`A128CBCPAD` (plain AES-CBC of a Managed HSM key) have no JOSE name and are returned as is.
 */
function azkeysJose(member: string): string | undefined {
  const m = /^(?:EncryptionAlgorithm|SignatureAlgorithm)([A-Z][A-Z0-9]+)$/.exec(member);
  if (!m) return undefined;
  return { RSAOAEP256: 'RSA-OAEP-256', RSAOAEP: 'RSA-OAEP', RSA15: 'RSA1_5' }[m[1]!] ?? m[1];
}

const NONE_NAMES = new Set(['SigningMethodNone', 'UnsafeAllowNoneSignatureType', 'NoSignature']);

/**
 * golang-jwt's PEM key parsers name the key type: the RSA, EC or Ed25519 key a service signs or
 * verifies its tokens with, even where the signing method is chosen from configuration. Sizes and
 * curves are in the PEM, not the code.
 */
const JWT_KEY_PARSERS: Readonly<Record<string, string>> = {
  ParseRSAPrivateKeyFromPEM: 'RSA', ParseRSAPrivateKeyFromPEMWithPassword: 'RSA', ParseRSAPublicKeyFromPEM: 'RSA',
  ParseECPrivateKeyFromPEM: 'ECDSA', ParseECPublicKeyFromPEM: 'ECDSA',
  ParseEdPrivateKeyFromPEM: 'Ed25519', ParseEdPublicKeyFromPEM: 'Ed25519',
};

/** The JOSE name a library member stands for, or undefined when it is not an algorithm. */
function joseOf(path: string, member: string): string | undefined {
  if (GOLANG_JWT.test(path)) {
    const m = /^SigningMethod(HS|RS|ES|PS)(256|384|512)$/.exec(member);
    if (m) return `${m[1]}${m[2]}`;
    return member === 'SigningMethodEdDSA' ? 'EdDSA' : undefined;
  }
  if (AZKEYS.test(path)) return azkeysJose(member);
  // go-jose (and smallstep's jose) and jwx spell the JOSE names as identifiers (RSA_OAEP_256, A128CBC_HS256).
  return /^[A-Z][A-Za-z0-9_]*$/.test(member) ? joseName(member) : undefined;
}

/** `pkg.Member` references to the JOSE libraries' algorithms, in files that import one of them. */
export function detectJoseNames(f: GoFile, root: SgNode, imports: ReadonlyMap<string, string>): void {
  const locals = [...imports].filter(([, path]) => isJoseImport(path));
  if (locals.length === 0) return;
  const pathOf = new Map(locals);
  const rule = { rule: { kind: 'selector_expression', regex: `^(${locals.map(([l]) => escapeRegex(l)).join('|')})\\.[A-Z]\\w*$` } };
  for (const node of root.findAll(rule)) {
    const local = node.field('operand')?.text() ?? '';
    const member = node.field('field')?.text() ?? '';
    const path = pathOf.get(local);
    if (!path) continue;
    const callee = `${path}.${member}`;
    if (NONE_NAMES.has(member)) {
      f.signal(node, callee, 'jwt-none-algorithm', `${local}.${member}: tokens without a signature are accepted`);
      continue;
    }
    const keyType = GOLANG_JWT.test(path) ? JWT_KEY_PARSERS[member] : undefined;
    if (keyType) {
      const unresolved = keyType === 'RSA' ? ['keySize' as const] : keyType === 'ECDSA' ? ['curve' as const] : [];
      const parent = node.parent();
      f.algorithm(parent?.kind() === 'call_expression' ? parent : node, callee, { spelling: keyType, unresolved });
      continue;
    }
    const jose = joseOf(path, member);
    if (!jose) continue;
    const cbc = /^A(128|192|256)CBC(?:PAD)?$/.exec(jose);
    if (cbc) {
      f.algorithm(node, callee, { spelling: 'AES', params: { keySize: Number(cbc[1]), mode: 'CBC' }, functions: ['encrypt', 'decrypt'] });
      continue;
    }
    const sig = joseSignatureAlg(jose);
    const named = sig ?? joseEncryptionAlg(jose);
    if (!named) continue;
    f.algorithm(node, callee, { spelling: named.spelling, params: named.params, ...joseFunctions(jose, !!sig) });
    // `ECDH-ES+A128KW` also wraps with AES-128-KW, `PBES2-HS256+A128KW` too, `A128CBC-HS256` also MACs with HMAC-SHA-256.
    const second = joseSecondary(jose);
    if (second) f.algorithm(node, callee, { spelling: second.spelling, params: second.params, functions: joseSecondaryFunctions(second) });
  }
}
