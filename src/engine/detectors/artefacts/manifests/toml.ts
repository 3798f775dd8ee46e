// A forgiving reader of the TOML that dependency manifests are written in (Cargo.toml, Cargo.lock): it
// reports table headers and key/value pairs with their full dotted key paths and the offsets where keys
// and string values are written. It is no validator: what it cannot read it skips to the end of the
// line. The position only ever moves forward and no pattern backtracks, so a hostile file (unclosed
// strings, arrays and tables, deep nesting, long lines) costs one pass. Arrays are skipped, not read:
// no fact the manifest detectors need is inside one.

export interface TomlKey {
  readonly name: string;
  /** Offset of the key's first character (inside its quotes when quoted). */
  readonly at: number;
}

export interface TomlValue {
  readonly kind: 'string' | 'scalar' | 'array';
  /** Strings decoded; other scalars (`true`, `3`, dates) as written; '' for arrays. */
  readonly text: string;
  /** Offset of the value (inside the quotes for a string). */
  readonly at: number;
}

export interface TomlVisitor {
  /** `[a.b]`, or `[[a.b]]` when `array`. */
  table?(path: readonly TomlKey[], array: boolean): void;
  /** A value at its full path: the table's path, then the key's (inline tables extend it). */
  value(path: readonly TomlKey[], value: TomlValue): void;
}

/** Key paths are cut at this length plus one, which no manifest reads: it bounds the work per key. */
const MAX_PATH = 8;
/** Inline tables nested deeper are skipped like arrays, so recursion stays shallow on hostile input. */
const MAX_INLINE_DEPTH = 4;

const ESCAPES: Readonly<Record<string, string>> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', e: '\x1b', '"': '"', '\\': '\\' };

function unescapeBasic(raw: string): string {
  return raw.replace(/\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))/g, (all, u4?: string, u8?: string, c?: string) => {
    const code = u4 ?? u8;
    if (code === undefined) return ESCAPES[c!] ?? all;
    const n = parseInt(code, 16);
    return n <= 0x10ffff ? String.fromCodePoint(n) : all;
  });
}

/** A-Z a-z 0-9 _ - (TOML bare keys). */
function isBareKeyChar(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d;
}

/** What may follow a scalar on its line: blanks, a separator, a closing bracket or a comment. */
function endsScalar(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2c || c === 0x5d || c === 0x7d || c === 0x23;
}

export function readToml(text: string, visitor: TomlVisitor): void {
  new Reader(text, visitor).run();
}

class Reader {
  private pos = 0;

  constructor(private readonly s: string, private readonly visitor: TomlVisitor) {}

  run(): void {
    const s = this.s;
    // null after a header that could not be read: its keys must not land in the table before it.
    let table: TomlKey[] | null = [];
    while (this.skipBlank() < s.length) {
      const start = this.pos;
      if (s[start] === '#') {
        this.toLineEnd();
        continue;
      }
      let ok: boolean;
      if (s[start] === '[') {
        table = this.header();
        ok = table !== null;
      } else {
        ok = this.keyValue(table, 0);
      }
      if (!ok) {
        this.pos = Math.max(this.pos, start + 1);
        this.toLineEnd();
      }
    }
  }

  private header(): TomlKey[] | null {
    const s = this.s;
    this.pos++;
    const array = s[this.pos] === '[';
    if (array) this.pos++;
    const path = this.keyPath();
    if (!path) return null;
    this.skipSpaces();
    const close = array ? ']]' : ']';
    if (!s.startsWith(close, this.pos)) return null;
    this.pos += close.length;
    this.visitor.table?.(path, array);
    return path;
  }

  /** `key = value`; with `prefix` null the value is read past but not reported. */
  private keyValue(prefix: readonly TomlKey[] | null, depth: number): boolean {
    const key = this.keyPath();
    if (!key) return false;
    this.skipSpaces();
    if (this.s[this.pos] !== '=') return false;
    this.pos++;
    this.skipSpaces();
    const path = prefix && prefix.concat(key).slice(0, MAX_PATH + 1);
    return this.value(path, depth);
  }

  /** `a`, `"a b"`, `'a'` joined by dots. */
  private keyPath(): TomlKey[] | undefined {
    const path: TomlKey[] = [];
    for (;;) {
      this.skipSpaces();
      const key = this.key();
      if (!key) return undefined;
      if (path.length <= MAX_PATH) path.push(key);
      this.skipSpaces();
      if (this.s[this.pos] !== '.') return path;
      this.pos++;
    }
  }

  private key(): TomlKey | undefined {
    const s = this.s;
    const start = this.pos;
    if (s[start] === '"' || s[start] === "'") {
      const str = this.singleLineString();
      return str && { name: str.text, at: str.at };
    }
    let i = start;
    while (i < s.length && isBareKeyChar(s.charCodeAt(i))) i++;
    if (i === start) return undefined;
    this.pos = i;
    return { name: s.slice(start, i), at: start };
  }

  private value(path: readonly TomlKey[] | null, depth: number): boolean {
    const s = this.s;
    const at = this.pos;
    const c = s[at];
    let value: TomlValue | undefined;
    if (c === '"' || c === "'") {
      value = s.startsWith(c.repeat(3), at) ? this.multiLineString() : this.singleLineString();
    } else if (c === '{') {
      return depth < MAX_INLINE_DEPTH ? this.inlineTable(path, depth + 1) : this.skipNested();
    } else if (c === '[') {
      value = this.skipNested() ? { kind: 'array', text: '', at } : undefined;
    } else {
      let i = at;
      while (i < s.length && !endsScalar(s.charCodeAt(i))) i++;
      this.pos = i;
      value = i > at ? { kind: 'scalar', text: s.slice(at, i), at } : undefined;
    }
    if (!value) return false;
    if (path) this.visitor.value(path, value);
    return true;
  }

  /** `{ a = 1, b.c = "x" }` on one line (TOML 1.0; arrays inside may still span lines). */
  private inlineTable(prefix: readonly TomlKey[] | null, depth: number): boolean {
    const s = this.s;
    this.pos++;
    for (;;) {
      this.skipSpaces();
      // `}` here closes `{}`, or follows a trailing comma (TOML 1.1; accepting it costs nothing).
      if (s[this.pos] === '}') {
        this.pos++;
        return true;
      }
      if (!this.keyValue(prefix, depth)) return false;
      this.skipSpaces();
      if (s[this.pos] === ',') this.pos++;
      else if (s[this.pos] !== '}') return false;
    }
  }

  /** `"…"` or `'…'`, ending on its line; `pos` is at the opening quote. */
  private singleLineString(): TomlValue | undefined {
    const s = this.s;
    const quote = s[this.pos]!;
    const at = this.pos + 1;
    let escaped = false;
    let i = at;
    for (; i < s.length && s[i] !== '\n'; i++) {
      if (s[i] === quote) {
        this.pos = i + 1;
        const raw = s.slice(at, i);
        return { kind: 'string', text: escaped ? unescapeBasic(raw) : raw, at };
      }
      if (s[i] === '\\' && quote === '"' && s[i + 1] !== '\n') {
        escaped = true;
        i++;
      }
    }
    this.pos = i;
    return undefined;
  }

  /** `"""…"""` or `'''…'''` (raw text: no manifest fact is written so); up to two more quotes close it. */
  private multiLineString(): TomlValue | undefined {
    const s = this.s;
    const quote = s[this.pos]!;
    const delimiter = quote.repeat(3);
    const at = this.pos + 3;
    for (let i = at; i < s.length; i++) {
      if (s[i] === '\\' && quote === '"') {
        i++;
      } else if (s.startsWith(delimiter, i)) {
        let end = i;
        while (end < i + 2 && s[end + 3] === quote) end++;
        this.pos = end + 3;
        return { kind: 'string', text: s.slice(at, end), at };
      }
    }
    this.pos = s.length;
    return undefined;
  }

  /** Past a `[…]` or `{…}` value and all it nests (strings, comments, line breaks); false at the end of the text. */
  private skipNested(): boolean {
    const s = this.s;
    let depth = 0;
    while (this.pos < s.length) {
      const c = s[this.pos];
      if (c === '[' || c === '{') {
        depth++;
        this.pos++;
      } else if (c === ']' || c === '}') {
        this.pos++;
        if (--depth === 0) return true;
      } else if (c === '#') {
        this.toLineEnd();
      } else if (c === '"' || c === "'") {
        // An unclosed string ends at its line (or, multi-line, at the end of the text).
        if (s.startsWith(c.repeat(3), this.pos)) this.multiLineString();
        else this.singleLineString();
      } else {
        this.pos++;
      }
    }
    return false;
  }

  private skipBlank(): number {
    const s = this.s;
    while (this.pos < s.length && (s[this.pos] === ' ' || s[this.pos] === '\t' || s[this.pos] === '\r' || s[this.pos] === '\n')) this.pos++;
    return this.pos;
  }

  private skipSpaces(): void {
    const s = this.s;
    while (this.pos < s.length && (s[this.pos] === ' ' || s[this.pos] === '\t')) this.pos++;
  }

  private toLineEnd(): void {
    const nl = this.s.indexOf('\n', this.pos);
    this.pos = nl === -1 ? this.s.length : nl;
  }
}
