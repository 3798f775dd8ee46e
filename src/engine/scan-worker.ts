// Scan worker (piscina): runs batches of files through the detectors. Loaded as dist/engine/scan-worker.js
// in production and as this .ts file under tsx (workers inherit `--import tsx` through execArgv).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DETECTORS } from './detectors/index.js';
import { getKnowledgeBase } from './kb/index.js';
import { BatchRunner, type BatchResult, type BatchTask } from './scan-batch.js';

const runner = new BatchRunner(DETECTORS, { kb: getKnowledgeBase() });

// Syntax trees of native parsers are freed only when V8 collects their JS wrappers, and V8 does not see
// the native memory (STACK.md): besides yielding after each parsed file (scan-batch.ts), collect
// explicitly after every GC_EVERY_BYTES that reached detectors.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const GC_EVERY_BYTES = 16 * 1024 * 1024;
// Also whenever the process (all workers) grows past GC_ABOVE_RSS, or past what it held after the last
// collection plus GC_GROWTH_RSS (memory the allocator keeps after a collection is not garbage: without
// the margin every batch would collect once the process sits above the mark). What a batch leaves to
// collect varies with the code it held (resolution through call sites makes more wrappers), and a
// peak is what counts.
const GC_ABOVE_RSS = 640 * 1024 * 1024;
const GC_GROWTH_RSS = 128 * 1024 * 1024;
let gcAboveRss = GC_ABOVE_RSS;
let bytesSinceGc = 0;

export default async function runBatch(task: BatchTask): Promise<BatchResult> {
  const result = await runner.run(task);
  bytesSinceGc += result.bytesScanned;
  if (bytesSinceGc >= GC_EVERY_BYTES || process.memoryUsage.rss() > gcAboveRss) {
    bytesSinceGc = 0;
    gc();
    gcAboveRss = Math.max(GC_ABOVE_RSS, process.memoryUsage.rss() + GC_GROWTH_RSS);
  }
  return result;
}
