// The scan queue: one interface, two implementations (DESIGN.md §3).
//  - in-process (REDIS_URL unset): the scans table is the queue; workers in the server process claim
//    scans with a lease, a sweeper gives back scans whose worker died, nothing stays in progress.
//  - BullMQ (REDIS_URL set): jobs in Redis, `cbom worker` processes anywhere; the scans table still
//    holds every scan's state, and a lease there keeps a stale worker from writing.
// The API only ever calls `enqueue` after inserting the scan row (status `queued`).

export interface ScanJob {
  scanId: string;
  /** null for demo scans (they are scheduled as one more "tenant"). */
  tenantId: string | null;
}

export interface ScanQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** Hands a queued scan to the workers. */
  enqueue(job: ScanJob): Promise<void>;
  /** Starts the workers of this process (no-op for a BullMQ producer-only queue). */
  start(): Promise<void>;
  /** Stops taking work, gives running scans back (or lets them finish within the grace), closes connections. */
  close(): Promise<void>;
}

export interface QueueLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export const silentLog: QueueLog = { info() {}, warn() {}, error() {} };
