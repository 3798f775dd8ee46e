// The arguments a Kotlin file's own calls pass to one of its functions or constructors: how a helper's
// parameter (`private fun digest(data: ByteArray, algorithm: String)` around
// `MessageDigest.getInstance(algorithm)`) gets the values its callers name (LanguageAdapter.callSiteArguments;
// docs/detectors.md, Kotlin, "Values passed by the file's own calls").
import type { SgNode } from '@ast-grep/napi';
import type { CallSites, Guard, Returned } from '../common/evaluate.js';
import { conditionGuards, type IfSyntax } from '../common/paths.js';
import { declaredName, kindOf } from '../common/languages.js';
import { escapeRegex } from '../common/regex.js';
import { nodeSpan } from '../common/scopes.js';
import type { Scope } from '../common/symbols.js';
import { namedKids, typeName } from './syntax.js';

const TYPE_KINDS = new Set(['class_declaration', 'object_declaration', 'companion_object']);
const BODY_KINDS = new Set(['class_body', 'enum_class_body']);

interface Param {
  name: string;
  fallback: SgNode | null;
  vararg: boolean;
}

/** A function's or constructor's parameters as a call fills them. */
interface Signature {
  fn: SgNode;
  params: Param[];
}

/** One argument of a call: by name, by position, or the trailing lambda (which fills the last parameter). */
interface Arg {
  name?: string;
  lambda?: boolean;
  value: SgNode;
}

const within = (at: number, s: Scope): boolean => at >= s.start && at < s.end;

/** The modifier words of a declaration (`private`, `override`, `operator`, `vararg`, …). */
function modifierWords(n: SgNode): string[] {
  const mods = n.children().find((c) => kindOf(c) === 'modifiers' || kindOf(c) === 'parameter_modifiers');
  return mods ? mods.text().split(/\s+/).filter((w) => /^[a-z]+$/.test(w)) : [];
}

/** The expression after a `=` among `kids` from index `i` (a parameter's default). */
function defaultAfter(kids: SgNode[], i: number): SgNode | null {
  if (kids[i]?.text() !== '=') return null;
  for (let j = i + 1; j < kids.length; j++) if (kids[j]!.isNamed() && !/comment/.test(kindOf(kids[j]!))) return kids[j]!;
  return null;
}

/** A class's primary constructor parameters, or a function's or secondary constructor's. */
function signature(fn: SgNode): Signature | undefined {
  const params: Param[] = [];
  if (kindOf(fn) === 'class_declaration') {
    const primary = fn.children().find((c) => kindOf(c) === 'primary_constructor');
    for (const p of primary ? namedKids(primary).filter((c) => kindOf(c) === 'class_parameter') : []) {
      const kids = p.children();
      const name = kids.find((c) => kindOf(c) === 'simple_identifier')?.text() ?? '';
      const eq = kids.findIndex((c) => c.text() === '=');
      params.push({ name, fallback: eq >= 0 ? defaultAfter(kids, eq) : null, vararg: modifierWords(p).includes('vararg') });
    }
    return { fn, params };
  }
  const list = fn.children().find((c) => kindOf(c) === 'function_value_parameters');
  if (!list) return undefined;
  const kids = list.children();
  let vararg = false;
  for (let i = 0; i < kids.length; i++) {
    const k = kindOf(kids[i]!);
    if (k === 'parameter_modifiers') vararg = /\bvararg\b/.test(kids[i]!.text());
    else if (k === 'parameter') {
      const name = kids[i]!.children().find((c) => kindOf(c) === 'simple_identifier')?.text() ?? '';
      params.push({ name, fallback: defaultAfter(kids, i + 1), vararg });
      vararg = false;
    }
  }
  return { fn, params };
}

/** Which parameter of `s` each argument fills (index), or undefined when the call cannot be one of `s`. */
function bind(s: Signature, args: Arg[]): number[] | undefined {
  const rest = s.params.findIndex((p) => p.vararg);
  const out: number[] = [];
  let position = 0;
  for (const a of args) {
    let at: number;
    if (a.lambda) at = s.params.length - 1;
    else if (a.name !== undefined) at = s.params.findIndex((p) => p.name === a.name);
    else {
      at = rest >= 0 && position >= rest ? rest : position;
      position++;
    }
    if (at < 0 || at >= s.params.length) return undefined;
    out.push(at);
  }
  const given = new Set(out);
  return s.params.every((p, i) => given.has(i) || p.fallback !== null || p.vararg) ? out : undefined;
}

/** The arguments of a call's suffix and of a trailing lambda after it; undefined when one is spread (`*xs`). */
function argumentsOf(call: SgNode): Arg[] | undefined {
  const out: Arg[] = [];
  const suffix = call.children().find((c) => kindOf(c) === 'call_suffix');
  const lists = [suffix, ...(trailingSuffix(call) ? [trailingSuffix(call)!] : [])];
  for (const s of lists) {
    for (const part of s ? namedKids(s) : []) {
      const k = kindOf(part);
      if (k === 'value_arguments') {
        for (const a of namedKids(part)) {
          if (kindOf(a) !== 'value_argument') continue;
          const inner = namedKids(a);
          const value = inner[inner.length - 1];
          if (!value) continue;
          if (kindOf(value) === 'spread_expression') return undefined;
          const named = inner.length >= 2 && a.children().some((c) => !c.isNamed() && c.text() === '=');
          out.push(named ? { name: inner[0]!.text(), value } : { value });
        }
      } else if (k === 'annotated_lambda') {
        const lambda = namedKids(part).find((c) => kindOf(c) === 'lambda_literal');
        if (lambda) out.push({ lambda: true, value: lambda });
      }
    }
  }
  return out;
}

/** `f(a) { … }` parses as a call of the call `f(a)`: the outer call's suffix holds the lambda. */
function trailingSuffix(call: SgNode): SgNode | undefined {
  const outer = call.parent();
  if (!outer || kindOf(outer) !== 'call_expression' || namedKids(outer)[0]?.id() !== call.id()) return undefined;
  return outer.children().find((c) => kindOf(c) === 'call_suffix');
}

/** The type declaring a member: the class, object or companion object around its body. */
function declaringType(member: SgNode): SgNode | undefined {
  const body = member.parent();
  const t = body && BODY_KINDS.has(kindOf(body)) ? body.parent() : undefined;
  return t && TYPE_KINDS.has(kindOf(t)) ? t : undefined;
}

/** The class a companion object belongs to (its members are called on the class's name). */
function named(type: SgNode): SgNode {
  if (kindOf(type) !== 'companion_object') return type;
  return declaringType(type) ?? type;
}

/**
 * Who besides the file's own calls may call a function or constructor: 'open' (other files: public,
 * internal and protected declarations, overrides and open or abstract members, members of a type that
 * implements or extends another, which code elsewhere calls through it), 'closed' (private, local,
 * an enum's constructor), 'type' (a member of a private type: only this file reaches it, through
 * instances, so a call on any receiver may be one).
 */
function reach(fn: SgNode): 'open' | 'closed' | 'type' {
  const k = kindOf(fn);
  if (k === 'class_declaration') {
    const primary = fn.children().find((c) => kindOf(c) === 'primary_constructor');
    const words = modifierWords(fn);
    // An enum's constructor is private: its entries are its only calls (`enum` is a keyword of the declaration).
    if ((primary && modifierWords(primary).includes('private')) || fn.children().some((c) => c.text() === 'enum')) return 'closed';
    // A data class's `copy(alg = …)` makes instances with values no constructor call shows.
    if (words.includes('data')) return 'open';
    return typeReach(fn) === 'open' ? 'open' : 'closed';
  }
  const words = modifierWords(fn);
  if (words.includes('private')) return 'closed';
  if (k === 'function_declaration' && kindOf(fn.parent() ?? fn) === 'statements') return 'closed'; // a local function
  const type = declaringType(fn);
  if (!type) return 'open';
  if (k === 'secondary_constructor') return typeReach(type) === 'open' ? 'open' : 'closed';
  if (words.some((w) => w === 'override' || w === 'open' || w === 'abstract' || w === 'protected')) return 'open';
  return typeReach(type);
}

/** 'type' inside a private type (file-private at the top level) that derives from nothing, else 'open'. */
function typeReach(type: SgNode): 'open' | 'type' {
  for (let t: SgNode | undefined = type; t; t = declaringType(t)) {
    if (!modifierWords(t).includes('private')) continue;
    for (let u: SgNode | undefined = type; u; u = declaringType(u)) {
      if (u.children().some((c) => kindOf(c) === 'delegation_specifier')) return 'open';
      if (u === t) break;
    }
    return 'type';
  }
  return 'open';
}

/** A use of a name: a call with its arguments and receiver, or a reference (`::digest`, an infix call). */
interface Use {
  at: number;
  /** `digest(..)` has none; `this.digest(..)`, `Crypto.digest(..)`, `x?.digest(..)` their receiver's text. */
  receiver?: string;
  /** Undefined for a reference or a call whose arguments cannot be read (a spread). */
  args?: Arg[];
  /** The call node (a constructor call's `K(..)`). */
  call?: SgNode;
}

/**
 * callSiteArguments for a Kotlin file. A function's calls are the calls of its name with arguments it
 * accepts (by count and the names of named arguments; overloads of the same scope that accept them
 * too make the call an unknown use): bare calls inside the scope declaring it (file, class or object,
 * block for a local function) unless a nearer scope declares the name, calls on `this`/`this@Type`, and
 * on its object's or class's name (`Crypto.digest(..)` for an object or companion member). A
 * constructor's are `Type(..)`, `this(..)`/`super(..)` delegations, a subclass's `: Type(..)`, and an
 * enum's entries. Arguments come by name or position, a trailing lambda fills the last parameter, a
 * default stands for an argument left out; a `vararg` parameter is not read, a call spreading `*xs`
 * is an unknown use, as is a reference `::digest`. Extension functions and `operator`/`infix`
 * functions (called through syntax this does not read) are not read.
 */
export function kotlinFunctions(root: SgNode): { callSiteArguments: (param: SgNode) => CallSites | undefined; returned: (call: SgNode) => Returned | undefined } {
  const usesByName = new Map<string, Use[]>();
  const declsByName = new Map<string, SgNode[]>();
  const delegations = new Map<string, { at: number; args: Arg[] | undefined; self: boolean; owner: SgNode }[]>();
  const bySite = new Map<number, { sig: Signature; sites: (SgNode | null)[][]; calls: (SgNode | undefined)[]; known: boolean[]; open: boolean } | undefined>();

  /** Every use of `name` as a callee or a reference (one query). */
  const usesOf = (name: string): Use[] => {
    let out = usesByName.get(name);
    if (out) return out;
    out = [];
    for (const id of root.findAll({ rule: { kind: 'simple_identifier', regex: `^${escapeRegex(name)}$` } })) {
      const p = id.parent();
      if (!p) continue;
      const pk = kindOf(p);
      const at = id.range().start.index;
      if (pk === 'call_expression' && namedKids(p)[0]?.id() === id.id()) {
        const args = argumentsOf(p);
        out.push({ at, call: p, ...(args ? { args } : {}) });
      } else if (pk === 'navigation_suffix') {
        const nav = p.parent();
        if (!nav) continue;
        const receiver = namedKids(nav)[0]?.text() ?? '';
        const call = nav.parent();
        if (p.text().startsWith('::')) out.push({ at, receiver }); // `this::digest`
        else if (call && kindOf(call) === 'call_expression' && namedKids(call)[0]?.id() === nav.id()) {
          const args = argumentsOf(call);
          out.push({ at, receiver, call, ...(args ? { args } : {}) });
        }
      } else if (pk === 'callable_reference') {
        out.push({ at }); // `::digest`
      } else if (pk === 'infix_expression' && namedKids(p)[1]?.id() === id.id()) {
        out.push({ at, receiver: namedKids(p)[0]?.text() ?? '' });
      }
    }
    usesByName.set(name, out);
    return out;
  };

  /** The functions named `name` (one query). */
  const declsOf = (name: string): SgNode[] => {
    let out = declsByName.get(name);
    if (!out) {
      out = root.findAll({ rule: { kind: 'function_declaration', has: { kind: 'simple_identifier', regex: `^${escapeRegex(name)}$` } } });
      declsByName.set(name, out);
    }
    return out;
  };

  /** Constructor delegations and supertype calls naming `type`, and enum entries (one query a type). */
  const delegationsOf = (type: string) => {
    let out = delegations.get(type);
    if (out) return out;
    out = [];
    const nodes = root.findAll({
      rule: {
        any: [
          { kind: 'constructor_delegation_call' },
          { kind: 'constructor_invocation', has: { kind: 'user_type', regex: `(^|\\.)${escapeRegex(type)}$` } },
          { kind: 'enum_entry' },
        ],
      },
    });
    for (const n of nodes) {
      const k = kindOf(n);
      const args = argumentsOfList(n);
      const at = n.range().start.index;
      if (k === 'enum_entry') {
        const owner = n.parent()?.parent();
        if (owner && typeName(owner) === type) out.push({ at, args, self: true, owner: n });
      } else if (k === 'constructor_invocation') {
        const owner = n.parent()?.parent();
        if (owner) out.push({ at, args, self: false, owner });
      } else {
        // `this(..)` in a constructor of `type`; `super(..)` in one of a class whose supertype is `type`.
        const ctor = n.parent();
        const owner = ctor && declaringType(ctor);
        if (!ctor || !owner) continue;
        const self = n.text().startsWith('this');
        if (self ? typeName(owner) === type : superName(owner) === type) out.push({ at, args, self, owner: ctor });
      }
    }
    delegations.set(type, out);
    return out;
  };

  const read = (fn: SgNode) => {
    const sig = signature(fn);
    if (!sig) return undefined;
    const k = kindOf(fn);
    const r = reach(fn);
    const span = nodeSpan(fn);
    // Per use: the parameter each argument fills, or null for an unknown use; and its call, if one.
    const uses: ({ args: Arg[]; slots: number[] } | null)[] = [];
    const calls: (SgNode | undefined)[] = [];
    const take = (overloads: (Signature | undefined)[], args: Arg[] | undefined, call?: SgNode): void => {
      if (!args) {
        uses.push(null);
        calls.push(call);
        return;
      }
      const fits = overloads.map((s) => (s ? { s, slots: bind(s, args) } : undefined)).filter((x) => x?.slots);
      const mine = fits.find((x) => x!.s.fn.id() === fn.id());
      if (!mine) return;
      uses.push(fits.length === 1 ? { args, slots: mine.slots! } : null);
      calls.push(call);
    };
    if (k === 'class_declaration' || k === 'secondary_constructor') {
      const type = k === 'class_declaration' ? fn : declaringType(fn);
      const name = type && typeName(type);
      if (!type || !name || kindOf(type) !== 'class_declaration') return undefined;
      const body = type.children().find((c) => BODY_KINDS.has(kindOf(c)));
      const ctors = [signature(type), ...(body ? namedKids(body).filter((c) => kindOf(c) === 'secondary_constructor').map(signature) : [])];
      // A call inside the secondary constructor itself is recursion; the class's own code may create instances.
      const recursive = (at: number): boolean => k === 'secondary_constructor' && within(at, span);
      for (const u of usesOf(name)) {
        if (recursive(u.at)) continue;
        if (u.call) take(ctors, u.args, u.call);
        else {
          uses.push(null); // a constructor reference `::Box`: called with anything
          calls.push(undefined);
        }
      }
      for (const d of delegationsOf(name)) {
        if (recursive(d.at) || d.owner.id() === fn.id()) continue;
        take(ctors, d.args);
      }
    } else {
      const name = kindOf(fn) === 'function_declaration' ? fn.children().find((c) => kindOf(c) === 'simple_identifier')?.text() : undefined;
      if (!name) return undefined;
      const words = modifierWords(fn);
      if (words.includes('operator') || words.includes('infix')) return undefined;
      // A member of an object expression (`object : TrustManager { … }`) is called through its supertype.
      const body = fn.parent();
      if (body && BODY_KINDS.has(kindOf(body)) && !declaringType(fn)) return undefined;
      // An extension function (`fun ByteArray.digest(..)`): a type written before the name.
      const before = fn.children().slice(0, fn.children().findIndex((c) => kindOf(c) === 'simple_identifier'));
      if (before.some((c) => c.isNamed() && kindOf(c) !== 'modifiers' && kindOf(c) !== 'type_parameters' && !/comment/.test(kindOf(c)))) return undefined;
      // The scope that declares a name: a local function's block, a member's type (a companion's: its class), the file.
      const home = (d: SgNode): SgNode => {
        const t = declaringType(d);
        return t ? named(t) : d.parent() ?? root;
      };
      const mine = home(fn);
      const decls = declsOf(name);
      const homes = decls.map(home);
      const overloads = decls.filter((d) => home(d).id() === mine.id()).map(signature);
      const type = TYPE_KINDS.has(kindOf(mine)) ? mine : undefined;
      const typeLabel = type ? typeName(type) : undefined;
      let nested: Scope[] | undefined;
      for (const u of usesOf(name)) {
        if (within(u.at, span)) continue; // recursion passes what it received
        let ours: boolean;
        if (u.receiver === undefined) {
          // A bare call: the nearest scope around it declaring the name must be this function's.
          let nearest: SgNode | undefined;
          let start = -2;
          for (const h of homes) {
            const s = h.id() === root.id() ? { start: -1, end: Number.MAX_SAFE_INTEGER } : nodeSpan(h);
            if (within(u.at, s) && s.start > start) {
              start = s.start;
              nearest = h;
            }
          }
          ours = nearest?.id() === mine.id();
        } else if (!type) {
          ours = false; // a top-level or local function is not called on a receiver
        } else if (u.receiver === 'this' || u.receiver.startsWith('this@')) {
          const label = u.receiver.slice(5);
          // `this` is the innermost class's instance: inside this type, outside the types nested in it.
          ours = label ? label === typeLabel : within(u.at, nodeSpan(type)) && !(nested ??= nestedTypes(type)).some((t) => within(u.at, t));
        } else {
          const receiver = u.receiver.replace(/\s+/g, '').replace(/\.Companion$/, '');
          ours = receiver.slice(receiver.lastIndexOf('.') + 1) === typeLabel;
        }
        if (!ours) {
          // A member of a private type is reached through its instances: any receiver may be one.
          if (r === 'type' && u.receiver !== undefined && !u.receiver.startsWith('this')) {
            if (!u.args || overloads.some((s) => s && bind(s, u.args!))) {
              uses.push(null);
              calls.push(undefined);
            }
          }
          continue;
        }
        if (!u.call) {
          uses.push(null); // a reference `::digest`, an infix use: called with anything
          calls.push(undefined);
          continue;
        }
        take(overloads, u.args, u.call);
      }
    }
    return {
      sig,
      sites: uses.map((u) => sig.params.map((p, i) => {
        if (!u) return null;
        if (p.vararg) return null;
        const j = u.slots.indexOf(i);
        return j >= 0 ? u.args[j]!.value : p.fallback;
      })),
      calls,
      known: uses.map((u) => u !== null),
      open: r === 'open',
    };
  };

  const cached = (fn: SgNode) => {
    if (!bySite.has(fn.id())) bySite.set(fn.id(), read(fn));
    return bySite.get(fn.id());
  };

  const callSiteArguments = (param: SgNode): CallSites | undefined => {
    const k = kindOf(param);
    let fn: SgNode | null | undefined;
    if (k === 'class_parameter') {
      // A `var` property may be reassigned after construction: its value is not only the caller's.
      if (param.children().find((c) => kindOf(c) === 'binding_pattern_kind')?.text() === 'var') return undefined;
      fn = param.parent()?.parent();
    } else if (k === 'parameter' && kindOf(param.parent() ?? param) === 'function_value_parameters') {
      fn = param.parent()?.parent();
    }
    if (!fn) return undefined;
    const fk = kindOf(fn);
    if (fk !== 'function_declaration' && fk !== 'secondary_constructor' && fk !== 'class_declaration') return undefined;
    const entry = cached(fn);
    if (!entry) return undefined;
    const name = param.children().find((c) => kindOf(c) === 'simple_identifier')?.text();
    const index = entry.sig.params.findIndex((p) => p.name === name);
    if (index < 0 || entry.sig.params[index]!.vararg) return undefined;
    return { function: fn.id(), name: declaredName(fn), args: entry.sites.map((s) => s[index] ?? null), open: entry.open };
  };

  /**
   * A call of a function of the file, read as callSiteArguments reads its calls (the call must be one
   * of its sites, with one overload that fits): what its `return`s, or its `= expr` body, give. Kotlin
   * functions are final unless `open`, `abstract` or `override` (or an interface's): only those keep
   * an override's unknown case.
   */
  const returned = (call: SgNode): Returned | undefined => {
    if (kindOf(call) !== 'call_expression') return undefined;
    const callee = namedKids(call)[0];
    const id = callee && kindOf(callee) === 'navigation_expression' ? namedKids(namedKids(callee).at(-1) ?? callee).at(-1) : callee;
    if (!id || kindOf(id) !== 'simple_identifier') return undefined;
    for (const fn of declsOf(id.text())) {
      const entry = cached(fn);
      const site = entry?.calls.findIndex((c) => c?.id() === call.id()) ?? -1;
      if (!entry || site < 0) continue;
      if (!entry.known[site]) return undefined; // several overloads fit: which one runs is not read
      const words = modifierWords(fn);
      const owner = declaringType(fn);
      const open = ['open', 'abstract', 'override'].some((w) => words.includes(w)) || (owner !== undefined && /^interface\b/.test(owner.text()));
      const returns = returnedExpressions(fn);
      return { function: fn.id(), open, site, returns: returns.map((r) => r.value), guards: returns.map((r) => r.guards) };
    }
    return undefined;
  };

  return { callSiteArguments, returned };
}

/** Kotlin's `if`: condition, then body, else body (positional); an arm ends in `return` or `throw` to leave. */
const KT_IF: IfSyntax = {
  arm(a, child) {
    if (kindOf(a) !== 'if_expression') return undefined;
    const [condition, then, otherwise] = namedKids(a);
    if (!condition) return undefined;
    if (then?.id() === child.id()) return { condition, holds: true };
    return otherwise?.id() === child.id() ? { condition, holds: false } : undefined;
  },
  exitsWhen(stmt) {
    if (kindOf(stmt) !== 'if_expression') return undefined;
    const [condition, then, otherwise] = namedKids(stmt);
    if (!condition || !then || otherwise) return undefined;
    let last: SgNode | undefined = namedKids(then).at(-1);
    if (last && kindOf(last) === 'statements') last = namedKids(last).at(-1);
    return last && kindOf(last) === 'jump_expression' && /^(return|throw)\b/.test(last.text()) ? condition : undefined;
  },
};

/** What a function returns: its `return` values (not those of lambdas or local functions inside it) with the conditions each needs, or its `= expr` body. */
function returnedExpressions(fn: SgNode): { value: SgNode; guards: Guard[] }[] {
  const body = fn.children().find((c) => kindOf(c) === 'function_body');
  if (!body) return [];
  const first = namedKids(body)[0];
  if (first && kindOf(first) !== 'statements') return [{ value: first, guards: [] }];
  const out: { value: SgNode; guards: Guard[] }[] = [];
  for (const j of body.findAll({ rule: { kind: 'jump_expression', regex: '^return\\b' } })) {
    const owner = j.ancestors().find((a) => kindOf(a) === 'function_declaration' || kindOf(a) === 'lambda_literal' || kindOf(a) === 'anonymous_function');
    const value = namedKids(j)[0];
    if (owner?.id() === fn.id() && value) out.push({ value, guards: conditionGuards(j, fn, KT_IF) });
  }
  return out;
}

/** The arguments of a delegation, supertype call or enum entry (its `value_arguments`). */
function argumentsOfList(n: SgNode): Arg[] | undefined {
  const list = n.children().find((c) => kindOf(c) === 'value_arguments');
  const out: Arg[] = [];
  for (const a of list ? namedKids(list) : []) {
    if (kindOf(a) !== 'value_argument') continue;
    const inner = namedKids(a);
    const value = inner[inner.length - 1];
    if (!value) continue;
    if (kindOf(value) === 'spread_expression') return undefined;
    const isNamed = inner.length >= 2 && a.children().some((c) => !c.isNamed() && c.text() === '=');
    out.push(isNamed ? { name: inner[0]!.text(), value } : { value });
  }
  return out;
}

/** The class a class extends (its supertype called as a constructor: `class Aes : Base(..)`), or undefined. */
function superName(type: SgNode): string | undefined {
  for (const d of type.children()) {
    if (kindOf(d) !== 'delegation_specifier') continue;
    const inv = d.children().find((c) => kindOf(c) === 'constructor_invocation');
    const t = inv?.children().find((c) => kindOf(c) === 'user_type')?.text();
    if (t) return t.slice(t.lastIndexOf('.') + 1);
  }
  // `class Aes : Base { constructor(..) : super(..) }`: a supertype without a constructor call.
  const first = type.children().find((c) => kindOf(c) === 'delegation_specifier')?.text().replace(/<[\s\S]*$/, '').trim();
  return first ? first.slice(first.lastIndexOf('.') + 1) : undefined;
}

/** The spans of the types nested in `type` (where `this` is theirs). */
function nestedTypes(type: SgNode): Scope[] {
  const body = type.children().find((c) => BODY_KINDS.has(kindOf(c)));
  return (body?.findAll({ rule: { any: [{ kind: 'class_declaration' }, { kind: 'object_declaration' }, { kind: 'object_literal' }] } }) ?? []).map(nodeSpan);
}

