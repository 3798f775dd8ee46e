// Python constants that cross files (detectors/cross-file.ts). Declared: a module's top-level
// assignments under `module.NAME` (the file's stem, or the package's folder for `__init__.py`), and a
// class body's under `Class.NAME`, as other files write them (`settings.HASH_NAME`, `Crypto.CIPHER`,
// or a bare `HASH` after `from .settings import HASH`). Read: `from M import NAME` (importedOwner),
// `import a.settings as S` and `from a import settings as S` (moduleAlias), and `from M import NAME
// as H`, which binds `H` in the file's symbol table (adapter.ts) to the import, read here.
import type { SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { asConstant, constantKey, type ConstantValue } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { UNKNOWN, type Value } from '../common/value.js';
import { libraryOf } from './imports.js';

/**
 * Standard-library modules the detector reads (and a few more that hold no constants of the
 * project): names imported from them are the library's, not another file's constants.
 */
const STDLIB = new Set([
  'hashlib', 'hmac', 'ssl', 'secrets', 'os', 'random', 'base64', 'binascii', 'typing', '__future__', 'sys', 'enum', 'dataclasses', 'collections', 'functools',
]);

/** The module a file is to other files: `settings.py` is `settings`, `pkg/__init__.py` is `pkg`. */
export function pythonModuleOwner(path: string): string | undefined {
  const parts = path.split('/');
  const base = parts[parts.length - 1]!;
  const stem = base.replace(/\.pyw?$/, '');
  if (stem === '__init__') return parts.length > 1 ? parts[parts.length - 2] : undefined;
  return stem || undefined;
}

/** Whether a `from M import …` may bring the project's own constants: relative, or from no library the detector knows. */
export function fromProject(statement: SgNode): boolean {
  const module = statement.field('module_name');
  if (!module) return false;
  if (kindOf(module) === 'relative_import') return true;
  const mod = module.text().replace(/\s+/g, '');
  return libraryOf(mod) === undefined && !STDLIB.has(mod.split('.')[0]!);
}

/**
 * The owner of the names a `from M import …` brings, as other files' declarations name it: M's last
 * part (`from app.settings import` → `settings`, `from ..conf.settings import` → `settings`), or for a
 * bare relative `from . import X` the package the dots name: the file's folder (one dot), its parent
 * (two), and so on.
 */
export function fromImportOwner(statement: SgNode, path: string): string | undefined {
  const module = statement.field('module_name');
  if (!module) return undefined;
  let dotted = module;
  if (kindOf(module) === 'relative_import') {
    const named = module.namedChildren().find((c) => kindOf(c) === 'dotted_name');
    if (!named) {
      const dots = module.text().replace(/[^.]/g, '').length;
      const folders = path.split('/').slice(0, -1);
      return dots >= 1 && dots <= folders.length ? folders[folders.length - dots] : undefined;
    }
    dotted = named;
  }
  const parts = dotted.text().replace(/\s+/g, '').split('.');
  return parts[parts.length - 1] || undefined;
}

/** The names a file's imports bring from other files of the project (LanguageAdapter.importedOwner, moduleAlias). */
export class PythonConstantImports {
  /** Bare name → the owners `from M import NAME` statements bring it from (several when the file imports it twice). */
  private readonly owners = new Map<string, string[]>();
  /** Local name → the module it stands for, where an alias renames it (`import app.settings as S`). */
  private readonly modules = new Map<string, string>();

  constructor(statements: readonly SgNode[], private readonly path: string) {
    for (const imp of statements) {
      if (kindOf(imp) === 'import_statement') {
        for (const c of imp.namedChildren()) {
          if (kindOf(c) !== 'aliased_import') continue;
          const name = c.field('name')?.text().replace(/\s+/g, '');
          const alias = c.field('alias')?.text();
          if (name && alias) this.modules.set(alias, name.split('.').pop()!);
        }
        continue;
      }
      if (!fromProject(imp)) continue;
      const owner = fromImportOwner(imp, path);
      const moduleId = imp.field('module_name')?.id();
      for (const c of imp.namedChildren()) {
        if (c.id() === moduleId) continue;
        if (kindOf(c) === 'dotted_name') {
          if (owner) push(this.owners, c.text(), owner);
        } else if (kindOf(c) === 'aliased_import') {
          // `from app import settings as S`: `S.HASH` is `settings.HASH` when `settings` is a module.
          const name = c.field('name')?.text().replace(/\s+/g, '');
          const alias = c.field('alias')?.text();
          if (name && alias) this.modules.set(alias, name);
        }
      }
    }
  }

  /** The owners a `from M import NAME` (not renamed) brings a bare name from. */
  importedOwner(name: string): readonly string[] | undefined {
    return this.owners.get(name);
  }

  /** The module a renamed import makes a local name stand for. */
  moduleAlias(name: string): string | undefined {
    return this.modules.get(name);
  }

  /**
   * The constant a renamed `from M import NAME as H` gives `H` (the binding's value is the
   * aliased_import node): M's `NAME`, unknown when no file declares it.
   */
  renamedValue(aliased: SgNode, crossFile: CrossFile | undefined): Value {
    const statement = aliased.parent();
    const name = aliased.field('name')?.text().replace(/\s+/g, '');
    if (!crossFile || !statement || !name || name.includes('.')) return UNKNOWN;
    const owner = fromImportOwner(statement, this.path);
    return (owner && crossFile.lookup(constantKey(owner, name))) || UNKNOWN;
  }
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

/**
 * Top-level and class-body assignments, and what makes a name no constant: an augmented assignment
 * outside functions, a `global` statement (a function may reassign it). One native query; functions'
 * assignments are left out by it.
 */
const DECLARATIONS = {
  rule: {
    any: [
      { kind: 'assignment', not: { inside: { kind: 'function_definition', stopBy: 'end' as const } } },
      { kind: 'augmented_assignment', not: { inside: { kind: 'function_definition', stopBy: 'end' as const } } },
      { kind: 'global_statement' },
    ],
  },
};

const LOOPS = new Set(['for_statement', 'while_statement']);

/**
 * Declares the constants of a Python file: `NAME = <expr>` (and `NAME: T = <expr>`, `A = B = <expr>`)
 * at module level, `if`/`try` blocks included, under the module; in a class body under the class. A
 * name assigned a value that does not cross files (unknown, a list), assigned in a loop, changed by
 * `+=` or named in a `global` statement is none; one assigned different values (an `if` and its
 * `else`) is dropped by CrossFile.declare.
 */
export function declarePythonConstants(root: SgNode, ev: Evaluator, crossFile: CrossFile, path: string): void {
  const module = pythonModuleOwner(path);
  const values: [string, ConstantValue][] = [];
  const none = new Set<string>();
  for (const node of root.findAll(DECLARATIONS)) {
    const kind = kindOf(node);
    if (kind === 'global_statement') {
      if (module) for (const id of node.namedChildren()) if (kindOf(id) === 'identifier') none.add(constantKey(module, id.text()));
      continue;
    }
    let owner = module;
    let loop = false;
    for (const a of node.ancestors()) {
      const k = kindOf(a);
      if (LOOPS.has(k)) loop = true;
      else if (k === 'class_definition') {
        owner = a.field('name')?.text();
        break;
      }
    }
    const left = node.field('left');
    if (!owner || !left) continue;
    if (kindOf(left) !== 'identifier') {
      // `A, B = f()`: none of them is known to be a constant.
      if (kindOf(left) === 'pattern_list' || kindOf(left) === 'tuple_pattern') for (const id of left.namedChildren()) if (kindOf(id) === 'identifier') none.add(constantKey(owner, id.text()));
      continue;
    }
    const key = constantKey(owner, left.text());
    if (kind === 'augmented_assignment' || loop) {
      none.add(key);
      continue;
    }
    // Chained `A = B = "x"`: the inner assignment is matched too, for `B`.
    let value = node.field('right');
    while (value && kindOf(value) === 'assignment') value = value.field('right');
    // `HASH: str` declares no value.
    if (!value) continue;
    const c = asConstant(ev.evalOwn(value));
    if (c) values.push([key, c]);
    else none.add(key);
  }
  for (const [key, value] of values) if (!none.has(key)) crossFile.declare(key, value);
}
