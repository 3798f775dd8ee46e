// Recompute a BOM's `svc_bom_sha256` from its own content (what `cbom verify` reports).
import { canonicalSha256 } from './digest.js';
import { DIGEST_PROPERTY, METHODOLOGY_PROPERTY } from './properties.js';
import { detectFormat, servicePropertyList, type Format } from './seal.js';

export interface VerifyResult {
  /** True when the document carries a digest and it matches the content. */
  ok: boolean;
  format: Format | null;
  /** The digest the document states (null when it has none). */
  expected: string | null;
  /** The digest of the content (null when the document could not be read as a BOM). */
  actual: string | null;
  methodologyVersion: string | null;
  /** Why it failed, for people. */
  error?: string;
}

export function verifyBom(json: string): VerifyResult {
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch (err) {
    return fail(null, `not JSON: ${(err as Error).message}`);
  }
  const format = detectFormat(doc);
  if (!format) return fail(null, 'neither a CycloneDX document (bomFormat) nor an SPDX 3.0.1 JSON-LD document (@context, @graph)');
  const list = servicePropertyList(doc, format);
  if (!list) return fail(format, format === 'cyclonedx' ? 'no metadata.properties' : 'no CdxPropertiesExtension on the SpdxDocument element');
  const digestAt = list.entries.map((e) => list.nameOf(e)).flatMap((n, i) => (n === DIGEST_PROPERTY ? [i] : []));
  const methodologyVersion = list.entries.map((e) => (list.nameOf(e) === METHODOLOGY_PROPERTY ? list.valueOf(e) : undefined)).find((v) => v !== undefined) ?? null;
  // Every entry named svc_bom_sha256 is left out of the hash; exactly one must be present and match.
  const stated = digestAt.map((i) => list.valueOf(list.entries[i]) ?? null);
  for (const i of [...digestAt].reverse()) list.entries.splice(i, 1);
  let actual: string;
  try {
    actual = canonicalSha256(doc);
  } catch (err) {
    return { ...fail(format, (err as Error).message), methodologyVersion };
  }
  const expected = stated.length === 1 ? stated[0]! : null;
  const ok = expected !== null && expected === actual;
  const error = ok
    ? undefined
    : stated.length === 0
      ? `no ${DIGEST_PROPERTY} entry`
      : stated.length > 1
        ? `${stated.length} ${DIGEST_PROPERTY} entries`
        : 'digest does not match the content';
  return { ok, format, expected, actual, methodologyVersion, ...(error ? { error } : {}) };
}

function fail(format: Format | null, error: string): VerifyResult {
  return { ok: false, format, expected: null, actual: null, methodologyVersion: null, error };
}
