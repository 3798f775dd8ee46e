// Cargo (Rust): Cargo.toml dependency tables and Cargo.lock packages. Cargo.toml declares dependencies
// in `[dependencies]`, `[dev-dependencies]`, `[build-dependencies]`, their `[target.<cfg>.…]` forms
// and `[workspace.dependencies]`, as `ring = "0.17"`, an inline table, dotted keys (`ring.workspace =
// true`) or a `[dependencies.ring]` table; `package = "…"` renames, and the package is what counts.
// Only `=1.2.3` pins a version (a bare `1.2.3` is `^1.2.3` in Cargo); an inherited (`workspace = true`)
// dependency has its version in the workspace root, which is reported there. Cargo.lock's
// `[[package]]` entries give resolved versions.
import type { Detection } from '../../../inventory/model.js';
import type { Detector } from '../../types.js';
import { LineIndex, baseName, occurrenceAt } from '../text.js';
import { exactVersion, findLibrary, libraryDetection } from './libraries.js';
import { readToml, type TomlKey, type TomlValue } from './toml.js';

const ID = 'manifest-cargo';

/** `dev_dependencies` and `build_dependencies` are the old spellings Cargo still reads (before edition 2024). */
const DEPENDENCY_TABLES = new Set(['dependencies', 'dev-dependencies', 'build-dependencies', 'dev_dependencies', 'build_dependencies']);

/**
 * Crate names have at most 64 characters and `cfg(…)` keys a few hundred. A longer key names no
 * dependency here, and skipping it keeps each value's work bounded: a hostile table name of a megabyte
 * would otherwise be joined into the identity of every value under it.
 */
const MAX_KEY_CHARS = 1024;

/** Index of the dependency table's key in a path (`dependencies`, `target.<cfg>.dependencies`, `workspace.dependencies`), or -1. */
function dependencyTableAt(path: readonly TomlKey[]): number {
  const name = (i: number): string => path[i]?.name ?? '';
  if (DEPENDENCY_TABLES.has(name(0))) return 0;
  if (name(0) === 'target' && DEPENDENCY_TABLES.has(name(2))) return 2;
  if (name(0) === 'workspace' && name(1) === 'dependencies') return 1;
  return -1;
}

/**
 * `=1.2.3` (pre-release and build metadata allowed) pins one version. Anything else is a range in
 * Cargo: a bare `1.2.3` means `^1.2.3`, `=1.2` means `>=1.2.0, <1.3.0`, `=1.2.3, <2` is a list.
 */
function pinnedVersion(requirement: string | undefined): string | undefined {
  const req = requirement?.trim();
  if (!req?.startsWith('=')) return undefined;
  const v = req.slice(1).trimStart();
  return /^\d+\.\d+\.\d+(?:[-+]|$)/.test(v) ? exactVersion(v) : undefined;
}

interface Dependency {
  /** The key naming it in its table (`myring` in `myring = { package = "ring" }`). */
  key: TomlKey;
  package?: TomlValue;
  requirement?: string;
  inherited: boolean;
}

function cargoToml(path: string, text: string, index: LineIndex): Detection[] {
  // One entry per dependency table and key, in the order the file first names them: a dependency's
  // fields may come on several lines (`ring.version = …`, `ring.features = …`, a `[dependencies.ring]` table).
  const deps = new Map<string, Dependency>();
  const declare = (p: readonly TomlKey[]): { dep: Dependency; field: readonly TomlKey[] } | undefined => {
    const at = dependencyTableAt(p);
    if (at === -1 || p.length < at + 2) return undefined;
    const named = p.slice(0, at + 2);
    if (named.some((k) => k.name.length > MAX_KEY_CHARS)) return undefined;
    const id = named.map((k) => k.name).join('\u0000');
    let dep = deps.get(id);
    if (!dep) deps.set(id, (dep = { key: p[at + 1]!, inherited: false }));
    return { dep, field: p.slice(at + 2) };
  };
  readToml(text, {
    table: (p) => void declare(p),
    value(p, value) {
      const declared = declare(p);
      if (!declared) return;
      const { dep, field } = declared;
      const name = field.length === 0 ? 'version' : field.length === 1 ? field[0]!.name : '';
      if (name === 'version' && value.kind === 'string') dep.requirement = value.text;
      else if (name === 'package' && value.kind === 'string') dep.package = value;
      else if (name === 'workspace' && value.kind === 'scalar' && value.text === 'true') dep.inherited = true;
    },
  });
  const out: Detection[] = [];
  for (const dep of deps.values()) {
    const lib = findLibrary('cargo', dep.package?.text ?? dep.key.name);
    if (!lib) continue;
    const version = dep.inherited ? undefined : pinnedVersion(dep.requirement);
    const at = dep.package?.at ?? dep.key.at;
    out.push(libraryDetection('cargo', lib, lib.name, version, occurrenceAt(index, path, at, ID, lib.name)));
  }
  return out;
}

/** Cargo.lock: each `[[package]]` table names one resolved crate (`name`, `version`, `source`, …). */
function cargoLock(path: string, text: string, index: LineIndex): Detection[] {
  const packages: { name?: TomlValue; version?: string }[] = [];
  readToml(text, {
    table: (p, array) => {
      if (array && p.length === 1 && p[0]!.name === 'package') packages.push({});
    },
    value(p, value) {
      const pkg = packages[packages.length - 1];
      if (!pkg || p.length !== 2 || p[0]!.name !== 'package' || value.kind !== 'string') return;
      if (p[1]!.name === 'name') pkg.name = value;
      else if (p[1]!.name === 'version') pkg.version = value.text;
    },
  });
  const out: Detection[] = [];
  for (const pkg of packages) {
    const lib = pkg.name && findLibrary('cargo', pkg.name.text);
    if (lib) out.push(libraryDetection('cargo', lib, lib.name, exactVersion(pkg.version), occurrenceAt(index, path, pkg.name!.at, ID, lib.name)));
  }
  return out;
}

export const cargoManifestDetector: Detector = {
  id: ID,
  // Every Cargo.toml/Cargo.lock is read, as PyPI manifests are: the short crate names (`ring`, `age`,
  // `des`) are inside `string`, `package` and `description`, so as keywords they dropped no manifest and,
  // in the union of all detectors' keywords, matched nearly every file of any language.
  keywords: [],
  appliesTo: (path) => {
    const name = baseName(path);
    return name === 'Cargo.toml' || name === 'Cargo.lock';
  },
  detect(file): Detection[] {
    const text = file.content.toString('latin1');
    const index = new LineIndex(text);
    return baseName(file.path) === 'Cargo.lock' ? cargoLock(file.path, text, index) : cargoToml(file.path, text, index);
  },
};
