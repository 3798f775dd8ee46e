// What a key is, from node:crypto's own parser: algorithm, size or curve, and a SHA-256 fingerprint
// of the public key's SPKI DER. Key bytes never leave this module; only these facts do.
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import type { AlgorithmRefFact } from '../../inventory/model.js';
import type { KnowledgeBase } from '../../kb/types.js';

export interface KeyFacts {
  algorithm: AlgorithmRefFact;
  /** Modulus bits (RSA, DSA, DH) or curve size in bits. */
  size?: number;
  /** SHA-256 hex of the public key as SPKI DER: a private key, its public key and its certificate share it. */
  fingerprintSha256: string;
}

/** OIDs of the public-key algorithms (RFC 3279, RFC 4055, RFC 8410). */
const KEY_OIDS: Record<string, { spelling: string; oid: string }> = {
  rsa: { spelling: 'RSA', oid: '1.2.840.113549.1.1.1' },
  'rsa-pss': { spelling: 'RSASSA-PSS', oid: '1.2.840.113549.1.1.10' },
  dsa: { spelling: 'DSA', oid: '1.2.840.10040.4.1' },
  dh: { spelling: 'DH', oid: '1.2.840.113549.1.3.1' },
  ec: { spelling: 'ECDSA', oid: '1.2.840.10045.2.1' },
  ed25519: { spelling: 'Ed25519', oid: '1.3.101.112' },
  ed448: { spelling: 'Ed448', oid: '1.3.101.113' },
  x25519: { spelling: 'X25519', oid: '1.3.101.110' },
  x448: { spelling: 'X448', oid: '1.3.101.111' },
};

/** OpenSSL and SSH curve spellings that the knowledge base may not list, to the registry's names. */
const CURVE_FALLBACK: Record<string, { name: string; bits: number }> = {
  prime256v1: { name: 'P-256', bits: 256 },
  secp384r1: { name: 'P-384', bits: 384 },
  secp521r1: { name: 'P-521', bits: 521 },
  secp256k1: { name: 'secp256k1', bits: 256 },
  'P-256': { name: 'P-256', bits: 256 },
  'P-384': { name: 'P-384', bits: 384 },
  'P-521': { name: 'P-521', bits: 521 },
  'K-256': { name: 'secp256k1', bits: 256 },
  nistp256: { name: 'P-256', bits: 256 },
  nistp384: { name: 'P-384', bits: 384 },
  nistp521: { name: 'P-521', bits: 521 },
};

/** Canonical curve name and size: the knowledge base first, then the fallback table, else as written. */
export function canonicalCurve(kb: KnowledgeBase, spelling: string): { name: string; bits?: number } {
  const c = kb.findCurve(spelling);
  if (c) return { name: c.name, bits: c.bits };
  return CURVE_FALLBACK[spelling] ?? { name: spelling };
}

/**
 * Size of an Ed25519/Ed448/X25519/X448 key: its curve's size in the knowledge base (Ed25519 ->
 * Edwards25519, 255 bits; Ed448 -> 448). Every artefact (PKCS#8, SPKI, certificate, JWK, OpenSSH) uses
 * this one figure, which is also what the inventory gives a certificate's key, so a key never has two sizes.
 */
export function edwardsMontgomeryBits(kb: KnowledgeBase, spelling: string): number | undefined {
  const curve = kb.resolve(spelling, {}).params.curve;
  return curve ? kb.findCurve(curve)?.bits : undefined;
}

export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Facts of a parsed key (private or public). */
export function keyFacts(key: KeyObject, kb: KnowledgeBase): KeyFacts {
  const type = key.asymmetricKeyType ?? 'unknown';
  const known = KEY_OIDS[type];
  const details = key.asymmetricKeyDetails ?? {};
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  const fingerprintSha256 = sha256Hex(pub.export({ type: 'spki', format: 'der' }));
  const algorithm: AlgorithmRefFact = { spelling: known?.spelling ?? type, params: {} };
  if (known) algorithm.oid = known.oid;
  let size: number | undefined;
  if (details.modulusLength !== undefined) {
    size = details.modulusLength;
    algorithm.params.keySize = size;
  }
  if (details.namedCurve) {
    const curve = canonicalCurve(kb, details.namedCurve);
    algorithm.params.curve = curve.name;
    size = curve.bits;
  }
  if (known && size === undefined) size = edwardsMontgomeryBits(kb, known.spelling);
  if (details.mgf1HashAlgorithm === undefined && details.hashAlgorithm) algorithm.params.hash = details.hashAlgorithm;
  const facts: KeyFacts = { algorithm, fingerprintSha256 };
  if (size !== undefined) facts.size = size;
  return facts;
}
