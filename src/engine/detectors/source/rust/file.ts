// Per-file state of the Rust detector: the evaluator, the sink, the file's types and paths, and the
// questions every handler asks (an argument's integer or bytes, the call a variable was made by, the
// type a `let` declares).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction, LibraryRef, ProtocolFacts, SignalType } from '../../../inventory/model.js';
import type { KnowledgeBase } from '../../../kb/types.js';
import type { Evaluator } from '../common/evaluate.js';
import { EvaluatedFile } from '../common/file-context.js';
import { kindOf } from '../common/languages.js';
import type { DetectionSink } from '../common/sink.js';
import { isConstantBytes } from '../common/value.js';
import { candidates, type RustType, type TypeReader } from './paths.js';
import type { RustAdapter } from './resolve.js';

export interface AlgorithmEmit {
  spelling: string;
  params?: AlgorithmParams;
  unresolved?: AlgorithmParamName[];
  functions?: CryptoFunction[];
}

/** A call written as `Type::method(args)` (or `<Type as Trait>::method`, `Type::<Args>::method`). */
export interface TypeCall {
  call: SgNode;
  type: RustType;
  method: string;
  /** Turbofish of the method itself: `Oaep::new::<Sha256>()`. */
  methodArgs: RustType[];
  args: SgNode[];
}

export class RsFile extends EvaluatedFile {
  constructor(
    readonly kb: KnowledgeBase,
    ev: Evaluator,
    readonly adapter: RustAdapter,
    readonly types: TypeReader,
    readonly sink: DetectionSink,
    /** The file's syntax tree (for questions about the whole file: the calls that use a constant or a key). */
    readonly root: SgNode,
  ) {
    super(ev);
  }

  private readonly callsByName = new Map<string, SgNode[]>();

  /** Calls of the file whose function (path or method) ends in one of `names`, in source order; cached per regex. */
  callsNamed(names: string): SgNode[] {
    let calls = this.callsByName.get(names);
    if (!calls) {
      const re = new RegExp(`(^|::|\\.)\\s*(${names})$`);
      calls = this.root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: `\\b(${names})\\b` } } })
        .filter((c) => re.test((c.field('function')?.text() ?? '').replace(/::<[^()]*>$/, '')));
      this.callsByName.set(names, calls);
    }
    return calls;
  }

  /** The name a `let` binds the value of `node` to (through `?`, `.unwrap()`, `.expect(…)`), if any. */
  boundName(node: SgNode): { name: string; decl: SgNode } | undefined {
    let cur: SgNode = node;
    for (let i = 0; i < 6; i++) {
      const parent = cur.parent();
      if (!parent) return undefined;
      const k = kindOf(parent);
      if (k === 'let_declaration') {
        const pattern = parent.field('pattern');
        const id = pattern && kindOf(pattern) === 'mut_pattern' ? pattern.namedChildren().find((c) => kindOf(c) === 'identifier') : pattern;
        return id && kindOf(id) === 'identifier' ? { name: id.text(), decl: parent } : undefined;
      }
      if (k === 'try_expression' || k === 'reference_expression') {
        cur = parent;
        continue;
      }
      if (k === 'field_expression' && /^(unwrap|expect|into|clone|to_owned)$/.test(parent.field('field')?.text() ?? '')) {
        const call = parent.parent();
        if (!call || kindOf(call) !== 'call_expression') return undefined;
        cur = call;
        continue;
      }
      return undefined;
    }
    return undefined;
  }

  algorithm(node: SgNode, symbol: string, a: AlgorithmEmit, library?: LibraryRef): void {
    this.sink.algorithm(node, symbol, a.spelling, a.params ?? {}, {
      unresolved: a.unresolved ?? [],
      ...(a.functions?.length ? { functions: [...new Set(a.functions)].sort() } : {}),
      ...(library ? { library } : {}),
    });
  }

  signal(node: SgNode, symbol: string, signal: SignalType, detail: string, related?: { spelling: string; params?: AlgorithmParams }): void {
    this.sink.signal(node, symbol, signal, detail, related ? { related: { spelling: related.spelling, params: related.params ?? {} } } : {});
  }

  protocol(node: SgNode, symbol: string, facts: ProtocolFacts): void {
    this.sink.protocol(node, symbol, facts);
  }

  bool(node: SgNode | null | undefined): boolean | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'bool' ? v.value : undefined;
  }

  /** Byte length of a key or buffer argument, when the source fixes it. */
  byteLength(node: SgNode | null | undefined): number | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'bytes' ? v.length : v.kind === 'str' ? Buffer.byteLength(v.value) : undefined;
  }

  /**
   * Key or IV bytes fixed in the source: a byte-string or array literal, or an immutable zero array. Not a
   * string a caller passes to the function's parameter (`cipher("k3y")` into `key.as_bytes()`: Evaluator.evalOwn).
   */
  constantBytes(node: SgNode | null | undefined): boolean {
    const v = this.ev.evalOwn(node);
    // An empty literal (`&[]`, `b""`) is no key at all: nothing to hard-code.
    if (v.kind === 'bytes' && v.length === 0) return false;
    return isConstantBytes(v) || (v.kind === 'str' && v.value.length > 0);
  }

  /** The expression a variable stands for (through `let` chains and pass-through calls), or the node. */
  origin(node: SgNode | null | undefined): SgNode | null {
    let cur = node ?? null;
    for (let i = 0; cur && i < 8; i++) {
      const k = kindOf(cur);
      if (k === 'reference_expression' || k === 'parenthesized_expression' || k === 'try_expression') {
        cur = cur.field('value') ?? cur.namedChildren()[0] ?? null;
        continue;
      }
      if (k === 'call_expression') {
        const fn = cur.field('function');
        // `.unwrap()`, `.clone()`, `.into()` and `?` keep the value they are called on.
        if (fn && kindOf(fn) === 'field_expression' && /^(unwrap|expect|clone|into|as_ref|to_owned|unwrap_or_default)$/.test(fn.field('field')?.text() ?? '')) {
          cur = fn.field('value');
          continue;
        }
        return cur;
      }
      if (k === 'identifier') {
        const next = this.ev.origin(cur, 1);
        if (!next || next === cur || next.id() === cur.id()) return next;
        cur = next;
        continue;
      }
      return cur;
    }
    return cur;
  }

  /** `Type::method(args)` when a call is written so; the owner type comes from a `let x: T = Trait::new()` annotation when the path names a trait. */
  typeCall(call: SgNode): TypeCall | undefined {
    const fn = call.field('function');
    if (!fn) return undefined;
    let path = fn;
    let methodArgs: RustType[] = [];
    if (kindOf(fn) === 'generic_function') {
      const inner = fn.field('function');
      if (!inner) return undefined;
      path = inner;
      methodArgs = (fn.field('type_arguments')?.namedChildren() ?? []).map((a) => this.types.typeOf(a)).filter((t): t is RustType => t !== undefined);
    }
    if (kindOf(path) !== 'scoped_identifier') return undefined;
    const owner = path.field('path');
    const method = path.field('name')?.text();
    if (!owner || !method) return undefined;
    const type = this.types.typeOf(owner);
    if (!type) return undefined;
    const args = call.field('arguments')?.namedChildren().filter((c) => !kindOf(c).endsWith('comment')) ?? [];
    return { call, type, method, methodArgs, args };
  }

  /** The type a `let` gives the value of `call` (`let mac: HmacSha256 = Mac::new_from_slice(k)?`), if any. */
  declaredType(call: SgNode): RustType | undefined {
    let cur: SgNode | null = call;
    for (let i = 0; cur && i < 4; i++) {
      const parent: SgNode | null = cur.parent();
      if (!parent) return undefined;
      const k = kindOf(parent);
      if (k === 'let_declaration') return this.types.typeOf(parent.field('type'));
      // `HmacWriter { inner: Hmac::new_from_slice(k)? }`: the type the struct declares for the field.
      if (k === 'field_initializer') return this.fieldType(parent);
      if (k === 'try_expression' || (k === 'field_expression') || (k === 'call_expression' && cur.id() !== call.id() && kindOf(cur) === 'field_expression')) {
        cur = parent;
        continue;
      }
      return undefined;
    }
    return undefined;
  }

  /** The declared type of the field a struct expression's initializer sets, for a struct of this file (`Self { … }` in its `impl`). */
  private fieldType(init: SgNode): RustType | undefined {
    const field = init.field('field')?.text();
    const expr = init.parent()?.parent();
    if (!field || !expr || kindOf(expr) !== 'struct_expression') return undefined;
    // `AppState::<Backend> { … }`: the turbofish and its `::` are not part of the name.
    let name = expr.field('name')?.text().replace(/(::)?\s*<.*$/s, '').split('::').pop();
    if (name === 'Self') name = this.adapter.enclosingClass(expr);
    if (!name) return undefined;
    for (const item of this.root.findAll({ rule: { kind: 'struct_item', has: { field: 'name', regex: `^${name}$` } } })) {
      for (const decl of item.field('body')?.findAll({ rule: { kind: 'field_declaration' } }) ?? []) {
        if (decl.field('name')?.text() === field) return this.types.typeOf(decl.field('type'));
      }
    }
    return undefined;
  }

  /** The canonical paths a path node may stand for (`SHA256` after `use ring::digest::*`). */
  pathsOf(node: SgNode): string[] {
    return candidates(this.types.uses, node.text());
  }
}
