// PHP half of argument resolution: how PHP expressions map onto the shared Evaluator's shapes, which
// bindings a file declares, and the handful of calls whose values the handlers need (`random_bytes(16)`,
// `str_repeat("\0", 16)`, `hex2bin("…")`, `base64_decode("…")`, `openssl_cipher_iv_length('aes-256-cbc')`,
// `sprintf('aes-%d-gcm', 128)`).
//
// Scoping follows PHP: a variable belongs to its function (a function does not see the file's top-level
// variables, and `$key` in two methods are two variables), so a variable's name in the symbol table is
// qualified by its function (`$key@1234`). Constants (`const X = …;` at file level, `define('X', …)`) are
// global; class constants and property defaults belong to their class (`self::IV`, `Foo::IV`,
// `$this->cipher`). The branch rule: an assignment in an `if`/`else`/`case` body, a loop body or a
// `try`/`catch` block holds there and leaves the variable unknown after the block.
import type { SgNode } from '@ast-grep/napi';
import { Evaluator, armsShape, loopShape, ternaryShape, type Args, type CallSites, type LanguageAdapter, type Returned, type Shape } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { nodeSpan, ScopeIndex, type ScopeNode } from '../common/scopes.js';
import { SymbolTable, type Binding, type Scope } from '../common/symbols.js';
import { UNKNOWN, bytes, int, str, type Value } from '../common/value.js';
import { knownConstant } from './constants.js';
import { phpFunctions } from './call-sites.js';
import { lastStatement, pathEnds } from '../common/paths.js';
import type { CrossFile } from '../../cross-file.js';
import { namespaceAt, type PhpImports } from './imports.js';
import { phpImportedOwner, phpModuleAlias } from './cross-file.js';
import { phpSprintf } from './format.js';

/** Nodes whose variables are their own (PHP variables are function-scoped). Arrow functions see their parent's. */
const FN_KINDS = ['function_definition', 'method_declaration', 'anonymous_function'];
const FN_SET: ReadonlySet<string> = new Set(FN_KINDS);
/** Blocks a value assigned inside holds in only: function bodies, and the branches and loops inside them. */
const BLOCK_KINDS = [
  ...FN_KINDS, 'arrow_function', 'compound_statement', 'colon_block', 'if_statement', 'else_clause', 'else_if_clause', 'case_statement',
  'default_statement', 'catch_clause', 'while_statement', 'do_statement', 'for_statement', 'foreach_statement', 'match_expression',
  'conditional_expression', 'class_declaration', 'trait_declaration', 'interface_declaration', 'enum_declaration',
];
const BLOCK_SET: ReadonlySet<string> = new Set(BLOCK_KINDS);
const CLASS_KINDS = ['class_declaration', 'trait_declaration', 'interface_declaration', 'enum_declaration'];
const CLASS_SET: ReadonlySet<string> = new Set(CLASS_KINDS);

const BINDING_RULE = {
  any: [
    'assignment_expression', 'augmented_assignment_expression', 'reference_assignment_expression', 'simple_parameter', 'variadic_parameter',
    'property_promotion_parameter', 'foreach_statement', 'catch_clause', 'global_declaration', 'static_variable_declaration', 'const_element',
    'property_element', 'anonymous_function_use_clause', 'function_call_expression',
  ].map((kind) => ({ kind })),
};

/** Callee of PHP's `.` (no real function has this name). */
const CONCAT = '.';

/** PHP integer literal: decimal, hex, octal (`0o17`, `017`), binary, with `_` separators. */
export function parsePhpInt(text: string): number | undefined {
  const t = text.replace(/_/g, '').toLowerCase();
  let n: number;
  if (t.startsWith('0x')) n = parseInt(t.slice(2), 16);
  else if (t.startsWith('0b')) n = parseInt(t.slice(2), 2);
  else if (t.startsWith('0o')) n = parseInt(t.slice(2), 8);
  else if (/^0[0-7]+$/.test(t)) n = parseInt(t.slice(1), 8);
  else n = parseInt(t, 10);
  return Number.isFinite(n) ? n : undefined;
}

const DQ_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', v: '\v', e: '\x1b', f: '\f', '\\': '\\', $: '$', '"': '"' };

/** The characters a double-quoted escape sequence stands for (`\x00`, `\0`, `\u{1F600}`, `\n`). */
function unescapeDq(e: string): string {
  const body = e.slice(1);
  if (/^x[0-9a-fA-F]{1,2}$/.test(body)) return String.fromCharCode(parseInt(body.slice(1), 16));
  if (/^[0-7]{1,3}$/.test(body)) return String.fromCharCode(parseInt(body, 8) & 0xff);
  if (/^u\{[0-9a-fA-F]+\}$/.test(body)) return String.fromCodePoint(Math.min(parseInt(body.slice(2, -1), 16), 0x10ffff));
  return DQ_ESCAPES[body] ?? e;
}

/** A single-quoted string (`'…'`, `b'…'`): only `\\` and `\'` are escapes. */
function singleQuoted(node: SgNode): Value {
  const text = node.text();
  const open = text.indexOf("'");
  if (open < 0 || !text.endsWith("'") || text.length - open < 2) return UNKNOWN;
  return str(text.slice(open + 1, -1).replace(/\\([\\'])/g, '$1'));
}

/** Qualified name of a variable: `$key` in the function starting at `fn` (or the file's top level). */
export const varKey = (name: string, fn: number | 'top'): string => `$${name}@${fn}`;

export class PhpAdapter implements LanguageAdapter {
  private readonly fns: ScopeIndex;
  private classes: ScopeIndex | undefined;

  constructor(private readonly root: SgNode) {
    this.fns = new ScopeIndex(root, FN_KINDS);
  }

  /** Start of the function a node belongs to, 'top' at file level. */
  fnOf(node: SgNode): number | 'top' {
    return this.fns.around(node, FN_SET)?.start ?? 'top';
  }

  /** The function around a node (its declaration node), if any. */
  functionAround(node: SgNode): ScopeNode | undefined {
    return this.fns.around(node, FN_SET);
  }

  enclosingClass(node: SgNode): string | undefined {
    this.classes ??= new ScopeIndex(this.root, CLASS_KINDS);
    return this.classes.around(node, CLASS_SET)?.name;
  }

  /** The class, trait, interface or enum declaration around a node. */
  enclosingClassNode(node: SgNode): SgNode | undefined {
    this.classes ??= new ScopeIndex(this.root, CLASS_KINDS);
    return this.classes.around(node, CLASS_SET)?.node;
  }

  /** The file's namespaces and imports, when phpEvaluator was given them. */
  names?: PhpImports;
  /** Set by phpEvaluator when the file's imports are known (cross-file.ts). */
  importedOwner?: (name: string, node: SgNode) => string | readonly string[] | undefined;
  moduleAlias?: (name: string, node: SgNode) => string | undefined;

  private functions: ReturnType<typeof phpFunctions> | undefined;

  callSiteArguments(param: SgNode): CallSites | undefined {
    return (this.functions ??= phpFunctions(this.root)).callSiteArguments(param);
  }

  returned(call: SgNode): Returned | undefined {
    return (this.functions ??= phpFunctions(this.root)).returned(call);
  }

  /** Where the paths through an `if` or `switch` end (phpPathEnds). */
  pathEnds(statement: SgNode): readonly Scope[] {
    return phpPathEnds(statement);
  }

  shape(node: SgNode): Shape {
    switch (kindOf(node)) {
      case 'integer': {
        const n = parsePhpInt(node.text());
        return { t: 'value', value: n === undefined ? UNKNOWN : int(n) };
      }
      case 'string':
        return { t: 'value', value: singleQuoted(node) };
      case 'encapsed_string':
        return this.encapsed(node);
      case 'boolean':
        return { t: 'value', value: { kind: 'bool', value: node.text().toLowerCase() === 'true' } };
      case 'null':
        return { t: 'value', value: { kind: 'none' } };
      case 'variable_name': {
        const name = node.text().slice(1);
        return { t: 'name', name: varKey(name, this.fnOf(node)) };
      }
      case 'name':
      case 'qualified_name': {
        // A global constant: the file's own (`const KEY_BITS = 2048;`, `define(…)`) or PHP's (`OPENSSL_RAW_DATA`).
        const name = node.text().replace(/^\\/, '');
        const builtin = knownConstant(name);
        if (builtin !== undefined) return { t: 'value', value: builtin };
        // `\Acme\Crypto\CIPHER` (and a class written so, `\Defuse\Crypto\Core::X`): a member of its
        // namespace, which the file binds nothing for; its last two parts name another file's constant.
        const ns = kindOf(node) === 'qualified_name' ? node.namedChildren().find((c) => kindOf(c) === 'namespace_name') : undefined;
        const last = ns ? node.namedChildren().at(-1) : undefined;
        if (ns && last && kindOf(last) === 'name') return { t: 'member', object: ns, property: last.text(), self: false };
        return { t: 'name', name };
      }
      case 'namespace_name':
        // The namespace of `\Acme\Crypto\NAME` (a qualified name's member shape): an owner the file's
        // namespaced constants are members of, or an imported namespace (`use Acme\Crypto as AC;`, moduleAlias).
        return { t: 'name', name: node.text() };
      case 'relative_scope':
        // `parent::X`: the class the enclosing one extends (moduleAlias); `self`/`static` are the member's `self`.
        return /^parent$/i.test(node.text()) ? { t: 'name', name: 'parent' } : { t: 'opaque' };
      case 'class_constant_access_expression': {
        const [scope, member] = node.namedChildren();
        if (!scope || !member) return { t: 'opaque' };
        const self = kindOf(scope) === 'relative_scope' && /^(self|static)$/i.test(scope.text());
        return { t: 'member', object: scope, property: member.text(), self };
      }
      case 'member_access_expression':
      case 'nullsafe_member_access_expression': {
        const object = node.field('object');
        const property = node.field('name');
        if (!object || !property) return { t: 'opaque' };
        return { t: 'member', object, property: property.text(), self: object.text() === '$this' };
      }
      case 'scoped_property_access_expression': {
        const scope = node.field('scope');
        const property = node.field('name');
        if (!scope || !property) return { t: 'opaque' };
        return { t: 'member', object: scope, property: property.text().replace(/^\$/, ''), self: /^(self|static)$/i.test(scope.text()) };
      }
      case 'binary_expression': {
        const left = node.field('left');
        const right = node.field('right');
        const op = node.field('operator')?.text() ?? node.children().find((c) => !c.isNamed())?.text();
        if (!left || !right || !op) return { t: 'opaque' };
        if (op === '.') return { t: 'call', callee: CONCAT, args: { positional: [left, right], named: new Map() } };
        // PHP's `||` and `or` give a boolean, not an operand (`??` and `?:` do that).
        if (op === '||' || op === 'or') return { t: 'opaque' };
        return { t: 'binary', op, left, right };
      }
      case 'match_expression':
        // `match ($k) { 1 => 'md5', default => 'sha256' }`: each arm's value (a `throw` gives none).
        return armsShape(((node.field('body') ?? node.namedChildren().find((c) => kindOf(c) === 'match_block'))?.namedChildren() ?? []).map((arm) => {
          const value = arm.field('return_expression') ?? arm.namedChildren().at(-1);
          return value && kindOf(value) === 'throw_expression' ? null : value;
        }));
      case 'conditional_expression': {
        // `$c ? $a : $b`; without the middle part, `$a ?: $b`: `$a` unless falsy.
        if (node.field('body')) return ternaryShape(node, 'body');
        const value = node.field('condition');
        const otherwise = node.field('alternative');
        return value && otherwise ? { t: 'fallback', value, otherwise, nullOnly: false } : { t: 'opaque' };
      }
      case 'augmented_assignment_expression': {
        // `$iv .= "\0"`: the previous value (the left side, read before this statement) joined with the right.
        const left = node.field('left');
        const right = node.field('right');
        const op = node.field('operator')?.text() ?? '';
        if (!left || !right) return { t: 'opaque' };
        if (op === '.=') return { t: 'call', callee: CONCAT, args: { positional: [left, right], named: new Map() } };
        return { t: 'binary', op: op.slice(0, -1), left, right };
      }
      case 'unary_op_expression': {
        const operand = node.field('argument') ?? node.namedChildren()[0];
        const op = node.field('operator')?.text() ?? node.text().trimStart().charAt(0);
        return operand ? { t: 'unary', op, operand } : { t: 'opaque' };
      }
      case 'parenthesized_expression':
      case 'error_suppression_expression': {
        const inner = node.namedChildren()[0];
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'cast_expression': {
        const inner = node.field('value');
        const type = node.field('type')?.text().toLowerCase() ?? '';
        return inner && /^(string|binary)$/.test(type) ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'function_call_expression': {
        const fn = node.field('function');
        return { t: 'call', callee: fn ? functionName(fn) : '', args: callArgs(node) };
      }
      case 'foreach_statement': {
        // `foreach (['md5', 'sha1'] as $alg)`: each element (keyed elements and anything else iterated: unknown).
        const list = node.namedChildren()[0];
        const items = list && kindOf(list) === 'array_creation_expression' ? list.namedChildren().filter((e) => kindOf(e) === 'array_element_initializer') : [];
        return loopShape(items.length > 0 && items.every((e) => e.namedChildren().length === 1) ? items.map((e) => e.namedChildren()[0]!) : undefined);
      }
      case 'member_call_expression':
      case 'scoped_call_expression': {
        // `$this->cipher()`, `self::digest('md5')`: a method of the file gives what it returns (returned).
        const object = node.field(kindOf(node) === 'member_call_expression' ? 'object' : 'scope');
        const name = node.field('name')?.text();
        return name ? { t: 'call', callee: `${object?.text() ?? ''}${kindOf(node) === 'member_call_expression' ? '->' : '::'}${name}`, args: callArgs(node) } : { t: 'opaque' };
      }
      case 'subscript_expression': {
        // `$this->algos[$this->algo]`, `self::NAMES['aes']`: an element of an array literal the base stands for.
        const [base, index] = node.namedChildren().filter((c) => !kindOf(c).endsWith('comment'));
        return base && index ? { t: 'call', callee: SUBSCRIPT, args: { positional: [base, index], named: new Map() } } : { t: 'opaque' };
      }
      case 'array_creation_expression':
        return { t: 'list', items: node.namedChildren().filter((c) => kindOf(c) === 'array_element_initializer').map((e) => e.namedChildren().at(-1)!).filter(Boolean) };
      default:
        return { t: 'opaque' };
    }
  }

  /** A double-quoted string: its parts joined, escapes decoded; unknown when an interpolated part is. */
  private encapsed(node: SgNode): Shape {
    const parts = node.namedChildren();
    if (parts.every((p) => kindOf(p) === 'string_content' || kindOf(p) === 'escape_sequence')) {
      return { t: 'value', value: str(parts.map((p) => (kindOf(p) === 'escape_sequence' ? unescapeDq(p.text()) : p.text())).join('')) };
    }
    // "aes-{$bits}-cbc": a concatenation of the literal parts and the interpolated expressions.
    return { t: 'call', callee: CONCAT, args: { positional: parts, named: new Map() } };
  }

  call(callee: string, args: Args, ev: Evaluator): Value | undefined {
    const [first, second] = args.positional;
    switch (callee) {
      case CONCAT: {
        let acc: Value = str('');
        for (const p of args.positional) {
          const v = kindOf(p) === 'string_content' ? str(p.text()) : kindOf(p) === 'escape_sequence' ? str(unescapeDq(p.text())) : ev.eval(p);
          acc = concat(acc, v);
          if (acc.kind === 'unknown') return UNKNOWN;
        }
        return acc;
      }
      case 'random_bytes':
      case 'openssl_random_pseudo_bytes':
      case 'mcrypt_create_iv': {
        const n = ev.eval(first);
        return bytes(n.kind === 'int' ? n.value : undefined, 'random');
      }
      case 'str_repeat': {
        const s = ev.eval(first);
        const n = ev.eval(second);
        if (n.kind !== 'int' || n.value < 0 || n.value > 1 << 16) return UNKNOWN;
        if (s.kind === 'str') return /^\0+$/.test(s.value) ? bytes(s.value.length * n.value, 'zero') : str(s.value.repeat(n.value));
        if (s.kind === 'bytes') return bytes(s.length !== undefined ? s.length * n.value : undefined, s.origin);
        return UNKNOWN;
      }
      case 'hex2bin': {
        const s = ev.eval(first);
        return s.kind === 'str' && /^(?:[0-9a-fA-F]{2})*$/.test(s.value) ? bytes(s.value.length / 2, 'literal') : UNKNOWN;
      }
      case 'base64_decode': {
        const s = ev.eval(first);
        return s.kind === 'str' && /^[A-Za-z0-9+/=\s_-]*$/.test(s.value) ? bytes(Buffer.from(s.value, 'base64').length, 'literal') : UNKNOWN;
      }
      case 'pack': {
        const fmt = ev.eval(first);
        const s = ev.eval(second);
        if (fmt.kind === 'str' && /^H\*$/i.test(fmt.value) && s.kind === 'str' && /^[0-9a-fA-F]*$/.test(s.value)) return bytes(Math.ceil(s.value.length / 2), 'literal');
        return UNKNOWN;
      }
      case 'strlen':
      case 'mb_strlen': {
        const s = ev.eval(first);
        return s.kind === 'str' ? int(Buffer.byteLength(s.value, 'latin1')) : s.kind === 'bytes' && s.length !== undefined ? int(s.length) : UNKNOWN;
      }
      case 'substr':
      case 'mb_substr': {
        const s = ev.eval(first);
        const start = ev.eval(second);
        const len = args.positional[2] ? ev.eval(args.positional[2]) : undefined;
        if (start.kind !== 'int' || (len && len.kind !== 'int')) return UNKNOWN;
        const l = len?.kind === 'int' ? len.value : undefined;
        if (s.kind === 'str') return str(l === undefined ? s.value.slice(start.value) : s.value.substr(start.value, l));
        if (s.kind === 'bytes' && s.length !== undefined && start.value >= 0) {
          const rest = Math.max(0, s.length - start.value);
          return bytes(l === undefined ? rest : l >= 0 ? Math.min(rest, l) : Math.max(0, rest + l), s.origin);
        }
        return UNKNOWN;
      }
      case 'openssl_cipher_iv_length': {
        const s = ev.eval(first);
        return s.kind === 'str' ? ivLengthOf(s.value) : UNKNOWN;
      }
      case SUBSCRIPT:
        return subscript(ev, first, second);
      case 'strtolower':
      case 'strtoupper': {
        const s = ev.eval(first);
        return s.kind === 'str' ? str(callee === 'strtolower' ? s.value.toLowerCase() : s.value.toUpperCase()) : UNKNOWN;
      }
      case 'trim':
      case 'strval':
      case 'utf8_encode':
        return ev.eval(first);
      case 'sprintf':
      case 'vsprintf': {
        // `sprintf('aes-%d-gcm', $bits)`, `vsprintf('%s-%d', ['aes', 256])`: the formatted name when every argument it uses is known.
        const fmt = ev.eval(first);
        if (fmt.kind !== 'str') return UNKNOWN;
        if (callee === 'sprintf') return phpSprintf(fmt.value, args.positional.slice(1).map((a) => ev.eval(a)));
        const list = ev.eval(second);
        return list.kind === 'list' ? phpSprintf(fmt.value, list.items) : UNKNOWN;
      }
      default:
        return undefined;
    }
  }

  constant(path: string): Value | undefined {
    return knownConstant(path);
  }
}

/** The callee of an array element read (`$a['k']`), not a PHP function name. */
const SUBSCRIPT = '[]';

/**
 * `$arr[$k]` where `$arr` stands for an array literal (a variable, a property default or a constant,
 * through assignments) and the key resolves: the element's value. Laminas' `Symmetric\Openssl` names its
 * cipher `$this->encryptionAlgos[$this->algo] . '-' . $this->mode` (`'aes' => 'aes-256'`). Keys are
 * compared as PHP does for strings and integers; an element without a key takes the next integer.
 */
function subscript(ev: Evaluator, base: SgNode | undefined, index: SgNode | undefined): Value {
  const key = ev.eval(index);
  if (key.kind !== 'str' && key.kind !== 'int') return UNKNOWN;
  let arr: SgNode | null = base ?? null;
  for (let i = 0; arr && i < 8 && kindOf(arr) !== 'array_creation_expression'; i++) {
    const k = kindOf(arr);
    if (k === 'parenthesized_expression') arr = arr.namedChildren()[0] ?? null;
    else if (k === 'variable_name' || k === 'member_access_expression' || k === 'class_constant_access_expression' || k === 'scoped_property_access_expression' || k === 'name') {
      const b = ev.bindingOf(arr);
      arr = b?.value ?? null;
    } else return UNKNOWN;
  }
  if (!arr || kindOf(arr) !== 'array_creation_expression') return UNKNOWN;
  const want = String(key.value);
  let next = 0;
  for (const e of arr.namedChildren()) {
    if (kindOf(e) !== 'array_element_initializer') continue;
    const parts = e.namedChildren().filter((c) => !kindOf(c).endsWith('comment'));
    if (parts.length === 1) {
      if (String(next++) === want) return ev.eval(parts[0]);
      continue;
    }
    if (parts.length !== 2) return UNKNOWN;
    const k = ev.eval(parts[0]);
    if (k.kind !== 'str' && k.kind !== 'int') return UNKNOWN;
    if (k.kind === 'int') next = k.value + 1;
    if (String(k.value) === want) return ev.eval(parts[1]);
  }
  return UNKNOWN;
}

/** `a . b` over resolved values (PHP turns integers into their decimal text). */
function concat(l: Value, r: Value): Value {
  const text = (v: Value): string | undefined => (v.kind === 'str' ? v.value : v.kind === 'int' ? String(v.value) : undefined);
  const a = text(l);
  const b = text(r);
  if (a !== undefined && b !== undefined) return str(a + b);
  // Joined byte strings: a zero-filled or literal IV stays constant.
  const len = (v: Value): number | undefined => (v.kind === 'bytes' ? v.length : v.kind === 'str' ? Buffer.byteLength(v.value, 'latin1') : undefined);
  const origin = (v: Value) => (v.kind === 'bytes' ? v.origin : v.kind === 'str' ? (/^\0*$/.test(v.value) ? 'zero' : 'literal') : 'unknown');
  if ((l.kind === 'bytes' || r.kind === 'bytes') && l.kind !== 'unknown' && r.kind !== 'unknown') {
    const [la, lb] = [len(l), len(r)];
    const [oa, ob] = [origin(l), origin(r)];
    const o = oa === ob ? oa : oa === 'random' || ob === 'random' ? 'random' : oa === 'unknown' || ob === 'unknown' ? 'unknown' : 'literal';
    if (a === '') return r;
    return bytes(la !== undefined && lb !== undefined ? la + lb : undefined, o);
  }
  return UNKNOWN;
}

/** `openssl_cipher_iv_length` for the names a file may spell: 0 for ECB and RC4, 12 for the AEAD modes, the block size otherwise. */
function ivLengthOf(cipher: string): Value {
  const c = cipher.toLowerCase();
  if (/-ecb$/.test(c) || /^rc4/.test(c)) return int(0);
  if (/-(gcm|ccm|ocb)$/.test(c) || c === 'chacha20-poly1305') return int(12);
  if (/^(aes|camellia|aria|sm4|seed)/.test(c) || c === 'chacha20') return int(16);
  if (/^(des|bf|blowfish|cast5?|idea|rc2)/.test(c)) return int(8);
  return UNKNOWN;
}

/** The function a call names, lower-cased (PHP function names are case-insensitive), without a leading `\`. */
export function functionName(fn: SgNode): string {
  const k = kindOf(fn);
  if (k !== 'name' && k !== 'qualified_name') return '';
  const text = fn.text();
  // `\openssl_encrypt` is the global function; `Foo\openssl_encrypt` a namespaced one of the project's.
  if (k === 'qualified_name' && !/^\\[A-Za-z_]\w*$/.test(text)) return '';
  return text.replace(/^\\/, '').toLowerCase();
}

/** A call's arguments: positional in order, named (`binary: true`) by name. Spread arguments end the positional list. */
export function callArgs(call: SgNode): Args {
  const positional: SgNode[] = [];
  const named = new Map<string, SgNode>();
  const list = call.field('arguments') ?? call.children().find((c) => kindOf(c) === 'arguments');
  for (const a of list?.namedChildren() ?? []) {
    if (kindOf(a) !== 'argument') continue;
    const name = a.field('name');
    const expr = a.namedChildren().at(-1);
    if (!expr) continue;
    if (kindOf(expr) === 'variadic_unpacking') break;
    if (name && name.id() !== expr.id()) named.set(name.text(), expr);
    else positional.push(expr);
  }
  return { positional, named };
}

const PHP_BLOCKS = new Set(['compound_statement', 'colon_block', 'else_clause', 'else_if_clause', 'case_statement', 'default_statement']);
const PHP_JUMPS = new Set(['return_statement', 'break_statement', 'continue_statement', 'goto_statement']);
/** The statement an arm ends with leaves it (`return`, `throw`, `break`, `continue`, `exit`). */
function leavesArm(arm: SgNode): boolean {
  const last = lastStatement(arm, PHP_BLOCKS);
  if (!last) return false;
  const k = kindOf(last);
  if (PHP_JUMPS.has(k)) return true;
  const e = k === 'expression_statement' ? last.namedChildren()[0] : undefined;
  return e !== undefined && (kindOf(e) === 'throw_expression' || kindOf(e) === 'exit_statement' || /^(exit|die)\b/.test(e.text()));
}

/** An `if`'s body, `elseif` or `else` clause, or the body of one of those: a path of the `if`, joined where it ends. */
function ifArm(node: SgNode): boolean {
  const k = kindOf(node);
  if (k === 'else_clause' || k === 'else_if_clause') return true;
  const parent = node.parent();
  return (k === 'compound_statement' || k === 'colon_block') && parent !== null && ['if_statement', 'else_clause', 'else_if_clause'].includes(kindOf(parent));
}

/** For a `case` or `default` that ends in `break`, or is the last and runs to its end (it falls into no other), its `switch`. */
function switchAfter(node: SgNode): SgNode | undefined {
  const k = kindOf(node);
  if (k !== 'case_statement' && k !== 'default_statement') return undefined;
  const ends = kindOf(lastStatement(node, PHP_BLOCKS) ?? node) === 'break_statement' || (node.next() === null && !leavesArm(node));
  return ends ? node.parent()?.parent() ?? undefined : undefined;
}

/**
 * LanguageAdapter.pathEnds for PHP: an `if`'s body, `elseif` and `else` clauses (or its start
 * without `else`); each `case` of a `switch` that ends in `break`, and the last, and the `switch`'s
 * start without `default`.
 */
export function phpPathEnds(statement: SgNode): Scope[] {
  if (kindOf(statement) === 'if_statement') {
    const clauses = statement.namedChildren().filter((c) => ['else_if_clause', 'else_clause'].includes(kindOf(c)));
    const otherwise = clauses.some((c) => kindOf(c) === 'else_clause');
    // The bodies, where their assignments are scoped (a clause's body starts after its `elseif (…)`).
    return pathEnds([statement.field('body'), ...clauses.map((c) => c.field('body') ?? c)], leavesArm, otherwise ? undefined : nodeSpan(statement).start);
  }
  const cases = statement.field('body')?.namedChildren().filter((c) => ['case_statement', 'default_statement'].includes(kindOf(c))) ?? [];
  const arms = cases.filter((c, i) => {
    const last = kindOf(lastStatement(c, PHP_BLOCKS) ?? c);
    return last === 'break_statement' || (i === cases.length - 1 && !leavesArm(c));
  });
  return pathEnds(arms, () => false, cases.some((c) => kindOf(c) === 'default_statement') ? undefined : nodeSpan(statement).start);
}

/** The scope of a namespace's constant as a member (`\Ns\NAME`): found by owner, never as a bare name (the bare binding is the file's). */
const NOWHERE: Scope = { start: -1, end: -1 };

/** Bindings of a PHP file (see the file comment for scoping). */
export function phpBindings(root: SgNode, adapter: PhpAdapter): Binding[] {
  const blocks = new ScopeIndex(root, BLOCK_KINDS);
  const file = nodeSpan(root);
  const out: Binding[] = [];
  const blockOf = (node: SgNode): ScopeNode | undefined => blocks.around(node, BLOCK_SET);
  const scopeOf = (node: SgNode): Scope => {
    const b = blockOf(node);
    return b && !CLASS_SET.has(b.kind) ? b : file;
  };
  /** A variable bound to an unknown value in its function (parameters, loop variables, `global`). */
  const unknownVar = (v: SgNode, scope: Scope = scopeOf(v)): void => {
    out.push({ name: varKey(v.text().slice(1), adapter.fnOf(v)), value: null, visibleFrom: nodeSpan(v).end, scope, member: false });
  };
  const assign = (left: SgNode, value: SgNode | null, stmt: SgNode): void => {
    if (kindOf(left) === 'subscript_expression') {
      // `$opts['curve_name'] = …`, `$list[] = …`: the array changed in a way not followed; its value is unknown from here.
      let base: SgNode | undefined = left;
      while (base && kindOf(base) === 'subscript_expression') base = base.namedChildren()[0];
      if (base && kindOf(base) === 'variable_name') assign(base, null, stmt);
      return;
    }
    if (kindOf(left) !== 'variable_name') {
      // `[$a, $b] = …`, `list($a, $b) = …`: each variable is unknown.
      if (kindOf(left) === 'list_literal' || kindOf(left) === 'array_creation_expression') for (const v of left.findAll({ rule: { kind: 'variable_name' } })) unknownVar(v);
      return;
    }
    const name = varKey(left.text().slice(1), adapter.fnOf(left));
    const span = nodeSpan(stmt);
    let block = blockOf(stmt);
    const scope = block && !CLASS_SET.has(block.kind) ? block : undefined;
    out.push({ name, value, visibleFrom: span.end, scope: scope ?? file, member: false });
    // After each enclosing branch or loop, up to the function, the variable may or may not hold this
    // value: where an `if` or a `switch` ends, it holds what each path into it left (a join); after an
    // arm of theirs, nothing is said (the other arms see the value from before); after other blocks
    // (loops, `try`, `catch`, a `case` that falls through), unknown.
    while (block && !FN_SET.has(block.kind) && block.kind !== 'arrow_function' && !CLASS_SET.has(block.kind)) {
      const outer = blocks.around(block.node, BLOCK_SET);
      const outerScope = outer && !CLASS_SET.has(outer.kind) ? outer : file;
      // A function body's block is the function's own scope, not a branch.
      const parent = block.node.parent();
      if (block.kind === 'compound_statement' && parent && FN_SET.has(kindOf(parent))) break;
      const switched = switchAfter(block.node);
      if (kindOf(block.node) === 'if_statement') out.push({ name, value: null, visibleFrom: block.end, scope: outerScope, member: false, join: block.node });
      else if (switched) out.push({ name, value: null, visibleFrom: nodeSpan(switched).end, scope: outerScope, member: false, join: switched });
      else if (!ifArm(block.node)) out.push({ name, value: null, visibleFrom: block.end, scope: outerScope, member: false });
      block = outer;
    }
  };
  for (const node of root.findAll({ rule: BINDING_RULE })) {
    switch (kindOf(node)) {
      case 'assignment_expression':
      case 'augmented_assignment_expression': {
        const left = node.field('left');
        if (left) assign(left, kindOf(node) === 'assignment_expression' ? node.field('right') : node, node);
        break;
      }
      case 'reference_assignment_expression': {
        const left = node.field('left');
        if (left && kindOf(left) === 'variable_name') assign(left, null, node);
        break;
      }
      case 'simple_parameter':
      case 'variadic_parameter':
      case 'property_promotion_parameter': {
        const v = node.field('name');
        const fn = blocks.around(node, new Set([...FN_SET, 'arrow_function']));
        if (v && kindOf(v) === 'variable_name' && fn) out.push({ name: varKey(v.text().slice(1), adapter.fnOf(v)), value: null, visibleFrom: fn.start, scope: fn, member: false, param: node });
        // `public function __construct(private string $cipher = 'aes-256-gcm')` also declares `$this->cipher`, set by the constructor's callers.
        const cls = kindOf(node) === 'property_promotion_parameter' ? blocks.around(node, CLASS_SET) : undefined;
        if (v && cls?.name) out.push({ name: v.text().replace(/^\$/, ''), owner: cls.name, value: null, param: node, visibleFrom: nodeSpan(node).end, scope: cls, member: true });
        break;
      }
      case 'foreach_statement':
      case 'global_declaration':
      case 'anonymous_function_use_clause': {
        // Loop variables and variables from outside the function: unknown (`foreach` binds after its
        // first child), but for `foreach ([…] as $v)`, whose `$v` is each element of the literal array.
        const targets = kindOf(node) === 'foreach_statement' ? node.namedChildren().slice(1, -1) : node.namedChildren();
        if (kindOf(node) === 'foreach_statement' && targets.length === 1 && kindOf(targets[0]!) === 'variable_name') {
          const v = targets[0]!;
          out.push({ name: varKey(v.text().slice(1), adapter.fnOf(v)), value: node, visibleFrom: nodeSpan(v).end, scope: scopeOf(node), member: false });
          break;
        }
        for (const t of targets) {
          const vars = kindOf(t) === 'variable_name' ? [t] : t.findAll({ rule: { kind: 'variable_name' } });
          for (const v of vars) unknownVar(v, kindOf(node) === 'anonymous_function_use_clause' ? (blocks.around(node, FN_SET) ?? file) : scopeOf(node));
        }
        break;
      }
      case 'catch_clause': {
        const v = node.field('name');
        if (v) unknownVar(v, nodeSpan(node));
        break;
      }
      case 'static_variable_declaration': {
        const v = node.field('name');
        if (v) unknownVar(v);
        break;
      }
      case 'const_element': {
        const [nameNode, value] = node.namedChildren();
        if (!nameNode || kindOf(nameNode) !== 'name') break;
        const cls = blocks.around(node, CLASS_SET);
        if (cls?.name) out.push({ name: nameNode.text(), owner: cls.name, value: value ?? null, visibleFrom: nodeSpan(node).end, scope: cls, member: true });
        else {
          out.push({ name: nameNode.text(), value: value ?? null, visibleFrom: nodeSpan(node).end, scope: file, member: true });
          // Also a member of its namespace, for `\Acme\Crypto\NAME` (the namespace's `name` shape).
          const ns = adapter.names ? namespaceAt(adapter.names, nodeSpan(node).start) : '';
          if (ns) out.push({ name: nameNode.text(), owner: ns, value: value ?? null, visibleFrom: nodeSpan(node).end, scope: NOWHERE, member: true });
        }
        break;
      }
      case 'property_element': {
        const v = node.field('name');
        const cls = blocks.around(node, CLASS_SET);
        if (v && cls?.name) out.push({ name: v.text().replace(/^\$/, ''), owner: cls.name, value: node.field('default_value'), visibleFrom: nodeSpan(node).end, scope: cls, member: true });
        break;
      }
      case 'function_call_expression': {
        // define('KEY_BITS', 2048): a global constant.
        const fn = node.field('function');
        if (!fn || functionName(fn) !== 'define') break;
        const { positional } = callArgs(node);
        const nameNode = positional[0];
        if (!nameNode || !/^(string|encapsed_string)$/.test(kindOf(nameNode))) break;
        const name = adapter.shape(nameNode);
        if (name.t !== 'value' || name.value.kind !== 'str') break;
        out.push({ name: name.value.value, value: positional[1] ?? null, visibleFrom: nodeSpan(node).end, scope: file, member: true });
        // define('Acme\Crypto\NAME', …): a member of its namespace (read as `\Acme\Crypto\NAME`).
        const qualified = /^\\?(.+)\\([^\\]+)$/.exec(name.value.value);
        if (qualified) out.push({ name: qualified[2]!, owner: qualified[1]!, value: positional[1] ?? null, visibleFrom: nodeSpan(node).end, scope: NOWHERE, member: true });
        break;
      }
    }
  }
  return out;
}

/**
 * The resolver for one parsed PHP file. With the file's imports, a constant it binds nothing for is
 * read from another file's declaration (`crossFile`, cross-file.ts): `Core::X` through `use` aliases
 * and `parent`, a bare name through `use const`, the namespace and the required files.
 */
export function phpEvaluator(root: SgNode, crossFile?: CrossFile, names?: PhpImports): { ev: Evaluator; adapter: PhpAdapter } {
  const adapter = new PhpAdapter(root);
  if (names) {
    adapter.names = names;
    adapter.importedOwner = (name, node) => phpImportedOwner(names, name, node);
    adapter.moduleAlias = (name, node) => phpModuleAlias(names, adapter, name, node);
  }
  const ev = new Evaluator(adapter, () => new SymbolTable(phpBindings(root, adapter)), crossFile);
  return { ev, adapter };
}
