// Picks the queue the configuration asks for: BullMQ when REDIS_URL is set, in-process otherwise.
import type { Config } from '../config.js';
import { scanSettingsFrom, type ScanSettings } from '../scans/settings.js';
import type { Store } from '../store/index.js';
import { createBullQueue } from './bullmq.js';
import { createInProcessQueue } from './in-process.js';
import type { QueueLog, ScanQueue } from './types.js';

export interface QueueChoice {
  /** Run scan workers in this process. The server does in-process; with Redis it leaves scans to `cbom worker` unless asked. */
  work: boolean;
  log?: QueueLog;
  settings?: Partial<ScanSettings>;
  /** BullMQ key prefix (tests). */
  prefix?: string;
}

export function createScanQueue(config: Config, store: Store, choice: QueueChoice): ScanQueue {
  const settings = scanSettingsFrom(config, choice.settings);
  if (config.redisUrl) {
    return createBullQueue(store, {
      redisUrl: config.redisUrl,
      settings,
      work: choice.work,
      // The API process repairs lost jobs too, so a deployment without live workers still heals once they return.
      sweep: true,
      concurrency: config.workerConcurrency,
      prefix: choice.prefix ?? config.queuePrefix,
      ...(choice.log ? { log: choice.log } : {}),
    });
  }
  return createInProcessQueue(store, { concurrency: choice.work ? config.workerConcurrency : 0, settings, ...(choice.log ? { log: choice.log } : {}) });
}

export type { ScanQueue, ScanJob, QueueLog } from './types.js';
