// Document timestamps. Both encodings carry exactly one time: the source's (commit date for GitHub,
// SOURCE_DATE_EPOCH or the fixed epoch for local directories), at whole seconds, so that the same
// input always gives the same bytes.

/** Used when a local directory is scanned and SOURCE_DATE_EPOCH is not set. */
export const FIXED_EPOCH = '1970-01-01T00:00:00Z';

/** `2024-05-01T12:34:56Z` from any ISO 8601 date-time; fractions of a second are dropped. */
export function wholeSecondUtc(iso: string): string {
  const ms = Date.parse(iso);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(iso) || Number.isNaN(ms)) {
    throw new Error(`source timestamp is not an ISO 8601 date-time: ${JSON.stringify(iso)}`);
  }
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Timestamp for a local directory scan (reproducible-builds.org convention): SOURCE_DATE_EPOCH
 * (seconds since 1970, UTC) when set, otherwise FIXED_EPOCH. A malformed value is an error rather
 * than a silent fallback, because it would make the output depend on something the user did not mean.
 */
export function localSourceTimestamp(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.SOURCE_DATE_EPOCH;
  if (raw === undefined || raw === '') return FIXED_EPOCH;
  if (!/^\d{1,12}$/.test(raw)) throw new Error(`SOURCE_DATE_EPOCH must be whole seconds since 1970, got ${JSON.stringify(raw)}`);
  return new Date(Number(raw) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
