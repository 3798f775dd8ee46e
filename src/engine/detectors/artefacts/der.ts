// Binary DER files: X.509 certificates (.der, .cer, .crt), private keys (PKCS#8, PKCS#1, SEC1; clear
// or PKCS#8-encrypted) and public keys (SPKI, PKCS#1) in .der/.key/.pk8/.pub files, and certificate
// signing requests (.csr, .req, .p10). The bytes decide what a file is, in that order; text files
// (PEM .crt, .key, .csr) belong to the PEM detector and give nothing here.
import { createPrivateKey, createPublicKey } from 'node:crypto';
import type { Detection, MaterialFacts, Occurrence } from '../../inventory/model.js';
import type { KnowledgeBase } from '../../kb/types.js';
import type { BinaryAwareDetector } from '../../walk/file-gate.js';
import { certificateFacts } from './certificate.js';
import { children, decodeOid, isCompleteSequence, readTlv } from './der-reader.js';
import { keyFacts, sha256Hex } from './key-facts.js';
import { requestFacts } from './requests-and-parameters.js';

const ID = 'der';

const PRIVATE_TYPES = [['pkcs8', 'PKCS#8'], ['pkcs1', 'PKCS#1'], ['sec1', 'SEC1']] as const;
const PUBLIC_TYPES = [['spki', 'SPKI'], ['pkcs1', 'PKCS#1']] as const;
/** PKCS#5 (PBES1/PBES2) and PKCS#12 password-based encryption schemes: an EncryptedPrivateKeyInfo's algorithm. */
const PASSWORD_BASED = /^1\.2\.840\.113549\.1\.(5|12\.1)\./;

/** A DER key: clear private (its type and size), encrypted PKCS#8 (sealed), or public. */
function keyMaterial(der: Buffer, kb: KnowledgeBase): MaterialFacts | null {
  for (const [type, format] of PRIVATE_TYPES) {
    try {
      const f = keyFacts(createPrivateKey({ key: der, format: 'der', type }), kb);
      return { materialType: 'private-key', format, algorithm: f.algorithm, ...(f.size !== undefined && { size: f.size }), encrypted: false, fingerprintSha256: f.fingerprintSha256 };
    } catch {
      // not this encoding
    }
  }
  for (const [type, format] of PUBLIC_TYPES) {
    try {
      const f = keyFacts(createPublicKey({ key: der, format: 'der', type }), kb);
      return { materialType: 'public-key', format, algorithm: f.algorithm, ...(f.size !== undefined && { size: f.size }), fingerprintSha256: f.fingerprintSha256 };
    } catch {
      // not this encoding
    }
  }
  // EncryptedPrivateKeyInfo ::= SEQUENCE { encryptionAlgorithm AlgorithmIdentifier, encryptedData OCTET STRING }
  const [alg, data, ...rest] = children(der, readTlv(der, 0)!);
  const oid = alg?.tag === 0x30 ? children(der, alg)[0] : undefined;
  const dotted = oid ? decodeOid(der, oid) : null;
  if (rest.length === 0 && data?.tag === 0x04 && data.end - data.start >= 64 && dotted && PASSWORD_BASED.test(dotted)) {
    return { materialType: 'private-key', format: 'PKCS#8', encrypted: true, fingerprintSha256: sha256Hex(der) };
  }
  return null;
}

export const derDetector: BinaryAwareDetector = {
  id: ID,
  keywords: [],
  acceptsBinary: true,
  appliesTo: (path) => /\.(der|cer|crt|key|pk8|p8|pkcs8|pub|spki|csr|req|p10)$/i.test(path),
  detect(file, ctx): Detection[] {
    if (file.content[0] !== 0x30 || !isCompleteSequence(file.content)) return [];
    const at = (symbol: string, snippet: string): Occurrence => ({ path: file.path, line: 1, column: 1, offset: 0, symbol, snippet, detector: ID });
    const certificate = certificateFacts(file.content, 'DER', ctx.kb);
    if (certificate) return [{ type: 'certificate', certificate, occurrence: at('DER certificate', `X.509 certificate (DER, ${file.content.length} bytes)`) }];
    const request = requestFacts(file.content, ctx.kb);
    if (request) {
      const occurrence = at('DER certificate request', `PKCS#10 certificate request (DER, ${file.content.length} bytes)`);
      return [
        { type: 'material', material: request.publicKey, occurrence },
        { type: 'algorithm', spelling: request.signature.spelling, params: request.signature.params, functions: ['sign'], occurrence },
      ];
    }
    const material = keyMaterial(file.content, ctx.kb);
    if (!material) return [];
    const what = material.materialType === 'public-key' ? 'public key' : material.encrypted ? 'encrypted private key' : 'private key';
    return [{ type: 'material', material, occurrence: at(`DER ${what}`, `${material.format} ${what} (DER, ${file.content.length} bytes)`) }];
  },
};
