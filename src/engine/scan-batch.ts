// One batch of files: read, gate, run the detectors that apply. Pure apart from reading files, so it
// runs the same inside a scan worker (scan-worker.ts) and in the calling thread (threads: 0).
import { join } from 'node:path';
import type { Detection, SkipReason } from './inventory/model.js';
import type { Detector, DetectContext } from './detectors/types.js';
import { gate, readFileNoFollow } from './walk/file-gate.js';
import { KeywordPrefilter } from './walk/prefilter.js';
import { FileConstants, type ConstantValue } from './detectors/cross-file.js';

export interface BatchTask {
  root: string;
  paths: string[];
  maxFileBytes: number;
  /** Run only the detectors with these ids (benchmarks, per-language runs); all when absent. */
  detectorIds?: string[];
  /**
   * Second pass (scan.ts): constants other files declare, by key, for these files to read. Absent in
   * the first pass, which reports what each file declares and what it read without finding.
   */
  constants?: [string, ConstantValue][];
  /**
   * Read the files only for the constants they declare (scan.ts): no prefilter, only detectors that
   * declare (Detector.crossFile), detections and counts left out of the result.
   */
  declarationsOnly?: boolean;
}

export interface BatchResult {
  /** In file order, then detector order. */
  detections: Detection[];
  skipped: Partial<Record<SkipReason, number>>;
  filesScanned: number;
  bytesScanned: number;
  filesByDetector: Record<string, number>;
  /** Constants the files declare for other files (cross-file.ts), in file order. */
  declared: [string, ConstantValue][];
  /** Per file that read names no file of the batch gave it: the keys. */
  missing: { path: string; keys: string[] }[];
  /** Files a detector that declares constants (Detector.crossFile) read: their declarations are in `declared`. */
  declaring: string[];
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class BatchRunner {
  private readonly prefilter = new KeywordPrefilter();

  constructor(
    private readonly allDetectors: readonly Detector[],
    private readonly ctx: DetectContext,
  ) {}

  async run(task: BatchTask): Promise<BatchResult> {
    const chosen = task.detectorIds ? this.allDetectors.filter((d) => task.detectorIds!.includes(d.id)) : this.allDetectors;
    const declarationsOnly = task.declarationsOnly === true;
    const detectors = declarationsOnly ? chosen.filter((d) => d.crossFile) : chosen;
    const result: BatchResult = { detections: [], skipped: {}, filesScanned: 0, bytesScanned: 0, filesByDetector: {}, declared: [], missing: [], declaring: [] };
    const table = new Map(task.constants ?? []);
    const skip = (r: SkipReason): void => {
      result.skipped[r] = (result.skipped[r] ?? 0) + 1;
    };
    for (const path of task.paths) {
      const applicable = detectors.filter((d) => d.appliesTo(path));
      if (applicable.length === 0) {
        skip('no-detector');
        continue;
      }
      const content = readFileNoFollow(join(task.root, path), task.maxFileBytes);
      if (!Buffer.isBuffer(content)) {
        skip(content);
        continue;
      }
      const decision = gate(path, content, applicable, declarationsOnly ? null : this.prefilter);
      if (decision.kind === 'skip') {
        skip(decision.reason);
        continue;
      }
      result.filesScanned++;
      result.bytesScanned += content.length;
      let failed = false;
      const constants = new FileConstants(table);
      const ctx: DetectContext = { ...this.ctx, crossFile: constants };
      for (const detector of decision.detectors) {
        result.filesByDetector[detector.id] = (result.filesByDetector[detector.id] ?? 0) + 1;
        try {
          const found = detector.detect({ path, content }, ctx);
          if (!declarationsOnly) for (const d of found) result.detections.push(d);
        } catch {
          // A detector that cannot parse this file must not stop the scan; the file is counted.
          failed = true;
        }
      }
      if (failed) skip('parse-error');
      if (decision.detectors.some((d) => d.crossFile)) result.declaring.push(path);
      for (const entry of constants.declared) result.declared.push(entry);
      if (constants.missing.size > 0) result.missing.push({ path, keys: [...constants.missing] });
      // Yield after every parsed file: native syntax trees are released by finalizers that run only
      // when the event loop turns (STACK.md); a synchronous batch of parses held them all (1.9 GB peak).
      await yieldToEventLoop();
    }
    return result;
  }
}
