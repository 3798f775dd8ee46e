// Microsoft CryptoAPI key blobs: .NET strong-name key files (`.snk`, made by `sn -k` and committed with
// most signed .NET projects) and `.pvk` private keys (makecert, signtool). An `.snk` is a bare
// PRIVATEKEYBLOB, or, for a public-only key used in delay signing, a 12-byte strong-name header and a
// PUBLICKEYBLOB; a `.pvk` is a header (magic 0xb0b5f11e) and a PRIVATEKEYBLOB, optionally encrypted
// after its first 8 bytes. Layouts: Microsoft's BLOBHEADER and RSAPUBKEY documentation ("Base Provider
// Key BLOBs") and the PVK format as OpenSSL's pvkfmt.c reads and writes it. Numbers in the blobs are
// little-endian. Only RSA blobs are read: strong names are RSA, and DSS blobs are rare.
import { createPublicKey } from 'node:crypto';
import type { Detection, MaterialFacts } from '../../inventory/model.js';
import type { KnowledgeBase } from '../../kb/types.js';
import type { BinaryAwareDetector } from '../../walk/file-gate.js';
import { keyFacts, sha256Hex } from './key-facts.js';

const ID = 'capi-key';

const PUBLICKEYBLOB = 0x06;
const PRIVATEKEYBLOB = 0x07;
const PVK_MAGIC = 0xb0b5f11e;
/** The strong-name public key header: signature algorithm (CALG_RSA_SIGN), hash algorithm, blob size. */
const SNK_PUBLIC_HEADER = 12;

/** The bytes of a blob's key after its 8-byte BLOBHEADER and 12-byte RSAPUBKEY, by magic. */
const BODY_BYTES: Record<string, (bits: number) => number> = {
  RSA1: (bits) => bits / 8, // modulus
  RSA2: (bits) => (bits / 8) * 2 + (bits / 16) * 5, // modulus, p, q, dp, dq, qinv, d
};

const base64url = (littleEndian: Buffer): string => Buffer.from(littleEndian).reverse().toString('base64url');

/** A PUBLICKEYBLOB or PRIVATEKEYBLOB at `at` that fills the buffer exactly; null for anything else. */
function blobMaterial(b: Buffer, at: number, format: string, kb: KnowledgeBase): MaterialFacts | null {
  if (b.length < at + 20) return null;
  const type = b[at]!;
  const magic = b.toString('latin1', at + 8, at + 12);
  const bits = b.readUInt32LE(at + 12);
  const body = BODY_BYTES[magic];
  if (b[at + 1] !== 0x02 || bits < 256 || bits > 16384 || bits % 16 !== 0 || !body) return null;
  const isPrivate = magic.endsWith('2');
  if (type !== (isPrivate ? PRIVATEKEYBLOB : PUBLICKEYBLOB) || b.length !== at + 20 + body(bits)) return null;
  const materialType = isPrivate ? 'private-key' : 'public-key';
  const exponent = b.subarray(at + 16, at + 20);
  const modulus = b.subarray(at + 20, at + 20 + bits / 8);
  try {
    // The public key as node:crypto reads it: a key, its .snk and its certificate share one fingerprint.
    const f = keyFacts(createPublicKey({ key: { kty: 'RSA', n: base64url(modulus), e: base64url(exponent) }, format: 'jwk' }), kb);
    return { materialType, format, algorithm: f.algorithm, ...(f.size !== undefined && { size: f.size }), ...(isPrivate && { encrypted: false }), fingerprintSha256: f.fingerprintSha256 };
  } catch {
    return null;
  }
}

/** A `.pvk` file: its PRIVATEKEYBLOB, or, when encrypted, a sealed private key (type in the clear BLOBHEADER only). */
function pvkMaterial(b: Buffer, kb: KnowledgeBase): MaterialFacts | null {
  if (b.length < 24 + 8 || b.readUInt32LE(0) !== PVK_MAGIC) return null;
  const encrypted = b.readUInt32LE(12) !== 0;
  const saltLength = b.readUInt32LE(16);
  const keyLength = b.readUInt32LE(20);
  const at = 24 + saltLength;
  if (b.length !== at + keyLength) return null;
  if (!encrypted) return blobMaterial(b, at, 'PVK', kb);
  if (b[at] !== PRIVATEKEYBLOB || b[at + 1] !== 0x02 || keyLength < 64) return null;
  return { materialType: 'private-key', format: 'PVK', encrypted: true, fingerprintSha256: sha256Hex(b) };
}

export const capiKeyDetector: BinaryAwareDetector = {
  id: ID,
  keywords: [],
  acceptsBinary: true,
  appliesTo: (path) => /\.(snk|pvk)$/i.test(path),
  detect(file, ctx): Detection[] {
    const b = file.content;
    const material = /\.pvk$/i.test(file.path)
      ? pvkMaterial(b, ctx.kb)
      : blobMaterial(b, 0, 'SNK', ctx.kb) ?? blobMaterial(b, SNK_PUBLIC_HEADER, 'SNK', ctx.kb);
    if (!material) return [];
    const what = material.materialType === 'public-key' ? 'public key' : material.encrypted ? 'encrypted private key' : 'private key';
    const snippet = `${material.format === 'SNK' ? 'strong-name key' : 'PVK'} ${what} (CryptoAPI key blob, ${b.length} bytes)`;
    return [{ type: 'material', material, occurrence: { path: file.path, line: 1, column: 1, offset: 0, symbol: `CryptoAPI ${what}`, snippet, detector: ID } }];
  },
};
