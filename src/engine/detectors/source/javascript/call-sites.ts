// The arguments a JavaScript/TypeScript file's own calls pass to one of its functions or methods: how
// a helper's parameter (`const digest = (data, alg) => createHash(alg).update(data).digest()`) gets
// the values its callers name (LanguageAdapter.callSiteArguments; docs/detectors.md, "JavaScript and
// TypeScript").
import { nodeSpan, startsWithin } from '../common/scopes.js';
import type { Scope } from '../common/symbols.js';
import { declaredName } from '../common/languages.js';
import type { SgNode } from '@ast-grep/napi';
import type { CallSites } from '../common/evaluate.js';
import { ByName } from '../common/by-name.js';


/** Scopes a function declared inside is visible in (its calls are looked for there). */
const SCOPE_KINDS = new Set([
  'function_declaration', 'generator_function_declaration', 'function_expression', 'function', 'generator_function',
  'arrow_function', 'method_definition', 'class_body',
]);
const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);
const CLASS_KINDS = new Set(['class_declaration', 'abstract_class_declaration', 'class']);
/** Functions whose `this` is their own (an arrow function's is the one around it). */
const THIS_BINDERS = new Set(['function_declaration', 'generator_function_declaration', 'function_expression', 'function', 'generator_function', 'method_definition']);

/** The identifier a parameter binds when it is one plain name (`a`, `a = 1`, `a?: T`), else undefined. */
export function plainParameter(p: SgNode): SgNode | undefined {
  const k = p.kind() as string;
  if (k === 'identifier') return p;
  const inner = k === 'assignment_pattern' ? p.field('left') : k === 'required_parameter' || k === 'optional_parameter' ? p.field('pattern') : null;
  return (inner?.kind() as string) === 'identifier' ? inner! : undefined;
}

/** A parameter's default value (`alg = 'sha256'`), or null. */
function defaultOf(p: SgNode): SgNode | null {
  const k = p.kind() as string;
  if (k === 'assignment_pattern') return p.field('right');
  if (k === 'required_parameter' || k === 'optional_parameter') return p.field('value');
  return null;
}

/** Whether a parameter list entry takes a position: not TypeScript's `this: T` pseudo-parameter, not a comment. */
function positional(p: SgNode): boolean {
  const k = p.kind() as string;
  if (k === 'comment') return false;
  return !((k === 'required_parameter' || k === 'optional_parameter') && p.field('pattern')?.text() === 'this');
}

function isRest(p: SgNode): boolean {
  const k = p.kind() as string;
  if (k === 'rest_pattern') return true;
  return (k === 'required_parameter' || k === 'optional_parameter') && (p.field('pattern')?.kind() as string) === 'rest_pattern';
}

/** Whether a class member is private: `#name`, or TypeScript's `private`. */
function isPrivate(member: SgNode, name: SgNode): boolean {
  if ((name.kind() as string) === 'private_property_identifier') return true;
  return member.children().some((c) => (c.kind() as string) === 'accessibility_modifier' && c.text() === 'private');
}

interface Calls {
  /** Each call's argument nodes (an empty list for `new K`), in document order. */
  args: SgNode[][];
  open: boolean;
}

/** What a function is: a named function (declared or bound to a name), a class method or field, or a constructor. */
type Target =
  | { kind: 'named'; name: string; scope: SgNode; declaration: SgNode; exported: boolean }
  | { kind: 'method'; name: string; body: SgNode; cls?: string; isStatic: boolean; closed: boolean }
  | { kind: 'constructor'; cls: string; exported: boolean };

function exportedDeclaration(decl: SgNode | null): boolean {
  // `export function f`, `export const f = …`, `export default function f`.
  return (decl?.parent()?.kind() as string) === 'export_statement';
}

/** The scope a declaration's name is visible in: the function around it, or the program. */
function scopeAround(n: SgNode, root: SgNode): SgNode {
  for (let p = n.parent(); p; p = p.parent()) if (SCOPE_KINDS.has(p.kind() as string)) return p;
  return root;
}

function classOf(body: SgNode): { name?: string; exported: boolean } {
  const cls = body.parent();
  if (!cls || !CLASS_KINDS.has(cls.kind() as string)) return { exported: false };
  const name = cls.field('name')?.text();
  return { ...(name ? { name } : {}), exported: exportedDeclaration(cls) };
}

function targetOf(fn: SgNode, root: SgNode, script: () => boolean): Target | undefined {
  const k = fn.kind() as string;
  if (k === 'function_declaration' || k === 'generator_function_declaration') {
    const name = fn.field('name')?.text();
    if (!name) return undefined;
    const scope = scopeAround(fn, root);
    // A top-level function of a script (no import, export or require) is a global other scripts call.
    const exported = exportedDeclaration(fn) || (scope.id() === root.id() && script());
    return { kind: 'named', name, scope, declaration: fn.field('name')!, exported };
  }
  if (k === 'method_definition') {
    const body = fn.parent();
    const nameNode = fn.field('name');
    if ((body?.kind() as string) !== 'class_body' || !nameNode) return undefined;
    // Accessors are not called with arguments.
    if (fn.children().some((c) => ['get', 'set'].includes(c.kind() as string))) return undefined;
    const { name: cls, exported } = classOf(body!);
    if (nameNode.text() === 'constructor') return cls ? { kind: 'constructor', cls, exported } : undefined;
    const isStatic = fn.children().some((c) => (c.kind() as string) === 'static');
    return { kind: 'method', name: nameNode.text(), body: body!, ...(cls ? { cls } : {}), isStatic, closed: isPrivate(fn, nameNode) };
  }
  if (!FUNCTION_VALUES.has(k)) return undefined;
  const holder = fn.parent();
  const hk = holder?.kind() as string;
  if (hk === 'variable_declarator' && holder!.field('value')?.id() === fn.id()) {
    const nameNode = holder!.field('name');
    if ((nameNode?.kind() as string) !== 'identifier') return undefined;
    const scope = scopeAround(holder!, root);
    const exported = exportedDeclaration(holder!.parent()) || (scope.id() === root.id() && script());
    return { kind: 'named', name: nameNode!.text(), scope, declaration: nameNode!, exported };
  }
  if ((hk === 'field_definition' || hk === 'public_field_definition') && (holder!.parent()?.kind() as string) === 'class_body') {
    const nameNode = holder!.field('property') ?? holder!.field('name');
    if (!nameNode) return undefined;
    const { name: cls } = classOf(holder!.parent()!);
    const isStatic = holder!.children().some((c) => (c.kind() as string) === 'static');
    return { kind: 'method', name: nameNode.text(), body: holder!.parent()!, ...(cls ? { cls } : {}), isStatic, closed: isPrivate(holder!, nameNode) };
  }
  return undefined;
}

/** Whether `this` at `node` is an instance (or, for static members, the class) of the class whose body is `body`. */
function thisOfClass(node: SgNode, body: SgNode): boolean {
  for (let p = node.parent(); p; p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'class_body') return p.id() === body.id();
    if (THIS_BINDERS.has(k) && k !== 'method_definition') return false;
  }
  return false;
}

function argumentsOf(call: SgNode): SgNode[] {
  return (call.field('arguments')?.namedChildren() ?? []).filter((c) => (c.kind() as string) !== 'comment');
}

/**
 * callSiteArguments for a JS/TS file. A function declared or bound to a name (`function digest(alg)`,
 * `const digest = (alg) => …`) is called by that name in the scope it is declared in; a class method
 * or function-valued field by `this.name(…)` in its class (static ones also `Class.name(…)`), a
 * `#private` one by `x.#name(…)` anywhere in the class; a constructor by `new Class(…)`. Arguments by
 * position; an omitted one or `undefined` takes the parameter's default; a spread hides the positions
 * from it on. Object- and array-destructured and rest parameters are not read. Open: an exported
 * function or class (`export`, or a top-level function of a script without imports or exports, which
 * other scripts call as a global), a named function whose name is used other than called (exported
 * through `module.exports`/`export { }`, passed as a callback, reassigned), a public method, a
 * constructor of a class named other than in `new` or static member access (`extends K`, `const C = K`).
 */
export function jsCallSiteArguments(root: SgNode): (param: SgNode) => CallSites | undefined {
  const byFunction = new Map<number, Calls | undefined>();
  const byKinds = (kinds: string[]): ByName =>
    new ByName(root, (regex) => ({ any: kinds.map((kind) => ({ kind, regex })) }), { any: kinds.map((kind) => ({ kind })) }, (n) => n.text());
  const identifiers = byKinds(['identifier', 'shorthand_property_identifier']);
  const properties = byKinds(['property_identifier', 'private_property_identifier']);
  let scriptFile: boolean | undefined;
  // Decided once, on the first helper parameter read: a file without import or export statements,
  // `require(…)` or `module.exports`/`exports.x` is a script.
  const script = (): boolean =>
    (scriptFile ??= !root.children().some((c) => ['import_statement', 'export_statement'].includes(c.kind() as string))
      && !/\brequire\s*\(|\bmodule\.exports\b|\bexports\.\w/.test(root.text()));

  const callsOf = (fn: SgNode): Calls | undefined => {
    const t = targetOf(fn, root, script);
    if (!t) return undefined;
    const self = nodeSpan(fn);
    const args: SgNode[][] = [];
    let open = false;
    const take = (call: SgNode): void => {
      if (!startsWithin(call, self)) args.push(argumentsOf(call)); // recursion passes what it received
    };
    if (t.kind === 'named') {
      open = t.exported;
      const scope = nodeSpan(t.scope);
      for (const ref of identifiers.get(t.name)) {
        if (ref.id() === t.declaration.id() || !startsWithin(ref, scope)) continue;
        const parent = ref.parent();
        if ((parent?.kind() as string) === 'call_expression' && parent!.field('function')?.id() === ref.id()) take(parent!);
        // Exported, passed on, reassigned or shadowed: calls elsewhere may pass anything.
        else open = true;
      }
      return { args, open };
    }
    if (t.kind === 'constructor') {
      open = t.exported;
      for (const ref of identifiers.get(t.cls)) {
        const parent = ref.parent();
        const pk = parent?.kind() as string;
        if (pk === 'new_expression' && parent!.field('constructor')?.id() === ref.id()) take(parent!);
        else if (pk === 'class_declaration' || pk === 'class' || (pk === 'member_expression' && parent!.field('object')?.id() === ref.id())) continue;
        else open = true;
      }
      return { args, open };
    }
    open = !t.closed;
    const hash = t.name.startsWith('#');
    const body = nodeSpan(t.body);
    for (const property of properties.get(t.name)) {
      const member = property.parent();
      if (!member || (member.kind() as string) !== 'member_expression' || member.field('property')?.id() !== property.id()) continue;
      if (hash && !startsWithin(member, body)) continue;
      const object = member.field('object');
      const parent = member.parent();
      const called = (parent?.kind() as string) === 'call_expression' && parent!.field('function')?.id() === member.id();
      const ok = hash
        || ((object?.kind() as string) === 'this' && thisOfClass(member, t.body))
        || (t.isStatic && t.cls !== undefined && object?.text() === t.cls);
      if (ok && called) take(parent!);
      // A private method read but not called (`arr.map(this.digest)`, `.bind`), or called on another
      // object inside its class (`other.digest(…)` in TypeScript), may get other values.
      else if (t.closed && (ok || startsWithin(member, body))) open = true;
    }
    return { args, open };
  };

  return (param) => {
    let fn: SgNode | null;
    let index: number;
    const list = param.parent();
    if ((list?.kind() as string) === 'arrow_function') {
      // `alg => createHash(alg)`: the one parameter, written without parentheses.
      fn = list;
      index = 0;
    } else {
      fn = list?.parent() ?? null;
      if ((list?.kind() as string) !== 'formal_parameters' || !fn || !plainParameter(param) || isRest(param)) return undefined;
      index = list!.namedChildren().filter(positional).findIndex((p) => p.id() === param.id());
    }
    if (!fn || index < 0) return undefined;
    let calls = byFunction.get(fn.id());
    if (!byFunction.has(fn.id())) {
      calls = callsOf(fn);
      byFunction.set(fn.id(), calls);
    }
    if (!calls) return undefined;
    const fallback = defaultOf(param);
    const args = calls.args.map((a) => {
      const spread = a.findIndex((x) => (x.kind() as string) === 'spread_element');
      if (spread >= 0 && spread <= index) return null;
      const arg = a[index];
      // Left out or `undefined`: the default applies (none: the parameter is undefined, unknown here).
      if (!arg || ((arg.kind() as string) === 'undefined' || ((arg.kind() as string) === 'identifier' && arg.text() === 'undefined'))) return fallback;
      return arg;
    });
    return { function: fn.id(), name: declaredName(fn), args, open: calls.open };
  };
}
