// In-process queue: the scans table is the queue. `concurrency` loops in this process claim scans
// fairly across tenants (see ScanRepository.claimNext) under a lease they renew while running.
// A sweeper, run at start and then periodically, recovers what a crash left behind:
//  - a running scan whose lease expired goes back to the queue, or fails after `maxAttempts` starts;
//  - a running scan past its deadline (plus a grace) fails with `scan_timeout` whatever its lease.
// So after a restart every unfinished scan is resumed or failed; none stays in progress forever.
// Several server processes on one PostgreSQL database can all run this queue: claims are
// compare-and-set updates.
import { randomUUID } from 'node:crypto';
import { closeEncodePool, useEncodePool } from '../scans/encode.js';
import { preloadEngine, runScan } from '../scans/run.js';
import type { ScanSettings } from '../scans/settings.js';
import type { Store } from '../store/index.js';
import { nowIso } from '../store/ids.js';
import { silentLog, type QueueLog, type ScanJob, type ScanQueue } from './types.js';

export interface InProcessQueueOptions {
  concurrency: number;
  settings: ScanSettings;
  log?: QueueLog;
  /** How often idle workers look for queued scans that another process added (default 1 s). */
  pollMs?: number;
  /** How often the sweeper runs (default: half the lease). */
  sweepMs?: number;
}

export function createInProcessQueue(store: Store, options: InProcessQueueOptions): ScanQueue & { sweep(): Promise<void> } {
  const { settings } = options;
  const log = options.log ?? silentLog;
  const pollMs = options.pollMs ?? 1000;
  const sweepMs = options.sweepMs ?? Math.max(100, Math.floor(settings.leaseMs / 2));
  // One owner id per process: a lease names the process that holds it.
  const owner = `inproc:${randomUUID()}`;
  const shutdown = new AbortController();
  let started = false;
  let wake: (() => void) | null = null;
  const loops: Promise<void>[] = [];
  let sweeper: NodeJS.Timeout | undefined;

  const nudge = (): void => {
    const w = wake;
    wake = null;
    w?.();
  };

  const waitForWork = (): Promise<void> =>
    new Promise((resolve) => {
      const t = setTimeout(done, pollMs);
      t.unref();
      function done(): void {
        clearTimeout(t);
        resolve();
      }
      const prev = wake;
      wake = () => {
        prev?.();
        done();
      };
    });

  async function loop(): Promise<void> {
    while (!shutdown.signal.aborted) {
      let scan;
      try {
        scan = await store.scans.claimNext(owner, settings.leaseMs);
      } catch (err) {
        log.error({ err }, 'claiming a scan failed');
        scan = null;
      }
      if (!scan) {
        await waitForWork();
        continue;
      }
      try {
        const outcome = await runScan(store, settings, scan, owner, { shutdown: shutdown.signal, log, retry: 'deferred' });
        log.info({ scanId: scan.id, outcome }, 'scan finished');
      } catch (err) {
        log.error({ err, scanId: scan.id }, 'scan run crashed');
      }
    }
  }

  async function sweep(): Promise<void> {
    const now = new Date();
    // Deadline: a scan running far past the timeout is failed even if something keeps its lease alive.
    const deadline = nowIso(new Date(now.getTime() - settings.scanTimeoutMs - settings.leaseMs));
    for (const s of await store.scans.runningSince(deadline)) {
      if (await store.scans.fail(s.id, null, { code: 'scan_timeout', message: `The scan did not finish within ${Math.round(settings.scanTimeoutMs / 1000)} seconds` })) {
        log.warn({ scanId: s.id }, 'scan failed: past its deadline');
      }
    }
    for (const s of await store.scans.expiredLeases(now)) {
      if (s.attempts >= settings.maxAttempts) {
        if (await store.scans.fail(s.id, null, { code: 'internal', message: `The scan was interrupted ${s.attempts} times and was given up` })) {
          log.warn({ scanId: s.id }, 'scan failed: interrupted too often');
        }
      } else if (await store.scans.requeueExpired(s.id, s.lease_owner)) {
        log.warn({ scanId: s.id, previousOwner: s.lease_owner }, 'scan resumed: its worker stopped');
        nudge();
      }
    }
  }

  return {
    kind: 'in-process',
    async enqueue(_job: ScanJob) {
      nudge();
    },
    async start() {
      if (started) return;
      started = true;
      if (options.concurrency > 0) {
        useEncodePool();
        await preloadEngine();
      }
      await sweep().catch((err: unknown) => log.error({ err }, 'recovery sweep failed'));
      sweeper = setInterval(() => {
        sweep().catch((err: unknown) => log.error({ err }, 'recovery sweep failed'));
      }, sweepMs);
      sweeper.unref();
      for (let i = 0; i < options.concurrency; i++) loops.push(loop());
    },
    async close() {
      shutdown.abort();
      clearInterval(sweeper);
      nudge();
      // Running scans see the abort, give their scan back to the queue and return promptly.
      await Promise.allSettled(loops);
      if (started && options.concurrency > 0) {
        started = false;
        await closeEncodePool();
      }
    },
    sweep,
  };
}
