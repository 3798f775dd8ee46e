// Two kinds of file that hold public-key facts without being a certificate or a key: certificate
// signing requests (PKCS#10, RFC 2986), whose public key is the key the organisation will be certified
// for and whose signature shows the scheme that key signs with; and domain parameters (OpenSSL's
// `DH PARAMETERS`, `X9.42 DH PARAMETERS`, `DSA PARAMETERS`, `EC PARAMETERS`), which fix the group of
// every key generated from them. Both are read from their DER structure; nothing is decrypted.
import { createPublicKey } from 'node:crypto';
import type { AlgorithmRefFact, MaterialFacts } from '../../inventory/model.js';
import type { KnowledgeBase } from '../../kb/types.js';
import { children, decodeOid, isCompleteSequence, readTlv } from './der-reader.js';
import { bitLength, canonicalCurve, keyFacts } from './key-facts.js';

const INTEGER = 0x02;
const SEQUENCE = 0x30;
const OID = 0x06;

export interface RequestFacts {
  /** The requested certificate's public key (materialType public-key, format PKCS#10). */
  publicKey: MaterialFacts;
  /** The scheme the request is signed with (the key's own), named by the knowledge base from its OID. */
  signature: AlgorithmRefFact;
}

/**
 * CertificationRequest ::= SEQUENCE { certificationRequestInfo SEQUENCE { version INTEGER (0),
 * subject Name, subjectPKInfo SubjectPublicKeyInfo, attributes [0] }, signatureAlgorithm
 * AlgorithmIdentifier, signature BIT STRING }. Null for anything else, a certificate included (its
 * third field is a Name, not a key).
 */
export function requestFacts(der: Uint8Array, kb: KnowledgeBase): RequestFacts | null {
  if (!isCompleteSequence(der)) return null;
  const top = readTlv(der, 0)!;
  const [info, sigAlg, sig] = children(der, top);
  if (!info || info.tag !== SEQUENCE || !sigAlg || sigAlg.tag !== SEQUENCE || !sig || sig.tag !== 0x03) return null;
  const [version, subject, spki] = children(der, info);
  if (!version || version.tag !== INTEGER || version.end - version.start !== 1 || der[version.start] !== 0) return null;
  if (!subject || subject.tag !== SEQUENCE || !spki || spki.tag !== SEQUENCE) return null;
  let key;
  try {
    key = keyFacts(createPublicKey({ key: Buffer.from(der.subarray(spki.at, spki.end)), format: 'der', type: 'spki' }), kb);
  } catch {
    return null;
  }
  const oidNode = children(der, sigAlg)[0];
  const sigOid = oidNode ? decodeOid(der, oidNode) : null;
  const known = sigOid ? kb.findByOid(sigOid) : undefined;
  const signature: AlgorithmRefFact = known ? { spelling: known.entry.name, params: { ...known.impliedParams }, oid: sigOid! } : { spelling: 'unknown-signature', params: {} };
  // The request is signed with the key it carries (proof of possession): its size or curve is the signature's.
  const { keySize, curve } = key.algorithm.params;
  if (keySize !== undefined) signature.params.keySize = keySize;
  if (curve !== undefined) signature.params.curve = curve;
  return {
    publicKey: { materialType: 'public-key', format: 'PKCS#10', algorithm: key.algorithm, ...(key.size !== undefined && { size: key.size }), fingerprintSha256: key.fingerprintSha256 },
    signature,
  };
}

/** The algorithm domain parameters are for: the family and its size (modulus bits) or curve. */
export interface ParameterFacts {
  spelling: 'FFDH' | 'DSA' | 'EC';
  params: { keySize?: number; curve?: string };
}

/**
 * `DH PARAMETERS` (PKCS#3: SEQUENCE { p, g, privateValueLength OPTIONAL }), `X9.42 DH PARAMETERS`
 * (SEQUENCE { p, g, q, … }), `DSA PARAMETERS` (SEQUENCE { p, q, g }): the prime's size. `EC
 * PARAMETERS`: a named curve's OID (explicit curves are left unnamed). Null when the body is not that.
 */
export function parameterFacts(label: string, der: Uint8Array, kb: KnowledgeBase): ParameterFacts | null {
  if (label === 'EC PARAMETERS') {
    const oid = readTlv(der, 0);
    if (!oid || oid.tag !== OID || oid.end !== der.length) return null;
    const dotted = decodeOid(der, oid);
    const curve = dotted ? kb.curves.find((c) => c.oid === dotted) : undefined;
    return { spelling: 'EC', params: curve ? { curve: canonicalCurve(kb, curve.name).name } : {} };
  }
  const spelling = label === 'DSA PARAMETERS' ? 'DSA' : label === 'DH PARAMETERS' || label === 'X9.42 DH PARAMETERS' ? 'FFDH' : undefined;
  if (!spelling || !isCompleteSequence(der)) return null;
  const ints = children(der, readTlv(der, 0)!);
  const min = spelling === 'DSA' || label.startsWith('X9.42') ? 3 : 2;
  if (ints.length < min || ints.slice(0, min).some((n) => n.tag !== INTEGER)) return null;
  const p = ints[0]!;
  const bits = bitLength(der.subarray(p.start, p.end));
  // A group under 256 bits is no real parameter set: a fragment or a test of the parser.
  return bits >= 256 ? { spelling, params: { keySize: bits } } : null;
}

export const PARAMETER_LABELS = new Set(['DH PARAMETERS', 'X9.42 DH PARAMETERS', 'DSA PARAMETERS', 'EC PARAMETERS']);
export const REQUEST_LABELS = new Set(['CERTIFICATE REQUEST', 'NEW CERTIFICATE REQUEST']);
