// Go half of argument resolution: how Go expressions map onto the shared Evaluator's shapes, which
// bindings a Go file declares (package-level const/var, locals, `:=`, parameters), and the handful of
// built-in calls that produce values (`make([]byte, 32)`, `uint32(64*1024)`, `hex.DecodeString`).
// Package selectors are canonicalised through the file's imports, so `mrand.Intn` and `tls.VersionTLS12`
// come back as `math/rand.Intn` and `crypto/tls.VersionTLS12` whatever the import alias.
import type { SgNode } from '@ast-grep/napi';
import { Evaluator, binaryShape, loopShape, type Args, type CallSites, type LanguageAdapter, type Returned, type Shape } from '../common/evaluate.js';
import { LazySymbolTable, textHolds, type Binding, type BindingSource, type Scope } from '../common/symbols.js';
import { UNKNOWN, bytes, int, str, type Value } from '../common/value.js';
import { goFunctions } from './call-sites.js';
import { lastStatement, pathEnds } from '../common/paths.js';
import { hashFromPath } from './hashes.js';
import { digestBytes } from '../common/digests.js';
import type { CrossFile } from '../../cross-file.js';

/** Local package name -> import path. */
export type Imports = ReadonlyMap<string, string>;

/** The nodes of one Go file that resolution needs, collected in a single tree traversal. */
export interface GoIndex {
  file: Scope;
  imports: SgNode[];
  specs: SgNode[];
  statements: SgNode[];
  /** `k, v := range xs` clauses: `v` is each element of a literal slice or array. */
  ranges: SgNode[];
  parameters: SgNode[];
  /** Function and func-literal ranges: the scopes of locals. */
  functions: Scope[];
}

/** A block that runs only on some paths (an `if`/`else` block, a `case` clause) and the `if`/`switch`/`select` statement it belongs to. */
interface Branch {
  scope: Scope;
  owner: Scope;
  /** The `if` or `switch` statement (`owner`): Binding.join. */
  statement: SgNode;
}

/** Nodes that open a function scope (declarations, methods, closures). */
export const FUNCTION_KINDS: ReadonlySet<string> = new Set(['function_declaration', 'method_declaration', 'func_literal']);
const CASE_KINDS = new Set(['expression_case', 'default_case', 'type_case', 'communication_case']);
const INDEX_RULE = {
  any: [
    'import_spec', 'const_spec', 'var_spec', 'short_var_declaration', 'assignment_statement', 'parameter_declaration', 'range_clause',
    ...FUNCTION_KINDS,
  ].map((kind) => ({ kind })),
};

function rangeOf(node: SgNode): Scope {
  const r = node.range();
  return { start: r.start.index, end: r.end.index };
}

export function indexGoFile(root: SgNode): GoIndex {
  const r = root.range();
  const index: GoIndex = { file: { start: r.start.index, end: r.end.index }, imports: [], specs: [], statements: [], ranges: [], parameters: [], functions: [] };
  for (const node of root.findAll({ rule: INDEX_RULE })) {
    const k = node.kind() as string;
    if (k === 'import_spec') index.imports.push(node);
    else if (k === 'const_spec' || k === 'var_spec') index.specs.push(node);
    else if (k === 'short_var_declaration' || k === 'assignment_statement') index.statements.push(node);
    else if (k === 'parameter_declaration') index.parameters.push(node);
    else if (k === 'range_clause') index.ranges.push(node);
    else index.functions.push(rangeOf(node));
  }
  return index;
}

/**
 * Import local names of a Go file. An unnamed import uses the name goimports assumes for the path:
 * its last element (`x/crypto/sha3` -> `sha3`), the one before a `/v2` major version, without a
 * `go-` prefix and cut at the first character that cannot be in an identifier (`go-jose/v4` ->
 * `jose`, `dgrijalva/jwt-go` -> `jwt`, `gopkg.in/yaml.v3` -> `yaml`).
 */
export function goImports(index: GoIndex): Map<string, string> {
  const out = new Map<string, string>();
  for (const spec of index.imports) {
    const path = importPath(spec);
    if (path === undefined) continue;
    const alias = spec.field('name')?.text();
    if (alias === '_' || alias === '.') continue;
    out.set(alias ?? assumedPackageName(path), path);
  }
  return out;
}

function importPath(spec: SgNode): string | undefined {
  return spec.field('path')?.text().slice(1, -1);
}

/** The package name goimports assumes for an import path (goImports). */
export function assumedPackageName(path: string): string {
  const last = path.split('/').pop() ?? path;
  const base = (/^v\d+$/.test(last) ? (path.split('/').at(-2) ?? last) : last).replace(/^go-/, '');
  return base.replace(/[^A-Za-z0-9_].*$/s, '');
}

/** Paths the file imports with `import . "path"`. */
export function goDotImports(index: GoIndex): string[] {
  return index.imports.flatMap((spec) => {
    const path = spec.field('name')?.text() === '.' ? importPath(spec) : undefined;
    return path === undefined ? [] : [path];
  });
}

/**
 * What the adapter needs to read constants of other files (detectors/cross-file.ts): the file's
 * package, the packages it dot-imports, and which imported packages are the detector's own subject
 * (the standard library, the crypto and JOSE modules), whose members stay the symbolic values the
 * handlers read (`crypto/tls.VersionTLS12`) rather than another file's declaration.
 */
export interface GoPackages {
  /** The package clause's name: owner of a bare name a sibling file declares. */
  own: string | undefined;
  /** Dot-imported paths. */
  dotted: readonly string[];
  known(path: string): boolean;
}

/** Whether an import path is of the standard library: no dot in its first element (`crypto/tls`, `math/rand`). */
function standardLibrary(path: string): boolean {
  return !(path.split('/')[0] ?? '').includes('.');
}

const BYTE_TYPES = new Set(['byte', 'uint8']);
const NUMERIC_CONVERSIONS = new Set([
  'int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'byte', 'uintptr',
]);

/** Well-known constants of the standard and x/crypto packages that crypto calls take as arguments. */
const PACKAGE_CONSTANTS: Readonly<Record<string, number>> = {
  'golang.org/x/crypto/bcrypt.DefaultCost': 10,
  'golang.org/x/crypto/bcrypt.MinCost': 4,
  'golang.org/x/crypto/bcrypt.MaxCost': 31,
  'crypto/aes.BlockSize': 16,
  'crypto/des.BlockSize': 8,
  'golang.org/x/crypto/chacha20poly1305.KeySize': 32,
  'golang.org/x/crypto/chacha20poly1305.NonceSize': 12,
  'golang.org/x/crypto/chacha20poly1305.NonceSizeX': 24,
  'golang.org/x/crypto/curve25519.ScalarSize': 32,
  'crypto/ed25519.SeedSize': 32,
};

function parseGoInt(text: string): number | undefined {
  const t = text.replace(/_/g, '').toLowerCase();
  let n: number;
  if (t.startsWith('0x')) n = parseInt(t.slice(2), 16);
  else if (t.startsWith('0b')) n = parseInt(t.slice(2), 2);
  else if (t.startsWith('0o')) n = parseInt(t.slice(2), 8);
  else if (/^0[0-7]+$/.test(t)) n = parseInt(t.slice(1), 8);
  else n = parseInt(t, 10);
  return Number.isFinite(n) ? n : undefined;
}

function goString(node: SgNode): string {
  const text = node.text();
  if (node.kind() === 'raw_string_literal') return text.slice(1, -1);
  try {
    return JSON.parse(text) as string;
  } catch {
    return text.slice(1, -1);
  }
}

/** Element type name of a slice/array type node (`[]byte` -> `byte`). */
function elementType(typeNode: SgNode | null): string | undefined {
  return typeNode?.field('element')?.text();
}

export class GoAdapter implements LanguageAdapter {
  /** `packages`: given when the file reads other files' constants (cross-file.ts). */
  constructor(
    readonly imports: Imports,
    private readonly packages?: GoPackages,
  ) {}

  /**
   * Whether `pkg.Name` on an import is read as another file's constant: a package of the project or a
   * module the detector does not know (`cryptoconf.DefaultCipher`), not the standard library or a
   * crypto module, whose members are the symbolic values the handlers take.
   */
  private foreignConstants(path: string): boolean {
    return this.packages !== undefined && !this.declaring && !standardLibrary(path) && !this.packages.known(path);
  }

  /**
   * While the file's own constants are declared (go/constants.ts): another file's value would not be
   * passed on (one hop), so names are not looked up, which would only make the scan read and rerun files.
   */
  declaring = false;

  /** LanguageAdapter.moduleAlias: the package an import's local name stands for (`cc` -> `cryptoconf`). */
  moduleAlias(name: string): string | undefined {
    const path = this.imports.get(name);
    return path !== undefined && this.foreignConstants(path) ? assumedPackageName(path) : undefined;
  }

  /**
   * LanguageAdapter.importedOwner: a bare name the file binds nothing for is its package's (a sibling
   * file's `const KeySize = 16`) or a dot-imported package's; several owners, whose values must agree.
   */
  importedOwner(): readonly string[] | undefined {
    if (!this.packages || this.declaring) return undefined;
    const owners = this.packages.dotted.filter((p) => this.foreignConstants(p)).map(assumedPackageName);
    if (this.packages.own !== undefined) owners.unshift(this.packages.own);
    return owners.length > 0 ? owners : undefined;
  }

  /** `pkg.Name` with `pkg` an import -> `import/path.Name`; otherwise undefined. */
  qualified(node: SgNode): string | undefined {
    if (node.kind() !== 'selector_expression') return undefined;
    const operand = node.field('operand');
    if (operand?.kind() !== 'identifier') return undefined;
    const path = this.imports.get(operand.text());
    return path ? `${path}.${node.field('field')?.text() ?? ''}` : undefined;
  }

  /** Canonical callee of a call: `crypto/aes.NewCipher`, `make`, or the source text for method calls. */
  callee(call: SgNode): string {
    const fn = call.field('function');
    if (!fn) return '';
    // A method of a package-level value, `crypto.SHA256.New()`: canonical as `crypto.SHA256.New`.
    const operand = fn.kind() === 'selector_expression' ? fn.field('operand') : null;
    const owner = operand ? this.qualified(operand) : undefined;
    if (owner) return `${owner}.${fn.field('field')?.text() ?? ''}`;
    return this.qualified(fn) ?? fn.text().replace(/\s+/g, '');
  }

  shape(node: SgNode): Shape {
    switch (node.kind()) {
      case 'int_literal': {
        const n = parseGoInt(node.text());
        return { t: 'value', value: n === undefined ? UNKNOWN : int(n) };
      }
      case 'interpreted_string_literal':
      case 'raw_string_literal':
        return { t: 'value', value: str(goString(node)) };
      case 'true':
        return { t: 'value', value: { kind: 'bool', value: true } };
      case 'false':
        return { t: 'value', value: { kind: 'bool', value: false } };
      case 'nil':
        return { t: 'value', value: { kind: 'none' } };
      case 'identifier':
        return node.text() === 'iota' ? { t: 'opaque' } : { t: 'name', name: node.text() };
      case 'selector_expression': {
        const q = this.qualified(node);
        const operand = node.field('operand');
        // A project package's member, `cryptoconf.DefaultCipher`: a member the Evaluator may find in another file.
        if (q && operand && this.foreignConstants(this.imports.get(operand.text())!)) {
          return { t: 'member', object: operand, property: node.field('field')?.text() ?? '', self: false };
        }
        if (q) {
          const known = PACKAGE_CONSTANTS[q];
          return { t: 'value', value: known !== undefined ? int(known) : { kind: 'member', path: q } };
        }
        if (!operand) return { t: 'opaque' };
        return { t: 'member', object: operand, property: node.field('field')?.text() ?? '', self: false };
      }
      case 'binary_expression':
        return binaryShape(node);
      case 'unary_expression': {
        const operand = node.field('operand');
        const op = node.field('operator')?.text() ?? '';
        if (!operand) return { t: 'opaque' };
        // `&tls.Config{...}`: the address of a value is, for our purposes, the value.
        return op === '&' ? { t: 'group', inner: operand } : { t: 'unary', op, operand };
      }
      case 'parenthesized_expression': {
        const inner = node.namedChildren()[0];
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'slice_expression': {
        // `arr[:]` is the whole array; a sub-slice has an unknown length.
        const operand = node.field('operand');
        if (operand && !node.field('start') && !node.field('end')) return { t: 'group', inner: operand };
        return { t: 'opaque' };
      }
      case 'call_expression': {
        const argList = node.field('arguments');
        const positional = argList ? argList.namedChildren().filter((c) => c.kind() !== 'comment') : [];
        return { t: 'call', callee: this.callee(node), args: { positional, named: new Map() } };
      }
      case 'type_conversion_expression': {
        // `[]byte("secret")`: a key or IV written as a string literal.
        const type = node.field('type');
        const operand = node.field('operand');
        if (type?.kind() === 'slice_type' && BYTE_TYPES.has(elementType(type) ?? '') && operand) {
          return { t: 'value', value: byteConversion(operand, this) };
        }
        return operand ? { t: 'group', inner: operand } : { t: 'opaque' };
      }
      case 'composite_literal':
        return this.compositeShape(node);
      case 'range_clause': {
        // The value of `k, v := range []string{…}`: each element of a literal slice or array (bytes are not read).
        const right = node.field('right');
        const shape = right?.kind() === 'composite_literal' ? this.compositeShape(right) : undefined;
        return loopShape(shape?.t === 'list' ? shape.items : undefined);
      }
      case 'array_type': {
        // `var key [32]byte`: a zeroed array of known length.
        if (!BYTE_TYPES.has(elementType(node) ?? '')) return { t: 'opaque' };
        const length = node.field('length');
        // The length may be a constant (`[keySize]byte`): let the evaluator resolve it.
        return length ? { t: 'call', callee: '<zero-array>', args: { positional: [length], named: new Map() } } : { t: 'opaque' };
      }
      default:
        return { t: 'opaque' };
    }
  }

  private compositeShape(node: SgNode): Shape {
    const type = node.field('type');
    const body = node.field('body');
    const elements = body ? body.namedChildren().filter((c) => c.kind() === 'literal_element') : [];
    const items = elements.map((e) => e.namedChildren()[0]).filter((e): e is SgNode => e !== undefined);
    const kind = type?.kind();
    if ((kind === 'slice_type' || kind === 'array_type' || kind === 'implicit_length_array_type') && BYTE_TYPES.has(elementType(type!) ?? '')) {
      const declared = kind === 'array_type' ? this.arrayLength(type!) : undefined;
      const length = declared ?? (body && body.namedChildren().some((c) => c.kind() === 'keyed_element') ? undefined : items.length);
      const origin = items.length === 0 ? 'zero' : 'literal';
      return { t: 'value', value: bytes(length, origin) };
    }
    if (kind === 'slice_type' || kind === 'array_type' || kind === 'implicit_length_array_type') return { t: 'list', items };
    return { t: 'opaque' };
  }

  /** Set once the evaluator exists: array lengths written as constants need it. */
  ev?: Evaluator;

  /** The arguments the file's own calls pass for a parameter (call-sites.ts); set by goEvaluator. */
  callSiteArguments?: (param: SgNode) => CallSites | undefined;

  /** What a call of a same-file function returns (call-sites.ts); set by goEvaluator. */
  returned?: (call: SgNode) => Returned | undefined;

  /** Where the paths through an `if` or `switch` end (goPathEnds). */
  pathEnds(statement: SgNode): readonly Scope[] {
    return goPathEnds(statement);
  }


  private arrayLength(type: SgNode): number | undefined {
    const length = type.field('length');
    if (!length) return undefined;
    const v = this.ev?.eval(length);
    return v?.kind === 'int' ? v.value : parseGoInt(length.text());
  }

  call(callee: string, args: Args, ev: Evaluator, node: SgNode): Value | undefined {
    const a = args.positional;
    if (callee === '<zero-array>') {
      const n = ev.eval(a[0]);
      return bytes(n.kind === 'int' ? n.value : undefined, 'zero');
    }
    if (callee === 'make') {
      const t = a[0];
      if (t?.kind() === 'slice_type' && BYTE_TYPES.has(elementType(t) ?? '')) {
        const n = ev.eval(a[1]);
        return bytes(n.kind === 'int' ? n.value : undefined, 'zero');
      }
      return UNKNOWN;
    }
    if (NUMERIC_CONVERSIONS.has(callee)) return ev.eval(a[0]);
    if (callee === 'append') return appended(a, ev);
    if (callee === 'len') {
      const v = ev.eval(a[0]);
      if (v.kind === 'bytes' && v.length !== undefined) return int(v.length);
      if (v.kind === 'str') return int(Buffer.byteLength(v.value, 'utf8'));
      return UNKNOWN;
    }
    if (callee === 'encoding/hex.DecodeString') {
      const v = ev.eval(a[0]);
      return v.kind === 'str' ? bytes(Math.floor(v.value.length / 2), 'literal') : UNKNOWN;
    }
    // Curve and hash constructors are symbolic members: `elliptic.P256()` -> `crypto/elliptic.P256()`.
    if (/^(crypto\/(elliptic|ecdh)|golang\.org\/x\/crypto\/curve25519)\./.test(callee)) return { kind: 'member', path: `${callee}()` };
    return this.digest(callee, a, ev, node);
  }

  /**
   * A digest, whose length is the hash's (a key made from one: `h := sha256.Sum256(secret)` then
   * `aes.NewCipher(h[:])` is AES-256): the one-shot `sha256.Sum256(x)`, `sha512.Sum512_256(x)`, and
   * `h.Sum(nil)` on a hash from `sha256.New()` (or `crypto.SHA256.New()`, or `hmac.New(sha256.New, k)`).
   */
  private digest(callee: string, args: readonly SgNode[], ev: Evaluator, node: SgNode): Value | undefined {
    const fn = callee.slice(callee.lastIndexOf('.') + 1);
    if (/^Sum\d*(_\d+)?$/.test(fn) && !callee.includes('(')) {
      const hash = hashFromPath(callee);
      const n = hash ? digestBytes(hash) : undefined;
      if (n !== undefined) return bytes(n, 'unknown');
    }
    const f = node.field('function');
    if (fn !== 'Sum' || f?.kind() !== 'selector_expression' || args.length !== 1 || args[0]!.kind() !== 'nil') return undefined;
    const made = ev.origin(f.field('operand'));
    if (made?.kind() !== 'call_expression') return undefined;
    const maker = this.callee(made);
    let hash: string | undefined;
    if (maker === 'crypto/hmac.New') {
      const inner = ev.eval(made.field('arguments')?.namedChildren()[0]);
      hash = inner.kind === 'member' ? hashFromPath(inner.path) : undefined;
    } else if (!/\.Sum[^.]*$/.test(maker)) {
      hash = hashFromPath(maker);
    }
    const n = hash ? digestBytes(hash) : undefined;
    return n === undefined ? undefined : bytes(n, 'unknown');
  }
}

/**
 * `append(s, x, y)` and `append(s, more...)`: the items of `s` followed by those appended
 * (`cfg.CipherSuites = append(cfg.CipherSuites, tls.TLS_…)`). A slice the file does not show (a
 * config's field, a parameter) is one unknown item in its place, so that the list is never read as
 * all there is; a byte slice, or a list of which nothing is known, is unknown.
 */
function appended(args: readonly SgNode[], ev: Evaluator): Value {
  const items: Value[] = [];
  for (const [i, a] of args.entries()) {
    const spread = a.kind() === 'variadic_argument';
    if (i > 0 && !spread) {
      items.push(ev.eval(a));
      continue;
    }
    const v = ev.eval(spread ? a.namedChildren()[0] : a);
    if (v.kind === 'bytes') return UNKNOWN;
    if (v.kind === 'list') items.push(...v.items);
    else items.push(UNKNOWN);
  }
  return items.some((v) => v.kind !== 'unknown') ? { kind: 'list', items } : UNKNOWN;
}

function byteConversion(operand: SgNode, adapter: GoAdapter): Value {
  const k = operand.kind();
  if (k === 'interpreted_string_literal' || k === 'raw_string_literal') {
    return bytes(Buffer.byteLength(goString(operand), 'utf8'), 'literal');
  }
  void adapter;
  return { kind: 'bytes', origin: 'unknown' };
}

/** Innermost function containing position `at`, else the file (package scope). */
function scopeOf(index: GoIndex, at: number): { scope: Scope; member: boolean } {
  let best: Scope | undefined;
  for (const f of index.functions) if (f.start <= at && at < f.end && (!best || f.end - f.start < best.end - best.start)) best = f;
  return best ? { scope: best, member: false } : { scope: index.file, member: true };
}

/**
 * The conditional blocks around a binding statement, innermost first, up to its function: an `if`
 * or `else` block, a `case` clause. Found from the statement's ancestors, so only the few bindings
 * a lookup asks for pay for it (indexing every `if err != nil` of a file cost more than the rest).
 */
function branchesAround(stmt: SgNode): Branch[] {
  const out: Branch[] = [];
  const ancestors = stmt.ancestors();
  // Each ancestor's kind is asked once: it is also the next one's owner.
  let kind = ancestors[0]?.kind() as string | undefined;
  for (let i = 0; kind !== undefined && !FUNCTION_KINDS.has(kind); i++) {
    const owner = ancestors[i + 1];
    const ownerKind = owner?.kind() as string | undefined;
    // A block is a branch only as an `if`/`else` body, and so is the `if` of an `else if`; a `case`
    // clause always is.
    const arm = kind === 'block' || (kind === 'if_statement' && owner?.field('alternative')?.id() === ancestors[i]!.id());
    if (owner && (CASE_KINDS.has(kind) || (arm && ownerKind === 'if_statement'))) {
      out.push({ scope: rangeOf(ancestors[i]!), owner: rangeOf(owner), statement: owner });
    }
    kind = ownerKind;
  }
  return out;
}

const GO_BLOCKS = new Set(['block', 'statement_list', ...CASE_KINDS]);
/** Statements after which control does not reach the end of the `if` or `switch` they close. */
const GO_JUMPS = new Set(['return_statement', 'goto_statement', 'continue_statement', 'fallthrough_statement']);
const leavesArm = (arm: SgNode): boolean => {
  const last = lastStatement(arm, GO_BLOCKS);
  const k = last?.kind() as string | undefined;
  if (k === 'expression_statement') return /^panic\s*\(/.test(last!.text());
  // `break` in an `if` leaves the loop or switch around it; in a `case` it ends the case.
  return k !== undefined && (GO_JUMPS.has(k) || (k === 'break_statement' && arm.kind() as string === 'block'));
};

/**
 * LanguageAdapter.pathEnds for Go: an `if`'s block and its `else` (a block or the next `if`), or its
 * start without one; each `case` of a `switch` or `select` that does not return, panic or fall
 * through, and the statement's start without `default`.
 */
export function goPathEnds(statement: SgNode): Scope[] {
  if (statement.kind() as string === 'if_statement') {
    const alternative = statement.field('alternative');
    return pathEnds([statement.field('consequence'), alternative], leavesArm, alternative ? undefined : statement.range().start.index);
  }
  const cases = statement.namedChildren().filter((c) => CASE_KINDS.has(c.kind() as string));
  const exhaustive = cases.some((c) => c.kind() as string === 'default_case');
  return pathEnds(cases, leavesArm, exhaustive ? undefined : statement.range().start.index);
}

/** Pairs `a, b := x, y` (or `a, err := f()`, where only the first name gets the call's value). */
function pair(names: SgNode[], values: SgNode[]): Array<[SgNode, SgNode | null]> {
  if (values.length === names.length) return names.map((n, i) => [n, values[i] ?? null]);
  return names.map((n, i) => [n, i === 0 ? (values[0] ?? null) : null]);
}

/** Every binding a Go file makes, for the shared symbol table. */
export function goBindings(index: GoIndex): Binding[] {
  return bindingsOf(index, index.specs, index.statements, index.parameters, index.ranges);
}

/**
 * Per-name collection for the LazySymbolTable. A binding's name is written inside the declaration,
 * assignment or parameter that makes it, so the index nodes whose text holds the name are every one
 * that can bind it: one text fetch per node (kept for the file's next names), no walk of the tree.
 * Go bindings have no owner (no classes), so no owner question ever needs the whole file.
 */
export function goBindingSource(index: GoIndex): BindingSource {
  return {
    every: () => goBindings(index),
    named(name) {
      const holds = (node: SgNode): boolean => textHolds(node, name);
      return bindingsOf(index, index.specs.filter(holds), index.statements.filter(holds), index.parameters.filter(holds), index.ranges.filter(holds));
    },
    mayOwn: () => false,
  };
}

function bindingsOf(index: GoIndex, specs: readonly SgNode[], statements: readonly SgNode[], parameters: readonly SgNode[], ranges: readonly SgNode[]): Binding[] {
  const out: Binding[] = [];
  /**
   * A block is a scope as in Go (what `:=` declares in an `if` block or a `case` dies with it), and
   * `h = sha256.New` inside one sets `h` on that path only: after the `if`/`switch` the value depends
   * on the branch taken (go-jose picks its HMAC and RSA hash in a `switch alg`), so an unknown
   * binding becomes visible where each enclosing branching statement ends, up to the function.
   * Without it the last case written would win and name one hash for all.
   */
  const bind = (names: Array<[SgNode, SgNode | null]>, stmt: SgNode, assigns: boolean): void => {
    const named = names.filter(([n]) => n.kind() === 'identifier' && n.text() !== '_');
    if (named.length === 0) return;
    const r = stmt.range();
    const fn = scopeOf(index, r.start.index);
    const branches = fn.member ? [] : branchesAround(stmt);
    const scope = branches[0]?.scope ?? fn.scope;
    for (const [n, value] of named) {
      out.push({ name: n.text(), value, visibleFrom: r.end.index, scope, member: fn.member });
      if (!assigns) continue;
      branches.forEach((b, i) => {
        out.push({ name: n.text(), value: null, visibleFrom: b.owner.end, scope: branches[i + 1]?.scope ?? fn.scope, member: false, join: b.statement });
      });
    }
  };
  for (const spec of specs) {
    const names = spec.fieldChildren('name');
    const valueList = spec.field('value');
    const values = valueList ? valueList.namedChildren() : [];
    if (values.length === 0) {
      // `var key [32]byte` is a zeroed array; `var cfg tls.Config` the zero value of a package's struct
      // type, whose type node origin() shows (a config made here, as `&tls.Config{}` is); any other
      // declaration without a value is unknown here.
      const type = spec.field('type');
      bind(names.map((n) => [n, type?.kind() === 'array_type' || type?.kind() === 'qualified_type' ? type : null]), spec, false);
      continue;
    }
    bind(pair(names, values), spec, false);
  }
  for (const stmt of statements) {
    const left = stmt.field('left')?.namedChildren() ?? [];
    const right = stmt.field('right')?.namedChildren() ?? [];
    const op = stmt.kind() === 'assignment_statement' ? stmt.field('operator')?.text() : ':=';
    if (op !== '=' && op !== ':=') {
      bind(left.map((n) => [n, null]), stmt, true);
      continue;
    }
    bind(pair(left, right), stmt, op === '=');
  }
  for (const clause of ranges) {
    // `for _, alg := range []string{"RS256", "RS384"}`: the value is each element (the clause's shape);
    // the key (an index) and a single name are not read.
    const names = clause.field('left')?.namedChildren() ?? [];
    if (names.length === 2) bind([[names[0]!, null], [names[1]!, clause]], clause, false);
    else bind(names.map((n) => [n, null]), clause, false);
  }
  for (const p of parameters) {
    const { scope, member } = scopeOf(index, p.range().start.index);
    if (member) continue;
    // `param`: a function's own calls in the file may say what it receives (call-sites.ts).
    for (const n of p.fieldChildren('name')) out.push({ name: n.text(), value: null, visibleFrom: scope.start, scope, member: false, param: n });
  }
  return out;
}

/** The evaluator for one Go file; with `crossFile`, it reads other files' constants through `packages`. */
export function goEvaluator(
  root: SgNode,
  index: GoIndex,
  imports: Imports,
  crossFile?: CrossFile,
  packages?: GoPackages,
): { ev: Evaluator; adapter: GoAdapter } {
  const adapter = new GoAdapter(imports, crossFile && packages);
  let functions: ReturnType<typeof goFunctions> | undefined;
  adapter.callSiteArguments = (param: SgNode) => (functions ??= goFunctions(root)).callSiteArguments(param);
  adapter.returned = (call: SgNode) => (functions ??= goFunctions(root)).returned(call);
  // Bindings collected per looked-up name, on first use: most files resolve one name or none.
  const ev = new Evaluator(adapter, () => new LazySymbolTable(goBindingSource(index)), crossFile);
  adapter.ev = ev;
  return { ev, adapter };
}
