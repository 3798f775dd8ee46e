// Fetches one commit of a public GitHub repository into a private temporary folder.
//
// Exactly three GitHub calls (DESIGN.md §3): repository metadata (default branch, visibility),
// the commit (sha and committer date, which become the BOM's timestamps), and the tarball of that
// sha. Redirects are followed by hand and only to the API's own origin or to codeload.github.com,
// so a compromised or misconfigured upstream cannot point us at internal addresses. The tarball
// is streamed straight into `tar` with caps on compressed bytes, uncompressed bytes, file count
// and file size; links, devices, absolute and `..` entries never reach the disk. The folder is
// removed on every failure path, and by `cleanup()` once the caller is done with it.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import * as tar from 'tar';
import type { SourceDescriptor } from '../inventory/model.js';
import { SourceError } from './errors.js';
import type { RepoRef } from './repo-url.js';

export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';
/** GitHub answers `/tarball/{sha}` with a redirect here. */
export const CODELOAD_ORIGIN = 'https://codeload.github.com';

export interface FetchCaps {
  /** Gzip bytes we are willing to download. */
  maxCompressedBytes: number;
  /** Sum of extracted file sizes. */
  maxBytes: number;
  /** Extracted files (directories not counted). */
  maxFiles: number;
  /** Larger files are left out of the extraction (counted in `skippedLargeFiles`), not fatal. */
  maxFileBytes: number;
  /**
   * Bytes of the decompressed tar stream, skipped entries included (default 4 × maxBytes). The
   * other caps count kept files only, so without this a gzip bomb of one huge skipped entry (or
   * millions of links and pax headers) would be inflated and thrown away until the scan deadline.
   */
  maxUncompressedBytes?: number;
}

export const DEFAULT_FETCH_CAPS: FetchCaps = {
  maxCompressedBytes: 200 * 1024 * 1024,
  maxBytes: 1024 * 1024 * 1024,
  maxFiles: 100_000,
  maxFileBytes: 10 * 1024 * 1024,
};

export interface FetchProgress {
  receivedBytes: number;
  /** From Content-Length when GitHub sends it (codeload usually does not). */
  totalBytes: number | null;
  files: number;
}

export interface FetchOptions {
  apiUrl?: string;
  token?: string;
  caps?: Partial<FetchCaps>;
  signal?: AbortSignal;
  onProgress?: (progress: FetchProgress) => void;
  /** Parent of the per-scan temporary folder (default: the OS temp dir). */
  tmpRoot?: string;
  /** Longest single wait for a GitHub rate-limit reset before giving up (default 60 s). */
  maxRateLimitWaitMs?: number;
  /** How many times a rate-limited or 5xx call is retried (default 3). */
  maxRetries?: number;
  /** Longest wait for GitHub's response headers on one call (default 30 s); the body is bounded by `signal`. */
  headersTimeoutMs?: number;
}

export interface FetchedRepository {
  dir: string;
  descriptor: SourceDescriptor;
  stats: { files: number; bytes: number; compressedBytes: number; skippedEntries: number; skippedLargeFiles: number };
  /** Removes the folder; safe to call more than once. */
  cleanup(): Promise<void>;
}

const MAX_REDIRECTS = 5;
const SHA = /^[0-9a-f]{40}$/;

interface Ctx {
  api: URL;
  token: string | undefined;
  signal: AbortSignal | undefined;
  maxRateLimitWaitMs: number;
  maxRetries: number;
  headersTimeoutMs: number;
}

/** The commit a repository URL stands for, before anything is downloaded. */
export interface ResolvedRepository {
  owner: string;
  repo: string;
  /** The branch, tag or sha that was asked for (the default branch when none was). */
  ref: string;
  commit: string;
  descriptor: SourceDescriptor;
}

function context(options: FetchOptions): Ctx & { apiBase: string } {
  const apiBase = (options.apiUrl ?? DEFAULT_GITHUB_API_URL).replace(/\/+$/, '');
  return {
    apiBase,
    api: new URL(apiBase),
    token: options.token || undefined,
    signal: options.signal,
    maxRateLimitWaitMs: options.maxRateLimitWaitMs ?? 60_000,
    maxRetries: options.maxRetries ?? 3,
    headersTimeoutMs: options.headersTimeoutMs ?? 30_000,
  };
}

function repoApiPath(apiBase: string, owner: string, repo: string): string {
  return `${apiBase}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}

/** Calls 1 and 2: repository metadata and the commit. Cheap; lets a caller reuse an earlier scan of the commit. */
export async function resolveRepository(ref: RepoRef, options: FetchOptions = {}): Promise<ResolvedRepository> {
  const ctx = context(options);
  const repoPath = repoApiPath(ctx.apiBase, ref.owner, ref.repo);
  const label = `${ref.owner}/${ref.repo}`;
  return withAbortMapping(ctx.signal, async () => {
    // 1. Repository: default branch and visibility.
    const meta = await getJson(ctx, repoPath, label);
    if (meta === null) throw new SourceError('repo_not_found', `Repository ${label} was not found or is not public`);
    if (meta.private === true) throw new SourceError('repo_not_found', `Repository ${label} is private; only public repositories can be scanned`);
    const wantedRef = ref.ref ?? (typeof meta.default_branch === 'string' ? meta.default_branch : '');
    if (!wantedRef) throw new SourceError('download_failed', `GitHub did not report a default branch for ${label}`);

    // 2. Commit: sha and committer date.
    const refPath = wantedRef.split('/').map(encodeURIComponent).join('/');
    const commit = await getJson(ctx, `${repoPath}/commits/${refPath}`, label);
    if (commit === null) throw new SourceError('repo_not_found', `Ref ${wantedRef} was not found in ${label}`);
    const sha = typeof commit.sha === 'string' ? commit.sha.toLowerCase() : '';
    const committedRaw = (commit.commit as { committer?: { date?: unknown } } | undefined)?.committer?.date;
    const committedAt = typeof committedRaw === 'string' ? wholeSecondsIso(committedRaw) : null;
    if (!SHA.test(sha) || committedAt === null) {
      throw new SourceError('download_failed', `GitHub returned an unexpected commit record for ${label}@${wantedRef}`);
    }
    return {
      owner: ref.owner,
      repo: ref.repo,
      ref: wantedRef,
      commit: sha,
      descriptor: {
        repository: { owner: ref.owner, name: ref.repo, ref: wantedRef, commit: sha, committedAt },
        name: `${ref.owner}/${ref.repo}`,
        timestamp: committedAt,
      },
    };
  });
}

/** Call 3: the tarball of exactly the resolved sha, streamed into a fresh folder. */
export async function downloadRepository(resolved: ResolvedRepository, options: FetchOptions = {}): Promise<FetchedRepository> {
  const ctx = context(options);
  const caps: FetchCaps = { ...DEFAULT_FETCH_CAPS, ...options.caps };
  const label = `${resolved.owner}/${resolved.repo}`;
  const url = `${repoApiPath(ctx.apiBase, resolved.owner, resolved.repo)}/tarball/${resolved.commit}`;
  return withAbortMapping(ctx.signal, async () => {
    const dir = await mkdtemp(join(options.tmpRoot ?? tmpdir(), 'cbom-src-'));
    // tar may still be finishing files it accepted before an abort: retry the removal of a folder
    // that refills under it (ENOTEMPTY) instead of leaving it behind.
    const cleanup = once(() => rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 }));
    try {
      const res = await request(ctx, url, label);
      if (res === null) throw new SourceError('repo_not_found', `The archive of ${label}@${resolved.commit} was not found`);
      const stats = await extract(res, dir, caps, ctx.signal, options.onProgress);
      return { dir, descriptor: resolved.descriptor, stats, cleanup };
    } catch (err) {
      await cleanup();
      throw err;
    }
  });
}

/** Resolve and download: the three GitHub calls in order. */
export async function fetchRepository(ref: RepoRef, options: FetchOptions = {}): Promise<FetchedRepository> {
  return downloadRepository(await resolveRepository(ref, options), options);
}

/** Turns an abort of the caller's signal into `scan_timeout` (deadline) or passes its reason on. */
async function withAbortMapping<T>(signal: AbortSignal | undefined, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (signal?.aborted) {
      const reason: unknown = signal.reason;
      if (reason instanceof Error && reason.name === 'TimeoutError') {
        throw new SourceError('scan_timeout', 'The scan timed out while downloading the repository');
      }
      throw reason instanceof Error ? reason : err;
    }
    if (err instanceof SourceError) throw err;
    throw new SourceError('download_failed', 'The repository could not be downloaded from GitHub', true, { cause: err });
  }
}

function wholeSecondsIso(value: string): string | null {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return null;
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let p: Promise<void> | undefined;
  return () => (p ??= fn());
}

async function getJson(ctx: Ctx, url: string, label: string): Promise<Record<string, unknown> | null> {
  const res = await request(ctx, url, label);
  if (res === null) return null;
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    throw new SourceError('download_failed', `GitHub sent an unreadable response for ${label}`, true, { cause: err });
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new SourceError('download_failed', `GitHub sent an unexpected response for ${label}`, true);
  }
  return body as Record<string, unknown>;
}

function allowedRedirect(ctx: Ctx, target: URL): boolean {
  if (target.username || target.password) return false;
  return target.origin === ctx.api.origin || target.origin === CODELOAD_ORIGIN;
}

/**
 * One GitHub GET with manual redirects, rate-limit waits and bounded retries of 5xx.
 * Returns null for "not there" (404, 410, 451, and 422 from the commits endpoint for unknown refs).
 */
async function request(ctx: Ctx, url: string, label: string): Promise<Response | null> {
  let current = new URL(url);
  let redirects = 0;
  let attempt = 0;
  for (;;) {
    // Credentials go to the API host only, never to a redirect target elsewhere.
    const headers: Record<string, string> = {
      accept: 'application/vnd.github+json',
      'user-agent': 'cbom-partner-api',
      'x-github-api-version': '2022-11-28',
    };
    if (ctx.token && current.origin === ctx.api.origin) headers.authorization = `Bearer ${ctx.token}`;
    // A server that accepts the connection and never answers must not hold a worker until the scan's
    // deadline: give up on the headers after headersTimeoutMs (a transient failure).
    const call = new AbortController();
    const onOuterAbort = (): void => call.abort(ctx.signal?.reason);
    if (ctx.signal?.aborted) onOuterAbort();
    ctx.signal?.addEventListener('abort', onOuterAbort, { once: true });
    const timer = setTimeout(() => call.abort(new SourceError('download_failed', `GitHub did not answer within ${Math.round(ctx.headersTimeoutMs / 1000)} seconds for ${label}`, true)), ctx.headersTimeoutMs);
    let res: Response;
    try {
      res = await fetch(current, { headers, redirect: 'manual', signal: call.signal });
    } catch (err) {
      ctx.signal?.removeEventListener('abort', onOuterAbort);
      if (call.signal.reason instanceof SourceError) throw call.signal.reason;
      throw err;
    } finally {
      clearTimeout(timer);
    }
    // Only a successful response keeps following the caller's signal (its body is still to be read).
    if (!res.ok) ctx.signal?.removeEventListener('abort', onOuterAbort);

    if (res.status >= 300 && res.status < 400 && res.status !== 304) {
      await res.body?.cancel();
      const location = res.headers.get('location');
      if (!location || ++redirects > MAX_REDIRECTS) {
        throw new SourceError('download_failed', `GitHub sent too many or empty redirects for ${label}`);
      }
      const next = new URL(location, current);
      if (!allowedRedirect(ctx, next)) {
        throw new SourceError('download_failed', `GitHub redirected the download of ${label} to a host that is not allowed (${next.host})`);
      }
      current = next;
      continue;
    }
    if (res.ok) return res;
    if ([404, 410, 451, 422].includes(res.status)) {
      await res.body?.cancel();
      return null;
    }
    const wait = retryDelayMs(res, attempt);
    await res.body?.cancel();
    if (wait !== null) {
      if (attempt >= ctx.maxRetries) {
        throw new SourceError('download_failed', `GitHub kept refusing requests for ${label} (HTTP ${res.status}); try again later`, true);
      }
      if (wait > ctx.maxRateLimitWaitMs) {
        throw new SourceError('download_failed', `GitHub's rate limit is exhausted for ${Math.ceil(wait / 1000)} more seconds; try again later`, true, { retryAfterMs: wait });
      }
      attempt += 1;
      await sleep(wait, ctx.signal);
      continue;
    }
    if (res.status === 401 || res.status === 403) {
      // Not a rate limit: a blocked or access-restricted repository looks like a missing one to us.
      return null;
    }
    throw new SourceError('download_failed', `GitHub answered HTTP ${res.status} for ${label}`, res.status >= 500);
  }
}

/**
 * How long to wait before retrying, or null when the response is not retryable.
 * GitHub signals primary rate limits with `x-ratelimit-remaining: 0` + `x-ratelimit-reset` (epoch
 * seconds) and secondary ones with `retry-after` (seconds), on 403 or 429.
 */
export function retryDelayMs(res: Response, attempt: number, now = Date.now()): number | null {
  const retryAfter = res.headers.get('retry-after');
  const remaining = res.headers.get('x-ratelimit-remaining');
  const reset = res.headers.get('x-ratelimit-reset');
  if (res.status === 403 || res.status === 429) {
    if (retryAfter !== null && /^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    if (remaining === '0' && reset !== null && /^\d+$/.test(reset)) return Math.max(0, Number(reset) * 1000 - now) + 250;
    // A secondary limit without hints: GitHub asks for at least a minute.
    if (res.status === 429) return 60_000;
    return null;
  }
  if (res.status >= 500) return Math.min(8_000, 500 * 2 ** attempt);
  return null;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const KEPT_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

function unsafePath(path: string): boolean {
  const p = path.replaceAll('\\', '/');
  return p.startsWith('/') || /^[A-Za-z]:/.test(p) || p.split('/').includes('..');
}

async function extract(
  res: Response,
  dir: string,
  caps: FetchCaps,
  signal: AbortSignal | undefined,
  onProgress: ((p: FetchProgress) => void) | undefined,
): Promise<FetchedRepository['stats']> {
  const declared = Number(res.headers.get('content-length'));
  const totalBytes = Number.isFinite(declared) && declared > 0 ? declared : null;
  const tooLarge = (what: string): SourceError =>
    new SourceError('repo_too_large', `The repository is too large to scan: ${what}`);
  if (totalBytes !== null && totalBytes > caps.maxCompressedBytes) {
    await res.body?.cancel();
    throw tooLarge(`its archive is ${totalBytes} bytes, over the limit of ${caps.maxCompressedBytes}`);
  }
  if (!res.body) throw new SourceError('archive_invalid', 'GitHub sent an empty archive');

  const stats = { files: 0, bytes: 0, compressedBytes: 0, skippedEntries: 0, skippedLargeFiles: 0 };
  let failure: SourceError | undefined;
  let entries = 0;
  let lastReport = 0;
  const report = (): void => {
    const now = Date.now();
    if (onProgress && now - lastReport >= 200) {
      lastReport = now;
      onProgress({ receivedBytes: stats.compressedBytes, totalBytes, files: stats.files });
    }
  };

  // We inflate the gzip ourselves (tar's built-in inflation cannot be counted) and hand tar plain tar
  // bytes: `zstd: false` stops tar from sniffing and inflating a second layer, and a second gzip
  // layer is refused by `inflatedCounter` below.
  const unpack = tar.x({
    cwd: dir,
    strip: 1,
    zstd: false,
    strict: true,
    // Never restore owners or odd permission bits from the archive.
    preserveOwner: false,
    noChmod: true,
    filter: (path, entry) => {
      if (failure) return false;
      entries += 1;
      const e = entry as tar.ReadEntry;
      if (!KEPT_TYPES.has(e.type) || unsafePath(path)) {
        stats.skippedEntries += 1;
        return false;
      }
      if (e.type === 'Directory') return true;
      if (e.size > caps.maxFileBytes) {
        stats.skippedLargeFiles += 1;
        return false;
      }
      stats.files += 1;
      stats.bytes += e.size;
      if (stats.files > caps.maxFiles) failure = tooLarge(`it has more than ${caps.maxFiles} files`);
      else if (stats.bytes > caps.maxBytes) failure = tooLarge(`it holds more than ${caps.maxBytes} bytes`);
      if (failure) {
        unpack.abort(failure);
        return false;
      }
      report();
      return true;
    },
  });

  const counter = new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      stats.compressedBytes += chunk.length;
      if (stats.compressedBytes > caps.maxCompressedBytes) {
        failure ??= tooLarge(`its archive is over the limit of ${caps.maxCompressedBytes} bytes`);
        return done(failure);
      }
      report();
      done(null, chunk);
    },
  });

  const maxInflated = caps.maxUncompressedBytes ?? 4 * caps.maxBytes;
  let inflated = 0;
  let head: Buffer | null = Buffer.alloc(0);
  const inflatedCounter = new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      inflated += chunk.length;
      if (inflated > maxInflated) {
        failure ??= tooLarge(`its archive inflates to more than ${maxInflated} bytes`);
        return done(failure);
      }
      if (head !== null) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= 4) {
          // A GitHub tarball starts with a tar header (pax_global_header); compressed magic here
          // means a nested archive that tar would otherwise inflate again, uncounted.
          const nested = (head[0] === 0x1f && head[1] === 0x8b) || head.readUInt32BE(0) === 0x28b52ffd;
          head = null;
          if (nested) return done(new SourceError('archive_invalid', 'The repository archive is compressed twice'));
        }
      }
      done(null, chunk);
    },
  });

  try {
    const body = Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>, signal ? { signal } : {});
    await pipeline(body, counter, createGunzip(), inflatedCounter, unpack as unknown as NodeJS.WritableStream);
  } catch (err) {
    if (failure) throw failure;
    if (signal?.aborted) throw err;
    if (err instanceof SourceError) throw err;
    const code = (err as { code?: unknown }).code;
    // zlib and tar parse errors mean the bytes are not a valid gzip tar; socket errors mean the
    // download broke off.
    if (typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('TAR_') || code.startsWith('ERR_ZLIB'))) {
      throw new SourceError('archive_invalid', 'The repository archive is not a valid gzip tar file', false, { cause: err });
    }
    throw new SourceError('download_failed', 'The download of the repository archive broke off', true, { cause: err });
  }
  if (failure) throw failure;
  if (entries === 0) throw new SourceError('archive_invalid', 'The repository archive is empty or not a tar file');
  onProgress?.({ receivedBytes: stats.compressedBytes, totalBytes, files: stats.files });
  return stats;
}
