// Argument resolution for Ruby: the LanguageAdapter the shared Evaluator reads (integers, strings with
// their escapes and interpolation, symbols, `"\0" * 16`, `%w[…]`, `[…].pack('C*')`, `["…"].pack('H*')`,
// `Base64.decode64("…")`, `SecureRandom.random_bytes(32)`, `cipher.random_key`, `.freeze`/`.b`) and the
// file's bindings: locals (method-, block- and branch-scoped), constants of classes and modules
// (`Crypto::KEY_BITS`), instance variables (one value when the class assigns them once), method and
// block parameters (unknown).
import type { SgNode } from '@ast-grep/napi';
import { Evaluator, armsShape, loopShape, ternaryShape, type Args, type CallSites, type LanguageAdapter, type Returned, type Shape } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { ScopeIndex, nodeSpan } from '../common/scopes.js';
import { SymbolTable, type Binding, type Scope, type Symbols } from '../common/symbols.js';
import { UNKNOWN, bytes, int, str, type BytesOrigin, type Value } from '../common/value.js';
import { rubyFunctions } from './call-sites.js';
import { exitsOf, lastStatement, pathEnds } from '../common/paths.js';
import type { CrossFile } from '../../cross-file.js';

/**
 * A byte written as `\xNN` (0x80 and above) is kept as the private-use character U+F700+NN, so that
 * `rubyBytes` counts it as one byte (UTF-8 would count two for U+0080..U+00FF).
 */
const RAW_BYTE = 0xf700;

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', s: ' ', e: '\x1b', a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** One escape sequence of a double-quoted string (`\x00`, `\0`, `\u00e9`, `\u{1F600}`, `\n`, `\"`). */
function unescape(e: string): string {
  const body = e.slice(1);
  let m = /^x([0-9a-fA-F]{1,2})$/.exec(body);
  if (m) {
    const n = parseInt(m[1]!, 16);
    return String.fromCharCode(n < 0x80 ? n : RAW_BYTE + n);
  }
  m = /^([0-7]{1,3})$/.exec(body);
  if (m) {
    const n = parseInt(m[1]!, 8) & 0xff;
    return String.fromCharCode(n < 0x80 ? n : RAW_BYTE + n);
  }
  m = /^u\{?([0-9a-fA-F]{1,6})\}?$/.exec(body);
  if (m) return String.fromCodePoint(parseInt(m[1]!, 16));
  return ESCAPES[body] ?? body;
}

/** Bytes of a Ruby string as the program holds them (UTF-8, raw `\xNN` bytes one each). */
export function rubyByteLength(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c >= RAW_BYTE && c <= RAW_BYTE + 0xff ? 1 : Buffer.byteLength(ch, 'utf8');
  }
  return n;
}

/** A string used as key, IV or salt bytes: literal, or zero when every byte is NUL. */
export function stringBytes(s: string): Value {
  return bytes(rubyByteLength(s), s.length > 0 && /^\0+$/.test(s) ? 'zero' : 'literal');
}

export function parseRubyInt(text: string): number | undefined {
  const t = text.replace(/_/g, '').toLowerCase();
  const n = t.startsWith('0x') ? parseInt(t.slice(2), 16) : t.startsWith('0b') ? parseInt(t.slice(2), 2)
    : /^0o?[0-7]+$/.test(t) && t.length > 1 ? parseInt(t.replace(/^0o?/, ''), 8) : /^\d+$/.test(t) ? parseInt(t, 10) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** Namespaces of the libraries the detector reads: their constants are symbols (RubyAdapter.constant). */
const LIBRARY_NAMESPACES = new Set([
  'OpenSSL', 'Digest', 'BCrypt', 'Argon2', 'SCrypt', 'RbNaCl', 'ActiveSupport', 'JWT', 'Net', 'Faraday', 'HTTParty', 'RestClient', 'Excon', 'Typhoeus',
]);

/** Callee of a string with interpolation (`"#{a}-cbc"`): not a Ruby method name, so no real call has it. */
const TEMPLATE = '"#{}"';
/** Methods that return their receiver's value for our purposes. */
const PASS_THROUGH = new Set(['freeze', 'dup', 'b', 'to_s', 'to_str', 'force_encoding', 'encode', 'strip', 'chomp', 'to_sym', 'itself', 'clone', 'unpack1']);
const RANDOM_BYTES = /^(SecureRandom|OpenSSL::Random|::OpenSSL::Random|RbNaCl::Random|Random::DEFAULT)\.(random_bytes|bytes|gen_random)$/;
const RANDOM_TEXT = /^SecureRandom\.(hex|base64|urlsafe_base64|alphanumeric|uuid)$/;

/** Parts of a call node: receiver, method name, positional and keyword arguments, block. */
export interface RbCall {
  node: SgNode;
  receiver?: SgNode;
  method: string;
  positional: SgNode[];
  named: Map<string, SgNode>;
  block?: SgNode;
}

/** The key of a hash pair as a name: `salt:`, `:salt =>`, `'salt' =>`. */
export function pairKey(pair: SgNode): string | undefined {
  const k = pair.field('key');
  if (!k) return undefined;
  const kind = kindOf(k);
  if (kind === 'hash_key_symbol') return k.text();
  if (kind === 'simple_symbol') return k.text().slice(1);
  if (kind === 'string' || kind === 'delimited_symbol') {
    const parts = k.namedChildren();
    return parts.length === 1 && kindOf(parts[0]!) === 'string_content' ? parts[0]!.text() : parts.length === 0 ? '' : undefined;
  }
  return undefined;
}

const callCache = new WeakMap<SgNode, RbCall | null>();

/** A `call` node taken apart (keyword arguments and a trailing literal hash by key). */
export function callParts(node: SgNode): RbCall | undefined {
  let c = callCache.get(node);
  if (c !== undefined) return c ?? undefined;
  c = null;
  if (kindOf(node) === 'call') {
    const method = node.field('method');
    if (method) {
      const receiver = node.field('receiver') ?? undefined;
      const positional: SgNode[] = [];
      const named = new Map<string, SgNode>();
      const args = node.field('arguments');
      for (const a of args?.namedChildren() ?? []) {
        const k = kindOf(a);
        if (k === 'comment') continue;
        if (k === 'pair') {
          const key = pairKey(a);
          const v = a.field('value');
          if (key !== undefined && v) named.set(key, v);
        } else if (k === 'hash' && a.text().startsWith('{') && args!.namedChildren().at(-1)?.id() === a.id()) {
          // `f(x, { cost: 12 })`: a trailing literal hash is keyword arguments in Ruby 2 and an options hash since.
          for (const p of a.namedChildren()) {
            const key = kindOf(p) === 'pair' ? pairKey(p) : undefined;
            const v = p.field('value');
            if (key !== undefined && v) named.set(key, v);
          }
          positional.push(a);
        } else positional.push(a);
      }
      const block = node.field('block') ?? undefined;
      c = { node, method: method.text(), positional, named, ...(receiver ? { receiver } : {}), ...(block ? { block } : {}) };
    }
  }
  callCache.set(node, c);
  return c ?? undefined;
}

/** A receiver written as a constant path (`OpenSSL::Cipher`, `::Digest::SHA256`), without a leading `::`. */
export function constPath(node: SgNode | undefined | null): string | undefined {
  if (!node) return undefined;
  const k = kindOf(node);
  if (k === 'constant') return node.text();
  if (k === 'scope_resolution') {
    const t = node.text().replace(/\s+/g, '');
    return /^(::)?[A-Z]\w*(::[A-Z]\w*)*$/.test(t) ? t.replace(/^::/, '') : undefined;
  }
  return undefined;
}

export class RubyAdapter implements LanguageAdapter {
  shape(node: SgNode): Shape {
    const k = kindOf(node);
    switch (k) {
      case 'integer': {
        const n = parseRubyInt(node.text());
        return { t: 'value', value: n === undefined ? UNKNOWN : int(n) };
      }
      case 'string':
      case 'delimited_symbol':
      case 'bare_string':
        return stringShape(node);
      case 'simple_symbol':
        return { t: 'value', value: str(node.text().slice(1)) };
      case 'true':
      case 'false':
        return { t: 'value', value: { kind: 'bool', value: k === 'true' } };
      case 'nil':
        return { t: 'value', value: { kind: 'none' } };
      case 'identifier':
      case 'constant':
      case 'instance_variable':
      case 'class_variable':
        return { t: 'name', name: node.text() };
      case 'scope_resolution': {
        const scope = node.field('scope');
        const name = node.field('name');
        if (!name) return { t: 'opaque' };
        // `::KEY` names a top-level constant.
        if (!scope) return { t: 'name', name: name.text() };
        return { t: 'member', object: scope, property: name.text(), self: false };
      }
      case 'parenthesized_statements': {
        const inner = node.namedChildren().filter((c) => kindOf(c) !== 'comment');
        return inner.length === 1 ? { t: 'group', inner: inner[0]! } : { t: 'opaque' };
      }
      case 'binary': {
        const left = node.field('left');
        const right = node.field('right');
        const op = node.field('operator')?.text();
        return left && right && op ? { t: 'binary', op, left, right } : { t: 'opaque' };
      }
      case 'conditional':
        return ternaryShape(node);
      case 'block':
      case 'do_block':
        // The first parameter of a block over a literal array (literalEach): each element.
        return loopShape(literalEach(node));
      case 'case':
      case 'if':
      case 'unless': {
        // `alg = case tier when :legacy then 'MD5' else 'SHA256' end` (and an `if` chain) as a value:
        // each arm's last expression; an arm that raises gives none; without `else`, `nil` is one more.
        const spans = rubyPathEnds(node);
        if (spans.some((p) => p.start === p.end)) return { t: 'opaque' };
        const arms = armsOf(node);
        return armsShape(arms.map((a) => {
          if (leavesArm(a)) return null;
          const last = lastStatement(a, RB_BLOCKS);
          return last && kindOf(last) !== 'assignment' ? last : undefined;
        }));
      }
      case 'unary': {
        const operand = node.field('operand');
        const op = node.field('operator')?.text() ?? '';
        return operand ? { t: 'unary', op, operand } : { t: 'opaque' };
      }
      case 'array':
        return { t: 'list', items: node.namedChildren().filter((c) => kindOf(c) !== 'comment') };
      case 'string_array':
      case 'symbol_array':
        return { t: 'list', items: node.namedChildren() };
      case 'call': {
        const c = callParts(node);
        if (!c) return { t: 'opaque' };
        const args: Args = { positional: c.positional, named: c.named };
        if (c.block) args.named.set('{}', c.block);
        const path = constPath(c.receiver);
        if (path) return { t: 'call', callee: `${path}.${c.method}`, args, receiver: c.receiver! };
        return { t: 'call', callee: c.receiver ? `.${c.method}` : c.method, args, ...(c.receiver ? { receiver: c.receiver } : {}) };
      }
      default:
        return { t: 'opaque' };
    }
  }

  call(callee: string, args: Args, ev: Evaluator, _node: SgNode, receiver?: SgNode): Value | undefined {
    const [first] = args.positional;
    if (callee === TEMPLATE) {
      // The literal text between interpolations is the string's own (`"aes-#{bits}-cbc"`), not an expression.
      let out = '';
      for (const part of args.positional) {
        const k = kindOf(part);
        if (k === 'string_content') {
          out += part.text();
          continue;
        }
        if (k === 'escape_sequence') {
          out += unescape(part.text());
          continue;
        }
        const v = ev.eval(part);
        if (v.kind === 'str' || v.kind === 'int') out += String(v.value);
        else return UNKNOWN;
      }
      return str(out);
    }
    if (RANDOM_BYTES.test(callee)) {
      const n = ev.eval(first);
      return bytes(n.kind === 'int' ? n.value : undefined, 'random');
    }
    if (RANDOM_TEXT.test(callee)) return { kind: 'bytes', origin: 'random' };
    if (/^Base64\.(strict_|urlsafe_)?decode64$/.test(callee)) {
      const v = ev.eval(first);
      return v.kind === 'str' ? bytes(Buffer.from(v.value, 'base64').length, 'literal') : UNKNOWN;
    }
    if (callee === 'Array.new') {
      // `Array.new(16, 0)` (then `.pack`): zero bytes; `Array.new(16) { … }` computes each one.
      const n = ev.eval(first);
      if (n.kind !== 'int') return UNKNOWN;
      const fill = args.named.has('{}') ? UNKNOWN : args.positional[1] ? ev.eval(args.positional[1]) : ({ kind: 'none' } as Value);
      return { kind: 'list', items: Array.from({ length: Math.min(n.value, 4096) }, () => fill) };
    }
    if (!receiver) return undefined;
    const method = callee.slice(callee.lastIndexOf('.') + 1);
    if (method === 'random_key' || method === 'random_iv') return { kind: 'bytes', origin: 'random' };
    if (method === 'pack') return pack(ev.eval(receiver), ev.eval(first));
    if (method === 'bytesize' || method === 'length' || method === 'size') {
      const v = ev.eval(receiver);
      return v.kind === 'str' ? int(rubyByteLength(v.value)) : v.kind === 'bytes' && v.length !== undefined ? int(v.length) : UNKNOWN;
    }
    if (method === 'join') return join(ev.eval(receiver), first ? ev.eval(first) : str(''));
    if (PASS_THROUGH.has(method) && method !== 'unpack1') return ev.eval(receiver);
    return undefined;
  }

  enclosingClass(node: SgNode): string | undefined {
    return ownerOf(node);
  }

  /**
   * A constant of a library the detector reads (`OpenSSL::PKey::RSA::PKCS1_OAEP_PADDING`) is the
   * symbol the handlers match, as it is without other files' constants: not a value a vendored copy
   * of the library's source declares (cross-file.ts).
   */
  constant(path: string): Value | undefined {
    const root = /^(?:::)?([A-Z]\w*)::/.exec(path)?.[1];
    return root && LIBRARY_NAMESPACES.has(root) ? { kind: 'member', path } : undefined;
  }

  /** Set by rubyEvaluator (ruby/call-sites.ts). */
  callSiteArguments?: (param: SgNode) => CallSites | undefined;

  /** Set per file by rubyEvaluator (call-sites.ts). */
  returned?: (call: SgNode) => Returned | undefined;

  /** A bare `name` without a local is a method call (Ruby's grammar): `returned` reads it. */
  readonly callsByName = true;

  /** Set by rubyEvaluator when the scan reads other files' constants (constants.ts, rubyConstantOwners). */
  importedOwner?: (name: string, node: SgNode) => readonly string[] | undefined;

  /** Where the paths through an `if` chain, a modifier `if` or a `case` end (rubyPathEnds). */
  pathEnds(statement: SgNode): readonly Scope[] {
    return rubyPathEnds(statement);
  }
}

/** `[…].pack('C*')`, `["00ff"].pack('H*')`, `Array.new(16, 0).pack('c*')`: bytes written in the source. */
function pack(list: Value, fmt: Value): Value {
  if (list.kind !== 'list' || fmt.kind !== 'str') return UNKNOWN;
  const f = fmt.value.replace(/\s+/g, '');
  if (/^[CcU]\*$/.test(f)) {
    const known = list.items.every((i) => i.kind === 'int' || i.kind === 'none');
    const zero = list.items.every((i) => (i.kind === 'int' && i.value === 0) || i.kind === 'none');
    const origin: BytesOrigin = !known ? 'unknown' : zero ? 'zero' : 'literal';
    return bytes(list.items.length, origin);
  }
  if (/^[Hh]\*?$/.test(f) && list.items.length === 1) {
    const s = list.items[0]!;
    return s.kind === 'str' && /^[0-9a-fA-F]*$/.test(s.value) ? bytes(Math.ceil(s.value.length / 2), /^0*$/.test(s.value) && s.value.length > 0 ? 'zero' : 'literal') : UNKNOWN;
  }
  return UNKNOWN;
}

/** `%w[ECDHE-RSA-AES128-GCM-SHA256 AES128-SHA].join(':')`: a list of known strings (or integers) joined. */
function join(list: Value, sep: Value): Value {
  if (list.kind !== 'list' || sep.kind !== 'str') return UNKNOWN;
  const parts: string[] = [];
  for (const i of list.items) {
    if (i.kind !== 'str' && i.kind !== 'int') return UNKNOWN;
    parts.push(String(i.value));
  }
  return str(parts.join(sep.value));
}

function stringShape(node: SgNode): Shape {
  const parts = node.namedChildren();
  const single = node.text().startsWith("'") || /^%q/.test(node.text());
  if (parts.some((p) => kindOf(p) === 'interpolation')) {
    return { t: 'call', callee: TEMPLATE, args: { positional: parts.map((p) => (kindOf(p) === 'interpolation' ? (p.namedChildren()[0] ?? p) : p)), named: new Map() } };
  }
  let out = '';
  for (const p of parts) {
    const k = kindOf(p);
    if (k === 'string_content') out += single ? p.text().replace(/\\([\\'])/g, '$1') : p.text();
    else if (k === 'escape_sequence') out += unescape(p.text());
    else return { t: 'opaque' };
  }
  return { t: 'value', value: str(out) };
}

const CLASS_KINDS = new Set(['class', 'module']);

/** The class or module whose constants and instance variables a node sees. */
export function ownerOf(node: SgNode): string | undefined {
  for (const a of node.ancestors()) {
    if (CLASS_KINDS.has(kindOf(a))) return className(a);
  }
  return undefined;
}

function className(decl: SgNode): string | undefined {
  const n = decl.field('name');
  return n ? n.text().split('::').pop() : undefined;
}

/**
 * Nodes that scope a local: methods, blocks and lambdas, classes, and the branches of `if`/`unless`/
 * `case`/`begin…rescue` and loops, so that a value assigned in one arm is unknown after it.
 */
const METHOD_KINDS = ['method', 'singleton_method'];
const SCOPE_KINDS = [...METHOD_KINDS, 'block', 'do_block', 'lambda', 'class', 'module', 'singleton_class', 'then', 'else', 'elsif', 'when', 'in_clause',
  'rescue', 'ensure', 'while', 'until', 'for', 'if_modifier', 'unless_modifier', 'while_modifier', 'until_modifier', 'rescue_modifier'];
const SCOPES: ReadonlySet<string> = new Set(SCOPE_KINDS);
/** The scopes Ruby itself gives locals: a local assigned in an `if` arm or a loop is the method's (or block's). */
const LOCAL_SCOPES: ReadonlySet<string> = new Set([...METHOD_KINDS, 'block', 'do_block', 'lambda', 'class', 'module', 'singleton_class']);
const METHODS: ReadonlySet<string> = new Set([...METHOD_KINDS, 'class', 'module', 'singleton_class']);
const CLASS_SCOPES: ReadonlySet<string> = new Set(['class', 'module', 'singleton_class']);

/** RSpec's memoised helpers: `let(:key) { OpenSSL::PKey::RSA.generate(2048) }`, `subject(:cipher) { … }`. */
const LET_METHODS = /^(let|let!|subject|subject!)$/;

const BINDING_RULE = {
  any: [
    ...['assignment', 'operator_assignment', 'method_parameters', 'lambda_parameters', 'block_parameters', 'for'].map((kind) => ({ kind })),
    { kind: 'call', has: { field: 'method', regex: LET_METHODS.source } },
  ],
};

const PARAM_KINDS = new Set(['identifier', 'optional_parameter', 'keyword_parameter', 'splat_parameter', 'hash_splat_parameter', 'block_parameter', 'destructured_parameter']);

/** Bindings of a Ruby file, with the method spans that bound local lookups (`def` does not see outer locals). */
export function rubyBindings(root: SgNode): { bindings: Binding[]; scopes: ScopeIndex } {
  const scopes = new ScopeIndex(root, SCOPE_KINDS);
  const out: Binding[] = [];
  const scopeOf = (node: SgNode): Scope => scopes.spanAround(node, SCOPES);
  // Instance variables: one binding per class and name, with a value when the class assigns it once.
  const ivars = new Map<string, { value: SgNode | null; count: number; owner?: string; scope: Scope; from: number }>();
  for (const node of root.findAll({ rule: BINDING_RULE })) {
    const kind = kindOf(node);
    const span = nodeSpan(node);
    if (kind === 'call') {
      const b = letBinding(node, scopes);
      if (b) out.push(...b);
      continue;
    }
    if (kind === 'assignment' || kind === 'operator_assignment') {
      const left = node.field('left');
      const right = node.field('right');
      if (!left) continue;
      const lk = kindOf(left);
      const op = kind === 'assignment' ? '=' : (node.field('operator')?.text() ?? '');
      // `x ||= v` memoises: the first value is v (the usual `@cipher ||= OpenSSL::Cipher.new(…)`).
      const value = op === '=' || op === '||=' ? (right && kindOf(right) !== 'right_assignment_list' ? right : null) : null;
      if (lk === 'left_assignment_list') {
        for (const id of left.findAll({ rule: { kind: 'identifier' } })) out.push({ name: id.text(), value: null, visibleFrom: span.end, scope: scopeOf(node), member: false });
        continue;
      }
      if (lk === 'constant') {
        const cls = scopes.around(node, CLASS_SCOPES);
        const owner = cls ? className(cls.node) : undefined;
        out.push({ name: left.text(), ...(owner ? { owner } : {}), value, visibleFrom: span.end, scope: cls ? { start: cls.start, end: cls.end } : scopes.file, member: true });
        continue;
      }
      if (lk === 'instance_variable' || lk === 'class_variable') {
        const cls = scopes.around(node, CLASS_SCOPES);
        const key = `${cls?.start ?? -1}:${left.text()}`;
        const prev = ivars.get(key);
        if (prev) prev.count++;
        else {
          const owner = cls ? className(cls.node) : undefined;
          ivars.set(key, { value, count: 1, ...(owner ? { owner } : {}), scope: cls ? { start: cls.start, end: cls.end } : scopes.file, from: span.end });
        }
        continue;
      }
      if (lk !== 'identifier') continue;
      const name = left.text();
      const scope = scopeOf(node);
      out.push({ name, value, visibleFrom: span.end, scope, member: false });
      // Assigned on some paths only: after an arm of an `if`/`unless` chain, a modifier `if`, or a
      // `case`, where the statement ends, the name holds what each path left (a join); after another
      // block (a loop, a block, `rescue`), unknown from its end on.
      // A local first assigned in a branch or loop lives on after it (only methods, blocks and classes scope locals).
      const real = scopes.around(node, LOCAL_SCOPES);
      const declared = declarationScope(out, name, span.start) ?? (real ? { start: real.start, end: real.end } : scopes.file);
      if (declared) out.push(...exitsOf(name, scopes.around(node, SCOPES)?.node, declared, armOf, (statement) => scopes.around(statement, SCOPES)?.node, scopes.file));
    } else if (kind === 'for') {
      const pattern = node.field('pattern');
      for (const id of pattern ? [pattern, ...pattern.findAll({ rule: { kind: 'identifier' } })] : []) {
        if (kindOf(id) === 'identifier') out.push({ name: id.text(), value: null, visibleFrom: span.start, scope: nodeSpan(node), member: false });
      }
    } else {
      // Parameters: their values are the caller's.
      const owner = node.parent();
      if (!owner) continue;
      for (const p of node.namedChildren()) {
        if (!PARAM_KINDS.has(kindOf(p))) continue;
        const id = kindOf(p) === 'identifier' ? p : p.field('name');
        const ids = id ? [id] : p.findAll({ rule: { kind: 'identifier' } });
        // A method's parameter may take the values the file's calls pass (call-sites.ts).
        const param = id && kind === 'method_parameters' ? { param: p } : {};
        // `%w[sha1 sha256].each do |alg|`: the block's first parameter is each element (its value is the block).
        const element = kind === 'block_parameters' && p.id() === node.namedChildren()[0]?.id() && kindOf(p) === 'identifier' && literalEach(owner) ? owner : null;
        for (const i of ids) out.push({ name: i.text(), value: element, visibleFrom: span.start, scope: nodeSpan(owner), member: false, ...param });
      }
    }
  }
  for (const [key, iv] of ivars) {
    const name = key.slice(key.indexOf(':') + 1);
    out.push({ name, ...(iv.owner ? { owner: iv.owner } : {}), value: iv.count === 1 ? iv.value : null, visibleFrom: iv.from, scope: iv.scope, member: true });
  }
  return { bindings: out, scopes };
}

/**
 * `let(:rsa_key) { OpenSSL::PKey::RSA.generate(2048) }` (also `let!`, `subject(:name)`, a bare `subject`):
 * RSpec defines a method of the example group that returns the block's last expression, so the name
 * stands for it in the whole group (the `describe`/`context` block around it, nested groups and the
 * `def`s in it too, before the `let` as well: it is lazy), unless a nested group redefines it.
 */
function letBinding(node: SgNode, scopes: ScopeIndex): Binding[] | undefined {
  const c = callParts(node);
  if (!c || c.receiver || !c.block || !LET_METHODS.test(c.method)) return undefined;
  const first = c.positional[0];
  const names = first && kindOf(first) === 'simple_symbol' ? [first.text().slice(1)] : [];
  if (c.method.startsWith('subject')) names.push('subject');
  else if (names.length === 0) return undefined;
  const body = c.block.field('body');
  const value = body ? (kindOf(body) === 'body_statement' || kindOf(body) === 'block_body' ? body.namedChildren().filter((x) => !kindOf(x).includes('comment')).at(-1) : body) : undefined;
  const group = scopes.around(node, LOCAL_SCOPES);
  const scope = group ? { start: group.start, end: group.end } : scopes.file;
  return names.map((name) => ({ name, value: value ?? null, visibleFrom: scope.start, scope, member: true }));
}

const CONDITIONALS = new Set(['if', 'unless']);
const MODIFIERS = new Set(['if_modifier', 'unless_modifier']);

/** The `if`/`unless` a `then`, `else` or `elsif` belongs to, through an `elsif` chain. */
function chainOf(node: SgNode): SgNode | undefined {
  let cur: SgNode | null = node.parent();
  while (cur && kindOf(cur) === 'elsif') cur = cur.parent();
  return cur && CONDITIONALS.has(kindOf(cur)) ? cur : undefined;
}

/** For a block that is one path of a branching statement (an arm of an `if` chain or a `case`, a modifier `if`), the statement. */
function armOf(block: SgNode): SgNode | undefined {
  const k = kindOf(block);
  if (MODIFIERS.has(k)) return block;
  if (k !== 'then' && k !== 'else') return undefined;
  const parent = block.parent();
  if (!parent) return undefined;
  const pk = kindOf(parent);
  if (pk === 'when' || pk === 'in_clause') return parent.parent() ?? undefined;
  if (pk === 'case' || pk === 'case_match') return parent;
  return CONDITIONALS.has(pk) || pk === 'elsif' ? chainOf(block) : undefined;
}

const RB_BLOCKS = new Set(['then', 'else', 'body_statement']);
const RB_JUMPS = new Set(['return', 'break', 'next', 'redo', 'retry']);
function leavesArm(arm: SgNode): boolean {
  const last = lastStatement(arm, RB_BLOCKS);
  if (!last) return false;
  if (RB_JUMPS.has(kindOf(last))) return true;
  return kindOf(last) === 'call' && !last.field('receiver') && /^(raise|fail|exit|abort)$/.test(last.field('method')?.text() ?? '');
}

/**
 * LanguageAdapter.pathEnds for Ruby: each arm of an `if`/`unless` … `elsif` … `else` chain (its start
 * without `else`); a modifier `if`'s statement and its start; each `when`/`in` arm of a `case` and its
 * `else` (its start without one).
 */
export function rubyPathEnds(statement: SgNode): Scope[] {
  if (MODIFIERS.has(kindOf(statement))) return pathEnds([statement], () => false, nodeSpan(statement).start);
  const arms = armsOf(statement);
  return pathEnds(arms, leavesArm, arms.some((a) => kindOf(a) === 'else') ? undefined : nodeSpan(statement).start);
}

/** The arms of an `if`/`unless` … `elsif` … `else` chain or a `case` (`when`/`in` bodies, `else`), in order. */
function armsOf(statement: SgNode): SgNode[] {
  const arms: SgNode[] = [];
  if (CONDITIONALS.has(kindOf(statement))) {
    for (let cur: SgNode | undefined = statement; cur; ) {
      const then = cur.namedChildren().find((c) => kindOf(c) === 'then');
      if (then) arms.push(then);
      const next: SgNode | undefined = cur.namedChildren().find((c) => kindOf(c) === 'elsif' || kindOf(c) === 'else');
      if (next && kindOf(next) === 'else') arms.push(next);
      cur = next && kindOf(next) === 'elsif' ? next : undefined;
    }
    return arms;
  }
  for (const c of statement.namedChildren()) {
    const ck = kindOf(c);
    if (ck === 'when' || ck === 'in_clause') {
      const then = c.namedChildren().find((x) => kindOf(x) === 'then');
      if (then) arms.push(then);
    } else if (ck === 'else') arms.push(c);
  }
  return arms;
}

/** Iterators whose block's first parameter is each element of the receiver. */
const EACH = new Set(['each', 'map', 'collect', 'flat_map', 'each_with_index', 'each_with_object', 'select', 'filter', 'reject', 'find', 'detect', 'any?', 'all?']);

/** For a block of `[…].each`/`%w[…].each` (and map, select, …) on a literal array: the array's elements. */
export function literalEach(block: SgNode): SgNode[] | undefined {
  const call = block.parent();
  if (!call || kindOf(call) !== 'call' || !EACH.has(call.field('method')?.text() ?? '')) return undefined;
  const receiver = call.field('receiver');
  if (!receiver || (kindOf(receiver) !== 'array' && kindOf(receiver) !== 'string_array' && kindOf(receiver) !== 'symbol_array')) return undefined;
  const items = receiver.namedChildren().filter((c) => !kindOf(c).includes('comment'));
  return items.length > 0 && items.every((c) => kindOf(c) !== 'splat_argument') ? items : undefined;
}

function declarationScope(bindings: readonly Binding[], name: string, at: number): Scope | undefined {
  let found: Binding | undefined;
  for (const b of bindings) if (b.name === name && !b.member && b.visibleFrom <= at && at >= b.scope.start && at <= b.scope.end && (!found || b.scope.end - b.scope.start <= found.scope.end - found.scope.start)) found = b;
  return found?.scope;
}

/**
 * Ruby's `def` starts a fresh local scope: a local assigned outside a method is not seen inside it (there
 * the name is a method call). Constants, instance variables and names without a binding are as the table says.
 */
class RubySymbols implements Symbols {
  constructor(private readonly table: SymbolTable, private readonly scopes: ScopeIndex) {}

  lookup(name: string, at: number, except?: (b: Binding) => boolean): Binding | undefined {
    const b = this.table.lookup(name, at, except);
    if (!b || b.member || !/^[a-z_]/.test(name)) return b;
    const method = this.scopes.innermost(at, at, METHODS);
    return method && (b.scope.start < method.start || b.scope.end > method.end) ? undefined : b;
  }

  member(owner: string, name: string): Binding | undefined {
    return this.table.member(owner, name);
  }

  hasOwner(owner: string): boolean {
    return this.table.hasOwner(owner);
  }

  all(name: string): readonly Binding[] {
    return this.table.all(name);
  }
}

/**
 * The resolver for one parsed Ruby file; with `crossFile`, a constant the file does not assign is read
 * from other files' declarations, a bare one from the owners `importedOwner` names (constants.ts).
 */
export function rubyEvaluator(root: SgNode, crossFile?: CrossFile, importedOwner?: RubyAdapter['importedOwner']): Evaluator {
  const adapter = new RubyAdapter();
  if (importedOwner) adapter.importedOwner = importedOwner;
  const ev = new Evaluator(adapter, () => {
    const { bindings, scopes } = rubyBindings(root);
    return new RubySymbols(new SymbolTable(bindings), scopes);
  }, crossFile);
  // A bare `name` where a local of that name is in scope reads the local, not the method.
  let functions: ReturnType<typeof rubyFunctions> | undefined;
  const fns = (): ReturnType<typeof rubyFunctions> => (functions ??= rubyFunctions(root, (name, at) => {
    const b = ev.symbols.lookup(name, at);
    return b !== undefined && !b.member;
  }));
  adapter.callSiteArguments = (param) => fns().callSiteArguments(param);
  adapter.returned = (call) => fns().returned(call);
  return ev;
}
