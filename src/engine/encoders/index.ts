// Entry points of the BOM encoders: one inventory (ScanResult + SourceDescriptor) in, the exact bytes
// of a CycloneDX 1.6 or SPDX 3.0.1 document out, with its canonical digest. The CLI (`cbom scan`,
// `cbom verify`) and the service's workers call these and nothing below them.
import type { ScanResult, SourceDescriptor } from '../inventory/model.js';
import { encodeCycloneDx } from './cyclonedx/encode.js';
import { encodeSpdx } from './spdx/encode.js';
import { sealDocument } from './seal.js';

export type BomFormat = 'cyclonedx' | 'spdx';
export const BOM_FORMATS: readonly BomFormat[] = ['cyclonedx', 'spdx'];

export const CONTENT_TYPES: Record<BomFormat, string> = {
  cyclonedx: 'application/vnd.cyclonedx+json; version=1.6',
  spdx: 'application/spdx+json',
};

export interface EncodedBom {
  format: BomFormat;
  contentType: string;
  /** The exact bytes to store and serve (UTF-8 JSON, 2-space indent, trailing newline). */
  json: string;
  /** `svc_bom_sha256`: SHA-256 hex of the RFC 8785 canonical JSON without that entry. */
  sha256: string;
}

export function encodeBom(result: ScanResult, source: SourceDescriptor, format: BomFormat): EncodedBom {
  const doc = format === 'cyclonedx' ? encodeCycloneDx(result, source) : format === 'spdx' ? encodeSpdx(result, source) : null;
  if (doc === null) throw new Error(`unknown BOM format ${JSON.stringify(format)} (expected cyclonedx or spdx)`);
  const { json, sha256 } = sealDocument(doc, format);
  return { format, contentType: CONTENT_TYPES[format], json, sha256 };
}

export { verifyBom, type VerifyResult } from './verify.js';
export { FIXED_EPOCH, localSourceTimestamp } from './timestamp.js';
