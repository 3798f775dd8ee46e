// Java side of argument resolution: expression shapes, well-known calls, and the file's bindings
// (fields, constants, locals, parameters, reassignments) for the shared Evaluator.
import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { Evaluator, armsShape, dotted, ternaryShape, unaryShape, type Args, type LanguageAdapter, type Shape } from '../common/evaluate.js';
import { AncestorScopes, ScopeIndex, nodeSpan, type ScopeLookup } from '../common/scopes.js';
import { LazySymbolTable, type Binding, type BindingSource, type Scope } from '../common/symbols.js';
import { escapeRegex } from '../common/regex.js';
import { kindOf } from '../common/languages.js';
import { lastStatement, pathEnds } from '../common/paths.js';
import { knownConstant } from '../common/jca-constants.js';
import { stringBytesOrigin } from '../common/from-caller.js';
import { jcaDigestBytes } from '../common/digests.js';
import { javaFunctions } from './call-sites.js';
import { UNKNOWN, asInt, asString, bytes, int, str, type Value } from '../common/value.js';
import type { CrossFile } from '../../cross-file.js';
import type { JavaImports } from './imports.js';
import { staticImportOwner } from './constants.js';

const CLASS_KINDS = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration']);
const FUNCTION_KINDS = new Set(['method_declaration', 'constructor_declaration', 'lambda_expression', 'static_initializer', 'compact_constructor_declaration']);

/** Decodes a Java string literal's escapes (\n, \t, \", \\, \uXXXX, octal). */
export function javaString(node: SgNode): string | undefined {
  let out = '';
  for (const c of node.children()) {
    const k = c.kind() as string;
    if (k === 'string_fragment' || k === 'multiline_string_fragment') out += c.text();
    else if (k === 'escape_sequence') out += unescapeJava(c.text());
    else if (k === 'string_interpolation') return undefined;
  }
  return out;
}

function unescapeJava(e: string): string {
  const m = e.slice(1);
  switch (m[0]) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case 'b': return '\b';
    case 'f': return '\f';
    case 's': return ' ';
    case 'u': return String.fromCharCode(parseInt(m.replace(/^u+/, ''), 16));
    default:
      if (/^[0-7]+$/.test(m)) return String.fromCharCode(parseInt(m, 8));
      return m;
  }
}

function javaInt(text: string): number | undefined {
  const t = text.replace(/_/g, '').replace(/[lL]$/, '');
  let n: number;
  if (/^0[xX]/.test(t)) n = parseInt(t.slice(2), 16);
  else if (/^0[bB]/.test(t)) n = parseInt(t.slice(2), 2);
  else if (/^0[0-7]+$/.test(t)) n = parseInt(t.slice(1), 8);
  else n = Number(t);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** The argument expressions of a call or `new` (line and block comments between them left out). */
export function callArguments(node: SgNode): SgNode[] {
  const list = node.field('arguments');
  return list ? list.namedChildren().filter((c) => !(c.kind() as string).endsWith('comment')) : [];
}

/** Dotted callee of a method invocation: `Cipher.getInstance`, `kg.init`, `getInstance`. */
export function calleeOf(node: SgNode): string {
  const name = node.field('name')?.text() ?? '';
  const obj = node.field('object');
  return obj ? `${dotted(obj.text())}.${name}` : name;
}

/** Type name of an object creation, without generics or package: `new javax.crypto.spec.SecretKeySpec(..)` -> `SecretKeySpec`. */
export function createdType(node: SgNode): string {
  const t = node.field('type')?.text() ?? '';
  const plain = t.replace(/<.*$/s, '').replace(/\s+/g, '');
  const i = plain.lastIndexOf('.');
  return i < 0 ? plain : plain.slice(i + 1);
}

/**
 * The declared type of a name at a call (`ECPublicKey publicKey` as a parameter, local or field of the
 * enclosing class), for receivers whose value the file does not show.
 */
export function declaredType(node: SgNode): string | undefined {
  if (kindOf(node) !== 'identifier') return undefined;
  const name = node.text().replace(/\$/g, '\\$');
  for (const scope of node.ancestors()) {
    const k = kindOf(scope);
    if (k !== 'method_declaration' && k !== 'constructor_declaration' && k !== 'lambda_expression' && k !== 'class_body') continue;
    const decl = scope.find({
      rule: {
        any: [
          { kind: 'formal_parameter', has: { field: 'name', regex: `^${name}$` } },
          { kind: 'local_variable_declaration', has: { field: 'declarator', has: { field: 'name', regex: `^${name}$` } } },
          { kind: 'field_declaration', has: { field: 'declarator', has: { field: 'name', regex: `^${name}$` } } },
        ],
      },
    });
    const type = decl?.field('type')?.text();
    if (type && type !== 'var') return type;
  }
  return undefined;
}

/**
 * The element type of an array literal: `new T[]{…}`'s T, else (a bare `{…}`) the declared type of the
 * variable or field it initialises; `byte` when neither shows (the byte-array reading it always had).
 */
function arrayElementType(node: SgNode | undefined): string | undefined {
  if (!node) return 'byte';
  if (node.kind() === 'array_creation_expression') return node.field('type')?.text();
  const declarator = node.parent();
  const declaration = declarator?.kind() === 'variable_declarator' ? declarator.parent() : undefined;
  const type = declaration?.field('type');
  if (type?.kind() !== 'array_type') return 'byte';
  return type.field('element')?.text();
}

const DECODERS = /(?:^|\.)(?:decode|parseHexBinary|decodeHex|parseHex|decodeBase64|fromHexString|hexStringToByteArray)$/;

/**
 * The value a `switch` expression's rule or group gives (armsShape): its expression, or what its
 * block yields; null where it throws; undefined where it cannot be read.
 */
function switchArmValue(arm: SgNode): SgNode | null | undefined {
  const last = kindOf(arm) === 'switch_rule' ? arm.namedChildren().at(-1) : arm;
  if (!last) return undefined;
  if (kindOf(last) === 'expression_statement') return last.namedChildren()[0];
  const stmt = lastStatement(last, JAVA_BLOCKS);
  if (stmt && kindOf(stmt) === 'throw_statement') return null;
  return stmt && kindOf(stmt) === 'yield_statement' ? stmt.namedChildren()[0] : undefined;
}

export const javaAdapter: LanguageAdapter = {
  shape(node: SgNode): Shape {
    switch (node.kind() as string) {
      case 'string_literal':
      case 'text_block': {
        const s = javaString(node);
        return s === undefined ? { t: 'opaque' } : { t: 'value', value: str(s) };
      }
      case 'character_literal':
        return { t: 'value', value: str(unescapeJava(node.text().slice(1, -1).startsWith('\\') ? node.text().slice(1, -1) : '\\' + node.text().slice(1, -1))) };
      case 'decimal_integer_literal':
      case 'hex_integer_literal':
      case 'octal_integer_literal':
      case 'binary_integer_literal': {
        const n = javaInt(node.text());
        return n === undefined ? { t: 'opaque' } : { t: 'value', value: int(n) };
      }
      case 'true':
        return { t: 'value', value: { kind: 'bool', value: true } };
      case 'false':
        return { t: 'value', value: { kind: 'bool', value: false } };
      case 'null_literal':
        return { t: 'value', value: { kind: 'none' } };
      case 'identifier':
        return { t: 'name', name: node.text() };
      case 'field_access': {
        const object = node.field('object');
        const property = node.field('field')?.text() ?? '';
        if (!object) return { t: 'opaque' };
        if (property === 'length') return { t: 'call', callee: '.length', args: { positional: [], named: new Map() }, receiver: object };
        return { t: 'member', object, property, self: object.kind() as string === 'this' };
      }
      case 'binary_expression': {
        const left = node.field('left');
        const right = node.field('right');
        const op = node.field('operator')?.text() ?? '';
        return left && right ? { t: 'binary', op, left, right } : { t: 'opaque' };
      }
      case 'unary_expression':
        return unaryShape(node, 'operand');
      case 'ternary_expression':
        return ternaryShape(node);
      case 'switch_expression':
        // `switch (k) { case 1 -> "MD5"; default -> { yield "SHA-256"; } }` (and `case 1: yield …;` groups).
        return armsShape((node.field('body')?.namedChildren() ?? []).filter((a) => ['switch_rule', 'switch_block_statement_group'].includes(kindOf(a))).map(switchArmValue));
      case 'parenthesized_expression': {
        const inner = node.namedChildren()[0];
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'cast_expression': {
        const inner = node.field('value');
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'method_invocation': {
        const receiver = node.field('object') ?? undefined;
        return { t: 'call', callee: calleeOf(node), args: { positional: callArguments(node), named: new Map() }, ...(receiver ? { receiver } : {}) };
      }
      case 'object_creation_expression':
        return { t: 'call', callee: `new ${createdType(node)}`, args: { positional: callArguments(node), named: new Map() } };
      case 'array_creation_expression': {
        const init = node.field('value');
        if (init) return { t: 'call', callee: 'new []{}', args: { positional: init.namedChildren(), named: new Map() }, receiver: node };
        const dims = node.children().filter((c) => c.kind() as string === 'dimensions_expr');
        const size = dims[0]?.namedChildren()[0];
        return size && dims.length === 1 ? { t: 'call', callee: 'new [n]', args: { positional: [size], named: new Map() }, receiver: node } : { t: 'opaque' };
      }
      case 'array_initializer':
        return { t: 'call', callee: 'new []{}', args: { positional: node.namedChildren(), named: new Map() }, receiver: node };
      case 'enhanced_for_statement': {
        const of = node.field('value');
        return of ? { t: 'element', of } : { t: 'opaque' };
      }
      default:
        return { t: 'opaque' };
    }
  },

  call(callee: string, args: Args, ev: Evaluator, node: SgNode, receiver?: SgNode): Value | undefined {
    const a0 = args.positional[0];
    // `properties.getProperty("cipher.algorithm", "AES/CBC/PKCS5Padding")`, `System.getProperty(k, d)`,
    // `map.getOrDefault(k, d)`: whatever is configured, else the default.
    if (/(?:^|\.)(?:getProperty|getOrDefault)$/.test(callee) && args.positional.length === 2) return ev.configured(node, args.positional[1]);
    // `"RS384".equals(alg)`, `alg.equalsIgnoreCase("rs384")` between known strings: a condition a case can fix.
    if (/\.equals(?:IgnoreCase)?$/.test(callee) && receiver && args.positional.length === 1) {
      const [l, r] = [ev.eval(receiver), ev.eval(a0)];
      if (l.kind !== 'str' || r.kind !== 'str') return UNKNOWN;
      return { kind: 'bool', value: callee.endsWith('IgnoreCase') ? l.value.toLowerCase() === r.value.toLowerCase() : l.value === r.value };
    }
    if (callee === 'new [n]') {
      // new byte[32] is zero-filled until something writes into it.
      const elem = receiver?.field('type')?.text();
      const n = asInt(ev.eval(a0));
      return elem === 'byte' ? bytes(n, 'zero') : UNKNOWN;
    }
    if (callee === 'new []{}') {
      const elem = arrayElementType(receiver);
      // `String[] names = {"SHA-256", "SHA-512"}`: the names, one per element.
      if (elem === 'String') return { kind: 'list', items: args.positional.map((n) => ev.eval(n)) };
      if (elem !== 'byte') return UNKNOWN;
      const values = args.positional.map((n) => asInt(ev.eval(n)));
      const zero = values.every((v) => v === 0);
      return bytes(args.positional.length, zero ? 'zero' : 'literal');
    }
    if (callee === '.length') {
      const v = receiver ? ev.eval(receiver) : UNKNOWN;
      if (v.kind === 'bytes' && v.length !== undefined) return int(v.length);
      if (v.kind === 'list') return int(v.items.length);
      return UNKNOWN;
    }
    const method = callee.slice(callee.lastIndexOf('.') + 1);
    if (method === 'getBytes' && receiver) {
      const s = asString(ev.eval(receiver));
      // A caller's string (common/from-caller.ts) gives the length, not a literal origin.
      return s === undefined ? bytes(undefined, 'unknown') : bytes(Buffer.byteLength(s, 'utf8'), stringBytesOrigin(ev, receiver));
    }
    if (method === 'toCharArray' && receiver) return ev.eval(receiver);
    if (DECODERS.test(callee) && a0) {
      const s = asString(ev.eval(a0));
      if (s === undefined) return bytes(undefined, 'unknown');
      const hex = /hex/i.test(callee) || /Hex\.decode$/.test(callee);
      const len = hex ? (/^[0-9a-fA-F]*$/.test(s) && s.length % 2 === 0 ? s.length / 2 : undefined) : Buffer.from(s, 'base64').length;
      return bytes(len, 'literal');
    }
    if (/(?:^|\.)copyOf$/.test(callee) && args.positional.length === 2) {
      const src = ev.eval(a0);
      return bytes(asInt(ev.eval(args.positional[1])), src.kind === 'bytes' ? src.origin : 'unknown');
    }
    if (/^(?:Integer\.parseInt|Integer\.valueOf|Long\.parseLong)$/.test(callee) && a0) {
      const s = asString(ev.eval(a0));
      const n = s !== undefined && /^-?\d+$/.test(s.trim()) ? Number(s.trim()) : undefined;
      return n === undefined ? UNKNOWN : int(n);
    }
    if (/^(?:String\.valueOf|Integer\.toString)$/.test(callee) && a0) {
      const v = ev.eval(a0);
      return v.kind === 'int' ? str(String(v.value)) : v.kind === 'str' ? v : UNKNOWN;
    }
    if (/^(?:generateSeed)$/.test(method) && a0) return bytes(asInt(ev.eval(a0)), 'random');
    if (method === 'digest' && receiver && args.positional.length <= 1) return digestOutput(ev, receiver);
    if (method === 'concat' && receiver && a0) {
      const l = ev.eval(receiver);
      const r = ev.eval(a0);
      return l.kind === 'str' && r.kind === 'str' ? str(l.value + r.value) : UNKNOWN;
    }
    return undefined;
  },

  constant(path: string): Value | undefined {
    const s = knownConstant(path);
    return s === undefined ? undefined : str(s);
  },

  enclosingClass(node: SgNode): string | undefined {
    return enclosingClassName(node);
  },
};

/**
 * `md.digest()` / `md.digest(input)` of a `MessageDigest.getInstance("SHA-256")` (the receiver or the
 * variable holding it): as many bytes as the hash gives, of unknown origin (a key hashed from a
 * password or secret: `new SecretKeySpec(sha.digest(secret), "AES")` is AES-256). The three-argument
 * `digest(buf, off, len)` returns a count and is not read.
 */
function digestOutput(ev: Evaluator, receiver: SgNode): Value {
  const made = ev.origin(receiver);
  const shape = made ? javaAdapter.shape(made) : undefined;
  if (shape?.t !== 'call' || !/(?:^|\.)MessageDigest\.getInstance$/.test(shape.callee)) return UNKNOWN;
  return bytes(jcaDigestBytes(asString(ev.eval(shape.args.positional[0]))), 'unknown');
}

export function enclosingClassName(node: SgNode): string | undefined {
  for (const a of node.ancestors()) if (CLASS_KINDS.has(a.kind() as string)) return a.field('name')?.text();
  return undefined;
}

const SCOPE_KINDS = new Set([...CLASS_KINDS, ...FUNCTION_KINDS]);

/** The scope-forming nodes (classes, methods, lambdas) of a Java file. */
export function javaScopes(root: SgNode): ScopeIndex {
  return new ScopeIndex(root, [...SCOPE_KINDS]);
}

function scopeOf(index: ScopeLookup, node: SgNode): { scope: Scope; fn: boolean } {
  const s = index.around(node, SCOPE_KINDS);
  if (!s) return { scope: index.file, fn: false };
  return { scope: { start: s.start, end: s.end }, fn: FUNCTION_KINDS.has(s.kind) };
}

function classScope(index: ScopeLookup, node: SgNode): { owner?: string; scope: Scope } {
  const s = index.around(node, CLASS_KINDS);
  if (!s) return { scope: index.file };
  return { ...(s.name ? { owner: s.name } : {}), scope: { start: s.start, end: s.end } };
}

/** The nodes that bind names in Java (enum constants bind nothing: `Enum.X` stays symbolic). */
const BINDING_RULE = {
  rule: {
    any: ['variable_declarator', 'assignment_expression', 'formal_parameter', 'spread_parameter', 'catch_formal_parameter', 'enhanced_for_statement'].map((kind) => ({
      kind,
    })),
  },
};

/** Every binding in a Java file (one ast-grep query). */
export function javaBindings(root: SgNode, index: ScopeIndex = javaScopes(root)): Binding[] {
  return bindingsOf(root.findAll(BINDING_RULE), index);
}

/**
 * The binding nodes that may bind `name`: declarators and loops by their name, assignments by their
 * target, parameters by any node inside. bindingsOf's bookkeeping of locals and fields is keyed by
 * name, so it decides this name's bindings from these nodes exactly as from the whole file.
 */
function namedBindingRule(name: string): NapiConfig {
  const text = { regex: `^${escapeRegex(name)}$` };
  const deep = { ...text, stopBy: 'end' as const };
  const named = { field: 'name', ...text };
  return {
    rule: {
      any: [
        { kind: 'variable_declarator', has: named },
        { kind: 'assignment_expression', has: { field: 'left', any: [text, { has: deep }] } },
        { kind: 'formal_parameter', has: deep },
        { kind: 'spread_parameter', has: deep },
        { kind: 'catch_formal_parameter', has: deep },
        { kind: 'enhanced_for_statement', has: named },
      ],
    },
  };
}

/** Per-name collection for the LazySymbolTable (see namedBindingRule). */
export function javaBindingSource(root: SgNode, scopes: () => ScopeIndex): BindingSource {
  let ancestors: AncestorScopes | undefined;
  return {
    every: () => javaBindings(root, scopes()),
    // The few nodes of one name find their scopes through their ancestors: no walk of the whole file.
    named: (name) => bindingsOf(root.findAll(namedBindingRule(name)), (ancestors ??= new AncestorScopes(root))),
    mayOwn: (owner) => root.find({ rule: { any: [...CLASS_KINDS].map((kind) => ({ kind })), has: { field: 'name', regex: `^${escapeRegex(owner)}$` } } }) !== null,
  };
}

/** A block that runs only on some paths (an `if`/`else` arm, a `case`, a loop body, a `catch`) and the statement it belongs to. */
interface Branch {
  scope: Scope;
  owner: Scope;
  /** The statement (a loop's body) whose paths meet where `owner` ends: Binding.join. */
  join: SgNode;
  /**
   * For a `case X:` group, the switch body: control may fall through into the groups after it, where
   * the value is one of two (the assigned one or the one before the switch), hence unknown there.
   */
  fallsInto?: Scope;
}

/** Loops whose `body` runs zero or more times (a `do` body always runs once: not a branch). */
const LOOP_KINDS = new Set(['for_statement', 'enhanced_for_statement', 'while_statement']);
const STOP_KINDS = new Set([...CLASS_KINDS, ...FUNCTION_KINDS, 'class_body']);

/**
 * The conditional blocks around an assignment, innermost first, up to its method or lambda: an `if`
 * or `else` arm, a `case` group or `case ->` rule, a loop body, a `catch` clause. Read from the
 * assignment's ancestors, so only the bindings a lookup collects pay for it (as in Go's resolver).
 * A `try` block is not one: on its normal path it runs to the end, and the common Java shape
 * `Cipher c; try { c = Cipher.getInstance(..); } catch (..) { throw .. }` must keep linking `c`.
 * `if (x == null) x = ..;` is not one when `priorIsNull` says `x` held nothing but null before
 * (lazy initialisation): then the value assigned there is the only one `x` can have after it. With
 * any other prior value (`x = parse(s); if (x == null) x = DEFAULT;`) it is a branch like any other.
 */
function branchesAround(node: SgNode, name: string, priorIsNull: () => boolean): Branch[] {
  const out: Branch[] = [];
  let child = node;
  for (const a of node.ancestors()) {
    const k = kindOf(a);
    if (STOP_KINDS.has(k)) break;
    let owner: SgNode | undefined;
    if (k === 'if_statement') {
      const cond = a.field('condition');
      if (child.id() !== cond?.id() && !(nullGuard(cond, name) && priorIsNull())) owner = a;
    } else if (k === 'switch_block_statement_group' || k === 'switch_rule') {
      // The rule or group, its switch_block, then the switch itself (`case X ->` rules never fall through).
      const body = a.parent();
      const sw = body?.parent();
      // Only a group that does not end in `break`, `return` or the like falls into the next.
      const falls = k === 'switch_block_statement_group' && !JUMPS.has(kindOf(lastStatement(a, JAVA_BLOCKS) ?? a));
      if (body && sw) out.push({ scope: nodeSpan(a), owner: nodeSpan(sw), join: sw, ...(falls ? { fallsInto: nodeSpan(body) } : {}) });
    } else if (LOOP_KINDS.has(k)) {
      if (child.id() === a.field('body')?.id()) owner = a;
    } else if (k === 'catch_clause') {
      const t = a.parent();
      if (t) out.push({ scope: nodeSpan(a), owner: nodeSpan(t), join: t });
    }
    // A loop's paths are its body's end and its start (no pass at all): the body is the join, as the
    // loop itself is the value of its variable (`element`) and keys that variable's cases.
    if (owner) out.push({ scope: nodeSpan(child), owner: nodeSpan(owner), join: LOOP_KINDS.has(kindOf(owner)) ? child : owner });
    child = a;
  }
  return out;
}

const JAVA_BLOCKS = new Set(['block', 'switch_block_statement_group']);
/** Statements after which control does not go on to the next one. */
const JUMPS = new Set(['return_statement', 'throw_statement', 'break_statement', 'continue_statement', 'yield_statement']);
/** An arm control leaves other than at its end (`return`, `throw`, a `break` or `continue` out of it). */
const leavesArm = (arm: SgNode): boolean => JUMPS.has(kindOf(lastStatement(arm, JAVA_BLOCKS) ?? arm));

/**
 * LanguageAdapter.pathEnds for Java: an `if`'s two arms (or the arm and the `if`'s start); each
 * `case` group that ends in `break` (one that falls through goes on into the next), and the last,
 * and the `switch`'s start without a `default`; a `try` block and its `catch` clauses; a loop's body
 * and the loop's start.
 */
export function javaPathEnds(join: SgNode): Scope[] {
  const k = kindOf(join);
  if (k === 'if_statement') {
    const alternative = join.field('alternative');
    return pathEnds([join.field('consequence'), alternative], leavesArm, alternative ? undefined : nodeSpan(join).start);
  }
  if (k === 'switch_expression' || k === 'switch_statement') {
    const groups = (join.field('body')?.namedChildren() ?? []).filter((g) => ['switch_block_statement_group', 'switch_rule'].includes(kindOf(g)));
    const arms = groups.filter((g, i) => {
      const last = kindOf(lastStatement(g, JAVA_BLOCKS) ?? g);
      if (kindOf(g) === 'switch_rule') return !leavesArm(g.namedChildren().at(-1) ?? g);
      return last === 'break_statement' || (!JUMPS.has(last) && i === groups.length - 1);
    });
    const exhaustive = groups.some((g) => g.children().some((c) => kindOf(c) === 'switch_label' && /^default\b/.test(c.text())));
    return pathEnds(arms, () => false, exhaustive ? undefined : nodeSpan(join).start);
  }
  if (k === 'try_statement' || k === 'try_with_resources_statement') {
    return pathEnds([join.field('body'), ...join.namedChildren().filter((c) => kindOf(c) === 'catch_clause')], leavesArm);
  }
  // (A loop whose body is a bare `if` or `switch` is read as that statement: the same paths, but the start.)
  const loop = join.parent();
  return loop && LOOP_KINDS.has(kindOf(loop)) ? pathEnds([join], leavesArm, nodeSpan(loop).start) : [];
}

/** Whether a node runs in a loop of its function (a `for`, enhanced `for`, `while` or `do` around it). */
function inLoop(node: SgNode): boolean {
  for (const a of node.ancestors()) {
    const k = kindOf(a);
    if (STOP_KINDS.has(k)) return false;
    if (LOOP_KINDS.has(k) || k === 'do_statement') return true;
  }
  return false;
}

/** `(x == null)`, `(this.x == null)`, `(null == x)` for the assigned name `x`: a lazy-initialisation guard. */
function nullGuard(cond: SgNode | null, name: string): boolean {
  const text = cond?.text().replace(/\s+/g, '');
  if (!text?.includes('null')) return false;
  return [name, `this.${name}`].some((x) => text === `(${x}==null)` || text === `(null==${x})`);
}

function bindingsOf(nodes: readonly SgNode[], index: ScopeLookup): Binding[] {
  const out: Binding[] = [];
  // Names declared as locals or parameters per function scope (Java declares before use, so a
  // document-order pass sees the declaration before any assignment to it).
  const locals = new Set<string>();
  const fields = new Set<string>();
  // Per local (function start:name): whether its value so far is certainly the null literal, for
  // the lazy-initialisation guard of branchesAround.
  const nullLocals = new Set<string>();
  /** A field holds only null before a guard if it is declared without a value or `= null` and this is its only assignment. */
  const fieldOnlyNull = (name: string, at: SgNode): boolean =>
    nodes.every((o) => {
      const k = o.kind() as string;
      if (k === 'variable_declarator') {
        const v = o.field('name')?.text() === name && ['field_declaration', 'constant_declaration'].includes(o.parent()?.kind() as string) ? o.field('value') : null;
        return !v || v.kind() as string === 'null_literal';
      }
      if (k !== 'assignment_expression' || o.id() === at.id()) return true;
      const l = o.field('left');
      return (l?.kind() as string === 'field_access' ? l?.field('field')?.text() : l?.text()) !== name;
    });
  for (const n of nodes) {
    const k = n.kind() as string;
    const end = nodeSpan(n).end;
    if (k === 'variable_declarator') {
      const name = n.field('name')?.text();
      if (!name) continue;
      const value = n.field('value');
      const parent = n.parent();
      if (parent?.kind() as string === 'field_declaration' || parent?.kind() as string === 'constant_declaration') {
        const { owner, scope } = classScope(index, n);
        fields.add(`${owner ?? ''}.${name}`);
        if (!value) continue; // assigned later (constructor): those assignments are the bindings
        out.push({ name, ...(owner ? { owner } : {}), value, visibleFrom: end, scope, member: true });
      } else {
        const { scope } = scopeOf(index, n);
        locals.add(`${scope.start}:${name}`);
        if (value?.kind() as string === 'null_literal') nullLocals.add(`${scope.start}:${name}`);
        out.push({ name, value: value ?? null, visibleFrom: end, scope, member: false });
      }
    } else if (k === 'assignment_expression') {
      const op = n.field('operator')?.text() ?? '=';
      const left = n.field('left');
      if (!left) continue;
      // `x += y` keeps the value computable: bind to the whole expression, shaped as `x + y`; not in a
      // loop, where each pass adds again (`iterations += 10000` in a `while`).
      if (op !== '=' && inLoop(n)) {
        const name = left.kind() as string === 'identifier' ? left.text() : left.field('field')?.text();
        if (name) out.push({ name, value: null, visibleFrom: end, scope: scopeOf(index, n).scope, member: false });
        continue;
      }
      const value = op === '=' ? n.field('right') : null;
      if (left.kind() as string === 'identifier') {
        const { scope, fn } = scopeOf(index, n);
        const name = left.text();
        if (op !== '=' && op !== '+=') continue;
        const owner = classScope(index, n);
        const key = `${scope.start}:${name}`;
        const isField = fn && !locals.has(key) && fields.has(`${owner.owner ?? ''}.${name}`);
        const branches = fn ? branchesAround(n, name, () => (isField ? fieldOnlyNull(name, n) : nullLocals.has(key))) : [];
        nullLocals.delete(key);
        if (isField) {
          // `rsaPair = gen.generateKeyPair()` in a constructor assigns the field.
          const field = { name, ...(owner.owner ? { owner: owner.owner } : {}), scope: owner.scope, member: true };
          out.push({ ...field, value: op === '=' ? value : n, visibleFrom: end });
          // A field set in one branch is unknown (later member bindings win); see branchesAround.
          const last = branches[branches.length - 1];
          if (last) out.push({ ...field, value: null, visibleFrom: last.owner.end });
        } else {
          // `hash = "SHA-256"` inside an `if` arm or a `case` holds in that arm; where each enclosing
          // branching statement ends, the value depends on the path taken, so it is unknown there
          // (a `switch (alg) { case "RS256": hash = ..` would otherwise name the last case for every path).
          out.push({ name, value: op === '=' ? value : n, visibleFrom: end, scope: branches[0]?.scope ?? scope, member: !fn });
          branches.forEach((b, i) => {
            out.push({ name, value: null, visibleFrom: b.owner.end, scope: branches[i + 1]?.scope ?? scope, member: false, join: b.join });
            if (b.fallsInto) out.push({ name, value: null, visibleFrom: b.scope.end, scope: b.fallsInto, member: false });
          });
        }
      } else if (left.kind() as string === 'field_access' && left.field('object')?.kind() as string === 'this') {
        const name = left.field('field')?.text();
        const { owner, scope } = classScope(index, n);
        if (!name) continue;
        const field = { name, ...(owner ? { owner } : {}), scope, member: true };
        out.push({ ...field, value, visibleFrom: end });
        const branches = scopeOf(index, n).fn ? branchesAround(n, name, () => fieldOnlyNull(name, n)) : [];
        const last = branches[branches.length - 1];
        if (last) out.push({ ...field, value: null, visibleFrom: last.owner.end });
      }
    } else {
      const nameNode = k === 'enhanced_for_statement' ? n.field('name') : n.field('name') ?? n.namedChildren().find((c) => c.kind() as string === 'identifier');
      const name = nameNode?.text();
      if (!name) continue;
      const { scope } = k === 'enhanced_for_statement' ? { scope: { start: nodeSpan(n).start, end } } : scopeOf(index, n);
      locals.add(`${scopeOf(index, n).scope.start}:${name}`);
      // A loop variable's value is its loop (`element` shape: each element of the iterable).
      const value = k === 'enhanced_for_statement' && nameNode?.kind() === 'identifier' ? n : null;
      out.push({ name, value, visibleFrom: nodeSpan(n).start, scope, member: false, ...(k === 'formal_parameter' ? { param: n } : {}) });
    }
  }
  return out;
}

/** Augmented assignment `x += y` seen as a binary expression (the Evaluator's shape hook). */
export const javaAdapterWithAugmented: LanguageAdapter = {
  ...javaAdapter,
  shape(node: SgNode): Shape {
    if (node.kind() as string === 'assignment_expression') {
      const left = node.field('left');
      const right = node.field('right');
      const op = (node.field('operator')?.text() ?? '=').replace(/=$/, '');
      if (left && right && op) return { t: 'binary', op, left, right };
      if (right) return { t: 'group', inner: right };
    }
    return javaAdapter.shape(node);
  },
};

/** The resolver for one parsed Java file. */
export function javaEvaluator(root: SgNode, crossFile?: CrossFile, imports?: JavaImports): Evaluator {
  // Built on first use, like the symbol table: many files resolve nothing through scopes.
  let index: ScopeIndex | undefined;
  const scopes = (): ScopeIndex => (index ??= javaScopes(root));
  // A self/this member's class, from the node's ancestors (a few per file: no walk of the whole file).
  let ancestors: AncestorScopes | undefined;
  let functions: ReturnType<typeof javaFunctions> | undefined;
  const adapter: LanguageAdapter = {
    ...javaAdapterWithAugmented,
    enclosingClass: (node: SgNode) => (ancestors ??= new AncestorScopes(root)).around(node, CLASS_KINDS)?.name,
    callSiteArguments: (param: SgNode) => (functions ??= javaFunctions(root)).callSiteArguments!(param),
    returned: (call: SgNode) => (functions ??= javaFunctions(root)).returned!(call),
    pathEnds: javaPathEnds,
    ...(imports && { importedOwner: (name: string) => staticImportOwner(imports, name) }),
  };
  return new Evaluator(adapter, () => new LazySymbolTable(javaBindingSource(root, scopes)), crossFile);
}
