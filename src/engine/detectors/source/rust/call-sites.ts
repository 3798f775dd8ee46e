// The arguments a Rust file's own calls pass to one of its functions or methods: how a helper's
// parameter (`fn keypair(bits: u32) -> Rsa<Private> { Rsa::generate(bits).unwrap() }`) gets the values
// its callers name (LanguageAdapter.callSiteArguments; docs/detectors.md, "Rust", "Values passed by the
// file's own calls").
import type { SgNode } from '@ast-grep/napi';
import type { CallSites } from '../common/evaluate.js';
import { declaredName, kindOf, parseSource } from '../common/languages.js';
import { escapeRegex } from '../common/regex.js';
import { nodeSpan } from '../common/scopes.js';
import type { Scope } from '../common/symbols.js';
import { implName } from './resolve.js';
import { TEMPLATE_MACROS, macroArgumentsCopy, macroName } from './macros.js';

/** Attributes that leave a function an ordinary one: any other (`#[no_mangle]`, `#[get("/")]`, `#[tokio::main]`) lets code the file does not show call it. */
const PLAIN_ATTRIBUTES = /^#!?\[\s*(inline|allow|warn|deny|expect|cfg|cfg_attr|doc|must_use|deprecated|cold|track_caller|instrument|tracing::instrument|rustfmt::skip|clippy::[\w:]+)\b/;

interface Function {
  sites: (SgNode[] | null)[];
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
export function rustCallSiteArguments(root: SgNode, localBinding: (name: string, at: number) => boolean): (param: SgNode) => CallSites | undefined {
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
    const methodCall = (args: SgNode[], origin: SgNode): void => {
      if (moduleAround(origin)?.id() === implModule) sites.push(args);
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
            if (hasSelf && implAround(origin) === kind.type) methodCall(argumentsOf(call), origin);
          } else {
            open = true; // `other.name(..)`: maybe this method, on a value the file does not follow
          }
          return;
        }
        if (pk === 'scoped_identifier' && parent.field('name')?.id() === node.id()) {
          const type = lastSegment(parent.field('path')?.text() ?? '');
          if (!(type === 'Self' ? implAround(origin) === kind.type : type === kind.type)) return;
          const call = calleeOf(parent);
          if (call) methodCall(hasSelf ? argumentsOf(call).slice(1) : argumentsOf(call), origin);
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
      if (call && where === 'site') sites.push(argumentsOf(call));
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
    return { sites, open };
  };

  return (param) => {
    if (kindOf(param) !== 'parameter') return undefined;
    const list = param.parent();
    const fn = list?.parent();
    if (!list || !fn || kindOf(list) !== 'parameters' || kindOf(fn) !== 'function_item') return undefined;
    const items = list.namedChildren();
    if (items.some((p) => kindOf(p) === 'variadic_parameter')) return undefined;
    const params = items.filter((p) => kindOf(p) === 'parameter');
    const index = params.findIndex((p) => p.id() === param.id());
    if (index < 0) return undefined;
    let f = byFunction.get(fn.id());
    if (!byFunction.has(fn.id())) {
      f = analyse(fn, items.some((p) => kindOf(p) === 'self_parameter'));
      byFunction.set(fn.id(), f);
    }
    if (!f) return undefined;
    // A call with another number of arguments is not this function's (or does not compile): unread.
    return { function: fn.id(), name: declaredName(fn), args: f.sites.map((args) => (args && args.length === params.length ? (args[index] ?? null) : null)), open: f.open };
  };
}
