// `cbom serve`: open the database, migrate, seed the demo tenant on an empty database, build the
// app, start the scan queue, listen; stop cleanly on SIGTERM/SIGINT (finish in-flight requests,
// stop the queue, close the database).
import type { Config } from './config.js';
import { buildApp } from './api/app.js';
import { openStore, type Store } from './store/index.js';
import { seedDemoTenant } from './seed.js';
import type { App } from './api/types.js';
import { createScanQueue } from './queue/index.js';
import { silentLog, type QueueLog } from './queue/types.js';
import { createScanService } from './scans/service.js';

export interface RunningServer {
  app: App;
  store: Store;
  /** The address it listens on, e.g. http://127.0.0.1:8080. */
  url: string;
  close(): Promise<void>;
}

export async function startServer(config: Config, out: NodeJS.WritableStream = process.stdout): Promise<RunningServer> {
  const store = await openStore(config);
  const stops: (() => Promise<void>)[] = [];
  try {
    const seeded = await seedDemoTenant(store, config.keyPepper);
    if (seeded && config.nodeEnv !== 'production') {
      out.write(
        `\nCreated the partner tenant "demo" (${seeded.tenantId}). Its sandbox API key, shown this once:\n\n` +
          `  ${seeded.sandboxKey}\n\n` +
          `Try: curl -H "Authorization: Bearer ${seeded.sandboxKey}" ${config.publicBaseUrl}/api/v1/cbom/keys\n\n`,
      );
    }

    // --- Scan queue and workers -------------------------------------------------------------
    // In-process queue with workers in this process by default; with REDIS_URL a BullMQ producer
    // (scans run in `cbom worker` processes). Logs go to the app's logger once it exists.
    let queueLog: QueueLog = silentLog;
    const queue = createScanQueue(config, store, {
      work: !config.redisUrl,
      log: { info: (o, m) => queueLog.info(o, m), warn: (o, m) => queueLog.warn(o, m), error: (o, m) => queueLog.error(o, m) },
    });
    stops.push(() => queue.close());
    const app = await buildApp({ config, store, scanService: createScanService(store, queue) });
    queueLog = app.log.child({ component: 'queue' });
    await queue.start();

    const url = await app.listen({ host: config.host, port: config.port });
    app.log.info({ url, storage: store.dialect, database: store.location }, 'listening');

    let closing: Promise<void> | null = null;
    const close = () =>
      (closing ??= (async () => {
        await app.close(); // stops accepting, waits for in-flight requests
        for (const stop of stops.reverse()) await stop();
        await store.close();
      })());
    return { app, store, url, close };
  } catch (err) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await store.close();
    throw err;
  }
}

/** Runs until SIGTERM/SIGINT, then shuts down gracefully (a second signal exits at once). */
export async function serveUntilSignal(config: Config): Promise<void> {
  const server = await startServer(config);
  await new Promise<void>((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      process.once('SIGTERM', () => process.exit(1));
      process.once('SIGINT', () => process.exit(1));
      server.app.log.info({ signal }, 'shutting down');
      server.close().then(resolve, (err: unknown) => {
        server.app.log.error({ err }, 'error during shutdown');
        process.exitCode = 1;
        resolve();
      });
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
}
