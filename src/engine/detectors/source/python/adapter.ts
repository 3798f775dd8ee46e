// Python side of argument resolution: expression shapes, well-known calls (os.urandom(32),
// get_random_bytes(16), bytes.fromhex(...), AESGCM.generate_key(bit_length=256)), and the file's
// bindings (module constants, class attributes, self.x assignments, locals, reassignments).
import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { Evaluator, dotted, type Args, type LanguageAdapter, type Shape } from '../common/evaluate.js';
import { AncestorScopes, ScopeIndex, nodeSpan, type ScopeLookup } from '../common/scopes.js';
import { LazySymbolTable, type Binding, type BindingSource, type Scope } from '../common/symbols.js';
import { escapeRegex } from '../common/regex.js';
import { lastStatement, pathEnds } from '../common/paths.js';
import { stringBytesOrigin } from '../common/from-caller.js';
import { pythonFunctions } from './call-sites.js';
import { UNKNOWN, asInt, asString, bytes, int, str, type Value } from '../common/value.js';
import type { CrossFile } from '../../cross-file.js';
import type { PythonConstantImports } from './constants.js';

/** A Python string or bytes literal: its text (escapes decoded) and whether it is bytes. Undefined for f-strings. */
export function pyString(node: SgNode): { text: string; isBytes: boolean } | undefined {
  const start = node.children().find((c) => c.kind() as string === 'string_start')?.text() ?? '';
  const prefix = start.replace(/['"]+$/, '').toLowerCase();
  if (prefix.includes('f')) {
    if (node.children().some((c) => c.kind() as string === 'interpolation')) return undefined;
  }
  const raw = prefix.includes('r');
  let text = '';
  for (const c of node.children()) {
    if (c.kind() as string !== 'string_content') continue;
    for (const p of c.children().length ? c.children() : [c]) {
      if (p.kind() as string === 'escape_sequence' && !raw) text += unescapePy(p.text());
      else if (p.kind() as string === 'interpolation') return undefined;
      else text += p.text();
    }
    if (c.children().length === 0) continue;
  }
  // string_content without children holds the text itself (handled above); with children the
  // plain runs between escapes are not separate nodes, so rebuild from the source when needed.
  const contents = node.children().filter((c) => c.kind() as string === 'string_content');
  if (contents.some((c) => c.children().length > 0)) text = rebuild(contents, raw);
  return { text, isBytes: prefix.includes('b') };
}

function rebuild(contents: SgNode[], raw: boolean): string {
  let out = '';
  for (const c of contents) {
    const base = c.range().start.index;
    const whole = c.text();
    let pos = 0;
    for (const e of c.children()) {
      const s = e.range().start.index - base;
      const t = e.text();
      out += whole.slice(pos, s);
      out += e.kind() as string === 'escape_sequence' && !raw ? unescapePy(t) : t;
      pos = s + t.length;
    }
    out += whole.slice(pos);
  }
  return out;
}

function unescapePy(e: string): string {
  const m = e.slice(1);
  switch (m[0]) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
      return String.fromCharCode(parseInt(m, 8));
    case 'x': return String.fromCharCode(parseInt(m.slice(1), 16));
    case 'u': case 'U': return String.fromCodePoint(parseInt(m.slice(1), 16));
    case '\n': return '';
    default: return m;
  }
}

function pyInt(text: string): number | undefined {
  const t = text.replace(/_/g, '').toLowerCase();
  let n: number;
  if (t.startsWith('0x')) n = parseInt(t.slice(2), 16);
  else if (t.startsWith('0o')) n = parseInt(t.slice(2), 8);
  else if (t.startsWith('0b')) n = parseInt(t.slice(2), 2);
  else n = Number(t);
  return Number.isSafeInteger(n) ? n : undefined;
}

const INT_PREFIX_BASE: Record<string, number> = { x: 16, o: 8, b: 2 };
const INT_DIGITS: Record<number, RegExp> = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-f]+$/i };
const INT_RADIX_PREFIX: Record<number, string> = { 2: '0b', 8: '0o', 10: '', 16: '0x' };

/**
 * What `int(text, base)` gives in Python, as a BigInt (a modulus or prime spelled as a string:
 * `int("FFFF…", 16)`), for bases 2, 8, 10, 16 and 0 (the prefix decides); undefined when Python would
 * raise or the base is another one. Surrounding whitespace, a sign, underscores between digits and,
 * for bases 2/8/16, the base's own prefix are allowed, as in Python.
 */
export function pyIntString(text: string, base = 10): bigint | undefined {
  let t = text.trim();
  let negative = false;
  if (t.startsWith('-') || t.startsWith('+')) {
    negative = t.startsWith('-');
    t = t.slice(1);
  }
  const prefix = /^0([xob])/i.exec(t)?.[1]?.toLowerCase();
  let prefixed = false;
  if (base === 0) {
    if (prefix) base = INT_PREFIX_BASE[prefix]!;
    else if (/^0+_*[0-9_]*[1-9]/.test(t)) return undefined; // int("010", 0) raises
    else base = 10;
  }
  if (prefix && INT_PREFIX_BASE[prefix] === base) {
    t = t.slice(2);
    prefixed = true;
  }
  // One underscore between digits, or right after the prefix.
  if (prefixed && t.startsWith('_')) t = t.slice(1);
  if (/^_|__|_$/.test(t)) return undefined;
  t = t.replace(/_/g, '');
  const digits = INT_DIGITS[base];
  if (!digits || !digits.test(t)) return undefined;
  const n = BigInt(`${INT_RADIX_PREFIX[base]}${t}`);
  return negative ? -n : n;
}

/** Positional and keyword arguments of a call's argument_list. */
export function pyArgs(list: SgNode | null): Args {
  const positional: SgNode[] = [];
  const named = new Map<string, SgNode>();
  for (const c of list?.namedChildren() ?? []) {
    const k = c.kind() as string;
    if (k === 'comment') continue;
    if (k === 'keyword_argument') {
      const name = c.field('name')?.text();
      const value = c.field('value');
      if (name && value) named.set(name, value);
    } else if (k !== 'list_splat' && k !== 'dictionary_splat') positional.push(c);
  }
  return { positional, named };
}

/** Argument by position or keyword (Python lets callers use either). */
export function arg(args: Args, index: number, name?: string): SgNode | undefined {
  return (name ? args.named.get(name) : undefined) ?? args.positional[index];
}

/** hashlib's named constructors (`hashlib.sha256`): the object each makes has that `.name`. */
const HASHLIB_CONSTRUCTORS = new Set([
  'md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512', 'sha3_224', 'sha3_256', 'sha3_384', 'sha3_512',
  'shake_128', 'shake_256', 'blake2b', 'blake2s',
]);

const RANDOM_BYTES = /(?:^|\.)(?:urandom|token_bytes|get_random_bytes)$/;

export const pythonAdapter: LanguageAdapter = {
  shape(node: SgNode): Shape {
    switch (node.kind() as string) {
      case 'string': {
        const s = pyString(node);
        if (!s) return { t: 'opaque' };
        if (!s.isBytes) return { t: 'value', value: str(s.text) };
        const zero = s.text.length > 0 && [...s.text].every((ch) => ch === '\0');
        return { t: 'value', value: bytes(s.text.length, zero ? 'zero' : 'literal') };
      }
      case 'concatenated_string': {
        const parts = node.namedChildren();
        if (parts.length < 2) return parts[0] ? { t: 'group', inner: parts[0] } : { t: 'opaque' };
        // Fold left: "a" "b" "c" behaves as ("a" + "b") + "c"; two parts are enough for the common case.
        return parts.length === 2
          ? { t: 'binary', op: '+', left: parts[0]!, right: parts[1]! }
          : { t: 'call', callee: '<concat>', args: { positional: parts, named: new Map() } };
      }
      case 'integer': {
        const n = pyInt(node.text());
        return n === undefined ? { t: 'opaque' } : { t: 'value', value: int(n) };
      }
      case 'true':
        return { t: 'value', value: { kind: 'bool', value: true } };
      case 'false':
        return { t: 'value', value: { kind: 'bool', value: false } };
      case 'none':
        return { t: 'value', value: { kind: 'none' } };
      case 'identifier':
        return { t: 'name', name: node.text() };
      case 'attribute': {
        const object = node.field('object');
        const property = node.field('attribute')?.text() ?? '';
        if (!object) return { t: 'opaque' };
        // `digest().name` (django's `hashlib.pbkdf2_hmac(digest().name, …)`): a hashlib object's name.
        if (property === 'name' && object.kind() as string === 'call' && (object.field('arguments')?.namedChildren().length ?? 1) === 0) {
          const fn = object.field('function');
          if (fn) return { t: 'call', callee: '<hash-name>', args: { positional: [fn], named: new Map() } };
        }
        const self = object.kind() as string === 'identifier' && (object.text() === 'self' || object.text() === 'cls');
        return { t: 'member', object, property, self };
      }
      case 'binary_operator': {
        const left = node.field('left');
        const right = node.field('right');
        const op = node.field('operator')?.text() ?? '';
        return left && right ? { t: 'binary', op, left, right } : { t: 'opaque' };
      }
      case 'comparison_operator': {
        // `kind == "legacy"`: one `==` or `!=` between two operands (chains and `in`/`is` are not read).
        const operands = node.namedChildren().filter((c) => (c.kind() as string) !== 'comment');
        const ops = node.children().filter((c) => !c.isNamed()).map((c) => c.text());
        const [left, right] = operands;
        return operands.length === 2 && left && right && ops.length === 1 && (ops[0] === '==' || ops[0] === '!=') ? { t: 'binary', op: ops[0], left, right } : { t: 'opaque' };
      }
      case 'augmented_assignment': {
        const left = node.field('left');
        const right = node.field('right');
        const op = (node.field('operator')?.text() ?? '').replace(/=$/, '');
        return left && right ? { t: 'binary', op, left, right } : { t: 'opaque' };
      }
      case 'unary_operator': {
        const operand = node.field('argument');
        return operand ? { t: 'unary', op: node.field('operator')?.text() ?? '', operand } : { t: 'opaque' };
      }
      case 'conditional_expression': {
        // `a if c else b`: no fields; the parts in order.
        const [a, c, b] = node.namedChildren().filter((n) => n.kind() as string !== 'comment');
        return a && c && b ? { t: 'choice', condition: c, options: [a, b] } : { t: 'opaque' };
      }
      case 'boolean_operator': {
        const left = node.field('left');
        const right = node.field('right');
        return left && right && node.field('operator')?.text() === 'or' ? { t: 'fallback', value: left, otherwise: right, nullOnly: false } : { t: 'opaque' };
      }
      case 'not_operator': {
        const operand = node.field('argument');
        return operand ? { t: 'unary', op: 'not', operand } : { t: 'opaque' };
      }
      case 'parenthesized_expression': {
        const inner = node.namedChildren()[0];
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'call': {
        const fn = node.field('function');
        if (!fn) return { t: 'opaque' };
        const receiver = fn.kind() as string === 'attribute' ? fn.field('object') ?? undefined : undefined;
        return { t: 'call', callee: dotted(fn.text()), args: pyArgs(node.field('arguments')), ...(receiver ? { receiver } : {}) };
      }
      case 'for_statement': {
        // A loop variable's binding (below): each element of what it iterates.
        const of = node.field('right');
        return of ? { t: 'element', of } : { t: 'opaque' };
      }
      case 'list':
      case 'tuple':
        return { t: 'list', items: node.namedChildren().filter((c) => c.kind() as string !== 'comment') };
      default:
        return { t: 'opaque' };
    }
  },

  call(callee: string, args: Args, ev: Evaluator, node: SgNode, receiver?: SgNode): Value | undefined {
    const a0 = args.positional[0];
    const method = callee.slice(callee.lastIndexOf('.') + 1);
    // `os.environ.get("HASH", "sha256")`, `os.getenv(k, d)`, `settings.get("cipher", "aes-128-cbc")`: the
    // configured value, else the default (a string key and a second argument: a mapping's lookup).
    if ((method === 'get' || callee === 'os.getenv' || callee === 'getenv') && args.positional.length === 2 && args.named.size === 0 && asString(ev.eval(a0)) !== undefined) {
      return ev.configured(node, args.positional[1]);
    }
    if (callee === '<hash-name>' && a0) {
      // The constructor, through names and class attributes (`digest = hashlib.sha256`): the object it
      // makes is named as the constructor is (`hashlib.sha3_256().name == "sha3_256"`). Otherwise the
      // expression stays the symbol it was.
      const v = ev.eval(a0);
      const m = v.kind === 'member' ? /(?:^|\.)hashlib\.(\w+)$/.exec(v.path) : null;
      return m && HASHLIB_CONSTRUCTORS.has(m[1]!) ? str(m[1]!) : { kind: 'member', path: `${dotted(node.text())}` };
    }
    if (callee === 'getattr' && args.positional.length >= 2) {
      // `getattr(hashlib, algorithm)` (Django's salted_hmac): the constructor of that name, as
      // `hashlib.sha256` written out would be; another module's attribute stays unknown.
      const name = asString(ev.eval(args.positional[1]));
      if (a0?.text() === 'hashlib' && name !== undefined && HASHLIB_CONSTRUCTORS.has(name)) return { kind: 'member', path: `hashlib.${name}` };
      return undefined;
    }
    if (callee === '<concat>') {
      let acc = '';
      for (const p of args.positional) {
        const s = asString(ev.eval(p));
        if (s === undefined) return UNKNOWN;
        acc += s;
      }
      return str(acc);
    }
    if (RANDOM_BYTES.test(callee)) return bytes(asInt(ev.eval(arg(args, 0, 'n') ?? arg(args, 0, 'nbytes'))), 'random');
    if (method === 'generate_key' && /(?:AESGCM|AESCCM|AESOCB3|AESSIV|AESGCMSIV)$/.test(callee.slice(0, -'.generate_key'.length))) {
      const bits = asInt(ev.eval(arg(args, 0, 'bit_length')));
      return bytes(bits !== undefined ? bits / 8 : undefined, 'random');
    }
    if (method === 'generate_key' && /(?:ChaCha20Poly1305)$/.test(callee.slice(0, -'.generate_key'.length))) return bytes(32, 'random');
    if ((callee === 'bytes' || callee === 'bytearray') && a0) {
      const v = ev.eval(a0);
      if (v.kind === 'int') return bytes(v.value, 'zero');
      if (v.kind === 'list') return bytes(v.items.length, v.items.every((i) => i.kind === 'int' && i.value === 0) ? 'zero' : 'literal');
      if (v.kind === 'bytes') return v;
      return bytes(undefined, 'unknown');
    }
    if (/(?:^|\.)(?:fromhex|unhexlify|a2b_hex|b16decode)$/.test(callee) && a0) {
      const s = hexText(ev.eval(a0));
      return bytes(s !== undefined && /^[0-9a-fA-F]*$/.test(s) && s.length % 2 === 0 ? s.length / 2 : undefined, s === undefined ? 'unknown' : 'literal');
    }
    if (/(?:^|\.)(?:b64decode|urlsafe_b64decode|standard_b64decode|decodebytes)$/.test(callee) && a0) {
      const s = hexText(ev.eval(a0));
      return s === undefined ? bytes(undefined, 'unknown') : bytes(Buffer.from(s, 'base64').length, 'literal');
    }
    if (method === 'encode' && receiver) {
      const s = asString(ev.eval(receiver));
      // A caller's string (common/from-caller.ts) gives the length, not a literal origin.
      return s === undefined ? bytes(undefined, 'unknown') : bytes(Buffer.byteLength(s, 'utf8'), stringBytesOrigin(ev, receiver));
    }
    if (callee === 'len' && a0) {
      const v = ev.eval(a0);
      if (v.kind === 'bytes' && v.length !== undefined) return int(v.length);
      if (v.kind === 'str') return int(v.value.length);
      if (v.kind === 'list') return int(v.items.length);
      return UNKNOWN;
    }
    if (callee === 'int' && a0) {
      const v = ev.eval(a0);
      const baseNode = arg(args, 1, 'base');
      if (v.kind === 'int' && !baseNode) return v;
      const base = baseNode ? asInt(ev.eval(baseNode)) : 10;
      const n = v.kind === 'str' && base !== undefined ? pyIntString(v.value, base) : undefined;
      // A number past 2^53 (a modulus) is no JS number: hazmat.ts reads its size from the call itself.
      return n !== undefined && n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? int(Number(n)) : UNKNOWN;
    }
    if (callee === 'str' && a0) {
      const v = ev.eval(a0);
      return v.kind === 'str' ? v : v.kind === 'int' ? str(String(v.value)) : UNKNOWN;
    }
    if (method === 'upper' || method === 'lower') {
      const s = receiver ? asString(ev.eval(receiver)) : undefined;
      return s === undefined ? UNKNOWN : str(method === 'upper' ? s.toUpperCase() : s.toLowerCase());
    }
    // Parameterless constructors of constant classes stand for the constant: ec.SECP384R1(), hashes.SHA256().
    if (args.positional.length === 0 && args.named.size === 0 && callee.includes('.') && /^[A-Z][A-Z0-9_]*[A-Z0-9]$|^[A-Z][A-Za-z0-9]*$/.test(method))
      return { kind: 'member', path: callee };
    return undefined;
  },

  enclosingClass(node: SgNode): string | undefined {
    return enclosingPyClass(node);
  },
};

function hexText(v: Value): string | undefined {
  if (v.kind === 'str') return v.value;
  return undefined;
}

export function enclosingPyClass(node: SgNode): string | undefined {
  for (const a of node.ancestors()) if (a.kind() as string === 'class_definition') return a.field('name')?.text();
  return undefined;
}

export function rangeOf(n: SgNode): Scope {
  const r = n.range();
  return { start: r.start.index, end: r.end.index };
}

const SCOPE_KINDS = new Set(['function_definition', 'lambda', 'class_definition']);
const CLASS_KIND = new Set(['class_definition']);

/** The scope-forming nodes (functions, lambdas, classes) of a Python file. */
export function pythonScopes(root: SgNode): ScopeIndex {
  return new ScopeIndex(root, [...SCOPE_KINDS]);
}

/** Innermost function, class or module around a node. */
function scopeOf(index: ScopeLookup, node: SgNode): { scope: Scope; cls?: string } {
  const s = index.around(node, SCOPE_KINDS);
  if (!s) return { scope: index.file };
  const scope = { start: s.start, end: s.end };
  return s.kind === 'class_definition' ? { scope, ...(s.name ? { cls: s.name } : {}) } : { scope };
}

function classRange(index: ScopeLookup, node: SgNode): { owner?: string; scope?: Scope } {
  const s = index.around(node, CLASS_KIND);
  return s ? { ...(s.name ? { owner: s.name } : {}), scope: { start: s.start, end: s.end } } : {};
}

/** The nodes that bind names in Python. */
const BINDING_KINDS = ['assignment', 'augmented_assignment', 'parameters', 'for_statement', 'as_pattern'];
const BINDING_RULE = { rule: { any: BINDING_KINDS.map((kind) => ({ kind })) } };

/** Every binding in a Python file (one ast-grep query). */
export function pythonBindings(root: SgNode, index: ScopeIndex = pythonScopes(root)): Binding[] {
  return bindingsOf(root.findAll(BINDING_RULE), index);
}

/**
 * Per-name collection for the LazySymbolTable: a binding's name is always the text of a node inside
 * its binding node (the left side, a parameter, a loop target, an `as` alias), so the binding nodes
 * holding a node with exactly that text are every one that can bind it.
 */
export function pythonBindingSource(root: SgNode, scopes: () => ScopeIndex): BindingSource {
  let ancestors: AncestorScopes | undefined;
  return {
    every: () => pythonBindings(root, scopes()),
    // The few nodes of one name find their scopes through their ancestors: no walk of the whole file.
    named: (name) => bindingsOf(root.findAll(namedBindingRule(name)), (ancestors ??= new AncestorScopes(root))),
    mayOwn: (owner) => root.find({ rule: { kind: 'class_definition', has: { field: 'name', regex: `^${escapeRegex(owner)}$` } } }) !== null,
  };
}

/**
 * The binding nodes that may bind `name`. Assignments and loops are matched on their targets only:
 * a whole loop body or right-hand side need not be searched.
 */
function namedBindingRule(name: string): NapiConfig {
  const text = { regex: `^${escapeRegex(name)}$` };
  const deep = { ...text, stopBy: 'end' as const };
  const inTarget = { field: 'left', any: [text, { has: deep }] };
  return {
    rule: {
      any: [
        { kind: 'assignment', has: inTarget },
        { kind: 'augmented_assignment', has: inTarget },
        { kind: 'for_statement', has: inTarget },
        { kind: 'parameters', has: deep },
        { kind: 'as_pattern', has: deep },
      ],
    },
  };
}

/** Whether a statement runs in a `for` or `while` loop of its function. */
function inLoop(node: SgNode): boolean {
  for (let cur = node.parent(); cur; cur = cur.parent()) {
    const k = cur.kind() as string;
    if (BRANCH_WALK_STOP.has(k)) return false;
    if (k === 'for_statement' || k === 'while_statement') return true;
  }
  return false;
}

/** Where a branch's enclosing walk stops: a binding never outlives its function, lambda or class. */
const BRANCH_WALK_STOP = new Set(['function_definition', 'lambda', 'class_definition', 'module']);
const EXCEPT_KINDS = new Set(['except_clause', 'except_group_clause']);

/** An arm of a branching statement (an `if` block, a `case`, an `except` handler) and where the statement ends. */
interface Branch {
  arm: Scope;
  end: number;
  /** The statement: Binding.join of what its arms assign. */
  statement: SgNode;
}

/**
 * The branches around an assignment, innermost first, up to its function: an `if`/`elif`/`else`
 * arm, a `case` of a `match`, an `except` handler, the `else` of a `for`/`while` (runs only without
 * `break`). Python has no block scope, so the value assigned there stays visible after the
 * statement, but which value it is depends on the path taken (`if legacy: digest = hashes.SHA1()`).
 * A `try` body, its `else` and `finally`, a `with` body and a loop body are the normal path and are
 * not branches (loop bodies as in the Go and C rule). Read from the assignment's ancestors, so only
 * the assignments a lookup collects pay for it (a few parent steps each).
 */
function branchesAround(stmt: SgNode): Branch[] {
  const out: Branch[] = [];
  // The two nodes below `cur` on the path from the assignment: the arm is one of them.
  let child: SgNode | undefined;
  let grandchild: SgNode | undefined;
  for (let cur = stmt.parent(); cur; cur = cur.parent()) {
    const k = cur.kind() as string;
    if (BRANCH_WALK_STOP.has(k)) break;
    const ck = child?.kind() as string | undefined;
    let arm: SgNode | undefined;
    if (k === 'if_statement') arm = child; // the `if` block, an elif_clause or the else_clause
    else if (k === 'match_statement') arm = grandchild; // match_statement > block > case_clause
    else if (k === 'try_statement' && ck !== undefined && EXCEPT_KINDS.has(ck)) arm = child;
    else if ((k === 'for_statement' || k === 'while_statement') && ck === 'else_clause') arm = child;
    if (arm) out.push({ arm: nodeSpan(arm), end: nodeSpan(cur).end, statement: cur });
    grandchild = child;
    child = cur;
  }
  return out;
}

const PY_BLOCKS = new Set(['block', 'elif_clause', 'else_clause', 'case_clause', 'except_clause', 'except_group_clause']);
const PY_JUMPS = new Set(['return_statement', 'raise_statement', 'break_statement', 'continue_statement']);
const leavesArm = (arm: SgNode): boolean => PY_JUMPS.has(lastStatement(arm, PY_BLOCKS)?.kind() as string);

/**
 * LanguageAdapter.pathEnds for Python: an `if`'s block, `elif` and `else` clauses (and its start
 * without `else`); a `match`'s cases (and its start without `case _`); a `try`'s body (or its `else`)
 * and its handlers. The `else` of a loop is left unknown.
 */
export function pythonPathEnds(statement: SgNode): Scope[] {
  const k = statement.kind() as string;
  const clauses = (kind: string): SgNode[] => statement.namedChildren().filter((c) => c.kind() as string === kind);
  if (k === 'if_statement') {
    const otherwise = clauses('else_clause')[0];
    return pathEnds([statement.field('consequence'), ...clauses('elif_clause'), otherwise], leavesArm, otherwise ? undefined : nodeSpan(statement).start);
  }
  if (k === 'match_statement') {
    const cases = statement.field('body')?.namedChildren().filter((c) => c.kind() as string === 'case_clause') ?? [];
    const exhaustive = cases.some((c) => /^case\s+_\s*:/.test(c.text()));
    return pathEnds(cases, leavesArm, exhaustive ? undefined : nodeSpan(statement).start);
  }
  if (k === 'try_statement') {
    const handlers = statement.namedChildren().filter((c) => EXCEPT_KINDS.has(c.kind() as string));
    return pathEnds([clauses('else_clause')[0] ?? statement.field('body'), ...handlers], leavesArm);
  }
  return [];
}

function bindingsOf(nodes: readonly SgNode[], index: ScopeLookup): Binding[] {
  const out: Binding[] = [];
  for (const n of nodes) {
    const k = n.kind() as string;
    const end = nodeSpan(n).end;
    if (k === 'assignment' || k === 'augmented_assignment') {
      const left = n.field('left');
      if (!left) continue;
      const first = out.length;
      // Chained `a = b = 3`: the right side of the outer assignment is the inner assignment.
      let value: SgNode | null = k === 'assignment' ? n.field('right') : n;
      while (value && value.kind() as string === 'assignment') value = value.field('right');
      if (k === 'augmented_assignment' && !/^(\+|\*|-|\/\/|<<)=$/.test(n.field('operator')?.text() ?? '')) value = null;
      // In a loop each pass applies it again (`rounds *= 2` in a `while`): the value is unknown.
      if (k === 'augmented_assignment' && inLoop(n)) value = null;
      if (left.kind() as string === 'identifier') {
        const { scope, cls } = scopeOf(index, n);
        out.push({ name: left.text(), ...(cls ? { owner: cls } : {}), value, visibleFrom: end, scope, member: cls !== undefined });
      } else if (left.kind() as string === 'attribute' && ['self', 'cls'].includes(left.field('object')?.text() ?? '')) {
        const name = left.field('attribute')?.text();
        const { owner, scope } = classRange(index, n);
        if (name && scope) out.push({ name, ...(owner ? { owner } : {}), value, visibleFrom: end, scope, member: true });
      } else if (left.kind() as string === 'pattern_list' || left.kind() as string === 'tuple_pattern') {
        const right = n.field('right');
        const items = right && (right.kind() as string === 'expression_list' || right.kind() as string === 'tuple') ? right.namedChildren() : [];
        const names = left.namedChildren();
        const { scope } = scopeOf(index, n);
        names.forEach((nm, i) => {
          if (nm.kind() as string === 'identifier') out.push({ name: nm.text(), value: items.length === names.length ? items[i] ?? null : null, visibleFrom: end, scope, member: false });
        });
      }
      // Each name assigned in a branch: same name, owner and scope, no value, from where each enclosing branching statement ends.
      const last = out.length;
      const branches = last > first ? branchesAround(n) : [];
      for (let i = first; i < last && branches.length > 0; i++) {
        const b = out[i]!;
        const outer = b.scope;
        // A local lives in its innermost arm (a use in the `else` arm or after the statement does not see
        // it); a field or class constant keeps its class scope, where the last binding written answers.
        if (!b.member) b.scope = branches[0]!.arm;
        branches.forEach((br, j) => {
          out.push({ ...b, value: null, visibleFrom: br.end, scope: b.member ? outer : branches[j + 1]?.arm ?? outer, ...(b.member ? {} : { join: br.statement }) });
        });
      }
    } else if (k === 'parameters') {
      const fn = n.parent();
      if (!fn) continue;
      for (const p of n.namedChildren()) {
        const nameNode = p.kind() as string === 'identifier' ? p : p.field('name') ?? p.namedChildren().find((c) => c.kind() as string === 'identifier');
        if (nameNode) out.push({ name: nameNode.text(), value: null, visibleFrom: rangeOf(fn).start, scope: rangeOf(fn), member: false, param: p });
      }
    } else if (k === 'for_statement') {
      const left = n.field('left');
      const { scope } = scopeOf(index, n);
      for (const id of left ? [left, ...left.findAll({ rule: { kind: 'identifier' } })] : []) {
        // `for alg in ("sha1", "sha256")`: the loop is the value (each element); unpacked targets are unknown.
        if (id.kind() as string === 'identifier') out.push({ name: id.text(), value: id.id() === left!.id() ? n : null, visibleFrom: nodeSpan(n).start, scope, member: false });
      }
    } else if (k === 'as_pattern') {
      const target = n.field('alias') ?? n.namedChildren().at(-1);
      const id = target?.kind() as string === 'identifier' ? target : target?.find({ rule: { kind: 'identifier' } });
      const { scope } = scopeOf(index, n);
      if (id) out.push({ name: id.text(), value: null, visibleFrom: end, scope, member: false });
    }
  }
  return out;
}

/**
 * The resolver for one parsed Python file; with `crossFile` and the file's `imports`, names imported
 * from the project's other modules read their constants (constants.ts).
 */
export function pythonEvaluator(root: SgNode, crossFile?: CrossFile, imports?: PythonConstantImports): Evaluator {
  // Built on first use, like the symbol table: many files resolve nothing through scopes.
  let index: ScopeIndex | undefined;
  const scopes = (): ScopeIndex => (index ??= pythonScopes(root));
  // A self/this member's class, from the node's ancestors (a few per file: no walk of the whole file).
  let ancestors: AncestorScopes | undefined;
  let functions: ReturnType<typeof pythonFunctions> | undefined;
  const adapter: LanguageAdapter = {
    ...pythonAdapter,
    enclosingClass: (node: SgNode) => (ancestors ??= new AncestorScopes(root)).around(node, CLASS_KIND)?.name,
    callSiteArguments: (param: SgNode) => (functions ??= pythonFunctions(root)).callSiteArguments!(param),
    returned: (call: SgNode) => (functions ??= pythonFunctions(root)).returned!(call),
    pathEnds: pythonPathEnds,
    ...(imports && {
      importedOwner: (name: string) => imports.importedOwner(name),
      moduleAlias: (name: string) => imports.moduleAlias(name),
      constant: (path: string) => imports.libraryConstant(path),
    }),
  };
  return new Evaluator(adapter, () => new LazySymbolTable(pythonBindingSource(root, scopes)), crossFile);
}
