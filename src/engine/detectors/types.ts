// The contract every detector implements. A detector owns one language's or artefact's crypto APIs.
// Detectors are pure: (file, context) -> Detection[]. They run inside worker threads, so they hold no
// state between files and return plain JSON.
import type { Detection } from '../inventory/model.js';
import type { KnowledgeBase } from '../kb/types.js';
import type { CrossFile } from './cross-file.js';

export interface SourceFile {
  /** Repository-relative POSIX path. */
  path: string;
  /** File bytes. Text detectors decode with `content.toString('utf8')`. */
  content: Buffer;
}

export interface DetectContext {
  kb: KnowledgeBase;
  /** This file's view of constants other files declare, and where it declares its own (cross-file.ts); absent: none. */
  crossFile?: CrossFile;
}

export interface Detector {
  /** Short stable id: 'java', 'python', 'go', 'javascript', 'pem', 'der', 'jwk', 'keystore', 'manifest-npm', ... */
  readonly id: string;
  /** Whether this detector reads the file, from its path alone (extension, file name). */
  appliesTo(path: string): boolean;
  /**
   * Byte-level prefilter keywords (case-sensitive, ASCII). A file reaches `detect` only if it contains
   * at least one. An empty list means every file that `appliesTo` is read (manifests, binary keystores).
   */
  readonly keywords: readonly string[];
  detect(file: SourceFile, ctx: DetectContext): Detection[];
  /**
   * Whether `detect` declares the file's constants for other files and reads theirs (cross-file.ts):
   * such a detector is also run, for its declarations alone, on files its keywords do not select.
   */
  readonly crossFile?: boolean;
}
