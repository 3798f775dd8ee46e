// Ruby constants that cross files (detectors/cross-file.ts). Declared: `NAME = <expr>` in a `module`
// or `class` body (blocks and `if`s in it included) under the innermost module or class as written
// (`Acme::CryptoConfig` is `CryptoConfig`), `Owner::NAME = <expr>` under `Owner`, and a top-level
// constant, which Ruby makes a constant of `Object` visible everywhere, under `Object`. Read:
// `CryptoConfig::CIPHER` and `Acme::CryptoConfig::CIPHER` by the Evaluator's member branch (the
// reference's last two parts), `::CIPHER` from `Object`, and a bare `CIPHER` from the places Ruby
// looks it up in: the modules and classes around it (a reopened `module CryptoConfig`), the
// innermost class's superclass and the modules it includes, and `Object`.
import type { SgNode } from '@ast-grep/napi';
import type { CrossFile } from '../../cross-file.js';
import { asConstant, constantKey, type ConstantValue } from '../../cross-file.js';
import { Evaluator } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { nodeSpan } from '../common/scopes.js';
import { SymbolTable, type Binding, type Scope } from '../common/symbols.js';
import { RubyAdapter, constPath } from './resolve.js';

/** The owner of top-level constants: Ruby defines them on `Object`. */
export const TOP_LEVEL = 'Object';

const OWNER_KINDS = new Set(['class', 'module']);
/** Where a constant cannot be assigned (Ruby: dynamic constant assignment) or belongs to no name other files write. */
const NO_OWNER = new Set(['method', 'singleton_method', 'singleton_class', 'lambda']);
const LOOPS = new Set(['while', 'until', 'for', 'while_modifier', 'until_modifier']);

const CONSTANT_TARGET = { field: 'left', any: [{ kind: 'constant' }, { kind: 'scope_resolution' }] };
/**
 * The nodes declareRubyConstants reads: constant assignments, and `||=`/`+=` on constants, which make a
 * name no constant. Disjoint from the detector's own rules (setters and `[]=` assignments), so the
 * detector adds them to its one native query (index.ts).
 */
export const RB_DECLARATION_RULES = [
  { kind: 'assignment', has: CONSTANT_TARGET },
  { kind: 'operator_assignment', has: CONSTANT_TARGET },
];

/** Whether a node the detector's query found is one of RB_DECLARATION_RULES'. */
export function isRubyDeclaration(node: SgNode): boolean {
  const k = kindOf(node);
  if (k !== 'assignment' && k !== 'operator_assignment') return false;
  const left = node.field('left');
  return !!left && (kindOf(left) === 'constant' || kindOf(left) === 'scope_resolution');
}

/** The last part of a class or module's name (`class Acme::CryptoConfig` is `CryptoConfig`). */
function declaredName(decl: SgNode): string | undefined {
  const path = constPath(decl.field('name'));
  return path?.split('::').pop();
}

interface Declaration {
  key: string;
  value: SgNode | null;
  /** Changed by an operator assignment, or assigned in a loop: no constant. */
  changed: boolean;
}

/**
 * Declares the constants of a Ruby file from its RB_DECLARATION_RULES nodes. A name assigned a value
 * that does not cross files, in a loop, or changed by an operator assignment is none; one assigned
 * different values (an `if` and its `else`) is dropped by CrossFile.declare. Values are read with the
 * file's constants alone (a constant's value reads no locals or methods): no bindings of the whole file.
 */
export function declareRubyConstants(root: SgNode, nodes: readonly SgNode[], crossFile: CrossFile): void {
  const declarations: Declaration[] = [];
  const assigned: { name: string; owner?: string; scope: Scope; value: SgNode | null; at: number; changed: boolean }[] = [];
  const file = nodeSpan(root);
  for (const node of nodes) {
    const left = node.field('left');
    if (!left) continue;
    let owner: string | undefined = TOP_LEVEL;
    let scope: Scope = file;
    let loop = false;
    for (const a of node.ancestors()) {
      const k = kindOf(a);
      if (NO_OWNER.has(k)) {
        owner = undefined;
        break;
      }
      if (LOOPS.has(k)) loop = true;
      if (OWNER_KINDS.has(k)) {
        owner = declaredName(a);
        scope = nodeSpan(a);
        break;
      }
    }
    let name = left.text();
    const value = kindOf(node) === 'assignment' ? node.field('right') : null;
    const changed = loop || kindOf(node) === 'operator_assignment';
    if (kindOf(left) === 'scope_resolution') {
      // `Acme::CIPHER = …` is Acme's; `::CIPHER = …` is a top-level one.
      const qualifier = left.field('scope');
      name = left.field('name')?.text() ?? '';
      owner = qualifier ? constPath(qualifier)?.split('::').pop() : TOP_LEVEL;
    } else if (owner) {
      // What the file's other constants read by this name (as the detector's own bindings do).
      assigned.push({ name, ...(owner !== TOP_LEVEL ? { owner } : {}), value, at: nodeSpan(node).end, scope, changed });
    }
    if (!owner || !/^[A-Z]/.test(name)) continue;
    declarations.push({ key: constantKey(owner, name), value, changed });
  }
  if (declarations.length === 0) return;
  const ev = new Evaluator(new RubyAdapter(), () => new SymbolTable(constantBindings(assigned)));
  const values: [string, ConstantValue][] = [];
  const none = new Set<string>();
  for (const d of declarations) {
    const c = d.changed || !d.value ? undefined : asConstant(ev.evalOwn(d.value));
    if (c) values.push([d.key, c]);
    else none.add(d.key);
  }
  for (const [key, value] of values) if (!none.has(key)) crossFile.declare(key, value);
}

/**
 * What a constant's value may read: the file's other constants (a class body's value reads no locals
 * of methods). A constant assigned more than once in its scope (`if`/`else` arms) or changed reads as
 * unknown: without the file's branches, which value reaches the reader is not known.
 */
function constantBindings(assigned: readonly { name: string; owner?: string; scope: Scope; value: SgNode | null; at: number; changed: boolean }[]): Binding[] {
  const count = new Map<string, number>();
  const id = (d: { name: string; scope: Scope }): string => `${d.scope.start}:${d.name}`;
  for (const d of assigned) count.set(id(d), (count.get(id(d)) ?? 0) + (d.changed ? 2 : 1));
  return assigned.map((d) => ({
    name: d.name, ...(d.owner ? { owner: d.owner } : {}), value: count.get(id(d)) === 1 ? d.value : null, visibleFrom: d.at, scope: d.scope, member: true,
  }));
}

/**
 * The owners whose constant a bare constant name may be (LanguageAdapter.importedOwner), in Ruby's
 * order: the modules and classes around the node, innermost first; the innermost class's superclass
 * and the modules its body includes or prepends; `Object` (top-level constants). `::NAME` is
 * `Object`'s alone. Undefined for names that are no constants (locals, methods).
 */
export function rubyConstantOwners(name: string, node: SgNode): string[] | undefined {
  if (!/^[A-Z]/.test(name)) return undefined;
  if (kindOf(node) === 'scope_resolution' && !node.field('scope')) return [TOP_LEVEL];
  const owners: string[] = [];
  const add = (o: string | undefined): void => {
    if (o && !owners.includes(o)) owners.push(o);
  };
  let innermost = true;
  for (const a of node.ancestors()) {
    if (!OWNER_KINDS.has(kindOf(a))) continue;
    add(declaredName(a));
    if (!innermost) continue;
    innermost = false;
    const superclass = a.field('superclass')?.namedChildren()[0];
    add(constPath(superclass)?.split('::').pop());
    for (const stmt of a.field('body')?.namedChildren() ?? []) {
      if (kindOf(stmt) !== 'call' || stmt.field('receiver') || !/^(include|prepend)$/.test(stmt.field('method')?.text() ?? '')) continue;
      for (const m of stmt.field('arguments')?.namedChildren() ?? []) add(constPath(m)?.split('::').pop());
    }
  }
  add(TOP_LEVEL);
  return owners;
}
