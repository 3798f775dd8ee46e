// Per-file state of the Swift detector: the evaluator and sink, the modules the file imports, the types
// it declares (a type of its own named `SHA256` is not CryptoKit's), the byte buffers written after their
// creation (`SecRandomCopyBytes(…, &iv)`: not a constant), and the questions handlers ask (what an
// argument stands for, its byte length, whether key or IV bytes are fixed in the source).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction, ProtocolFacts, SignalType } from '../../../inventory/model.js';
import type { Evaluator } from '../common/evaluate.js';
import { EvaluatedFile } from '../common/file-context.js';
import { fromCaller, stringBytesOrigin } from '../common/from-caller.js';
import { kindOf } from '../common/languages.js';
import type { DetectionSink } from '../common/sink.js';
import { UNKNOWN, isConstantBytes, type Value } from '../common/value.js';
import type { Binding } from '../common/symbols.js';
import { callParts, namedKids, pathText, type SwCall } from './syntax.js';

export interface AlgorithmEmit {
  spelling: string;
  params?: AlgorithmParams;
  unresolved?: AlgorithmParamName[];
  functions?: CryptoFunction[];
}

export class SwFile extends EvaluatedFile {
  constructor(
    ev: Evaluator,
    readonly sink: DetectionSink,
    readonly root: SgNode,
    /** Modules the file imports (`CryptoKit`, `Crypto`, `CommonCrypto`, `CryptoSwift`). */
    readonly imports: ReadonlySet<string>,
    /** Type names the file declares (classes, structs, enums, protocols, typealiases; not extensions). */
    readonly ownTypes: ReadonlySet<string>,
  ) {
    super(ev);
  }

  /** Buffers written after their creation (`&iv` given to a call, `iv.withUnsafeMutableBytes { … }`): the bindings written, or the bare names of unbound ones. */
  private readonly mutatedBindings = new Set<Binding>();
  private readonly mutatedNames = new Set<string>();

  /** Records that the variable a node names is written (through its binding at that point). */
  markWritten(node: SgNode): void {
    const b = this.ev.bindingOf(node);
    if (b) this.mutatedBindings.add(b);
    else this.mutatedNames.add((pathText(node) ?? node.text()).split('.').pop()!);
  }

  private isWritten(node: SgNode): boolean {
    const b = this.ev.bindingOf(node);
    return b ? this.mutatedBindings.has(b) : this.mutatedNames.has((pathText(node) ?? node.text()).split('.').pop()!);
  }

  algorithm(node: SgNode, symbol: string, a: AlgorithmEmit): void {
    this.sink.algorithm(node, symbol, a.spelling, a.params ?? {}, {
      unresolved: a.unresolved ?? [],
      ...(a.functions?.length ? { functions: [...new Set(a.functions)].sort() } : {}),
    });
  }

  signal(node: SgNode, symbol: string, signal: SignalType, detail: string, related?: { spelling: string; params?: AlgorithmParams }): void {
    this.sink.signal(node, symbol, signal, detail, related ? { related: { spelling: related.spelling, params: related.params ?? {} } } : {});
  }

  protocol(node: SgNode, symbol: string, facts: ProtocolFacts): void {
    this.sink.protocol(node, symbol, facts);
  }

  /** Whether the file imports one of these modules. */
  imported(...modules: string[]): boolean {
    return modules.some((m) => this.imports.has(m));
  }

  /** The expression an argument stands for: through `let`s, `try`, `!`, casts and parentheses. */
  origin(node: SgNode | null | undefined): SgNode | undefined {
    let cur: SgNode | null | undefined = node;
    for (let i = 0; cur && i < 10; i++) {
      const k = kindOf(cur);
      if (k === 'try_expression' || k === 'await_expression') {
        cur = namedKids(cur).filter((c) => kindOf(c) !== 'try_operator').at(-1);
        continue;
      }
      if (k === 'as_expression' || k === 'tuple_expression' || (k === 'postfix_expression' && /[!?]$/.test(cur.text()))) {
        cur = namedKids(cur)[0];
        continue;
      }
      if (k === 'value_argument') {
        cur = namedKids(cur).at(-1);
        continue;
      }
      if (k === 'simple_identifier' || k === 'navigation_expression') {
        const next = this.ev.origin(cur, 1);
        if (!next || next.id() === cur.id()) return next ?? undefined;
        cur = next;
        continue;
      }
      return cur;
    }
    return cur ?? undefined;
  }

  /** The call an argument stands for (`let key = SymmetricKey(size: .bits256)` -> that call), if any. */
  originCall(node: SgNode | null | undefined): SwCall | undefined {
    const o = this.origin(node);
    return o ? callParts(o) : undefined;
  }

  /** The value of an argument, with a buffer written after its creation counted as unknown bytes. */
  bytesValue(node: SgNode | null | undefined): Value {
    let v = this.ev.eval(node);
    // `[0x2b, 0x7e, …]` given where bytes are expected (`[UInt8]`, `Array<UInt8>`): a byte literal (its
    // length only when a caller passed it in: common/from-caller.ts).
    if (v.kind === 'list') v = v.items.every((i) => i.kind === 'int') ? { kind: 'bytes', length: v.items.length, origin: stringBytesOrigin(this.ev, node) } : UNKNOWN;
    if (v.kind === 'bytes' && (v.origin === 'zero' || v.origin === 'literal') && this.written(node)) return { kind: 'bytes', ...(v.length !== undefined ? { length: v.length } : {}), origin: 'unknown' };
    return v;
  }

  /** Byte length of a key or buffer argument, when the source fixes it. */
  byteLength(node: SgNode | null | undefined): number | undefined {
    const v = this.bytesValue(node);
    return v.kind === 'bytes' ? v.length : v.kind === 'str' ? Buffer.byteLength(v.value) : undefined;
  }

  /** Key or IV bytes fixed in the source: a literal, a string, or a zero buffer nothing writes. An empty literal is no key. */
  constantBytes(node: SgNode | null | undefined): boolean {
    const v = this.bytesValue(node);
    if (v.kind === 'bytes' && v.length === 0) return false;
    return isConstantBytes(v) || (v.kind === 'str' && v.value.length > 0 && !fromCaller(this.ev, node));
  }

  /** Whether the variable an argument names (directly or through `let` chains) is written after its creation. */
  private written(node: SgNode | null | undefined): boolean {
    let cur: SgNode | null | undefined = node;
    for (let i = 0; cur && i < 8; i++) {
      const k = kindOf(cur);
      if (k === 'simple_identifier') {
        if (this.isWritten(cur)) return true;
        cur = this.ev.origin(cur, 1);
        continue;
      }
      if (k === 'navigation_expression') {
        if (this.isWritten(cur)) return true;
        const next = this.ev.origin(cur, 1);
        if (!next || next.id() === cur.id()) return false;
        cur = next;
        continue;
      }
      if (k === 'value_argument' || k === 'tuple_expression' || k === 'as_expression' || k === 'prefix_expression' || k === 'try_expression' || k === 'postfix_expression') {
        cur = namedKids(cur).filter((c) => kindOf(c) !== 'try_operator').at(-1);
        continue;
      }
      if (k === 'call_expression') {
        // `Data(iv)`, `SymmetricKey(data: keyBytes)`: the buffer converted.
        const c = callParts(cur);
        const inner = c && c.args.length === 1 ? c.args[0]!.expr : undefined;
        if (!inner) return false;
        cur = inner;
        continue;
      }
      return false;
    }
    return false;
  }
}
