// scanDirectory: the engine's entry point for a directory on disk. Walk, prefilter and detect (in a
// worker-thread pool), build the inventory, evaluate findings. The CLI and the service workers call this.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { realpath, stat } from 'node:fs/promises';
import { Piscina } from 'piscina';
import type { Detection, ScanResult, ScanStats } from './inventory/model.js';
import { DETECTORS } from './detectors/index.js';
import { getKnowledgeBase } from './kb/index.js';
import { buildInventory } from './inventory/build.js';
import { evaluateFindings } from './findings/index.js';
import { METHODOLOGY_VERSION } from './methodology.js';
import { walk, compareCodeUnits } from './walk/walker.js';
import { DEFAULT_CAPS, type ScanCaps } from './walk/settings.js';
import { addSkips } from './walk/skips.js';
import { BatchRunner, type BatchResult, type BatchTask } from './scan-batch.js';

export type ScanPhase = 'walk' | 'detect' | 'inventory' | 'findings' | 'done';

export interface ScanProgress {
  phase: ScanPhase;
  filesDone: number;
  filesTotal: number;
}

export interface ScanOptions {
  /** Extra exclude globs (picomatch, repository-relative). */
  exclude?: string[];
  caps?: Partial<ScanCaps>;
  onProgress?: (p: ScanProgress) => void;
  signal?: AbortSignal;
  /** Worker threads; 0 runs detectors in the calling thread. Default: one per core. */
  threads?: number;
  /** Run only the detectors with these ids (see DETECTORS); default all. Unknown ids are an error. */
  detectorIds?: string[];
  /** Instant certificate validity is judged at (the commit date); see evaluateFindings. */
  asOf?: string;
}

/** Files per task: large enough to amortise messaging, small enough to balance and report progress. */
const BATCH_MAX_FILES = 256;
const BATCH_MAX_BYTES = 4 * 1024 * 1024;

export class ScanError extends Error {
  override name = 'ScanError';
}

export async function scanDirectory(root: string, options: ScanOptions = {}): Promise<ScanResult> {
  const absRoot = await resolveRoot(root);
  const caps: ScanCaps = { ...DEFAULT_CAPS, ...options.caps };
  const { signal, onProgress } = options;
  signal?.throwIfAborted();

  const detectorIds = options.detectorIds ? [...options.detectorIds] : undefined;
  const unknown = detectorIds?.filter((id) => !DETECTORS.some((d) => d.id === id)) ?? [];
  if (unknown.length > 0) throw new ScanError(`unknown detector id(s): ${unknown.join(', ')}`);
  const detectors = detectorIds ? DETECTORS.filter((d) => detectorIds.includes(d.id)) : DETECTORS;

  onProgress?.({ phase: 'walk', filesDone: 0, filesTotal: 0 });
  const walked = await walk(absRoot, {
    exclude: options.exclude,
    caps,
    wanted: (p) => detectors.some((d) => d.appliesTo(p)),
  });
  signal?.throwIfAborted();

  const batches = makeBatches(walked.files, absRoot, caps.maxFileBytes, detectorIds);
  const filesTotal = walked.files.length;
  let filesDone = 0;
  onProgress?.({ phase: 'detect', filesDone, filesTotal });

  const results = await runBatches(batches, options.threads ?? availableParallelism(), signal, (n) => {
    filesDone += n;
    onProgress?.({ phase: 'detect', filesDone, filesTotal });
  });

  const stats: ScanStats = {
    filesSeen: walked.filesSeen,
    filesScanned: 0,
    bytesScanned: 0,
    skipped: walked.skipped,
    filesByDetector: {},
    truncated: walked.truncated,
  };
  const detections: Detection[] = [];
  const byDetector = new Map<string, number>();
  for (const r of results) {
    stats.filesScanned += r.filesScanned;
    stats.bytesScanned += r.bytesScanned;
    addSkips(stats.skipped, r.skipped);
    for (const [id, n] of Object.entries(r.filesByDetector)) byDetector.set(id, (byDetector.get(id) ?? 0) + n);
    for (const d of r.detections) detections.push(d);
  }
  stats.filesByDetector = Object.fromEntries([...byDetector].sort((a, b) => compareCodeUnits(a[0], b[0])));

  signal?.throwIfAborted();
  onProgress?.({ phase: 'inventory', filesDone, filesTotal });
  const inventory = buildInventory(detections, stats, getKnowledgeBase());
  onProgress?.({ phase: 'findings', filesDone, filesTotal });
  const { findings, findingsSummary, score } = evaluateFindings(inventory, options.asOf !== undefined ? { asOf: options.asOf } : {});
  onProgress?.({ phase: 'done', filesDone, filesTotal });
  return { inventory, findings, findingsSummary, score, methodologyVersion: METHODOLOGY_VERSION };
}

async function resolveRoot(root: string): Promise<string> {
  let abs: string;
  try {
    abs = await realpath(resolve(root));
  } catch {
    throw new ScanError(`cannot scan ${root}: no such directory`);
  }
  if (!(await stat(abs)).isDirectory()) throw new ScanError(`cannot scan ${root}: not a directory`);
  return abs;
}

/** A file's extension (after the last dot of its name), lower-cased; '' when it has none. */
function extensionOf(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? path.slice(dot + 1).toLowerCase() : '';
}

/**
 * Files of one type next to each other, by path within a type. A worker that parses Java, then
 * Python, then TypeScript in turn keeps evicting each grammar's parse tables and its detector's
 * compiled code from the CPU caches; runs of one language measured 7-12 % less CPU on the
 * benchmark tree. The inventory does not depend on the order detections arrive in (build.ts).
 */
function groupedByType<T extends { path: string }>(files: readonly T[]): T[] {
  const keyed = files.map((f) => ({ f, ext: extensionOf(f.path) }));
  keyed.sort((a, b) => compareCodeUnits(a.ext, b.ext) || compareCodeUnits(a.f.path, b.f.path));
  return keyed.map((k) => k.f);
}

function makeBatches(files: readonly { path: string; size: number }[], root: string, maxFileBytes: number, detectorIds: string[] | undefined): BatchTask[] {
  const batches: BatchTask[] = [];
  let paths: string[] = [];
  let bytes = 0;
  for (const f of groupedByType(files)) {
    if (paths.length > 0 && (paths.length >= BATCH_MAX_FILES || bytes + f.size > BATCH_MAX_BYTES)) {
      batches.push({ root, paths, maxFileBytes, ...(detectorIds && { detectorIds }) });
      paths = [];
      bytes = 0;
    }
    paths.push(f.path);
    bytes += f.size;
  }
  if (paths.length > 0) batches.push({ root, paths, maxFileBytes, ...(detectorIds && { detectorIds }) });
  return batches;
}

/** Results in batch order whatever order the workers finish in, so output never depends on timing. */
async function runBatches(
  batches: BatchTask[],
  threads: number,
  signal: AbortSignal | undefined,
  onBatchDone: (files: number) => void,
): Promise<BatchResult[]> {
  const results = new Array<BatchResult>(batches.length);
  if (batches.length === 0) return results;

  if (threads <= 0) {
    const runner = new BatchRunner(DETECTORS, { kb: getKnowledgeBase() });
    for (let i = 0; i < batches.length; i++) {
      signal?.throwIfAborted();
      results[i] = await runner.run(batches[i]!);
      onBatchDone(batches[i]!.paths.length);
      // Yield between batches so timers, progress output and abort signals get a turn.
      await new Promise((r) => setImmediate(r));
    }
    return results;
  }

  const size = Math.max(1, Math.min(threads, batches.length));
  const pool = new Piscina<BatchTask, BatchResult>({
    filename: workerFile(),
    minThreads: size,
    maxThreads: size,
    idleTimeout: 1000,
  });
  try {
    // Keep a bounded number of tasks in flight so that finished results, not queued paths, dominate memory.
    let next = 0;
    const inFlight = size * 2;
    const lane = async (): Promise<void> => {
      while (next < batches.length) {
        signal?.throwIfAborted();
        const i = next++;
        results[i] = await pool.run(batches[i]!, signal ? { signal } : {});
        onBatchDone(batches[i]!.paths.length);
      }
    };
    await Promise.all(Array.from({ length: Math.min(inFlight, batches.length) }, lane));
  } finally {
    await pool.destroy();
  }
  signal?.throwIfAborted();
  return results;
}

/** The compiled worker next to dist/engine/scan.js, or the TypeScript one under tsx. */
function workerFile(): string {
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./scan-worker${ext}`, import.meta.url).href;
}
