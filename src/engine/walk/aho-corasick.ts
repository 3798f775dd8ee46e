// Multi-keyword byte search: an Aho-Corasick automaton compiled to a full DFA over bytes
// (Int32Array[state * 256 + byte] -> next state * 256), stopping at the first keyword found. Written
// here because it beat the alternatives on the benchmark tree: about 1.5-2x faster than one compiled
// RegExp over the latin1-decoded file with 126 keywords (and it needs no decoding), 4x faster than
// Buffer#indexOf per keyword. No npm package offered a byte-level DFA with an early exit.

export class KeywordAutomaton {
  /**
   * Transition table; entries are premultiplied by 256 so the hot loop does one add per byte, and a
   * transition into an accepting state is -1, so the loop tests the sign of the value it already
   * loaded instead of loading an accepting flag per byte (measured 1.5x faster on the bench tree).
   */
  private readonly table: Int32Array;

  constructor(keywords: Iterable<string>) {
    const goto: Int32Array[] = [new Int32Array(256).fill(-1)];
    const accept: boolean[] = [false];
    for (const keyword of keywords) {
      if (keyword.length === 0) continue;
      let s = 0;
      for (const b of Buffer.from(keyword, 'latin1')) {
        if (goto[s]![b] === -1) {
          goto[s]![b] = goto.length;
          goto.push(new Int32Array(256).fill(-1));
          accept.push(false);
        }
        s = goto[s]![b]!;
      }
      accept[s] = true;
    }
    // Breadth-first failure links, folded into the transitions (a DFA: no failure walks at match time).
    const fail = new Int32Array(goto.length);
    const queue: number[] = [];
    for (let b = 0; b < 256; b++) {
      const t = goto[0]![b]!;
      if (t === -1) goto[0]![b] = 0;
      else queue.push(t);
    }
    for (let head = 0; head < queue.length; head++) {
      const s = queue[head]!;
      accept[s] = accept[s]! || accept[fail[s]!]!;
      for (let b = 0; b < 256; b++) {
        const t = goto[s]![b]!;
        if (t === -1) goto[s]![b] = goto[fail[s]!]![b]!;
        else {
          fail[t] = goto[fail[s]!]![b]!;
          queue.push(t);
        }
      }
    }
    this.table = new Int32Array(goto.length * 256);
    goto.forEach((row, s) => {
      for (let b = 0; b < 256; b++) this.table[s * 256 + b] = accept[row[b]!] ? -1 : row[b]! * 256;
    });
  }

  /** Whether any keyword occurs in the bytes. */
  test(bytes: Uint8Array): boolean {
    const table = this.table;
    const n = bytes.length;
    let s = 0;
    for (let i = 0; i < n; i++) {
      s = table[s + bytes[i]!]!;
      if (s < 0) return true;
    }
    return false;
  }
}
