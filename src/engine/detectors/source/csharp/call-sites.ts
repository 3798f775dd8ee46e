// The arguments a C# file's own calls pass to one of its methods, local functions or constructors:
// how a helper's parameter (`private static byte[] Hash(byte[] data, string name)` around
// `HashAlgorithm.Create(name)`) gets the values its callers name (LanguageAdapter.callSiteArguments),
// and what a call of one returns (LanguageAdapter.returned; docs/detectors.md, C#, "Values passed by
// the file's own calls").
import type { SgNode } from '@ast-grep/napi';
import type { CallSites, Guard, Returned } from '../common/evaluate.js';
import { conditionGuards, fieldIf, switchGuard } from '../common/paths.js';
import { declaredName, kindOf } from '../common/languages.js';
import { escapeRegex } from '../common/regex.js';
import { nodeSpan } from '../common/scopes.js';
import type { Scope } from '../common/symbols.js';
import { argValue, simpleType } from './resolve.js';

/** Types whose members a method can be (an interface's are public unless marked private). */
const TYPE_KINDS = new Set(['class_declaration', 'struct_declaration', 'record_declaration', 'interface_declaration']);
const ACCESS = new Set(['public', 'private', 'protected', 'internal']);

/** A method's, local function's or constructor's parameters as a call fills them. */
interface Signature {
  fn: SgNode;
  params: { name: string; fallback: SgNode | null }[];
  /** A trailing `params T[] xs`: any number of further arguments. */
  rest: boolean;
}

function modifiers(n: SgNode): string[] {
  return n.children().filter((c) => kindOf(c) === 'modifier').map((c) => c.text());
}

/** The default value of a parameter (`int n = 3`): its child after the name. */
function defaultOf(p: SgNode): SgNode | null {
  const name = p.field('name');
  const last = p.namedChildren().pop();
  return last && name && last.id() !== name.id() && kindOf(last) !== 'attribute_list' ? last : null;
}

/** The parameter list of a function or of a type's primary constructor (`class Box(string alg)`). */
function parameterList(fn: SgNode): SgNode | undefined {
  return fn.field('parameters') ?? fn.children().find((c) => kindOf(c) === 'parameter_list');
}

function signature(fn: SgNode): Signature | undefined {
  const list = parameterList(fn);
  if (!list) return undefined;
  const params: Signature['params'] = [];
  let rest = false;
  for (const c of list.children()) {
    const k = kindOf(c);
    if (k === 'params') rest = true;
    if (k !== 'parameter') continue;
    const mods = modifiers(c);
    // An extension method's receiver comes from `x.Method(..)` on any receiver: not read.
    if (mods.includes('this')) return undefined;
    if (mods.includes('params')) rest = true;
    else params.push({ name: c.field('name')?.text() ?? '', fallback: defaultOf(c) });
  }
  return { fn, params, rest };
}

/** An argument list's arguments: by name (`hashAlgorithm: x`) or by position. */
function argumentsOf(list: SgNode | undefined): { name?: string; value: SgNode }[] {
  if (!list) return [];
  return list.namedChildren().filter((a) => kindOf(a) === 'argument').map((a) => {
    const name = a.field('name')?.text();
    return { ...(name ? { name } : {}), value: argValue(a) };
  });
}

/** Test-data attributes each of which is one call of the test method with its positional arguments. */
const DATA_ROWS = new Set(['InlineData', 'TestCase', 'DataRow']);
/**
 * Other sources of a test method's arguments, read nowhere here: `[MemberData]`, `[ClassData]`,
 * `[TestCaseSource]`, `[DynamicData]`, AutoFixture's `[AutoData]`/`[InlineAutoData]` (which generate the
 * arguments a row leaves out), and any attribute on a parameter (NUnit `[Values]`, `[Range]`, `[ValueSource]`).
 */
const OTHER_SOURCES = /(?:Data|Source)$/;

/** An attribute's name without namespace or `Attribute` suffix (`Xunit.InlineDataAttribute` -> InlineData). */
function attributeName(attr: SgNode): string {
  const name = attr.namedChildren().find((c) => kindOf(c) !== 'attribute_argument_list');
  return simpleType(name?.text() ?? '').replace(/Attribute$/, '');
}

/**
 * The calls a test framework makes of a method from its data attributes (xUnit `[InlineData(1024)]`,
 * NUnit `[TestCase("SHA1")]`, MSTest `[DataRow(…)]`): one per attribute, its positional arguments (and
 * `name: value` ones) filling the parameters; `Prop = value` sets a property of the attribute
 * (`ExpectedResult`, `TestName`), no parameter. `others`: the method takes arguments from elsewhere too.
 */
function dataRows(fn: SgNode): { rows: { at: number; symbol: string; args: { name?: string; value: SgNode }[] }[]; others: boolean } {
  const rows: { at: number; symbol: string; args: { name?: string; value: SgNode }[] }[] = [];
  let others = false;
  for (const list of fn.children()) {
    if (kindOf(list) !== 'attribute_list') continue;
    for (const attr of list.namedChildren()) {
      if (kindOf(attr) !== 'attribute') continue;
      const name = attributeName(attr);
      if (!DATA_ROWS.has(name)) {
        if (OTHER_SOURCES.test(name)) others = true;
        continue;
      }
      const args: { name?: string; value: SgNode }[] = [];
      for (const a of attr.namedChildren().find((c) => kindOf(c) === 'attribute_argument_list')?.namedChildren() ?? []) {
        if (kindOf(a) !== 'attribute_argument') continue;
        const kids = a.namedChildren().filter((c) => !kindOf(c).includes('comment'));
        const value = kids.at(-1);
        if (!value || kindOf(value) === 'assignment_expression') continue;
        const named = kids.length === 2 && kindOf(kids[0]!) === 'identifier' && a.children().some((c) => c.text() === ':') ? kids[0]!.text() : undefined;
        args.push({ ...(named ? { name: named } : {}), value });
      }
      rows.push({ at: attr.range().start.index, symbol: name, args });
    }
  }
  if (rows.length > 0 && parameterList(fn)?.namedChildren().some((p) => kindOf(p) === 'parameter' && p.children().some((c) => kindOf(c) === 'attribute_list'))) others = true;
  return { rows, others };
}

/** Whether a call with these arguments can be a call of `s` (counts and names; types are not read). */
function applicable(s: Signature, args: { name?: string }[]): boolean {
  const given = new Set<number>();
  for (let i = 0; i < args.length; i++) {
    const name = args[i]!.name;
    if (name === undefined) {
      if (i >= s.params.length && !s.rest) return false;
      given.add(i);
    } else {
      const at = s.params.findIndex((p) => p.name === name);
      if (at < 0) return false;
      given.add(at);
    }
  }
  return s.params.every((p, i) => given.has(i) || p.fallback !== null);
}

/** What `s`'s parameter at `index` receives from a call with these arguments. */
function passed(s: Signature, index: number, args: { name?: string; value: SgNode }[]): SgNode | null {
  const p = s.params[index]!;
  const named = args.find((a) => a.name === p.name);
  if (named) return named.value;
  const at = args[index];
  if (at && at.name === undefined) return at.value;
  return p.fallback;
}

/** The type declaring a member (the type around its declaration list), or undefined. */
function declaringType(member: SgNode): SgNode | undefined {
  const t = member.parent()?.parent();
  return t && TYPE_KINDS.has(kindOf(t)) ? t : undefined;
}

/** Whether a member or a nested type has no access wider than its enclosing type (`private`, or no access modifier in a class or struct). */
function privateIn(n: SgNode, container: SgNode | undefined): boolean {
  const mods = modifiers(n);
  if (mods.includes('private')) return !mods.includes('protected');
  return container !== undefined && kindOf(container) !== 'interface_declaration' && !mods.some((m) => ACCESS.has(m));
}

/**
 * Who besides the file's own calls may call a function: 'open' (other files: public, internal and
 * protected members; members of a partial type, whose other parts may be elsewhere; overrides and
 * interface implementations, called through the base type), 'closed' (a private member, a local
 * function), or 'type' (a non-private member of a private or `file` type: only this file reaches it,
 * but through instances of the type, so a call on any receiver may be one).
 */
function reach(fn: SgNode): 'open' | 'closed' | 'type' {
  const k = kindOf(fn);
  if (k === 'local_function_statement') return 'closed';
  if (TYPE_KINDS.has(k)) return typeReach(fn);
  const type = declaringType(fn);
  if (!type || fn.children().some((c) => kindOf(c) === 'explicit_interface_specifier')) return 'open';
  if (privateIn(fn, type)) return modifiers(type).includes('partial') ? 'open' : 'closed';
  const mods = modifiers(fn);
  if (mods.includes('override') || mods.includes('virtual') || mods.includes('abstract')) return 'open';
  return typeReach(type);
}

/** Reach of a type's non-private members: 'type' inside a private nested or `file` type that derives from nothing. */
function typeReach(type: SgNode): 'open' | 'type' {
  for (let t: SgNode | undefined = type; t; t = declaringType(t)) {
    const outer = declaringType(t);
    const hidden = modifiers(t).includes('file') || (outer !== undefined && privateIn(t, outer) && !modifiers(outer).includes('partial'));
    if (!hidden) continue;
    // A type with a base list implements interfaces or overrides: code elsewhere calls it through them.
    const based = (n: SgNode): boolean => n.children().some((c) => kindOf(c) === 'base_list');
    for (let u: SgNode | undefined = type; u && u !== t; u = declaringType(u)) if (based(u)) return 'open';
    return based(t) ? 'open' : 'type';
  }
  return 'open';
}

const within = (at: number, s: Scope): boolean => at >= s.start && at < s.end;

/** A use of a name: a call with its arguments and receiver, or a reference to it (a method group, `nameof`). */
interface Use {
  at: number;
  /** `H(..)` has none; `this.H(..)`, `A.H(..)`, `x?.H(..)`, `base.H(..)` their receiver's text. */
  receiver?: string;
  args?: { name?: string; value: SgNode }[];
}

/**
 * callSiteArguments for a C# file. A method's calls are the invocations of its name with arguments it
 * accepts (by count and by the names of named arguments; overloads of the same class that accept them
 * too make the call unreadable): unqualified inside its type (unless a nested type or local function
 * of the same name is nearer), on `this`, or on its type's name (`Crypto.Hash(..)`). A local
 * function's are its name's calls in the block declaring it. A constructor's are `new T(..)`, `new(..)`
 * where the declaration names T, `: this(..)`, and `: base(..)` / `: T(..)` of a type deriving from T.
 * An argument comes by name or position; left out, the parameter's default stands. A `params` array
 * and an extension method's receiver are not read.
 */
export function csharpFunctions(root: SgNode): { callSiteArguments: (param: SgNode) => CallSites | undefined; returned: (call: SgNode) => Returned | undefined } {
  const usesByName = new Map<string, Use[]>();
  const declsByName = new Map<string, SgNode[]>();
  const creationsByType = new Map<string, { at: number; args: { name?: string; value: SgNode }[]; fromInside?: SgNode }[]>();
  const bySite = new Map<number, { sig: Signature; sites: ((SgNode | null)[] | null)[]; ats: number[]; symbols: (string | undefined)[]; open: boolean } | undefined>();

  /** Every use of `name` in the file (one query). */
  const usesOf = (name: string): Use[] => {
    let out = usesByName.get(name);
    if (out) return out;
    out = [];
    for (const id of root.findAll({ rule: { kind: 'identifier', regex: `^${escapeRegex(name)}$` } })) {
      let n: SgNode = id;
      let p = n.parent();
      if (p && kindOf(p) === 'generic_name') {
        n = p;
        p = n.parent();
      }
      if (!p) continue;
      const pk = kindOf(p);
      let receiver: string | undefined;
      let target = n;
      if (pk === 'member_access_expression' && p.field('name')?.id() === n.id()) {
        receiver = p.children()[0]?.text() ?? '';
        target = p;
      } else if (pk === 'member_binding_expression') {
        receiver = '?';
        target = p.parent() ?? p;
      } else if (p.field('name')?.id() === n.id() || pk === 'qualified_name' || pk === 'parameter' || pk === 'type_parameter') {
        continue; // a declaration, or a type name
      }
      const call = target.parent();
      const at = id.range().start.index;
      if (call && kindOf(call) === 'invocation_expression' && call.field('function')?.id() === target.id()) {
        out.push({ at, ...(receiver !== undefined ? { receiver } : {}), args: argumentsOf(call.field('arguments') ?? undefined) });
      } else {
        out.push({ at, ...(receiver !== undefined ? { receiver } : {}) });
      }
    }
    usesByName.set(name, out);
    return out;
  };

  /** The methods and local functions named `name` (one query). */
  const declsOf = (name: string): SgNode[] => {
    let out = declsByName.get(name);
    if (!out) {
      out = root.findAll({
        rule: { any: ['method_declaration', 'local_function_statement'].map((kind) => ({ kind, has: { field: 'name', regex: `^${escapeRegex(name)}$` } })) },
      });
      declsByName.set(name, out);
    }
    return out;
  };

  /** The creations of type `type` and the constructor chains that may reach its constructors (one query). */
  const creationsOf = (type: string) => {
    let out = creationsByType.get(type);
    if (out) return out;
    out = [];
    const re = `(^|\\.)${escapeRegex(type)}(<|$)`;
    const nodes = root.findAll({
      rule: {
        any: [
          { kind: 'object_creation_expression', has: { field: 'type', regex: re } },
          { kind: 'implicit_object_creation_expression' },
          { kind: 'constructor_initializer' },
          { kind: 'base_list', has: { kind: 'argument_list' } },
        ],
      },
    });
    for (const c of nodes) {
      const k = kindOf(c);
      const list = c.children().find((x) => kindOf(x) === 'argument_list');
      const entry = { at: c.range().start.index, args: argumentsOf(list) };
      if (k === 'object_creation_expression') {
        if (simpleType(c.field('type')?.text() ?? '') === type) out.push(entry);
      } else if (k === 'implicit_object_creation_expression') {
        if (targetType(c) === type) out.push(entry);
      } else if (k === 'constructor_initializer') {
        // `: this(..)` in a constructor of T; `: base(..)` in one of a type deriving from T.
        const ctor = c.parent();
        const owner = ctor && declaringType(ctor);
        if (!owner) continue;
        const self = c.children().some((x) => x.text() === 'this');
        if (self ? owner.field('name')?.text() === type : baseName(owner) === type) out.push({ ...entry, fromInside: ctor });
      } else {
        // `class Derived(..) : Base(a, b)`: the primary constructor's base call.
        const owner = c.parent();
        if (owner && baseName(owner) === type) out.push(entry);
      }
    }
    creationsByType.set(type, out);
    return out;
  };

  const read = (fn: SgNode) => {
    const sig = signature(fn);
    if (!sig) return undefined;
    const k = kindOf(fn);
    const span = nodeSpan(fn);
    const r = reach(fn);
    /** Per use of the function: its arguments, or null (a call on another receiver, a method group). */
    const uses: ({ name?: string; value: SgNode }[] | null)[] = [];
    /** Per use: where its name is written (a call's site, for `returned`). */
    const ats: number[] = [];
    // Calls inside the function itself (recursion) pass what it received.
    const outside = (at: number): boolean => !within(at, span);
    if (k === 'constructor_declaration' || TYPE_KINDS.has(k)) {
      const type = TYPE_KINDS.has(k) ? fn : declaringType(fn);
      const name = type?.field('name')?.text();
      if (!type || !name) return undefined;
      const ctors = (type.field('body')?.namedChildren() ?? []).filter((c) => kindOf(c) === 'constructor_declaration').map(signature);
      const all = [...(parameterList(type) ? [signature(type)] : []), ...ctors];
      for (const c of creationsOf(name)) {
        if (c.fromInside?.id() === fn.id() || (!TYPE_KINDS.has(k) && !outside(c.at))) continue;
        const fits = all.filter((s) => s && applicable(s, c.args));
        if (!fits.some((s) => s!.fn.id() === fn.id())) continue;
        uses.push(fits.length === 1 ? c.args : null);
        ats.push(c.at);
      }
    } else {
      const name = fn.field('name')?.text();
      if (!name) return undefined;
      const decls = declsOf(name);
      // The scope that declares a name: a local function's block, a method's type.
      const home = (d: SgNode): SgNode | undefined => (kindOf(d) === 'local_function_statement' ? d.parent() ?? undefined : declaringType(d));
      const mine = home(fn);
      if (!mine) return undefined;
      const homes = decls.map((d) => home(d)).filter((h): h is SgNode => h !== undefined);
      const overloads = decls.filter((d) => home(d)?.id() === mine.id()).map(signature);
      const typeName = kindOf(mine) === 'block' ? undefined : mine.field('name')?.text();
      let nested: Scope[] | undefined;
      for (const u of usesOf(name)) {
        if (!outside(u.at)) continue;
        let ours: boolean;
        if (u.receiver === undefined) {
          // Unqualified: the nearest scope around the call declaring the name must be this function's.
          let nearest: SgNode | undefined;
          for (const h of homes) if (within(u.at, nodeSpan(h)) && (!nearest || nodeSpan(h).start >= nodeSpan(nearest).start)) nearest = h;
          ours = nearest?.id() === mine.id();
        } else if (typeName === undefined) {
          ours = false; // a local function is called by its bare name only
        } else if (u.receiver === 'this') {
          // `this` is the innermost type's instance: inside this type, outside the types nested in it.
          ours = within(u.at, nodeSpan(mine)) && !(nested ??= nestedTypes(mine)).some((t) => within(u.at, t));
        } else {
          ours = simpleType(u.receiver) === typeName;
        }
        if (!ours) {
          // A member of a private type is reached through its instances: any receiver may be one.
          if (r === 'type' && u.receiver !== undefined && u.receiver !== 'this' && u.receiver !== 'base' && (!u.args || overloads.some((s) => s && applicable(s, u.args!)))) {
            uses.push(null);
            ats.push(u.at);
          }
          continue;
        }
        if (!u.args) {
          uses.push(null); // a method group (`list.Select(Hash)`), `nameof(Hash)`: called with anything
          ats.push(u.at);
          continue;
        }
        const fits = overloads.filter((s) => s && applicable(s, u.args!));
        if (!fits.some((s) => s!.fn.id() === fn.id())) continue;
        uses.push(fits.length === 1 ? u.args : null);
        ats.push(u.at);
      }
    }
    // A test method is called by its framework with the rows of its data attributes, and by no other
    // file: it is open only when it takes arguments from a source not read here as well.
    const data = k === 'method_declaration' ? dataRows(fn) : undefined;
    /** Per use: the symbol of its occurrence, where not the function's name (`InlineData` for a row). */
    const symbols: (string | undefined)[] = uses.map(() => undefined);
    for (const row of data?.rows ?? []) {
      uses.push(applicable(sig, row.args) ? row.args : null);
      ats.push(row.at);
      symbols.push(row.symbol);
    }
    return {
      sig,
      sites: uses.map((args) => (args ? sig.params.map((_, i) => passed(sig, i, args)) : null)),
      ats,
      symbols,
      open: data?.rows.length ? data.others : r === 'open',
    };
  };

  const cached = (fn: SgNode) => {
    if (!bySite.has(fn.id())) bySite.set(fn.id(), read(fn));
    return bySite.get(fn.id());
  };

  const callSiteArguments = (param: SgNode): CallSites | undefined => {
    if (kindOf(param) !== 'parameter') return undefined;
    const fn = param.parent()?.parent();
    if (!fn) return undefined;
    const k = kindOf(fn);
    if (k !== 'method_declaration' && k !== 'local_function_statement' && k !== 'constructor_declaration' && !TYPE_KINDS.has(k)) return undefined;
    const entry = cached(fn);
    if (!entry) return undefined;
    const index = entry.sig.params.findIndex((p) => p.name === param.field('name')?.text());
    if (index < 0) return undefined;
    return {
      function: fn.id(),
      name: declaredName(fn),
      args: entry.sites.map((s) => (s ? s[index] ?? null : null)),
      ...(entry.symbols.some((x) => x !== undefined) ? { symbols: entry.symbols } : {}),
      open: entry.open,
    };
  };

  /**
   * A call of a method or local function of the file, read as callSiteArguments reads its calls (the
   * call must be one of its sites, with one overload that fits): what its `return`s, or its `=> expr`
   * body, give. C# methods are not virtual unless marked: only `virtual`, `override` and `abstract`
   * ones (and an interface's) may be replaced elsewhere.
   */
  const returned = (call: SgNode): Returned | undefined => {
    if (kindOf(call) !== 'invocation_expression') return undefined;
    let id: SgNode | null | undefined = call.field('function');
    if (id && kindOf(id) === 'member_access_expression') id = id.field('name');
    if (id && kindOf(id) === 'generic_name') id = id.namedChildren().find((c) => kindOf(c) === 'identifier');
    if (!id || kindOf(id) !== 'identifier') return undefined;
    const at = id.range().start.index;
    for (const fn of declsOf(id.text())) {
      const entry = cached(fn);
      const site = entry?.ats.indexOf(at) ?? -1;
      if (!entry || site < 0) continue;
      if (!entry.sites[site]) return undefined; // several overloads fit: which one runs is not read
      const mods = modifiers(fn);
      const open = ['virtual', 'override', 'abstract'].some((m) => mods.includes(m)) || kindOf(fn.parent()?.parent() ?? fn) === 'interface_declaration';
      const returns = returnedExpressions(fn);
      return { function: fn.id(), open, site, returns: returns.map((r) => r.value), guards: returns.map((r) => r.guards) };
    }
    return undefined;
  };

  return { callSiteArguments, returned };
}

const FUNCTION_LIKE = new Set(['method_declaration', 'local_function_statement', 'lambda_expression', 'anonymous_method_expression', 'constructor_declaration']);

const LEAVING = new Set(['return_statement', 'throw_statement']);

/** C#'s `if`; an arm ends in `return` or `throw` to leave. A `switch` before a `return` can rule it out (`switchExits`). */
const CS_IF = { ...fieldIf(new Set(['block']), LEAVING), switchExits: csSwitchExits };

interface Section {
  node: SgNode;
  /** The constant labels of the section (with those of label-only sections falling into it); undefined when one is a pattern or has a `when`. */
  labels: SgNode[] | undefined;
  isDefault: boolean;
  leaves: boolean;
}

/**
 * The sections of a `switch` statement, label-only ones merged into the next (`case "a": case "b":
 * return …;` may parse as two): constant labels only (a type pattern or a `when` clause makes a
 * section's labels unknown); a section leaves when its last statement returns or throws with no
 * `break`, `continue` or `goto` inside.
 */
function sections(sw: SgNode): Section[] {
  const out: Section[] = [];
  let pending: SgNode[] | undefined = [];
  let pendingDefault = false;
  for (const sec of sw.field('body')?.namedChildren() ?? []) {
    if (kindOf(sec) !== 'switch_section') continue;
    const parts = sec.namedChildren().filter((c) => !kindOf(c).includes('comment'));
    const labelNodes = parts.filter((c) => kindOf(c).endsWith('_pattern') || kindOf(c) === 'when_clause');
    const statements = parts.filter((c) => !labelNodes.includes(c));
    let labels: SgNode[] | undefined = pending;
    for (const l of labelNodes) {
      const value = kindOf(l) === 'constant_pattern' ? l.namedChildren()[0] : undefined;
      labels = value && labels ? [...labels, value] : undefined;
    }
    const isDefault: boolean = pendingDefault || labelNodes.length === 0;
    if (statements.length === 0) {
      pending = labels;
      pendingDefault = isDefault;
      continue;
    }
    pending = [];
    pendingDefault = false;
    const last = statements.at(-1);
    const end = last && kindOf(last) === 'block' ? last.namedChildren().filter((x) => !kindOf(x).includes('comment')).at(-1) : last;
    const jumps = sec.find({ rule: { any: [{ kind: 'break_statement' }, { kind: 'continue_statement' }, { kind: 'goto_statement' }] } });
    out.push({ node: sec, labels, isDefault, leaves: !!end && LEAVING.has(kindOf(end)) && !jumps });
  }
  return out;
}

/** The Guard after a `switch` statement some of whose sections always leave; none where a label is not a constant. */
function csSwitchExits(statement: SgNode): Guard | undefined {
  if (kindOf(statement) !== 'switch_statement') return undefined;
  const subject = statement.field('value') ?? statement.namedChildren()[0];
  const all = sections(statement);
  if (!subject) return undefined;
  // A leaving section whose labels are unknown is read as one that does not leave (the code after
  // stays reachable for it); but when `default` leaves, every other label must be known.
  if (all.some((s) => s.isDefault && s.leaves) && all.some((s) => s.labels === undefined)) return undefined;
  return switchGuard(subject, all.map((s) => ({ labels: s.labels ?? [], isDefault: s.isDefault, leaves: s.leaves && s.labels !== undefined })));
}

/** The Guard of a `return` in a section of a `switch` statement: its constant labels (`default`: none of the others'). */
function sectionGuard(ret: SgNode, fn: SgNode): Guard | undefined {
  const sec = ret.ancestors().find((a) => kindOf(a) === 'switch_section' || a.id() === fn.id());
  const sw = sec && kindOf(sec) === 'switch_section' ? sec.parent()?.parent() : undefined;
  if (!sec || !sw || kindOf(sw) !== 'switch_statement') return undefined;
  const subject = sw.field('value') ?? sw.namedChildren()[0];
  const all = sections(sw);
  const mine = all.find((s) => s.node.id() === sec.id());
  if (!subject || !mine?.labels) return undefined;
  if (!mine.isDefault) return { subject, labels: mine.labels, others: [] };
  // `default` (alone): when no label matches; with `case` labels beside it, whatever the subject.
  if (mine.labels.length > 0 || all.some((s) => s.labels === undefined)) return undefined;
  return { subject, labels: [], others: all.flatMap((s) => s.labels ?? []) };
}

/**
 * What a method or local function returns: its `return` expressions (not those of lambdas or local
 * functions inside it) with the conditions each needs, or its `=> expr` body.
 */
function returnedExpressions(fn: SgNode): { value: SgNode; guards: Guard[] }[] {
  const arrow = fn.children().find((c) => kindOf(c) === 'arrow_expression_clause');
  if (arrow) return arrow.namedChildren().slice(0, 1).map((value) => ({ value, guards: [] }));
  const out: { value: SgNode; guards: Guard[] }[] = [];
  for (const r of fn.findAll({ rule: { kind: 'return_statement' } })) {
    const owner = r.ancestors().find((a) => FUNCTION_LIKE.has(kindOf(a)));
    const e = r.namedChildren().find((c) => !kindOf(c).includes('comment'));
    if (owner?.id() !== fn.id() || !e) continue;
    const section = sectionGuard(r, fn);
    out.push({ value: e, guards: [...(section ? [section] : []), ...conditionGuards(r, fn, CS_IF)] });
  }
  return out;
}

/** The first type a type derives from (`class Rsa2 : RsaBase, IKey` -> RsaBase). */
function baseName(type: SgNode): string | undefined {
  const list = type.children().find((c) => kindOf(c) === 'base_list');
  const first = list?.namedChildren().find((c) => kindOf(c) !== 'argument_list');
  return first ? simpleType(first.text()) : undefined;
}

/** The type `new(..)` creates: the declared type of the variable, field or property it initialises, or the return type of the method it is returned from. */
function targetType(creation: SgNode): string | undefined {
  const p = creation.parent();
  if (!p) return undefined;
  const pk = kindOf(p);
  if (pk === 'variable_declarator') {
    const t = p.parent()?.field('type');
    return t && kindOf(t) !== 'implicit_type' ? simpleType(t.text()) : undefined;
  }
  if (pk === 'return_statement' || pk === 'arrow_expression_clause') {
    const fn = p.ancestors().find((a) => kindOf(a) === 'method_declaration' || kindOf(a) === 'local_function_statement' || kindOf(a) === 'lambda_expression');
    const t = fn && kindOf(fn) !== 'lambda_expression' ? fn.field(kindOf(fn) === 'method_declaration' ? 'returns' : 'type') : null;
    return t ? simpleType(t.text()) : undefined;
  }
  return undefined;
}

/** The spans of the types nested in `type` (where `this` is theirs, not its). */
function nestedTypes(type: SgNode): Scope[] {
  return (type.field('body')?.findAll({ rule: { any: [...TYPE_KINDS].map((kind) => ({ kind })) } }) ?? []).map(nodeSpan);
}

