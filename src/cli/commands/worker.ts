// `cbom worker`: runs scan workers against the BullMQ queue (REDIS_URL) and the shared database
// (DATABASE_URL). Start as many as you like, on any machine; each runs CBOM_WORKER_CONCURRENCY
// scans at once. SIGTERM/SIGINT stop it gracefully: no new jobs, running scans get a grace period
// to finish and are otherwise handed back to the queue. Logs are JSON lines on stderr.
import type { Command } from 'commander';
import { loadConfig } from '../../service/config.js';
import { createScanQueue } from '../../service/queue/index.js';
import type { QueueLog } from '../../service/queue/types.js';
import { openStore } from '../../service/store/index.js';

const LEVEL_RANK: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 };

/** JSON lines on stderr at or above LOG_LEVEL (pino's level names). */
function jsonLog(base: Record<string, unknown>, minLevel: string): QueueLog {
  const min = LEVEL_RANK[minLevel] ?? 30;
  const write = (level: 'info' | 'warn' | 'error') => (obj: object, msg: string) => {
    if (LEVEL_RANK[level]! < min) return;
    const o = { ...obj } as Record<string, unknown>;
    if (o.err instanceof Error) o.err = { message: o.err.message, stack: o.err.stack };
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level, ...base, ...o, msg })}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}

export function register(program: Command): void {
  program
    .command('worker')
    .description('run scan workers for the BullMQ queue (needs REDIS_URL; settings from environment variables)')
    .option('--concurrency <n>', 'scans at once in this process (overrides CBOM_WORKER_CONCURRENCY)')
    .action(async (opts: { concurrency?: string }) => {
      const env = { ...process.env };
      if (opts.concurrency !== undefined) env.CBOM_WORKER_CONCURRENCY = opts.concurrency;
      const config = loadConfig(env);
      if (!config.redisUrl) {
        throw new Error('cbom worker needs REDIS_URL (the BullMQ queue). Without Redis, `cbom serve` runs scans in-process.');
      }
      const log = jsonLog({ component: 'worker', pid: process.pid }, config.logLevel);
      const store = await openStore(config);
      const queue = createScanQueue(config, store, { work: true, log });
      await queue.start();
      log.info({ concurrency: config.workerConcurrency, storage: store.dialect }, 'worker started');
      await new Promise<void>((resolve) => {
        const stop = (signal: NodeJS.Signals): void => {
          process.off('SIGTERM', stop);
          process.off('SIGINT', stop);
          process.once('SIGTERM', () => process.exit(1));
          process.once('SIGINT', () => process.exit(1));
          log.info({ signal }, 'worker stopping');
          resolve();
        };
        process.on('SIGTERM', stop);
        process.on('SIGINT', stop);
      });
      await queue.close();
      await store.close();
      log.info({}, 'worker stopped');
    });
}
