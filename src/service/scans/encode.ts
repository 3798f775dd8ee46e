// One small thread pool, shared by every scan of the process, that encodes BOMs (./encode-worker.ts).
import { Piscina } from 'piscina';
import type { EncodeOutput, EncodeTask } from './encode-worker.js';

let pool: Piscina<EncodeTask, EncodeOutput> | undefined;

function workerFile(): string {
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./encode-worker${ext}`, import.meta.url).href;
}

export function encodeBoms(task: EncodeTask, signal?: AbortSignal): Promise<EncodeOutput> {
  pool ??= new Piscina<EncodeTask, EncodeOutput>({ filename: workerFile(), minThreads: 0, maxThreads: 1, idleTimeout: 30_000 });
  return pool.run(task, signal ? { signal } : {});
}

/** Ends the pool's thread (at shutdown; the next encode starts a new one). */
export async function closeEncodePool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
