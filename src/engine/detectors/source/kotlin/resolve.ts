// Argument resolution for Kotlin: the LanguageAdapter the shared Evaluator reads (literals, string
// templates, arithmetic, `ByteArray(16)`, `byteArrayOf(…)`, `"k".toByteArray()`, Base64/hex decoding,
// `listOf`/`arrayOf`) and the file's bindings (`val`/`var`, `const val` in objects and companion
// objects, constructor and function parameters, lambda parameters, reassignments with the branch rule).
import type { SgNode } from '@ast-grep/napi';
import { Evaluator, armsShape, coalescingShape, type Args, type CallSites, type LanguageAdapter, type Returned, type Shape } from '../common/evaluate.js';
import { kotlinFunctions } from './call-sites.js';
import { knownConstant } from '../common/jca-constants.js';
import { kindOf } from '../common/languages.js';
import { ScopeIndex, nodeSpan } from '../common/scopes.js';
import { SymbolTable, declarationScope, type Binding, type Scope } from '../common/symbols.js';
import { UNKNOWN, asString, bytes, int, str, type Value } from '../common/value.js';
import { jcaDigestBytes } from '../common/digests.js';
import { stringBytesOrigin } from '../common/from-caller.js';
import { callParts, lambdaStatements, namedKids, pathText, suffixName, typeName } from './syntax.js';
import { exitsOf, lastStatement, pathEnds } from '../common/paths.js';
import type { CrossFile } from '../../cross-file.js';
import { fromLibrary, importedOwner, moduleAlias, type KtImports } from './constants.js';

/**
 * Nodes that scope a local: functions, lambdas, class bodies, and the branches of `if`/`when`/`try`
 * (`control_structure_body`, `when_entry`, `catch_block`), so that a value assigned in one arm is
 * unknown after it (docs/detectors.md, "Symbol table").
 */
const SCOPE_KINDS = ['class_body', 'function_declaration', 'lambda_literal', 'control_structure_body', 'when_entry', 'try_expression', 'catch_block',
  'finally_block', 'anonymous_initializer', 'secondary_constructor', 'getter', 'setter', 'object_literal', 'for_statement', 'while_statement', 'do_while_statement'];
const SCOPES: ReadonlySet<string> = new Set(SCOPE_KINDS);
const TYPE_DECLS = new Set(['class_declaration', 'object_declaration']);

const INT_KINDS = new Set(['integer_literal', 'long_literal', 'hex_literal', 'bin_literal', 'unsigned_literal']);
const INFIX_OPS: Readonly<Record<string, string>> = { shl: '<<', shr: '>>', ushr: '>>' };

export function parseKotlinInt(text: string): number | undefined {
  const t = text.replace(/_/g, '').replace(/[uUlL]+$/, '').toLowerCase();
  const n = t.startsWith('0x') ? parseInt(t.slice(2), 16) : t.startsWith('0b') ? parseInt(t.slice(2), 2) : /^\d+$/.test(t) ? parseInt(t, 10) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A string_content's text with Kotlin's escapes decoded (`\n`, `\u0041`, `\$`); raw strings keep theirs. */
function unescape(body: string, raw: boolean): string {
  if (raw) return body;
  return body.replace(/\\(u[0-9a-fA-F]{4}|[tbnr'"\\$])/g, (_, e: string) =>
    e.startsWith('u') ? String.fromCharCode(parseInt(e.slice(1), 16)) : (({ t: '\t', b: '\b', n: '\n', r: '\r' } as Record<string, string>)[e] ?? e));
}

/** Callee of a string template (not a Kotlin name, so no real call can have it). */
const TEMPLATE = '"${}"';
const COLLECTIONS = new Set(['arrayOf', 'listOf', 'setOf', 'mutableListOf', 'arrayListOf', 'mutableSetOf', 'hashSetOf', 'linkedSetOf', 'sequenceOf',
  // Primitive arrays (`for (bits in intArrayOf(2048, 4096))`); `byteArrayOf` is bytes (KotlinAdapter.call).
  'intArrayOf', 'longArrayOf', 'shortArrayOf', 'uintArrayOf', 'ulongArrayOf', 'ushortArrayOf']);

/**
 * Iterating calls whose lambda's parameter is each element of the receiver (`listOf(2048, 4096).forEach { bits -> … }`,
 * `it` without a parameter list): the index of that parameter (the `…Indexed` forms take the index first).
 */
const EACH_PARAM: Readonly<Record<string, number>> = {
  forEach: 0, onEach: 0, map: 0, mapNotNull: 0, flatMap: 0, associateWith: 0,
  forEachIndexed: 1, onEachIndexed: 1, mapIndexed: 1, mapIndexedNotNull: 1,
};

interface Each {
  /** What the call iterates (`xs` in `xs.forEach { … }`). */
  receiver: SgNode;
  /** The element parameter's index (EACH_PARAM). */
  index: number;
}

/** `.forEach`, `?.map`: the suffix of a call EACH_PARAM lists. */
const EACH_SUFFIX = `^\\??\\.\\s*(${Object.keys(EACH_PARAM).join('|')})$`;

/**
 * Calls whose trailing lambda has no `it` (`this` is their receiver: `x.apply { … }`, `x.run { … }`,
 * `run { … }`, `with(x) { … }`, and any call on a call, as tree-sitter-kotlin reads `with(x) { … }`):
 * an `it` inside is the enclosing lambda's.
 */
const NO_IT_CALL = {
  kind: 'call_expression',
  any: [
    { has: { kind: 'navigation_expression', has: { kind: 'navigation_suffix', regex: '^\\??\\.\\s*(apply|run)$' } } },
    { has: { kind: 'simple_identifier', regex: '^(run|with)$' } },
    { has: { kind: 'call_expression' } },
  ],
};

/**
 * A file's lambdas by role, found top-down from their calls (tree-sitter finds a node's parent by a
 * walk from the root, so a parent walk per lambda would cost time quadratic in the nesting): the
 * trailing lambdas of EACH_PARAM calls, and those of NO_IT_CALL.
 */
interface LambdaRoles {
  each: Map<number, Each>;
  noIt: Set<number>;
}
const rolesByRoot = new WeakMap<SgNode, LambdaRoles>();
function lambdaRoles(root: SgNode): LambdaRoles {
  let roles = rolesByRoot.get(root);
  if (roles) return roles;
  roles = { each: new Map(), noIt: new Set() };
  for (const call of root.findAll({ rule: { kind: 'call_expression', has: { kind: 'navigation_expression', has: { kind: 'navigation_suffix', regex: EACH_SUFFIX } } } })) {
    const c = callParts(call);
    if (c?.lambda && c.receiver && Object.hasOwn(EACH_PARAM, c.name)) roles.each.set(c.lambda.id(), { receiver: c.receiver, index: EACH_PARAM[c.name]! });
  }
  for (const call of root.findAll({ rule: NO_IT_CALL })) {
    const lambda = callParts(call)?.lambda;
    if (lambda) roles.noIt.add(lambda.id());
  }
  rolesByRoot.set(root, roles);
  return roles;
}
const PASS_THROUGH = new Set(['copyOf', 'clone', 'toTypedArray', 'toList', 'toSet', 'trim', 'trimIndent', 'trimMargin', 'toString', 'toCharArray', 'toMutableList', 'orEmpty']);

/** The value of an `if` branch or `when` entry (armsShape): its last expression; null for a jump (`throw`, `return`). */
function blockValue(body: SgNode): SgNode | null | undefined {
  if (kindOf(body) !== 'control_structure_body') return undefined;
  const last = lastStatement(body, KT_BLOCKS);
  if (last && kindOf(last) === 'jump_expression') return null;
  return last && kindOf(last) !== 'assignment' ? last : undefined;
}

export class KotlinAdapter implements LanguageAdapter {
  /** Set per file by kotlinEvaluator (call-sites.ts). */
  callSiteArguments?: (param: SgNode) => CallSites | undefined;

  /** Set per file by kotlinEvaluator: the getter of the one member property of that name in the file, if computed (computedProperties). */
  computed?: (name: string) => SgNode | undefined;

  /** Set per file by kotlinEvaluator (call-sites.ts). */
  returned?: (call: SgNode) => Returned | undefined;

  /** Set per file by kotlinEvaluator: for the trailing lambda of `xs.forEach { … }`, what it iterates (lambdaRoles). */
  eachOf?: (lambda: SgNode) => Each | undefined;

  /** Set per file by kotlinEvaluator (kotlinPathEnds). */
  pathEnds?: (statement: SgNode) => readonly Scope[];

  /** Set per file by kotlinEvaluator from the file's imports (constants.ts). */
  importedOwner?: (name: string) => string | readonly string[] | undefined;
  moduleAlias?: (name: string) => string | undefined;
  fromLibrary?: (path: string) => boolean;

  shape(node: SgNode): Shape {
    const k = kindOf(node);
    if (INT_KINDS.has(k)) {
      const n = parseKotlinInt(node.text());
      return { t: 'value', value: n === undefined ? UNKNOWN : int(n) };
    }
    switch (k) {
      case 'string_literal':
        return stringShape(node);
      case 'string_content':
        return { t: 'value', value: str(unescape(node.text(), node.parent()?.text().startsWith('"""') ?? false)) };
      case 'interpolated_identifier':
        return { t: 'name', name: node.text() };
      case 'interpolated_expression':
      case 'parenthesized_expression':
      case 'as_expression':
      case 'value_argument': {
        const inner = namedKids(node)[k === 'value_argument' ? namedKids(node).length - 1 : 0];
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'boolean_literal':
        return { t: 'value', value: { kind: 'bool', value: node.text() === 'true' } };
      case 'null_literal':
        return { t: 'value', value: { kind: 'none' } };
      case 'simple_identifier':
        return { t: 'name', name: node.text() };
      case 'spread_expression': {
        // `*SUITES.toTypedArray()` passed to a vararg: the collection's elements are the arguments.
        const inner = namedKids(node)[0];
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'postfix_expression': {
        const inner = namedKids(node)[0];
        return inner && node.text().endsWith('!!') ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'prefix_expression': {
        const inner = namedKids(node)[0];
        const op = node.children().find((c) => !c.isNamed())?.text() ?? '';
        return inner ? { t: 'unary', op, operand: inner } : { t: 'opaque' };
      }
      case 'additive_expression':
      case 'multiplicative_expression':
      case 'equality_expression': {
        const [left, right] = namedKids(node);
        const op = node.children().find((c) => !c.isNamed())?.text();
        return left && right && op ? { t: 'binary', op, left, right } : { t: 'opaque' };
      }
      case 'elvis_expression':
        return coalescingShape(node);
      case 'if_expression': {
        // `if (c) "a" else "b"` as a value: each branch's last expression (a block's value).
        const [condition, then, otherwise, ...rest] = namedKids(node);
        if (!condition || !then || !otherwise || rest.length > 0) return { t: 'opaque' };
        const shape = armsShape([blockValue(then), blockValue(otherwise)]);
        // Both arms give a value: the condition may pick one.
        return shape.t === 'choice' && shape.options.length === 2 ? { ...shape, condition } : shape;
      }
      case 'lambda_literal': {
        // An element parameter of `xs.forEach { x -> … }` (its binding's value is the lambda): each element of `xs`.
        const each = this.eachOf?.(node);
        return each ? { t: 'element', of: each.receiver } : { t: 'opaque' };
      }
      case 'for_statement': {
        // The loop variable's value: each element of what it iterates (a list the evaluator can read).
        const of = namedKids(node).find((c) => !['variable_declaration', 'multi_variable_declaration', 'control_structure_body', 'annotation'].includes(kindOf(c)));
        return of ? { t: 'element', of } : { t: 'opaque' };
      }
      case 'when_expression':
        // `when (k) { 1 -> "MD5"; else -> "SHA-256" }` as a value: each entry's value (one that throws gives none).
        return armsShape(namedKids(node).filter((e) => kindOf(e) === 'when_entry').map((e) => {
          const body = namedKids(e).find((c) => kindOf(c) === 'control_structure_body');
          return body && blockValue(body);
        }));
      case 'infix_expression': {
        const [left, op, right] = namedKids(node);
        const mapped = op ? INFIX_OPS[op.text()] : undefined;
        return left && right && mapped ? { t: 'binary', op: mapped, left, right } : { t: 'opaque' };
      }
      case 'navigation_expression': {
        const object = namedKids(node)[0];
        const property = suffixName(node);
        if (!object || !property) return { t: 'opaque' };
        // `key.size`: a byte array's or string's length.
        if (property === 'size' || property === 'length') return { t: 'call', callee: '.size', args: { positional: [], named: new Map() }, receiver: object };
        const self = kindOf(object) === 'this_expression';
        // `tbs.signatureAlgorithmName`, the receiver's type not read: the computed property of that name,
        // when one class of the file alone declares a property so named.
        const getter = self ? undefined : this.computed?.(property);
        if (getter) return { t: 'group', inner: getter };
        return { t: 'member', object, property, self };
      }
      case 'getter': {
        // A computed property's value: `get() = expr`, or each value its block `return`s (one case each).
        const body = namedKids(node).find((c) => kindOf(c) === 'function_body');
        const first = body ? namedKids(body)[0] : undefined;
        if (!body || !first) return { t: 'opaque' };
        return kindOf(first) === 'statements' ? armsShape(getterReturns(node, body)) : { t: 'group', inner: first };
      }
      case 'call_expression': {
        const c = callParts(node);
        if (!c) return { t: 'opaque' };
        const positional = c.args.filter((a) => a.name === undefined).map((a) => a.expr);
        const named = new Map(c.args.filter((a) => a.name !== undefined).map((a) => [a.name!, a.expr]));
        if (c.lambda) named.set('{}', c.lambda);
        const path = c.receiver ? pathText(c.receiver) : undefined;
        // `Hex.decode(…)`, `Base64.getDecoder()`: a call on a type (capitalised) keeps its path; a call on a value is `.name`.
        if (path && /(^|\.)[A-Z]\w*$/.test(path)) return { t: 'call', callee: `${path}.${c.name}`, args: { positional, named }, receiver: c.receiver! };
        return { t: 'call', callee: c.receiver ? `.${c.name}` : c.name, args: { positional, named }, ...(c.receiver ? { receiver: c.receiver } : {}) };
      }
      default:
        return { t: 'opaque' };
    }
  }

  constant(path: string): Value | undefined {
    const s = knownConstant(path);
    if (s !== undefined) return str(s);
    // A library class's constant (`Cipher.ENCRYPT_MODE`) is the member it always was: no file of the
    // project is asked for it, and no folder named `cipher` is read for its declarations.
    return this.fromLibrary?.(path) ? { kind: 'member', path } : undefined;
  }

  enclosingClass(node: SgNode): string | undefined {
    return ownerOf(node);
  }

  call(callee: string, args: Args, ev: Evaluator, node: SgNode, receiver?: SgNode): Value | undefined {
    const [first] = args.positional;
    if (callee === TEMPLATE) {
      let out = '';
      for (const part of args.positional) {
        const v = ev.eval(part);
        if (v.kind === 'str' || v.kind === 'int') out += String(v.value);
        else return UNKNOWN;
      }
      return str(out);
    }
    const method = callee.slice(callee.lastIndexOf('.') + 1);
    if (callee === 'ByteArray' || callee === 'UByteArray') {
      const n = ev.eval(first);
      // `ByteArray(16) { i -> … }` fills the array from code: not a constant we can see.
      return bytes(n.kind === 'int' ? n.value : undefined, args.named.has('{}') ? 'unknown' : 'zero');
    }
    if (callee === 'byteArrayOf' || callee === 'ubyteArrayOf') {
      const literal = args.positional.every((a) => ev.eval(a).kind === 'int');
      return bytes(args.positional.length, literal ? 'literal' : 'unknown');
    }
    if (COLLECTIONS.has(callee)) return { kind: 'list', items: args.positional.map((a) => ev.eval(a)) };
    // Ktor's `hex("00112233…")` (io.ktor.util), how its documentation writes session keys.
    if (callee === 'hex' && args.positional.length === 1) {
      const v = ev.eval(first);
      return v.kind === 'str' && v.value.length % 2 === 0 && /^[0-9a-fA-F]+$/.test(v.value) ? bytes(v.value.length / 2, stringBytesOrigin(ev, first)) : UNKNOWN;
    }
    if (!receiver) return undefined;
    if (method === 'toByteArray' || method === 'encodeToByteArray' || method === 'getBytes' || method === 'encodeUtf8') {
      const v = ev.eval(receiver);
      // A string a caller passed in gives the bytes' length, not their literal origin (common/from-caller.ts).
      return v.kind === 'str' ? bytes(Buffer.byteLength(v.value, 'utf8'), stringBytesOrigin(ev, receiver)) : v.kind === 'bytes' ? v : UNKNOWN;
    }
    if (method === 'size') {
      const v = ev.eval(receiver);
      return v.kind === 'bytes' && v.length !== undefined ? int(v.length) : v.kind === 'str' ? int(v.value.length) : UNKNOWN;
    }
    if (method === 'decodeHex' || method === 'hexToByteArray' || /(^|\.)Hex\.decode(Hex)?$/.test(callee)) {
      const from = callee.startsWith('.') ? receiver : first;
      const v = ev.eval(from);
      return v.kind === 'str' && /^[0-9a-fA-F]*$/.test(v.value) ? bytes(v.value.length / 2, stringBytesOrigin(ev, from)) : UNKNOWN;
    }
    if (method === 'decode' && /Base64|Decoder/.test(receiver.text())) {
      const v = ev.eval(first);
      return v.kind === 'str' ? bytes(Buffer.from(v.value, 'base64').length, stringBytesOrigin(ev, first)) : UNKNOWN;
    }
    if (method === 'digest' && args.positional.length <= 1) {
      // `md.digest()`/`md.digest(input)` of a `MessageDigest.getInstance("SHA-256")` (held in a `val` or
      // written as the receiver): the hash's length, of unknown origin (a key hashed from a secret).
      const made = ev.origin(receiver);
      const shape = made ? this.shape(made) : undefined;
      if (shape?.t !== 'call' || !/(?:^|\.)MessageDigest\.getInstance$/.test(shape.callee)) return UNKNOWN;
      return bytes(jcaDigestBytes(asString(ev.eval(shape.args.positional[0]))), 'unknown');
    }
    if (method === 'generateSeed') {
      const n = ev.eval(first);
      return bytes(n.kind === 'int' ? n.value : undefined, 'random');
    }
    if (method === 'also' || method === 'apply') {
      const v = ev.eval(receiver);
      // `ByteArray(12).also { random.nextBytes(it) }`: filled by a generator, not a constant.
      const lambda = args.named.get('{}');
      if (v.kind === 'bytes' && lambda && /\bnextBytes\b/.test(lambda.text())) return bytes(v.length, 'random');
      return v.kind === 'bytes' && lambda ? bytes(v.length, 'unknown') : v;
    }
    if ((method === 'copyOf' && args.positional.length === 1) || (method === 'copyOfRange' && args.positional.length === 2)) {
      // `material.copyOf(32)`, `buf.copyOfRange(0, 16)`: an array of that many bytes (from the receiver's,
      // zero-padded past its end); a receiver read at run time gives bytes of unknown origin.
      const [a, b] = args.positional.map((n) => ev.eval(n));
      const n = method === 'copyOf' ? (a?.kind === 'int' ? a.value : undefined) : a?.kind === 'int' && b?.kind === 'int' ? b.value - a.value : undefined;
      const v = ev.eval(receiver);
      if (v.kind !== 'bytes' && v.kind !== 'unknown') return UNKNOWN;
      return bytes(n !== undefined && n >= 0 ? n : undefined, v.kind === 'bytes' ? v.origin : 'unknown');
    }
    if (PASS_THROUGH.has(method)) return ev.eval(receiver);
    if (/^to(Int|Long|Short|UInt|ULong)$/.test(method) && args.positional.length === 0) {
      // `for (len in longArrayOf(2048L, 4096L)) kpg.initialize(len.toInt())`: a number stays the number (not a string's parse).
      const v = ev.eval(receiver);
      return v.kind === 'int' ? v : UNKNOWN;
    }
    return undefined;
  }
}

function stringShape(node: SgNode): Shape {
  const parts = namedKids(node);
  if (parts.length === 0) return { t: 'value', value: str('') };
  if (parts.length === 1 && kindOf(parts[0]!) === 'string_content') return { t: 'group', inner: parts[0]! };
  return { t: 'call', callee: TEMPLATE, args: { positional: parts, named: new Map() } };
}

/** The class or object whose members a node sees: a companion object's members are its class's. */
export function ownerOf(node: SgNode): string | undefined {
  for (const a of node.ancestors()) {
    if (TYPE_DECLS.has(kindOf(a))) return typeName(a);
  }
  return undefined;
}

/** The class (or object) a class_body belongs to, and the scope its members are visible in. */
function memberOwner(body: SgNode): { owner?: string; scope: Scope } {
  const decl = body.parent();
  if (!decl) return { scope: nodeSpan(body) };
  if (kindOf(decl) === 'companion_object') {
    // `companion object { const val KEY_BITS = 256 }`: visible in the whole class, as `Crypto.KEY_BITS` too.
    const outerBody = decl.parent();
    const cls = outerBody?.parent();
    if (outerBody && cls && TYPE_DECLS.has(kindOf(cls))) {
      const owner = typeName(cls);
      return { ...(owner ? { owner } : {}), scope: nodeSpan(outerBody) };
    }
    return { scope: nodeSpan(body) };
  }
  const owner = TYPE_DECLS.has(kindOf(decl)) ? typeName(decl) : undefined;
  return { ...(owner ? { owner } : {}), scope: nodeSpan(body) };
}

/** Where a `return` belongs: the innermost function, lambda or accessor around it. */
const RETURN_OWNERS = new Set(['function_declaration', 'lambda_literal', 'anonymous_function', 'getter', 'setter']);

/** The values a block getter's own `return`s give (not those of lambdas or local functions in it). */
function getterReturns(getter: SgNode, body: SgNode): SgNode[] {
  const out: SgNode[] = [];
  for (const j of body.findAll({ rule: { kind: 'jump_expression', regex: '^return\\b' } })) {
    const owner = j.ancestors().find((a) => RETURN_OWNERS.has(kindOf(a)));
    const value = namedKids(j)[0];
    if (owner?.id() === getter.id() && value) out.push(value);
  }
  return out;
}

/**
 * The getter of a property declared without a value (`val name: String get() = when (oid) { … }`):
 * tree-sitter-kotlin puts it inside the declaration (`val name get() = …`) or, after a type and a line
 * break, next to it.
 */
function getterOf(decl: SgNode): SgNode | null {
  let n = decl.children().find((c) => kindOf(c) === 'getter') ?? decl.next();
  while (n && /comment/.test(kindOf(n))) n = n.next();
  return n && kindOf(n) === 'getter' && n.children().some((c) => kindOf(c) === 'function_body') ? n : null;
}

/**
 * Member properties of a file by name (class parameters with `val`/`var` and properties of class and
 * object bodies): the getter of a name only one of them has, when that one is computed. A reader of
 * `x.name` whose type is not read takes it only then; two classes declaring the name leave it unknown.
 */
function computedProperties(root: SgNode): (name: string) => SgNode | undefined {
  let byName: Map<string, SgNode | null> | undefined;
  return (name) => {
    if (!byName) {
      byName = new Map();
      const seen = new Map<string, number>();
      const getters = new Map<string, SgNode>();
      for (const n of root.findAll({ rule: { any: [{ kind: 'property_declaration', inside: { kind: 'class_body' } }, { kind: 'class_parameter', has: { kind: 'binding_pattern_kind' } }] } })) {
        if (kindOf(n) === 'property_declaration' && kindOf(n.parent()!) !== 'class_body') continue;
        const decl = kindOf(n) === 'property_declaration' ? namedKids(n).find((c) => kindOf(c) === 'variable_declaration') : n;
        const id = decl ? namedKids(decl).find((c) => kindOf(c) === 'simple_identifier')?.text() : undefined;
        if (!id) continue;
        seen.set(id, (seen.get(id) ?? 0) + 1);
        const getter = kindOf(n) === 'property_declaration' && !propertyValue(n) ? getterOf(n) : null;
        if (getter) getters.set(id, getter);
      }
      for (const [id, count] of seen) byName.set(id, count === 1 ? (getters.get(id) ?? null) : null);
    }
    return byName.get(name) ?? undefined;
  };
}

/** The initialiser of a property: `= expr`, or the value of `by lazy { expr }`. */
function propertyValue(decl: SgNode): SgNode | null {
  const kids = decl.children();
  const eq = kids.findIndex((c) => !c.isNamed() && c.text() === '=');
  if (eq >= 0) return kids.slice(eq + 1).find((c) => c.isNamed() && !/comment/.test(kindOf(c))) ?? null;
  const delegate = kids.find((c) => kindOf(c) === 'property_delegate');
  const call = delegate ? namedKids(delegate)[0] : undefined;
  const c = call ? callParts(call) : undefined;
  if (c?.name === 'lazy' && c.lambda) return lambdaStatements(c.lambda).at(-1) ?? null;
  return null;
}

/** For the body of an `if` arm or a `when` entry: the `if` or `when` whose paths it is one of. */
function armOf(block: SgNode): SgNode | undefined {
  if (kindOf(block) !== 'control_structure_body') return undefined;
  const parent = block.parent();
  if (parent && kindOf(parent) === 'if_expression') return parent;
  const when = parent && kindOf(parent) === 'when_entry' ? parent.parent() : null;
  return when && kindOf(when) === 'when_expression' ? when : undefined;
}

const KT_BLOCKS = new Set(['control_structure_body', 'statements', 'when_entry']);
/** `return`, `throw`, `break`, `continue` (Kotlin's jump_expression): the arm does not reach the statement's end. */
const leavesArm = (arm: SgNode): boolean => kindOf(lastStatement(arm, KT_BLOCKS) ?? arm) === 'jump_expression';

/**
 * LanguageAdapter.pathEnds for Kotlin: an `if`'s two bodies (or its body and its start); each
 * `when` entry's body, and the `when`'s start without `else`.
 */
export function kotlinPathEnds(statement: SgNode): Scope[] {
  if (kindOf(statement) === 'if_expression') {
    const bodies = namedKids(statement).filter((c) => kindOf(c) === 'control_structure_body');
    return pathEnds(bodies, leavesArm, bodies.length > 1 ? undefined : nodeSpan(statement).start);
  }
  const entries = namedKids(statement).filter((c) => kindOf(c) === 'when_entry');
  const exhaustive = entries.some((e) => !namedKids(e).some((c) => kindOf(c) === 'when_condition'));
  const bodies = entries.map((e) => namedKids(e).find((c) => kindOf(c) === 'control_structure_body'));
  return pathEnds(bodies, leavesArm, exhaustive ? undefined : nodeSpan(statement).start);
}

const BINDING_RULE = { any: ['property_declaration', 'class_parameter', 'parameter', 'assignment', 'lambda_parameters', 'for_statement'].map((kind) => ({ kind })) };

/** Bindings of a Kotlin file. */
export function kotlinBindings(root: SgNode): Binding[] {
  const scopes = new ScopeIndex(root, SCOPE_KINDS);
  const out: Binding[] = [];
  const scopeOf = (node: SgNode): Scope => scopes.spanAround(node, SCOPES);
  const roles = lambdaRoles(root);
  for (const node of root.findAll({ rule: BINDING_RULE })) {
    const kind = kindOf(node);
    const span = nodeSpan(node);
    if (kind === 'property_declaration') {
      const decl = namedKids(node).find((c) => kindOf(c) === 'variable_declaration');
      const name = decl ? (namedKids(decl).find((c) => kindOf(c) === 'simple_identifier')?.text() ?? decl.text()) : undefined;
      const parent = node.parent();
      // A computed property (`val alg: String get() = …`) is what its getter gives.
      const value = propertyValue(node) ?? getterOf(node);
      if (!name) {
        // `val (a, b) = pair`: each name is bound to something we do not follow.
        const multi = namedKids(node).find((c) => kindOf(c) === 'multi_variable_declaration');
        for (const v of multi ? namedKids(multi) : []) out.push({ name: v.text(), value: null, visibleFrom: span.end, scope: scopeOf(node), member: false });
        continue;
      }
      if (parent && kindOf(parent) === 'class_body') {
        const { owner, scope } = memberOwner(parent);
        out.push({ name, ...(owner ? { owner } : {}), value, visibleFrom: span.end, scope, member: true });
      } else if (parent && kindOf(parent) === 'source_file') {
        out.push({ name, value, visibleFrom: span.end, scope: scopes.file, member: true });
      } else {
        out.push({ name, value, visibleFrom: span.end, scope: scopeOf(node), member: false });
      }
    } else if (kind === 'class_parameter') {
      // A constructor parameter (`class K(private val alias: String = "k")`): its value is the caller's.
      const name = namedKids(node).find((c) => kindOf(c) === 'simple_identifier')?.text();
      const cls = node.parent()?.parent();
      const body = cls ? namedKids(cls).find((c) => kindOf(c) === 'class_body') : undefined;
      if (name && cls) out.push({ name, ...(typeName(cls) ? { owner: typeName(cls)! } : {}), value: null, visibleFrom: span.end, scope: nodeSpan(body ?? cls), member: true, param: node });
    } else if (kind === 'parameter') {
      const name = namedKids(node).find((c) => kindOf(c) === 'simple_identifier')?.text();
      if (name) out.push({ name, value: null, visibleFrom: span.end, scope: scopeOf(node), member: false, param: node });
    } else if (kind === 'lambda_parameters' || kind === 'for_statement') {
      // Lambda and loop variables shadow outer names with values we do not know.
      const owner = kind === 'lambda_parameters' ? node.parent() : node;
      if (!owner) continue;
      const decls = kind === 'lambda_parameters' ? namedKids(node) : namedKids(node).filter((c) => kindOf(c) === 'variable_declaration' || kindOf(c) === 'multi_variable_declaration');
      // `for (alg in listOf("SHA-256", "SHA-512"))`: one variable's value is its loop (each element);
      // `xs.forEach { alg -> … }`: the element parameter's value is the lambda (KotlinAdapter.shape).
      const single = kind === 'for_statement' && decls.length === 1 && kindOf(decls[0]!) === 'variable_declaration';
      const each = kind === 'lambda_parameters' ? roles.each.get(owner.id()) : undefined;
      const element = each && decls[each.index] && kindOf(decls[each.index]!) === 'variable_declaration' ? decls[each.index]! : undefined;
      for (const d of decls) for (const id of [d, ...d.findAll({ rule: { kind: 'simple_identifier' } })]) {
        const value = single ? node : d === element ? owner : null;
        if (kindOf(id) === 'simple_identifier') out.push({ name: id.text(), value, visibleFrom: span.start, scope: nodeSpan(owner), member: false });
      }
    } else {
      const target = namedKids(node)[0];
      const id = target && kindOf(target) === 'directly_assignable_expression' ? namedKids(target) : [];
      if (id.length !== 1 || kindOf(id[0]!) !== 'simple_identifier') continue;
      const name = id[0]!.text();
      const op = node.children().find((c) => !c.isNamed())?.text();
      const value = op === '=' ? (namedKids(node)[1] ?? null) : null;
      const scope = scopeOf(node);
      out.push({ name, value, visibleFrom: span.end, scope, member: false });
      // Assigned on some paths only: after an `if` or `when` arm, where the statement ends, the name
      // holds what each path left (a join, one level per enclosing `if`/`when`); after another block
      // (a loop, a lambda, `try`/`catch`), unknown from its end on.
      const declared = declarationScope(out, name, span.start);
      if (declared) out.push(...exitsOf(name, scopes.around(node, SCOPES)?.node, declared, armOf, (statement) => {
        // `else if`: the inner `if` is the whole body of the outer one's `else`, a scope of the same span.
        const parent = statement.parent();
        const wrapper = parent && kindOf(parent) === 'control_structure_body' && nodeSpan(parent).end === nodeSpan(statement).end ? parent : undefined;
        return wrapper ?? scopes.around(statement, SCOPES)?.node;
      }, scopes.file));
    }
  }
  if (roles.each.size) out.push(...implicitIts(root, roles));
  return out;
}

/**
 * `it` in the lambdas without a parameter list: in `xs.forEach { kpg.initialize(it) }` each element;
 * in a lambda inside such a one, its own (unknown) unless it is a NO_IT_CALL's, whose `it` is the
 * enclosing one's. One sweep over the file's such lambdas in document order, with a stack of the
 * enclosing `forEach` spans (nested or disjoint).
 */
function implicitIts(root: SgNode, roles: LambdaRoles): Binding[] {
  const out: Binding[] = [];
  const open: Scope[] = [];
  for (const lambda of root.findAll({ rule: { kind: 'lambda_literal', not: { has: { kind: 'lambda_parameters' } } } })) {
    const span = nodeSpan(lambda);
    while (open.length && open.at(-1)!.end < span.start) open.pop();
    if (roles.each.has(lambda.id())) {
      out.push({ name: 'it', value: lambda, visibleFrom: span.start, scope: span, member: false });
      open.push(span);
    } else if (open.length && !roles.noIt.has(lambda.id())) {
      out.push({ name: 'it', value: null, visibleFrom: span.start, scope: span, member: false });
    }
  }
  return out;
}


/** The resolver for one parsed Kotlin file; with `crossFile` and the file's imports, names other files declare are read too. */
export function kotlinEvaluator(root: SgNode, crossFile?: CrossFile, imports?: KtImports): Evaluator {
  const adapter = new KotlinAdapter();
  if (imports) {
    adapter.importedOwner = (name) => importedOwner(imports, name);
    adapter.moduleAlias = (name) => moduleAlias(imports, name);
    adapter.fromLibrary = (path) => fromLibrary(imports, path);
  }
  let functions: ReturnType<typeof kotlinFunctions> | undefined;
  adapter.callSiteArguments = (param: SgNode) => (functions ??= kotlinFunctions(root)).callSiteArguments(param);
  adapter.returned = (call: SgNode) => (functions ??= kotlinFunctions(root)).returned(call);
  adapter.pathEnds = kotlinPathEnds;
  adapter.eachOf = (lambda) => lambdaRoles(root).each.get(lambda.id());
  adapter.computed = computedProperties(root);
  return new Evaluator(adapter, () => new SymbolTable(kotlinBindings(root)), crossFile);
}
