// Per-file state of the PHP detector: the evaluator, the sink, the file's `use` imports, and the questions
// every handler asks (an argument by position or name, a constant's name, an array's entries, the call a
// variable was made by, the name a value is stored under).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction, LibraryRef, ProtocolFacts, SignalType } from '../../../inventory/model.js';
import type { KnowledgeBase } from '../../../kb/types.js';
import type { Args, Evaluator } from '../common/evaluate.js';
import { EvaluatedFile } from '../common/file-context.js';
import { kindOf } from '../common/languages.js';
import type { DetectionSink } from '../common/sink.js';
import { isConstantBytes, type Value } from '../common/value.js';
import { callArgs, type PhpAdapter } from './resolve.js';

export interface AlgorithmEmit {
  spelling: string;
  params?: AlgorithmParams;
  unresolved?: AlgorithmParamName[];
  functions?: CryptoFunction[];
}

/** A call the handlers read: its node, the name it was selected by, and its arguments. */
export interface PhpCall {
  node: SgNode;
  /** Lower-cased function name (`openssl_encrypt`), `Class::method` or `new Class` with the class's full name. */
  name: string;
  args: Args;
}

export class PhpFile extends EvaluatedFile {
  constructor(
    readonly kb: KnowledgeBase,
    ev: Evaluator,
    readonly adapter: PhpAdapter,
    readonly sink: DetectionSink,
    /** `use` imports: local class name -> fully qualified name without the leading `\`. */
    readonly imports: ReadonlyMap<string, string>,
    /** The namespace the file declares (classes named without a `use` are in it). */
    readonly namespace: string,
  ) {
    super(ev);
  }

  /** Argument `i` (0-based), or the named argument `name` (PHP 8). */
  arg(call: PhpCall, i: number, name?: string): SgNode | undefined {
    return (name !== undefined ? call.args.named.get(name) : undefined) ?? call.args.positional[i];
  }

  /** Whether argument `i` (or `name`) is written at all. */
  has(call: PhpCall, i: number, name?: string): boolean {
    return this.arg(call, i, name) !== undefined;
  }

  /** A builtin constant's name (`OPENSSL_ALGO_SHA256`, `RSA::ENCRYPTION_OAEP`) an argument holds, through variables and the file's constants. */
  constantName(node: SgNode | undefined): string | undefined {
    const v = this.ev.eval(node);
    if (v.kind === 'member') return v.path.replace(/^\\/, '');
    return undefined;
  }

  bool(node: SgNode | null | undefined): boolean | undefined {
    const v = this.ev.eval(node);
    if (v.kind === 'bool') return v.value;
    if (v.kind === 'int') return v.value !== 0;
    return undefined;
  }

  /** Byte length of a key or buffer argument, when the source fixes it. */
  byteLength(node: SgNode | null | undefined): number | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'bytes' ? v.length : v.kind === 'str' ? Buffer.byteLength(v.value, 'latin1') : undefined;
  }

  /**
   * Key or IV bytes fixed in the source: a non-empty string literal (or one built of literals), zero bytes,
   * `hex2bin('…')`. Not a literal a caller passes to the function's parameter (Evaluator.evalOwn).
   */
  constantBytes(node: SgNode | null | undefined): boolean {
    return constantValue(this.ev.evalOwn(node));
  }

  /** A password or secret written in the source here as a string (not one a caller passes in). */
  literalString(node: SgNode | null | undefined): string | undefined {
    const value = this.ev.evalOwn(node);
    return value.kind === 'str' ? value.value : undefined;
  }

  /** The expression a variable or constant stands for (through assignment chains), or the node itself. */
  origin(node: SgNode | null | undefined): SgNode | null {
    let cur = node ?? null;
    for (let i = 0; cur && i < 8; i++) {
      const k = kindOf(cur);
      if (k === 'parenthesized_expression' || k === 'error_suppression_expression') {
        cur = cur.namedChildren()[0] ?? null;
        continue;
      }
      if (k === 'variable_name' || k === 'name' || k === 'class_constant_access_expression' || k === 'member_access_expression') {
        const b = this.ev.bindingOf(cur);
        if (!b) return cur;
        if (!b.value) return null;
        cur = b.value;
        continue;
      }
      return cur;
    }
    return cur;
  }

  /** String-keyed entries of an array literal (also one held by a variable): `['cost' => 12]`. */
  arrayEntries(node: SgNode | null | undefined): Map<string, SgNode> | undefined {
    const arr = this.origin(node);
    if (!arr || kindOf(arr) !== 'array_creation_expression') return undefined;
    const out = new Map<string, SgNode>();
    for (const e of arr.namedChildren()) {
      if (kindOf(e) !== 'array_element_initializer') continue;
      const parts = e.namedChildren().filter((c) => !kindOf(c).endsWith('comment'));
      if (parts.length !== 2) continue;
      const key = this.ev.eval(parts[0]);
      const name = key.kind === 'str' ? key.value : key.kind === 'member' ? key.path : undefined;
      if (name !== undefined) out.set(name, parts[1]!);
    }
    return out;
  }

  /** Arguments of a call node (function, method, static or `new`). */
  argsOf(call: SgNode): Args {
    return callArgs(call);
  }

  /** The fully qualified name of a class as written (`AES`, `\phpseclib3\Crypt\AES`, `Crypt\AES`). */
  className(written: string): string {
    if (written.startsWith('\\')) return written.slice(1);
    const [head, ...rest] = written.split('\\');
    const imported = this.imports.get(head!.toLowerCase());
    if (imported) return [imported, ...rest].join('\\');
    return this.namespace ? `${this.namespace}\\${written}` : written;
  }

  algorithm(node: SgNode, symbol: string, a: AlgorithmEmit, library?: LibraryRef): void {
    this.sink.algorithm(node, symbol, a.spelling, a.params ?? {}, {
      unresolved: a.unresolved ?? [],
      ...(a.functions?.length ? { functions: [...new Set(a.functions)].sort() } : {}),
      ...(library ? { library } : {}),
    });
  }

  signal(node: SgNode, symbol: string, signal: SignalType, detail: string, related?: { spelling: string; params?: AlgorithmParams }, library?: LibraryRef): void {
    this.sink.signal(node, symbol, signal, detail, {
      ...(related ? { related: { spelling: related.spelling, params: related.params ?? {} } } : {}),
      ...(library ? { library } : {}),
    });
  }

  protocol(node: SgNode, symbol: string, facts: ProtocolFacts): void {
    this.sink.protocol(node, symbol, facts);
  }
}

/** Whether a value is key or IV material fixed in the source (an empty string is no key at all). */
export function constantValue(v: Value): boolean {
  if (v.kind === 'bytes') return v.length !== 0 && isConstantBytes(v);
  return v.kind === 'str' && v.value.length > 0;
}
