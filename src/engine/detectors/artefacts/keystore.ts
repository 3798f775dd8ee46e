// Keystore files, recognised by magic bytes and extension and reported by type without being opened
// (they are password-protected; their entries are out of reach by design).
import type { Detection } from '../../inventory/model.js';
import type { BinaryAwareDetector } from '../../walk/file-gate.js';
import { looksLikePkcs12 } from './der-reader.js';
import { sha256Hex } from './key-facts.js';

const ID = 'keystore';
const EXT = /\.(p12|pfx|jks|jceks|keystore|truststore|ks|bks|uber)$/i;

/** Keystore type from the first bytes: JKS 0xFEEDFEED, JCEKS 0xCECECECE, PKCS#12 a DER PFX of version 3. */
export function keystoreType(path: string, content: Buffer): string | null {
  if (content.length < 8) return null;
  const magic = content.readUInt32BE(0);
  if (magic === 0xfeedfeed) return 'JKS';
  if (magic === 0xcececece) return 'JCEKS';
  if (looksLikePkcs12(content)) return 'PKCS#12';
  // Bouncy Castle BKS/UBER: a big-endian version (1 or 2) and nothing else recognisable: trust the extension.
  if (/\.(bks|uber)$/i.test(path) && (magic === 1 || magic === 2)) return /\.uber$/i.test(path) ? 'UBER' : 'BKS';
  return null;
}

export const keystoreDetector: BinaryAwareDetector = {
  id: ID,
  keywords: [],
  acceptsBinary: true,
  appliesTo: (path) => EXT.test(path),
  detect(file): Detection[] {
    const format = keystoreType(file.path, file.content);
    if (!format) return [];
    return [{
      type: 'material',
      material: { materialType: 'keystore', format, fingerprintSha256: sha256Hex(file.content) },
      occurrence: { path: file.path, line: 1, column: 1, offset: 0, symbol: `${format} keystore`, snippet: `${format} keystore (${file.content.length} bytes, not opened)`, detector: ID },
    }];
  },
};
