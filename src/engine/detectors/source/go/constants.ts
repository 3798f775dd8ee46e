// The constants a Go file declares for other files (detectors/cross-file.ts): package-level `const`
// and `var` specs, exported or not, under `package.Name` with the package clause's name as owner, as
// other files write them: `cryptoconf.DefaultCipher` from another package, a bare `KeySize` from a
// sibling file of the same package (importedOwner), or after a dot import of the package.
import type { SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { constantKey } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import { int, type Value } from '../common/value.js';
import type { GoAdapter, GoIndex } from './resolve.js';

/**
 * crypto/tls's version constants by their values in the Go source (`VersionTLS10 = 0x0301`): a
 * `MinTLS = tls.VersionTLS10` is a member value in this file, which does not cross files (only
 * strings, integers and booleans do); as its number it does, and the TLS config reader takes numbers.
 */
const TLS_VERSIONS: Readonly<Record<string, number>> = {
  'crypto/tls.VersionSSL30': 0x0300,
  'crypto/tls.VersionTLS10': 0x0301,
  'crypto/tls.VersionTLS11': 0x0302,
  'crypto/tls.VersionTLS12': 0x0303,
  'crypto/tls.VersionTLS13': 0x0304,
};

/** The name of the file's package (`package cryptoconf`): the file's first node after its comments. */
export function goPackageName(root: SgNode): string | undefined {
  for (let i = 0; ; i++) {
    const c = root.child(i);
    if (!c) return undefined;
    const kind = c.kind() as string;
    if (kind === 'package_clause') return c.namedChildren().find((n) => n.kind() === 'package_identifier')?.text();
    if (kind !== 'comment') return undefined;
  }
}

/**
 * Declares the package-level constants and variables of a Go file. The specs come from the file's
 * index (one traversal, made anyway); those inside a function are skipped. A spec gives its names
 * values position by position (`A, B = "x", "y"`); one without values (`var k [32]byte`, a `const`
 * that repeats the previous expression, iota) declares nothing.
 */
export function declareGoConstants(root: SgNode, index: GoIndex, ev: Evaluator, crossFile: CrossFile): void {
  const pkg = goPackageName(root);
  if (!pkg || pkg === '_') return;
  // Names in the values are not looked up in other files (GoAdapter.declaring).
  const adapter = ev.adapter as GoAdapter;
  adapter.declaring = true;
  try {
    declare(pkg, index, ev, crossFile);
  } finally {
    adapter.declaring = false;
  }
}

function declare(pkg: string, index: GoIndex, ev: Evaluator, crossFile: CrossFile): void {
  for (const spec of index.specs) {
    if (!packageLevel(spec)) continue;
    const names = spec.fieldChildren('name');
    const values = spec.field('value')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
    if (values.length !== names.length) continue;
    const constant = spec.kind() === 'const_spec';
    names.forEach((n, i) => {
      const name = n.text();
      const value = declaredValue(values[i]!, constant);
      if (name === '_' || !value) return;
      crossFile.declare(constantKey(pkg, name), crossing(ev.evalOwn(value)));
    });
  }
}

/** Calls a constant may make: built-ins (the rest, `Algorithm("RS256")`, are conversions). */
const CONSTANT_BUILTINS = new Set(['len', 'cap', 'real', 'imag', 'complex', 'min', 'max']);

/**
 * The expression to evaluate for a spec's value. A call is not followed into a function of the
 * package (`var defaultKey = loadKey()`: what it returns is no constant, and reading the file's
 * functions for it cost a tenth of the Go detector's time): in a `const` spec a call is a built-in or
 * a conversion, whose operand is the value (`SignatureAlgorithm("RS256")`); in a `var` spec only a
 * conversion to a basic type (`uint16(0x0303)`) is read.
 */
function declaredValue(value: SgNode, constant: boolean): SgNode | undefined {
  if (value.kind() !== 'call_expression') return value;
  const callee = value.field('function')?.text() ?? '';
  const args = value.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
  if (BASIC_CONVERSIONS.has(callee) || (constant && CONSTANT_BUILTINS.has(callee))) return value;
  return constant && args.length === 1 ? args[0] : undefined;
}

const BASIC_CONVERSIONS = new Set([
  'int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'byte', 'uintptr',
]);

/** A member value the readers take as a number (TLS_VERSIONS), as that number. */
function crossing(v: Value): Value {
  const n = v.kind === 'member' ? TLS_VERSIONS[v.path] : undefined;
  return n !== undefined ? int(n) : v;
}

/** Whether a const or var spec is at package level: its declaration (through a `var ( … )` list) is the file's child. */
function packageLevel(spec: SgNode): boolean {
  let p = spec.parent();
  if (p?.kind() === 'var_spec_list') p = p.parent();
  return p?.parent()?.kind() === 'source_file';
}
