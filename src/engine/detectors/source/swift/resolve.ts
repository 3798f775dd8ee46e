// Argument resolution for Swift: the LanguageAdapter the shared Evaluator reads (literals, string
// interpolation, arithmetic, byte arrays: `[0x01, 0x02]`, `[UInt8](repeating: 0, count: 16)`,
// `Data(count: 32)`, `Data("k".utf8)`, `"k".data(using: .utf8)!`, `Data(base64Encoded:)`, CryptoSwift's
// `Array(hex:)`/`.bytes`, `SymmetricKey(size: .bits256)`) and the file's bindings (`let`/`var` locals,
// stored and `static` properties of types and extensions, parameters, closure and loop variables, `if let`/
// `guard let`, reassignments with the branch rule).
import type { SgNode } from '@ast-grep/napi';
import { Evaluator, armsShape, coalescingShape, loopShape, ternaryShape, type Args, type CallSites, type LanguageAdapter, type Returned, type Shape } from '../common/evaluate.js';
import { computedBody, swiftFunctions } from './call-sites.js';
import { kindOf } from '../common/languages.js';
import { ScopeIndex, nodeSpan } from '../common/scopes.js';
import { SymbolTable, declarationScope, type Binding, type Scope } from '../common/symbols.js';
import { UNKNOWN, bytes, int, str, type Value } from '../common/value.js';
import { fromCaller, stringBytesOrigin } from '../common/from-caller.js';
import { CC_CONSTANTS, CC_CONVERSIONS } from './commoncrypto.js';
import { CRYPTOKIT_HASHES } from './cryptokit.js';
import { DIGEST_METHODS } from './cryptoswift.js';
import { digestBytes } from '../common/digests.js';
import { callParts, namedKids, pathText, receiverOf, suffixName, typeName } from './syntax.js';
import { exitsOf, lastStatement, pathEnds } from '../common/paths.js';
import type { CrossFile } from '../../cross-file.js';

/**
 * Nodes that scope a local: functions, initialisers, closures, type bodies, and every `statements` block
 * (the arms of `if`/`switch`, `do`/`catch`, loop bodies), so that a value assigned in one arm is unknown
 * after it (docs/detectors.md, "Symbol table").
 */
const SCOPE_KINDS = ['class_body', 'enum_class_body', 'protocol_body', 'function_declaration', 'init_declaration', 'lambda_literal', 'statements',
  'computed_property', 'for_statement', 'while_statement', 'repeat_while_statement', 'if_statement', 'catch_block', 'switch_entry'];
const SCOPES: ReadonlySet<string> = new Set(SCOPE_KINDS);
const TYPE_BODIES = new Set(['class_body', 'enum_class_body']);

/** An `if` that is the `else` arm of the `if` around it. */
const elseIf = (node: SgNode): boolean => kindOf(node) === 'if_statement' && node.parent() !== null && kindOf(node.parent()!) === 'if_statement';

/** For a block that is one path of an `if`/`else if` chain or a `switch`, the statement (for `else if`, the outer `if`). */
function armOf(block: SgNode): SgNode | undefined {
  const parent = block.parent();
  if (!parent) return undefined;
  if (elseIf(block)) return parent;
  if (kindOf(block) !== 'statements') return undefined;
  if (kindOf(parent) === 'if_statement') return parent;
  const sw = kindOf(parent) === 'switch_entry' ? parent.parent() : null;
  return sw && kindOf(sw) === 'switch_statement' ? sw : undefined;
}

const SWIFT_BLOCKS = new Set(['statements']);
/** `return`, `throw`, `break`, `continue`, `fallthrough`, or a call that never returns. */
function leavesArm(arm: SgNode): boolean {
  const last = lastStatement(arm, SWIFT_BLOCKS);
  if (!last) return false;
  if (kindOf(last) === 'control_transfer_statement') return true;
  return kindOf(last) === 'call_expression' && /^(fatalError|preconditionFailure)\s*\(/.test(last.text());
}

/**
 * LanguageAdapter.pathEnds for Swift: an `if`'s block and its `else` (a block or the next `if`), or
 * its start where either is missing or empty; each `switch` case's statements, and the `switch`'s
 * start without `default`.
 */
export function swiftPathEnds(statement: SgNode): Scope[] {
  const arms = swiftArms(statement);
  const complete = kindOf(statement) === 'if_statement'
    ? arms.length === 2
    : statement.children().some((e) => kindOf(e) === 'switch_entry' && e.children().some((c) => kindOf(c) === 'default_keyword')) &&
      arms.length === statement.children().filter((c) => kindOf(c) === 'switch_entry').length;
  // A missing arm (no `else`, an empty block, a `switch` without `default`) reaches the end with the value from before.
  return pathEnds(arms, leavesArm, complete ? undefined : nodeSpan(statement).start);
}

/** An `if`'s block and its `else` (a block or the next `if`), or each `switch` case's statements, in order; empty ones absent. */
function swiftArms(statement: SgNode): SgNode[] {
  const kids = statement.children();
  if (kindOf(statement) === 'if_statement') {
    const at = kids.findIndex((c) => kindOf(c) === 'else');
    const then = (at < 0 ? kids : kids.slice(0, at)).find((c) => kindOf(c) === 'statements');
    const otherwise = at < 0 ? undefined : kids.slice(at + 1).find((c) => kindOf(c) === 'statements' || kindOf(c) === 'if_statement');
    return [then, otherwise].filter((a): a is SgNode => a !== undefined);
  }
  return kids.filter((c) => kindOf(c) === 'switch_entry').flatMap((e) => e.children().filter((c) => kindOf(c) === 'statements'));
}

export function parseSwiftInt(text: string): number | undefined {
  const t = text.replace(/_/g, '').toLowerCase();
  const n = t.startsWith('0x') ? parseInt(t.slice(2), 16) : t.startsWith('0b') ? parseInt(t.slice(2), 2) : t.startsWith('0o') ? parseInt(t.slice(2), 8) : /^\d+$/.test(t) ? parseInt(t, 10) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function unescape(body: string): string {
  return body.replace(/\\(u\{[0-9a-fA-F]{1,8}\}|[0tnr'"\\])/g, (_, e: string) =>
    e.startsWith('u') ? String.fromCodePoint(parseInt(e.slice(2, -1), 16)) : (({ 0: '\0', t: '\t', n: '\n', r: '\r' } as Record<string, string>)[e] ?? e));
}

/** Callee of a string with interpolations (not a Swift name, so no real call has it). */
const TEMPLATE = '"\\()"';
/** Callee of a bitwise or (not a Swift name either). */
const BIT_OR = '(|)';
/** Calls that return the bytes or string they are given (conversions between `Data`, `[UInt8]` and pointers). */
const PASS_THROUGH_TYPES = new Set(['Data', 'Array', '[]', 'NSData', 'ContiguousBytes', 'String']);
const PASS_THROUGH_METHODS = new Set(['copy', 'bytes', 'toData', 'toBytes']);
/** Methods whose closure receives the receiver's bytes (`key.withUnsafeBytes { keyBytes in … }`): the parameter stands for the receiver. */
const BYTE_CLOSURES = new Set(['withUnsafeBytes', 'withUnsafeBufferPointer', 'withUnsafeMutableBytes', 'withUnsafeMutableBufferPointer']);

export class SwiftAdapter implements LanguageAdapter {
  /** Set per file by swiftEvaluator (call-sites.ts). */
  callSiteArguments?: (param: SgNode) => CallSites | undefined;

  /** Set per file by swiftEvaluator (call-sites.ts). */
  returned?: (call: SgNode) => Returned | undefined;

  /** Set per file by swiftEvaluator (swiftPathEnds). */
  pathEnds?: (statement: SgNode) => readonly Scope[];

  /** Set per file by swiftEvaluator (call-sites.ts): whether `x.name` reads a computed property of the file. */
  computedMember?: (member: SgNode) => boolean;

  shape(node: SgNode): Shape {
    const k = kindOf(node);
    switch (k) {
      case 'integer_literal':
      case 'hex_literal':
      case 'bin_literal':
      case 'oct_literal': {
        const n = parseSwiftInt(node.text());
        return { t: 'value', value: n === undefined ? UNKNOWN : int(n) };
      }
      case 'line_string_literal':
      case 'multi_line_string_literal':
        return stringShape(node);
      case 'boolean_literal':
        return { t: 'value', value: { kind: 'bool', value: node.text() === 'true' } };
      case 'nil':
        return { t: 'value', value: { kind: 'none' } };
      case 'simple_identifier': {
        // CommonCrypto's C constants (`kCCAlgorithmAES`, `kCCKeySizeAES256`) are integers.
        const name = node.text();
        const c = Object.hasOwn(CC_CONSTANTS, name) ? CC_CONSTANTS[name] : undefined;
        if (name === '$0') {
          // `key.withUnsafeBytes { CCHmac(…, $0.baseAddress, …) }`: the closure's first argument is the receiver's bytes.
          const lambda = node.ancestors().find((a) => kindOf(a) === 'lambda_literal');
          const call = lambda?.parent()?.parent();
          const parts = call ? callParts(call) : undefined;
          if (parts?.receiver && BYTE_CLOSURES.has(parts.name) && parts.lambda?.id() === lambda!.id()) return { t: 'group', inner: parts.receiver };
        }
        return c !== undefined ? { t: 'value', value: int(c) } : { t: 'name', name };
      }
      case 'tuple_expression':
      case 'interpolated_expression':
      case 'value_argument': {
        const kids = namedKids(node).filter((c) => kindOf(c) !== 'value_argument_label');
        return kids.length === 1 ? { t: 'group', inner: kids[0]! } : { t: 'opaque' };
      }
      case 'try_expression':
      case 'await_expression': {
        const inner = namedKids(node).filter((c) => kindOf(c) !== 'try_operator').at(-1);
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'as_expression': {
        const inner = namedKids(node)[0];
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'postfix_expression': {
        // `x!`, `x?`: the value unwrapped.
        const inner = namedKids(node)[0];
        return inner && /[!?]$/.test(node.text()) ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'prefix_expression': {
        const kids = node.children();
        const op = kids[0]?.text() ?? '';
        const operand = kids[1];
        if (!operand) return { t: 'opaque' };
        if (op === '.') return { t: 'value', value: { kind: 'member', path: `.${operand.text()}` } };
        if (op === '&') return { t: 'group', inner: operand };
        return { t: 'unary', op, operand };
      }
      case 'ternary_expression':
        return ternaryShape(node, 'if_true', 'condition', 'if_false');
      case 'for_statement': {
        // The loop variable's value: each element of a literal array iterated.
        const list = namedKids(node).find((c) => kindOf(c) === 'array_literal');
        return loopShape(list ? namedKids(list).filter((c) => !kindOf(c).includes('comment')) : undefined);
      }
      case 'switch_statement':
      case 'if_statement': {
        // Swift 5.9 `let alg = switch k { case 1: … default: … }` (and `if` expressions): each arm's
        // single expression; an arm that never returns gives none, a missing one makes it no value.
        const spans = swiftPathEnds(node);
        if (spans.some((p) => p.start === p.end)) return { t: 'opaque' };
        return armsShape(swiftArms(node).map((a) => {
          if (kindOf(a) === 'if_statement') return a; // `else if`: its own value
          if (leavesArm(a)) return null;
          const kids = a.namedChildren();
          return kids.length === 1 ? kids[0] : undefined;
        }));
      }
      case 'nil_coalescing_expression':
        return coalescingShape(node);
      case 'additive_expression':
      case 'multiplicative_expression':
      case 'bitwise_operation': {
        const kids = node.children();
        const [left, opNode, right] = kids;
        if (!left || !right || !opNode || kids.length !== 3) return { t: 'opaque' };
        // Flags combined with `|` (`kCCOptionPKCS7Padding | kCCOptionECBMode`): the shared evaluator has no bitwise or.
        if (opNode.text() === '|') return { t: 'call', callee: BIT_OR, args: { positional: [left, right], named: new Map() } };
        return { t: 'binary', op: opNode.text(), left, right };
      }
      case 'array_literal':
        return { t: 'list', items: namedKids(node) };
      case 'navigation_expression': {
        const kids = namedKids(node);
        const object = kids[0];
        const property = kids[1] ? suffixName(kids[1]) : undefined;
        if (!object || !property) return { t: 'opaque' };
        if (property === 'count' || property === 'utf8' || property === 'bytes' || property === 'rawValue' || property === 'baseAddress') {
          return { t: 'call', callee: `.${property}`, args: { positional: [], named: new Map() }, receiver: object };
        }
        // `algorithm.secKeyAlgorithm` of `extension SignatureAlgorithm { var secKeyAlgorithm: … { switch self { … } } }`:
        // what the getter returns, read as a call of a same-file function (call-sites.ts).
        if (!PASS_THROUGH_METHODS.has(property) && this.computedMember?.(node)) {
          return { t: 'call', callee: `.${property}`, args: { positional: [], named: new Map() }, receiver: object };
        }
        const ok = kindOf(object);
        return { t: 'member', object, property, self: ok === 'self_expression' || (ok === 'simple_identifier' && object.text() === 'Self') };
      }
      case 'property_declaration': {
        // A computed property's declaration, the value of its binding (swiftBindings): what its getter returns.
        const name = namedKids(namedKids(node).find((c) => kindOf(c) === 'pattern') ?? node).find((c) => kindOf(c) === 'simple_identifier')?.text();
        return name && computedBody(node) ? { t: 'call', callee: `.${name}`, args: { positional: [], named: new Map() } } : { t: 'opaque' };
      }
      case 'call_expression':
      case 'constructor_expression': {
        const c = callParts(node);
        if (!c) return { t: 'opaque' };
        const positional = c.args.filter((a) => a.label === undefined).map((a) => a.expr);
        const named = new Map(c.args.filter((a) => a.label !== undefined).map((a) => [a.label!, a.expr]));
        if (c.lambda) named.set('{}', c.lambda);
        if (c.path) return { t: 'call', callee: c.path, args: { positional, named } };
        return { t: 'call', callee: c.receiver && kindOf(c.receiver) === 'array_literal' ? '[]' : `.${c.name}`, args: { positional, named }, ...(c.receiver ? { receiver: c.receiver } : {}) };
      }
      default:
        return { t: 'opaque' };
    }
  }

  enclosingClass(node: SgNode): string | undefined {
    return ownerOf(node);
  }

  call(callee: string, args: Args, ev: Evaluator, node: SgNode, receiver?: SgNode): Value | undefined {
    const [first] = args.positional;
    const named = (n: string): SgNode | undefined => args.named.get(n);
    if (callee === TEMPLATE) {
      let out = '';
      for (const part of args.positional) {
        const v = ev.eval(part);
        if (v.kind === 'str' || v.kind === 'int') out += String(v.value);
        else return UNKNOWN;
      }
      return str(out);
    }
    // Byte and string conversions: `.utf8`, `.count`, `.bytes` (CryptoSwift), `.rawValue`.
    if (callee === '.utf8' || callee === '.bytes') {
      const v = ev.eval(receiver);
      // A string a caller passed in gives the bytes' length, not their literal origin (common/from-caller.ts).
      return v.kind === 'str' ? bytes(Buffer.byteLength(v.value, 'utf8'), stringBytesOrigin(ev, receiver)) : v.kind === 'bytes' ? v : UNKNOWN;
    }
    if (callee === '.count') {
      const v = ev.eval(receiver);
      return v.kind === 'bytes' && v.length !== undefined ? int(v.length) : v.kind === 'str' ? int(Buffer.byteLength(v.value)) : v.kind === 'list' ? int(v.items.length) : UNKNOWN;
    }
    if (callee === '.rawValue' || callee === '.baseAddress') return ev.eval(receiver);
    if (callee === BIT_OR) {
      const l = ev.eval(args.positional[0]);
      const r = ev.eval(args.positional[1]);
      return l.kind === 'int' && r.kind === 'int' ? int(l.value | r.value) : UNKNOWN;
    }
    // `CCAlgorithm(kCCAlgorithmAES)`, `size_t(kCCKeySizeAES256)`: integer conversions.
    if (CC_CONVERSIONS.has(callee) && first && args.positional.length === 1 && args.named.size === 0) {
      const v = ev.eval(first);
      return v.kind === 'int' ? v : UNKNOWN;
    }
    const base = callee.replace(/^Foundation\./, '');
    if (base === 'Data' || base === 'NSData' || base === 'Array' || base === '[]' || base === 'NSMutableData') {
      const count = named('count') ?? named('length');
      if (count) {
        // `Data(count: 16)`, `[UInt8](repeating: 0, count: 16)`: zero-filled (a constant, unless written later).
        const n = ev.eval(count);
        const rep = named('repeating');
        const repV = rep ? ev.eval(rep) : int(0);
        return bytes(n.kind === 'int' ? n.value : undefined, repV.kind === 'int' ? (repV.value === 0 ? 'zero' : 'literal') : 'unknown');
      }
      const b64 = named('base64Encoded');
      if (b64) {
        const v = ev.eval(b64);
        return v.kind === 'str' ? bytes(Buffer.from(v.value, 'base64').length, stringBytesOrigin(ev, b64)) : UNKNOWN;
      }
      const hex = named('hex') ?? named('hexString');
      if (hex) {
        const v = ev.eval(hex);
        const h = v.kind === 'str' ? v.value.replace(/^0x/, '') : undefined;
        return h !== undefined && /^[0-9a-fA-F]*$/.test(h) ? bytes(Math.ceil(h.length / 2), stringBytesOrigin(ev, hex)) : UNKNOWN;
      }
      if (first && args.positional.length === 1 && args.named.size === 0) return asBytes(ev.eval(first), stringBytesOrigin(ev, first));
      return undefined;
    }
    // `SymmetricKey(data:)`, also written with its module (`CryptoKit.SymmetricKey(data: key)`).
    const kit = callee.replace(/^(CryptoKit|Crypto)\./, '');
    if (kit === 'SymmetricKey') {
      const size = named('size');
      if (size) {
        const bits = keyBits(ev.eval(size));
        return bytes(bits !== undefined ? bits / 8 : undefined, 'random');
      }
      const data = named('data');
      return data ? asBytes(ev.eval(data), stringBytesOrigin(ev, data)) : UNKNOWN;
    }
    if (kit === 'SymmetricKeySize') {
      const n = named('bitCount');
      return n ? ev.eval(n) : UNKNOWN;
    }
    // A digest fixes its length: `password.bytes.sha256()` (CryptoSwift), `SHA256.hash(data:)` (CryptoKit),
    // `Digest.md5(bytes)` are 32 and 16 bytes, so an AES key made from one has a known size. The bytes
    // are as constant as what was hashed (a literal passphrase makes a hard-coded key).
    // The receiver of a name-path call (`password.bytes.sha256()`) is read only for a digest's name.
    const digest = digestCall(callee, args, () => {
      if (receiver) return receiver;
      const parts = callParts(node);
      return parts && receiverOf(parts);
    });
    if (digest) {
      const input = ev.eval(digest.input);
      const literal = (input.kind === 'str' || (input.kind === 'bytes' && input.origin === 'literal')) && !fromCaller(ev, digest.input);
      return bytes(digest.length, literal ? 'literal' : 'unknown');
    }
    if (!receiver) return undefined;
    const method = callee.slice(callee.lastIndexOf('.') + 1);
    if (method === 'data' && named('using')) {
      // `"secret".data(using: .utf8)`.
      const v = ev.eval(receiver);
      return v.kind === 'str' ? bytes(Buffer.byteLength(v.value, 'utf8'), stringBytesOrigin(ev, receiver)) : UNKNOWN;
    }
    if (PASS_THROUGH_METHODS.has(method) && args.positional.length === 0 && !args.named.has('{}')) return ev.eval(receiver);
    if (PASS_THROUGH_TYPES.has(method)) return undefined;
    return undefined;
  }
}

/** An int array literal or a string as bytes (`literal` unless a caller passed it in); other values as they are. */
function asBytes(v: Value, literal: 'literal' | 'unknown'): Value {
  if (v.kind === 'list') return bytes(v.items.length, v.items.every((i) => i.kind === 'int') ? literal : 'unknown');
  if (v.kind === 'str') return bytes(Buffer.byteLength(v.value, 'utf8'), literal);
  if (v.kind === 'bytes') return v;
  return UNKNOWN;
}

/** CryptoKit `SymmetricKeySize` spellings: `.bits256`, `SymmetricKeySize.bits128`, `SymmetricKeySize(bitCount: 192)`. */
export function keyBits(v: Value): number | undefined {
  if (v.kind === 'int') return v.value;
  if (v.kind !== 'member') return undefined;
  const m = /\.bits(\d+)$/.exec(v.path);
  return m ? Number(m[1]) : undefined;
}

function stringShape(node: SgNode): Shape {
  const parts = namedKids(node);
  if (parts.length === 0) return { t: 'value', value: str('') };
  const multi = kindOf(node) === 'multi_line_string_literal';
  if (parts.every((p) => /_str_text$|str_escaped_char/.test(kindOf(p)))) {
    const text = parts.map((p) => (kindOf(p) === 'str_escaped_char' ? unescape(p.text()) : multi ? p.text() : unescape(p.text()))).join('');
    return { t: 'value', value: str(multi ? text.replace(/^\n/, '').replace(/\n[ \t]*$/, '') : text) };
  }
  // Interpolations: each part evaluated (text parts are strings, `\(x)` the expression).
  return { t: 'call', callee: TEMPLATE, args: { positional: parts, named: new Map() } };
}

/** The type (class, struct, enum, extension) whose members a node sees. */
export function ownerOf(node: SgNode): string | undefined {
  for (const a of node.ancestors()) {
    if (kindOf(a) === 'class_declaration') return typeName(a);
  }
  return undefined;
}

/** The value of a `let x = …` / `var x: T = …` declaration (the named node after `=`). */
function declValue(decl: SgNode): SgNode | null {
  const kids = decl.children();
  const eq = kids.findIndex((c) => !c.isNamed() && c.text() === '=');
  if (eq < 0) return null;
  return kids.slice(eq + 1).find((c) => c.isNamed() && !/comment/.test(kindOf(c))) ?? null;
}

const BINDING_RULE = {
  any: ['property_declaration', 'parameter', 'assignment', 'lambda_parameter', 'for_statement', 'if_statement', 'guard_statement'].map((kind) => ({ kind })),
};

/** Bindings of a Swift file. */
export function swiftBindings(root: SgNode): Binding[] {
  const scopes = new ScopeIndex(root, SCOPE_KINDS);
  const out: Binding[] = [];
  const scopeOf = (node: SgNode): Scope => scopes.spanAround(node, SCOPES);
  for (const node of root.findAll({ rule: BINDING_RULE })) {
    const kind = kindOf(node);
    const span = nodeSpan(node);
    if (kind === 'property_declaration') {
      const pattern = namedKids(node).find((c) => kindOf(c) === 'pattern');
      const id = pattern ? namedKids(pattern) : [];
      if (id.length !== 1 || kindOf(id[0]!) !== 'simple_identifier') {
        // `let (a, b) = …`: names bound to values we do not follow.
        for (const n of pattern?.findAll({ rule: { kind: 'simple_identifier' } }) ?? []) out.push({ name: n.text(), value: null, visibleFrom: span.end, scope: scopeOf(node), member: false });
        continue;
      }
      const name = id[0]!.text();
      // A computed property (`var bits: Int { 256 }`) or observed one has no stored value we read; in a
      // type, a computed one's value is its declaration, whose getter's returns the Evaluator reads as a
      // same-file function's (`CCHmac(ccHmacAlgorithm, …)` in the type: call-sites.ts).
      const computed = namedKids(node).some((c) => kindOf(c) === 'computed_property');
      const parent = node.parent();
      const value = computed ? (parent && TYPE_BODIES.has(kindOf(parent)) && computedBody(node) ? node : null) : declValue(node);
      if (parent && TYPE_BODIES.has(kindOf(parent))) {
        const cls = parent.parent();
        const owner = cls ? typeName(cls) : undefined;
        // A `var` property may be set anywhere in the type; only a `let` (or an unassigned `var`) is known.
        // A struct's stored `let` without a value is a parameter of its memberwise initialiser (call-sites.ts).
        const memberwise = !value && cls && cls.children().some((c) => c.text() === 'struct') && namedKids(node).find((c) => kindOf(c) === 'value_binding_pattern')?.text() === 'let';
        out.push({ name, ...(owner ? { owner } : {}), value, visibleFrom: span.end, scope: nodeSpan(parent), member: true, ...(memberwise ? { param: node } : {}) });
      } else if (parent && kindOf(parent) === 'source_file') {
        out.push({ name, value, visibleFrom: span.end, scope: scopes.file, member: true });
      } else {
        out.push({ name, value, visibleFrom: span.end, scope: scopeOf(node), member: false });
      }
    } else if (kind === 'lambda_parameter' && byteClosureReceiver(node)) {
      const local = namedKids(node).filter((c) => kindOf(c) === 'simple_identifier').at(-1);
      const lambda = node.parent()?.parent()?.parent();
      if (local && lambda) out.push({ name: local.text(), value: byteClosureReceiver(node)!, visibleFrom: span.start, scope: nodeSpan(lambda), member: false });
    } else if (kind === 'parameter' || kind === 'lambda_parameter') {
      // `func f(_ key: Data)`, `(label name: T)`: the last identifier before the type is the local name.
      const ids = namedKids(node).filter((c) => kindOf(c) === 'simple_identifier');
      const local = ids.at(-1);
      const owner = node.parent();
      if (local && owner) out.push({ name: local.text(), value: null, visibleFrom: span.start, scope: kind === 'parameter' ? nodeSpan(owner) : scopeOf(node), member: false, ...(kind === 'parameter' ? { param: node } : {}) });
    } else if (kind === 'for_statement') {
      const pattern = namedKids(node).find((c) => kindOf(c) === 'pattern');
      const ids = pattern ? pattern.findAll({ rule: { kind: 'simple_identifier' } }) : [];
      // `for alg in ["a", "b"]`: a single name's value is its loop (each element of a literal array).
      const single = ids.length === 1 && pattern!.text() === ids[0]!.text();
      for (const id of ids) out.push({ name: id.text(), value: single ? node : null, visibleFrom: span.start, scope: span, member: false });
    } else if (kind === 'if_statement' || kind === 'guard_statement') {
      // `if let key = expr { … }`, `guard let key = expr else { … }`: a binding visible in the body (if) or after the guard.
      const kids = node.children();
      for (let i = 0; i < kids.length; i++) {
        if (kindOf(kids[i]!) !== 'value_binding_pattern') continue;
        const id = kids[i + 1];
        if (!id || kindOf(id) !== 'simple_identifier') continue;
        const eqAt = kids[i + 2]?.text() === '=' ? i + 3 : -1;
        const value = eqAt > 0 ? (kids[eqAt] ?? null) : null;
        if (kind === 'if_statement') out.push({ name: id.text(), value, visibleFrom: nodeSpan(id).end, scope: span, member: false });
        else out.push({ name: id.text(), value, visibleFrom: span.end, scope: scopeOf(node), member: false });
      }
    } else {
      const target = namedKids(node)[0];
      const id = target && kindOf(target) === 'directly_assignable_expression' ? namedKids(target) : [];
      if (id.length !== 1) continue;
      const t = id[0]!;
      let name: string | undefined;
      let owner: string | undefined;
      if (kindOf(t) === 'simple_identifier') name = t.text();
      else if (kindOf(t) === 'navigation_expression' && kindOf(namedKids(t)[0]!) === 'self_expression') {
        // `self.key = …` in an initialiser or method: the property's value is no longer its declaration's.
        name = namedKids(t)[1] ? suffixName(namedKids(t)[1]!) : undefined;
        owner = ownerOf(node);
      }
      if (!name) continue;
      const op = node.children().find((c) => !c.isNamed())?.text();
      const value = op === '=' ? (namedKids(node)[1] ?? null) : null;
      const scope = scopeOf(node);
      if (owner) {
        // A stored property set in code (`self.key = …` in an initialiser): which value a use sees depends on
        // the call order, so it is unknown. Sorted last, it wins over the declaration for every use in the type.
        const body = bodyOf(node);
        if (body) out.push({ name, owner, value: null, visibleFrom: Number.MAX_SAFE_INTEGER, scope: nodeSpan(body), member: true });
        continue;
      }
      out.push({ name, value, visibleFrom: span.end, scope, member: false });
      // Assigned on some paths only: after an arm of an `if`/`else if` chain or a `switch`, where the
      // statement ends, the name holds what each path left (a join); after another block (a loop, a
      // closure, `do`/`catch`), unknown from its end on.
      const declared = declarationScope(out, name, span.start);
      // An `else if` is the outer `if`'s else arm: the inner statement's join is scoped to it.
      const around = (statement: SgNode): SgNode | undefined => (elseIf(statement) ? statement : scopes.around(statement, SCOPES)?.node);
      if (declared) out.push(...exitsOf(name, scopes.around(node, SCOPES)?.node, declared, armOf, around, scopes.file));
    }
  }
  return out;
}

/**
 * The receiver whose bytes a closure parameter is given: `key.withUnsafeBytes { keyBytes in … }` binds
 * `keyBytes` to `key` (its `.baseAddress` is then the key's bytes).
 */
function byteClosureReceiver(param: SgNode): SgNode | undefined {
  // lambda_parameter < lambda_function_type_parameters < lambda_function_type < lambda_literal < call_suffix < call_expression
  const lambda = param.parent()?.parent()?.parent();
  const call = lambda?.parent()?.parent();
  if (!lambda || kindOf(lambda) !== 'lambda_literal' || !call) return undefined;
  const c = callParts(call);
  return c && c.receiver && BYTE_CLOSURES.has(c.name) && c.lambda?.id() === lambda.id() ? c.receiver : undefined;
}

/** The body of the type declaration around a node. */
function bodyOf(node: SgNode): SgNode | undefined {
  for (const a of node.ancestors()) if (TYPE_BODIES.has(kindOf(a)) && kindOf(a.parent() ?? a) === 'class_declaration') return a;
  return undefined;
}


/** The resolver for one parsed Swift file; with `crossFile`, other files' `static let`s are read too (`Constants.rsaBits`). */
export function swiftEvaluator(root: SgNode, crossFile?: CrossFile): Evaluator {
  const adapter = new SwiftAdapter();
  let functions: ReturnType<typeof swiftFunctions> | undefined;
  const fns = (): ReturnType<typeof swiftFunctions> => (functions ??= swiftFunctions(root, (n) => ev.bindingOf(n)));
  adapter.callSiteArguments = (param: SgNode) => fns().callSiteArguments(param);
  adapter.returned = (call: SgNode) => fns().returned(call);
  adapter.pathEnds = swiftPathEnds;
  // Only a file that declares a computed property (`var name: T {`) has one to read.
  const declares = /\bvar\s+\w+\s*:[^={\n]*\{/.test(root.text());
  if (declares) adapter.computedMember = (member: SgNode) => fns().computedProperty(member) !== undefined;
  const ev = new Evaluator(adapter, () => new SymbolTable(swiftBindings(root)), crossFile);
  return ev;
}

export { pathText };

/** A call that returns a digest: its length and the expression hashed. */
function digestCall(callee: string, args: Args, readReceiver: () => SgNode | undefined): { length: number; input: SgNode } | undefined {
  const dot = callee.lastIndexOf('.');
  const method = callee.slice(dot + 1);
  const owner = callee.slice(0, Math.max(dot, 0)).replace(/^(CryptoSwift|CryptoKit|Crypto)\./, '');
  const [first] = args.positional;
  // `bytes.sha256()`, `"text".md5()`: a CryptoSwift extension on the receiver.
  // Own names only: `toString()` is no digest.
  const swiftLength = Object.hasOwn(DIGEST_METHODS, method) ? digestBytes(DIGEST_METHODS[method]!) : undefined;
  if (swiftLength && args.positional.length === 0 && args.named.size === 0) {
    const receiver = readReceiver();
    if (receiver) return { length: swiftLength, input: receiver };
  }
  // `Digest.sha256(bytes)`.
  if (owner === 'Digest' && swiftLength && first && args.positional.length === 1) return { length: swiftLength, input: first };
  // `SHA256.hash(data: d)`, `Insecure.MD5.hash(data: d)`.
  const data = args.named.get('data');
  const kitLength = method === 'hash' && Object.hasOwn(CRYPTOKIT_HASHES, owner) ? digestBytes(CRYPTOKIT_HASHES[owner]!) : undefined;
  if (kitLength && data) return { length: kitLength, input: data };
  return undefined;
}
