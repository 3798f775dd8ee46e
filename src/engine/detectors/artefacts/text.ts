// Shared text helpers for artefact detectors. Content is read as latin1 so that string offsets are byte
// offsets and every byte survives; snippets are decoded back to UTF-8 for display.
import type { Occurrence } from '../../inventory/model.js';

/** Extensions that are never text; the PEM and SSH-key detectors skip them without reading. */
export const NON_TEXT_EXT =
  /\.(png|jpe?g|gif|bmp|ico|webp|tiff?|psd|pdf|zip|gz|tgz|bz2|xz|7z|rar|jar|war|ear|aar|class|dex|so|dylib|dll|exe|o|a|lib|obj|bin|wasm|pyc|pyo|woff2?|ttf|otf|eot|mp[34]|mov|avi|mkv|wav|flac|ogg|sqlite|db|der|p12|pfx|jks|jceks|keystore|bks)$/i;

export class LineIndex {
  private starts: number[] | null = null;
  /** Snippets by 0-based line: a line may hold many detections (a one-line manifest), and each would otherwise cost the whole line. */
  private readonly snippets = new Map<number, string>();
  constructor(private readonly text: string) {}

  private lineStarts(): number[] {
    if (!this.starts) {
      const s = [0];
      for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) s.push(i + 1);
      this.starts = s;
    }
    return this.starts;
  }

  /** 0-based index of the line holding `offset` (a line's `\n` belongs to it). */
  private lineOf(offset: number): number {
    const s = this.lineStarts();
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** 1-based line and column of a byte offset. */
  position(offset: number): { line: number; column: number } {
    const line = this.lineOf(offset);
    return { line: line + 1, column: offset - this.lineStarts()[line]! + 1 };
  }

  /** The line holding `offset`, trimmed, UTF-8 decoded, at most 200 characters. */
  lineAt(offset: number): string {
    const line = this.lineOf(offset);
    let snippet = this.snippets.get(line);
    if (snippet === undefined) {
      const s = this.lineStarts();
      const end = line + 1 < s.length ? s[line + 1]! - 1 : this.text.length;
      snippet = snippetOf(this.text.slice(s[line]!, end));
      this.snippets.set(line, snippet);
    }
    return snippet;
  }
}

export function snippetOf(latin1Line: string): string {
  return Buffer.from(latin1Line.trim(), 'latin1').toString('utf8').slice(0, 200);
}

export function occurrenceAt(
  index: LineIndex,
  path: string,
  offset: number,
  detector: string,
  symbol: string,
  snippet?: string,
  endOffset?: number,
): Occurrence {
  const { line, column } = index.position(offset);
  const occ: Occurrence = { path, line, column, offset, symbol, snippet: snippet ?? index.lineAt(offset), detector };
  if (endOffset !== undefined) {
    const endLine = index.position(endOffset).line;
    if (endLine !== line) occ.endLine = endLine;
  }
  return occ;
}

export function baseName(path: string): string {
  const i = path.lastIndexOf('/');
  return i === -1 ? path : path.slice(i + 1);
}
