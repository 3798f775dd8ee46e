// The arguments a Swift file's own calls pass to one of its functions, methods or initialisers: how a
// helper's parameter (`private func digest(_ data: Data, using name: String)` around `CC_…` or a
// CryptoKit call chosen by name) gets the values its callers name (LanguageAdapter.callSiteArguments;
// docs/detectors.md, Swift, "Values passed by the file's own calls").
import type { SgNode } from '@ast-grep/napi';
import type { CallSites, Guard, Returned } from '../common/evaluate.js';
import type { Binding } from '../common/symbols.js';
import { conditionGuards, type IfSyntax } from '../common/paths.js';
import { declaredName, kindOf } from '../common/languages.js';
import { escapeRegex } from '../common/regex.js';
import { nodeSpan } from '../common/scopes.js';
import type { Scope } from '../common/symbols.js';
import { namedKids, suffixName, typeName } from './syntax.js';

const BODY_KINDS = new Set(['class_body', 'enum_class_body']);
const FUNCTION_KINDS = new Set(['function_declaration', 'init_declaration']);

interface Param {
  /** The argument label a call writes (`using`), or undefined for `_`. */
  label?: string;
  name: string;
  fallback: SgNode | null;
  variadic: boolean;
}

/** A function's or initialiser's parameters as a call fills them. */
interface Signature {
  fn: SgNode;
  params: Param[];
}

interface Arg {
  label?: string;
  /** A trailing closure: fills the first parameter left after the others. */
  closure?: boolean;
  value: SgNode;
}

const within = (at: number, s: Scope): boolean => at >= s.start && at < s.end;

/** The modifier words of a declaration (`private`, `fileprivate`, `override`, `static`, `@objc` as `objc`). */
function modifierWords(n: SgNode): string[] {
  const mods = n.children().find((c) => kindOf(c) === 'modifiers');
  return mods ? mods.text().split(/[\s@()]+/).filter(Boolean) : [];
}

function signature(fn: SgNode): Signature {
  const params: Param[] = [];
  const kids = fn.children();
  for (let i = 0; i < kids.length; i++) {
    const p = kids[i]!;
    if (kindOf(p) !== 'parameter') continue;
    const ids = namedKids(p).filter((c) => kindOf(c) === 'simple_identifier').map((c) => c.text());
    const name = ids.at(-1) ?? '';
    const external = ids.length >= 2 ? ids[0]! : name;
    let fallback: SgNode | null = null;
    if (kids[i + 1]?.text() === '=') fallback = kids.slice(i + 2).find((c) => c.isNamed() && !/comment/.test(kindOf(c))) ?? null;
    params.push({ ...(external !== '_' ? { label: external } : {}), name, fallback, variadic: p.children().some((c) => c.text() === '...') });
  }
  return { fn, params };
}

const isStruct = (t: SgNode): boolean => t.children().some((c) => c.text() === 'struct');

/**
 * A struct's memberwise initialiser, when it has one (no initialiser in its own body): its stored
 * properties in order, labelled by their names, a `var` with a value optional; a `let` with a value
 * and computed, static or lazy properties are no parameters.
 */
function memberwise(type: SgNode): Signature | undefined {
  if (!isStruct(type)) return undefined;
  const body = type.children().find((c) => BODY_KINDS.has(kindOf(c)));
  if (!body) return undefined;
  const params: Param[] = [];
  for (const d of namedKids(body)) {
    const k = kindOf(d);
    if (k === 'init_declaration') return undefined;
    if (k !== 'property_declaration') continue;
    const words = modifierWords(d);
    if (words.includes('static') || words.includes('class') || words.includes('lazy')) continue;
    const kids = d.children();
    if (kids.some((c) => kindOf(c) === 'computed_property')) continue;
    const name = namedKids(kids.find((c) => kindOf(c) === 'pattern') ?? d).find((c) => kindOf(c) === 'simple_identifier')?.text();
    if (!name) continue;
    const eq = kids.findIndex((c) => c.text() === '=');
    const value = eq >= 0 ? kids.slice(eq + 1).find((c) => c.isNamed() && !/comment/.test(kindOf(c))) ?? null : null;
    const isLet = kids.find((c) => kindOf(c) === 'value_binding_pattern')?.text() === 'let';
    if (isLet && value) continue;
    params.push({ label: name, name, fallback: value, variadic: false });
  }
  return { fn: type, params };
}

/**
 * Which parameter each argument fills, or undefined when the call cannot be one of `s`: arguments come
 * in parameter order, each with its parameter's label (none for `_`); parameters with a default may be
 * left out; a variadic parameter takes the unlabelled arguments after it; a trailing closure fills the
 * first parameter left.
 */
function bind(s: Signature, args: Arg[]): number[] | undefined {
  const out: number[] = [];
  let p = 0;
  for (const a of args) {
    if (a.closure) {
      // A trailing closure fills the last parameter; those between are left to their defaults.
      const last = s.params.length - 1;
      if (last < p || s.params.slice(p, last).some((q) => q.fallback === null && !q.variadic)) return undefined;
      out.push(last);
      p = last + 1;
      continue;
    }
    // A variadic parameter just filled takes further unlabelled arguments.
    if (a.label === undefined && p > 0 && s.params[p - 1]!.variadic && out.length && out[out.length - 1] === p - 1) {
      out.push(p - 1);
      continue;
    }
    while (p < s.params.length && s.params[p]!.label !== a.label && (s.params[p]!.fallback !== null || s.params[p]!.variadic)) p++;
    if (p >= s.params.length || s.params[p]!.label !== a.label) return undefined;
    out.push(p);
    p++;
  }
  for (; p < s.params.length; p++) if (s.params[p]!.fallback === null && !s.params[p]!.variadic && !out.includes(p)) return undefined;
  return out;
}

function argumentsOf(call: SgNode): Arg[] {
  const out: Arg[] = [];
  const suffix = call.children().find((c) => kindOf(c) === 'call_suffix' || kindOf(c) === 'constructor_suffix');
  for (const part of suffix ? namedKids(suffix) : []) {
    const k = kindOf(part);
    if (k === 'value_arguments') {
      for (const a of namedKids(part)) {
        if (kindOf(a) !== 'value_argument') continue;
        const kids = a.children().filter((c) => !/comment/.test(kindOf(c)) && c.text() !== ':');
        const labelNode = kids.find((c) => kindOf(c) === 'value_argument_label');
        const value = kids.filter((c) => kindOf(c) !== 'value_argument_label').at(-1);
        if (!value) continue;
        const label = labelNode?.text();
        out.push({ ...(label ? { label } : {}), value });
      }
    } else if (k === 'lambda_literal') {
      out.push({ closure: true, value: part });
    }
  }
  return out;
}

/** The type declaration (class, struct, enum, actor, extension) whose body holds a member. */
function declaringType(member: SgNode): SgNode | undefined {
  const body = member.parent();
  const t = body && BODY_KINDS.has(kindOf(body)) ? body.parent() : undefined;
  return t && kindOf(t) === 'class_declaration' ? t : undefined;
}

/** A type declaration's simple name (`extension Outer.Inner` -> Inner). */
function simpleName(type: SgNode): string | undefined {
  const n = typeName(type);
  return n?.slice(n.lastIndexOf('.') + 1).replace(/<[\s\S]*$/, '');
}

const isExtension = (t: SgNode): boolean => t.children().some((c) => c.text() === 'extension');
const conforms = (t: SgNode): boolean => t.children().some((c) => kindOf(c) === 'inheritance_specifier');

/**
 * Who besides the file's own calls may call a function: 'open' (internal, public and open
 * declarations, overrides, `@objc`/`dynamic` members called through the runtime, members of a type
 * that conforms to a protocol or inherits, which code elsewhere calls through it), 'closed' (`private`
 * or `fileprivate`, members of a `private extension`, local functions), 'type' (a member of a private
 * or fileprivate type: only this file reaches it, through instances, so a call on any receiver may be one).
 */
function reach(fn: SgNode): 'open' | 'closed' | 'type' {
  const words = modifierWords(fn);
  if (words.includes('override') || words.includes('objc') || words.includes('dynamic') || words.includes('IBAction')) return 'open';
  if (words.includes('private') || words.includes('fileprivate')) return 'closed';
  const type = declaringType(fn);
  if (!type) return kindOf(fn.parent() ?? fn) === 'source_file' ? 'open' : 'closed'; // a local function
  if (isExtension(type)) {
    const ext = modifierWords(type);
    return ext.includes('private') || ext.includes('fileprivate') ? 'closed' : 'open';
  }
  for (let t: SgNode | undefined = type; t; t = declaringType(t)) {
    const tw = modifierWords(t);
    if (!tw.includes('private') && !tw.includes('fileprivate')) continue;
    for (let u: SgNode | undefined = type; u; u = declaringType(u)) {
      if (conforms(u)) return 'open';
      if (u === t) break;
    }
    return 'type';
  }
  return 'open';
}

/**
 * Reach of a struct's memberwise initialiser: closed when the struct is private or fileprivate (or
 * nested in such a type) or one of its stored properties is; open when it conforms to a protocol
 * (`Decodable` makes instances from data) or otherwise internal.
 */
function memberwiseReach(type: SgNode): 'open' | 'closed' {
  if (conforms(type)) return 'open';
  const body = type.children().find((c) => BODY_KINDS.has(kindOf(c)));
  for (const d of body ? namedKids(body) : []) {
    if (kindOf(d) !== 'property_declaration') continue;
    const words = modifierWords(d);
    if ((words.includes('private') || words.includes('fileprivate')) && !words.includes('set')) return 'closed';
  }
  for (let t: SgNode | undefined = type; t; t = declaringType(t)) {
    const tw = modifierWords(t);
    if (tw.includes('private') || tw.includes('fileprivate')) return 'closed';
  }
  return 'open';
}

interface Use {
  at: number;
  /** `digest(..)` has none; `self.digest(..)`, `Vault.digest(..)`, `x.digest(..)` their receiver's text. */
  receiver?: string;
  /** Undefined for a reference (`list.map(digest)`, `#selector(digest)`). */
  args?: Arg[];
}

/**
 * callSiteArguments for a Swift file. A function's calls are the calls of its name whose argument labels
 * fit its parameters (labels in order, defaulted parameters skipped, a trailing closure; overloads of
 * the same type that fit too make the call an unknown use): bare calls in the scope declaring it (the
 * file for a global function, the type with its extensions in the file for a member, the block for a
 * local function) unless a nearer scope declares the name, calls on `self`/`Self`, and on the type's
 * name (`Vault.digest(..)`). An initialiser's are `Type(..)`, `Type.init(..)`, `self.init(..)` in the
 * type and `super.init(..)` in a subclass. A variadic parameter is not read; a reference to the function
 * (passed as a closure, `#selector`) is an unknown use.
 */
export function swiftFunctions(root: SgNode, bindingOf?: (node: SgNode) => Binding | undefined): {
  callSiteArguments: (param: SgNode) => CallSites | undefined;
  returned: (call: SgNode) => Returned | undefined;
  computedProperty: (member: SgNode) => SgNode | undefined;
} {
  const usesByName = new Map<string, Use[]>();
  const declsByName = new Map<string, SgNode[]>();
  const typesByName = new Map<string, SgNode[]>();
  let inits: SgNode[] | undefined;
  let allTypes: SgNode[] | undefined;
  const types = (): SgNode[] => (allTypes ??= root.findAll({ rule: { any: [{ kind: 'class_declaration' }, { kind: 'protocol_declaration' }] } }));
  const bySite = new Map<number, { sig: Signature; sites: (SgNode | null)[][]; ats: number[]; known: boolean[]; open: boolean } | undefined>();

  /** Every use of `name` as a callee or a function reference (one query). */
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
        out.push({ at, args: argumentsOf(p) });
      } else if (pk === 'navigation_suffix') {
        const nav = p.parent();
        const call = nav?.parent();
        if (!nav || !call || kindOf(call) !== 'call_expression' || namedKids(call)[0]?.id() !== nav.id()) continue;
        const receiver = namedKids(nav)[0]?.text() ?? '';
        out.push({ at, receiver, args: argumentsOf(call) });
      } else if (pk === 'prefix_expression' && p.children()[0]?.text() === '.') {
        // `.init(..)`, `.make(..)`: an implicit member of the type the context expects.
        const call = p.parent();
        if (call && kindOf(call) === 'call_expression' && namedKids(call)[0]?.id() === p.id()) out.push({ at, receiver: '.', args: argumentsOf(call) });
      } else if (pk === 'value_argument' && namedKids(p).filter((c) => kindOf(c) !== 'value_argument_label').length === 1) {
        // `list.map(digest)`, `#selector(digest)`: the function passed on, called with anything. (A
        // variable of the same name passed as an argument looks the same: an unknown use too, which
        // only ever keeps a value unknown.)
        out.push({ at });
      }
    }
    usesByName.set(name, out);
    return out;
  };

  const declsOf = (name: string): SgNode[] => {
    let out = declsByName.get(name);
    if (!out) {
      out = root.findAll({ rule: { kind: 'function_declaration', has: { kind: 'simple_identifier', regex: `^${escapeRegex(name)}$` } } });
      declsByName.set(name, out);
    }
    return out;
  };

  /** The declarations and extensions of the type named `name` in the file. */
  const typesOf = (name: string): SgNode[] => {
    let out = typesByName.get(name);
    if (!out) {
      out = root.findAll({ rule: { kind: 'class_declaration', has: { any: [{ kind: 'type_identifier' }, { kind: 'user_type' }], regex: `(^|\\.)${escapeRegex(name)}(<[\\s\\S]*)?$` } } })
        .filter((t) => simpleName(t) === name);
      typesByName.set(name, out);
    }
    return out;
  };

  const read = (fn: SgNode) => {
    const sig = kindOf(fn) === 'class_declaration' ? memberwise(fn) : signature(fn);
    if (!sig) return undefined;
    const r = kindOf(fn) === 'class_declaration' ? memberwiseReach(fn) : reach(fn);
    const span = nodeSpan(fn);
    const uses: ({ args: Arg[]; slots: number[] } | null)[] = [];
    /** Per use: where the called name is written (a call's site, for `returned`). */
    const ats: number[] = [];
    const take = (overloads: Signature[], args: Arg[] | undefined, at: number): void => {
      if (!args) {
        uses.push(null);
        ats.push(at);
        return;
      }
      const fits = overloads.map((s) => ({ s, slots: bind(s, args) })).filter((x) => x.slots);
      const mine = fits.find((x) => x.s.fn.id() === fn.id());
      if (!mine) return;
      uses.push(fits.length === 1 ? { args, slots: mine.slots! } : null);
      ats.push(at);
    };
    const type = kindOf(fn) === 'class_declaration' ? fn : declaringType(fn);
    const typeLabel = type ? simpleName(type) : undefined;
    if (kindOf(fn) !== 'function_declaration') {
      if (!type || !typeLabel) return undefined;
      const decls = typesOf(typeLabel);
      inits ??= root.findAll({ rule: { kind: 'init_declaration' } });
      const overloads = inits.filter((i) => {
        const t = declaringType(i);
        return t !== undefined && decls.some((d) => d.id() === t.id());
      }).map(signature);
      const implicit = decls.map(memberwise).find((m) => m !== undefined);
      if (implicit) overloads.push(implicit);
      const spans = decls.map(nodeSpan);
      for (const u of usesOf(typeLabel)) {
        if (u.receiver !== undefined || !u.args) continue; // `Vault(..)`; a reference to the type is no call
        take(overloads, u.args, u.at);
      }
      for (const u of usesOf('init')) {
        if ((kindOf(fn) === 'init_declaration' && within(u.at, span)) || u.receiver === undefined) continue;
        const receiver = u.receiver.replace(/\s+/g, '');
        if (receiver === 'self' || receiver === 'Self' || receiver === '.') {
          // `self.init(..)` in a convenience initialiser; `.init(..)` where the type is expected (within
          // the type, whose labels the arguments fit: most often its own).
          if (spans.some((s) => within(u.at, s))) take(overloads, u.args, u.at);
        } else if (receiver === 'super') {
          const sub = enclosingType(u.at, types());
          const base = sub?.children().find((c) => kindOf(c) === 'inheritance_specifier')?.text().replace(/<[\s\S]*$/, '').trim();
          if (base && base.slice(base.lastIndexOf('.') + 1) === typeLabel) take(overloads, u.args, u.at);
        } else if (receiver.slice(receiver.lastIndexOf('.') + 1) === typeLabel) {
          take(overloads, u.args, u.at);
        }
      }
    } else {
      const name = namedKids(fn).find((c) => kindOf(c) === 'simple_identifier')?.text();
      if (!name) return undefined;
      // The scope declaring a name: a member's type (with its extensions), the file, a local function's block.
      const homeKey = (d: SgNode): string => {
        const t = declaringType(d);
        if (t) return `type:${simpleName(t) ?? ''}`;
        const parent = d.parent();
        return !parent || kindOf(parent) === 'source_file' ? 'file' : `block:${parent.id()}`;
      };
      const spansOf = (d: SgNode): Scope[] => {
        const t = declaringType(d);
        if (t) return typesOf(simpleName(t) ?? '').map(nodeSpan);
        const parent = d.parent();
        return !parent || kindOf(parent) === 'source_file' ? [{ start: -1, end: Number.MAX_SAFE_INTEGER }] : [nodeSpan(parent)];
      };
      const mine = homeKey(fn);
      const decls = declsOf(name);
      const homes = decls.map((d) => ({ key: homeKey(d), spans: spansOf(d) }));
      const overloads = decls.filter((d) => homeKey(d) === mine).map(signature);
      const mySpans = spansOf(fn);
      let nested: Scope[] | undefined;
      for (const u of usesOf(name)) {
        if (within(u.at, span)) continue; // recursion passes what it received
        let ours: boolean;
        if (u.receiver === undefined) {
          // A bare call or reference: the nearest scope around it declaring the name must be this function's.
          let nearest: string | undefined;
          let start = -2;
          for (const h of homes) for (const s of h.spans) if (within(u.at, s) && s.start > start) {
            start = s.start;
            nearest = h.key;
          }
          ours = nearest === mine;
        } else if (!typeLabel) {
          ours = false;
        } else {
          const receiver = u.receiver.replace(/\s+/g, '');
          if (receiver === 'self' || receiver === 'Self') {
            // `self` is the innermost type's instance: inside this type or an extension of it, outside the types nested in them.
            nested ??= mySpans.flatMap((s) => nestedTypes(types(), s));
            ours = mySpans.some((s) => within(u.at, s)) && !nested.some((t) => within(u.at, t));
          } else {
            ours = receiver.slice(receiver.lastIndexOf('.') + 1) === typeLabel;
          }
          if (!ours) {
            // A member of a private type is reached through its instances: any receiver may be one.
            if (r === 'type' && receiver !== 'super' && (!u.args || overloads.some((s) => bind(s, u.args!)))) {
              uses.push(null);
              ats.push(u.at);
            }
            continue;
          }
        }
        if (!ours) continue;
        take(overloads, u.args, u.at);
      }
    }
    return {
      sig,
      sites: uses.map((u) => sig.params.map((p, i) => {
        if (!u || p.variadic) return null;
        const j = u.slots.indexOf(i);
        return j >= 0 ? u.args[j]!.value : p.fallback;
      })),
      ats,
      known: uses.map((u) => u !== null),
      open: r === 'open',
    };
  };

  const cached = (fn: SgNode) => {
    if (!bySite.has(fn.id())) bySite.set(fn.id(), read(fn));
    return bySite.get(fn.id());
  };

  const callSiteArguments = (param: SgNode): CallSites | undefined => {
    let fn: SgNode | null | undefined;
    let index = -1;
    if (kindOf(param) === 'parameter') {
      fn = param.parent();
      if (!fn || !FUNCTION_KINDS.has(kindOf(fn))) return undefined;
      index = fn.children().filter((c) => kindOf(c) === 'parameter').findIndex((p) => p.id() === param.id());
    } else if (kindOf(param) === 'property_declaration') {
      // A stored `let` of a struct: what its memberwise initialiser's calls pass.
      fn = declaringType(param);
      if (!fn || isExtension(fn)) return undefined;
    } else {
      return undefined;
    }
    const entry = cached(fn);
    if (!entry) return undefined;
    if (kindOf(param) === 'property_declaration') {
      const name = namedKids(param.children().find((c) => kindOf(c) === 'pattern') ?? param).find((c) => kindOf(c) === 'simple_identifier')?.text();
      index = entry.sig.params.findIndex((p) => p.name === name);
    }
    if (index < 0 || entry.sig.params[index]!.variadic) return undefined;
    return { function: fn.id(), name: declaredName(fn), args: entry.sites.map((s) => s[index] ?? null), open: entry.open };
  };

  /**
   * A call of a function of the file that is one of its call sites (as callSiteArguments reads them,
   * with one overload that fits): what its `return`s, or its single-expression body, give. A method of
   * a class that is neither `final`, `private`, `fileprivate` nor `static` may be overridden elsewhere.
   */
  const returned = (call: SgNode): Returned | undefined => {
    if (kindOf(call) === 'navigation_expression') {
      const decl = computedProperty(call);
      return decl ? propertyReturns(decl, namedKids(call)[0]) : undefined;
    }
    // A computed property named bare in its type (`CCHmac(ccHmacAlgorithm, …)`): the binding's value is its declaration (swiftBindings).
    if (kindOf(call) === 'property_declaration') return computedBody(call) && declaringType(call) ? propertyReturns(call, undefined) : undefined;
    if (kindOf(call) !== 'call_expression') return undefined;
    const callee = namedKids(call)[0];
    const id = callee && kindOf(callee) === 'navigation_expression' ? namedKids(namedKids(callee).at(-1) ?? callee).at(-1) : callee;
    if (!id || kindOf(id) !== 'simple_identifier') return undefined;
    const at = id.range().start.index;
    for (const fn of declsOf(id.text())) {
      const entry = cached(fn);
      const site = entry?.ats.indexOf(at) ?? -1;
      if (!entry || site < 0) continue;
      if (!entry.known[site]) return undefined; // several overloads fit: which one runs is not read
      const type = declaringType(fn);
      const words = modifierWords(fn);
      const inClass = type !== undefined && /^(final\s+)?class\b/.test(type.text().replace(/^(@\w+\s+|public\s+|open\s+|internal\s+)*/, ''));
      const open = inClass && !['final', 'private', 'fileprivate', 'static'].some((w) => words.includes(w)) && !modifierWords(type).includes('final');
      const returns = returnedExpressions(fn);
      return { function: fn.id(), open, site, returns: returns.map((r) => r.value), guards: returns.map((r) => r.guards) };
    }
    return undefined;
  };

  /** Member declarations (stored, computed, protocol requirements) by property name. */
  const propertiesByName = new Map<string, SgNode[]>();
  const propertiesNamed = (name: string): SgNode[] => {
    let out = propertiesByName.get(name);
    if (!out) {
      const re = `^${escapeRegex(name)}$`;
      out = root.findAll({ rule: { any: [
        { kind: 'property_declaration', has: { kind: 'pattern', has: { kind: 'simple_identifier', regex: re } } },
        { kind: 'protocol_property_declaration', has: { kind: 'pattern', has: { kind: 'simple_identifier', regex: re } } },
      ] } }).filter((d) => kindOf(d) === 'protocol_property_declaration' || declaringType(d) !== undefined);
      propertiesByName.set(name, out);
    }
    return out;
  };

  /** The type a receiver is declared with: `self` in a type, a parameter or a `let` with a type annotation. */
  const receiverType = (object: SgNode): string | undefined => {
    if (kindOf(object) === 'self_expression') {
      const t = object.ancestors().find((a) => kindOf(a) === 'class_declaration');
      return t ? simpleName(t) : undefined;
    }
    // `JWSAlg.rs256.secKeyAlgorithm`: a case of a type the file declares.
    if (kindOf(object) === 'navigation_expression') {
      const head = namedKids(object)[0];
      return head && kindOf(head) === 'simple_identifier' && typesOf(head.text()).length > 0 && !bindingOf?.(head) ? head.text() : undefined;
    }
    if (kindOf(object) !== 'simple_identifier' || !bindingOf) return undefined;
    const b = bindingOf(object);
    const decl = b?.param ?? (b?.value ? b.value.parent() : undefined);
    if (!decl || (kindOf(decl) !== 'parameter' && kindOf(decl) !== 'property_declaration')) return undefined;
    const annotation = kindOf(decl) === 'parameter' ? decl : decl.children().find((c) => kindOf(c) === 'type_annotation');
    const type = annotation?.children().find((c) => /_type$/.test(kindOf(c)));
    const id = type ? (kindOf(type) === 'user_type' ? type : type.find({ rule: { kind: 'user_type' } })) : undefined;
    return id?.text().replace(/<[\s\S]*$/, '').split('.').pop()?.trim();
  };

  /** Names of the computed properties the file's types and extensions declare (one query). */
  let computedNames: Set<string> | undefined;
  const isComputedName = (name: string): boolean => {
    computedNames ??= new Set(root.findAll({ rule: { kind: 'computed_property' } }).map((c) => c.parent())
      .filter((d): d is SgNode => d !== null && kindOf(d) === 'property_declaration' && declaringType(d) !== undefined)
      .map((d) => namedKids(d.children().find((c) => kindOf(c) === 'pattern') ?? d).find((c) => kindOf(c) === 'simple_identifier')?.text() ?? ''));
    return computedNames.has(name);
  };

  const computedByMember = new Map<number, SgNode | undefined>();
  /**
   * The computed property of the file that `x.name` reads: the one member declaration of that name in
   * the file's types and extensions, or, where several types declare it, the one of the type the receiver
   * is declared with (`algorithm: SignatureAlgorithm`, `self`). Undefined when that declaration is stored,
   * a protocol requirement, or not the receiver's type.
   */
  const computedProperty = (member: SgNode): SgNode | undefined => {
    if (computedByMember.has(member.id())) return computedByMember.get(member.id());
    let found: SgNode | undefined;
    const [object, suffix] = namedKids(member);
    const name = suffix ? suffixName(suffix) : undefined;
    if (object && name && isComputedName(name)) {
      const decls = propertiesNamed(name);
      if (decls.length > 0 && decls.some(computedBody)) {
        const type = receiverType(object);
        const mine = type === undefined ? decls : decls.filter((d) => kindOf(d) === 'property_declaration' && simpleName(declaringType(d)!) === type);
        if (mine.length === 1 && computedBody(mine[0]!)) found = mine[0];
      }
    }
    computedByMember.set(member.id(), found);
    return found;
  };

  /**
   * What `x.name` gives for a computed property of the file: its getter's `return`s (or its one
   * expression). In a `switch self`, the arms are each a case, unless the receiver is written as one of
   * the cases (`.RS256`, `SignatureAlgorithm.RS256`): then the arms that match it (or `default`).
   */
  const propertyReturns = (decl: SgNode, receiver: SgNode | undefined): Returned => {
    const type = declaringType(decl)!;
    let returns = returnedExpressions(decl);
    const chosen = enumCase(receiver, simpleName(type));
    if (chosen) {
      const picked = returns.filter((r) => switchArm(r.value, decl, chosen));
      if (picked.length > 0) returns = picked;
      else returns = returns.filter((r) => switchArm(r.value, decl, undefined));
    }
    const words = modifierWords(decl);
    const inClass = /^(final\s+)?class\b/.test(type.text().replace(/^(@\w+\s+|public\s+|open\s+|internal\s+)*/, ''));
    const open = inClass && !['final', 'private', 'fileprivate', 'static'].some((w) => words.includes(w)) && !modifierWords(type).includes('final');
    // The getter's body stands for the function: the declaration itself is the node a bare name's value is read at.
    return { function: computedBody(decl)!.id(), open, returns: returns.map((r) => r.value), guards: returns.map((r) => r.guards) };
  };

  return { callSiteArguments, returned, computedProperty };
}

/** The statements of a computed property's getter (`var x: T { … }`, `var x: T { get { … } set { … } }`); undefined for a stored or observed one. */
export function computedBody(decl: SgNode): SgNode | undefined {
  if (kindOf(decl) !== 'property_declaration') return undefined;
  const computed = decl.children().find((c) => kindOf(c) === 'computed_property');
  if (!computed) return undefined;
  const getter = computed.children().find((c) => kindOf(c) === 'computed_getter');
  if (getter) return getter.children().find((c) => kindOf(c) === 'statements');
  if (computed.children().some((c) => kindOf(c) === 'computed_setter' || kindOf(c) === 'computed_modify')) return undefined;
  return computed.children().find((c) => kindOf(c) === 'statements');
}

/** `.RS256` or `SignatureAlgorithm.RS256` (the property's own type): the case a receiver is written as. */
function enumCase(object: SgNode | undefined, type: string | undefined): string | undefined {
  if (!object) return undefined;
  if (kindOf(object) === 'prefix_expression' && object.children()[0]?.text() === '.') {
    const id = object.children()[1];
    return id && kindOf(id) === 'simple_identifier' ? id.text() : undefined;
  }
  if (kindOf(object) === 'navigation_expression') {
    const [head, suffix] = namedKids(object);
    if (head && kindOf(head) === 'simple_identifier' && head.text() === type && suffix) return suffixName(suffix);
  }
  return undefined;
}

/**
 * Whether a returned value is in an arm of a `switch self` of the property's getter that matches the
 * case `name` (`case .RS256, .RS384:`); with `name` undefined, whether it is in the `default` arm.
 * A value outside such a switch is in every arm.
 */
function switchArm(value: SgNode, decl: SgNode, name: string | undefined): boolean {
  const entry = value.ancestors().find((a) => kindOf(a) === 'switch_entry');
  const sw = entry?.parent();
  if (!entry || !sw || kindOf(sw) !== 'switch_statement' || !inside(sw, decl)) return true;
  if (namedKids(sw).find((c) => kindOf(c) !== 'switch_entry' && !kindOf(c).includes('comment'))?.text() !== 'self') return true;
  if (entry.children().some((c) => kindOf(c) === 'default_keyword')) return name === undefined;
  if (name === undefined) return false;
  return entry.children().filter((c) => kindOf(c) === 'switch_pattern').some((p) => p.text().replace(/\s+/g, '') === `.${name}`);
}

function inside(inner: SgNode, outer: SgNode): boolean {
  const a = nodeSpan(inner);
  const b = nodeSpan(outer);
  return a.start >= b.start && a.end <= b.end;
}

/** The parts of a Swift `if`: its one condition (undefined for several or an `if let`), its block, and what follows `else`. */
function ifParts(node: SgNode): { condition?: SgNode; then?: SgNode; otherwise?: SgNode } {
  const kids = node.children();
  const at = kids.findIndex((c) => kindOf(c) === 'else');
  const head = (at < 0 ? kids : kids.slice(0, at)).filter((c) => c.isNamed());
  const then = head.find((c) => kindOf(c) === 'statements');
  const conditions = head.filter((c) => kindOf(c) !== 'statements' && !kindOf(c).includes('comment'));
  const otherwise = at < 0 ? undefined : kids.slice(at + 1).find((c) => c.isNamed());
  return { ...(conditions.length === 1 && !/binding/.test(kindOf(conditions[0]!)) ? { condition: conditions[0] } : {}), ...(then ? { then } : {}), ...(otherwise ? { otherwise } : {}) };
}

/** Swift's `if`: one condition, a block, `else` (a block or the next `if`); an arm ends in `return` or `throw` to leave. */
const SWIFT_IF: IfSyntax = {
  arm(a, child) {
    if (kindOf(a) !== 'if_statement') return undefined;
    const { condition, then, otherwise } = ifParts(a);
    if (!condition) return undefined;
    if (then?.id() === child.id()) return { condition, holds: true };
    return otherwise?.id() === child.id() ? { condition, holds: false } : undefined;
  },
  exitsWhen(stmt) {
    if (kindOf(stmt) !== 'if_statement') return undefined;
    const { condition, then, otherwise } = ifParts(stmt);
    const last = then && namedKids(then).at(-1);
    return !otherwise && last && kindOf(last) === 'control_transfer_statement' && /^(return|throw)\b/.test(last.text()) ? condition : undefined;
  },
};

/** Nodes whose `return`s are their own: functions, initialisers, closures and computed properties' bodies. */
const RETURN_OWNERS = new Set(['function_declaration', 'lambda_literal', 'init_declaration', 'computed_property', 'computed_getter', 'computed_setter']);

/**
 * What a function (or a computed property's getter) returns: its `return` values (not those of closures
 * or local functions in it) with the conditions each needs, or its one expression.
 */
function returnedExpressions(fn: SgNode): { value: SgNode; guards: Guard[] }[] {
  const statements = kindOf(fn) === 'property_declaration'
    ? computedBody(fn)
    : namedKids(fn.children().find((c) => kindOf(c) === 'function_body') ?? fn).find((c) => kindOf(c) === 'statements');
  if (!statements) return [];
  const owner = kindOf(fn) === 'property_declaration' ? statements.parent()! : fn;
  const body = namedKids(statements).filter((c) => !kindOf(c).includes('comment'));
  if (body.length === 1 && kindOf(body[0]!) !== 'control_transfer_statement' && !kindOf(body[0]!).endsWith('_statement') && !kindOf(body[0]!).endsWith('_declaration')) return [{ value: body[0]!, guards: [] }];
  const out: { value: SgNode; guards: Guard[] }[] = [];
  for (const r of statements.findAll({ rule: { kind: 'control_transfer_statement', regex: '^return\\b' } })) {
    const mine = r.ancestors().find((a) => RETURN_OWNERS.has(kindOf(a)));
    const value = namedKids(r)[0];
    if (mine?.id() === owner.id() && value) out.push({ value, guards: conditionGuards(r, fn, SWIFT_IF) });
  }
  return out;
}

/** The innermost type declaration around a position. */
function enclosingType(at: number, types: readonly SgNode[]): SgNode | undefined {
  let best: SgNode | undefined;
  for (const t of types) {
    const s = nodeSpan(t);
    if (within(at, s) && (!best || s.start >= nodeSpan(best).start)) best = t;
  }
  return best;
}

/** The spans of the types declared inside a span (where `self` is theirs). */
function nestedTypes(types: readonly SgNode[], span: Scope): Scope[] {
  return types.map(nodeSpan).filter((s) => s.start > span.start && s.end <= span.end);
}

