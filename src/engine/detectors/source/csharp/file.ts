// Per-file state of the C# detector: the evaluator, the detection sink, and the questions every
// handler asks: an argument's string/integer/enum member, the expression a variable stands for, its
// declared type, and the property assignments and method calls made later on an algorithm object
// (`aes.KeySize = 256`, `new AesManaged { Mode = CipherMode.ECB }`, `rsa.SignData(…)`).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction, LibraryRef, SignalType } from '../../../inventory/model.js';
import type { Evaluator } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { EvaluatedFile } from '../common/file-context.js';
import { nodeSpan } from '../common/scopes.js';
import type { DetectionSink } from '../common/sink.js';
import { isConstantBytes } from '../common/value.js';
import { FUNCTION_KINDS, calleeOf, createdType, declaredTypeOf, simpleType } from './resolve.js';

export interface AlgorithmEmit {
  spelling: string;
  params?: AlgorithmParams;
  unresolved?: AlgorithmParamName[];
  functions?: CryptoFunction[];
  library?: LibraryRef;
}

export class CsFile extends EvaluatedFile {
  private assignments: SgNode[] | undefined;
  private invocationsByName: Map<string, SgNode[]> | undefined;

  constructor(
    readonly root: SgNode,
    ev: Evaluator,
    readonly sink: DetectionSink,
    /** Every invocation of the file (the detector's one query). */
    private readonly invocations: readonly SgNode[],
  ) {
    super(ev);
  }

  algorithm(node: SgNode, symbol: string, a: AlgorithmEmit): void {
    this.sink.algorithm(node, symbol, a.spelling, a.params ?? {}, {
      unresolved: a.unresolved ?? [],
      ...(a.functions?.length ? { functions: [...new Set(a.functions)].sort() } : {}),
      ...(a.library ? { library: a.library } : {}),
    });
  }

  signal(node: SgNode, symbol: string, signal: SignalType, detail: string, related?: { spelling: string; params: AlgorithmParams }, library?: LibraryRef): void {
    this.sink.signal(node, symbol, signal, detail, { ...(related ? { related } : {}), ...(library ? { library } : {}) });
  }

  /** `Type.Member` of an enum or static property argument (`CipherMode.ECB` -> [CipherMode, ECB]), through variables. */
  member(node: SgNode | null | undefined): { type: string; name: string } | undefined {
    const v = this.ev.eval(node);
    if (v.kind !== 'member') return undefined;
    const parts = v.path.split('.');
    if (parts.length < 2) return undefined;
    return { type: parts[parts.length - 2]!, name: parts[parts.length - 1]! };
  }

  /** Key size in bits of a byte-array argument whose length the file fixes. */
  keyBits(node: SgNode | null | undefined): number | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'bytes' && v.length !== undefined ? v.length * 8 : undefined;
  }

  /** Whether key or IV bytes are fixed in the source (a byte literal, a zero-filled array never filled, a string's bytes). */
  constantBytes(node: SgNode | null | undefined): boolean {
    if (!node) return false;
    const v = this.ev.eval(node);
    if (!isConstantBytes(v)) return false;
    if (v.kind === 'bytes' && v.origin === 'zero') {
      const name = this.filledName(node);
      if (name !== undefined && this.isFilled(name)) return false;
    }
    return true;
  }

  /** The expression a variable, field or property stands for (following `a = b`), or the node itself. */
  origin(node: SgNode | undefined): SgNode | undefined {
    let cur: SgNode | null | undefined = node;
    for (let i = 0; cur && i < 8; i++) {
      const k = kindOf(cur);
      if (k === 'parenthesized_expression' || k === 'cast_expression' || k === 'variable_declarator' || k === 'property_declaration' || k === 'arrow_expression_clause') {
        const s = this.ev.adapter.shape(cur);
        if (s.t !== 'group') return k === 'variable_declarator' ? undefined : cur;
        cur = s.inner;
        continue;
      }
      if (k === 'await_expression' || k === 'postfix_unary_expression') {
        cur = cur.namedChildren()[0];
        continue;
      }
      if (k !== 'identifier' && k !== 'member_access_expression') return cur;
      const b = this.ev.bindingOf(cur);
      if (!b) return cur;
      if (!b.value) return undefined;
      cur = b.value;
    }
    return cur ?? undefined;
  }

  /**
   * The .NET type of an expression as the file shows it: the type created by the call it comes from
   * (`RSA.Create()` -> RSA, `new HMACSHA256(k)` -> HMACSHA256), or the declared type of the variable,
   * field or parameter (`RSA rsa`, `ECDsa key`), without namespace.
   */
  typeOf(node: SgNode | undefined): string | undefined {
    if (!node) return undefined;
    const declared = this.declaredType(node);
    if (declared) return declared;
    const o = this.origin(node);
    if (!o) return undefined;
    const k = kindOf(o);
    if (k === 'object_creation_expression') return createdType(o);
    if (k === 'invocation_expression') {
      const callee = calleeOf(o);
      // `certificate.GetRSAPublicKey()`, `cert.GetECDsaPrivateKey()`: the key of a certificate.
      const key = /\.Get(RSA|ECDsa|DSA|ECDiffieHellman|MLDsa|MLKem|SlhDsa)(Public|Private)Key$/.exec(callee);
      if (key) return key[1];
      const m = /^(?:[\w.]+\.)?(\w+)\.(Create|GenerateKey|ImportFromPem|ImportPkcs8PrivateKey|ImportSubjectPublicKeyInfo)$/.exec(callee);
      return m?.[1];
    }
    return undefined;
  }

  /** The type written in a variable's declaration or a parameter's, when the node is a plain name. */
  private declaredType(node: SgNode): string | undefined {
    if (kindOf(node) !== 'identifier' && kindOf(node) !== 'member_access_expression') return undefined;
    const b = this.ev.bindingOf(node);
    if (!b) return undefined;
    if (b.value && kindOf(b.value) === 'variable_declarator') return declaredTypeOf(b.value) || undefined;
    if (!b.value) {
      // A parameter: find it by name in the enclosing function's parameter list.
      const name = node.text();
      for (const a of node.ancestors()) {
        const params = a.field('parameters');
        if (!params) continue;
        for (const p of params.namedChildren()) {
          if (kindOf(p) === 'parameter' && p.field('name')?.text() === name) {
            const t = p.field('type');
            return t ? simpleType(t.text()) : undefined;
          }
        }
      }
    }
    return undefined;
  }

  /** Whether two expressions stand for the same object (same node, or one is a variable holding the other). */
  private sameObject(obj: SgNode, target: SgNode): boolean {
    if (obj.id() === target.id()) return true;
    const o = this.origin(obj);
    return o !== undefined && o.id() === target.id();
  }

  /**
   * Property values set on the object `creation` makes: `x.Prop = v` for a variable `x` holding it,
   * and `new T { Prop = v }` on the creation itself. The last assignment in document order wins; one
   * made on some paths only (an `if` arm, a `case`, a loop body, a `catch`; see conditional) makes the
   * property unknown from there on, as the branch rule does for variables (resolve.ts): it maps to
   * null, which tells "set, value unknown" apart from "never set" (absent), where .NET's default holds.
   */
  properties(creation: SgNode, names: ReadonlySet<string>): Map<string, SgNode | null> {
    const out = new Map<string, SgNode | null>();
    const unknown = new Set<string>();
    const init = creation.field('initializer');
    for (const a of init?.namedChildren() ?? []) {
      if (kindOf(a) !== 'assignment_expression') continue;
      const l = a.field('left')?.text();
      const r = a.field('right');
      if (l && r && names.has(l)) out.set(l, r);
    }
    this.assignments ??= this.root.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', kind: 'member_access_expression' } } });
    for (const a of this.assignments) {
      const left = a.field('left')!;
      const prop = left.field('name')?.text();
      const obj = left.field('expression');
      const r = a.field('right');
      if (!prop || !names.has(prop) || !obj || !r) continue;
      if (!this.sameObject(obj, creation)) continue;
      if (conditional(a, creation)) unknown.add(prop);
      else unknown.delete(prop);
      out.set(prop, r);
    }
    for (const p of unknown) out.set(p, null);
    return out;
  }

  /** Method calls made on the object `creation` makes (`rsa.SignData(…)` for `var rsa = RSA.Create()`), in document order. */
  calls(creation: SgNode, methods: readonly string[]): SgNode[] {
    if (!this.invocationsByName) {
      this.invocationsByName = new Map();
      for (const inv of this.invocations) {
        const fn = inv.field('function');
        if (!fn || kindOf(fn) !== 'member_access_expression') continue;
        const name = fn.field('name')?.text() ?? '';
        const list = this.invocationsByName.get(name);
        if (list) list.push(inv);
        else this.invocationsByName.set(name, [inv]);
      }
    }
    const out: SgNode[] = [];
    for (const m of methods) {
      for (const inv of this.invocationsByName.get(m) ?? []) {
        const obj = inv.field('function')?.field('expression');
        if (obj && this.sameObject(obj, creation)) out.push(inv);
      }
    }
    return out.sort((a, b) => nodeSpan(a).start - nodeSpan(b).start);
  }

  private fillArgs: Set<string> | undefined;

  /** The variable name of a byte-array argument (`iv`, `this.iv`), for the "filled later" check. */
  private filledName(node: SgNode): string | undefined {
    const t = node.text().replace(/\s+/g, '').replace(/^this\./, '');
    return /^\w+$/.test(t) ? t : undefined;
  }

  /**
   * Whether a zero-filled array is written by a call: `RandomNumberGenerator.Fill(iv)`, `rng.GetBytes(iv)`,
   * `stream.Read(iv, …)`, `src.CopyTo(iv)`, `BinaryPrimitives.WriteUInt64BigEndian(nonce, counter)`, also
   * through a span of it (`iv.AsSpan(4)`, `nonce[..8]`). `stream.Write(iv)` reads the array: not a fill.
   */
  private isFilled(name: string): boolean {
    if (!this.fillArgs) {
      this.fillArgs = new Set();
      for (const inv of this.invocations) {
        if (!FILLING.test(calleeOf(inv))) continue;
        for (const a of inv.field('arguments')?.namedChildren() ?? []) this.fillArgs.add(bufferName(a.text()));
      }
    }
    return this.fillArgs.has(name);
  }
}

/** Calls that may write into an array argument (every array argument of `Array.Copy`/`Buffer.BlockCopy` counts). */
const FILLING = /(?:^|\.)(Fill|GetBytes|GetNonZeroBytes|Read|ReadExactly|ReadAtLeast|ReadAsync|ReadExactlyAsync|CopyTo|TryCopyTo|BlockCopy|Copy|NextBytes|TryWriteBytes)$|(?:^|\.)(BinaryPrimitives|MemoryMarshal)\.Write\w*$/;

/** The array an argument writes to: `ref iv`, `this.iv`, `iv.AsSpan(0, 4)`, `nonce[..8]` -> the name. */
function bufferName(arg: string): string {
  return arg.replace(/\s+/g, '').replace(/^(ref|out)(?=\w)/, '').replace(/^this\./, '').replace(/(\.(AsSpan|AsMemory|Slice)\([^)]*\)|\[[^\]]*\])+$/, '');
}

const BRANCH_KINDS = new Set(['if_statement', 'switch_section', 'switch_expression_arm', 'conditional_expression', 'for_statement', 'foreach_statement', 'while_statement', 'catch_clause']);

/** Whether a statement runs on some paths only, relative to the object it configures: inside a branch that does not also hold the creation. */
function conditional(stmt: SgNode, creation: SgNode): boolean {
  const c = nodeSpan(creation);
  for (const a of stmt.ancestors()) {
    const k = kindOf(a);
    if (FUNCTION_KINDS.has(k)) return false;
    if (!BRANCH_KINDS.has(k)) continue;
    const s = nodeSpan(a);
    if (!(s.start <= c.start && c.end <= s.end)) return true;
  }
  return false;
}
