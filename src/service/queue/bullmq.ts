// BullMQ queue (REDIS_URL set). The API enqueues a job per scan; `cbom worker` processes (on any
// number of machines) run them. The scans table stays the source of truth for every scan's state;
// Redis only schedules.
//
// - Fairness: open-source BullMQ has no per-group scheduling, so a job's priority is its position in
//   its tenant's backlog (the k-th unfinished scan of a tenant gets priority k). Jobs of equal
//   priority run in arrival order, so tenants are served round-robin: a tenant with one scan waits
//   behind at most one scan of each other tenant, never behind another tenant's whole burst.
// - Retries: only transient failures (GitHub 5xx, rate limits, broken downloads) are retried, with
//   exponential backoff; permanent ones fail the scan at once.
// - Crashes: a worker killed mid-scan stops renewing its BullMQ lock; the stalled-job check gives the
//   job to another worker, which takes the scan over (its database lease supersedes the dead one's,
//   so only one worker can ever complete a scan). A sweeper also repairs scans whose job vanished
//   (e.g. Redis lost its data): expired leases and long-queued scans are scheduled again.
// - Shutdown: `close()` stops fetching jobs, lets running scans finish within a grace period, then
//   gives the rest back (delayed by a moment, without spending an attempt) and closes connections.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { closeEncodePool, useEncodePool } from '../scans/encode.js';
import { preloadEngine, runScan } from '../scans/run.js';
import type { ScanSettings } from '../scans/settings.js';
import type { Store } from '../store/index.js';
import { nowIso } from '../store/ids.js';
import { silentLog, type QueueLog, type ScanJob, type ScanQueue } from './types.js';

export const QUEUE_NAME = 'cbom-scans';
/** BullMQ priorities go from 1 (first) to 2^21. */
const MAX_PRIORITY = 2 ** 21;

interface JobData {
  scanId: string;
}

export interface BullQueueOptions {
  redisUrl: string;
  settings: ScanSettings;
  /** Run workers in this process (`cbom worker`, or a server that also works). */
  work: boolean;
  concurrency: number;
  log?: QueueLog;
  /** Time running scans get to finish on close before they are given back (default 10 s). */
  shutdownGraceMs?: number;
  /** Redis key prefix (tests use their own). */
  prefix?: string;
  /** Run the repair sweeper here (default: when working). */
  sweep?: boolean;
}

export function createBullQueue(store: Store, options: BullQueueOptions): ScanQueue & { sweep(): Promise<void>; queue: Queue<JobData> } {
  const { settings } = options;
  const log = options.log ?? silentLog;
  const prefix = options.prefix ?? 'cbom';
  const retryDelayMs = settings.retryDelayMs;
  // The producer fails fast when Redis is down (the API answers 500 rather than hanging); workers
  // wait for Redis forever, as BullMQ requires (maxRetriesPerRequest: null).
  const producerConn = new Redis(options.redisUrl, { maxRetriesPerRequest: 3, enableOfflineQueue: true });
  producerConn.on('error', () => {});
  const queue = new Queue<JobData>(QUEUE_NAME, { connection: producerConn, prefix });
  const shutdown = new AbortController();
  let worker: Worker<JobData> | undefined;
  let workerConn: Redis | undefined;
  let sweeper: NodeJS.Timeout | undefined;

  const jobOptions = (priority: number, jobId: string) => ({
    jobId,
    priority: Math.min(MAX_PRIORITY, Math.max(1, priority)),
    attempts: settings.maxAttempts,
    backoff: { type: 'exponential' as const, delay: retryDelayMs },
    removeOnComplete: { age: 3600, count: 10_000 },
    removeOnFail: { age: 7 * 86_400 },
  });

  async function schedule(scanId: string, tenantId: string | null, jobId: string): Promise<void> {
    const position = await store.scans.pendingFor(tenantId);
    await queue.add('scan', { scanId }, jobOptions(position, jobId));
  }

  async function processJob(job: Job<JobData>, token?: string): Promise<string> {
    // Names the machine and process, so an operator can tell which worker holds a scan.
    const owner = `bullmq:${hostname().slice(0, 60)}:${process.pid}:${randomUUID().slice(0, 8)}`;
    // BullMQ's lock says this worker owns the job now: take the scan over from any earlier holder.
    const scan = await store.scans.claim(job.data.scanId, owner, settings.leaseMs, new Date(), ['queued', 'downloading', 'scanning']);
    if (!scan) return 'already-finished';
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const outcome = await runScan(store, settings, scan, owner, { shutdown: shutdown.signal, retry: lastAttempt ? 'never' : 'immediate', log });
    log.info({ scanId: scan.id, outcome, jobId: job.id }, 'scan finished');
    if (outcome === 'retry') throw new Error(`transient failure of scan ${scan.id}; retrying with backoff`);
    if (outcome === 'interrupted') {
      await job.moveToDelayed(Date.now() + 1000, token);
      throw new DelayedError();
    }
    return outcome;
  }

  async function sweep(): Promise<void> {
    const now = new Date();
    const deadline = nowIso(new Date(now.getTime() - settings.scanTimeoutMs - settings.leaseMs));
    for (const s of await store.scans.runningSince(deadline)) {
      await store.scans.fail(s.id, null, { code: 'scan_timeout', message: `The scan did not finish within ${Math.round(settings.scanTimeoutMs / 1000)} seconds` });
    }
    // BullMQ's stalled-job check normally hands a dead worker's job to another worker within about
    // one lease; only leases expired well beyond that mean the job itself is gone.
    for (const s of await store.scans.expiredLeases(new Date(now.getTime() - 3 * settings.leaseMs))) {
      if (s.attempts >= settings.maxAttempts) {
        await store.scans.fail(s.id, null, { code: 'internal', message: `The scan was interrupted ${s.attempts} times and was given up` });
      } else if (await store.scans.requeueExpired(s.id, s.lease_owner)) {
        log.warn({ scanId: s.id }, 'scan rescheduled: its worker stopped and no job took it over');
        await schedule(s.id, s.tenant_id, `${s.id}.r${s.attempts}`);
      }
    }
    // Queued scans with no job (Redis restarted empty): add again; an existing job id is a no-op.
    const stale = nowIso(new Date(now.getTime() - Math.max(60_000, settings.leaseMs * 2)));
    for (const s of await store.scans.queuedBefore(stale, 500)) {
      const state = await queue.getJobState(s.id);
      if (state === 'unknown') await schedule(s.id, s.tenant_id, s.id);
    }
  }

  return {
    kind: 'bullmq',
    queue,
    async enqueue(job: ScanJob) {
      await schedule(job.scanId, job.tenantId, job.scanId);
    },
    async start() {
      if (options.sweep ?? options.work) {
        sweeper = setInterval(() => {
          sweep().catch((err: unknown) => log.error({ err }, 'queue repair sweep failed'));
        }, Math.max(1000, Math.floor(settings.leaseMs / 2)));
        sweeper.unref();
      }
      if (!options.work || worker) return;
      useEncodePool();
      await preloadEngine();
      workerConn = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
      workerConn.on('error', () => {});
      worker = new Worker<JobData>(QUEUE_NAME, processJob, {
        connection: workerConn,
        prefix,
        concurrency: options.concurrency,
        lockDuration: settings.leaseMs,
        stalledInterval: Math.max(500, Math.floor(settings.leaseMs / 2)),
        maxStalledCount: settings.maxAttempts,
      });
      worker.on('error', (err) => log.error({ err }, 'BullMQ worker error'));
      worker.on('failed', (job, err) => {
        if (!job || err instanceof DelayedError) return;
        log.warn({ jobId: job.id, err: err.message, attemptsMade: job.attemptsMade }, 'scan job failed');
        // The job gave up (stalled too often, or an unexpected error on its last attempt): the scan
        // must not stay in progress.
        if (job.attemptsMade >= (job.opts.attempts ?? 1) || /stalled/i.test(err.message)) {
          void store.scans
            .fail(job.data.scanId, null, { code: 'internal', message: 'The scan could not be completed' })
            .catch(() => undefined);
        }
      });
    },
    async close() {
      clearInterval(sweeper);
      if (worker) {
        const grace = options.shutdownGraceMs ?? 10_000;
        const closing = worker.close();
        const timer = setTimeout(() => shutdown.abort(), grace);
        await closing;
        clearTimeout(timer);
      }
      await queue.close();
      if (worker) {
        worker = undefined;
        await closeEncodePool();
      }
      workerConn?.disconnect();
      producerConn.disconnect();
    },
    sweep,
  };
}
