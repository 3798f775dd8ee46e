// Multi-pattern byte prefilter: a file reaches a detector only if its bytes hold one of that detector's
// keywords. One combined search per file (a single compiled RegExp over the bytes read as latin1, which
// maps each byte to one UTF-16 code unit, so ASCII keywords match byte-for-byte); only the few files
// that hit are then checked per detector to learn which detectors to run. Measured against
// Buffer#indexOf per keyword and a hand-written Aho-Corasick in bench/engine.bench.ts.
import type { Detector } from '../detectors/types.js';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One RegExp matching any of the keywords (longest first so alternation prefers them; order is irrelevant to `test`). */
export function compileKeywords(keywords: Iterable<string>): RegExp | null {
  const unique = [...new Set(keywords)].filter((k) => k.length > 0).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return unique.length === 0 ? null : new RegExp(unique.map(escapeRegExp).join('|'));
}

export class KeywordPrefilter {
  private readonly perDetector = new Map<string, RegExp | null>();
  private readonly combined = new Map<string, RegExp | null>();

  /**
   * Of the detectors that apply to a file by path, those that must read it: every detector without
   * keywords, plus those whose keywords occur in `text` (the file's bytes decoded as latin1).
   */
  select(applicable: readonly Detector[], text: string): Detector[] {
    const keyed = applicable.filter((d) => d.keywords.length > 0);
    const always = applicable.filter((d) => d.keywords.length === 0);
    if (keyed.length === 0) return always;
    const key = keyed.map((d) => d.id).join('\0');
    let any = this.combined.get(key);
    if (any === undefined) {
      any = compileKeywords(keyed.flatMap((d) => d.keywords));
      this.combined.set(key, any);
    }
    if (!any || !any.test(text)) return always;
    if (keyed.length === 1) return [...always, keyed[0]!];
    const hit = keyed.filter((d) => this.detectorRegExp(d)?.test(text) ?? false);
    // Keep the detectors' registration order so output order never depends on which matched first.
    return applicable.filter((d) => always.includes(d) || hit.includes(d));
  }

  private detectorRegExp(d: Detector): RegExp | null {
    let re = this.perDetector.get(d.id);
    if (re === undefined) {
      re = compileKeywords(d.keywords);
      this.perDetector.set(d.id, re);
    }
    return re;
  }
}
