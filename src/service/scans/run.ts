// Runs one claimed scan: downloading -> scanning -> completed | failed, writing progress as it goes.
// The queue implementations claim a scan (a lease in the database), call runScan, and act on the
// outcome; everything about the scan itself lives here, so both queues behave the same.
//
// Heavy lifting stays off the event loop: the tarball is streamed, and the engine parses in its
// worker-thread pool. A heartbeat renews the lease; if the lease is lost (this worker was presumed
// dead and another took over) the run stops and writes nothing more.
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScanResult, SourceDescriptor } from '../../engine/inventory/model.js';
import { SourceError } from '../../engine/source/errors.js';
import { downloadRepository, resolveRepository, type FetchedRepository } from '../../engine/source/github.js';
import type { Store } from '../store/index.js';
import type { ScanRow } from '../store/scans.js';
import { encodeBoms } from './encode.js';
import { downloadProgress, encodingProgress, engineProgress } from './progress.js';
import { resultKey } from './result-key.js';
import type { ScanSettings } from './settings.js';

export type RunOutcome =
  | 'completed'
  | 'failed'
  /** Given back to the queue to be tried again later (transient error, retries allowed). */
  | 'retry'
  /** Stopped because this process is shutting down; the scan is queued again. */
  | 'interrupted'
  /** Another worker owns the scan now; nothing was written. */
  | 'lost';

export interface RunLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface RunOptions {
  /** Aborted when the process shuts down: the scan goes back to the queue. */
  shutdown?: AbortSignal;
  /**
   * Transient failures give the scan back (`retry`) instead of failing it, while attempts remain.
   * `deferred`: the scan is not claimed again before a backoff (or GitHub's reset) has passed (the
   * in-process queue); `immediate`: the queue applies its own backoff (BullMQ).
   */
  retry?: 'deferred' | 'immediate' | 'never';
  log?: RunLog;
}

/** Backoff before a deferred retry: GitHub's own reset when it gave one, else exponential; at most MAX_RETRY_DELAY_MS. */
function retryDelay(settings: ScanSettings, attempts: number, retryAfterMs: number | null): number {
  const backoff = settings.retryDelayMs * 2 ** Math.max(0, attempts - 1);
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(backoff, retryAfterMs ?? 0));
}
const MAX_RETRY_DELAY_MS = 15 * 60_000;

class LeaseLost extends Error {
  override name = 'LeaseLost';
}
class ShuttingDown extends Error {
  override name = 'ShuttingDown';
}

/** How often progress reaches the database at most (the first and last updates always do). */
const PROGRESS_INTERVAL_MS = 500;

/**
 * Loads the engine (detectors, parsers, knowledge base) ahead of the first scan, so that loading
 * it does not stall the event loop in the middle of serving requests.
 */
export async function preloadEngine(): Promise<void> {
  await import('../../engine/scan.js');
}

export async function runScan(store: Store, settings: ScanSettings, scan: ScanRow, owner: string, options: RunOptions = {}): Promise<RunOutcome> {
  const scans = store.scans;
  const lease = new AbortController();
  const timeout = AbortSignal.timeout(settings.scanTimeoutMs);
  const shutdown = new AbortController();
  const onShutdown = (): void => shutdown.abort(new ShuttingDown('shutting down'));
  if (options.shutdown?.aborted) onShutdown();
  options.shutdown?.addEventListener('abort', onShutdown, { once: true });
  const signal = AbortSignal.any([lease.signal, timeout, shutdown.signal]);

  const heartbeat = setInterval(() => {
    scans.heartbeat(scan.id, owner, settings.leaseMs).then(
      (held) => {
        if (!held) lease.abort(new LeaseLost(`lease on ${scan.id} lost`));
      },
      () => {
        /* a missed heartbeat is retried at the next tick; the lease has slack for two */
      },
    );
  }, Math.max(50, Math.floor(settings.leaseMs / 3)));
  heartbeat.unref();

  let lastWrite = 0;
  let pendingWrite: Promise<unknown> = Promise.resolve();
  const progress = (p: Parameters<typeof scans.update>[2]['progress'], force = false): void => {
    const now = Date.now();
    if (!force && now - lastWrite < PROGRESS_INTERVAL_MS) return;
    lastWrite = now;
    pendingWrite = pendingWrite.then(() => scans.update(scan.id, owner, { progress: p }).catch(() => false));
  };

  let fetched: FetchedRepository | undefined;
  /** Work folder the BOM documents are encoded into before they are stored; removed in every case. */
  let bomDir: string | undefined;
  const bomHandles: FileHandle[] = [];
  let filesTotal = 0;
  try {
    // Loaded on first use: an API process that only enqueues (BullMQ profile) never loads the engine.
    const { scanDirectory } = await import('../../engine/scan.js');
    const resolved = await resolveRepository(
      { owner: scan.repo_owner, repo: scan.repo_name, ...(scan.repo_ref ? { ref: scan.repo_ref } : {}) },
      { apiUrl: settings.githubApiUrl, token: settings.githubToken ?? undefined, signal },
    );
    const key = resultKey(resolved.owner, resolved.repo, resolved.commit, scan.methodology_version);
    const committedAt = resolved.descriptor.repository?.committedAt ?? null;
    await mustHold(scans.update(scan.id, owner, { commit_sha: resolved.commit, committed_at: committedAt, resolved_ref: resolved.ref, result_key: key }));

    // The result key includes the methodology version: a stored result is exactly what the engine
    // would produce again for this commit.
    let resultJson = await scans.getResult(key);
    if (resultJson !== null) {
      await mustHold(scans.update(scan.id, owner, { status: 'scanning', reused: 1 }));
    } else {
      fetched = await downloadRepository(resolved, {
        apiUrl: settings.githubApiUrl,
        token: settings.githubToken ?? undefined,
        caps: settings.fetchCaps,
        signal,
        tmpRoot: settings.tmpRoot,
        onProgress: (p) => progress(downloadProgress(p)),
      });
      await pendingWrite;
      await mustHold(scans.update(scan.id, owner, { status: 'scanning', progress: { phase: 'walking', percent: 25, files_done: 0, files_total: 0 } }));
      const result: ScanResult = await scanDirectory(fetched.dir, {
        caps: settings.engineCaps,
        signal,
        // Certificate expiry is judged at the commit date: the result depends only on the commit.
        asOf: fetched.descriptor.timestamp,
        ...(settings.engineThreads !== undefined ? { threads: settings.engineThreads } : {}),
        onProgress: (p) => {
          filesTotal = p.filesTotal;
          progress(engineProgress(p), p.phase !== 'detect');
        },
      });
      await fetched.cleanup();
      fetched = undefined;
      resultJson = JSON.stringify(result);
      await scans.putResult(key, resolved.commit, result.methodologyVersion, resultJson);
    }
    signal.throwIfAborted();

    progress(encodingProgress(filesTotal), true);
    await pendingWrite;
    const source: SourceDescriptor = {
      ...resolved.descriptor,
      ...(scan.project_name ? { projectName: scan.project_name } : {}),
      projectVersion: scan.project_version,
    };
    // Both documents are encoded once, here, in a worker thread, streamed to files (never one
    // string: a large SPDX document nears V8's string limit); downloads serve these exact bytes.
    bomDir = await mkdtemp(join(settings.tmpRoot ?? tmpdir(), 'cbom-bom-'));
    const encoded = await encodeBoms({ resultJson, source, dir: bomDir }, signal);
    signal.throwIfAborted();
    // The files are opened, then the folder removed before completing: the work folder is already
    // empty when the scan shows as completed, and the data goes away with the handles even if the
    // process dies mid-way.
    const boms = [];
    for (const b of encoded.boms) {
      const handle = await open(b.file, 'r');
      bomHandles.push(handle);
      boms.push({ ...b, file: handle });
    }
    await rm(bomDir, { recursive: true, force: true });
    bomDir = undefined;
    const done = await scans.complete(scan.id, owner, { score: encoded.score, resultKey: key, filesTotal: encoded.filesScanned, boms });
    return done ? 'completed' : 'lost';
  } catch (err) {
    await pendingWrite;
    const reason: unknown = signal.aborted ? signal.reason : err;
    if (reason instanceof LeaseLost || err instanceof LeaseLost) return 'lost';
    if (reason instanceof ShuttingDown) return (await scans.release(scan.id, owner)) ? 'interrupted' : 'lost';
    if ((reason instanceof Error && reason.name === 'TimeoutError') || (err instanceof SourceError && err.code === 'scan_timeout')) {
      const seconds = Math.round(settings.scanTimeoutMs / 1000);
      return fail('scan_timeout', `The scan did not finish within ${seconds} seconds`);
    }
    if (err instanceof SourceError) {
      const retry = options.retry ?? 'never';
      if (err.transient && retry !== 'never' && scan.attempts < settings.maxAttempts) {
        const notBefore = retry === 'deferred' ? new Date(Date.now() + retryDelay(settings, scan.attempts, err.retryAfterMs)) : null;
        return (await scans.release(scan.id, owner, new Date(), notBefore)) ? 'retry' : 'lost';
      }
      return fail(err.code, err.message);
    }
    options.log?.error({ err, scanId: scan.id }, 'scan failed with an internal error');
    return fail('internal', 'The scan failed because of an internal error');
  } finally {
    clearInterval(heartbeat);
    options.shutdown?.removeEventListener('abort', onShutdown);
    await fetched?.cleanup();
    await Promise.all(bomHandles.map((h) => h.close().catch(() => {})));
    if (bomDir) await rm(bomDir, { recursive: true, force: true });
  }

  async function fail(code: string, message: string): Promise<RunOutcome> {
    return (await scans.fail(scan.id, owner, { code, message })) ? 'failed' : 'lost';
  }
  async function mustHold(write: Promise<boolean>): Promise<void> {
    if (!(await write)) throw new LeaseLost(`lease on ${scan.id} lost`);
  }
}
