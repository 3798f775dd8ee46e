// X.509 certificate facts with @peculiar/x509 (subject, issuer, validity, serial, signature algorithm)
// and node:crypto (public key type and size). The signature-algorithm OID is read from the DER itself.
import 'reflect-metadata';
import { X509Certificate } from '@peculiar/x509';
import { createPublicKey } from 'node:crypto';
import type { AlgorithmRefFact, CertificateFacts } from '../../inventory/model.js';
import type { KnowledgeBase } from '../../kb/types.js';
import { certificateSignatureOid, isCompleteSequence } from './der-reader.js';
import { keyFacts, sha256Hex } from './key-facts.js';

/** Signature algorithm spellings by OID (RFC 3279, RFC 4055, RFC 5758, RFC 8410), as Java names them. */
const SIGNATURE_OIDS: Record<string, { spelling: string; hash?: string }> = {
  '1.2.840.113549.1.1.4': { spelling: 'MD5withRSA', hash: 'MD5' },
  '1.2.840.113549.1.1.5': { spelling: 'SHA1withRSA', hash: 'SHA-1' },
  '1.2.840.113549.1.1.14': { spelling: 'SHA224withRSA', hash: 'SHA-224' },
  '1.2.840.113549.1.1.11': { spelling: 'SHA256withRSA', hash: 'SHA-256' },
  '1.2.840.113549.1.1.12': { spelling: 'SHA384withRSA', hash: 'SHA-384' },
  '1.2.840.113549.1.1.13': { spelling: 'SHA512withRSA', hash: 'SHA-512' },
  '1.2.840.113549.1.1.10': { spelling: 'RSASSA-PSS' },
  '1.2.840.10040.4.3': { spelling: 'SHA1withDSA', hash: 'SHA-1' },
  '2.16.840.1.101.3.4.3.2': { spelling: 'SHA256withDSA', hash: 'SHA-256' },
  '1.2.840.10045.4.1': { spelling: 'SHA1withECDSA', hash: 'SHA-1' },
  '1.2.840.10045.4.3.1': { spelling: 'SHA224withECDSA', hash: 'SHA-224' },
  '1.2.840.10045.4.3.2': { spelling: 'SHA256withECDSA', hash: 'SHA-256' },
  '1.2.840.10045.4.3.3': { spelling: 'SHA384withECDSA', hash: 'SHA-384' },
  '1.2.840.10045.4.3.4': { spelling: 'SHA512withECDSA', hash: 'SHA-512' },
  '1.3.101.112': { spelling: 'Ed25519' },
  '1.3.101.113': { spelling: 'Ed448' },
};

function isoSeconds(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Parses one DER certificate; null when it is not a complete, parseable certificate. */
export function certificateFacts(der: Uint8Array, encoding: 'PEM' | 'DER', kb: KnowledgeBase): CertificateFacts | null {
  if (!isCompleteSequence(der)) return null;
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(der.buffer.slice(der.byteOffset, der.byteOffset + der.byteLength) as ArrayBuffer);
  } catch {
    return null;
  }
  const sigOid = certificateSignatureOid(der);
  const known = sigOid ? SIGNATURE_OIDS[sigOid] : undefined;
  const peculiar = cert.signatureAlgorithm as { name?: string; hash?: { name?: string } };
  const signatureAlgorithm: AlgorithmRefFact = {
    spelling: known?.spelling ?? peculiar.name ?? sigOid ?? 'unknown',
    params: {},
  };
  const hash = known?.hash ?? peculiar.hash?.name;
  if (hash) signatureAlgorithm.params.hash = hash;
  if (sigOid) signatureAlgorithm.oid = sigOid;

  let publicKeyAlgorithm: AlgorithmRefFact;
  try {
    publicKeyAlgorithm = keyFacts(createPublicKey({ key: Buffer.from(cert.publicKey.rawData), format: 'der', type: 'spki' }), kb).algorithm;
  } catch {
    const alg = cert.publicKey.algorithm as { name?: string };
    publicKeyAlgorithm = { spelling: alg.name ?? 'unknown', params: {} };
  }
  return {
    subject: cert.subject,
    issuer: cert.issuer,
    serialNumber: cert.serialNumber,
    notBefore: isoSeconds(cert.notBefore),
    notAfter: isoSeconds(cert.notAfter),
    signatureAlgorithm,
    publicKeyAlgorithm,
    fingerprintSha256: sha256Hex(der),
    encoding,
  };
}
