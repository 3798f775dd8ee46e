// What a key is: node:crypto parses it and gives its type and public key (SPKI DER); size and curve
// are read from that DER with @peculiar's ASN.1 schemas, and a SHA-256 fingerprint is taken of it. Key
// bytes never leave this module; only these facts do.
//
// Why not `KeyObject.asymmetricKeyDetails`: on a key OpenSSL 3 decodes but cannot convert to its legacy
// form (an EC private key whose scalar is longer than the curve, as in phpseclib's tests), Node 20
// aborts the whole process with a failed native assertion (crypto_ec.cc GetEcKeyDetail, likewise the
// JWK export). A repository must never be able to bring the scanner down, so those accessors are not
// called on keys from scanned files.
import { createHash, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { SubjectPublicKeyInfo } from '@peculiar/asn1-x509';
import { RSAPublicKey } from '@peculiar/asn1-rsa';
import { ECParameters, type SpecifiedECDomain } from '@peculiar/asn1-ecc';
import { fromBER, Integer, Sequence } from 'asn1js';
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

/** Named curves a key with explicit parameters may spell out (OpenSSL recognises these the same way). */
const EXPLICIT_CANDIDATES = [
  'prime192v1', 'secp224r1', 'prime256v1', 'secp384r1', 'secp521r1', 'secp256k1',
  'brainpoolP224r1', 'brainpoolP256r1', 'brainpoolP320r1', 'brainpoolP384r1', 'brainpoolP512r1',
];

/** A curve's identity when written out: its field and its order. */
function domainKey(d: SpecifiedECDomain): string {
  return `${Buffer.from(d.fieldID.parameters).toString('hex')}:${Buffer.from(d.order).toString('hex')}`;
}

let explicitCurves: Map<string, string> | undefined;

/**
 * The named curve explicit parameters spell out (`-----BEGIN PUBLIC KEY-----` of a key exported with
 * `-param_enc explicit`). The table is built once from keys generated here with explicit parameters,
 * so the constants are OpenSSL's own, not copied by hand.
 */
function namedCurveOf(d: SpecifiedECDomain): string | undefined {
  if (!explicitCurves) {
    explicitCurves = new Map();
    for (const name of EXPLICIT_CANDIDATES) {
      try {
        const { publicKey } = generateKeyPairSync('ec', { namedCurve: name, paramEncoding: 'explicit' });
        const spki = AsnConvert.parse(publicKey.export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo);
        const specified = AsnConvert.parse(spki.algorithm.parameters!, ECParameters).specifiedCurve;
        if (specified) explicitCurves.set(domainKey(specified), name);
      } catch {
        // A curve this OpenSSL build lacks cannot be matched.
      }
    }
  }
  return explicitCurves.get(domainKey(d));
}

/** Bits of an unsigned big-endian integer (leading zero bytes and bits not counted). */
export function bitLength(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  if (i === bytes.length) return 0;
  return (bytes.length - i - 1) * 8 + (32 - Math.clz32(bytes[i]!));
}

/** RSA modulus and DSA prime sizes and the named curve's OID, as the SPKI writes them. */
interface SpkiDetails {
  modulusLength?: number;
  curveOid?: string;
  /** OpenSSL's name of a named curve written out as explicit parameters. */
  explicitCurve?: string;
}

const RSA_OIDS = new Set(['1.2.840.113549.1.1.1', '1.2.840.113549.1.1.10']);
const EC_OID = '1.2.840.10045.2.1';
const DSA_OID = '1.2.840.10040.4.1';

/** Reads an SPKI's key size or curve; a part that does not parse is left out (the key is then unsized). */
export function spkiDetails(der: Uint8Array): SpkiDetails {
  try {
    const spki = AsnConvert.parse(der, SubjectPublicKeyInfo);
    const oid = spki.algorithm.algorithm;
    if (RSA_OIDS.has(oid)) {
      const rsa = AsnConvert.parse(spki.subjectPublicKey, RSAPublicKey);
      return { modulusLength: bitLength(new Uint8Array(rsa.modulus)) };
    }
    const params = spki.algorithm.parameters;
    if (oid === EC_OID && params) {
      const ec = AsnConvert.parse(params, ECParameters);
      if (ec.namedCurve) return { curveOid: ec.namedCurve };
      const named = ec.specifiedCurve ? namedCurveOf(ec.specifiedCurve) : undefined;
      return named ? { explicitCurve: named } : {};
    }
    if (oid === DSA_OID && params) {
      // Dss-Parms ::= SEQUENCE { p INTEGER, q INTEGER, g INTEGER } (RFC 3279)
      const seq = fromBER(params).result;
      const p = seq instanceof Sequence ? seq.valueBlock.value[0] : undefined;
      return p instanceof Integer ? { modulusLength: bitLength(p.valueBlock.valueHexView) } : {};
    }
  } catch {
    // Malformed parameters: the key's type still stands, its size is unknown.
  }
  return {};
}

/** Facts of a parsed key (private or public). */
export function keyFacts(key: KeyObject, kb: KnowledgeBase): KeyFacts {
  const type = key.asymmetricKeyType ?? 'unknown';
  const known = KEY_OIDS[type];
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  const spki = pub.export({ type: 'spki', format: 'der' });
  const details = spkiDetails(spki);
  const fingerprintSha256 = sha256Hex(spki);
  const algorithm: AlgorithmRefFact = { spelling: known?.spelling ?? type, params: {} };
  if (known) algorithm.oid = known.oid;
  let size: number | undefined;
  if (details.modulusLength !== undefined) {
    size = details.modulusLength;
    algorithm.params.keySize = size;
  }
  if (details.curveOid || details.explicitCurve) {
    // A curve's OID is one of its knowledge-base spellings (SEC 2, X9.62, Brainpool, WTLS); another OID is kept as written.
    const curve = canonicalCurve(kb, details.explicitCurve ?? details.curveOid!);
    algorithm.params.curve = curve.name;
    size = curve.bits;
  }
  if (known && size === undefined) size = edwardsMontgomeryBits(kb, known.spelling);
  const facts: KeyFacts = { algorithm, fingerprintSha256 };
  if (size !== undefined) facts.size = size;
  return facts;
}
