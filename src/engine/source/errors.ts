// Why fetching a repository failed, as a closed set of codes. The service stores `code` and
// `message` on a failed scan (`error: {code, message}`), so messages are written for the partner
// who submitted the repository: they never carry stack traces, tokens or internal paths.

export const SOURCE_ERROR_CODES = [
  'repo_not_found', // missing, private, or the ref does not exist
  'repo_too_large', // over a compressed-size, uncompressed-size or file-count cap
  'download_failed', // GitHub unreachable, 5xx, rate limited beyond our patience, bad redirect
  'archive_invalid', // not a gzip tar, truncated, or malformed entries
  'scan_timeout', // the scan's deadline passed while fetching
  'internal',
] as const;
export type SourceErrorCode = (typeof SOURCE_ERROR_CODES)[number];

export class SourceError extends Error {
  override readonly name = 'SourceError';
  constructor(
    readonly code: SourceErrorCode,
    message: string,
    /** True when trying again later may succeed (rate limits, 5xx, network errors). */
    readonly transient = false,
    options?: { cause?: unknown; retryAfterMs?: number },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.retryAfterMs = options?.retryAfterMs ?? null;
  }

  /** When GitHub said when to come back (rate-limit reset), how long from now. */
  readonly retryAfterMs: number | null;
}

export function isSourceError(err: unknown): err is SourceError {
  return err instanceof SourceError;
}
