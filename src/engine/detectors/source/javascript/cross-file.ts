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
// - a package's objects re-exported (`export { ml_kem768 } from '@noble/post-quantum/ml-kem.js'`), as
//   that package's member (`@noble/post-quantum/ml-kem.js:ml_kem768`), for packageImports;
// `export let`/`var`, `export default`, re-exports of the project's modules (`export { X } from './x'`:
// one hop) are left out.
import type { SgNode } from '@ast-grep/napi';
import { constantKey, type CrossFile } from '../../cross-file.js';
import type { Evaluator } from '../common/evaluate.js';
import { jsString, normaliseModule, propertyKey, type ImportRef, type JsIndex } from './resolve.js';

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

/**
 * The file's exported constants, declared into `crossFile`, from the nodes the file's index already
 * holds (`export` statements, assignments): a query of its own cost a fifth of the parse.
 */
export function declareJsConstants(index: JsIndex, text: string, path: string, ev: Evaluator, crossFile: CrossFile): void {
  const owner = moduleOwner(path);
  if (owner !== undefined && COMMONJS_EXPORT.test(text)) {
    for (const a of index.assignments) {
      const left = a.field('left');
      if (left && /^(module\s*\.\s*)?exports\b/.test(left.text())) commonJsExport(a, owner, ev, crossFile);
    }
  }
  // Modules export many functions and schemas and few constants: every node method crosses into
  // native code, so the statements are read only when the text shows a candidate, and each is
  // turned away on its declaration's kind before anything else is fetched.
  const constants = CONSTANT_EXPORT.test(text);
  const clauses = EXPORT_CLAUSE.test(text);
  const enums = ENUM_EXPORT.test(text);
  if (!constants && !clauses && !enums) return;
  for (const node of index.exports) {
    const declaration = node.field('declaration');
    const dk = declaration?.kind() as string | undefined;
    if (dk === undefined ? !clauses : dk === 'lexical_declaration' ? !constants : dk === 'enum_declaration' ? !enums : true) continue;
    if ((node.parent()?.kind() as string) !== 'program') continue;
    const source = node.field('source');
    if (source) {
      // `export { X } from './x'` re-exports another module's constant (one hop, left out); a package's
      // export is declared as that package's member, so an import of it through this module names it.
      if (!declaration && owner !== undefined) packageReexports(node, source, owner, crossFile);
      continue;
    }
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
        const value = m.field('value');
        if (name && key && value) declareValue(constantKey(name, key), value, ev, crossFile);
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

/**
 * `export { ml_kem768 } from '@noble/post-quantum/ml-kem.js'` (also `as OTHER`): a module of the project
 * that hands out a package's objects (openpgpjs gathers its dynamically imported post-quantum code so);
 * `noble_post_quantum.ml_kem768` is declared as `@noble/post-quantum/ml-kem.js:ml_kem768`, which
 * packageImports puts in place of the import of the local module in the files importing it.
 */
function packageReexports(node: SgNode, source: SgNode, owner: string, crossFile: CrossFile): void {
  const spec = (source.kind() as string) === 'string' ? jsString(source) : undefined;
  if (spec === undefined || isLocalModule(spec)) return;
  const clause = node.namedChildren().find((c) => (c.kind() as string) === 'export_clause');
  for (const s of clause?.namedChildren() ?? []) {
    const name = s.field('name')?.text();
    const exported = s.field('alias')?.text() ?? name;
    if (!name || !exported || name === 'default' || exported === 'default') continue;
    const ref = normaliseModule(spec, name, false);
    crossFile.declare(constantKey(owner, exported), { kind: 'member', path: `${ref.module}:${ref.member ?? name}` });
  }
}

/**
 * Named imports of the project's modules that are a package's objects re-exported there
 * (packageReexports): `const { ml_kem768 } = await import('../noble_post_quantum.ts')` becomes the
 * import of `ml_kem768` from `@noble/post-quantum/ml-kem.js`, so every handler reads it as the
 * package's. Namespace imports (`pq.ml_kem768.keygen`) are not followed.
 */
export function packageImports(imports: Map<string, ImportRef>, crossFile: CrossFile): void {
  for (const [local, ref] of imports) {
    if (!ref.member || ref.whole || !isLocalModule(ref.module)) continue;
    const owner = moduleOwner(ref.module);
    const v = owner === undefined ? undefined : crossFile.lookup(constantKey(owner, ref.member));
    if (v?.kind !== 'member') continue;
    const colon = v.path.indexOf(':');
    if (colon <= 0 || isLocalModule(v.path)) continue;
    imports.set(local, { module: v.path.slice(0, colon), member: v.path.slice(colon + 1) });
  }
}

/** One exported constant: its value under the module, the properties of an object literal under its name. */
function exportConstant(name: string, value: SgNode | null | undefined, owner: string | undefined, ev: Evaluator, crossFile: CrossFile): void {
  if (!value) return;
  const object = unwrap(value);
  if ((object.kind() as string) === 'object') objectMembers(name, object, ev, crossFile);
  else if (owner !== undefined) declareValue(constantKey(owner, name), value, ev, crossFile);
}

/**
 * Expressions a constant's value is read from: literals and what combines them. A function, a call
 * or a `new` is no constant another file names an algorithm by, and evaluating a call looks into the
 * file's functions and their call sites (most of `export const` in a codebase are functions).
 */
const CONSTANT_EXPRESSIONS = new Set([
  'string', 'template_string', 'number', 'true', 'false', 'binary_expression', 'parenthesized_expression',
  'unary_expression', 'identifier', 'member_expression', 'as_expression', 'satisfies_expression', 'non_null_expression',
]);

function declareValue(key: string, value: SgNode, ev: Evaluator, crossFile: CrossFile): void {
  if (CONSTANT_EXPRESSIONS.has(value.kind() as string)) crossFile.declare(key, ev.evalOwn(value));
}

/** An assignment to `module.exports` or to one of its properties. */
const COMMONJS_EXPORT = /(?:^|[^.\w$])(?:module\s*\.\s*)?exports(?:\s*\.\s*[A-Za-z_$][\w$]*)?\s*=(?!=)/m;
/**
 * `export const NAME = <something a constant is read from>` (CONSTANT_EXPRESSIONS: a literal, an
 * object, a name or member not called, a parenthesised expression that is no arrow's parameters).
 */
const CONSTANT_EXPORT = /^[ \t]*export\s+const\s+[A-Za-z_$][\w$]*\s*(?::[^=\n]+)?=\s*(?:['"`\d{!+-]|true\b|false\b|[A-Za-z_$][\w$.]*\s*(?:[;,)\n+*/-]|as\b|satisfies\b|$))/m;
/** `export { A, B as C }` of the file's own names. */
const EXPORT_CLAUSE = /^[ \t]*export\s*(?:type\s*)?\{/m;
/** `export enum` / `export const enum`. */
const ENUM_EXPORT = /^[ \t]*export\s+(?:declare\s+)?(?:const\s+)?enum\b/m;

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
      if (key && value && (unwrap(value).kind() as string) !== 'object') declareValue(constantKey(owner, key), value, ev, crossFile);
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
