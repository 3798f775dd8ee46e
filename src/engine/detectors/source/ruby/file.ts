// Per-file state of the Ruby detector: the evaluator and sink, the calls and setter assignments the
// file's query selected (by method name, for linking), and the questions the handlers ask: what an
// argument stands for (through locals, constants, instance variables and methods that return their
// receiver: `OpenSSL::Cipher.new(n).encrypt`), and which calls and setters are made on an object later
// (`cipher.decrypt`, `cipher.key = …`, `cipher.auth_tag_len = 16`).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import type { KnowledgeBase } from '../../../kb/types.js';
import type { Evaluator } from '../common/evaluate.js';
import { EvaluatedFile } from '../common/file-context.js';
import { kindOf } from '../common/languages.js';
import type { DetectionSink } from '../common/sink.js';
import { isConstantBytes, type Value } from '../common/value.js';
import { callParts, stringBytes, type RbCall } from './resolve.js';

/** Methods that return their receiver (`OpenSSL::Cipher.new(n).encrypt`, `.tap { … }`). */
const RETURNS_SELF = new Set(['encrypt', 'decrypt', 'tap', 'freeze', 'generate_key!', 'generate_key']);

/** A setter written as an assignment: `cipher.key = k` is the call `key=` on `cipher` with `k`. */
export interface Setter {
  node: SgNode;
  receiver: SgNode;
  name: string;
  value: SgNode;
}

export interface AlgorithmSpec {
  spelling: string;
  params?: AlgorithmParams;
  unresolved?: AlgorithmParamName[];
  functions?: CryptoFunction[];
  library?: LibraryRef;
}

export class RbFile extends EvaluatedFile {
  private readonly callsByName = new Map<string, RbCall[]>();
  private readonly settersByName = new Map<string, Setter[]>();
  private readonly originIds = new Map<number, number | null>();

  constructor(
    readonly root: SgNode,
    ev: Evaluator,
    readonly sink: DetectionSink,
    readonly text: string,
    calls: readonly RbCall[],
    setters: readonly Setter[],
    /** Names OpenSSL 3 takes for keys (`ML-KEM-768`) and digests (`RSA-SHA256`) are read through it. */
    readonly kb: KnowledgeBase,
  ) {
    super(ev);
    for (const c of calls) push(this.callsByName, c.method, c);
    for (const s of setters) push(this.settersByName, s.name, s);
  }

  algorithm(node: SgNode, symbol: string, a: AlgorithmSpec): void {
    this.sink.algorithm(node, symbol, a.spelling, a.params ?? {}, {
      ...(a.unresolved ? { unresolved: a.unresolved } : {}),
      ...(a.functions ? { functions: [...new Set(a.functions)].sort() } : {}),
      ...(a.library ? { library: a.library } : {}),
    });
  }

  /**
   * The expression a value stands for: through locals, constants and instance variables, parentheses,
   * and methods that return their receiver; `x ||= v` is `v`.
   */
  origin(node: SgNode | null | undefined): SgNode | undefined {
    let cur: SgNode | null | undefined = node;
    for (let i = 0; cur && i < 10; i++) {
      const k = kindOf(cur);
      if (k === 'parenthesized_statements') {
        const inner = cur.namedChildren();
        if (inner.length !== 1) return cur;
        cur = inner[0];
        continue;
      }
      if (k === 'call') {
        const c = callParts(cur);
        if (c?.receiver && RETURNS_SELF.has(c.method) && c.positional.length === 0) {
          cur = c.receiver;
          continue;
        }
        return cur;
      }
      if (k === 'identifier' || k === 'constant' || k === 'instance_variable' || k === 'class_variable' || k === 'scope_resolution') {
        const next = this.ev.origin(cur, 1);
        if (!next || next.id() === cur.id()) return next ?? undefined;
        cur = next;
        continue;
      }
      return cur;
    }
    return cur ?? undefined;
  }

  private originId(node: SgNode): number | null {
    const id = node.id();
    let o = this.originIds.get(id);
    if (o === undefined) {
      o = this.origin(node)?.id() ?? null;
      this.originIds.set(id, o);
    }
    return o;
  }

  /** Whether `target` is the object `creation` made (the same node, or a name bound to it). */
  private isObject(target: SgNode, creation: SgNode): boolean {
    const id = creation.id();
    return target.id() === id || this.originId(target) === id;
  }

  /** Calls of `methods` made on the object `creation` made, in source order (the creation's own chain included). */
  linked(creation: SgNode, methods: readonly string[]): RbCall[] {
    const out: RbCall[] = [];
    for (const m of methods) for (const c of this.callsByName.get(m) ?? []) if (c.receiver && this.isObject(c.receiver, creation)) out.push(c);
    return out.sort((a, b) => a.node.range().start.index - b.node.range().start.index);
  }

  /** The calls of a method the file's query selected (`set_params`), whatever their receiver. */
  callsNamed(method: string): readonly RbCall[] {
    return this.callsByName.get(method) ?? [];
  }

  /** Setters (`obj.key = v`) of `names` on the object `creation` made, in source order. */
  setters(creation: SgNode, names: readonly string[]): Setter[] {
    const out: Setter[] = [];
    for (const n of names) for (const s of this.settersByName.get(n) ?? []) if (this.isObject(s.receiver, creation)) out.push(s);
    return out.sort((a, b) => a.node.range().start.index - b.node.range().start.index);
  }

  /** Bytes a key, IV or salt argument holds: strings count as their bytes. */
  bytesOf(node: SgNode | null | undefined): Value {
    const v = this.value(node);
    return v.kind === 'str' ? stringBytes(v.value) : v;
  }

  /**
   * Key or IV bytes written in the source (a literal, or all zero); an empty string is no key. Not a string
   * a caller passes to the method's parameter: that literal is the caller's (Evaluator.evalOwn).
   */
  constantBytes(node: SgNode | null | undefined): boolean {
    const value = this.ev.evalOwn(node);
    const v = value.kind === 'str' ? stringBytes(value.value) : value;
    return isConstantBytes(v) && (v.kind !== 'bytes' || v.length !== 0);
  }

  /** Length in bytes of a key/IV/salt argument, when known. */
  byteLength(node: SgNode | null | undefined): number | undefined {
    const v = this.bytesOf(node);
    return v.kind === 'bytes' ? v.length : undefined;
  }
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
