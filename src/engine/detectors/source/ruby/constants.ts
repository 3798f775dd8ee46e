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
import type { Evaluator } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { constPath } from './resolve.js';

/** The owner of top-level constants: Ruby defines them on `Object`. */
export const TOP_LEVEL = 'Object';

const OWNER_KINDS = new Set(['class', 'module']);
/** Where a constant cannot be assigned (Ruby: dynamic constant assignment) or belongs to no name other files write. */
const NO_OWNER = new Set(['method', 'singleton_method', 'singleton_class', 'lambda']);
const LOOPS = new Set(['while', 'until', 'for', 'while_modifier', 'until_modifier']);

const CONSTANT_TARGET = { field: 'left', any: [{ kind: 'constant' }, { kind: 'scope_resolution' }] };
/** Constant assignments, and `||=`/`+=` on constants, which make a name no constant. One native query. */
const DECLARATIONS = {
  rule: { any: [{ kind: 'assignment', has: CONSTANT_TARGET }, { kind: 'operator_assignment', has: CONSTANT_TARGET }] },
};

/** The last part of a class or module's name (`class Acme::CryptoConfig` is `CryptoConfig`). */
function declaredName(decl: SgNode): string | undefined {
  const path = constPath(decl.field('name'));
  return path?.split('::').pop();
}

/**
 * Declares the constants of a Ruby file. A name assigned a value that does not cross files, in a
 * loop, or changed by an operator assignment is none; one assigned different values (an `if` and
 * its `else`) is dropped by CrossFile.declare.
 */
export function declareRubyConstants(root: SgNode, ev: Evaluator, crossFile: CrossFile): void {
  const values: [string, ConstantValue][] = [];
  const none = new Set<string>();
  for (const node of root.findAll(DECLARATIONS)) {
    const left = node.field('left');
    if (!left) continue;
    let owner: string | undefined = TOP_LEVEL;
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
        break;
      }
    }
    let name = left.text();
    if (kindOf(left) === 'scope_resolution') {
      // `Acme::CIPHER = …` is Acme's; `::CIPHER = …` is a top-level one.
      const scope = left.field('scope');
      name = left.field('name')?.text() ?? '';
      owner = scope ? constPath(scope)?.split('::').pop() : TOP_LEVEL;
    }
    if (!owner || !/^[A-Z]/.test(name)) continue;
    const key = constantKey(owner, name);
    const value = node.field('right');
    if (kindOf(node) === 'operator_assignment' || loop || !value) {
      none.add(key);
      continue;
    }
    const c = asConstant(ev.evalOwn(value));
    if (c) values.push([key, c]);
    else none.add(key);
  }
  for (const [key, value] of values) if (!none.has(key)) crossFile.declare(key, value);
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
