// The arguments a Ruby file's own calls pass to one of its methods: how a helper's parameter
// (`def digest(data, algo = 'SHA256') = OpenSSL::Digest.new(algo).digest(data)`) gets the values its
// callers name (LanguageAdapter.callSiteArguments), and what a call of one returns
// (LanguageAdapter.returned; docs/detectors.md, "Ruby", "Values passed by the file's own calls").
import type { SgNode } from '@ast-grep/napi';
import type { CallSites, Guard, Returned } from '../common/evaluate.js';
import { conditionGuards, type IfSyntax } from '../common/paths.js';
import { declaredName, kindOf } from '../common/languages.js';
import { ByName } from '../common/by-name.js';
import { escapeRegex } from '../common/regex.js';
import { nodeSpan } from '../common/scopes.js';
import type { Scope } from '../common/symbols.js';
import { callParts, type RbCall } from './resolve.js';

const POSITIONAL = new Set(['identifier', 'optional_parameter']);
const CLASS_KINDS = new Set(['class', 'module']);
/** Calls that set visibility or name methods by symbol without calling them with arguments the file shows. */
const VISIBILITY = new Set(['private', 'public', 'protected', 'private_class_method', 'public_class_method', 'module_function', 'private_constant']);
/** Where an identifier declares a name (or is assigned) rather than calls a method. */
const NOT_A_CALL = new Set(['method_parameters', 'block_parameters', 'lambda_parameters', 'optional_parameter', 'keyword_parameter', 'splat_parameter',
  'hash_splat_parameter', 'block_parameter', 'destructured_parameter', 'left_assignment_list', 'rest_assignment', 'for', 'exception_variable']);
/** Parents whose field holds a name, not an expression: a `def`'s name, a call's method. */
const NAME_FIELDS: Readonly<Record<string, string>> = { method: 'name', singleton_method: 'name', call: 'method', assignment: 'left', operator_assignment: 'left' };

interface Site {
  /** The call, or the bare identifier that calls the method without arguments (`cipher_name`). */
  node: SgNode;
  call: RbCall | undefined;
  /** The call spreads (`*args`, `**opts`, `...`): what lands past the arguments written is not read. */
  splat: boolean;
  doubleSplat: boolean;
}

/** A class or module of the file, for whose instances run which methods (rubyFunctions, heirsOf). */
interface Heir {
  name: string;
  base?: string;
  mixins: string[];
  node: SgNode;
  span: Scope;
  methods: Set<string>;
}

/** Calls of a class body that make a module's instance methods the class's own. */
const MIXINS = new Set(['include', 'prepend']);
/** A bound on the classes one method's calls are looked for in (a file of generated subclasses). */
const MAX_HEIRS = 64;

interface Method {
  sites: Site[];
  open: boolean;
}

/** What a method is: where it is declared, and whose calls reach it. */
interface Kind {
  /** The class or module it belongs to (undefined at the top level). */
  owner?: SgNode;
  ownerName?: string;
  /** Called on the class (`def self.x`, in `class << self`), not on an instance. */
  singleton: boolean;
  /**
   * For a method defined in an RSpec example group's block (`describe … do def build_token(alg: "RS256") … end`):
   * the block, whose examples and nested groups call it (the group is a class only RSpec names).
   */
  group?: SgNode;
}

/** RSpec calls whose block is an example group (a class of its own; a `def` in it is the group's method). */
const GROUPS = /^(describe|context|feature|example_group|shared_examples|shared_examples_for|shared_context)$/;

/** Whether a block is an example group's: `describe … do`, `RSpec.describe … do`, `context … do`. */
function isGroupBlock(block: SgNode): boolean {
  const call = block.parent();
  if (!call || kindOf(call) !== 'call' || !GROUPS.test(call.field('method')?.text() ?? '')) return false;
  const receiver = call.field('receiver');
  return !receiver || /^(::)?RSpec$/.test(receiver.text());
}

const within = (at: number, s: Scope): boolean => at >= s.start && at < s.end;
const lastSegment = (path: string): string => path.replace(/^.*::/, '');

function kindOfMethod(m: SgNode): Kind | undefined {
  let singleton = kindOf(m) === 'singleton_method';
  if (singleton && m.field('object')?.text() !== 'self') return undefined; // `def obj.x`: a method of one object
  for (const a of m.ancestors()) {
    const k = kindOf(a);
    if (k === 'singleton_class') singleton = true;
    else if (CLASS_KINDS.has(k)) return { owner: a, ownerName: lastSegment(a.field('name')?.text() ?? ''), singleton };
    else if (!singleton && (k === 'block' || k === 'do_block') && isGroupBlock(a)) return { singleton, group: a };
    else if (k === 'method' || k === 'singleton_method' || k === 'block' || k === 'do_block' || k === 'lambda') return undefined; // a method defined when another runs
  }
  return { singleton };
}

/** The statements of a class body a method is declared in, before it, nearest first (`private` on its own line). */
function visibilityAbove(m: SgNode): string | undefined {
  for (let p = m.prev(); p; p = p.prev()) {
    const k = kindOf(p);
    if (k === 'identifier' && VISIBILITY.has(p.text())) return p.text();
  }
  return undefined;
}

/** Whether a method is private: `private` above it in its body (not for `def self.x`), `private def x`, `private :x`, `private_class_method :x`. */
function isPrivate(m: SgNode, name: string, singleton: boolean): boolean {
  const parent = m.parent();
  const wrapper = parent && kindOf(parent) === 'argument_list' ? parent.parent() : undefined;
  if (wrapper && kindOf(wrapper) === 'call' && !wrapper.field('receiver')) {
    const v = wrapper.field('method')?.text();
    return singleton ? v === 'private_class_method' : v === 'private';
  }
  const body = parent;
  if (!body) return false;
  // `private :x, :y` / `private_class_method :x` anywhere in the body.
  const declaring = singleton && kindOf(m) === 'singleton_method' ? 'private_class_method' : 'private';
  for (const c of body.children()) {
    if (kindOf(c) !== 'call' || c.field('receiver') || c.field('method')?.text() !== declaring) continue;
    if (c.field('arguments')?.namedChildren().some((a) => /^:["']?(\w+[?!=]?)["']?$/.exec(a.text())?.[1] === name)) return true;
  }
  if (kindOf(m) === 'singleton_method') return false; // a bare `private` does not reach `def self.x`
  return visibilityAbove(m) === 'private';
}

/**
 * Whether `self` is the class (true) or an instance of it (false) at a node inside class `owner`: in a
 * class method (`def self.x`, `class << self`) or the class body it is the class, in an instance method an
 * instance. Undefined outside `owner` (another class, the top level).
 */
/**
 * The class (last segment) whose `new` a receiver local holds: `e = EncryptionV1.new(…)` assigned once in the
 * method around the call (or the file's top level), before it. Undefined for anything else.
 */
function localInstanceOf(receiver: SgNode): string | undefined {
  if (kindOf(receiver) !== 'identifier') return undefined;
  const name = receiver.text();
  let scope: SgNode | null = receiver.parent();
  while (scope && !['method', 'singleton_method', 'program', 'block', 'do_block', 'lambda'].includes(kindOf(scope))) scope = scope.parent();
  if (!scope) return undefined;
  const at = receiver.range().start.index;
  const assigned = scope.findAll({ rule: { kind: 'assignment', has: { field: 'left', kind: 'identifier', regex: `^${escapeRegex(name)}$` } } });
  // The assignment that reaches the call: the last one before it in a statement list that holds the call
  // (fastlane's `if version == 2 … e = EncryptionV2.new … else … e = EncryptionV1.new … end`); none when
  // another assignment of the name lies between them, or one follows in a loop.
  const before = assigned.filter((a) => a.range().end.index <= at);
  const reaching = [...before].reverse().find((a) => { const p = a.parent(); return !!p && within(at, nodeSpan(p)); });
  if (!reaching || before.at(-1)!.id() !== reaching.id() || assigned.length !== before.length && insideLoop(receiver, scope)) return undefined;
  const value = reaching.field('right');
  const made = value && kindOf(value) === 'call' ? callParts(value) : undefined;
  if (!made || made.method !== 'new' || !made.receiver || !['constant', 'scope_resolution'].includes(kindOf(made.receiver))) return undefined;
  return lastSegment(made.receiver.text().replace(/\s+/g, ''));
}

/** Whether a node is in a loop within `scope` (an assignment after it may reach it on the next turn). */
function insideLoop(node: SgNode, scope: SgNode): boolean {
  for (let p = node.parent(); p && p.id() !== scope.id(); p = p.parent()) if (['while', 'until', 'for', 'while_modifier', 'until_modifier'].includes(kindOf(p))) return true;
  return false;
}

function selfIsClass(node: SgNode, owner: SgNode | undefined): boolean | undefined {
  let inMethod: boolean | undefined;
  for (const a of node.ancestors()) {
    const k = kindOf(a);
    if (k === 'singleton_class') inMethod = true;
    else if (inMethod === undefined && k === 'singleton_method') inMethod = true;
    else if (inMethod === undefined && k === 'method') inMethod = false;
    if (CLASS_KINDS.has(k)) return owner && a.id() === owner.id() ? (inMethod ?? true) : undefined;
  }
  return undefined;
}

/**
 * callSiteArguments for a Ruby file. A method's calls are `name(..)`, `name ..` and a bare `name` (no
 * local of that name in scope) where `self` is what it is called on, and `self.name(..)`: in the
 * instance methods of its class (and of a class of the file that inherits it without redefining it)
 * for an instance method; in the class body and class methods for `def self.name` or one in
 * `class << self`, and `Class.name(..)` anywhere; anywhere in the file for a top-level `def`. An
 * `initialize`'s calls are `Class.new(..)` and `new(..)` in class methods. Arguments by position (optional
 * parameters filled left to right, as Ruby does) or keyword; a left-out one is the parameter's default;
 * past a `*args`/`**opts` of the call, or after a splat parameter, it is not read. `open` unless the
 * method is private (`private` above it, `private def`, `private :name`, `private_class_method` for class
 * methods; `initialize` unless `new` is made private): a top-level method, a protected or public one; and
 * still when the file names it as a symbol (`send(:name, ..)`, `method(:name)`, `before_action :name`).
 */
export function rubyFunctions(root: SgNode, localBinding: (name: string, at: number) => boolean): { callSiteArguments: (param: SgNode) => CallSites | undefined; returned: (call: SgNode) => Returned | undefined } {
  const byMethod = new Map<number, Method | undefined>();
  // The file's classes and modules, with what each inherits (`< Base`) and mixes in (`include M`, `prepend M`).
  let heirs: Heir[] | undefined;
  const allHeirs = (): Heir[] => (heirs ??= root.findAll({ rule: { any: [{ kind: 'class' }, { kind: 'module' }] } }).map((c) => {
    const body = c.field('body')?.children() ?? [];
    const mixins = body
      .filter((s) => kindOf(s) === 'call' && !s.field('receiver') && MIXINS.has(s.field('method')?.text() ?? ''))
      .flatMap((s) => s.field('arguments')?.namedChildren().map((a) => lastSegment(a.text().replace(/\s+/g, ''))) ?? []);
    const base = kindOf(c) === 'class' ? c.children().find((k) => kindOf(k) === 'superclass')?.namedChildren()[0]?.text() : undefined;
    return {
      name: lastSegment(c.field('name')?.text() ?? ''),
      ...(base ? { base: lastSegment(base) } : {}),
      mixins,
      node: c,
      span: nodeSpan(c),
      methods: new Set(body.filter((m) => kindOf(m) === 'method').map((m) => m.field('name')?.text() ?? '')),
    };
  }));
  /**
   * The classes and modules of the file whose instances run `owner`'s instance method `method`: its
   * subclasses, the classes that include or prepend it (a module's methods are its includers'), and
   * theirs in turn; one that redefines the method, and what inherits from it, does not.
   */
  const heirsOf = (owner: string, method: string): Heir[] => {
    const out: Heir[] = [];
    const names = [owner];
    for (let i = 0; i < names.length && out.length < MAX_HEIRS; i++) {
      const n = names[i]!;
      for (const c of allHeirs()) {
        if (c.name === owner || out.includes(c) || (c.base !== n && !c.mixins.includes(n)) || c.methods.has(method)) continue;
        out.push(c);
        if (!names.includes(c.name)) names.push(c.name);
      }
    }
    return out;
  };

  const siteOf = (node: SgNode, call: RbCall | undefined): Site => {
    const args = call?.node.field('arguments')?.namedChildren() ?? [];
    return {
      node,
      call,
      splat: args.some((a) => kindOf(a) === 'splat_argument' || kindOf(a) === 'forward_argument'),
      doubleSplat: args.some((a) => kindOf(a) === 'hash_splat_argument' || kindOf(a) === 'forward_argument'),
    };
  };

  const analyse = (m: SgNode, name: string): Method | undefined => {
    const kind = kindOfMethod(m);
    if (!kind) return undefined;
    const span = nodeSpan(m);
    const constructor = name === 'initialize' && !kind.singleton && kind.owner !== undefined;
    const method = constructor ? 'new' : name;
    // An example group's method: no other file has its group to call it on.
    let open = kind.group ? false : constructor ? true : kind.owner === undefined || !isPrivate(m, name, kind.singleton);
    if (constructor && kind.owner) {
      // `private_class_method :new`: only the class makes its instances.
      const body = kind.owner.field('body');
      open = !(body?.children() ?? []).some((c) => kindOf(c) === 'call' && c.field('method')?.text() === 'private_class_method' && /:new\b/.test(c.text()));
    }
    // Instance methods: bodies where `self` is an instance of the class (its own, and same-file subclasses that do not redefine it).
    const subs = !kind.singleton && kind.ownerName && !constructor ? heirsOf(kind.ownerName, name) : [];
    const group = kind.group ? nodeSpan(kind.group) : undefined;
    const reaches = (node: SgNode): boolean => {
      if (group) return within(node.range().start.index, group); // the group's examples and nested groups
      const cls = selfIsClass(node, kind.owner);
      if (kind.owner === undefined) return true; // a top-level method: a private method of every object
      if (cls === undefined) {
        // Outside the class: an instance method of a subclass of the file, or of a class that includes the module.
        return !kind.singleton && subs.some((s) => within(node.range().start.index, s.span) && selfIsClass(node, s.node) === false);
      }
      return constructor || kind.singleton ? cls : !cls;
    };
    const sites: Site[] = [];
    const re = `^${escapeRegex(method)}$`;
    const symbol = `^:["']?${escapeRegex(name)}["']?$`;
    const rules: Record<string, unknown>[] = [
      { kind: 'call', has: { field: 'method', regex: re } }, { kind: 'identifier', regex: re }, { kind: 'simple_symbol', regex: symbol }, { kind: 'delimited_symbol', regex: symbol },
    ];
    for (const n of root.findAll({ rule: { any: rules } } as Parameters<SgNode['findAll']>[0])) {
      const at = n.range().start.index;
      if (within(at, span)) continue; // recursion
      const k = kindOf(n);
      if (k === 'simple_symbol' || k === 'delimited_symbol') {
        // Named as a symbol: called by `send`, `method`, a callback; but not `private :name`.
        const call = n.parent()?.parent();
        const declares = call && kindOf(call) === 'call' && !call.field('receiver') && VISIBILITY.has(call.field('method')?.text() ?? '');
        if (!declares) open = true;
        continue;
      }
      if (k === 'identifier') {
        const parent = n.parent();
        const pk = parent ? kindOf(parent) : '';
        if (NOT_A_CALL.has(pk) || (NAME_FIELDS[pk] !== undefined && parent!.field(NAME_FIELDS[pk]!)?.id() === n.id())) continue;
        if (pk === 'alias') {
          open = true;
          continue;
        }
        if (localBinding(method, at) || !reaches(n)) continue;
        sites.push(siteOf(n, undefined));
        continue;
      }
      const c = callParts(n);
      if (!c) continue;
      const receiver = c.receiver;
      if (!receiver) {
        if (reaches(n)) sites.push(siteOf(n, c));
      } else if (kindOf(receiver) === 'self') {
        if (reaches(n)) sites.push(siteOf(n, c));
      } else if ((kind.singleton || constructor || kindOf(kind.owner ?? m) === 'module') && lastSegment(receiver.text().replace(/\s+/g, '')) === kind.ownerName) {
        sites.push(siteOf(n, c));
      } else if (!kind.singleton && !constructor && kind.ownerName && kindOf(kind.owner ?? m) === 'class' && localInstanceOf(receiver) === kind.ownerName) {
        // `e = EncryptionV1.new` then `e.decrypt(…)` in one method: an instance of the file's class (a
        // subclass elsewhere cannot be what this local holds).
        sites.push(siteOf(n, c));
      }
    }
    return { sites, open };
  };

  const cached = (m: SgNode, name: string): Method | undefined => {
    if (!byMethod.has(m.id())) byMethod.set(m.id(), analyse(m, name));
    return byMethod.get(m.id());
  };

  const callSiteArguments = (param: SgNode): CallSites | undefined => {
    const list = param.parent();
    const m = list?.parent();
    if (!list || !m || kindOf(list) !== 'method_parameters' || (kindOf(m) !== 'method' && kindOf(m) !== 'singleton_method')) return undefined;
    const pk = kindOf(param);
    if (!POSITIONAL.has(pk) && pk !== 'keyword_parameter') return undefined;
    const name = m.field('name')?.text();
    const paramName = pk === 'identifier' ? param.text() : param.field('name')?.text();
    if (!name || !paramName) return undefined;
    const params = list.namedChildren().filter((p) => kindOf(p) !== 'comment');
    // Positional parameters before any splat (one after `*rest` is counted from the end: not read).
    const positional: SgNode[] = [];
    for (const p of params) {
      if (POSITIONAL.has(kindOf(p))) positional.push(p);
      else if (kindOf(p) === 'splat_parameter' || kindOf(p) === 'forward_parameter') break;
    }
    const index = positional.findIndex((p) => p.id() === param.id());
    if (pk !== 'keyword_parameter' && index < 0) return undefined;
    const required = positional.filter((p) => kindOf(p) === 'identifier').length;
    const f = cached(m, name);
    if (!f) return undefined;
    const fallback = pk === 'identifier' ? null : param.field('value');
    const args = f.sites.map((s): SgNode | null => {
      const given = s.call?.positional ?? [];
      if (pk === 'keyword_parameter') return s.call?.named.get(paramName) ?? (s.doubleSplat ? null : fallback);
      if (s.splat) return null;
      // Ruby fills the required parameters first, then the optional ones left to right with what remains.
      let optionals = Math.max(0, given.length - required);
      let next = 0;
      for (let i = 0; i < positional.length; i++) {
        const optional = kindOf(positional[i]!) === 'optional_parameter';
        const takes = !optional || optionals-- > 0;
        if (i === index) return takes ? (given[next] ?? null) : fallback;
        if (takes) next++;
      }
      return null;
    });
    return { function: m.id(), name: declaredName(m), args, open: f.open };
  };

  /**
   * A call (`digest_name(:modern)`, or a bare `cipher_name` the file binds no local for) that is one of
   * a method's sites as callSiteArguments reads them: its `return` values and its last expression (Ruby returns
   * it), or an endless `def x = expr`'s expression. A method other files can call may be redefined
   * there (Ruby classes are open): it keeps an unknown case.
   */
  // Method declarations by name: one query per name however many calls ask (a file of 2,000 nested
  // `Cipher.new` calls walked the whole tree once per call).
  const methodsNamed = new ByName(
    root,
    (regex) => ({ any: ['method', 'singleton_method'].map((kind) => ({ kind, has: { field: 'name', regex } })) }),
    { any: ['method', 'singleton_method'].map((kind) => ({ kind })) },
    (m) => m.field('name')?.text(),
  );
  const returned = (call: SgNode): Returned | undefined => {
    const k = kindOf(call);
    if (k !== 'call' && k !== 'identifier') return undefined;
    const name = k === 'call' ? call.field('method')?.text() : call.text();
    if (!name) return undefined;
    for (const m of methodsNamed.get(name)) {
      const f = cached(m, name);
      const site = f?.sites.findIndex((s) => s.node.id() === call.id()) ?? -1;
      if (!f || site < 0) continue;
      const returns = returnedExpressions(m);
      return { function: m.id(), open: f.open, site, returns: returns.map((r) => r.value), guards: returns.map((r) => r.guards) };
    }
    return undefined;
  };

  return { callSiteArguments, returned };
}

const METHOD_KINDS = new Set(['method', 'singleton_method', 'lambda', 'block', 'do_block']);

/** A Ruby branch that leaves when it ends in `return` or `raise`. */
function leaves(node: SgNode | null | undefined): boolean {
  const last = node && (kindOf(node) === 'then' ? node.namedChildren().at(-1) : node);
  if (!last) return false;
  return kindOf(last) === 'return' || (kindOf(last) === 'call' && !last.field('receiver') && /^(raise|fail)$/.test(last.field('method')?.text() ?? ''));
}

/** Ruby's `if`/`unless` (`then`, `else`/`elsif`) and modifier `x if c` / `x unless c`. */
const RUBY_IF: IfSyntax = {
  arm(a, child) {
    const k = kindOf(a);
    const condition = a.field('condition');
    if (!condition) return undefined;
    const negated = k === 'unless' || k === 'unless_modifier';
    if (k === 'if_modifier' || k === 'unless_modifier') return a.field('body')?.id() === child.id() ? { condition, holds: !negated } : undefined;
    if (k !== 'if' && k !== 'unless' && k !== 'elsif') return undefined;
    if (kindOf(child) === 'then') return { condition, holds: !negated };
    return kindOf(child) === 'else' || kindOf(child) === 'elsif' ? { condition, holds: negated } : undefined;
  },
  exitsWhen(stmt) {
    const k = kindOf(stmt);
    const condition = stmt.field('condition');
    if (!condition || (k !== 'if' && k !== 'if_modifier')) return undefined;
    if (k === 'if_modifier') return leaves(stmt.field('body')) ? condition : undefined;
    const alternative = stmt.namedChildren().some((c) => kindOf(c) === 'else' || kindOf(c) === 'elsif');
    return !alternative && leaves(stmt.namedChildren().find((c) => kindOf(c) === 'then')) ? condition : undefined;
  },
};

/** What a method returns: each `return x` (not in blocks or lambdas inside it) and its last expression, with the conditions each needs. */
function returnedExpressions(m: SgNode): { value: SgNode; guards: Guard[] }[] {
  const body = m.field('body');
  if (!body) return [];
  if (kindOf(body) !== 'body_statement') return [{ value: body, guards: [] }]; // `def bits = 3072`
  const out: { value: SgNode; guards: Guard[] }[] = [];
  for (const r of body.findAll({ rule: { kind: 'return' } })) {
    const owner = r.ancestors().find((a) => METHOD_KINDS.has(kindOf(a)));
    const value = r.namedChildren()[0]?.namedChildren()[0];
    if (owner?.id() === m.id() && value) out.push({ value, guards: conditionGuards(r, m, RUBY_IF) });
  }
  const last = body.namedChildren().filter((c) => !kindOf(c).includes('comment')).at(-1);
  // The last expression is the value unless it is a `return` (counted above) or ends in one.
  if (last && kindOf(last) !== 'return' && !(kindOf(last) === 'if_modifier' && kindOf(last.namedChildren()[0] ?? last) === 'return')) {
    out.push({ value: last, guards: conditionGuards(last, m, RUBY_IF) });
  }
  return out;
}
