// JOSE algorithm names (RFC 7518) as the knowledge base spells them, shared by the language
// detectors that read JWT/JWS/JWE libraries (jose and jsonwebtoken in JavaScript; jjwt, Nimbus and
// java-jwt in Java; go-jose, golang-jwt and jwx in Go; web-token in PHP; …).
import type { AlgorithmParams, CryptoFunction } from '../../../inventory/model.js';

export interface Named {
  spelling: string;
  params: AlgorithmParams;
}

/** JWS `alg` values (RFC 7518 §3.1, RFC 8037, RFC 9864's `Ed25519`, draft-ietf-cose-dilithium's `ML-DSA-44/65/87`). */
export function joseSignatureAlg(alg: string): Named | undefined {
  const m = /^(HS|RS|PS|ES)(256|384|512)$/.exec(alg);
  if (m) {
    const hash = `SHA-${m[2]}`;
    switch (m[1]) {
      case 'HS': return { spelling: `HMAC-${hash}`, params: { hash } };
      case 'RS': return { spelling: 'RSA', params: { padding: 'PKCS1v15', hash } };
      case 'PS': return { spelling: 'RSA-PSS', params: { padding: 'PSS', hash } };
      default: return { spelling: 'ECDSA', params: { curve: m[2] === '256' ? 'P-256' : m[2] === '384' ? 'P-384' : 'P-521', hash } };
    }
  }
  if (alg === 'ES256K') return { spelling: 'ECDSA', params: { curve: 'secp256k1', hash: 'SHA-256' } };
  if (alg === 'EdDSA') return { spelling: 'EdDSA', params: {} };
  if (alg === 'Ed25519') return { spelling: 'Ed25519', params: {} };
  // The JOSE names of ML-DSA (jose, node-oidc-provider, Nimbus): the post-quantum signatures.
  if (/^ML-DSA-(44|65|87)$/.test(alg)) return { spelling: alg, params: {} };
  return undefined;
}

/** JWE `alg` (key management) and `enc` (content encryption) values (RFC 7518 §4, §5). */
export function joseEncryptionAlg(alg: string): Named | undefined {
  let m = /^A(128|192|256)(GCM|KW|GCMKW|CBC-HS(256|384|512))$/.exec(alg);
  if (m) {
    const mode = m[2] === 'GCM' || m[2] === 'GCMKW' ? 'GCM' : m[2] === 'KW' ? 'KW' : 'CBC';
    // AxxxCBC-HSyyy uses a key twice the AES size: half for AES-CBC, half for HMAC.
    return { spelling: 'AES', params: { keySize: Number(m[1]), mode } };
  }
  m = /^RSA-OAEP(?:-(256|384|512))?$/.exec(alg);
  if (m) return { spelling: 'RSA-OAEP', params: { padding: 'OAEP', hash: m[1] ? `SHA-${m[1]}` : 'SHA-1' } };
  if (alg === 'RSA1_5') return { spelling: 'RSA', params: { padding: 'PKCS1v15' } };
  if (alg.startsWith('ECDH-ES')) return { spelling: 'ECDH', params: {} };
  m = /^PBES2-HS(256|384|512)\+A(128|192|256)KW$/.exec(alg);
  if (m) return { spelling: `PBKDF2-SHA-${m[1]}`, params: { hash: `SHA-${m[1]}` } };
  return undefined;
}

/**
 * The second algorithm of a composite JWE name, which joseEncryptionAlg leaves out: the AES key
 * wrap of `ECDH-ES+A128KW` and `PBES2-HS256+A128KW`, and the HMAC half of `A128CBC-HS256` (RFC 7518
 * §4.6, §4.8, §5.2). Undefined for every other name.
 */
export function joseSecondary(alg: string): Named | undefined {
  let m = /^(?:ECDH-ES|PBES2-HS\d+)\+A(128|192|256)KW$/.exec(alg);
  if (m) return { spelling: 'AES', params: { keySize: Number(m[1]), mode: 'KW' } };
  m = /^A(?:128|192|256)CBC-HS(256|384|512)$/.exec(alg);
  if (m) return { spelling: `HMAC-SHA-${m[1]}`, params: { hash: `SHA-${m[1]}` } };
  return undefined;
}

/** What the second algorithm of a composite JOSE name does: the HMAC of `A*CBC-HS*` tags, the AES key wrap of `ECDH-ES+A*KW`/`PBES2-*+A*KW` wraps and unwraps. */
export function joseSecondaryFunctions(second: Named): CryptoFunction[] {
  return second.spelling.startsWith('HMAC') ? ['tag'] : ['encrypt', 'decrypt'];
}

/**
 * What a JOSE algorithm does: HMAC tags, signatures sign and verify, ECDH-ES and PBES2 derive the
 * key that wraps or is the content key (PBES2's PBKDF2 count, `p2c`, is chosen at run time), the
 * rest encrypt and decrypt.
 */
export function joseFunctions(jose: string, signature: boolean): { functions: CryptoFunction[]; unresolved?: 'iterations'[] } {
  if (signature) return { functions: jose.startsWith('HS') ? ['tag'] : ['sign', 'verify'] };
  if (jose.startsWith('ECDH-ES')) return { functions: ['keyderive'] };
  if (jose.startsWith('PBES2')) return { functions: ['keyderive'], unresolved: ['iterations'] };
  return { functions: ['encrypt', 'decrypt'] };
}

/** Constant names of jjwt, Nimbus, go-jose and jwx -> JOSE names: RSA_OAEP_256 -> RSA-OAEP-256, A128CBC_HS256 -> A128CBC-HS256. */
export function joseName(constant: string): string {
  return constant
    .replace(/^RSA_OAEP(?=_|$)/, 'RSA-OAEP')
    .replace(/^RSA-OAEP_/, 'RSA-OAEP-')
    .replace(/^ECDH_ES_/, 'ECDH-ES+')
    .replace(/^ECDH_ES$/, 'ECDH-ES')
    .replace(/^PBES2_(HS\d+)_/, 'PBES2-$1+')
    .replace(/^(A\d+CBC)_(HS\d+)$/, '$1-$2');
}

/**
 * COSE algorithm identifiers (IANA "COSE Algorithms"; RFC 9053, RFC 8812, RFC 9864, draft-ietf-cose-dilithium)
 * of the signature algorithms WebAuthn uses, by the JOSE-style name WebAuthn libraries give them.
 */
export const COSE_SIGNATURE_IDS: ReadonlyMap<number, string> = new Map([
  [-7, 'ES256'], [-35, 'ES384'], [-36, 'ES512'], [-47, 'ES256K'], [-8, 'EdDSA'], [-19, 'Ed25519'],
  [-257, 'RS256'], [-258, 'RS384'], [-259, 'RS512'], [-37, 'PS256'], [-38, 'PS384'], [-39, 'PS512'],
  [-65535, 'RS1'], [-48, 'ML-DSA-44'], [-49, 'ML-DSA-65'], [-50, 'ML-DSA-87'],
]);

/**
 * A COSE signature algorithm by its JOSE-style name: JOSE's own (`ES256`, `EdDSA`, `PS384`), `RS1`
 * (RSASSA-PKCS1-v1_5 with SHA-1, registered for old TPM and Windows Hello authenticators) and the
 * ML-DSA parameter sets (`ML-DSA-65`).
 */
export function coseSignatureAlg(name: string): Named | undefined {
  if (name === 'RS1') return { spelling: 'RSA', params: { padding: 'PKCS1v15', hash: 'SHA-1' } };
  return joseSignatureAlg(name);
}
