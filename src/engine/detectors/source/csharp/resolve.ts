// C# side of argument resolution: expression shapes (literals, member access, casts, byte arrays,
// `Encoding.UTF8.GetBytes("…")`), and the file's bindings (fields, properties, constants, locals,
// parameters, reassignments) for the shared Evaluator, collected per looked-up name.
import type { SgNode } from '@ast-grep/napi';
import { Evaluator, armsShape, binaryShape, dotted, loopShape, ternaryShape, type Args, type CallSites, type LanguageAdapter, type Shape } from '../common/evaluate.js';
import { AncestorScopes, ScopeIndex, nodeSpan, type ScopeLookup } from '../common/scopes.js';
import { LazySymbolTable, textHolds, type Binding, type BindingSource, type Scope } from '../common/symbols.js';
import { escapeRegex } from '../common/regex.js';
import { kindOf } from '../common/languages.js';
import { lastStatement, pathEnds } from '../common/paths.js';
import { csharpFunctions } from './call-sites.js';
import { stringBytesOrigin } from '../common/from-caller.js';
import { UNKNOWN, bytes, int, str, type Value } from '../common/value.js';
import type { CrossFile } from '../../cross-file.js';

export const CLASS_KINDS = new Set(['class_declaration', 'struct_declaration', 'record_declaration', 'interface_declaration']);
export const FUNCTION_KINDS = new Set([
  'method_declaration', 'constructor_declaration', 'local_function_statement', 'lambda_expression', 'anonymous_method_expression',
  'accessor_declaration', 'operator_declaration', 'destructor_declaration',
]);

/** Integer value of a C# literal (`2048`, `0x10`, `0b1010`, `1_000`, `65537UL`), or undefined. */
export function csInt(text: string): number | undefined {
  const t = text.replace(/_/g, '').replace(/[uUlL]+$/, '');
  let n: number;
  if (/^0[xX][0-9a-fA-F]+$/.test(t)) n = parseInt(t.slice(2), 16);
  else if (/^0[bB][01]+$/.test(t)) n = parseInt(t.slice(2), 2);
  else if (/^\d+$/.test(t)) n = parseInt(t, 10);
  else return undefined;
  return Number.isSafeInteger(n) ? n : undefined;
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '0': '\0', a: '\x07', b: '\b', f: '\f', v: '\v' };

/** Contents of a C# string literal (regular, verbatim `@"…"`, raw `"""…"""`, `$"…"` without holes), or undefined. */
export function csString(node: SgNode): string | undefined {
  const k = kindOf(node);
  if (k === 'verbatim_string_literal') {
    const t = node.text();
    return t.slice(t.indexOf('"') + 1, -1).replace(/""/g, '"');
  }
  if (k === 'raw_string_literal') return node.text().replace(/^"{3,}\r?\n?|\r?\n?[ \t]*"{3,}$/g, '');
  let out = '';
  for (const c of node.children()) {
    const ck = kindOf(c);
    if (ck === 'string_literal_content' || ck === 'string_content') out += c.text();
    else if (ck === 'escape_sequence') {
      const e = c.text().slice(1);
      if (e[0] === 'u' || e[0] === 'x') out += String.fromCharCode(parseInt(e.slice(1), 16));
      else out += ESCAPES[e] ?? e;
    } else if (ck === 'interpolation') return undefined;
  }
  return out;
}

/** The expression of an `argument` node (`name: value`, `ref x` keep the value). */
export function argValue(arg: SgNode): SgNode {
  if (kindOf(arg) !== 'argument') return arg;
  const kids = arg.namedChildren();
  const named = arg.field('name');
  return kids.filter((c) => !named || c.id() !== named.id()).pop() ?? arg;
}

/** The arguments of a call or `new`, as expressions (comments left out). */
export function callArgs(node: SgNode): SgNode[] {
  const list = node.field('arguments');
  return list ? list.namedChildren().filter((c) => kindOf(c) === 'argument').map(argValue) : [];
}

/** Named arguments (`hashAlgorithm: HashAlgorithmName.SHA256`) of a call. */
function namedArgs(node: SgNode): Map<string, SgNode> {
  const out = new Map<string, SgNode>();
  for (const a of node.field('arguments')?.namedChildren() ?? []) {
    const n = kindOf(a) === 'argument' ? a.field('name') : null;
    if (n) out.set(n.text(), argValue(a));
  }
  return out;
}

/** Type name without namespace or generics: `System.Security.Cryptography.Aes` -> `Aes`, `List<int>` -> `List`. */
export function simpleType(text: string): string {
  const plain = text.replace(/<.*$/s, '').replace(/\s+/g, '').replace(/^global::/, '');
  return plain.slice(plain.lastIndexOf('.') + 1);
}

/** Type created by `new T(...)`, `new T { … }`; '' for target-typed `new(...)`. */
export function createdType(node: SgNode): string {
  return simpleType(node.field('type')?.text() ?? '');
}

/** Dotted callee of an invocation: `Aes.Create`, `rsa.SignData`, `SHA256.HashData`. */
export function calleeOf(inv: SgNode): string {
  const fn = inv.field('function');
  return fn ? dotted(fn.text()).replace(/<[^<>]*>/g, '') : '';
}

/** Byte-array initialiser items: literal bytes (all zero or not), or unknown content. */
function arrayItems(items: SgNode[]): Value {
  const allLiteral = items.every((i) => kindOf(i) === 'integer_literal' || kindOf(i) === 'character_literal');
  if (!allLiteral) return bytes(items.length, 'unknown');
  return bytes(items.length, items.every((i) => csInt(i.text()) === 0) ? 'zero' : 'literal');
}

const DECODE_BASE64 = /^(Convert\.FromBase64String)$/;
const DECODE_HEX = /^(Convert\.FromHexString)$/;
const ENCODERS = /^(System\.Text\.)?Encoding\.(UTF8|ASCII|Unicode|UTF32|Latin1|Default)\.GetBytes$|^(new(UTF8|ASCII)Encoding\(\)|\w+)\.GetBytes$/;

export const csharpAdapter: LanguageAdapter = {
  shape(node: SgNode): Shape {
    switch (kindOf(node)) {
      case 'integer_literal': {
        const n = csInt(node.text());
        return { t: 'value', value: n === undefined ? UNKNOWN : int(n) };
      }
      case 'string_literal':
      case 'verbatim_string_literal':
      case 'raw_string_literal':
      case 'interpolated_string_expression': {
        const s = csString(node);
        return s === undefined ? { t: 'opaque' } : { t: 'value', value: str(s) };
      }
      case 'boolean_literal':
        return { t: 'value', value: { kind: 'bool', value: node.text() === 'true' } };
      case 'null_literal':
        return { t: 'value', value: { kind: 'none' } };
      case 'identifier':
        return { t: 'name', name: node.text() };
      case 'member_access_expression': {
        const object = node.field('expression');
        const property = node.field('name')?.text();
        if (!object || !property) return { t: 'opaque' };
        return { t: 'member', object, property, self: kindOf(object) === 'this_expression' || object.text() === 'this' };
      }
      case 'binary_expression':
        return binaryShape(node);
      case 'conditional_expression':
        return ternaryShape(node);
      case 'switch_expression':
        // `k switch { 1 => HashAlgorithmName.SHA1, _ => HashAlgorithmName.SHA256 }`: each arm's value (a `throw` gives none).
        return armsShape(node.namedChildren().filter((a) => kindOf(a) === 'switch_expression_arm').map((a) => {
          const value = a.namedChildren().at(-1);
          return value && kindOf(value) === 'throw_expression' ? null : value;
        }));
      case 'prefix_unary_expression': {
        const operand = node.namedChildren()[0];
        const op = node.children()[0]?.text() ?? '';
        return operand ? { t: 'unary', op, operand } : { t: 'opaque' };
      }
      case 'parenthesized_expression':
      case 'checked_expression': {
        const inner = node.namedChildren()[0];
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'cast_expression': {
        const value = node.field('value');
        return value ? { t: 'group', inner: value } : { t: 'opaque' };
      }
      case 'invocation_expression': {
        const fn = node.field('function');
        const receiver = fn && kindOf(fn) === 'member_access_expression' ? fn.field('expression') ?? undefined : undefined;
        return { t: 'call', callee: calleeOf(node), args: { positional: callArgs(node), named: namedArgs(node) }, ...(receiver ? { receiver } : {}) };
      }
      case 'object_creation_expression':
        return { t: 'call', callee: `new ${createdType(node)}`, args: { positional: callArgs(node), named: namedArgs(node) } };
      case 'array_creation_expression':
      case 'implicit_array_creation_expression': {
        // `new byte[16]` is zero-filled; `new byte[] { 1, 2 }` holds literal bytes.
        const init = node.namedChildren().find((c) => kindOf(c) === 'initializer_expression');
        if (init) return { t: 'value', value: arrayItems(init.namedChildren()) };
        const rank = node.find({ rule: { kind: 'array_rank_specifier' } })?.namedChildren()[0];
        if (!rank) return { t: 'opaque' };
        return { t: 'call', callee: 'new byte[]', args: { positional: [rank], named: new Map() } };
      }
      case 'foreach_statement': {
        // `foreach (var alg in new[] { "SHA256", "SHA384" })`, `in new string[] { … }`, `in ["a", "b"]`.
        const right = node.field('right');
        const init = right && ['array_creation_expression', 'implicit_array_creation_expression'].includes(kindOf(right))
          ? right.namedChildren().find((c) => kindOf(c) === 'initializer_expression')
          : right && kindOf(right) === 'collection_expression' ? right : undefined;
        return loopShape(init?.namedChildren().filter((c) => !kindOf(c).includes('comment')).map((c) => (kindOf(c) === 'argument' ? argValue(c) : c)));
      }
      case 'initializer_expression':
        // `byte[] k = { 1, 2, 3 };` (a declarator's value; an object initializer never reaches here).
        return { t: 'value', value: arrayItems(node.namedChildren()) };
      case 'collection_expression':
      case 'element_binding_expression':
        // C# 12 `byte[] k = [1, 2, 3];`
        return { t: 'value', value: arrayItems(node.namedChildren().map(argValue)) };
      case 'variable_declarator': {
        const value = declaratorValue(node);
        return value ? { t: 'group', inner: value } : { t: 'opaque' };
      }
      case 'property_declaration':
      case 'arrow_expression_clause': {
        const value = kindOf(node) === 'property_declaration' ? node.field('value') : node.namedChildren()[0];
        if (!value) return { t: 'opaque' };
        return kindOf(value) === 'arrow_expression_clause' ? { t: 'group', inner: value.namedChildren()[0] ?? value } : { t: 'group', inner: value };
      }
      default:
        return { t: 'opaque' };
    }
  },

  call(callee: string, args: Args, ev: Evaluator): Value | undefined {
    const a = args.positional;
    if (callee === 'new byte[]') {
      const v = ev.eval(a[0]);
      return v.kind === 'int' ? bytes(v.value, 'zero') : bytes(undefined, 'zero');
    }
    // A string a caller passed in gives the bytes' length, not their literal origin (common/from-caller.ts).
    if (ENCODERS.test(callee)) {
      const v = ev.eval(a[0]);
      return v.kind === 'str' ? bytes(Buffer.byteLength(v.value, 'utf8'), stringBytesOrigin(ev, a[0])) : UNKNOWN;
    }
    if (DECODE_BASE64.test(callee)) {
      const v = ev.eval(a[0]);
      return v.kind === 'str' ? bytes(Buffer.from(v.value, 'base64').length, stringBytesOrigin(ev, a[0])) : UNKNOWN;
    }
    if (DECODE_HEX.test(callee)) {
      const v = ev.eval(a[0]);
      return v.kind === 'str' ? bytes(Math.floor(v.value.length / 2), stringBytesOrigin(ev, a[0])) : UNKNOWN;
    }
    if (/^(RandomNumberGenerator\.GetBytes|RandomNumberGenerator\.GetHexString)$/.test(callee)) {
      const v = ev.eval(a[0]);
      return bytes(v.kind === 'int' ? v.value : undefined, 'random');
    }
    if (callee === 'string.Concat' || callee === 'String.Concat') {
      let out = '';
      for (const x of a) {
        const v = ev.eval(x);
        if (v.kind !== 'str') return UNKNOWN;
        out += v.value;
      }
      return str(out);
    }
    return undefined;
  },
};

/** The value of `name = value` in a declarator (the child after the name), or undefined. */
export function declaratorValue(d: SgNode): SgNode | undefined {
  const name = d.field('name');
  const kids = d.namedChildren();
  const v = kids[kids.length - 1];
  if (!v || (name && v.id() === name.id())) return undefined;
  // `int[] a[3]` style bracketed argument lists are not values.
  return kindOf(v) === 'bracketed_argument_list' ? undefined : v;
}

/** The declared type of a declarator (`RSA rsa = …`; `var` gives ''). */
export function declaredTypeOf(d: SgNode): string {
  const decl = d.parent();
  if (!decl || kindOf(decl) !== 'variable_declaration') return '';
  const t = decl.field('type');
  return t && kindOf(t) !== 'implicit_type' ? simpleType(t.text()) : '';
}

function scopes(root: SgNode): ScopeIndex {
  return new ScopeIndex(root, [...CLASS_KINDS, ...FUNCTION_KINDS]);
}

function scopeOf(index: ScopeLookup, node: SgNode): { scope: Scope; fn: boolean } {
  const s = index.around(node, FUNCTION_KINDS);
  if (s) return { scope: s, fn: true };
  const c = index.around(node, CLASS_KINDS);
  return { scope: c ?? index.file, fn: false };
}

function classScope(index: ScopeLookup, node: SgNode): { owner?: string; scope: Scope } {
  const c = index.around(node, CLASS_KINDS);
  return c ? { ...(c.name ? { owner: c.name } : {}), scope: c } : { scope: index.file };
}

/** A block that runs only on some paths (an `if`/`else` arm, a `case` section, a loop body, a `catch`), and its statement. */
interface Branch {
  scope: Scope;
  owner: Scope;
  /** The statement (a loop's body) whose paths meet where `owner` ends: Binding.join; none for `?:` and switch-expression arms. */
  join?: SgNode;
}

const LOOP_KINDS = new Set(['for_statement', 'foreach_statement', 'while_statement']);
const STOP_KINDS = new Set([...CLASS_KINDS, ...FUNCTION_KINDS]);

/**
 * The conditional blocks around an assignment, innermost first, up to its method, lambda or local
 * function: an `if` or `else` arm, a `switch` section, a loop body, a `catch` clause, an arm of `?:`.
 * Read from the assignment's ancestors, so only the bindings a lookup collects pay for it. A `try`
 * block is not one (on its normal path it runs to the end). `if (x == null) x = …;` / `x ??= …` is
 * not one either: lazy initialisation, the value assigned is the only one `x` has afterwards when it
 * held nothing before (C# code writes `_aes ??= Aes.Create()` for cached algorithm objects).
 */
function branchesAround(node: SgNode, name: string): Branch[] {
  const out: Branch[] = [];
  let child = node;
  for (const a of node.ancestors()) {
    const k = kindOf(a);
    if (STOP_KINDS.has(k)) break;
    let owner: SgNode | undefined;
    if (k === 'if_statement') {
      const cond = a.field('condition');
      if (child.id() !== cond?.id() && !nullGuard(cond, name)) owner = a;
    } else if (k === 'switch_section') {
      const sw = a.parent()?.parent();
      if (sw) out.push({ scope: nodeSpan(a), owner: nodeSpan(sw), join: sw });
    } else if (k === 'switch_expression_arm' || k === 'conditional_expression') {
      out.push({ scope: nodeSpan(child), owner: nodeSpan(a) });
    } else if (LOOP_KINDS.has(k)) {
      if (child.id() === a.field('body')?.id()) owner = a;
    } else if (k === 'catch_clause') {
      const t = a.parent();
      if (t) out.push({ scope: nodeSpan(a), owner: nodeSpan(t), join: t });
    }
    if (owner) out.push({ scope: nodeSpan(child), owner: nodeSpan(owner), join: LOOP_KINDS.has(kindOf(owner)) ? child : owner });
    child = a;
  }
  return out;
}

const CS_BLOCKS = new Set(['block', 'switch_section', 'catch_clause']);
/** Statements after which control does not go on to the next one. */
const CS_JUMPS = new Set(['return_statement', 'throw_statement', 'break_statement', 'continue_statement', 'goto_statement', 'yield_statement']);
const lastKind = (arm: SgNode): string => kindOf(lastStatement(arm, CS_BLOCKS) ?? arm);
const leavesArm = (arm: SgNode): boolean => CS_JUMPS.has(lastKind(arm));

/**
 * LanguageAdapter.pathEnds for C#: an `if`'s two arms (or the arm and the `if`'s start); each
 * `switch` section that ends in `break` (C# sections never fall through), and the `switch`'s start
 * without `default`; a `try` block and its `catch` clauses; a loop's body and the loop's start.
 */
export function csharpPathEnds(join: SgNode): Scope[] {
  const k = kindOf(join);
  if (k === 'if_statement') {
    const alternative = join.field('alternative');
    return pathEnds([join.field('consequence'), alternative], leavesArm, alternative ? undefined : nodeSpan(join).start);
  }
  if (k === 'switch_statement') {
    const sections = join.field('body')?.namedChildren().filter((c) => kindOf(c) === 'switch_section') ?? [];
    const exhaustive = sections.some((c) => c.children().some((t) => !t.isNamed() && t.text() === 'default'));
    return pathEnds(sections.filter((c) => lastKind(c) === 'break_statement'), () => false, exhaustive ? undefined : nodeSpan(join).start);
  }
  if (k === 'try_statement') return pathEnds([join.field('body'), ...join.namedChildren().filter((c) => kindOf(c) === 'catch_clause')], leavesArm);
  const loop = join.parent();
  return loop && LOOP_KINDS.has(kindOf(loop)) ? pathEnds([join], leavesArm, nodeSpan(loop).start) : [];
}

/** `x == null`, `x is null`, `null == x`, `this.x == null` for the assigned name: a lazy-initialisation guard. */
function nullGuard(cond: SgNode | null, name: string): boolean {
  const text = cond?.text().replace(/\s+/g, '');
  if (!text?.includes('null')) return false;
  return [name, `this.${name}`].some((x) => text === `${x}==null` || text === `null==${x}` || text === `${x}isnull`);
}

const BINDING_KINDS = ['variable_declarator', 'assignment_expression', 'parameter', 'property_declaration', 'foreach_statement', 'declaration_expression'];

function bindingsOf(nodes: readonly SgNode[], index: ScopeLookup): Binding[] {
  const out: Binding[] = [];
  for (const n of nodes) {
    const k = kindOf(n);
    const end = nodeSpan(n).end;
    if (k === 'variable_declarator') {
      const name = n.field('name')?.text();
      if (!name) continue;
      const value = declaratorValue(n);
      const isField = kindOf(n.parent()?.parent() ?? n) === 'field_declaration' || kindOf(n.parent()?.parent() ?? n) === 'event_field_declaration';
      if (isField) {
        const { owner, scope } = classScope(index, n);
        // Declared without a value: the constructor's assignments are the bindings.
        if (value) out.push({ name, ...(owner ? { owner } : {}), value: n, visibleFrom: end, scope, member: true });
      } else {
        const { scope } = scopeOf(index, n);
        // The declarator itself is bound: its shape gives the value, and handlers read its declared type.
        out.push({ name, value: value ? n : null, visibleFrom: end, scope, member: false });
      }
    } else if (k === 'property_declaration') {
      const name = n.field('name')?.text();
      if (!name || !n.field('value')) continue;
      const { owner, scope } = classScope(index, n);
      out.push({ name, ...(owner ? { owner } : {}), value: n, visibleFrom: end, scope, member: true });
    } else if (k === 'assignment_expression') {
      const op = n.field('operator')?.text() ?? n.children().find((c) => !c.isNamed())?.text() ?? '=';
      const left = n.field('left');
      if (!left || !['=', '??='].includes(op)) continue;
      const lk = kindOf(left);
      // An object initializer's `KeySize = 256` sets a property of the new object, not a variable.
      if (kindOf(n.parent() ?? n) === 'initializer_expression') continue;
      const self = lk === 'member_access_expression' && /^this$/.test(left.field('expression')?.text() ?? '');
      if (lk !== 'identifier' && !self) continue;
      const name = self ? left.field('name')?.text() : left.text();
      if (!name) continue;
      const value = n.field('right');
      const { scope, fn } = scopeOf(index, n);
      const branches = fn && op === '=' ? branchesAround(n, name) : [];
      const { owner, scope: cls } = classScope(index, n);
      // A name assigned in a method that the method does not declare is a field or property of its class.
      const local = !self && fn && out.some((b) => b.name === name && !b.member && b.scope.start === scope.start);
      if (!local && fn) {
        const field = { name, ...(owner ? { owner } : {}), scope: cls, member: true };
        out.push({ ...field, value, visibleFrom: end });
        const last = branches[branches.length - 1];
        if (last) out.push({ ...field, value: null, visibleFrom: last.owner.end });
      } else {
        // Assigned in one branch: holds in that branch; after each enclosing branching statement the
        // value depends on the path taken, so it is unknown there.
        out.push({ name, value, visibleFrom: end, scope: branches[0]?.scope ?? scope, member: !fn });
        branches.forEach((b, i) => out.push({ name, value: null, visibleFrom: b.owner.end, scope: branches[i + 1]?.scope ?? scope, member: false, ...(b.join ? { join: b.join } : {}) }));
      }
    } else if (k === 'parameter') {
      const name = n.field('name')?.text();
      if (!name) continue;
      const fn = n.parent()?.parent();
      if (!fn) continue;
      const span = nodeSpan(fn);
      out.push({ name, value: null, visibleFrom: span.start, scope: span, member: false, param: n });
    } else if (k === 'foreach_statement' || k === 'declaration_expression') {
      const name = n.field(k === 'foreach_statement' ? 'left' : 'name')?.text();
      if (!name || !/^\w+$/.test(name)) continue;
      const { scope } = scopeOf(index, n);
      // A `foreach` variable's value is its loop (loopShape: each item of a literal array).
      out.push({ name, value: k === 'foreach_statement' ? n : null, visibleFrom: nodeSpan(n).start, scope, member: false });
    }
  }
  return out;
}

export function csharpBindingSource(root: SgNode, lookup: () => ScopeLookup): BindingSource {
  let all: SgNode[] | undefined;
  const every = (): SgNode[] => (all ??= root.findAll({ rule: { any: BINDING_KINDS.map((kind) => ({ kind })) } }));
  return {
    every: () => bindingsOf(every(), lookup()),
    named(name) {
      // Only the binding nodes whose text holds the name, found natively (most declarations are skipped).
      const re = `\\b${escapeRegex(name)}\\b`;
      const nodes = all
        ? all.filter((n) => textHolds(n, name))
        : root.findAll({ rule: { any: BINDING_KINDS.map((kind) => ({ kind, regex: re })) } });
      // Locals must be seen before their assignments; a field assigned in a method needs its declaration.
      return bindingsOf(nodes, lookup());
    },
    mayOwn: (owner) => root.find({ rule: { any: [...CLASS_KINDS].map((kind) => ({ kind })), has: { field: 'name', regex: `^${escapeRegex(owner)}$` } } }) !== null,
  };
}

/**
 * .NET types whose members the handlers read as symbols (`HashAlgorithmName.SHA256`, `CipherMode.ECB`,
 * `ECCurve.NamedCurves.nistP256`): such a member is never another file's constant, and a project's own
 * type of the same name (a polyfill) does not replace it.
 */
const LIBRARY_MEMBER_TYPES = new Set([
  'HashAlgorithmName', 'RSAEncryptionPadding', 'RSASignaturePadding', 'CipherMode', 'PaddingMode', 'KeyDerivationPrf',
  'SslProtocols', 'SecurityProtocolType', 'SecurityAlgorithms', 'NamedCurves', 'HttpClientHandler', 'MLKemAlgorithm',
  'MLDsaAlgorithm', 'SlhDsaAlgorithm', 'CompositeMLDsaAlgorithm',
]);

/** What a file imports that reads other files' constants (cross-file.ts). */
export interface CSharpImports {
  /** Simple names of the types of `using static Acme.CryptoConstants;`. */
  statics: readonly string[];
  /** `using CC = Acme.CryptoConstants;`: the simple type name an alias stands for. */
  alias(name: string): string | undefined;
  /**
   * Set while the file's own constants are declared (csharp/constants.ts): another file's value would
   * not be passed on (one hop), so names are not looked up, which would only make the scan read and
   * rerun files.
   */
  declaring?: boolean;
}

/** The resolver for one parsed C# file; with `crossFile`, it reads other files' constants through `imports`. */
export function csharpEvaluator(root: SgNode, crossFile?: CrossFile, imports?: CSharpImports): Evaluator {
  let index: ScopeIndex | undefined;
  const lookup = (): ScopeIndex => (index ??= scopes(root));
  let ancestors: AncestorScopes | undefined;
  let functions: ReturnType<typeof csharpFunctions> | undefined;
  const adapter: LanguageAdapter = {
    ...csharpAdapter,
    enclosingClass: (node: SgNode) => (ancestors ??= new AncestorScopes(root)).around(node, CLASS_KINDS)?.name,
    callSiteArguments: (param: SgNode) => (functions ??= csharpFunctions(root)).callSiteArguments(param),
    returned: (call: SgNode) => (functions ??= csharpFunctions(root)).returned(call),
    pathEnds: csharpPathEnds,
    ...(crossFile && {
      constant: (path: string): Value | undefined => {
        const parts = path.split('.');
        if (parts.length < 2) return undefined;
        // A library type's member, or a chain on a variable (`options.Value.Iterations`,
        // `_settings.KeySize`: locals, parameters and fields are camelCase or `_`-prefixed, types and
        // namespaces PascalCase): the symbol as the Evaluator would give it, never another file's constant.
        return LIBRARY_MEMBER_TYPES.has(parts[parts.length - 2]!) || /^[a-z_@]/.test(parts[0]!) ? { kind: 'member', path } : undefined;
      },
      importedOwner: (): readonly string[] | undefined => (imports?.statics.length && !imports.declaring ? imports.statics : undefined),
      moduleAlias: (name: string): string | undefined => imports?.alias(name),
    }),
  };
  return new Evaluator(adapter, () => new LazySymbolTable(csharpBindingSource(root, lookup)), crossFile);
}
