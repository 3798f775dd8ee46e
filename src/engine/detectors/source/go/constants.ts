// The constants a Go file declares for other files (detectors/cross-file.ts): package-level `const`
// and `var` specs, exported or not, under `package.Name` with the package clause's name as owner, as
// other files write them: `cryptoconf.DefaultCipher` from another package, a bare `KeySize` from a
// sibling file of the same package (importedOwner), or after a dot import of the package.
import type { SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { constantKey } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import { int, type Value } from '../common/value.js';
import type { GoIndex } from './resolve.js';

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

/** The name of the file's package (`package cryptoconf`), from the root's children: no walk of the tree. */
export function goPackageName(root: SgNode): string | undefined {
  for (const c of root.children()) {
    if (c.kind() !== 'package_clause') continue;
    return c.namedChildren().find((n) => n.kind() === 'package_identifier')?.text();
  }
  return undefined;
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
  for (const spec of index.specs) {
    if (!packageLevel(spec)) continue;
    const names = spec.fieldChildren('name');
    const values = spec.field('value')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
    if (values.length !== names.length) continue;
    names.forEach((n, i) => {
      const name = n.text();
      if (name === '_') return;
      crossFile.declare(constantKey(pkg, name), crossing(ev.evalOwn(values[i])));
    });
  }
}

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
