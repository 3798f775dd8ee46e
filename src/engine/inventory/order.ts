// Total orders and id fragments used by the inventory builder. Comparisons are by UTF-16 code unit
// (not locale), so the order is the same on every machine.

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareNumbers(a: number | undefined, b: number | undefined): number {
  return (a ?? -1) - (b ?? -1);
}

/** (path, line, column, symbol), then the remaining fields so that the order is total. */
export function compareOccurrences(
  a: { path: string; line: number; column: number; symbol?: string; endLine?: number; offset?: number; snippet?: string; detector?: string },
  b: typeof a,
): number {
  return compareStrings(a.path, b.path) || a.line - b.line || a.column - b.column
    || compareStrings(a.symbol ?? '', b.symbol ?? '') || compareNumbers(a.endLine, b.endLine) || compareNumbers(a.offset, b.offset)
    || compareStrings(a.detector ?? '', b.detector ?? '') || compareStrings(a.snippet ?? '', b.snippet ?? '');
}

/** Lower case, runs of anything but [a-z0-9.] become one '-': AES-256-GCM -> aes-256-gcm, SHA-512/224 -> sha-512-224. */
export function slug(s: string): string {
  const out = s.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '');
  return out === '' ? 'unnamed' : out;
}
