// Values the argument resolver computes from source expressions. Anything the resolver cannot
// compute is `Unknown`: detectors never replace it with a default.

/** Where a byte array came from: a literal in source (a hard-coded key), zero-filled, random, or unknown. */
export type BytesOrigin = 'literal' | 'zero' | 'random' | 'unknown';

export type Value =
  | { kind: 'str'; value: string }
  | { kind: 'int'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'none' }
  /** Byte array; `length` in bytes when known. */
  | { kind: 'bytes'; length?: number; origin: BytesOrigin }
  /** A symbolic constant or enum member the resolver cannot reduce further: `AES.MODE_GCM`, `ec.SECP384R1`. */
  | { kind: 'member'; path: string }
  | { kind: 'list'; items: Value[] }
  | { kind: 'unknown'; reason?: string };

export const UNKNOWN: Value = Object.freeze({ kind: 'unknown' }) as Value;

export const str = (value: string): Value => ({ kind: 'str', value });
export const int = (value: number): Value => ({ kind: 'int', value });
export const bytes = (length: number | undefined, origin: BytesOrigin): Value =>
  length === undefined ? { kind: 'bytes', origin } : { kind: 'bytes', length, origin };

/** The string, or undefined when the value is not a known string. */
export function asString(v: Value | undefined): string | undefined {
  return v?.kind === 'str' ? v.value : undefined;
}

/** The integer, or undefined when the value is not a known integer. */
export function asInt(v: Value | undefined): number | undefined {
  return v?.kind === 'int' ? v.value : undefined;
}

/** Byte length, or undefined. A string counts as its UTF-8 bytes only through `bytesOfString`. */
export function byteLength(v: Value | undefined): number | undefined {
  return v?.kind === 'bytes' ? v.length : undefined;
}

/** Last dotted component of a member path: `ec.SECP384R1` -> `SECP384R1`. */
export function memberName(v: Value | undefined): string | undefined {
  if (v?.kind !== 'member') return undefined;
  const i = v.path.lastIndexOf('.');
  return i < 0 ? v.path : v.path.slice(i + 1);
}

/** Whether a byte array is fixed in source (literal or all zero): the static-IV / hard-coded-key test. */
export function isConstantBytes(v: Value | undefined): boolean {
  return v?.kind === 'bytes' && (v.origin === 'literal' || v.origin === 'zero');
}

/** UTF-8 bytes of a string literal used as key material (`"secret".getBytes()`). */
export function bytesOfString(s: string): Value {
  return bytes(Buffer.byteLength(s, 'utf8'), 'literal');
}
