// The arguments a Rust file's own calls pass to one of its functions or methods: how a helper's
// parameter (`fn keypair(bits: u32) -> Rsa<Private> { Rsa::generate(bits).unwrap() }`) gets the values
// its callers name (LanguageAdapter.callSiteArguments; docs/detectors.md, "Rust", "Values passed by the
// file's own calls").
import type { SgNode } from '@ast-grep/napi';
import type { CallSites, Guard, Returned } from '../common/evaluate.js';
import { declaredName, kindOf, parseSource } from '../common/languages.js';
import { escapeRegex } from '../common/regex.js';
import { nodeSpan } from '../common/scopes.js';
import type { Scope } from '../common/symbols.js';
import { blockValue, diverges, implName } from './resolve.js';
import { TEMPLATE_MACROS, macroArgumentsCopy, macroName } from './macros.js';

/** Attributes that leave a function an ordinary one: any other (`#[no_mangle]`, `#[get("/")]`, `#[tokio::main]`) lets code the file does not show call it. */
const PLAIN_ATTRIBUTES = /^#!?\[\s*(inline|allow|warn|deny|expect|cfg|cfg_attr|doc|must_use|deprecated|cold|track_caller|instrument|tracing::instrument|rustfmt::skip|clippy::[\w:]+)\b/;

interface Function {
  sites: (SgNode[] | null)[];
  /** Per site, where its call starts (calls in a macro's tokens are read from a copy of the file: their nodes are the copy's). */
  at: number[];
  open: boolean;
}

/** What a function is and where the calls that reach it by name can stand. */
interface Kind {
  /** `impl X` or `impl Trait for X`: the type; undefined for a free function. */
  type?: string;
  /** A trait's default method or a trait impl's method: callers anywhere reach it through the trait. */
  trait: boolean;
  /** A free function's module: the innermost inline `mod` around it (its span), or the file. */
  module?: Scope;
  /** A function declared in a block: called by its name only inside that block. */
  block?: Scope;
}

const within = (at: number, s: Scope): boolean => at >= s.start && at < s.end;

function kindOfFunction(fn: SgNode): Kind | undefined {
  const parent = fn.parent();
  if (!parent) return undefined;
  const pk = kindOf(parent);
  if (pk === 'source_file') return { trait: false };
  if (pk === 'block') return { trait: false, block: nodeSpan(parent) };
  if (pk !== 'declaration_list') return undefined;
  const owner = parent.parent();
  const ok = owner ? kindOf(owner) : '';
  if (ok === 'mod_item') return { trait: false, module: nodeSpan(parent) };
  if (ok === 'impl_item') {
    const type = implName(owner!);
    return type ? { type, trait: owner!.field('trait') !== null } : undefined;
  }
  if (ok === 'trait_item') {
    const type = owner!.field('name')?.text();
    return type ? { type, trait: true } : undefined;
  }
  return undefined;
}

/** The innermost inline module (its body's span) around a position, or undefined for the file's top level. */
function moduleAround(node: SgNode): SgNode | undefined {
  return node.ancestors().find((a) => kindOf(a) === 'declaration_list' && kindOf(a.parent() ?? a) === 'mod_item');
}

/** The type of the `impl` (or the trait) a node is written in. */
function implAround(node: SgNode): string | undefined {
  const impl = node.ancestors().find((a) => kindOf(a) === 'impl_item' || kindOf(a) === 'trait_item');
  if (!impl) return undefined;
  return kindOf(impl) === 'impl_item' ? implName(impl) : impl.field('name')?.text();
}

/** Whether code the file does not show may call the function: it is `pub` (other than `pub(self)`), `extern`, or carries an attribute that registers or exports it. */
function exported(fn: SgNode): boolean {
  for (const c of fn.children()) {
    const k = kindOf(c);
    if (k === 'visibility_modifier' && c.text().replace(/\s+/g, '') !== 'pub(self)') return true;
    if (k === 'function_modifiers' && c.children().some((m) => kindOf(m) === 'extern_modifier')) return true;
  }
  for (let p = fn.prev(); p; p = p.prev()) {
    const k = kindOf(p);
    if (k === 'attribute_item') {
      if (!PLAIN_ATTRIBUTES.test(p.text())) return true;
    } else if (!k.endsWith('comment')) break;
  }
  return false;
}

/** A call's arguments (comments left out). */
function argumentsOf(call: SgNode): SgNode[] {
  return call.field('arguments')?.namedChildren().filter((c) => !kindOf(c).endsWith('comment')) ?? [];
}

/** The call whose callee a node is (directly or through a turbofish `h::<T>(..)`), or undefined. */
function calleeOf(node: SgNode): SgNode | undefined {
  let fn = node;
  const parent = node.parent();
  if (parent && kindOf(parent) === 'generic_function' && parent.field('function')?.id() === node.id()) fn = parent;
  const call = fn.parent();
  return call && kindOf(call) === 'call_expression' && call.field('function')?.id() === fn.id() ? call : undefined;
}

/** `X`, `X::<T>`, `a::X` -> `X`. */
function lastSegment(path: string): string {
  return path.replace(/::<[\s\S]*>$/, '').replace(/<[\s\S]*>$/, '').split('::').pop()!.trim();
}

/** Expressions a function named as a value (a callback, a function pointer) stands in, with the field it must be (if any). */
const VALUE_PARENTS: ReadonlyMap<string, string | undefined> = new Map([
  ['arguments', undefined], ['array_expression', undefined], ['tuple_expression', undefined], ['reference_expression', undefined],
  ['parenthesized_expression', undefined], ['return_expression', undefined], ['shorthand_field_initializer', undefined],
  ['type_cast_expression', undefined], ['block', undefined], ['let_declaration', 'value'], ['const_item', 'value'], ['static_item', 'value'],
  ['assignment_expression', 'right'], ['field_initializer', 'value'], ['closure_expression', 'body'], ['match_arm', 'value'],
]);

/** Whether a name is used as a value (`.map(hash_one)`, `let f = Self::name;`), not declared, matched or called. */
function valueUse(node: SgNode): boolean {
  const parent = node.parent();
  if (!parent) return false;
  const pk = kindOf(parent);
  if (!VALUE_PARENTS.has(pk)) return false;
  const field = VALUE_PARENTS.get(pk);
  return field === undefined || parent.field(field)?.id() === node.id();
}

/**
 * callSiteArguments for a Rust file. A free function's calls are `name(..)` and `self::name(..)` in its
 * own module (calls in a block that declares another function of that name, or where a local of that name
 * is in scope, are not its); a method's or associated function's are `self.name(..)`, `Self::name(..)`
 * and `Type::name(..)` (the receiver then comes first) in an `impl` of its type. Calls written in a
 * macro's arguments (`println!("{}", hex(digest(d, "sha1")))`) are read by parsing the macro's token
 * tree again as Rust at its own position, as the detector does. `open` when code the file does not show
 * may call it: anything `pub` (but `pub(self)`), `extern`, or with an attribute that exports or registers
 * it, a trait's method, a private item of a module with child modules in other files (`mod x;`), and
 * any function the file calls from a child module (tests: `use super::*`), on another receiver
 * (`other.name(..)`), through a macro it cannot read, or names as a value (`.map(name)`: a callback).
 * One native query per function name.
 */
export function rustFunctions(
  root: SgNode,
  localBinding: (name: string, at: number) => boolean,
): { callSiteArguments: (param: SgNode) => CallSites | undefined; returned: (call: SgNode) => Returned | undefined } {
  const byFunction = new Map<number, Function | undefined>();
  let outOfLine: number[] | undefined;
  const childFiles = (span: Scope | undefined): boolean => {
    outOfLine ??= root.findAll({ rule: { kind: 'mod_item' } }).filter((m) => !m.field('body')).map((m) => m.range().start.index);
    return outOfLine.some((at) => !span || within(at, span));
  };

  // The file with only its macros' arguments kept, parsed as Rust at their own positions (as the detector
  // reads calls there): one parse for all the file's functions, made when a name is first met in a macro.
  let copy: SgNode | undefined;
  let text: string | undefined;
  const macroCopy = (): SgNode => {
    if (copy) return copy;
    // No macro to copy: an empty copy, in which no call is found.
    return (copy = macroArgumentsCopy((text ??= root.text()), root.findAll({ rule: { kind: 'macro_invocation' } })) ?? parseSource('rust', '').root());
  };

  const analyse = (fn: SgNode, hasSelf: boolean): Function | undefined => {
    const nameNode = fn.field('name');
    const name = nameNode?.text();
    const kind = kindOfFunction(fn);
    if (!nameNode || !name || !kind || name.startsWith('r#')) return undefined;
    const span = nodeSpan(fn);
    const re = `^${escapeRegex(name)}$`;
    // A method's name as a path only after `Self` or its type (`new` is the last segment of every `X::new`), or in a macro's tokens.
    const typed = kind.type ? `(^|::)(Self|${escapeRegex(kind.type)})(::)?(<[\\s\\S]*>)?::${escapeRegex(name)}$` : '';
    // Named nowhere but in its own declaration (most of a library's API): no call to look for.
    let count = 0;
    for (let i = (text ??= root.text()).indexOf(name); i >= 0 && count < 2; i = text.indexOf(name, i + name.length)) count++;
    const hits = count < 2 ? [] : root.findAll({
      rule: kind.type
        ? { any: [{ kind: 'field_identifier', regex: re }, { kind: 'identifier', regex: re, inside: { kind: 'scoped_identifier', regex: typed } }, { kind: 'identifier', regex: re, inside: { kind: 'token_tree' } }] }
        : { kind: 'identifier', regex: re },
    } as Parameters<SgNode['findAll']>[0]);
    let open = kind.trait || exported(fn) || (!kind.block && childFiles(kind.module));
    // A free function's module, and the blocks that declare another function of its name (calls there are that one's).
    const home = kind.type ? undefined : moduleAround(fn);
    const otherBlocks: Scope[] = [];
    /** Inline modules that declare their own function of the name. */
    const otherModules: Scope[] = [];
    if (!kind.type) {
      for (const h of hits) {
        const p = h.parent();
        if (!p || h.id() === nameNode.id() || kindOf(p) !== 'function_item' || p.field('name')?.id() !== h.id()) continue;
        const around = p.parent();
        if (around && kindOf(around) === 'block') otherBlocks.push(nodeSpan(around));
        else if (around && kindOf(around) === 'declaration_list' && kindOf(around.parent() ?? around) === 'mod_item') otherModules.push(nodeSpan(around));
      }
    }
    const sites: (SgNode[] | null)[] = [];
    const at: number[] = [];
    const site = (call: SgNode, args: SgNode[]): void => {
      sites.push(args);
      at.push(call.range().start.index);
    };
    const inMacros: SgNode[] = [];

    /** Whether a free function's name at `at` (`origin` in the file) is this function: 'site' in its module, 'open' in a module inside it. */
    const freeCall = (at: number, origin: SgNode): 'site' | 'open' | 'other' => {
      if (kind.block && !within(at, kind.block)) return 'other';
      // A block that declares another function of the name, inside this function's scope: the name is that one there.
      for (const b of otherBlocks) if (within(at, b) && (!kind.block || (b.start >= kind.block.start && b.end <= kind.block.end))) return 'other';
      if (localBinding(name, at)) return 'other';
      if (kind.block) return 'site';
      const mod = moduleAround(origin);
      if (mod?.id() === home?.id()) return 'site';
      // A module inside the function's own (`mod tests { use super::*; .. }`): a caller whose values are not read here.
      // One that declares its own function of the name calls that one.
      const homeSpan = home ? nodeSpan(home) : undefined;
      if (!mod || (homeSpan && !within(mod.range().start.index, homeSpan))) return 'other';
      return otherModules.some((m) => within(at, m) && (!homeSpan || within(m.start, homeSpan))) ? 'other' : 'open';
    };

    /** A method's call: read in the module of its `impl`; from another (`mod tests`), a caller whose values are not read here. */
    const implModule = kind.type ? moduleAround(fn)?.id() : undefined;
    const methodCall = (call: SgNode, args: SgNode[], origin: SgNode): void => {
      if (moduleAround(origin)?.id() === implModule) site(call, args);
      else open = true;
    };

    /**
     * Classifies one occurrence of the name: `node` in the tree it parses in (the file, or a macro's
     * re-parsed copy), `origin` the node at that position in the file (for the modules and impls around it).
     */
    const classify = (node: SgNode, origin: SgNode): void => {
      const at = node.range().start.index;
      if (within(at, span)) return; // the function itself: its name, recursion
      const parent = node.parent();
      if (!parent) return;
      const pk = kindOf(parent);
      if (pk === 'token_tree') {
        inMacros.push(origin);
        return;
      }
      if (kind.type) {
        if (pk === 'field_expression' && parent.field('field')?.id() === node.id()) {
          const call = calleeOf(parent);
          if (!call) return; // a field of that name
          const receiver = parent.field('value');
          if (receiver && kindOf(receiver) === 'self') {
            if (hasSelf && implAround(origin) === kind.type) methodCall(call, argumentsOf(call), origin);
          } else {
            open = true; // `other.name(..)`: maybe this method, on a value the file does not follow
          }
          return;
        }
        if (pk === 'scoped_identifier' && parent.field('name')?.id() === node.id()) {
          const type = lastSegment(parent.field('path')?.text() ?? '');
          if (!(type === 'Self' ? implAround(origin) === kind.type : type === kind.type)) return;
          const call = calleeOf(parent);
          if (call) methodCall(call, hasSelf ? argumentsOf(call).slice(1) : argumentsOf(call), origin);
          else if (valueUse(parent)) open = true; // `.map(Self::name)`: called where the file does not show
        }
        return;
      }
      let target = node;
      if (pk === 'scoped_identifier') {
        if (parent.field('name')?.id() !== node.id()) return;
        const pt = kindOf(parent.field('path') ?? parent);
        if (pt === 'super') {
          if (freeCall(at, origin) === 'open') open = true;
          return;
        }
        if (pt !== 'self') return; // `crate::..::name`, `other::name`: another item, or a path the file's modules do not settle
        target = parent;
      }
      const call = calleeOf(target);
      if (!call && !valueUse(target)) return;
      const where = freeCall(at, origin);
      if (where === 'other') return;
      if (call && where === 'site') site(call, argumentsOf(call));
      else open = true;
    };

    for (const h of hits) if (h.id() !== nameNode.id()) classify(h, h);
    if (inMacros.length) {
      const at = new Map<number, SgNode>();
      for (const h of inMacros) {
        const macro = h.ancestors().find((a) => kindOf(a) === 'macro_invocation');
        if (!macro) open = true; // a `macro_rules!` body or an attribute: called where the file does not show
        else if (TEMPLATE_MACROS.test(macroName(macro))) continue;
        // Only a call in the function's own module is read (one elsewhere, `assert!`s in `mod tests`, leaves it open): parse for those alone.
        else if (kind.type ? moduleAround(h)?.id() === implModule : freeCall(h.range().start.index, h) === 'site') at.set(h.range().start.index, h);
        else if (kind.type || freeCall(h.range().start.index, h) === 'open') open = true;
      }
      if (at.size) {
        const rule = kind.type ? { any: [{ kind: 'identifier', regex: re }, { kind: 'field_identifier', regex: re }] } : { kind: 'identifier', regex: re };
        for (const n of macroCopy().findAll({ rule })) {
          const origin = at.get(n.range().start.index);
          if (!origin) continue;
          const p = n.parent();
          if (p && kindOf(p) === 'token_tree') open = true; // a macro inside the macro
          else classify(n, origin);
        }
      }
    }
    return { sites, at, open };
  };

  const analysed = (fn: SgNode): Function | undefined => {
    if (!byFunction.has(fn.id())) {
      const items = fn.field('parameters')?.namedChildren() ?? [];
      byFunction.set(fn.id(), analyse(fn, items.some((p) => kindOf(p) === 'self_parameter')));
    }
    return byFunction.get(fn.id());
  };

  const callSiteArguments = (param: SgNode): CallSites | undefined => {
    if (kindOf(param) !== 'parameter') return undefined;
    const list = param.parent();
    const fn = list?.parent();
    if (!list || !fn || kindOf(list) !== 'parameters' || kindOf(fn) !== 'function_item') return undefined;
    const items = list.namedChildren();
    if (items.some((p) => kindOf(p) === 'variadic_parameter')) return undefined;
    const params = items.filter((p) => kindOf(p) === 'parameter');
    const index = params.findIndex((p) => p.id() === param.id());
    if (index < 0) return undefined;
    const f = analysed(fn);
    if (!f) return undefined;
    // A call with another number of arguments is not this function's (or does not compile): unread.
    return { function: fn.id(), name: declaredName(fn), args: f.sites.map((args) => (args && args.length === params.length ? (args[index] ?? null) : null)), open: f.open };
  };

  // Declarations by name, one native query per name met in a call.
  const named = new Map<string, SgNode[]>();
  const functionsNamed = (name: string): SgNode[] => {
    let found = named.get(name);
    if (!found) named.set(name, (found = root.findAll({ rule: { kind: 'function_item', has: { field: 'name', regex: `^${escapeRegex(name)}$` } } })));
    return found;
  };

  /**
   * What a call of one of the file's functions returns: the function whose call sites hold this call
   * (so a name shadowed by a local, declared twice or called from another module reaches none), its
   * body's tail value and its `return`s, each with what must hold to reach it. A trait's default
   * method may be overridden by an impl elsewhere: open.
   */
  const returned = (call: SgNode): Returned | undefined => {
    if (kindOf(call) !== 'call_expression') return undefined;
    let callee = call.field('function');
    if (callee && kindOf(callee) === 'generic_function') callee = callee.field('function');
    if (!callee) return undefined;
    const k = kindOf(callee);
    let name: string | undefined;
    let method: boolean;
    if (k === 'identifier') {
      name = callee.text();
      method = false;
    } else if (k === 'scoped_identifier') {
      name = callee.field('name')?.text();
      method = kindOf(callee.field('path') ?? callee) !== 'self';
    } else if (k === 'field_expression' && kindOf(callee.field('value') ?? callee) === 'self') {
      name = callee.field('field')?.text();
      method = true;
    } else return undefined;
    if (!name) return undefined;
    const at = call.range().start.index;
    let fn: SgNode | undefined;
    let site = -1;
    for (const candidate of functionsNamed(name)) {
      const kind = kindOfFunction(candidate);
      if (!kind || (kind.type !== undefined) !== method) continue;
      const i = analysed(candidate)?.at.indexOf(at) ?? -1;
      if (i < 0) continue;
      if (fn) return undefined; // two functions claim it: read neither
      fn = candidate;
      site = i;
    }
    if (!fn) return undefined;
    const values = returnedValues(fn);
    const open = kindOf(fn.parent()?.parent() ?? fn) === 'trait_item';
    return { function: fn.id(), open, site, returns: values.map((v) => v.value), guards: values.map((v) => v.guards) };
  };

  return { callSiteArguments, returned };
}

const FUNCTIONS = new Set(['function_item', 'closure_expression']);

/**
 * The values a function gives back: its body's tail expression and each `return`'s (not those of
 * closures or functions inside it), through `match` arms, `if`/`else` blocks and blocks to the
 * expressions that are the value, each with the conditions and `match` arms that lead to it.
 */
function returnedValues(fn: SgNode): { value: SgNode; guards: Guard[] }[] {
  const out: { value: SgNode; guards: Guard[] }[] = [];
  const leaves = (expr: SgNode | null | undefined, depth = 0): void => {
    if (!expr || depth > 8) return;
    const k = kindOf(expr);
    if (diverges(expr)) return; // a `return` is read as one itself; a panic gives nothing
    if (k === 'block') return leaves(blockValue(expr), depth + 1);
    if (k === 'match_expression') {
      for (const arm of expr.field('body')?.namedChildren() ?? []) if (kindOf(arm) === 'match_arm') leaves(arm.field('value'), depth + 1);
      return;
    }
    if (k === 'if_expression') {
      const otherwise = expr.field('alternative')?.namedChildren()[0];
      if (!otherwise) return; // no `else`: `()`
      leaves(expr.field('consequence'), depth + 1);
      return leaves(otherwise, depth + 1);
    }
    if (k === 'expression_statement') return;
    out.push({ value: expr, guards: guardsOf(expr, fn) });
  };
  leaves(fn.field('body'));
  for (const r of fn.findAll({ rule: { kind: 'return_expression' } })) {
    if (r.ancestors().find((a) => FUNCTIONS.has(kindOf(a)))?.id() !== fn.id()) continue;
    leaves(r.namedChildren().find((c) => !kindOf(c).endsWith('comment')));
  }
  return out;
}

/** An `if` whose condition is an expression (not `if let`): its condition. */
function plainCondition(ifExpr: SgNode): SgNode | undefined {
  const c = ifExpr.field('condition');
  return c && kindOf(c) !== 'let_condition' && kindOf(c) !== 'let_chain' ? c : undefined;
}

/**
 * What must hold for control to reach a value of a function: the `if` arms around it (their
 * condition true, or false in the `else`), the `match` arms around it (the subject equals one of the
 * arm's literal patterns; for a catch-all arm, none of the earlier unguarded arms' patterns), and the
 * conditions of `if`s before it, in its blocks, whose arm always returns (false).
 */
function guardsOf(value: SgNode, fn: SgNode): Guard[] {
  const out: Guard[] = [];
  let child = value;
  for (const a of value.ancestors()) {
    if (a.id() === fn.id()) break;
    const k = kindOf(a);
    if (k === 'if_expression') {
      const condition = plainCondition(a);
      if (condition && a.field('consequence')?.id() === child.id()) out.push({ condition, holds: true });
      else if (condition && a.field('alternative')?.id() === child.id()) out.push({ condition, holds: false });
    } else if (k === 'match_arm' && a.field('value')?.id() === child.id()) {
      const guard = armGuard(a);
      if (guard) out.push(guard);
    } else if (k === 'block') {
      for (let prev = child.prev(); prev; prev = prev.prev()) {
        const condition = returnsWhen(prev);
        if (condition) out.push({ condition, holds: false });
      }
    }
    child = a;
  }
  return out;
}

/** `if cond { …; return x; }` (no `else`) as a statement: `cond`, after which the rest runs only when it was false. */
function returnsWhen(statement: SgNode): SgNode | undefined {
  const expr = kindOf(statement) === 'expression_statement' ? statement.namedChildren()[0] : statement;
  if (!expr || kindOf(expr) !== 'if_expression' || expr.field('alternative')) return undefined;
  const body = expr.field('consequence');
  const last = body?.namedChildren().filter((c) => !kindOf(c).endsWith('comment')).at(-1);
  const inner = last && kindOf(last) === 'expression_statement' ? last.namedChildren()[0] : last;
  return inner && kindOf(inner) === 'return_expression' ? plainCondition(expr) : undefined;
}

/** The literal patterns of an arm (`"a" | "b"`); empty for a catch-all (`_`, a binding); undefined for others (`Some(x)`). */
function armLabels(arm: SgNode): SgNode[] | undefined {
  const pattern = arm.field('pattern');
  const top = pattern?.namedChildren().find((c) => pattern.field('condition')?.id() !== c.id());
  if (!top) return pattern?.text().trim().startsWith('_') ? [] : undefined;
  const alternatives: SgNode[] = [];
  const flatten = (p: SgNode): void => {
    if (kindOf(p) === 'or_pattern') p.namedChildren().forEach(flatten);
    else alternatives.push(p);
  };
  flatten(top);
  const labels: SgNode[] = [];
  for (const p of alternatives) {
    const pk = kindOf(p);
    if (pk === 'identifier' && /^[a-z_]/.test(p.text())) return []; // a binding: matches anything
    if (pk === 'string_literal' || pk === 'integer_literal' || pk === 'scoped_identifier' || pk === 'identifier' || pk === 'negative_literal' || pk === 'boolean_literal') labels.push(p);
    else return undefined;
  }
  return labels;
}

/** The Guard of a `match` arm: its labels (an arm with an `if` guard may not run even when one matches). */
function armGuard(arm: SgNode): Guard | undefined {
  const match = arm.parent()?.parent();
  const subject = match && kindOf(match) === 'match_expression' ? match.field('value') : null;
  const labels = armLabels(arm);
  if (!subject || !labels) return undefined;
  if (labels.length > 0) return { subject, labels, others: [] };
  // A catch-all: reached when no earlier arm took the subject; an earlier arm with an `if` guard may not have.
  const others: SgNode[] = [];
  for (let prev = arm.prev(); prev; prev = prev.prev()) {
    if (kindOf(prev) !== 'match_arm' || prev.field('pattern')?.field('condition')) continue;
    const l = armLabels(prev);
    if (l) others.push(...l);
    else return undefined;
  }
  return { subject, labels: [], others };
}
