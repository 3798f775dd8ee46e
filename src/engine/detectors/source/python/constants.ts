// Python constants that cross files (detectors/cross-file.ts). Declared: a module's top-level
// assignments under `module.NAME` (the file's stem, or the package's folder for `__init__.py`), and a
// class body's under `Class.NAME`, as other files write them (`settings.HASH_NAME`, `Crypto.CIPHER`,
// or a bare `HASH` after `from .settings import HASH`). Read: `from M import NAME` (importedOwner),
// `import a.settings as S` and `from a import settings as S` (moduleAlias), and `from M import NAME
// as H`, whose bare `H` is M's `NAME` (importedOwner with the original name).
import type { SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { asConstant, constantKey, type ConstantValue } from '../../cross-file.js';
import { Evaluator, type ImportedFrom } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { nodeSpan } from '../common/scopes.js';
import { SymbolTable, type Binding, type Scope } from '../common/symbols.js';
import type { Value } from '../common/value.js';
import { fromImportOwner, fromProject, isLibraryModule } from './imports.js';
import { pythonAdapter } from './adapter.js';

/** The module a file is to other files: `settings.py` is `settings`, `pkg/__init__.py` is `pkg`. */
export function pythonModuleOwner(path: string): string | undefined {
  const parts = path.split('/');
  const base = parts[parts.length - 1]!;
  const stem = base.replace(/\.pyw?$/, '');
  if (stem === '__init__') return parts.length > 1 ? parts[parts.length - 2] : undefined;
  return stem || undefined;
}

/** The names a file's imports bring from other files of the project (LanguageAdapter.importedOwner, moduleAlias). */
export class PythonConstantImports {
  /** Bare name → the owners `from M import NAME` statements bring it from (several when the file imports it twice). */
  private readonly owners = new Map<string, ImportedFrom[]>();
  /** Local name → the module it stands for, where an alias renames it (`import app.settings as S`). */
  private readonly modules = new Map<string, string>();
  /** Alias → where a `from M import NAME as H` of the project brings it from (undefined: imported twice). */
  private readonly aliases = new Map<string, { owner: string; name: string } | undefined>();
  /** Local names an import binds to a library's module or member (`hashlib`, `AES` from `Crypto.Cipher`). */
  private readonly library = new Set<string>();

  constructor(statements: readonly SgNode[], path: string) {
    for (const imp of statements) {
      if (kindOf(imp) === 'import_statement') {
        for (const c of imp.namedChildren()) {
          if (kindOf(c) === 'dotted_name') {
            const name = c.text().replace(/\s+/g, '');
            if (isLibraryModule(name)) this.library.add(name.split('.')[0]!);
            continue;
          }
          if (kindOf(c) !== 'aliased_import') continue;
          const name = c.field('name')?.text().replace(/\s+/g, '');
          const alias = c.field('alias')?.text();
          if (!name || !alias) continue;
          this.modules.set(alias, name.split('.').pop()!);
          if (isLibraryModule(name)) this.library.add(alias);
        }
        continue;
      }
      if (!fromProject(imp)) {
        const moduleId = imp.field('module_name')?.id();
        for (const c of imp.namedChildren()) {
          if (c.id() === moduleId) continue;
          const local = kindOf(c) === 'aliased_import' ? c.field('alias')?.text() : kindOf(c) === 'dotted_name' ? c.text() : undefined;
          if (local) this.library.add(local);
        }
        continue;
      }
      const owner = fromImportOwner(imp, path);
      const moduleId = imp.field('module_name')?.id();
      for (const c of imp.namedChildren()) {
        if (c.id() === moduleId) continue;
        if (kindOf(c) === 'dotted_name') {
          if (owner) push(this.owners, c.text(), owner);
        } else if (kindOf(c) === 'aliased_import') {
          // `from app import settings as S`: `S.HASH` is `settings.HASH` when `settings` is a module,
          // and a bare `S` is app's constant `settings` when it is a name.
          const name = c.field('name')?.text().replace(/\s+/g, '');
          const alias = c.field('alias')?.text();
          if (!name || !alias) continue;
          this.modules.set(alias, name);
          const from = owner && !name.includes('.') ? { owner, name } : undefined;
          this.aliases.set(alias, this.aliases.has(alias) ? undefined : from);
        }
      }
    }
  }

  /**
   * A library's constant (`AES.MODE_GCM` after `from Crypto.Cipher import AES`) is the symbol the
   * handlers match, as it is without other files' constants: not a value a vendored copy of the
   * library declares (LanguageAdapter.constant).
   */
  libraryConstant(path: string): Value | undefined {
    const root = path.slice(0, path.indexOf('.'));
    return root && this.library.has(root) ? { kind: 'member', path } : undefined;
  }

  /**
   * The owners a `from M import NAME` brings a bare name from; for `H` of `from M import NAME as H`
   * (imported so once), M's `NAME`.
   */
  importedOwner(name: string): ImportedFrom | readonly ImportedFrom[] | undefined {
    return this.owners.get(name) ?? this.aliases.get(name);
  }

  /** The module a renamed import makes a local name stand for. */
  moduleAlias(name: string): string | undefined {
    return this.modules.get(name);
  }
}

function push(map: Map<string, ImportedFrom[]>, key: string, value: string): void {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

const OUTSIDE_FUNCTIONS = { not: { inside: { kind: 'function_definition', stopBy: 'end' as const } } };

/**
 * The nodes declarePythonConstants reads: assignments to names outside functions; what makes a name
 * no constant (an augmented assignment outside functions, a `global` statement: a function may
 * reassign it); and the classes and loops outside functions, whose spans tell an assignment's owner
 * and whether it repeats (no walk up from each assignment). Disjoint from the detector's own rules
 * (which match assignments to attributes), so the detector adds them to its one native query (index.ts).
 */
export const PY_DECLARATION_RULES = [
  { kind: 'assignment', has: { field: 'left', any: [{ kind: 'identifier' }, { kind: 'pattern_list' }, { kind: 'tuple_pattern' }] }, ...OUTSIDE_FUNCTIONS },
  { kind: 'augmented_assignment', ...OUTSIDE_FUNCTIONS },
  { kind: 'global_statement' },
  { kind: 'class_definition', ...OUTSIDE_FUNCTIONS },
  { kind: 'for_statement', ...OUTSIDE_FUNCTIONS },
  { kind: 'while_statement', ...OUTSIDE_FUNCTIONS },
];

const STRUCTURE = new Set(['global_statement', 'augmented_assignment', 'class_definition', 'for_statement', 'while_statement']);
const DECLARED_TARGETS = new Set(['identifier', 'pattern_list', 'tuple_pattern']);

/** Whether a node the detector's query found is one of PY_DECLARATION_RULES'. */
export function isPythonDeclaration(node: SgNode): boolean {
  const k = kindOf(node);
  if (STRUCTURE.has(k)) return true;
  const left = k === 'assignment' ? node.field('left') : null;
  return !!left && DECLARED_TARGETS.has(kindOf(left));
}

/** Values that never cross files (cross-file.ts keeps strings, integers and booleans): not evaluated. */
const COLLECTIONS = new Set([
  'list', 'tuple', 'dictionary', 'set', 'list_comprehension', 'dictionary_comprehension', 'set_comprehension', 'generator_expression', 'lambda',
]);

interface Declaration {
  key: string;
  name: string;
  /** The class for a class attribute (undefined: the module's). */
  owner?: string;
  scope: Scope;
  value: SgNode | null;
  at: number;
  /** Changed by an augmented assignment, or assigned in a loop: no constant. */
  changed: boolean;
}

/** Calls whose value may be a string or number the adapter computes (`str(n)`, `"SHA256".lower()`); other calls' are unknown. */
const VALUE_CALL = /^(?:int|str)$|\.(?:upper|lower)$/;

/**
 * Whether a value is worth evaluating: not a collection, and not a call other than VALUE_CALL's (most
 * module-level calls make objects: `logging.getLogger(…)`, `re.compile(…)`, `TypeVar(…)`).
 */
function mayBeConstant(value: SgNode): boolean {
  const k = kindOf(value);
  if (COLLECTIONS.has(k)) return false;
  return k !== 'call' || VALUE_CALL.test(value.field('function')?.text() ?? '');
}

/**
 * Declares the constants of a Python file from its PY_DECLARATION_RULES nodes: `NAME = <expr>` (and
 * `NAME: T = <expr>`, `A = B = <expr>`) at module level, `if`/`try` blocks included, under the module;
 * in a class body under the class. A name assigned a value that does not cross files (unknown, a
 * list), assigned in a loop, changed by `+=` or named in a `global` statement is none; one assigned
 * different values (an `if` and its `else`) is dropped by CrossFile.declare.
 */
export function declarePythonConstants(root: SgNode, nodes: readonly SgNode[], crossFile: CrossFile, path: string): void {
  const module = pythonModuleOwner(path);
  const file = nodeSpan(root);
  const declarations: Declaration[] = [];
  const none = new Set<string>();
  // Classes and loops come before what they hold (document order): the innermost class is the last one open.
  const classes: { span: Scope; node: SgNode; name?: string | undefined }[] = [];
  const loops: Scope[] = [];
  for (const node of nodes) {
    const kind = kindOf(node);
    if (kind === 'global_statement') {
      if (module) for (const id of node.namedChildren()) if (kindOf(id) === 'identifier') none.add(constantKey(module, id.text()));
      continue;
    }
    if (kind === 'class_definition') {
      classes.push({ span: nodeSpan(node), node });
      continue;
    }
    if (kind === 'for_statement' || kind === 'while_statement') {
      loops.push(nodeSpan(node));
      continue;
    }
    const span = nodeSpan(node);
    const within = (s: Scope): boolean => s.start <= span.start && span.end <= s.end;
    const cls = classes.findLast((c) => within(c.span));
    const loop = loops.some(within);
    if (cls && !('name' in cls)) cls.name = cls.node.field('name')?.text();
    const owner = cls ? cls.name : module;
    const left = node.field('left');
    if (!owner || !left) continue;
    if (kindOf(left) !== 'identifier') {
      // `A, B = f()`: none of them is known to be a constant.
      for (const id of left.namedChildren()) if (kindOf(id) === 'identifier') none.add(constantKey(owner, id.text()));
      continue;
    }
    // Chained `A = B = "x"`: the inner assignment is matched too, for `B`.
    let value = kind === 'assignment' ? node.field('right') : null;
    while (value && kindOf(value) === 'assignment') value = value.field('right');
    // `HASH: str` declares no value.
    if (kind === 'assignment' && !value) continue;
    const name = left.text();
    declarations.push({
      key: constantKey(owner, name), name, ...(cls ? { owner } : {}), scope: cls ? cls.span : file, value, at: span.end,
      changed: loop || kind === 'augmented_assignment',
    });
  }
  if (declarations.length === 0) return;
  const ev = new Evaluator(pythonAdapter, () => new SymbolTable(constantBindings(declarations)));
  const values: [string, ConstantValue][] = [];
  for (const d of declarations) {
    const c = d.changed || !d.value || !mayBeConstant(d.value) ? undefined : asConstant(ev.evalOwn(d.value));
    if (c) values.push([d.key, c]);
    else none.add(d.key);
  }
  for (const [key, value] of values) if (!none.has(key)) crossFile.declare(key, value);
}

/**
 * What a constant's value may read: the module's and the class's other assignments (a value outside
 * functions reads no locals), so no bindings of the whole file are collected. A name assigned more
 * than once in its scope (`if`/`else` arms, a reassignment) or changed reads as unknown: without the
 * file's branches, which value reaches the reader is not known.
 */
export function constantBindings(declarations: readonly { name: string; owner?: string; scope: Scope; value: SgNode | null; at: number; changed: boolean }[]): Binding[] {
  const count = new Map<string, number>();
  const id = (d: { name: string; scope: Scope }): string => `${d.scope.start}:${d.name}`;
  for (const d of declarations) count.set(id(d), (count.get(id(d)) ?? 0) + (d.changed ? 2 : 1));
  return declarations.map((d) => ({
    name: d.name, ...(d.owner ? { owner: d.owner } : {}), value: count.get(id(d)) === 1 ? d.value : null, visibleFrom: d.at, scope: d.scope, member: d.owner !== undefined,
  }));
}
