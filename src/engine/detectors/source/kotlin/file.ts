// Per-file state of the Kotlin detector: the evaluator and sink, the file's imports and own type
// names, the calls of the file by method name, and the questions the JCA handlers ask: what an
// argument stands for (through `val`s and scope functions), which calls are made on a crypto object
// later (`cipher.init(…)`, `.apply { init(…) }`, `.also { it.initialize(…) }`, `with(c) { init(…) }`),
// and what a key or spec says about sizes.
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction, LibraryRef } from '../../../inventory/model.js';
import type { Evaluator } from '../common/evaluate.js';
import { EvaluatedFile } from '../common/file-context.js';
import { knownConstant, pqcParameterSet } from '../common/jca-constants.js';
import { kindOf } from '../common/languages.js';
import type { DetectionSink } from '../common/sink.js';
import { callParts, functionName, lambdaParams, lambdaStatements, namedKids, pathText, suffixName, withTarget, arg, type KtCall } from './syntax.js';
import { withGeneratorDefaults, type KeyInfo as JvmKeyInfo } from '../common/key-info.js';

/** Scope functions whose lambda runs on their receiver: `this` (apply, run, with) or `it` (also, let). */
const THIS_SCOPES = new Set(['apply', 'run']);
const IT_SCOPES = new Set(['also', 'let']);

/** Java's key facts, plus the block modes an Android KeyGenParameterSpec fixes. */
export interface KeyInfo extends JvmKeyInfo {
  /** Android KeyGenParameterSpec block modes (`setBlockModes(KeyProperties.BLOCK_MODE_GCM)`). */
  modes?: string[];
}

export class KtFile extends EvaluatedFile {
  private readonly byName = new Map<string, KtCall[]>();
  private readonly originIds = new Map<number, number | null>();

  constructor(
    readonly root: SgNode,
    ev: Evaluator,
    readonly sink: DetectionSink,
    /** Simple name -> imported path (`Cipher` -> `javax.crypto.Cipher`; aliases by their alias). */
    readonly imports: ReadonlyMap<string, string>,
    /** Star-imported packages (`javax.crypto.*`). */
    readonly starImports: readonly string[],
    /** Classes, objects and interfaces the file declares. */
    readonly ownTypes: ReadonlySet<string>,
    calls: readonly KtCall[],
    /** The file's package (`com.acme.crypto`), if it declares one. */
    readonly pkg?: string,
  ) {
    super(ev);
    for (const c of calls) {
      const list = this.byName.get(c.name);
      if (list) list.push(c);
      else this.byName.set(c.name, [c]);
    }
  }

  /** The file's calls of a name (`SecretKeySpec`, `doFinal`), in source order. */
  callsNamed(name: string): readonly KtCall[] {
    return this.byName.get(name) ?? [];
  }

  algorithm(node: SgNode, symbol: string, spelling: string, params: AlgorithmParams, unresolved: AlgorithmParamName[], functions: CryptoFunction[], library?: LibraryRef): void {
    this.sink.algorithm(node, symbol, spelling, params, { unresolved, functions: [...new Set(functions)].sort(), ...(library ? { library } : {}) });
  }

  /** String value; library constants (`KeyProperties.KEY_ALGORITHM_AES`) count as their strings. */
  override str(node: SgNode | null | undefined): string | undefined {
    const v = this.ev.eval(node);
    if (v.kind === 'str') return v.value;
    if (v.kind === 'member') return knownConstant(v.path);
    return undefined;
  }

  /**
   * Whether a class written as `written` (`Cipher`, `javax.crypto.Cipher`, an alias) is the one from one
   * of `packages`: imported from there (by name or `.*`), or written fully qualified. A class the file
   * declares or imports from elsewhere is not; a name no import explains is taken as the library's when
   * no star import could supply it from elsewhere either (Kotlin files name JCA classes after `import
   * javax.crypto.*` or by their simple name with the import above).
   */
  isClassFrom(written: string, packages: readonly string[]): string | undefined {
    const found = this.classOf(written, packages);
    // `Outer.Inner` (`KeyGenParameterSpec.Builder`) is read by the caller.
    if (found !== undefined || written.includes('.')) return found;
    // No import names it: a same-package class or a missing import; Java's rule reads it as the library's
    // only when nothing else could define it, so a name the file never imports is accepted.
    return this.imports.has(written) || this.ownTypes.has(written) ? undefined : written;
  }

  /**
   * The class (or top-level function) a name written as `written` certainly denotes among `packages`'
   * (its simple name, also under an alias), or undefined: written qualified under one of them, imported
   * from one by name, star-imported from one, or used in a file of one of them. Stricter than isClassFrom
   * (which builds on it), which also takes a name imported from nowhere: libraries' names (`SslContextBuilder`,
   * `SelfSignedCertificate`, Ktor's `generateCertificate`) need a visible link.
   */
  classOf(written: string, packages: readonly string[]): string | undefined {
    const parts = written.split('.');
    const simple = parts.at(-1)!;
    if (parts.length > 1) return /^[a-z]/.test(parts[0]!) && packages.includes(parts.slice(0, -1).join('.')) ? simple : undefined;
    const imported = this.imports.get(simple);
    if (imported) {
      const i = imported.lastIndexOf('.');
      return packages.includes(imported.slice(0, i)) ? imported.slice(i + 1) : undefined;
    }
    if (this.ownTypes.has(simple)) return undefined;
    return this.starImports.some((p) => packages.includes(p)) || (this.pkg !== undefined && packages.includes(this.pkg)) ? simple : undefined;
  }

  /**
   * The expression an argument stands for: through `val`s, `!!`, casts, parentheses and `apply`/`also`
   * (which return their receiver), e.g. `val c = Cipher.getInstance(t).apply { … }` -> the getInstance call.
   */
  origin(node: SgNode | null | undefined): SgNode | undefined {
    let cur: SgNode | null | undefined = node;
    for (let i = 0; cur && i < 10; i++) {
      const k = kindOf(cur);
      if (k === 'parenthesized_expression' || k === 'as_expression' || k === 'value_argument' || (k === 'postfix_expression' && cur.text().endsWith('!!'))) {
        cur = k === 'value_argument' ? namedKids(cur).at(-1) : namedKids(cur)[0];
        continue;
      }
      if (k === 'call_expression') {
        const c = callParts(cur);
        if (c && c.receiver && (c.name === 'apply' || c.name === 'also') && c.lambda) {
          cur = c.receiver;
          continue;
        }
        return cur;
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

  private originId(node: SgNode): number | null {
    const id = node.id();
    let o = this.originIds.get(id);
    if (o === undefined) {
      o = this.origin(node)?.id() ?? null;
      this.originIds.set(id, o);
    }
    return o;
  }

  /** The object a call is made on: its receiver, or for a bare call in `apply {}`/`with(x) {}` the scope function's receiver. */
  private targetOf(call: KtCall): SgNode | undefined {
    if (call.receiver) {
      const r = call.receiver;
      if (kindOf(r) === 'this_expression') return this.lambdaReceiver(call.node, 'this');
      if (kindOf(r) === 'simple_identifier') {
        const name = r.text();
        const viaLambda = this.lambdaReceiver(call.node, name);
        if (viaLambda) return viaLambda;
      }
      return r;
    }
    return this.lambdaReceiver(call.node, 'this');
  }

  /**
   * The receiver of the scope-function lambda around `node` that `name` refers to: `this` in
   * `x.apply { … }`/`x.run { … }`/`with(x) { … }`, `it` (or the declared parameter) in `x.also { … }`/`x.let { … }`.
   */
  lambdaReceiver(node: SgNode, name: string): SgNode | undefined {
    for (const a of node.ancestors()) {
      const k = kindOf(a);
      if (k === 'function_declaration' || k === 'class_body') return undefined;
      if (k !== 'lambda_literal') continue;
      const call = a.parent()?.parent()?.parent();
      if (!call || kindOf(call) !== 'call_expression') continue;
      const w = withTarget(call);
      const c = callParts(call);
      const params = lambdaParams(a);
      if (name === 'this') {
        if (w) return w.target;
        if (c?.receiver && THIS_SCOPES.has(c.name)) return c.receiver;
        continue;
      }
      if (c?.receiver && IT_SCOPES.has(c.name) && (params.length === 0 ? name === 'it' : params[0] === name)) return c.receiver;
      if (params.includes(name)) return undefined;
    }
    return undefined;
  }

  /** Calls of `methods` made on the object `creation` made (through variables and scope functions), in source order. */
  linked(creation: SgNode, methods: readonly string[]): KtCall[] {
    const id = creation.id();
    const out: KtCall[] = [];
    for (const m of methods) {
      for (const c of this.byName.get(m) ?? []) {
        const target = this.targetOf(c);
        if (!target) continue;
        if (target.id() === id || this.originId(target) === id) out.push(c);
      }
    }
    return out.sort((a, b) => a.node.range().start.index - b.node.range().start.index);
  }

  /** Constructor or factory name of a call, with the package path written before it (`javax.crypto.spec.SecretKeySpec`). */
  createdType(node: SgNode | undefined): string | undefined {
    const c = node ? callParts(node) : undefined;
    if (!c) return undefined;
    if (!c.receiver) return c.name;
    const path = pathText(c.receiver);
    // `javax.crypto.spec.SecretKeySpec(…)`, `KeyGenParameterSpec.Builder(…)`.
    if (path && /^[A-Z]/.test(c.name) && (/^[a-z]/.test(path) || /^[A-Z]/.test(path.split('.').at(-1)!))) return /^[a-z]/.test(path) ? c.name : `${path.split('.').at(-1)}.${c.name}`;
    return undefined;
  }

  /** What a key, key pair or parameter expression says about sizes and curves. */
  keyInfo(node: SgNode | undefined, depth = 0): KeyInfo {
    const o = this.origin(node);
    if (!o || depth > 6) return {};
    const k = kindOf(o);
    if (k === 'call_expression') {
      const c = callParts(o)!;
      const type = this.createdType(o);
      switch (type) {
        case 'SecretKeySpec':
          return sized(bytesBits(this.value(arg(c, 0, 'key'))));
        case 'GCMParameterSpec': {
          // `GCMParameterSpec(128, buf, offset, len)`: the nonce is `len` bytes of a larger buffer.
          const len = c.args.length >= 4 ? this.int(arg(c, 3, 'len')) : undefined;
          return { ...tag(this.int(arg(c, 0, 'tLen'))), ...(len !== undefined ? { ivLength: len * 8 } : iv(this.value(arg(c, 1, 'src')))) };
        }
        case 'IvParameterSpec':
          return iv(this.value(arg(c, 0, 'iv')));
        case 'ECGenParameterSpec':
          return curveOf(this.str(arg(c, 0, 'stdName')));
        case 'RSAKeyGenParameterSpec':
          return sized(this.int(arg(c, 0, 'keysize')));
        case 'NamedParameterSpec': {
          const n = this.str(arg(c, 0));
          return n ? { named: n } : {};
        }
      }
      if (c.name === 'generateKey' || c.name === 'generateKeyPair' || c.name === 'genKeyPair') {
        // `kpg.generateKeyPair()`, or a bare `generateKeyPair()` in `kpg.run { … }`/`with(kpg) { … }`.
        const target = c.receiver ?? this.lambdaReceiver(o, 'this');
        const gen = target ? this.origin(target) : undefined;
        return gen ? this.generatorInfo(gen) : {};
      }
      // `x.run { …; value }`, `with(x) { …; value }`, `x.let { … }`: the lambda's last expression.
      if (c.lambda && /^(run|let|with)$/.test(c.name || (withTarget(o) ? 'with' : ''))) {
        const last = lambdaStatements(c.lambda).at(-1);
        if (last) return this.keyInfo(last, depth + 1);
      }
      if ((c.name === 'getPrivate' || c.name === 'getPublic') && c.receiver) return this.keyInfo(c.receiver, depth + 1);
      if (c.name === 'build' || /^set[A-Z]/.test(c.name)) return this.builderInfo(o);
      // A helper of the same file (`rsaKeys()`, `newKeyPair()`): what its return expressions give.
      if (!c.receiver) {
        for (const ret of this.returnsOf(c.name)) {
          const info = this.keyInfo(ret, depth + 1);
          if (Object.keys(info).length) return info;
        }
      }
      return {};
    }
    if (k === 'navigation_expression') {
      // Kotlin property syntax for getters: `pair.private`, `keyPair.public`.
      const name = suffixName(o);
      if (name === 'private' || name === 'public') return this.keyInfo(namedKids(o)[0], depth + 1);
      const v = this.ev.eval(o);
      if (v.kind === 'str') return { named: v.value };
      if (v.kind === 'member') {
        const pq = pqcParameterSet(v.path);
        if (pq) return { named: pq };
      }
    }
    return {};
  }

  private functions: Map<string, SgNode[]> | undefined;

  private returnsOf(name: string): SgNode[] {
    if (!this.functions) {
      this.functions = new Map();
      for (const f of this.root.findAll({ rule: { kind: 'function_declaration' } })) {
        const n = functionName(f);
        if (n) this.functions.set(n, [...(this.functions.get(n) ?? []), f]);
      }
    }
    const out: SgNode[] = [];
    for (const f of this.functions.get(name) ?? []) {
      const body = namedKids(f).find((c) => kindOf(c) === 'function_body');
      if (!body) continue;
      // `fun keys() = kpg.generateKeyPair()` or `return …` statements.
      if (!body.text().startsWith('{')) {
        const e = namedKids(body)[0];
        if (e) out.push(e);
      }
      for (const r of body.findAll({ rule: { kind: 'jump_expression', regex: '^return\\b' } })) {
        const e = namedKids(r)[0];
        if (e) out.push(e);
      }
    }
    return out;
  }

  /** Sizes given to a KeyGenerator/KeyPairGenerator (`init(256)`, `initialize(ECGenParameterSpec(…))`, an Android spec). */
  generatorInfo(gen: SgNode): KeyInfo {
    const made = callParts(gen);
    return withGeneratorDefaults((made && this.str(arg(made, 0, 'algorithm'))) ?? '', this.initInfo(gen));
  }

  /** What the generator's `init`/`initialize` call says (a size, a spec). */
  private initInfo(gen: SgNode): KeyInfo {
    for (const call of this.linked(gen, ['init', 'initialize'])) {
      const a0 = call.args[0]?.expr;
      if (!a0) continue;
      const v = this.value(a0);
      if (v.kind === 'int') return { keySize: v.value };
      const info = this.keyInfo(a0);
      if (Object.keys(info).length) return info;
    }
    return {};
  }

  /** Android `KeyGenParameterSpec.Builder(alias, purposes).setKeySize(256).setBlockModes(…)….build()`. */
  private builderInfo(chain: SgNode): KeyInfo {
    const info: KeyInfo = {};
    // Down the chain, also through a variable holding part of it (`val b = Builder(…).setBlockModes(…)`; `b.build()`).
    const calls: KtCall[] = [];
    for (let cur: SgNode | undefined = chain, i = 0; cur && i < 24; i++) {
      const c = callParts(cur);
      if (!c) break;
      calls.push(c);
      cur = c.receiver ? this.origin(c.receiver) : undefined;
    }
    calls.reverse();
    // The chain starts at the spec's builder: the AndroidKeyStore provider's defaults apply (withGeneratorDefaults).
    if (calls[0] && /^(?:android\.security\.keystore\.)?KeyGenParameterSpec\s*\.\s*Builder\s*\(/.test(calls[0].node.text())) info.androidKeystore = true;
    for (const c of calls) {
      const a0 = c.args[0]?.expr;
      if (c.name === 'setKeySize') {
        const n = this.int(a0);
        if (n !== undefined) info.keySize = n;
      } else if (c.name === 'setAlgorithmParameterSpec') {
        Object.assign(info, this.keyInfo(a0));
      } else if (c.name === 'setBlockModes') {
        const modes = c.args.map((a) => this.str(a.expr));
        if (modes.every((m): m is string => m !== undefined)) info.modes = modes;
      }
    }
    return info;
  }
}

function sized(bits: number | undefined): KeyInfo {
  return bits === undefined ? {} : { keySize: bits };
}
function tag(bits: number | undefined): KeyInfo {
  return bits === undefined ? {} : { tagLength: bits };
}
function iv(v: ReturnType<Evaluator['eval']>): KeyInfo {
  const b = bytesBits(v);
  return b === undefined ? {} : { ivLength: b };
}
function bytesBits(v: ReturnType<Evaluator['eval']>): number | undefined {
  return v.kind === 'bytes' && v.length !== undefined ? v.length * 8 : undefined;
}
function curveOf(name: string | undefined): KeyInfo {
  return name ? { curve: name } : {};
}
