// Reads one file and decides which detectors see it: refuses symlinks (O_NOFOLLOW), sniffs binaries,
// minified and generated files, then applies the keyword prefilter. Runs where the bytes are read
// (inside the scan workers) so that the main thread never holds file contents.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { Detector } from '../detectors/types.js';
import type { SkipReason } from '../inventory/model.js';
import {
  BINARY_SNIFF_BYTES, GENERATED_MARKER, GENERATED_SNIFF_BYTES, MINIFIABLE_EXT, MINIFIED_LINE_CHARS,
} from './settings.js';
import type { KeywordPrefilter } from './prefilter.js';

/** A detector that reads binary files (DER certificates, keystores); all others see text only. */
export interface BinaryAwareDetector extends Detector {
  readonly acceptsBinary: true;
}
export function acceptsBinary(d: Detector): d is BinaryAwareDetector {
  return (d as Partial<BinaryAwareDetector>).acceptsBinary === true;
}

export type GateResult =
  | { kind: 'skip'; reason: SkipReason }
  | { kind: 'read'; content: Buffer; detectors: Detector[] };

const MINIFIED_SNIFF_CHARS = 64 * 1024;

/**
 * Reads a regular file without following a symlink in its last component (O_NOFOLLOW), re-checking
 * the size on the open descriptor. Synchronous on purpose: it runs in a dedicated scan worker, where
 * four direct syscalls beat the promise API's thread-pool round trips (measured: about a third of
 * the artefact-only scan's CPU time went to fs.promises overhead).
 */
export function readFileNoFollow(absPath: string, maxBytes: number): Buffer | SkipReason {
  let fd: number;
  try {
    fd = openSync(absPath, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return 'unreadable';
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return 'unreadable';
    if (st.size > maxBytes) return 'too-large';
    const buf = Buffer.allocUnsafe(st.size);
    let read = 0;
    while (read < st.size) {
      const n = readSync(fd, buf, read, st.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return read === st.size ? buf : buf.subarray(0, read);
  } catch {
    return 'unreadable';
  } finally {
    closeSync(fd);
  }
}

export function isBinary(content: Buffer): boolean {
  return content.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/**
 * A long line that is one base64/base64url/hex string given a name (`pub: '…',`, `const KEY = "…";`):
 * a key, certificate or blob written into code (an ML-DSA public key JWK member is 3,000+ characters),
 * not minified code, which has operators and punctuation throughout.
 */
const DATA_LINE = /^\s*(?:(?:export\s+)?(?:const|let|var|static|final|private|public)\s+)*[\w$.'"]{1,60}\s*[:=]\s*(['"`])[A-Za-z0-9+/_=-]+\1\s*[,;]?\s*$/;

export function isMinified(path: string, head: string): boolean {
  if (!MINIFIABLE_EXT.test(path)) return false;
  let start = 0;
  const end = Math.min(head.length, MINIFIED_SNIFF_CHARS);
  while (start < end) {
    let nl = head.indexOf('\n', start);
    if (nl === -1 || nl > end) nl = end;
    // A line the sniff cuts short cannot be shown to be data.
    if (nl - start > MINIFIED_LINE_CHARS && (nl === MINIFIED_SNIFF_CHARS || !DATA_LINE.test(head.slice(start, nl)))) return true;
    start = nl + 1;
  }
  return false;
}

export function isGenerated(head: string): boolean {
  return GENERATED_MARKER.test(head.slice(0, GENERATED_SNIFF_BYTES));
}

/**
 * Decide for content already read. `applicable` are the detectors whose `appliesTo` accepts the path.
 * Without a prefilter (null) every applicable detector reads a text file that is neither minified nor
 * generated: the cross-file declarations pass (scan.ts) reads files for their constants, which need
 * none of the API keywords.
 */
export function gate(path: string, content: Buffer, applicable: readonly Detector[], prefilter: KeywordPrefilter | null): GateResult {
  if (isBinary(content)) {
    const binary = applicable.filter(acceptsBinary);
    return binary.length > 0 ? { kind: 'read', content, detectors: binary } : { kind: 'skip', reason: 'binary' };
  }
  // Only heads are decoded (latin1: one char per byte), and only as far as each check reads: 64 KiB
  // for the minified check of web files, 2 KiB for the generator banner. The prefilter reads raw bytes.
  if (MINIFIABLE_EXT.test(path) && isMinified(path, content.subarray(0, MINIFIED_SNIFF_CHARS).toString('latin1'))) {
    return { kind: 'skip', reason: 'minified' };
  }
  if (isGenerated(content.subarray(0, GENERATED_SNIFF_BYTES).toString('latin1'))) return { kind: 'skip', reason: 'generated' };
  const detectors = prefilter ? prefilter.select(applicable, content) : [...applicable];
  return detectors.length > 0 ? { kind: 'read', content, detectors } : { kind: 'skip', reason: 'prefilter' };
}
