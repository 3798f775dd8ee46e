// Evidence for a match: where it is (1-based line/column, byte offset), what matched, and the line.
import type { SgNode } from '@ast-grep/napi';
import type { Occurrence } from '../../../inventory/model.js';

/** Longest snippet kept, in characters (the model's contract). */
export const SNIPPET_MAX = 200;

/**
 * Builds Occurrences for one file. ast-grep reports character indexes; the model wants byte
 * offsets, so non-ASCII files convert (ASCII files, the usual case, take the index as is).
 */
export class OccurrenceFactory {
  private readonly lines: string[];
  private readonly ascii: boolean;

  constructor(
    readonly path: string,
    private readonly text: string,
    readonly detector: string,
  ) {
    this.lines = text.split('\n');
    // eslint-disable-next-line no-control-regex
    this.ascii = !/[^\x00-\x7f]/.test(text);
  }

  /** Occurrence of `node`, labelled with the API it represents (`Cipher.getInstance`). */
  at(node: SgNode, symbol: string): Occurrence {
    const start = node.range().start;
    const offset = this.ascii ? start.index : Buffer.byteLength(this.text.slice(0, start.index), 'utf8');
    return {
      path: this.path,
      line: start.line + 1,
      column: start.column + 1,
      offset,
      symbol,
      snippet: snippetOf(this.lines[start.line] ?? ''),
      detector: this.detector,
    };
  }
}

/** The source line trimmed, cut to SNIPPET_MAX characters. */
export function snippetOf(line: string): string {
  const t = line.replace(/\r$/, '').trim();
  return t.length <= SNIPPET_MAX ? t : t.slice(0, SNIPPET_MAX);
}
