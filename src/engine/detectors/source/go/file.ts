// Per-file state of the Go detector: the evaluator, the occurrence factory, the detections so far,
// and the argument questions every Go crypto call asks (key bits, hash, curve, constant bytes).
import type { SgNode } from '@ast-grep/napi';
import type {
  AlgorithmParamName, AlgorithmParams, CryptoFunction, Detection, LibraryRef, ProtocolFacts, SignalType,
} from '../../../inventory/model.js';
import type { Evaluator } from '../common/evaluate.js';
import { UNKNOWN, type Value } from '../common/value.js';
import type { GoAdapter } from './resolve.js';
import type { OccurrenceFactory } from '../common/occurrence.js';
import { DetectionSink } from '../common/sink.js';
import { HASH_FUNCTIONS, hashFromPath } from './hashes.js';
import { byteArrayLength, declaredTypeNode } from './types.js';

/** Curves named by `elliptic.P256()`, `ecdh.X25519()` and friends, as the knowledge base names them. */
const CURVES: Readonly<Record<string, string>> = {
  'crypto/elliptic.P224()': 'P-224',
  'crypto/elliptic.P256()': 'P-256',
  'crypto/elliptic.P384()': 'P-384',
  'crypto/elliptic.P521()': 'P-521',
  'crypto/ecdh.P256()': 'P-256',
  'crypto/ecdh.P384()': 'P-384',
  'crypto/ecdh.P521()': 'P-521',
  'crypto/ecdh.X25519()': 'Curve25519',
};

const MODULE_ROOTS = ['go.step.sm/crypto', 'github.com/cloudflare/circl', 'github.com/cloudflare/cfssl'];

/**
 * The provider of a Go crypto package. The standard library is one "package" for the CBOM
 * (`pkg:golang/stdlib`, as syft names it); everything under golang.org/x/crypto is that module.
 */
export function goLibrary(importPath: string): LibraryRef {
  if (importPath.startsWith('golang.org/x/crypto')) return { ecosystem: 'golang', name: 'golang.org/x/crypto' };
  // Modules whose packages the detector reads are one library whatever the package (keyutil, kem/mlkem/mlkem768).
  const root = MODULE_ROOTS.find((m) => importPath.startsWith(`${m}/`));
  if (root) return { ecosystem: 'golang', name: root };
  // A third-party module the detector reads (filippo.io/hpke) is its own module.
  if (importPath.includes('.') && importPath.split('/')[0]!.includes('.')) return { ecosystem: 'golang', name: importPath };
  return { ecosystem: 'golang', name: 'stdlib' };
}

export interface AlgorithmEmit {
  spelling: string;
  params?: AlgorithmParams;
  unresolved?: AlgorithmParamName[];
  functions?: CryptoFunction[];
}

export class GoFile {
  readonly occ: OccurrenceFactory;

  /** `statements`: the file's `:=` and `=` statements (GoIndex), where `result` finds a name's multi-value call. */
  constructor(
    readonly root: SgNode,
    readonly ev: Evaluator,
    readonly adapter: GoAdapter,
    readonly sink: DetectionSink,
    private readonly statements: readonly SgNode[] = [],
  ) {
    this.occ = sink.occurrences;
  }

  detections(): Detection[] {
    return this.sink.detections;
  }

  /** Package path of a qualified callee: `crypto/aes.NewCipher` -> `crypto/aes`. */
  static pkg(callee: string): string {
    return callee.slice(0, callee.lastIndexOf('.'));
  }

  /** Symbol shown as evidence: the call as written, without arguments (`aes.NewCipher`). */
  static symbol(node: SgNode): string {
    if (node.kind() === 'keyed_element' || node.kind() === 'assignment_statement') return node.text().replace(/\s+/g, ' ').slice(0, 120);
    const fn = node.kind() === 'call_expression' ? node.field('function') : node.field('type');
    return (fn ?? node).text().replace(/\s+/g, '');
  }

  algorithm(node: SgNode, callee: string, a: AlgorithmEmit): void {
    this.sink.algorithm(node, GoFile.symbol(node), a.spelling, a.params ?? {}, {
      unresolved: a.unresolved ?? [],
      ...(a.functions ? { functions: a.functions } : {}),
      library: goLibrary(GoFile.pkg(callee)),
    });
  }

  signal(node: SgNode, callee: string, signal: SignalType, detail: string, related?: { spelling: string; params: AlgorithmParams }): void {
    this.sink.signal(node, GoFile.symbol(node), signal, detail, { library: goLibrary(GoFile.pkg(callee)), ...(related ? { related } : {}) });
  }

  protocol(node: SgNode, symbol: string, callee: string, protocol: ProtocolFacts): void {
    this.sink.protocol(node, symbol, protocol, goLibrary(GoFile.pkg(callee)));
  }

  eval(node: SgNode | undefined): Value {
    return this.ev.eval(node);
  }

  int(node: SgNode | undefined): number | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'int' ? v.value : undefined;
  }

  /** Key size in bits of a byte-slice argument, or undefined. */
  keyBits(node: SgNode | undefined): number | undefined {
    const v = this.ev.eval(node);
    if (v.kind === 'bytes' && v.length !== undefined) return v.length * 8;
    // A key parameter of array type, `func seal(key *[32]byte) { aes.NewCipher(key[:]) }`: the type is the size.
    const name = node?.kind() === 'slice_expression' && !node.field('start') && !node.field('end') ? node.field('operand') : node;
    const length = name ? byteArrayLength(declaredTypeNode(name)) : undefined;
    const n = length ? this.ev.eval(length) : undefined;
    return n?.kind === 'int' ? n.value * 8 : undefined;
  }

  /**
   * A secret argument's value (a key, an IV, a password), unknown when it depends on what a helper's
   * callers pass: written at a caller, it is not reported at the helper, where the evidence would point.
   */
  private secret(node: SgNode | undefined): Value {
    return this.ev.evalOwn(node);
  }

  /** Whether an argument is key material written in the source (`[]byte("k")`, `[]byte{1, 2}`). */
  literalBytes(node: SgNode | undefined): boolean {
    const v = this.secret(node);
    return v.kind === 'bytes' && v.origin === 'literal';
  }

  /** Whether an argument is a string literal or literal bytes (a password written in the source). */
  literalSecret(node: SgNode | undefined): boolean {
    const v = this.secret(node);
    return (v.kind === 'str' && v.value.length > 0) || (v.kind === 'bytes' && v.origin === 'literal');
  }

  /**
   * Whether an IV argument is fixed: bytes written in the source, or a zeroed buffer
   * (`make([]byte, 16)`, `[16]byte{}`) that the file never fills from a reader.
   */
  constantIv(node: SgNode | undefined): boolean {
    if (!node) return false;
    const v = this.secret(node);
    if (v.kind !== 'bytes') return false;
    if (v.origin === 'literal') return true;
    if (v.origin !== 'zero') return false;
    const name = node.kind() === 'identifier' ? node.text() : node.kind() === 'slice_expression' ? node.field('operand')?.text() : undefined;
    return name !== undefined && !this.filledFromReader(name);
  }

  /** Whether `name` is passed to `io.ReadFull`, `rand.Read` or a reader's `Read` anywhere in the file. */
  private filledFromReader(name: string): boolean {
    if (!this.readArgs) {
      // Collected once per file: the argument texts of every `…Read`/`…ReadFull` call.
      this.readArgs = [];
      for (const call of this.root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: '(ReadFull|Read)$' } } })) {
        for (const a of call.field('arguments')?.namedChildren() ?? []) this.readArgs.push(a.text());
      }
    }
    return this.readArgs.some((a) => a === name || a.startsWith(`${name}[`));
  }

  private readArgs: string[] | undefined;

  /** Hash named by an argument: `sha256.New`, `crypto.SHA256`, `sha256.New()`, a func literal returning one, or a variable holding one. */
  hash(node: SgNode | undefined): string | undefined {
    if (!node) return undefined;
    const target = this.ev.origin(node) ?? node;
    if (target.kind() === 'call_expression') return hashFromPath(this.adapter.callee(target)) ?? this.valueHash(target);
    if (target.kind() === 'func_literal') {
      for (const inner of target.findAll({ rule: { kind: 'call_expression' } })) {
        const h = hashFromPath(this.adapter.callee(inner));
        if (h) return h;
      }
      return undefined;
    }
    return this.valueHash(target);
  }

  private valueHash(node: SgNode): string | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'member' ? hashFromPath(v.path) : undefined;
  }

  /** Curve named by an argument (`elliptic.P256()`, or a variable holding it). */
  curve(node: SgNode | undefined): string | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'member' ? CURVES[v.path] : undefined;
  }

  /** Whether a hash-function call is itself an argument of a crypto call (then that call reports it). */
  static isArgument(call: SgNode): boolean {
    return call.parent()?.kind() === 'argument_list';
  }

  /** The callee of the call that produced a value (`block` from `block, _ := aes.NewCipher(k)`). */
  producer(node: SgNode | undefined): { callee: string; call: SgNode } | undefined {
    if (!node) return undefined;
    const target = this.ev.origin(node);
    if (target?.kind() !== 'call_expression') return undefined;
    return { callee: this.adapter.callee(target), call: target };
  }

  /**
   * The call a name was last set from and which of its results it took (`k` in `k, err :=
   * ecdsa.GenerateKey(…)` is result 0, `priv` in `_, priv, err := ed25519.GenerateKey(r)` result 1),
   * following `a := b` chains and, for a name assigned in the arms of an `if` or `switch`, the arm of
   * the case being run (Evaluator.joinedBinding: one case per path); undefined for a parameter or
   * anything else.
   */
  result(node: SgNode): { call: SgNode; index: number } | undefined {
    let cur: SgNode | null = node;
    for (let i = 0; cur && i < 8; i++) {
      if (cur.kind() === 'call_expression') return { call: cur, index: 0 };
      const found = this.ev.bindingOf(cur);
      const b = found && this.ev.joinedBinding(found);
      if (!b) return undefined;
      if (b.value) {
        cur = b.value;
        continue;
      }
      if (b.param || b.join) return undefined;
      // The binding's statement ends where the binding becomes visible; the bindings of the later names
      // of `a, b := f()` have no value (GoAdapter pairs only the first with the call).
      const stmt = this.statementsByEnd().get(b.visibleFrom);
      const left = stmt?.field('left')?.namedChildren() ?? [];
      const right = stmt?.field('right')?.namedChildren() ?? [];
      const index = left.findIndex((n) => n.kind() === 'identifier' && n.text() === b.name);
      return right.length === 1 && right[0]!.kind() === 'call_expression' && index > 0 ? { call: right[0]!, index } : undefined;
    }
    return undefined;
  }

  private byEnd: Map<number, SgNode> | undefined;

  private statementsByEnd(): Map<number, SgNode> {
    if (!this.byEnd) {
      this.byEnd = new Map();
      for (const s of this.statements) this.byEnd.set(s.range().end.index, s);
    }
    return this.byEnd;
  }

  static isHashFunction(callee: string): boolean {
    return HASH_FUNCTIONS[GoFile.pkg(callee)]?.[callee.slice(callee.lastIndexOf('.') + 1)] !== undefined;
  }
}
