// The arguments a JavaScript/TypeScript file's own calls pass to one of its functions or methods: how
// a helper's parameter (`const digest = (data, alg) => createHash(alg).update(data).digest()`) gets
// the values its callers name (LanguageAdapter.callSiteArguments; docs/detectors.md, "JavaScript and
// TypeScript").
import { nodeSpan, startsWithin } from '../common/scopes.js';
import type { Scope } from '../common/symbols.js';
import { declaredName } from '../common/languages.js';
import type { SgNode } from '@ast-grep/napi';
import type { CallSites, Guard, LanguageAdapter, Returned } from '../common/evaluate.js';
import { conditionGuards, fieldIf } from '../common/paths.js';
import { ByName } from '../common/by-name.js';
import { propertyKey } from './resolve.js';


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

/** A property of an object-destructuring parameter: `alg` in `function f(data, { alg = 'sha256' } = {})`. */
interface Option {
  /** The parameter-list entry holding the pattern. */
  parameter: SgNode;
  key: string;
  /** The property's own default (`'sha256'`), or null. */
  fallback: SgNode | null;
  /** The default of the whole object (`= {}`), or null. */
  objectDefault: SgNode | null;
}

/**
 * `param` as an option: a property pattern directly in a parameter's object pattern (`alg`,
 * `alg = 'x'`, `algorithm: alg`, `algorithm: alg = 'x'`); undefined for anything else.
 */
export function optionOf(param: SgNode): Option | undefined {
  const pattern = param.parent();
  if ((pattern?.kind() as string) !== 'object_pattern') return undefined;
  let key: string | undefined;
  let fallback: SgNode | null = null;
  switch (param.kind() as string) {
    case 'shorthand_property_identifier_pattern':
      key = param.text();
      break;
    case 'object_assignment_pattern':
      key = param.field('left')?.text();
      fallback = param.field('right');
      break;
    case 'pair_pattern': {
      key = propertyKey(param.field('key'));
      const value = param.field('value');
      const vk = value?.kind() as string;
      if (vk === 'assignment_pattern' && (value!.field('left')?.kind() as string) === 'identifier') fallback = value!.field('right');
      else if (vk !== 'identifier') return undefined; // a nested pattern
      break;
    }
    default:
      return undefined;
  }
  if (!key) return undefined;
  // The parameter entry: the pattern itself, `pattern = {}`, or TypeScript's `pattern: T = {}`.
  const holder = pattern!.parent();
  const hk = holder?.kind() as string;
  // `const { alg = 'sha256' } = opts;` in the body, `opts` a plain parameter of the function around it:
  // the same option, read from the object each call passes for `opts`.
  if (hk === 'variable_declarator' && holder!.field('name')?.id() === pattern!.id()) {
    const entry = parameterNamed(holder!, holder!.field('value'));
    return entry ? { parameter: entry.parameter, key, fallback, objectDefault: entry.objectDefault } : undefined;
  }
  let parameter: SgNode = pattern!;
  let objectDefault: SgNode | null = null;
  if (hk === 'assignment_pattern' && holder!.field('left')?.id() === pattern!.id()) {
    parameter = holder!;
    objectDefault = holder!.field('right');
  } else if (hk === 'required_parameter' || hk === 'optional_parameter') {
    parameter = holder!;
    objectDefault = holder!.field('value');
  }
  return { parameter, key, fallback, objectDefault };
}

const FUNCTION_NODES = new Set(['function_declaration', 'function_expression', 'function', 'arrow_function', 'method_definition', 'generator_function_declaration', 'generator_function']);

/**
 * The parameter-list entry of the function around `at` that is the plain parameter `value` names
 * (`opts`, `opts = {}`, TypeScript's `opts: Options = {}`), with its default object; undefined when
 * `value` is not a bare name or names no such parameter of the innermost function.
 */
function parameterNamed(at: SgNode, value: SgNode | null): { parameter: SgNode; objectDefault: SgNode | null } | undefined {
  if ((value?.kind() as string) !== 'identifier') return undefined;
  const fn = at.ancestors().find((a) => FUNCTION_NODES.has(a.kind() as string));
  const list = fn?.field('parameters');
  if (!list || (list.kind() as string) !== 'formal_parameters') return undefined;
  for (const p of list.namedChildren()) {
    const k = p.kind() as string;
    const target = k === 'required_parameter' || k === 'optional_parameter' ? p.field('pattern') : k === 'assignment_pattern' ? p.field('left') : p;
    if ((target?.kind() as string) !== 'identifier' || target!.text() !== value!.text()) continue;
    const objectDefault = k === 'assignment_pattern' ? p.field('right') : k === 'required_parameter' || k === 'optional_parameter' ? p.field('value') : null;
    return { parameter: p, objectDefault };
  }
  return undefined;
}

/** Whether a class member is private: `#name`, or TypeScript's `private`. */
function isPrivate(member: SgNode, name: SgNode): boolean {
  if ((name.kind() as string) === 'private_property_identifier') return true;
  return member.children().some((c) => (c.kind() as string) === 'accessibility_modifier' && c.text() === 'private');
}

interface Calls {
  /** Each call's argument nodes (an empty list for `new K`), in document order. */
  args: SgNode[][];
  /** The calls themselves, in the same order. */
  calls: SgNode[];
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

/**
 * The expressions a function returns: an arrow function's expression body, or the `return`
 * statements of its body (not those of functions inside it); a bare `return` is left out (undefined
 * is no algorithm, and a guard's early exit should not hide the value the function computes).
 */
function returnedExpressions(fn: SgNode): { value: SgNode; guards: Guard[] }[] {
  const body = fn.field('body');
  if (!body) return [];
  if ((body.kind() as string) !== 'statement_block') return [{ value: body, guards: [] }];
  const out: { value: SgNode; guards: Guard[] }[] = [];
  for (const r of body.findAll({ rule: { kind: 'return_statement' } })) {
    const owner = r.ancestors().find((a) => THIS_BINDERS.has(a.kind() as string) || (a.kind() as string) === 'arrow_function');
    if (owner?.id() !== fn.id()) continue;
    const e = r.namedChildren().find((c) => (c.kind() as string) !== 'comment');
    if (e) out.push({ value: e, guards: conditionGuards(r, fn, JS_IF) });
  }
  return out;
}

/** JavaScript's `if` (its `alternative` is an `else` clause); an arm ends in `return` or `throw` to leave. */
const JS_IF = fieldIf(new Set(['statement_block']), new Set(['return_statement', 'throw_statement']));

/** An argument the call leaves out, or passes as `undefined`: the parameter's default applies. */
function leftOut(arg: SgNode | undefined): boolean {
  return !arg || (arg.kind() as string) === 'undefined' || ((arg.kind() as string) === 'identifier' && arg.text() === 'undefined');
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
export function jsFunctions(root: SgNode): Pick<LanguageAdapter, 'callSiteArguments' | 'returned'> {
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
    const calls: SgNode[] = [];
    let open = false;
    const take = (call: SgNode): void => {
      if (startsWithin(call, self)) return; // recursion passes what it received
      args.push(argumentsOf(call));
      calls.push(call);
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
      return { args, calls, open };
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
      return { args, calls, open };
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
    return { args, calls, open };
  };

  const callsOfCached = (fn: SgNode): Calls | undefined => {
    if (!byFunction.has(fn.id())) byFunction.set(fn.id(), callsOf(fn));
    return byFunction.get(fn.id());
  };

  /** Function declarations and function-valued `const`s per name, and methods per name. */
  const named = new ByName(
    root,
    (regex) => ({ any: [
      { kind: 'function_declaration', has: { field: 'name', regex } },
      { kind: 'variable_declarator', has: { field: 'name', kind: 'identifier', regex } },
      { kind: 'method_definition', has: { field: 'name', regex } },
    ] }),
    { any: [{ kind: 'function_declaration' }, { kind: 'variable_declarator' }, { kind: 'method_definition' }] },
    (n) => n.field('name')?.text(),
  );

  const returned = (call: SgNode): Returned | undefined => {
    const f = call.field('function');
    const fk = f?.kind() as string;
    let name: string | undefined;
    if (fk === 'identifier') name = f!.text();
    else if (fk === 'member_expression' && (f!.field('object')?.kind() as string) === 'this') name = f!.field('property')?.text();
    if (!name) return undefined;
    let found: { fn: SgNode; site: number; open: boolean } | undefined;
    for (const decl of named.get(name)) {
      const dk = decl.kind() as string;
      let fn: SgNode | null = decl;
      if (dk === 'variable_declarator') {
        // Only a `const`: a `let` or `var` may be given another function.
        fn = decl.field('value');
        if (!fn || !FUNCTION_VALUES.has(fn.kind() as string) || !/^const\b/.test(decl.parent()?.text() ?? '')) continue;
      }
      if ((dk === 'method_definition') !== (fk === 'member_expression')) continue;
      const calls = callsOfCached(fn!);
      const site = calls?.calls.findIndex((c) => c.id() === call.id()) ?? -1;
      if (site < 0) continue;
      if (found) return undefined; // two functions claim the call: shadowing the scopes do not settle
      const t = targetOf(fn!, root, script);
      // A public method may be overridden by a subclass elsewhere.
      found = { fn: fn!, site, open: t?.kind === 'method' && !t.closed };
    }
    if (!found) return undefined;
    const returns = returnedExpressions(found.fn);
    return { function: found.fn.id(), open: found.open, site: found.site, returns: returns.map((r) => r.value), guards: returns.map((r) => r.guards) };
  };

  const callSiteArguments = (param: SgNode): CallSites | undefined => {
    const option = optionOf(param);
    if (option) return optionArguments(option);
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
    const calls = callsOfCached(fn);
    if (!calls) return undefined;
    const fallback = defaultOf(param);
    const defaulted: boolean[] = [];
    const args = calls.args.map((a) => {
      defaulted.push(false);
      const spread = a.findIndex((x) => (x.kind() as string) === 'spread_element');
      if (spread >= 0 && spread <= index) return null;
      const arg = a[index];
      // Left out or `undefined`: the default applies (none: the parameter is undefined, unknown here).
      if (leftOut(arg)) {
        defaulted[defaulted.length - 1] = true;
        return fallback;
      }
      return arg!;
    });
    return { function: fn.id(), name: declaredName(fn), args, defaulted, open: calls.open };
  };

  /** An options parameter's property at each call: from the object literal passed, else the defaults. */
  const optionArguments = (o: Option): CallSites | undefined => {
    const list = o.parameter.parent();
    const fn = list?.parent();
    if ((list?.kind() as string) !== 'formal_parameters' || !fn) return undefined;
    const index = list!.namedChildren().filter(positional).findIndex((p) => p.id() === o.parameter.id());
    const calls = index < 0 ? undefined : callsOfCached(fn);
    if (!calls) return undefined;
    // `{ alg = 'sha256' } = {}`: a left-out object is the parameter's default object.
    const defaulted: boolean[] = [];
    /** The property in an object literal (null: a spread may set it, or no object literal); else the property's default. */
    const fromObject = (object: SgNode | null): SgNode | null => {
      if (!object || (object.kind() as string) !== 'object') return null;
      let spread = false;
      for (const c of object.namedChildren()) {
        const k = c.kind() as string;
        if (k === 'spread_element') spread = true;
        else if (k === 'shorthand_property_identifier' && c.text() === o.key) return c;
        else if (k === 'pair' && propertyKey(c.field('key')) === o.key) return c.field('value');
      }
      if (spread) return null;
      defaulted[defaulted.length - 1] = true;
      return o.fallback;
    };
    const args = calls.args.map((a) => {
      defaulted.push(false);
      const spread = a.findIndex((x) => (x.kind() as string) === 'spread_element');
      if (spread >= 0 && spread <= index) return null;
      const arg = a[index];
      if (!leftOut(arg)) return fromObject(arg!);
      defaulted[defaulted.length - 1] = true;
      return o.objectDefault ? fromObject(o.objectDefault) : o.fallback;
    });
    return { function: fn.id(), name: declaredName(fn), args, defaulted, open: calls.open };
  };

  return { callSiteArguments, returned };
}
