// Content-derived identifiers: RFC 4122 name-based UUIDs (version 5, SHA-1) and the readable
// references both encoders derive from an AssetId. Node has randomUUID but no v5, and v5 is a few
// lines over node:crypto, so it lives here rather than as a dependency.
import { createHash } from 'node:crypto';
import type { Asset } from '../inventory/model.js';

/** Namespace of every UUID this project derives (itself uuidv5(URL namespace, 'urn:cbom-partner-api')). */
export const CBOM_UUID_NAMESPACE = 'cd72fe26-8dcc-5317-8875-5681de43c7e4';

function uuidBytes(uuid: string): Buffer {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`not a UUID: ${uuid}`);
  return Buffer.from(hex, 'hex');
}

/** RFC 4122 section 4.3 name-based UUID, version 5 (SHA-1). */
export function uuidv5(name: string, namespace: string = CBOM_UUID_NAMESPACE): string {
  const hash = createHash('sha1').update(uuidBytes(namespace)).update(name, 'utf8').digest();
  const b = hash.subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50; // version 5
  b[8] = (b[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The CycloneDX bom-ref of an asset: `crypto/<asset id>` for cryptographic assets, with `@<oid>` for
 * algorithms that have one (the convention of the CycloneDX CBOM examples,
 * `crypto/algorithm/aes-256-gcm@2.16.840.1.101.3.4.1.46`), and the purl for libraries (what SBOM
 * tools expect to find). Uniqueness is checked by the encoder, which owns the whole set.
 */
export function bomRefOf(asset: Asset): string {
  switch (asset.kind) {
    case 'library':
      return asset.purl;
    case 'algorithm':
      return asset.oid ? `crypto/${asset.id}@${asset.oid}` : `crypto/${asset.id}`;
    default:
      return `crypto/${asset.id}`;
  }
}

/**
 * Escape a key for use inside an IRI path: keeps the readable characters of asset ids, paths and
 * purls (`/`, `:`, `@`, `.`, `-`, `_`, `~`, `+`) and percent-encodes everything else (spaces,
 * `#`, `?`, `%`, non-ASCII), so every spdxId is a valid absolute IRI.
 */
const IRI_SAFE = /^[A-Za-z0-9\-._~!*'()/:@+]*$/; // exactly what the slow path leaves as is
export function iriSegment(key: string): string {
  if (IRI_SAFE.test(key)) return key; // nothing to escape (the common case)
  return encodeURIComponent(key).replace(/%(2F|3A|40|2B)/g, (m) => decodeURIComponent(m));
}
