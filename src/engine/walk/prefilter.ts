// Multi-pattern byte prefilter: a file reaches a detector only if its bytes hold one of that detector's
// keywords. One combined search per file (an Aho-Corasick DFA over the raw bytes for the keywords of
// every detector that applies to the file); only the few files that hit are then searched per detector
// to learn which detectors to run. bench/engine.bench.ts measures it against a combined RegExp and
// Buffer#indexOf per keyword.
import type { Detector } from '../detectors/types.js';
import { KeywordAutomaton } from './aho-corasick.js';

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One RegExp matching any of the keywords: the alternative the benchmark compares the automaton with. */
export function compileKeywords(keywords: Iterable<string>): RegExp | null {
  const unique = [...new Set(keywords)].filter((k) => k.length > 0).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return unique.length === 0 ? null : new RegExp(unique.map(escapeRegExp).join('|'));
}

export class KeywordPrefilter {
  private readonly perDetector = new Map<string, KeywordAutomaton>();
  private readonly combined = new Map<string, KeywordAutomaton>();

  /**
   * Of the detectors that apply to a file by path, those that must read it: every detector without
   * keywords, plus those whose keywords occur in the file's bytes.
   */
  select(applicable: readonly Detector[], bytes: Uint8Array): Detector[] {
    const keyed = applicable.filter((d) => d.keywords.length > 0);
    const always = applicable.filter((d) => d.keywords.length === 0);
    if (keyed.length === 0) return always;
    const key = keyed.map((d) => d.id).join('\0');
    let any = this.combined.get(key);
    if (!any) {
      any = new KeywordAutomaton(keyed.flatMap((d) => d.keywords));
      this.combined.set(key, any);
    }
    if (!any.test(bytes)) return always;
    if (keyed.length === 1) return applicable.filter((d) => always.includes(d) || d === keyed[0]);
    const hit = keyed.filter((d) => this.automaton(d).test(bytes));
    // Keep the detectors' registration order so output order never depends on which matched first.
    return applicable.filter((d) => always.includes(d) || hit.includes(d));
  }

  private automaton(d: Detector): KeywordAutomaton {
    let a = this.perDetector.get(d.id);
    if (!a) {
      a = new KeywordAutomaton(d.keywords);
      this.perDetector.set(d.id, a);
    }
    return a;
  }
}
