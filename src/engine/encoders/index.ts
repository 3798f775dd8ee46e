// Entry points of the BOM encoders: one inventory (ScanResult + SourceDescriptor) in, the exact bytes
// of a CycloneDX 1.6 or SPDX 3.0.1 document out, with its canonical digest. The CLI (`cbom scan`,
// `cbom verify`) and the service's workers call these and nothing below them.
import type { ScanResult, SourceDescriptor } from '../inventory/model.js';
import { cyclonedxDocument } from './cyclonedx/encode.js';
import { spdxDocument } from './spdx/encode.js';
import { writeSealed } from './seal.js';

export type BomFormat = 'cyclonedx' | 'spdx';
export const BOM_FORMATS: readonly BomFormat[] = ['cyclonedx', 'spdx'];

export const CONTENT_TYPES: Record<BomFormat, string> = {
  cyclonedx: 'application/vnd.cyclonedx+json; version=1.6',
  spdx: 'application/spdx+json',
};

export interface EncodedBom {
  format: BomFormat;
  contentType: string;
  /** The exact bytes to store and serve: the RFC 8785 canonical JSON of the document (compact, sorted members). */
  json: string;
  /** `svc_bom_sha256`: SHA-256 hex of the RFC 8785 canonical JSON without that entry. */
  sha256: string;
}

function documentOf(result: ScanResult, source: SourceDescriptor, format: BomFormat) {
  if (format === 'cyclonedx') return cyclonedxDocument(result, source);
  if (format === 'spdx') return spdxDocument(result, source);
  throw new Error(`unknown BOM format ${JSON.stringify(format)} (expected cyclonedx or spdx)`);
}

/** Encode to one string (what the service stores and serves). */
export function encodeBom(result: ScanResult, source: SourceDescriptor, format: BomFormat): EncodedBom {
  const parts: string[] = [];
  // Chunks are kept as produced and joined once: batching them first would copy every byte twice.
  const { sha256 } = writeSealed(documentOf(result, source, format), format, (chunk) => parts.push(chunk), 0);
  let json: string;
  try {
    json = parts.join('');
  } catch (err) {
    if (err instanceof RangeError) throw new Error(`the ${format} document is too large to hold as one string: use writeBom to stream it`);
    throw err;
  }
  return { format, contentType: CONTENT_TYPES[format], json, sha256 };
}

/**
 * Streaming variant: the same bytes handed to `write` in pieces of about 64 Ki characters, for documents too
 * large to hold as one string (V8 caps a string at about 512 MiB; an SPDX document of a very large
 * inventory can exceed that). The digest is known once the last piece is written.
 */
export function writeBom(result: ScanResult, source: SourceDescriptor, format: BomFormat, write: (chunk: string) => void): Omit<EncodedBom, 'json'> {
  const { sha256 } = writeSealed(documentOf(result, source, format), format, write);
  return { format, contentType: CONTENT_TYPES[format], sha256 };
}

export { verifyBom, type VerifyResult } from './verify.js';
export { FIXED_EPOCH, localSourceTimestamp } from './timestamp.js';
/** Thrown when the inventory contradicts itself (dangling reference, duplicate id, level out of range). */
export { InventoryError } from './cryptoview.js';
