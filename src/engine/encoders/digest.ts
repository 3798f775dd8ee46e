// RFC 8785 (JSON Canonicalization Scheme) SHA-256 digests of any parsed JSON value, computed
// incrementally: what `verifyBom` uses on documents it did not write (the encoders do not need it:
// their output is canonical by construction, see canonical-json.ts).
//
// The `canonicalize` package produces the canonical form as one string; for a BOM with hundreds of
// thousands of occurrences that string is as large as the document, built from many small joined
// strings. `canonicalSha256` writes the same bytes straight into the hash in 64 KiB chunks instead.
// Its output is tested byte for byte against `canonicalize` (test/engine/encoders/digest.test.ts).
//
// Canonical form, as RFC 8785 and `canonicalize` define it for what JSON.parse can produce:
// object members sorted by the UTF-16 code units of their names (the default Array#sort order),
// no whitespace, strings and numbers serialized as ECMAScript JSON.stringify does; members whose
// value is undefined are dropped (array holes become null); NaN, Infinity and lone surrogates are
// refused because they have no canonical form.
import { createHash, type Hash } from 'node:crypto';

const FLUSH_AT = 1 << 16;

class HashWriter {
  private buf = '';
  constructor(private readonly hash: Hash) {}
  write(s: string): void {
    this.buf += s;
    if (this.buf.length >= FLUSH_AT) this.flush();
  }
  flush(): void {
    if (this.buf.length > 0) {
      this.hash.update(this.buf, 'utf8');
      this.buf = '';
    }
  }
}

// Lone surrogates: a high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function writeString(w: HashWriter, s: string): void {
  if (LONE_SURROGATE.test(s)) throw new Error('canonical JSON: lone surrogate in a string');
  w.write(JSON.stringify(s));
}

function writeValue(w: HashWriter, v: unknown, depth: number): void {
  if (depth > 1000) throw new Error('canonical JSON: nesting deeper than 1000 levels');
  if (v === null) return w.write('null');
  switch (typeof v) {
    case 'string':
      return writeString(w, v);
    case 'number':
      if (!Number.isFinite(v)) throw new Error(`canonical JSON: ${v} has no JSON form`);
      return w.write(JSON.stringify(v));
    case 'boolean':
      return w.write(v ? 'true' : 'false');
    case 'object':
      break;
    default:
      throw new Error(`canonical JSON: a ${typeof v} has no JSON form`);
  }
  if (Array.isArray(v)) {
    w.write('[');
    for (let i = 0; i < v.length; i++) {
      if (i > 0) w.write(',');
      const item: unknown = v[i];
      writeValue(w, item === undefined ? null : item, depth + 1);
    }
    w.write(']');
    return;
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).sort();
  w.write('{');
  let first = true;
  for (const k of keys) {
    const item = o[k];
    if (item === undefined) continue;
    if (!first) w.write(',');
    first = false;
    writeString(w, k);
    w.write(':');
    writeValue(w, item, depth + 1);
  }
  w.write('}');
}

/** SHA-256 hex of the RFC 8785 canonical JSON of `value`. */
export function canonicalSha256(value: unknown): string {
  const hash = createHash('sha256');
  const w = new HashWriter(hash);
  writeValue(w, value, 0);
  w.flush();
  return hash.digest('hex');
}
