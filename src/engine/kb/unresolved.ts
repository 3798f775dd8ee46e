// One rule for a crypto API call whose algorithm the detector cannot name (the name is a parameter,
// comes from another file or from configuration): it is still reported, so that no use of
// cryptography is silently missed, as `unknown-<role>`, where the role is what the API itself fixes.
// The primitive is the one the API guarantees (every `MessageDigest` is a hash, every `KeyAgreement`
// key agreement) and `unknown` where the API spans several (a `Cipher` may be a block cipher, a
// stream cipher or RSA). Family `unknown`; no levels (docs/methodology.md, "Resolution and naming").
import type { Primitive } from '../inventory/model.js';

export const UNRESOLVED_ROLES = {
  cipher: 'unknown',
  'block-cipher': 'block-cipher',
  hash: 'hash',
  mac: 'mac',
  signature: 'signature',
  /** WebCrypto `sign`/`verify` serve both signatures and HMAC. */
  'signature-or-mac': 'unknown',
  'key-agreement': 'key-agree',
  /** WebCrypto `deriveBits`/`deriveKey` serve both key agreement (ECDH, X25519) and KDFs (PBKDF2, HKDF). */
  'key-derivation': 'unknown',
  'key-generator': 'unknown',
  'key-pair-generator': 'unknown',
  'key-factory': 'unknown',
  random: 'drbg',
} as const satisfies Record<string, Primitive>;

export type UnresolvedRole = keyof typeof UNRESOLVED_ROLES;

/** The spelling (and asset name) of an unresolved algorithm: `unknown-cipher`, `unknown-hash`. */
export function unresolvedSpelling(role: UnresolvedRole): string {
  return `unknown-${role}`;
}

/** The role of an `unknown-<role>` spelling, or undefined for any other spelling. */
export function unresolvedRole(spelling: string): UnresolvedRole | undefined {
  const m = /^unknown-([a-z-]+)$/.exec(spelling.trim());
  return m && Object.hasOwn(UNRESOLVED_ROLES, m[1]!) ? (m[1] as UnresolvedRole) : undefined;
}
