// Per-file state of the C/C++ detector: the evaluator, the detections so far, and the argument
// questions every handler asks (integer, string, library constant, constant bytes, the call that made
// a value, the other calls made on the same context object in the same function).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction, Detection, LibraryRef, ProtocolFacts, SignalType } from '../../../inventory/model.js';
import type { KnowledgeBase } from '../../../kb/types.js';
import type { Evaluator } from '../common/evaluate.js';
import type { DetectionSink } from '../common/sink.js';
import { UNKNOWN, type Value } from '../common/value.js';
import { calleeName, declaredName, type CAdapter } from './resolve.js';

export interface AlgorithmEmit {
  spelling: string;
  params?: AlgorithmParams;
  unresolved?: AlgorithmParamName[];
  functions?: CryptoFunction[];
}

/** Calls whose arguments, when they contain a buffer's name, fill that buffer (so it is not a constant IV or key). */
const NOT_FILLING = /^(EVP_(Encrypt|Decrypt|Cipher)Init(_ex2?)?|memset|explicit_bzero|OPENSSL_cleanse|sizeof|printf|fprintf)$/;

/**
 * NaCl's function names (`crypto_box`, `crypto_hash_sha512`, `crypto_scalarmult_curve25519`) are also
 * those of NaCl itself, TweetNaCl and the copies projects bundle (OpenSSH's `crypto_api.h`): the
 * algorithm is the same, but the call is libsodium's only in a file that includes its header.
 */
const SODIUM_HEADER = /#\s*include\s*[<"](sodium\.h|sodium\/)/;

export class CFile {
  /** Whether the file includes libsodium's header: read on the first libsodium call only. */
  private includesSodium: boolean | undefined;

  constructor(
    readonly root: SgNode,
    readonly ev: Evaluator,
    readonly kb: KnowledgeBase,
    readonly sink: DetectionSink,
    private readonly text = '',
  ) {}

  /**
   * The library a handler names, unless it is libsodium and the file does not include libsodium; none
   * for an API that names no library (PKCS#11: the token's module is chosen at run time).
   */
  private provider(library: LibraryRef | undefined): LibraryRef | undefined {
    if (library?.name !== 'libsodium') return library;
    this.includesSodium ??= SODIUM_HEADER.test(this.text);
    return this.includesSodium ? library : undefined;
  }

  detections(): Detection[] {
    return this.sink.detections;
  }

  algorithm(node: SgNode, library: LibraryRef | undefined, a: AlgorithmEmit): void {
    const provider = this.provider(library);
    this.sink.algorithm(node, symbolOf(node), a.spelling, a.params ?? {}, {
      unresolved: a.unresolved ?? [],
      ...(a.functions ? { functions: a.functions } : {}),
      ...(provider ? { library: provider } : {}),
    });
  }

  signal(node: SgNode, library: LibraryRef | undefined, signal: SignalType, detail: string, related?: { spelling: string; params: AlgorithmParams }): void {
    const provider = this.provider(library);
    this.sink.signal(node, symbolOf(node), signal, detail, { ...(provider ? { library: provider } : {}), ...(related ? { related } : {}) });
  }

  protocol(node: SgNode, library: LibraryRef | undefined, protocol: ProtocolFacts): void {
    this.sink.protocol(node, symbolOf(node), protocol, this.provider(library));
  }

  eval(node: SgNode | undefined): Value {
    return this.ev.eval(node);
  }

  int(node: SgNode | undefined): number | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'int' ? v.value : undefined;
  }

  str(node: SgNode | undefined): string | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'str' ? v.value : undefined;
  }

  /**
   * The expression a value comes from, following same-file bindings (`int nid = NID_secp384r1;`,
   * `#define CURVE NID_secp384r1`): a call, a literal, or an identifier the file never binds (a
   * library constant). Undefined when it comes from outside (a parameter, a struct field).
   */
  origin(node: SgNode | undefined): SgNode | undefined {
    let cur = node;
    for (let i = 0; cur && i < 12; i++) {
      const s = this.ev.adapter.shape(cur);
      if (s.t === 'group') {
        cur = s.inner;
        continue;
      }
      if (s.t !== 'name') return cur;
      const b = this.ev.symbols.lookup(s.name, cur.range().start.index);
      if (!b) return cur;
      if (!b.value) return undefined;
      cur = b.value.kind() === 'init_declarator' ? (b.value.field('value') ?? undefined) : b.value;
    }
    return undefined;
  }

  /** Spelling of a library constant argument (`NID_X9_62_prime256v1`, `RSA_PKCS1_OAEP_PADDING`), through same-file aliases. */
  symbol(node: SgNode | undefined): string | undefined {
    const o = this.origin(node);
    if (o === undefined && node) {
      // A parameter: the constant the file's call of the case being run passes (Evaluator.eachCase).
      const v = this.ev.eval(node);
      return v.kind === 'member' && !(this.ev.adapter as CAdapter).libraryCall(v) ? v.path : undefined;
    }
    return o?.kind() === 'identifier' && o.text() !== 'NULL' ? o.text() : undefined;
  }

  /** The call that produced a value (`EVP_sha256()` behind `md`), or undefined. */
  producer(node: SgNode | undefined): { callee: string; call: SgNode } | undefined {
    const o = this.origin(node);
    if (o === undefined && node) {
      // A parameter: the call the file's call of the case being run passes (`derive(…, EVP_sha256())`).
      const call = (this.ev.adapter as CAdapter).libraryCall(this.ev.eval(node));
      return call ? { callee: calleeName(call), call } : undefined;
    }
    return o?.kind() === 'call_expression' ? { callee: calleeName(o), call: o } : undefined;
  }

  /**
   * The strings a local variable may hold at `node` when no single one is certain (assigned in
   * several branches: libssh2 picks `evp_name = "ML-KEM-768"` in a `switch` on the key size): every
   * assignment and initialiser of that name in the function before `node`, when each is a string
   * (NULL ones aside). Undefined for a parameter, or when any value is not a known string.
   */
  alternatives(node: SgNode | undefined): string[] | undefined {
    if (node?.kind() !== 'identifier') return undefined;
    const name = node.text();
    const fn = node.ancestors().find((a) => a.kind() === 'function_definition');
    if (!fn) return undefined;
    const at = node.range().start.index;
    const params = fn.field('declarator')?.findAll({ rule: { kind: 'parameter_declaration' } }) ?? [];
    if (params.some((p) => declaredName(p.field('declarator'))?.text() === name)) return undefined;
    const values: SgNode[] = [];
    for (const n of fn.findAll({ rule: { any: [{ kind: 'assignment_expression' }, { kind: 'init_declarator' }] } })) {
      if (n.range().start.index >= at) continue;
      if (n.kind() === 'assignment_expression') {
        if (n.field('left')?.text() !== name) continue;
        if (n.field('operator')?.text() !== '=') return undefined;
        values.push(n.field('right')!);
      } else if (declaredName(n.field('declarator'))?.text() === name) {
        values.push(n.field('value')!);
      }
    }
    const out = new Set<string>();
    // `bits == 768 ? "ML-KEM-768" : "ML-KEM-1024"`: either arm.
    for (const v of [...values]) {
      if (v.kind() !== 'conditional_expression') continue;
      values.splice(values.indexOf(v), 1, ...[v.field('consequence'), v.field('alternative')].filter((x): x is SgNode => x !== null));
    }
    for (const v of values) {
      const e = this.ev.eval(v);
      if (e.kind === 'none' || (e.kind === 'int' && e.value === 0)) continue;
      if (e.kind !== 'str') return undefined;
      out.add(e.value);
    }
    return out.size ? [...out] : undefined;
  }

  /** Whether an argument is NULL / nullptr / 0 (an optional argument left out). */
  isNull(node: SgNode | undefined): boolean {
    const v = this.ev.eval(node);
    return v.kind === 'none' || (v.kind === 'int' && v.value === 0);
  }

  /** Key size in bits of a buffer argument whose length the file fixes, or undefined. */
  keyBits(node: SgNode | undefined): number | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'bytes' && v.length !== undefined ? v.length * 8 : undefined;
  }

  /**
   * Whether a key or IV argument is fixed in the source: a string literal, an array initialised with
   * literal bytes, or a zero-filled array (`= {0}`, a static array) that no call of the file fills.
   */
  constantBytes(node: SgNode | undefined): boolean {
    if (!node) return false;
    const v = this.secret(node);
    if (v.kind === 'str') return v.value.length > 0;
    if (v.kind !== 'bytes') return false;
    if (v.origin === 'literal') return true;
    if (v.origin !== 'zero') return false;
    const name = this.origin(node) === undefined ? undefined : baseName(node);
    return name !== undefined && !this.filled(name);
  }

  /**
   * A secret argument's value (a key, an IV, a password), unknown when it depends on what a helper's
   * callers pass: written at a caller, it is not reported at the helper, where the evidence would point.
   */
  private secret(node: SgNode | undefined): Value {
    return this.ev.evalOwn(node);
  }

  /** Whether a string or byte literal is passed (a password written in the source). */
  literalSecret(node: SgNode | undefined): boolean {
    const v = this.secret(node);
    return (v.kind === 'str' && v.value.length > 0) || (v.kind === 'bytes' && v.origin === 'literal');
  }

  private fillArgs: string[] | undefined;

  /** Whether `name` is an argument of a call that may write it (RAND_bytes, memcpy, read, a helper). */
  private filled(name: string): boolean {
    if (!this.fillArgs) {
      this.fillArgs = [];
      for (const call of this.root.findAll({ rule: { kind: 'call_expression' } })) {
        if (NOT_FILLING.test(calleeName(call))) continue;
        for (const a of call.field('arguments')?.namedChildren() ?? []) this.fillArgs.push(a.text().replace(/\s+/g, ''));
      }
    }
    return this.fillArgs.some((a) => a === name || a === `&${name}` || a.startsWith(`${name}+`) || a.startsWith(`&${name}[`) || a.startsWith(`${name}[`));
  }

  /**
   * Calls made in the same function on the object `target` (first argument with the same text),
   * after `from`: `EVP_PKEY_CTX_set_rsa_keygen_bits(ctx, 3072)` for `ctx = EVP_PKEY_CTX_new_id(…)`
   * (or with `target` as the argument at `argIndex`: `&pctx` of `EVP_DigestSignInit(md, &pctx, …)`).
   */
  callsOn(target: string, from: SgNode, names: RegExp, argIndex = 0): SgNode[] {
    const fn = from.ancestors().find((a) => a.kind() === 'function_definition');
    if (!fn) return [];
    const start = from.range().start.index;
    return fn.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: names.source } } }).filter((c) => {
      const first = c.field('arguments')?.namedChildren()[argIndex];
      return c.range().start.index > start && first !== undefined && first.text().replace(/\s+/g, '') === target && names.test(calleeName(c));
    });
  }
}

/** The variable a call's result is stored in (`ctx` of `ctx = EVP_PKEY_CTX_new_id(…)` or `EVP_PKEY_CTX *ctx = …`). */
export function assignedName(call: SgNode): string | undefined {
  const p = call.parent();
  if (!p) return undefined;
  if (p.kind() === 'assignment_expression' && p.field('right')?.id() === call.id()) return p.field('left')?.text().replace(/\s+/g, '');
  if (p.kind() === 'init_declarator') {
    let d = p.field('declarator');
    while (d && d.kind() !== 'identifier') d = d.field('declarator') ?? null;
    return d?.text();
  }
  return undefined;
}

/** The buffer name of an argument (`iv`, `&iv[0]`, `iv + 0` -> `iv`). */
function baseName(node: SgNode): string | undefined {
  const m = /^&?\(?([A-Za-z_]\w*)/.exec(node.text().replace(/\s+/g, ''));
  return m?.[1];
}

/** Symbol shown as evidence: the called function (`EVP_EncryptInit_ex`), or the node's text. */
export function symbolOf(node: SgNode): string {
  if (node.kind() === 'call_expression') return calleeName(node);
  return node.text().replace(/\s+/g, ' ').slice(0, 120);
}
