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
import { ConstantTable, fileStem, type ConstantValue } from './detectors/cross-file.js';

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

  const runner = new Batches(options.threads ?? availableParallelism(), signal);
  let results: BatchResult[];
  let again: Awaited<ReturnType<typeof withConstantsOfOtherFiles>>;
  try {
    results = await runner.run(batches, (n) => {
      filesDone += n;
      onProgress?.({ phase: 'detect', filesDone, filesTotal });
    });
    again = await withConstantsOfOtherFiles(results, walked.files, absRoot, caps.maxFileBytes, detectorIds, runner);
  } finally {
    await runner.close();
  }

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
    for (const d of r.detections) if (!again.rerun.has(d.occurrence.path)) detections.push(d);
  }
  for (const r of again.results) for (const d of r.detections) detections.push(d);
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

/** Files the declarations pass reads at most: owners named like many files (`config`, `util`) cost no more than this. */
const MAX_DECLARING_FILES = 2000;

/**
 * The passes after the first (detectors/cross-file.ts). The first pass gave each parsed file's
 * constants and the keys (`Owner.NAME`) each file read without finding. Constants often sit in files
 * that call no crypto API (a `CryptoConstants` class), which the prefilter kept from the parsers: the
 * declarations pass reads the files named like a missing key's owner (`CryptoConstants.java`,
 * `settings.py`, a Go package's folder) for their constants alone. Then the files that read a key
 * some file declares run again with those values; their detections replace the first pass's, and the
 * first pass's counts stand (a file is scanned once as far as the statistics go).
 */
async function withConstantsOfOtherFiles(
  first: readonly BatchResult[],
  files: readonly { path: string }[],
  root: string,
  maxFileBytes: number,
  detectorIds: string[] | undefined,
  runner: Batches,
): Promise<{ rerun: Set<string>; results: BatchResult[] }> {
  const table = new ConstantTable();
  for (const r of first) for (const [key, value] of r.declared) table.add(key, value);

  const owners = new Set<string>();
  for (const r of first) for (const m of r.missing) for (const k of m.keys) if (!table.has(k)) owners.add(ownerFileName(k.slice(0, k.indexOf('.'))));
  let declaring: string[] = [];
  if (owners.size > 0) {
    // Files the first pass read with a declaring detector have given their constants already.
    const done = new Set(first.flatMap((r) => r.declaring));
    declaring = files.filter((f) => !done.has(f.path) && namedLikeOwner(f.path, owners)).slice(0, MAX_DECLARING_FILES).map((f) => f.path);
  }
  const task = { root, maxFileBytes, ...(detectorIds && { detectorIds }) };
  const declared = await runner.run(chunks(declaring, BATCH_MAX_FILES).map((paths) => ({ ...task, paths, declarationsOnly: true })), () => {});
  for (const r of declared) for (const [key, value] of r.declared) table.add(key, value);

  const wanting: { path: string; constants: [string, ConstantValue][] }[] = [];
  for (const r of first) {
    for (const m of r.missing) {
      const constants = m.keys.flatMap((k): [string, ConstantValue][] => {
        const v = table.get(k);
        return v ? [[k, v]] : [];
      });
      if (constants.length > 0) wanting.push({ path: m.path, constants });
    }
  }
  const rerun = new Set(wanting.map((w) => w.path));
  const batches = chunks(wanting, BATCH_MAX_FILES / 4).map((slice): BatchTask => ({
    ...task,
    paths: slice.map((w) => w.path),
    constants: [...new Map(slice.flatMap((w) => w.constants))],
  }));
  return { rerun, results: await runner.run(batches, () => {}) };
}

/** An owner or a file name as the declarations pass compares them: lower case, without `_` and `-` (`CryptoConfig`, `crypto_config.rb`). */
function ownerFileName(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

/** Whether a file's name (without extension) or its folder's is one of `owners` (ownerFileName). */
function namedLikeOwner(path: string, owners: ReadonlySet<string>): boolean {
  if (owners.has(ownerFileName(fileStem(path)))) return true;
  const parts = path.split('/');
  return parts.length > 1 && owners.has(ownerFileName(parts[parts.length - 2]!));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Runs batches in a worker-thread pool (or in this thread for `threads` 0), one pool for both passes
 * of a scan. Results come in batch order whatever order the workers finish in, so output never
 * depends on timing.
 */
class Batches {
  private pool: Piscina<BatchTask, BatchResult> | undefined;
  private inline: BatchRunner | undefined;

  constructor(
    private readonly threads: number,
    private readonly signal: AbortSignal | undefined,
  ) {}

  async run(batches: readonly BatchTask[], onBatchDone: (files: number) => void): Promise<BatchResult[]> {
    const results = new Array<BatchResult>(batches.length);
    if (batches.length === 0) return results;
    const signal = this.signal;
    if (this.threads <= 0) {
      const runner = (this.inline ??= new BatchRunner(DETECTORS, { kb: getKnowledgeBase() }));
      for (let i = 0; i < batches.length; i++) {
        signal?.throwIfAborted();
        results[i] = await runner.run(batches[i]!);
        onBatchDone(batches[i]!.paths.length);
        // Yield between batches so timers, progress output and abort signals get a turn.
        await new Promise((r) => setImmediate(r));
      }
      return results;
    }
    // Sized by the first pass: no more threads than it has batches.
    const size = Math.max(1, Math.min(this.threads, batches.length));
    const pool = (this.pool ??= new Piscina<BatchTask, BatchResult>({
      filename: workerFile(),
      minThreads: size,
      maxThreads: size,
      idleTimeout: 1000,
    }));
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
    signal?.throwIfAborted();
    return results;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}

/** The compiled worker next to dist/engine/scan.js, or the TypeScript one under tsx. */
function workerFile(): string {
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return new URL(`./scan-worker${ext}`, import.meta.url).href;
}
