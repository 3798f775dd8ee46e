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

let users = 0;

/** A queue that runs scans holds the pool while it runs (several queues may share a process in tests). */
export function useEncodePool(): void {
  users += 1;
}

/** Releases a queue's hold; the last one ends the pool's thread (the next encode starts a new one). */
export async function closeEncodePool(): Promise<void> {
  users = Math.max(0, users - 1);
  if (users > 0) return;
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
