// Test helper for the scan lifecycle: an app on a fresh store (createTestStore) whose scan service
// uses a real queue (in-process, or BullMQ with its own Redis key prefix) and a fake GitHub.
//
//   const gh = await startFakeGitHub({ repos: [...] });
//   const t = await createScanTestApp('sqlite', { github: gh });
//   const res = await t.app.inject({ method: 'POST', url: '/api/v1/cbom/scans', headers, payload: {...} });
//   const done = await t.waitForScan(id, headers);   // polls until completed or failed
import { randomUUID } from 'node:crypto';
import { buildApp } from '../../src/service/api/app.js';
import type { App } from '../../src/service/api/types.js';
import type { Config } from '../../src/service/config.js';
import { createBullQueue } from '../../src/service/queue/bullmq.js';
import { createInProcessQueue } from '../../src/service/queue/in-process.js';
import type { ScanQueue } from '../../src/service/queue/types.js';
import { createScanService, type ScanService } from '../../src/service/scans/service.js';
import { scanSettingsFrom, type ScanSettings } from '../../src/service/scans/settings.js';
import type { Store } from '../../src/service/store/index.js';
import type { FakeGitHub } from './fake-github.js';
import { createTestStore, type DialectName, type TestStore } from './service.js';

export const API = '/api/v1/cbom';

export interface ScanTestApp {
  app: App;
  store: Store;
  config: Config;
  queue: ScanQueue;
  service: ScanService;
  testStore: TestStore;
  /** Polls GET /scans/{id} until the scan is completed or failed; returns the detail body. */
  waitForScan(id: string, headers: Record<string, string>, timeoutMs?: number): Promise<Record<string, any>>;
  cleanup(): Promise<void>;
}

export interface ScanTestOptions {
  github: FakeGitHub;
  env?: Record<string, string>;
  clock?: () => Date;
  /** Run workers (default true). */
  work?: boolean;
  /** 'bullmq' needs REDIS_URL. */
  queue?: 'in-process' | 'bullmq';
  settings?: Partial<ScanSettings>;
  /** Reuse an existing store (a "restart" on the same data). */
  testStore?: TestStore;
}

export async function createScanTestApp(dialect: DialectName, opts: ScanTestOptions): Promise<ScanTestApp> {
  const testStore =
    opts.testStore ?? (await createTestStore(dialect, { CBOM_GITHUB_API_URL: opts.github.url, CBOM_WORKER_CONCURRENCY: '2', ...opts.env }));
  const { store, config } = testStore;
  const settings = scanSettingsFrom(config, { engineThreads: 1, retryDelayMs: 200, ...opts.settings });
  const work = opts.work ?? true;
  // CBOM_TEST_QUEUE_LOG=1 prints the queue's log lines (debugging a failing lifecycle test).
  const log = process.env.CBOM_TEST_QUEUE_LOG
    ? { info: (o: object, m: string) => console.error('info', m, o), warn: (o: object, m: string) => console.error('warn', m, o), error: (o: object, m: string) => console.error('error', m, o) }
    : undefined;
  let queue: ScanQueue;
  if (opts.queue === 'bullmq') {
    const redisUrl = process.env.REDIS_URL;
    if (!redisUrl) throw new Error('createScanTestApp(bullmq) needs REDIS_URL');
    queue = createBullQueue(store, { redisUrl, settings, work, concurrency: config.workerConcurrency, prefix: `cbomtest-${randomUUID().slice(0, 8)}`, ...(log ? { log } : {}) });
  } else {
    queue = createInProcessQueue(store, { concurrency: work ? config.workerConcurrency : 0, settings, pollMs: 100, ...(log ? { log } : {}) });
  }
  const service = createScanService(store, queue, opts.clock);
  const app = await buildApp({ config, store, scanService: service });
  await queue.start();
  return {
    app,
    store,
    config,
    queue,
    service,
    testStore,
    async waitForScan(id, headers, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const res = await app.inject({ method: 'GET', url: `${API}/scans/${id}`, headers });
        const body = res.json();
        if (res.statusCode !== 200) throw new Error(`GET scan ${id}: ${res.statusCode} ${res.body}`);
        if (body.status === 'completed' || body.status === 'failed') return body;
        if (Date.now() > deadline) throw new Error(`scan ${id} still ${body.status} after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async cleanup() {
      // Leave nothing behind in Redis: the test's queue keys go with it.
      if ('queue' in queue) await (queue as ReturnType<typeof createBullQueue>).queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await app.close();
      if (!opts.testStore) await testStore.cleanup();
    },
  };
}
