// Rust half of argument resolution: how Rust expressions map onto the shared Evaluator's shapes, which
// bindings a file declares (`let`, `const`, `static`, parameters, reassignments) and the handful of
// calls that produce values the detectors need (`NonZeroU32::new(100_000)`, `Some(32)`,
// `GenericArray::from_slice(b"…")`, `hex::decode("…")`, `vec![0u8; 32]`, `.unwrap()`, `.into()`).
import type { SgNode } from '@ast-grep/napi';
import { Evaluator, armsShape, binaryShape, loopShape, type Args, type CallSites, type LanguageAdapter, type Returned, type Shape } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { nodeSpan, ScopeIndex } from '../common/scopes.js';
import { SymbolTable, type Binding } from '../common/symbols.js';
import { UNKNOWN, bytes, bytesOfString, int, str, type Value } from '../common/value.js';
import { RELATIVE_ROOTS, canonical, segments, type Uses } from './paths.js';
import type { CrossFile } from '../../cross-file.js';
import { rustFunctions } from './call-sites.js';

/** Nodes whose body is a scope for `let` bindings (Rust locals are block-scoped). */
const SCOPE_KINDS = ['block', 'function_item', 'closure_expression', 'impl_item', 'trait_item', 'mod_item', 'match_arm'];
const SCOPE_SET: ReadonlySet<string> = new Set(SCOPE_KINDS);
const BINDING_RULE = { any: ['let_declaration', 'const_item', 'static_item', 'parameter', 'assignment_expression', 'for_expression'].map((kind) => ({ kind })) };
/** Adapters of an iterable that yield its elements (`[..].iter().copied()`): the loop variable is still each element. */
const ITERATION = new Set(['iter', 'into_iter', 'copied', 'cloned']);

/** Methods that hand back their receiver's value for our purposes (`.unwrap()`, `.into()`, `.as_bytes()` of a byte string). */
const PASS_THROUGH = new Set([
  'unwrap', 'expect', 'into', 'try_into', 'as_ref', 'as_slice', 'to_vec', 'clone', 'to_owned', 'as_mut', 'borrow',
  'unwrap_or_default', 'as_mut_slice', 'into_boxed_slice', 'as_array', 'get',
]);
/** Constructors that wrap their argument: the value is the argument's. */
const WRAPPERS = new Set([
  'Some', 'Ok', 'Box::new', 'Vec::from', 'NonZeroU32::new', 'NonZeroU32::new_unchecked', 'NonZeroUsize::new', 'NonZero::new',
  'std::num::NonZeroU32::new', 'core::num::NonZeroU32::new', 'Zeroizing::new', 'Secret::new', 'SecretBox::new',
]);
/** `<Type>::from_slice(x)` and friends: a typed view of the bytes `x`. */
const SLICE_VIEWS = /(^|::)(from_slice|clone_from_slice|from_exact_iter|from_array|from_bytes|from_mut_slice)$/;
const HEX_DECODERS = /(^|::)(hex::decode|decode_hex|FromHex::from_hex|from_hex)$/;
/** Callee of `[fill; length]` (not a Rust name, so no real call can have it). */
const REPEAT = '[;]';
const INT_SUFFIX = /(?:[iu](?:8|16|32|64|128|size))$/;

export function parseRustInt(text: string): number | undefined {
  let t = text.replace(/_/g, '').toLowerCase();
  if (!t.startsWith('0x')) t = t.replace(INT_SUFFIX, '');
  else t = t.replace(/(?:[iu](?:8|16|32|64|128|size))$/, '');
  let n: number;
  if (t.startsWith('0x')) n = parseInt(t.slice(2), 16);
  else if (t.startsWith('0b')) n = parseInt(t.slice(2), 2);
  else if (t.startsWith('0o')) n = parseInt(t.slice(2), 8);
  else n = parseInt(t, 10);
  return Number.isFinite(n) ? n : undefined;
}

/** Bytes a Rust string literal's body stands for, escapes decoded (`\x00` is one byte). */
function unescape(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]{1,6}\}|[nrt0\\'"]|\r?\n\s*)/g, (_, e: string) => {
    if (e.startsWith('x')) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e.startsWith('u')) return String.fromCodePoint(parseInt(e.slice(2, -1), 16));
    if (e.startsWith('\n') || e.startsWith('\r')) return '';
    return ({ n: '\n', r: '\r', t: '\t', '0': '\0' } as Record<string, string>)[e] ?? e;
  });
}

/** A string or byte-string literal (`"…"`, `b"…"`, `r#"…"#`, `br"…"`). */
export function literalValue(node: SgNode): Value {
  const text = node.text();
  const raw = kindOf(node) === 'raw_string_literal';
  const isBytes = text.startsWith('b');
  const open = text.indexOf('"');
  const close = text.lastIndexOf('"');
  if (open < 0 || close <= open) return UNKNOWN;
  const body = text.slice(open + 1, close);
  const value = raw ? body : unescape(body);
  // Byte strings hold ASCII and escapes only: one character is one byte.
  return isBytes ? bytes(value.length, 'literal') : str(value);
}

/**
 * What an arm or block gives as a value (armsShape): the expression, or a block's tail expression;
 * null for a panic or `return`; undefined for a block without a tail expression.
 */
export function blockValue(node: SgNode | null | undefined): SgNode | null | undefined {
  let cur = node ?? undefined;
  if (cur && kindOf(cur) === 'block') {
    const last = cur.namedChildren().filter((c) => !kindOf(c).includes('comment')).at(-1);
    // `panic!("…");` ends a block that gives nothing; any other statement leaves it `()`, but a
    // trailing `match`/`if` without `;` is an expression statement that gives the block its value.
    if (last && kindOf(last) === 'expression_statement') {
      if (diverges(last.namedChildren()[0])) return null;
      if (last.text().trimEnd().endsWith(';')) return undefined;
      return blockValue(last.namedChildren()[0]);
    }
    // A trailing item (`fn helper() {}`) or `let` leaves the block `()` too.
    cur = last && !kindOf(last).endsWith('_statement') && !kindOf(last).endsWith('_item') && kindOf(last) !== 'let_declaration' ? last : undefined;
  }
  if (!cur) return undefined;
  return diverges(cur) ? null : cur;
}

/** `return …`, `panic!`, `unreachable!`, `todo!`, `unimplemented!`: control does not come back. */
export function diverges(node: SgNode | undefined): boolean {
  if (!node) return false;
  if (kindOf(node) === 'return_expression') return true;
  return kindOf(node) === 'macro_invocation' && /^(panic|unreachable|todo|unimplemented)$/.test(node.field('macro')?.text() ?? '');
}

export class RustAdapter implements LanguageAdapter {
  constructor(
    readonly uses: Uses,
    private readonly implOf: (node: SgNode) => string | undefined,
  ) {}

  /** Canonical text of a call's function: `ring::pbkdf2::derive`, `NonZeroU32::new`, or `.unwrap` for a method. */
  callee(call: SgNode): string {
    const fn = call.field('function');
    if (!fn) return '';
    const k = kindOf(fn);
    if (k === 'field_expression') return `.${fn.field('field')?.text() ?? ''}`;
    if (k === 'generic_function') {
      const inner = fn.field('function');
      if (inner && kindOf(inner) === 'field_expression') return `.${inner.field('field')?.text() ?? ''}`;
      return inner ? canonical(this.uses, inner.text()) : '';
    }
    return canonical(this.uses, fn.text());
  }

  enclosingClass(node: SgNode): string | undefined {
    return this.implOf(node);
  }

  /** Set by rustEvaluator (rust/call-sites.ts). */
  callSiteArguments?: (param: SgNode) => CallSites | undefined;
  returned?: (call: SgNode) => Returned | undefined;

  /** Set by rustEvaluator: the modules the file declares (`mod crypto;`, `mod tls { … }`), found on first use. */
  modules?: () => ReadonlySet<string>;

  /**
   * Whether a full path is one of this crate's items: it starts at `crate`, `self` or `super`, or at
   * a module the file declares (`crypto::config` under `mod crypto;`). Another crate's paths (`ring::
   * digest::SHA256`) are not: their constants are the library's, never a file of the project.
   */
  ownPath(path: string): boolean {
    const head = segments(path)[0] ?? '';
    return RELATIVE_ROOTS.has(head) || (this.modules?.().has(head) ?? false);
  }

  /** Whether a path as written starts at this crate's items, directly or through an import (`use crate::crypto::config;`). */
  private writtenOwnPath(head: string): boolean {
    const full = this.uses.names.get(head);
    return full !== undefined ? this.ownPath(full) : this.ownPath(head);
  }

  /**
   * The owner a bare name comes from by an import of this crate's (`use crate::crypto::config::CIPHER;`
   * → `config`; a glob `use crate::crypto::config::*;` → `config`, several globs must agree), for the
   * key of another file's constant. An alias (`… as C`) is not followed: the key is the declared name.
   */
  importedOwner(name: string): string | readonly string[] | undefined {
    const full = this.uses.names.get(name);
    if (full !== undefined) {
      const segs = segments(full);
      const owner = segs.at(-2);
      return segs.at(-1) === name && owner !== undefined && !RELATIVE_ROOTS.has(owner) && this.ownPath(full) ? owner : undefined;
    }
    const owners = this.uses.globs.filter((g) => this.ownPath(g)).map((g) => segments(g).at(-1)!).filter((o) => !RELATIVE_ROOTS.has(o));
    return owners.length > 0 ? owners : undefined;
  }

  /** The module or type an import of this crate names (`use crate::crypto::config as cfg;` → `config`), for `cfg::CIPHER`. */
  moduleAlias(name: string): string | undefined {
    const full = this.uses.names.get(name);
    const last = full !== undefined ? segments(full).at(-1) : undefined;
    return last !== undefined && !RELATIVE_ROOTS.has(last) && this.ownPath(full!) ? last : undefined;
  }

  shape(node: SgNode): Shape {
    switch (kindOf(node)) {
      case 'integer_literal': {
        const n = parseRustInt(node.text());
        return { t: 'value', value: n === undefined ? UNKNOWN : int(n) };
      }
      case 'string_literal':
      case 'raw_string_literal':
        return { t: 'value', value: literalValue(node) };
      case 'boolean_literal':
        return { t: 'value', value: { kind: 'bool', value: node.text() === 'true' } };
      case 'identifier': {
        // A name of `for (curve, bits) in [(…), (…)]`: its position in each element, one case per element.
        const tuple = node.parent();
        const loop = tuple?.parent();
        if (tuple && loop && kindOf(tuple) === 'tuple_pattern' && kindOf(loop) === 'for_expression' && loop.field('pattern')?.id() === tuple.id()) {
          const at = tuple.namedChildren().findIndex((c) => c.id() === node.id());
          const items = loopItems(loop.field('value'));
          const options = items?.map((i) => (kindOf(i) === 'tuple_expression' ? i.namedChildren().filter((c) => !kindOf(c).endsWith('comment'))[at] : undefined));
          if (!options?.length || options.some((o) => o === undefined)) return { t: 'opaque' };
          return { t: 'choice', condition: null, options: options as SgNode[], key: loop };
        }
        return { t: 'name', name: node.text() };
      }
      case 'for_expression':
        // `for bits in [2048, 3072, 4096]`: the loop variable is each element of a literal array, one case each.
        return loopShape(loopItems(node.field('value')));
      case 'scoped_identifier': {
        const path = node.field('path');
        const name = node.field('name')?.text() ?? '';
        if (path && path.text() === 'Self') return { t: 'member', object: path, property: name, self: true };
        if (path && (kindOf(path) === 'identifier' || kindOf(path) === 'type_identifier')) {
          const head = path.text();
          // `Config::KEY_LEN` of a same-file impl or another file's module or type (`config::CIPHER`), also
          // through an import of the crate's own (`use crate::crypto::config;`); another crate's item
          // imported (`use ring::digest;`, `digest::SHA256`) stays a symbolic member of its full path.
          if (!this.uses.names.has(head) || this.writtenOwnPath(head)) return { t: 'member', object: path, property: name, self: false };
        }
        // A longer path into the crate's own modules (`crate::crypto::config::CIPHER`, `super::config::CIPHER`):
        // a member whose last two parts are the module and the name.
        if (path && kindOf(path) === 'scoped_identifier' && this.writtenOwnPath(segments(path.text())[0] ?? '')) {
          return { t: 'member', object: path, property: name, self: false };
        }
        return { t: 'value', value: { kind: 'member', path: canonical(this.uses, node.text()) } };
      }
      case 'field_expression': {
        const object = node.field('value');
        if (!object) return { t: 'opaque' };
        return { t: 'member', object, property: node.field('field')?.text() ?? '', self: object.text() === 'self' };
      }
      case 'binary_expression':
        return binaryShape(node);
      case 'unary_expression': {
        const operand = node.namedChildren()[0];
        if (!operand) return { t: 'opaque' };
        const op = node.text().trimStart().charAt(0);
        // `*x` dereferences: the value is x's.
        return op === '*' ? { t: 'group', inner: operand } : { t: 'unary', op, operand };
      }
      case 'reference_expression': {
        const inner = node.field('value');
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'match_expression':
        // `match kind { 1 => &digest::SHA384, _ => &digest::SHA256 }`: each arm's value (a panic or `return` gives none).
        return armsShape((node.field('body')?.namedChildren() ?? []).filter((a) => kindOf(a) === 'match_arm').map((a) => blockValue(a.field('value'))));
      case 'if_expression': {
        // `if legacy { 2048 } else { 4096 }`, and `else if` chains: each block's value.
        const values: (SgNode | null | undefined)[] = [];
        let cur: SgNode | null = node;
        while (cur && kindOf(cur) === 'if_expression') {
          values.push(blockValue(cur.field('consequence')));
          const otherwise: SgNode | null | undefined = cur.field('alternative')?.namedChildren()[0];
          if (!otherwise) return { t: 'opaque' }; // no `else`: the value is `()`
          cur = kindOf(otherwise) === 'if_expression' ? otherwise : null;
          if (!cur) values.push(blockValue(otherwise));
        }
        return armsShape(values);
      }
      case 'parenthesized_expression':
      case 'try_expression':
      case 'type_cast_expression': {
        const inner = node.field('value') ?? node.namedChildren()[0];
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'array_expression': {
        // `[fill; length]` goes through `call` so that the length may be a constant (`[0u8; KEY_LEN]`).
        const length = node.field('length');
        const fill = node.namedChildren()[0];
        if (length && fill) return { t: 'call', callee: REPEAT, args: { positional: [fill, length], named: new Map() } };
        const items = node.namedChildren();
        return { t: 'value', value: items.every((i) => kindOf(i) === 'integer_literal') ? bytes(items.length, 'literal') : UNKNOWN };
      }
      case 'macro_invocation':
        return { t: 'value', value: this.macro(node) };
      case 'call_expression': {
        const fn = node.field('function');
        const positional = node.field('arguments')?.namedChildren().filter((c) => !kindOf(c).endsWith('comment')) ?? [];
        const receiver = fn && kindOf(fn) === 'field_expression' ? (fn.field('value') ?? undefined) : undefined;
        return { t: 'call', callee: this.callee(node), args: { positional, named: new Map() }, ...(receiver ? { receiver } : {}) };
      }
      default:
        return { t: 'opaque' };
    }
  }

  call(callee: string, args: Args, ev: Evaluator, node: SgNode, receiver?: SgNode): Value | undefined {
    const [first] = args.positional;
    if (callee === REPEAT) {
      const n = ev.eval(args.positional[1]);
      const fill = ev.eval(first);
      const zero = fill.kind === 'int' && fill.value === 0;
      return bytes(n.kind === 'int' ? n.value : undefined, zero ? (mutableBuffer(node) ? 'unknown' : 'zero') : 'literal');
    }
    if (receiver) {
      const method = callee.slice(1);
      if (PASS_THROUGH.has(method)) return ev.eval(receiver);
      // `"secret".as_bytes()`, `"secret".to_string().into_bytes()`: a string's UTF-8 bytes.
      if (method === 'as_bytes' || method === 'into_bytes' || method === 'to_bytes') {
        const v = ev.eval(receiver);
        return v.kind === 'str' ? bytesOfString(v.value) : v.kind === 'bytes' ? v : UNKNOWN;
      }
      return undefined;
    }
    if (WRAPPERS.has(callee) || SLICE_VIEWS.test(callee)) return ev.eval(first);
    if (HEX_DECODERS.test(callee)) {
      const v = ev.eval(first);
      return v.kind === 'str' && /^[0-9a-fA-F]*$/.test(v.value) ? bytes(v.value.length / 2, 'literal') : UNKNOWN;
    }
    // `rand::random::<[u8; 32]>()`, `OsRng.gen()`: random bytes of the requested length when written.
    if (/(^|::)random$/.test(callee) && /rand/.test(callee)) return bytes(arrayTypeLength(node), 'random');
    if (/(^|::)(generate_key|generate_nonce)$/.test(callee)) return bytes(undefined, 'random');
    return undefined;
  }

  /** `vec![0u8; 32]`, `vec![1, 2]`, `hex!("00ff")`, `hex_literal::hex!`. */
  private macro(node: SgNode): Value {
    const name = node.field('macro')?.text() ?? node.namedChildren()[0]?.text() ?? '';
    const tree = node.namedChildren().find((c) => kindOf(c) === 'token_tree');
    if (!tree) return UNKNOWN;
    const parts = tree.namedChildren();
    if (/(^|::)vec$/.test(name)) {
      const text = tree.text();
      if (text.includes(';') && parts.length === 2) {
        const n = parseRustInt(parts[1]!.text());
        return bytes(n, parseRustInt(parts[0]!.text()) === 0 ? (mutableBuffer(node) ? 'unknown' : 'zero') : 'literal');
      }
      return parts.every((p) => kindOf(p) === 'integer_literal') ? bytes(parts.length, 'literal') : UNKNOWN;
    }
    if (/(^|::)hex$/.test(name)) {
      const body = parts.filter((p) => kindOf(p) === 'string_literal').map((p) => literalValue(p)).map((v) => (v.kind === 'str' ? v.value : '')).join('');
      const clean = body.replace(/\s+/g, '');
      return /^[0-9a-fA-F]*$/.test(clean) ? bytes(clean.length / 2, 'literal') : UNKNOWN;
    }
    return UNKNOWN;
  }
}

/**
 * The elements of a loop's iterable when it is a literal array (`[a, b]`, `&[a, b]`, `[a, b].iter()`,
 * `.into_iter().copied()`); undefined for anything else (a `vec!`'s tokens are not read).
 */
function loopItems(iterable: SgNode | null | undefined): SgNode[] | undefined {
  let cur = iterable ?? undefined;
  for (;;) {
    if (!cur) return undefined;
    const k = kindOf(cur);
    if (k === 'reference_expression' || k === 'parenthesized_expression') cur = cur.field('value') ?? cur.namedChildren()[0];
    else if (k === 'call_expression' && kindOf(cur.field('function') ?? cur) === 'field_expression' && (cur.field('arguments')?.namedChildren().length ?? 1) === 0) {
      const fn = cur.field('function')!;
      if (!ITERATION.has(fn.field('field')?.text() ?? '')) return undefined;
      cur = fn.field('value') ?? undefined;
    } else break;
  }
  if (kindOf(cur) !== 'array_expression' || cur.field('length')) return undefined;
  return cur.namedChildren().filter((c) => !kindOf(c).endsWith('comment'));
}

/** Length of `[u8; N]` in a call's turbofish (`rand::random::<[u8; 32]>()`). */
function arrayTypeLength(call: SgNode): number | undefined {
  const m = /\[\s*u8\s*;\s*(\d+)\s*\]/.exec(call.field('function')?.text() ?? '');
  return m ? Number(m[1]) : undefined;
}

/** `let mut key = [0u8; 32];`: a buffer to be filled (by an RNG, a KDF), not a constant. */
function mutableBuffer(node: SgNode): boolean {
  const parent = node.parent();
  if (!parent || kindOf(parent) !== 'let_declaration') return false;
  return parent.children().some((c) => kindOf(c) === 'mutable_specifier');
}

/** Bindings of a Rust file: every `let`, `const`, `static`, parameter and reassignment of a plain name. */
export function rustBindings(root: SgNode): Binding[] {
  const scopes = new ScopeIndex(root, SCOPE_KINDS);
  const out: Binding[] = [];
  const scopeOf = (node: SgNode) => scopes.around(node, SCOPE_SET) ?? scopes.file;
  for (const node of root.findAll({ rule: BINDING_RULE })) {
    const kind = kindOf(node);
    const span = nodeSpan(node);
    if (kind === 'let_declaration') {
      const pattern = node.field('pattern');
      if (!pattern) continue;
      const scope = scopeOf(node);
      const name = identifierOf(pattern);
      if (name) out.push({ name, value: node.field('value') ?? null, visibleFrom: span.end, scope, member: false });
      else for (const id of pattern.findAll({ rule: { kind: 'identifier' } })) out.push({ name: id.text(), value: null, visibleFrom: span.end, scope, member: false });
    } else if (kind === 'const_item' || kind === 'static_item') {
      const name = node.field('name')?.text();
      if (!name) continue;
      const around = scopes.around(node, SCOPE_SET);
      const owner = around?.kind === 'impl_item' ? implName(around.node) : undefined;
      out.push({ name, ...(owner ? { owner } : {}), value: node.field('value') ?? null, visibleFrom: span.end, scope: around ? { start: around.start, end: around.end } : scopes.file, member: true });
    } else if (kind === 'for_expression') {
      // The loop variable(s), visible in the body: each element of a literal array (shape), else unknown.
      const pattern = node.field('pattern');
      const body = node.field('body');
      if (!pattern || !body) continue;
      const scope = nodeSpan(body);
      const name = identifierOf(pattern);
      if (name) out.push({ name, value: node, visibleFrom: scope.start, scope, member: false });
      else if (kindOf(pattern) === 'tuple_pattern') {
        for (const part of pattern.namedChildren()) {
          if (kindOf(part) === 'identifier') out.push({ name: part.text(), value: part, visibleFrom: scope.start, scope, member: false });
          else for (const id of part.findAll({ rule: { kind: 'identifier' } })) out.push({ name: id.text(), value: null, visibleFrom: scope.start, scope, member: false });
        }
      } else for (const id of pattern.findAll({ rule: { kind: 'identifier' } })) out.push({ name: id.text(), value: null, visibleFrom: scope.start, scope, member: false });
    } else if (kind === 'parameter') {
      const pattern = node.field('pattern');
      const name = pattern ? identifierOf(pattern) : undefined;
      const fn = scopes.around(node, SCOPE_SET);
      if (name && fn) out.push({ name, value: null, visibleFrom: span.end, scope: fn, member: false, param: node });
    } else {
      const left = node.field('left');
      if (!left || kindOf(left) !== 'identifier') continue;
      // A reassignment holds in its block; where it ran on some paths only, the value after is unknown.
      const scope = scopeOf(node);
      out.push({ name: left.text(), value: node.field('right') ?? null, visibleFrom: span.end, scope, member: false });
      const declared = declarationScope(out, left.text(), span.start);
      if (declared && (declared.start !== scope.start || declared.end !== scope.end)) {
        out.push({ name: left.text(), value: null, visibleFrom: scope.end, scope: declared, member: false });
      }
    }
  }
  return out;
}

function declarationScope(bindings: readonly Binding[], name: string, at: number): { start: number; end: number } | undefined {
  let found: Binding | undefined;
  for (const b of bindings) if (b.name === name && !b.member && b.visibleFrom <= at && at >= b.scope.start && at <= b.scope.end) found = b;
  return found?.scope;
}

/** `x`, `mut x`, `ref x` -> x; other patterns (tuples, structs) bind several names. */
function identifierOf(pattern: SgNode): string | undefined {
  const k = kindOf(pattern);
  if (k === 'identifier') return pattern.text();
  if (k === 'mut_pattern' || k === 'ref_pattern') {
    const inner = pattern.namedChildren().find((c) => kindOf(c) === 'identifier');
    return inner?.text();
  }
  return undefined;
}

/** `impl Foo`, `impl<T> Trait for Foo<T>` -> `Foo`. */
export function implName(impl: SgNode): string | undefined {
  const t = impl.field('type');
  return t ? t.text().replace(/<.*$/s, '').split('::').pop() : undefined;
}

/**
 * The resolver for one parsed Rust file; with `crossFile`, constants of the crate's other files are read
 * too. `declaredModules`: the names of the file's `mod` items, when the caller's query found them.
 */
export function rustEvaluator(root: SgNode, uses: Uses, crossFile?: CrossFile, declaredModules?: ReadonlySet<string>): { ev: Evaluator; adapter: RustAdapter } {
  let impls: ScopeIndex | undefined;
  const implOf = (node: SgNode): string | undefined => {
    impls ??= new ScopeIndex(root, ['impl_item']);
    const s = impls.around(node, new Set(['impl_item']));
    return s ? implName(s.node) : undefined;
  };
  const adapter = new RustAdapter(uses, implOf);
  // The file's `mod` items, as its query found them (else looked for on first use).
  let modules = declaredModules;
  adapter.modules = () => (modules ??= new Set(root.findAll({ rule: { kind: 'mod_item' } }).map((m) => m.field('name')?.text() ?? '')));
  const ev = new Evaluator(adapter, () => new SymbolTable(rustBindings(root)), crossFile);
  // A call `name(..)` where a local of that name is in scope (a closure in a `let`) calls the local.
  let functions: ReturnType<typeof rustFunctions> | undefined;
  const fns = () => (functions ??= rustFunctions(root, (name, at) => ev.symbols.lookup(name, at) !== undefined));
  adapter.callSiteArguments = (param) => fns().callSiteArguments(param);
  adapter.returned = (call) => fns().returned(call);
  return { ev, adapter };
}
