// X.509 certificate facts with @peculiar/x509 (subject, issuer, validity, serial, signature algorithm)
// and node:crypto (public key type and size). The signature-algorithm OID is read from the DER itself
// and named by the knowledge base (findByOid), never by a table of our own.
import type { X509Certificate } from '@peculiar/x509';
import { createPublicKey } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AlgorithmRefFact, CertificateFacts } from '../../inventory/model.js';
import type { KnowledgeBase } from '../../kb/types.js';
import { certificateSignatureOid, isCompleteSequence } from './der-reader.js';
import { keyFacts, sha256Hex } from './key-facts.js';

function isoSeconds(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * @peculiar/x509 (with reflect-metadata, which must load first) is required on first use: loading it
 * costs about 90 ms of CPU, paid by every scan worker at start-up although most scans meet few or no
 * certificates. Detectors are synchronous, hence `require` (the package ships CommonJS).
 */
let x509Class: typeof X509Certificate | undefined;
function x509(): typeof X509Certificate {
  if (!x509Class) {
    const require = createRequire(import.meta.url);
    require('reflect-metadata');
    x509Class = (require('@peculiar/x509') as typeof import('@peculiar/x509')).X509Certificate;
  }
  return x509Class;
}

/** Parses one DER certificate; null when it is not a complete, parseable certificate. */
export function certificateFacts(der: Uint8Array, encoding: 'PEM' | 'DER', kb: KnowledgeBase): CertificateFacts | null {
  if (!isCompleteSequence(der)) return null;
  let cert: X509Certificate;
  try {
    cert = new (x509())(der.buffer.slice(der.byteOffset, der.byteOffset + der.byteLength) as ArrayBuffer);
  } catch {
    return null;
  }
  const sigOid = certificateSignatureOid(der);
  // The knowledge base is the one place for OIDs: 1.2.840.10045.4.3.3 -> ECDSA with hash SHA-384.
  const known = sigOid ? kb.findByOid(sigOid) : undefined;
  const peculiar = cert.signatureAlgorithm as { name?: string; hash?: { name?: string } };
  const signatureAlgorithm: AlgorithmRefFact = known
    ? { spelling: known.entry.name, params: { ...known.impliedParams } }
    : { spelling: peculiar.name ?? sigOid ?? 'unknown', params: {} };
  // RSASSA-PSS (and other parameterised OIDs) carry the hash in the AlgorithmIdentifier's parameters.
  const hash = known?.impliedParams.hash ?? peculiar.hash?.name;
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
