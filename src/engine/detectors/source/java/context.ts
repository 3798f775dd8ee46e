// Per-file state the Java handlers share: the evaluator, imports, the detection sink, and the
// linking of a crypto object to the calls made on it later (`kg.init(256)`, `cipher.init(.., key, spec)`).
import type { SgNode } from '@ast-grep/napi';
import type { Evaluator } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import type { DetectionSink } from '../common/sink.js';
import { asInt, asString, memberName, type Value } from '../common/value.js';
import { callArguments, calleeOf, createdType } from './adapter.js';
import { dotted as dottedText } from '../common/evaluate.js';
import { knownConstant, pqcParameterSet } from '../common/jca-constants.js';
import type { JavaImports } from './imports.js';

import { withGeneratorDefaults, type KeyInfo } from '../common/key-info.js';
export type { KeyInfo };

export class JavaContext {
  /** Nodes already reported as part of an enclosing construct (an engine inside a mode wrapper). */
  readonly consumed = new Set<number>();
  private readonly byMethod = new Map<string, SgNode[]>();
  /** Ranges of reported constructs, in document order (nodes are visited outer first). */
  readonly reported: { start: number; end: number }[] = [];
  /** Memo: node id -> id of the expression it stands for (linking asks the same question many times). */
  private readonly originIds = new Map<number, number | null>();

  constructor(
    readonly root: SgNode,
    readonly ev: Evaluator,
    readonly imports: JavaImports,
    readonly sink: DetectionSink,
    invocations: readonly SgNode[],
    /** The invocations' method names, when the caller already fetched them (saves a native call each). */
    names?: readonly string[],
  ) {
    for (let i = 0; i < invocations.length; i++) {
      const inv = invocations[i]!;
      const name = names ? names[i]! : inv.field('name')?.text() ?? '';
      const list = this.byMethod.get(name);
      if (list) list.push(inv);
      else this.byMethod.set(name, [inv]);
    }
  }

  /** String value of an argument; constants like `KeyProperties.KEY_ALGORITHM_AES` count as strings. */
  str(node: SgNode | undefined): string | undefined {
    const v = this.ev.eval(node);
    if (v.kind === 'str') return v.value;
    if (v.kind === 'member') return knownConstant(v.path);
    return undefined;
  }

  int(node: SgNode | undefined): number | undefined {
    return asInt(this.ev.eval(node));
  }

  value(node: SgNode | undefined): Value {
    return this.ev.eval(node);
  }

  markReported(node: SgNode): void {
    const r = node.range();
    this.reported.push({ start: r.start.index, end: r.end.index });
  }

  /** Whether a node lies inside a construct already reported (an engine inside its mode wrapper). */
  insideReported(node: SgNode): boolean {
    const r = node.range();
    for (let i = this.reported.length - 1; i >= 0; i--) {
      const p = this.reported[i]!;
      if (p.start <= r.start.index && r.end.index <= p.end) return true;
      if (p.end < r.start.index) break;
    }
    return false;
  }

  private originId(obj: SgNode): number | null {
    const id = obj.id();
    let o = this.originIds.get(id);
    if (o === undefined) {
      o = this.ev.origin(obj)?.id() ?? null;
      this.originIds.set(id, o);
    }
    return o;
  }

  /** Invocations of `methods` on the object created by `creation` (through variables and fields). */
  linked(creation: SgNode, methods: readonly string[]): SgNode[] {
    const out: SgNode[] = [];
    const id = creation.id();
    for (const m of methods) {
      for (const inv of this.byMethod.get(m) ?? []) {
        const obj = inv.field('object');
        if (!obj) continue;
        if (obj.id() === id || this.originId(obj) === id) out.push(inv);
      }
    }
    return out.sort((a, b) => a.range().start.index - b.range().start.index);
  }

  /**
   * The class a call's receiver chain starts from, as written (`Jwts`, `io.netty.handler.ssl.SslContextBuilder`):
   * `Jwts.parser().unsecured()`, also through variables (`b = SslContextBuilder.forClient(); b.protocols(…)`).
   * Undefined when the chain starts at anything else (a parameter, a `new`, a field of unknown value).
   */
  chainOwner(call: SgNode): string | undefined {
    let cur: SgNode | undefined = call.field('object') ?? undefined;
    for (let i = 0; cur && i < 24; i++) {
      const k = kindOf(cur);
      if (k === 'method_invocation') {
        const obj = cur.field('object');
        if (obj && kindOf(obj) !== 'method_invocation') {
          const owner = obj.text().replace(/\s+/g, '');
          // A static factory on a class (`Jwts.builder()`), not a call on a variable.
          if (/^[A-Za-z_][\w.]*$/.test(owner) && /(^|\.)[A-Z]\w*$/.test(owner)) {
            // An imported class needs no symbol-table lookup (a local cannot share its name in practice).
            if (this.imports.types.has(owner)) return owner;
            const o = this.origin(obj);
            if (!o || o.id() === obj.id()) return owner;
          }
          cur = obj;
          continue;
        }
        cur = obj ?? undefined;
      } else if (k === 'identifier' || k === 'field_access') {
        const next = this.origin(cur);
        if (!next || next.id() === cur.id()) return undefined;
        cur = next;
      } else return undefined;
    }
    return undefined;
  }

  /** All invocations of a method name in the file (for chains like `builder.setKeySize(256)`). */
  invocationsOf(method: string): readonly SgNode[] {
    return this.byMethod.get(method) ?? [];
  }

  /** The expression an argument stands for, following variables; the node itself when it is not a name. */
  origin(node: SgNode | undefined): SgNode | undefined {
    if (!node) return undefined;
    let cur: SgNode | null = node;
    for (let i = 0; cur && i < 8; i++) {
      const k = kindOf(cur);
      if (k === 'parenthesized_expression' || k === 'cast_expression') {
        cur = k === 'cast_expression' ? cur.field('value') : cur.namedChildren()[0] ?? null;
        continue;
      }
      const next = this.ev.origin(cur, 1);
      if (!next || next.id() === cur.id()) return next ?? undefined;
      cur = next;
    }
    return cur ?? undefined;
  }

  /**
   * What a key (or parameter) expression says about sizes: `new SecretKeySpec(bytes, ..)`,
   * `kg.generateKey()`, `kp.getPrivate()`, BC `new KeyParameter(bytes)`, `new AEADParameters(..)`,
   * `new ParametersWithIV(..)`, `new GCMParameterSpec(128, iv)`, `new IvParameterSpec(iv)`.
   */
  keyInfo(node: SgNode | undefined, depth = 0): KeyInfo {
    const o = this.origin(node);
    if (!o || depth > 6) return {};
    const k = kindOf(o);
    if (k === 'object_creation_expression') {
      const args = callArguments(o);
      switch (createdType(o)) {
        case 'SecretKeySpec':
          return sized(secretKeySpecBits(this, args));
        case 'KeyParameter':
          return sized(bytesBits(this.value(args[0])));
        case 'GCMParameterSpec':
          return { ...tag(this.int(args[0])), ...iv(this.value(args[1])) };
        case 'IvParameterSpec':
          return iv(this.value(args[0]));
        case 'ParametersWithIV':
          return { ...this.keyInfo(args[0], depth + 1), ...iv(this.value(args[1])) };
        case 'AEADParameters':
          return { ...this.keyInfo(args[0], depth + 1), ...tag(this.int(args[1])), ...iv(this.value(args[2])) };
        case 'ECGenParameterSpec':
          return curveOf(this.str(args[0]));
        case 'RSAKeyGenParameterSpec':
          return sized(this.int(args[0]));
        case 'NamedParameterSpec': {
          const n = this.str(args[0]);
          return n ? { named: n } : {};
        }
        case 'ECNamedCurveGenParameterSpec':
          return curveOf(this.str(args[0]));
        case 'RSAKeyGenerationParameters':
          return sized(this.int(args[2]));
        case 'DHParameterSpec':
          return {};
        // AlgorithmParameterGenerator.init(new DHGenParameterSpec(primeBits, exponentBits)) / DSAGenParameterSpec(pBits, qBits).
        case 'DHGenParameterSpec':
        case 'DSAGenParameterSpec':
          return sized(this.int(args[0]));
        default: {
          // Bouncy Castle `XKeyGenerationParameters(random, XParameters.x)` / `ECKeyGenerationParameters(domain, random)`:
          // the named parameter set or curve is somewhere in the arguments.
          for (const a of args) {
            const sub = this.keyInfo(a, depth + 1);
            if (sub.named || sub.curve) return sub;
          }
          return {};
        }
      }
    }
    if (k === 'method_invocation') {
      const name = o.field('name')?.text() ?? '';
      const obj = o.field('object') ?? undefined;
      if ((name === 'getPrivate' || name === 'getPublic') && obj) return this.keyInfo(obj, depth + 1);
      if ((name === 'generateKey' || name === 'generateKeyPair' || name === 'genKeyPair') && obj) {
        const gen = this.origin(obj);
        return gen ? this.generatorInfo(gen) : {};
      }
      if (name === 'build' || /^set/.test(name)) return this.builderInfo(o);
      if (/^(getParameterSpec|getByName|getCurve|getParameters)$/.test(name)) return curveOf(this.str(o.field('arguments')?.namedChildren()[0]));
      // A helper of the same file (`rsaKeys()`, `this.newKeyPair()`): what its return statements give.
      if (!obj || kindOf(obj) === 'this') {
        for (const ret of this.returnsOf(name)) {
          const info = this.keyInfo(ret, depth + 1);
          if (Object.keys(info).length) return info;
        }
      }
      return {};
    }
    if (k === 'field_access' || k === 'identifier') {
      const v = this.ev.eval(o);
      // Library constants the evaluator knows (NamedParameterSpec.X25519 -> "X25519") name the algorithm.
      if (v.kind === 'str' && k === 'field_access' && knownConstant(dottedText(o.text()))) return { named: v.value };
      if (v.kind === 'member') {
        const pq = pqcParameterSet(v.path);
        if (pq) return { named: pq };
        const c = knownConstant(v.path);
        if (c) return { named: c };
      }
    }
    return {};
  }

  private methods: Map<string, SgNode[]> | undefined;

  /** Returned expressions of the file's methods called `name` (one query for the whole file, on first use). */
  private returnsOf(name: string): SgNode[] {
    if (!this.methods) {
      this.methods = new Map();
      for (const m of this.root.findAll({ rule: { kind: 'method_declaration' } })) {
        const n = m.field('name')?.text();
        if (!n) continue;
        const list = this.methods.get(n) ?? [];
        list.push(m);
        this.methods.set(n, list);
      }
    }
    const out: SgNode[] = [];
    for (const m of this.methods.get(name) ?? []) {
      for (const r of m.findAll({ rule: { kind: 'return_statement' } })) {
        const e = r.namedChildren()[0];
        if (e) out.push(e);
      }
    }
    return out;
  }

  /** Sizes given to a KeyGenerator/KeyPairGenerator (`init(256)`, `initialize(new ECGenParameterSpec(..))`). */
  generatorInfo(gen: SgNode): KeyInfo {
    return withGeneratorDefaults(this.str(gen.field('arguments')?.namedChildren()[0]) ?? '', this.initInfo(gen));
  }

  /** What the generator's `init`/`initialize` call says (a size, a spec). */
  private initInfo(gen: SgNode): KeyInfo {
    for (const call of this.linked(gen, ['init', 'initialize'])) {
      const a0 = call.field('arguments')?.namedChildren()[0];
      if (!a0) continue;
      const v = this.value(a0);
      if (v.kind === 'int') return { keySize: v.value };
      const info = this.keyInfo(a0);
      if (Object.keys(info).length) return info;
    }
    return {};
  }

  /** Android `KeyGenParameterSpec.Builder(...).setKeySize(256)...build()`. */
  private builderInfo(chain: SgNode): KeyInfo {
    const info: KeyInfo = {};
    if (/^new\s+(?:android\.security\.keystore\.)?KeyGenParameterSpec\s*\.\s*Builder\s*\(/.test(chain.text())) info.androidKeystore = true;
    for (const inv of [chain, ...chain.findAll({ rule: { kind: 'method_invocation' } })]) {
      const name = inv.field('name')?.text();
      const a0 = inv.field('arguments')?.namedChildren()[0];
      if (name === 'setKeySize') {
        const n = this.int(a0);
        if (n !== undefined) info.keySize = n;
      } else if (name === 'setAlgorithmParameterSpec') {
        Object.assign(info, this.keyInfo(a0));
      }
    }
    return info;
  }

  callee(inv: SgNode): string {
    return calleeOf(inv);
  }
}

function sized(bits: number | undefined): KeyInfo {
  return bits === undefined ? {} : { keySize: bits };
}
function tag(bits: number | undefined): KeyInfo {
  return bits === undefined ? {} : { tagLength: bits };
}
function iv(v: Value): KeyInfo {
  const b = bytesBits(v);
  return b === undefined ? {} : { ivLength: b };
}
function bytesBits(v: Value): number | undefined {
  return v.kind === 'bytes' && v.length !== undefined ? v.length * 8 : undefined;
}

/**
 * The key size of `new SecretKeySpec(bytes, alg)`: the array's length; of `new SecretKeySpec(bytes,
 * offset, len, alg)`: `len` bytes, whatever the array holds (Jenkins keeps the first 16 bytes of a
 * SHA-256 digest as its AES-128 key: `new SecretKeySpec(digest.digest(), 0, 128 / 8, "AES")`).
 */
export function secretKeySpecBits(ctx: Pick<JavaContext, 'value' | 'int'>, args: readonly SgNode[]): number | undefined {
  if (args.length >= 4) {
    const len = ctx.int(args[2]);
    return len !== undefined && len > 0 ? len * 8 : undefined;
  }
  return bytesBits(ctx.value(args[0]));
}
function curveOf(name: string | undefined): KeyInfo {
  return name ? { curve: name } : {};
}

export { asString, memberName };
