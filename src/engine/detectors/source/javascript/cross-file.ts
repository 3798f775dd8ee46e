// The constants a JavaScript/TypeScript module exports for other files, and the module an import of
// the project's own reaches (detectors/cross-file.ts).
//
// Declared, under the module's name (its file name without the extension; `index` files by their
// folder's name, which is what `import … from './crypto'` names):
// - `export const NAME = …` and `export { NAME }` / `export { NAME as OTHER }` of a top-level
//   `const` (`constants.NAME`);
// - CommonJS `module.exports = { NAME: … }`, `exports.NAME = …`, `module.exports.NAME = …`;
// and under the object's or enum's own name, as other files write them after importing it:
// - the properties of an exported object literal (`export const CRYPTO = { algorithm: … }` is
//   `CRYPTO.algorithm`), one level;
// - the initialised members of an exported TypeScript `enum` / `const enum` (`Alg.Hash`).
// `export let`/`var`, `export default`, re-exports (`export { X } from './x'`: one hop) are left out.
import type { SgNode } from '@ast-grep/napi';
import { constantKey, type CrossFile } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import { propertyKey } from './resolve.js';

/**
 * Whether an import names a module of the project rather than a package: a relative or absolute
 * path, or the common source-root aliases (`@/lib/constants`, `~/config`, `#config` subpath imports).
 */
export function isLocalModule(spec: string): boolean {
  return /^(\.{1,2}(\/|$)|\/|@\/|~\/|#)/.test(spec);
}

const EXTENSION = /\.(?:[cm]?[jt]sx?)$/;

/** The owner a module's constants are declared under, from a path or an import specifier: the file name without extension, `index` by its folder. */
export function moduleOwner(path: string): string | undefined {
  const parts = path.replace(/\/+$/, '').split('/');
  let last = parts.pop()!.replace(EXTENSION, '');
  if (last === 'index') last = parts.pop() ?? '';
  // `.`, `..` and `#config` name no file by themselves.
  if (last === '' || last === '.' || last === '..') return undefined;
  return last.replace(/^#/, '') || undefined;
}

/** The file's exported constants, declared into `crossFile` (one query per file). */
export function declareJsConstants(root: SgNode, text: string, path: string, ev: Evaluator, crossFile: CrossFile): void {
  const cjs = /\bexports\b/.test(text);
  if (!cjs && !/\bexport\b/.test(text)) return;
  const owner = moduleOwner(path);
  const rules: Record<string, unknown>[] = [{ kind: 'export_statement' }];
  if (cjs) rules.push({ kind: 'assignment_expression', has: { field: 'left', regex: '^(module\\s*\\.\\s*)?exports\\b' } });
  for (const node of root.findAll({ rule: { any: rules } } as Parameters<SgNode['findAll']>[0])) {
    if ((node.kind() as string) === 'assignment_expression') {
      if (owner !== undefined) commonJsExport(node, owner, ev, crossFile);
      continue;
    }
    // `export { X } from './x'` re-exports another module's (one hop); exports inside a TS namespace are its own.
    if (node.field('source') || (node.parent()?.kind() as string) !== 'program') continue;
    const declaration = node.field('declaration');
    const dk = declaration?.kind() as string | undefined;
    if (dk === 'lexical_declaration' && declaration!.child(0)?.text() === 'const') {
      for (const d of declaration!.namedChildren()) {
        const name = d.field('name');
        if ((d.kind() as string) !== 'variable_declarator' || (name?.kind() as string) !== 'identifier') continue;
        exportConstant(name!.text(), d.field('value'), owner, ev, crossFile);
      }
    } else if (dk === 'enum_declaration') {
      const name = declaration!.field('name')?.text();
      for (const m of declaration!.field('body')?.namedChildren() ?? []) {
        if ((m.kind() as string) !== 'enum_assignment') continue;
        const key = propertyKey(m.field('name'));
        if (name && key) crossFile.declare(constantKey(name, key), ev.evalOwn(m.field('value')));
      }
    } else if (!declaration && owner !== undefined) {
      // `export { HASH, CRYPTO as CONFIG }`: the file's own top-level constants under their exported names.
      const clause = node.namedChildren().find((c) => (c.kind() as string) === 'export_clause');
      for (const s of clause?.namedChildren() ?? []) {
        const local = s.field('name');
        const exported = s.field('alias')?.text() ?? local?.text();
        if ((local?.kind() as string) !== 'identifier' || !exported || exported === 'default') continue;
        const b = ev.bindingOf(local!);
        // Only a module-level `const` (a `let` may be reassigned anywhere).
        const decl = b?.value?.parent();
        if (!b?.member || (decl?.kind() as string) !== 'variable_declarator' || decl!.field('name')?.text() !== local!.text()) continue;
        if (decl!.parent()?.child(0)?.text() !== 'const') continue;
        exportConstant(exported, b.value, owner, ev, crossFile);
      }
    }
  }
}

/** One exported constant: its value under the module, the properties of an object literal under its name. */
function exportConstant(name: string, value: SgNode | null | undefined, owner: string | undefined, ev: Evaluator, crossFile: CrossFile): void {
  if (!value) return;
  const object = unwrap(value);
  if ((object.kind() as string) === 'object') objectMembers(name, object, ev, crossFile);
  else if (owner !== undefined) crossFile.declare(constantKey(owner, name), ev.evalOwn(value));
}

/** `module.exports = { … }`, `module.exports.NAME = …`, `exports.NAME = …`. */
function commonJsExport(assignment: SgNode, owner: string, ev: Evaluator, crossFile: CrossFile): void {
  const left = assignment.field('left');
  const right = assignment.field('right');
  if (!left || !right) return;
  const path = left.text().replace(/\s+/g, '');
  if (path === 'module.exports') {
    const object = unwrap(right);
    if ((object.kind() as string) === 'object') objectMembers(owner, object, ev, crossFile);
    return;
  }
  const m = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/.exec(path);
  if (m) exportConstant(m[1]!, right, owner, ev, crossFile);
}

/** The properties of an object literal under `owner` (`a: 'x'`, `'a': 'x'`, shorthand `a`). */
function objectMembers(owner: string, object: SgNode, ev: Evaluator, crossFile: CrossFile): void {
  for (const p of object.namedChildren()) {
    const k = p.kind() as string;
    if (k === 'pair') {
      const key = propertyKey(p.field('key'));
      const value = p.field('value');
      if (key && value && (unwrap(value).kind() as string) !== 'object') crossFile.declare(constantKey(owner, key), ev.evalOwn(value));
    } else if (k === 'shorthand_property_identifier') crossFile.declare(constantKey(owner, p.text()), ev.evalOwn(p));
  }
}

/** The expression inside `as const`, `satisfies T`, parentheses. */
function unwrap(node: SgNode): SgNode {
  let cur = node;
  while (['as_expression', 'satisfies_expression', 'parenthesized_expression', 'non_null_expression'].includes(cur.kind() as string)) {
    const inner = cur.namedChildren()[0];
    if (!inner) break;
    cur = inner;
  }
  return cur;
}
