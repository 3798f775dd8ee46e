// Per-file state of the JavaScript/TypeScript detector: evaluator, detection sink, and the argument
// questions the API handlers ask (string, integer, object-literal options, byte length, constant bytes).
import type { SgNode } from '@ast-grep/napi';
import type { AlgorithmParamName, AlgorithmParams, CryptoFunction, LibraryRef, ProtocolFacts, SignalType } from '../../../inventory/model.js';
import type { Evaluator } from '../common/evaluate.js';
import type { DetectionSink } from '../common/sink.js';
import { UNKNOWN, type Value } from '../common/value.js';
import { escapeRegex } from '../common/regex.js';
import { FUNCTION_KINDS, propertyKey, type JsAdapter } from './resolve.js';

const NODE_BUILTINS = new Set(['crypto', 'tls', 'https', 'http2']);

/**
 * The provider of a module. npm packages are named as npm names them (`@noble/hashes` for
 * `@noble/hashes/sha2`); node's built-in modules are the Node.js runtime's OpenSSL binding, reported as
 * the generic package `node:crypto` / `node:tls` (there is no npm package behind them). The global
 * WebCrypto object belongs to whatever runtime runs the code, so it names no library.
 */
export function jsLibrary(module: string): LibraryRef | undefined {
  if (module === '' || module === 'webcrypto') return undefined;
  if (NODE_BUILTINS.has(module)) return { ecosystem: 'generic', name: module === 'crypto' ? 'node:crypto' : 'node:tls' };
  const parts = module.split('/');
  const name = module.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return { ecosystem: 'npm', name };
}

export interface AlgorithmEmit {
  spelling: string;
  params?: AlgorithmParams;
  unresolved?: AlgorithmParamName[];
  functions?: CryptoFunction[];
}

export class JsFile {
  constructor(
    readonly root: SgNode,
    readonly ev: Evaluator,
    readonly adapter: JsAdapter,
    readonly sink: DetectionSink,
  ) {}

  /** Evidence symbol: the callee as written (`crypto.createCipheriv`, `new SignJWT`). */
  static symbol(node: SgNode): string {
    const k = node.kind() as string;
    if (k === 'call_expression') return (node.field('function')?.text() ?? node.text()).replace(/\s+/g, '').slice(0, 120);
    if (k === 'new_expression') return `new ${node.field('constructor')?.text() ?? ''}`.replace(/\s+/g, ' ').slice(0, 120);
    return node.text().replace(/\s+/g, ' ').slice(0, 120);
  }

  static module(callee: string): string {
    const i = callee.indexOf(':');
    return i < 0 ? '' : callee.slice(callee.startsWith('new ') ? 4 : 0, i);
  }

  algorithm(node: SgNode, callee: string, a: AlgorithmEmit, symbol = JsFile.symbol(node)): void {
    const library = jsLibrary(JsFile.module(callee));
    this.sink.algorithm(node, symbol, a.spelling, a.params ?? {}, {
      unresolved: a.unresolved ?? [],
      ...(a.functions ? { functions: a.functions } : {}),
      ...(library ? { library } : {}),
    });
  }

  signal(node: SgNode, callee: string, signal: SignalType, detail: string, related?: { spelling: string; params: AlgorithmParams }, symbol = JsFile.symbol(node)): void {
    const library = jsLibrary(JsFile.module(callee));
    this.sink.signal(node, symbol, signal, detail, { ...(library ? { library } : {}), ...(related ? { related } : {}) });
  }

  protocol(node: SgNode, symbol: string, module: string | undefined, facts: ProtocolFacts): void {
    this.sink.protocol(node, symbol, facts, module ? jsLibrary(module) : undefined);
  }

  eval(node: SgNode | undefined): Value {
    return this.ev.eval(node);
  }

  str(node: SgNode | undefined): string | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'str' ? v.value : undefined;
  }

  int(node: SgNode | undefined): number | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'int' ? v.value : undefined;
  }

  /** Length in bytes of a key/IV argument. A string key is its UTF-8 bytes (node accepts strings as keys). */
  byteLength(node: SgNode | undefined): number | undefined {
    const v = this.ev.eval(node);
    if (v.kind === 'bytes') return v.length;
    if (v.kind === 'str') return Buffer.byteLength(v.value, 'utf8');
    return undefined;
  }

  /**
   * A secret argument's value (a key, an IV, a password), unknown when it depends on what a helper's
   * callers pass: written at a caller, it is not reported at the helper, where the evidence would point.
   */
  secret(node: SgNode | undefined): Value {
    return this.ev.evalOwn(node);
  }

  /** Whether key material is written in the source (string literal, `Buffer.from('..')`, an array). */
  literalSecret(node: SgNode | undefined): boolean {
    const v = this.secret(node);
    return (v.kind === 'str' && v.value.length > 0) || (v.kind === 'bytes' && v.origin === 'literal');
  }

  /** Whether an IV is fixed in the source: literal bytes, a string, or a zero-filled buffer. */
  constantBytes(node: SgNode | undefined): boolean {
    const v = this.secret(node);
    return (v.kind === 'str' && v.value.length > 0) || (v.kind === 'bytes' && (v.origin === 'literal' || v.origin === 'zero'));
  }

  /**
   * The names a run-time lookup in a same-file table can yield: `NAMES[kind]` where NAMES is an object
   * literal (`{ aes128: 'aes-128-cfb', tripledes: has3des ? 'des-ede3-cfb' : undefined }`). Each string
   * value (both branches of a conditional) is a name the call may receive; empty when the argument is
   * no such lookup. Used only after the argument failed to resolve to one string.
   */
  tableNames(node: SgNode | undefined): string[] {
    if ((node?.kind() as string) !== 'subscript_expression') return [];
    const object = node!.field('object') ?? undefined;
    const table = this.props(object);
    if (!table) return [];
    // A table keyed by constants (`{ [enums.curve.p256]: 'P-256' }`): props leaves computed keys out
    // (their names are unknown), but their values are still ones the lookup may yield.
    const values = [...table.values()];
    for (const p of this.objectNode(object)?.namedChildren() ?? []) {
      if ((p.kind() as string) === 'pair' && (p.field('key')?.kind() as string) === 'computed_property_name') {
        const v = p.field('value');
        if (v) values.push(v);
      }
    }
    const out = new Set<string>();
    const add = (v: SgNode | null | undefined): void => {
      if (!v) return;
      if ((v.kind() as string) === 'ternary_expression') {
        add(v.field('consequence'));
        add(v.field('alternative'));
        return;
      }
      const s = this.str(v);
      if (s) out.add(s);
    };
    for (const v of values) add(v);
    return [...out];
  }

  /** Member path (`crypto-js:mode.CBC`) of an argument, or undefined. */
  member(node: SgNode | undefined): string | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'member' ? v.path : undefined;
  }

  /** The object literal an argument is (directly or through a constant), or undefined. */
  objectNode(node: SgNode | undefined): SgNode | undefined {
    if (!node) return undefined;
    // Through the file's calls too: `generateKey(alg, …)` in `gen(alg = DEFAULT)` takes each call's object (or the default).
    let target: SgNode | null = this.ev.originAcrossCalls(node);
    while (target && ['parenthesized_expression', 'as_expression', 'satisfies_expression', 'non_null_expression'].includes(target.kind() as string)) {
      target = this.ev.originAcrossCalls(target.namedChildren()[0] ?? null);
    }
    return (target?.kind() as string) === 'object' ? target! : undefined;
  }

  /**
   * Properties of an object-literal argument (through constants and spreads): name -> value node.
   * Undefined when the argument is not an object literal the file defines; a shorthand property maps
   * to its identifier, which the evaluator then resolves.
   */
  props(node: SgNode | undefined, depth = 0): Map<string, SgNode> | undefined {
    const obj = this.objectNode(node);
    if (!obj || depth > 4) return undefined;
    const out = new Map<string, SgNode>();
    for (const p of obj.namedChildren()) {
      const k = p.kind() as string;
      if (k === 'pair') {
        const key = propertyKey(p.field('key'));
        const value = p.field('value');
        if (key && value) out.set(key, value);
      } else if (k === 'shorthand_property_identifier') out.set(p.text(), p);
      else if (k === 'spread_element') {
        const inner = this.props(p.namedChildren()[0], depth + 1);
        if (inner) for (const [key, v] of inner) if (!out.has(key)) out.set(key, v);
      }
    }
    return out;
  }

  /**
   * The calls of `methods` on the object `call` returns, where the file makes them: chained
   * (`createSign('sha256').update(d).sign(key)`, through `through`, methods that return the object
   * itself) or on the name the object is stored in (`const s = createSign('sha256'); s.update(d);
   * s.sign(key)`, also `this.signer`), the name's value checked to be this call.
   */
  linkedCalls(call: SgNode, methods: ReadonlySet<string>, through: ReadonlySet<string>): SgNode[] {
    let cur = call;
    for (;;) {
      const member = cur.parent();
      if ((member?.kind() as string) !== 'member_expression' || member!.field('object')?.id() !== cur.id()) break;
      const next = member!.parent();
      if ((next?.kind() as string) !== 'call_expression' || next!.field('function')?.id() !== member!.id()) break;
      const name = member!.field('property')?.text() ?? '';
      if (methods.has(name)) return [next!];
      if (!through.has(name)) return [];
      cur = next!;
    }
    const holder = cur.parent();
    const hk = holder?.kind() as string;
    const name = hk === 'variable_declarator' && holder!.field('value')?.id() === cur.id() ? holder!.field('name')
      : hk === 'assignment_expression' && holder!.field('right')?.id() === cur.id() ? holder!.field('left') : null;
    const nk = name?.kind() as string;
    if (nk !== 'identifier' && !(nk === 'member_expression' && (name!.field('object')?.kind() as string) === 'this')) return [];
    // A local name is used within its function; a field anywhere in the file (its class's methods).
    let scope = this.root;
    if (nk === 'identifier') {
      for (let p = holder!.parent(); p; p = p.parent()) {
        if (FUNCTION_KINDS.has(p.kind() as string)) {
          scope = p;
          break;
        }
      }
    }
    const text = name!.text().split('.').map((s) => escapeRegex(s.trim())).join('\\s*\\.\\s*');
    const rule = { kind: 'call_expression', regex: `^${text}\\s*\\.\\s*(${[...methods].map(escapeRegex).join('|')})\\s*\\(` };
    return scope.findAll({ rule }).filter((c) => {
      const fn = c.field('function');
      return (fn?.kind() as string) === 'member_expression' && this.ev.origin(fn!.field('object'))?.id() === cur.id();
    });
  }

  /** The call that produced a value (`privateKey` from `const { privateKey } = generateKeyPairSync('ed25519')`). */
  producer(node: SgNode | undefined): { callee: string; call: SgNode } | undefined {
    if (!node) return undefined;
    // `pair.privateKey` where `const pair = generateKeyPairSync(...)`: the key comes from that call.
    if ((node.kind() as string) === 'member_expression' && /^(privateKey|publicKey)$/.test(node.field('property')?.text() ?? '')) {
      return this.producer(node.field('object') ?? undefined);
    }
    let target = this.ev.origin(node);
    if ((target?.kind() as string) === 'await_expression') target = target!.namedChildren()[0] ?? null;
    if ((target?.kind() as string) !== 'call_expression') return undefined;
    return { callee: this.adapter.qualify(target!.field('function')) ?? '', call: target! };
  }
}
