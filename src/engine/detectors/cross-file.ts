// Constants that cross files. A detector parses one file at a time, in a worker; an algorithm name
// kept in another file (`Cipher.getInstance(CryptoConstants.CIPHER)`, `from .settings import
// HASH_NAME`, `Core::CIPHER_METHOD`) would stay unknown. So each file reports, besides its
// detections, the constants it declares under a name other files reach them by (`CryptoConstants.CIPHER`),
// and the such names it read without finding them. Between two passes the scan joins the two
// (scan.ts): a file that read a name another file declares runs again with that value, and its
// detections replace the first pass's. Only one hop: a constant defined from another file's constant
// is not followed.
import type { Value } from './source/common/value.js';

/**
 * What a constant may hold across files: a string, an integer, a boolean, or a library's symbolic
 * constant (`tls.VersionTLS12`, `HashAlgorithmName.SHA256`, `ec.SECP384R1`), read where it is used as
 * if written there.
 */
export type ConstantValue = Extract<Value, { kind: 'str' | 'int' | 'bool' | 'member' }>;

/** Longest string (or member path) kept: algorithm names, transformations and suite lists, not embedded documents. */
const MAX_STRING = 512;
/** Constants one file may declare: a generated table of thousands of strings is not configuration. */
const MAX_PER_FILE = 4096;

/**
 * The key other files reach a constant by: its owner (class, module, package, namespace as code
 * writes it before the name) and its name, joined by a dot whatever the language's separator
 * (`Core::CIPHER` and `crypto::CIPHER` are `Core.CIPHER` and `crypto.CIPHER`). Only the last owner
 * counts, so `com.acme.Constants.CIPHER` and an imported `Constants.CIPHER` meet.
 */
export function constantKey(owner: string, name: string): string {
  const parts = owner.split(/::|\.|\\/).filter((p) => p !== '');
  return `${parts[parts.length - 1] ?? ''}.${name}`;
}

/** A file's name up to its first dot (`config` for `src/config.inc.php`): the owner a file named after it is reached by. */
export function fileStem(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.indexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** The key of a qualified reference as written (`Constants.CIPHER`, `a.b.Consts::X`): its last two parts; undefined for a bare name. */
export function referenceKey(path: string): string | undefined {
  const parts = path.split(/::|\.|\\/).filter((p) => p !== '');
  if (parts.length < 2) return undefined;
  return constantKey(parts[parts.length - 2]!, parts[parts.length - 1]!);
}

/** A value that may cross files, or undefined. */
export function asConstant(v: Value): ConstantValue | undefined {
  if (v.kind === 'int' || v.kind === 'bool') return v;
  if (v.kind === 'str' && v.value.length <= MAX_STRING) return v;
  if (v.kind === 'member' && v.path.length <= MAX_STRING) return v;
  return undefined;
}

/** The detector's side (DetectContext.crossFile): read other files' constants, declare this file's. */
export interface CrossFile {
  /** The value another file declares under `key` (second pass), or undefined; remembers the key as read. */
  lookup(key: string): ConstantValue | undefined;
  /** Declares a constant of this file under `key` (its value when it is one that crosses files). */
  declare(key: string, value: Value): void;
}

/** One file's CrossFile: the table it reads from, what it declared and what it read but was not given. */
export class FileConstants implements CrossFile {
  readonly declared = new Map<string, ConstantValue>();
  readonly missing = new Set<string>();
  /** Keys declared twice in the file with different values: ambiguous, dropped. */
  private readonly conflicting = new Set<string>();

  constructor(private readonly table: ReadonlyMap<string, ConstantValue> = new Map()) {}

  lookup(key: string): ConstantValue | undefined {
    const v = this.table.get(key);
    if (v === undefined) this.missing.add(key);
    return v;
  }

  declare(key: string, value: Value): void {
    const c = asConstant(value);
    if (!c || this.conflicting.has(key)) return;
    const had = this.declared.get(key);
    if (had !== undefined && !sameConstant(had, c)) {
      this.declared.delete(key);
      this.conflicting.add(key);
      return;
    }
    if (had === undefined && this.declared.size >= MAX_PER_FILE) return;
    this.declared.set(key, c);
  }
}

export function sameConstant(a: ConstantValue, b: ConstantValue): boolean {
  if (a.kind === 'member' || b.kind === 'member') return a.kind === 'member' && b.kind === 'member' && a.path === b.path;
  return a.kind === b.kind && a.value === b.value;
}

/**
 * The repository's table from every file's declarations: a key two files declare with different
 * values (two `Constants` classes in different packages) is ambiguous and left out, so that a
 * reference never takes a value that may be another class's.
 */
export class ConstantTable {
  private readonly values = new Map<string, ConstantValue>();
  private readonly ambiguous = new Set<string>();

  add(key: string, value: ConstantValue): void {
    if (this.ambiguous.has(key)) return;
    const had = this.values.get(key);
    if (had === undefined) this.values.set(key, value);
    else if (!sameConstant(had, value)) {
      this.values.delete(key);
      this.ambiguous.add(key);
    }
  }

  get(key: string): ConstantValue | undefined {
    return this.values.get(key);
  }

  /** Whether any file declares `key`, with one value or several. */
  has(key: string): boolean {
    return this.values.has(key) || this.ambiguous.has(key);
  }

  get size(): number {
    return this.values.size;
  }
}
