// Per-file state the Python handlers share: evaluator, imports, sink, and helpers that turn hash,
// curve and key arguments into the names the knowledge base resolves.
import type { SgNode } from '@ast-grep/napi';
import type { LibraryRef } from '../../../inventory/model.js';
import type { Args, Evaluator } from '../common/evaluate.js';
import { kindOf } from '../common/languages.js';
import { getKnowledgeBase } from '../../../kb/index.js';
import type { DetectionSink } from '../common/sink.js';
import { asInt, type Value } from '../common/value.js';
import { pyArgs } from './adapter.js';
import { libraryOf, normalise, qualify, type ImportMap } from './imports.js';

const HASHES: Record<string, string> = {
  md5: 'MD5', md4: 'MD4', md2: 'MD2', sha1: 'SHA-1', sha: 'SHA-1', sha224: 'SHA-224', sha256: 'SHA-256', sha384: 'SHA-384',
  sha512: 'SHA-512', sha512224: 'SHA-512/224', sha512256: 'SHA-512/256', sha3224: 'SHA3-224', sha3256: 'SHA3-256',
  sha3384: 'SHA3-384', sha3512: 'SHA3-512', blake2b: 'BLAKE2b-512', blake2s: 'BLAKE2s-256', shake128: 'SHAKE128',
  shake256: 'SHAKE256', ripemd160: 'RIPEMD-160', sm3: 'SM3',
};

/** Canonical hash name for `sha256`, `SHA3_256`, `sha-512`; undefined when not a hash name. */
export function hashFromName(name: string): string | undefined {
  return HASHES[name.toLowerCase().replace(/[-_]/g, '')];
}

/** A call's pieces. */
export interface Call {
  node: SgNode;
  /** Normalised qualified name of the callee (`hashlib.sha256`, `hazmat.ciphers.algorithms.AES`), or undefined. */
  name?: string;
  /** Qualified name before normalisation (for the library). */
  raw?: string;
  args: Args;
  /** Method name when the callee is an attribute (`encrypt` in `key.encrypt(..)`). */
  method?: string;
  receiver?: SgNode;
}

export class PyContext {
  /** Calls already reported as part of an enclosing construct (the hash inside `padding.OAEP(...)`). */
  readonly consumed = new Set<number>();

  constructor(
    readonly root: SgNode,
    readonly ev: Evaluator,
    readonly imports: ImportMap,
    readonly sink: DetectionSink,
  ) {}

  call(node: SgNode): Call {
    const fn = node.field('function');
    const raw = qualify(this.imports, fn);
    // Arguments are read lazily: most calls in a file are not crypto and never need them.
    let args: Args | undefined;
    const out = {
      node,
      get args(): Args {
        return (args ??= pyArgs(node.field('arguments')));
      },
    } as Call;
    if (raw) {
      out.raw = raw;
      out.name = normalise(raw);
    }
    if (fn && kindOf(fn) === 'attribute') {
      const m = fn.field('attribute')?.text();
      if (m) out.method = m;
      const r = fn.field('object');
      if (r) out.receiver = r;
    }
    return out;
  }

  library(c: Call): LibraryRef | undefined {
    return c.raw ? libraryOf(c.raw) : undefined;
  }

  value(node: SgNode | undefined): Value {
    return this.ev.eval(node);
  }

  str(node: SgNode | undefined): string | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'str' ? v.value : undefined;
  }

  int(node: SgNode | undefined): number | undefined {
    return asInt(this.ev.eval(node));
  }

  /** Bits of a byte-string argument (a key, an IV), or undefined. */
  bits(node: SgNode | undefined): number | undefined {
    const v = this.ev.eval(node);
    return v.kind === 'bytes' && v.length !== undefined ? v.length * 8 : undefined;
  }

  private functions: Map<string, SgNode[]> | undefined;

  /**
   * Returned expressions of the file's functions and methods called `name` (`make_key()`,
   * `self._new_key()`), so a key made by a same-file helper keeps its size. One query, on first use.
   */
  returnsOf(name: string): SgNode[] {
    if (!this.functions) {
      this.functions = new Map();
      for (const f of this.root.findAll({ rule: { kind: 'function_definition' } })) {
        const n = f.field('name')?.text();
        if (!n) continue;
        const list = this.functions.get(n) ?? [];
        list.push(f);
        this.functions.set(n, list);
      }
    }
    const out: SgNode[] = [];
    for (const f of this.functions.get(name) ?? []) {
      for (const r of f.findAll({ rule: { kind: 'return_statement' } })) {
        const e = r.namedChildren()[0];
        if (e) out.push(e);
      }
    }
    return out;
  }

  /**
   * The calls of the named methods made on an object: `Ctor().m(...)` inline, or `x = Ctor()` /
   * `self.x = Ctor()` then `x.m(...)` in the same function or class (see storedAs).
   */
  methodCallsOn(ctor: SgNode, methods: Iterable<string>): SgNode[] {
    const wanted = new Set(methods);
    const parent = ctor.parent();
    const inline = parent && kindOf(parent) === 'attribute' ? parent.parent() : null;
    if (inline && kindOf(inline) === 'call') return wanted.has(parent!.field('attribute')?.text() ?? '') ? [inline] : [];
    const stored = this.storedAs(ctor);
    if (!stored) return [];
    const { name: left, scope } = stored;
    return scope
      .findAll({ rule: { kind: 'call', has: { field: 'function', kind: 'attribute', has: { field: 'attribute', regex: `^(${[...wanted].join('|')})$` } } } })
      .filter((c) => c.field('function')?.field('object')?.text() === left.text());
  }

  /**
   * Where an object made by `node` is kept: `x = <node>` (searched for in its function, or the module)
   * or `self.x = <node>` (searched for in its class). The name's text is what later uses are matched
   * on (`key.sign(data, x, …)`, `x.serialize_compact(…)`). Undefined for anything else.
   */
  storedAs(node: SgNode): { name: SgNode; scope: SgNode } | undefined {
    const assignment = node.parent();
    if (!assignment || kindOf(assignment) !== 'assignment' || assignment.field('right')?.id() !== node.id()) return undefined;
    const name = assignment.field('left');
    if (!name) return undefined;
    const onSelf = kindOf(name) === 'attribute' && name.field('object')?.text() === 'self';
    if (kindOf(name) !== 'identifier' && !onSelf) return undefined;
    const kind = onSelf ? 'class_definition' : 'function_definition';
    let scope: SgNode = this.root;
    for (let p = node.parent(); p; p = p.parent()) {
      if (kindOf(p) === kind) {
        scope = p;
        break;
      }
    }
    return { name, scope };
  }

  /** A call to a same-file helper: its name when the callee is `helper` or `self.helper`. */
  helperName(call: Call): string | undefined {
    const fn = call.node.field('function');
    if (!fn) return undefined;
    if (kindOf(fn) === 'identifier' && !call.name) return fn.text();
    if (kindOf(fn) === 'attribute' && ['self', 'cls'].includes(fn.field('object')?.text() ?? '')) return fn.field('attribute')?.text();
    return undefined;
  }

  /**
   * The call (if any) an expression comes from, following variables; with `byPath`, also through a
   * local assigned on several paths of an `if`/`match`/`try` (the case's path: Evaluator.originByPath).
   */
  originCall(node: SgNode | undefined, byPath = false): SgNode | undefined {
    let cur: SgNode | null | undefined = node;
    for (let i = 0; cur && i < 8; i++) {
      const k = kindOf(cur);
      if (k === 'call') return cur;
      if (k === 'parenthesized_expression') {
        cur = cur.namedChildren()[0];
        continue;
      }
      if (k !== 'identifier' && k !== 'attribute') return undefined;
      const next: SgNode | null = byPath ? this.ev.originByPath(cur, 1) : this.ev.origin(cur, 1);
      if (!next || next.id() === cur.id()) return undefined;
      cur = next;
    }
    return undefined;
  }

  /**
   * A hash argument: 'sha256', hashlib.sha256, hashes.SHA256(), Crypto.Hash.SHA256, SHA256.new().
   * Marks an inline `hashes.X()` call as consumed.
   */
  hash(node: SgNode | undefined): string | undefined {
    if (!node) return undefined;
    const v = this.ev.eval(node);
    if (v.kind === 'str') return hashFromName(v.value);
    // A constructor the evaluator named (`getattr(hashlib, "sha256")`, through a parameter's value).
    if (v.kind === 'member' && /(?:^|\.)hashlib\.\w+$/.test(v.path)) return hashFromName(v.path.split('.').at(-1) ?? '');
    const target = kindOf(node) === 'call' ? node : this.originCall(node) ?? node;
    // A constructor wrapped as a static method, reached on one path of a default (`if digest_method is
    // None: digest_method = self.default_digest_method`): the path's value.
    const onPath = target === node && kindOf(node) !== 'call' ? this.originCall(node, true) : undefined;
    const wrapper = onPath ? decoratorArgument(this, this.call(onPath)) : undefined;
    if (wrapper) return this.hash(wrapper);
    if (kindOf(target) === 'call') {
      const c = this.call(target);
      const wrapped = decoratorArgument(this, c);
      if (wrapped) return this.hash(wrapped);
      if (c.name && /^(hazmat\.hashes\.|hashlib\.|Crypto\.Hash\.)/.test(c.name)) {
        this.consumed.add(target.id());
        const parts = c.name.split('.');
        const last = parts.at(-1) === 'new' ? parts.at(-2) : parts.at(-1);
        return last ? hashFromName(last) : undefined;
      }
      return undefined;
    }
    const q = qualify(this.imports, target);
    if (q) {
      const n = normalise(q);
      if (/^(hazmat\.hashes\.|hashlib\.|Crypto\.Hash\.)/.test(n)) return hashFromName(n.split('.').at(-1) ?? '');
    }
    if (v.kind === 'member') return hashFromName(v.path.split('.').at(-1) ?? '');
    if (kindOf(target) === 'identifier' && !this.imports.has(target.text())) return this.constructorWrapper(target.text());
    return undefined;
  }

  /**
   * The hash a same-file function stands for when every value it returns is one hashlib constructor's
   * object: itsdangerous' `def _lazy_sha1(string=b""): return hashlib.sha1(string)`, its default
   * `digestmod` (read lazily so that FIPS builds without SHA-1 can still import it). The call inside
   * stays a digest of its own: the wrapper is also called to hash.
   */
  private constructorWrapper(name: string): string | undefined {
    const returns = this.returnsOf(name);
    let found: string | undefined;
    for (const r of returns) {
      const c = kindOf(r) === 'call' ? this.call(r) : undefined;
      const h = c?.name?.startsWith('hashlib.') ? hashFromName(c.name.slice('hashlib.'.length)) : undefined;
      if (!h || (found && found !== h)) return undefined;
      found = h;
    }
    return found;
  }

  /**
   * A curve argument: ec.SECP384R1() / ec.SECP384R1 / 'P-256' -> the spelling the KB resolves ('secp384r1',
   * 'P-256'). A name that is no curve the knowledge base knows nor a SEC 2 name (`derive_private_key(10,
   * "five")` in a test of the error) is unknown, not a curve of that name.
   */
  curve(node: SgNode | undefined): string | undefined {
    if (!node) return undefined;
    const v = this.ev.eval(node);
    let spelling: string | undefined;
    if (v.kind === 'str') spelling = v.value;
    else if (v.kind === 'member') {
      const last = v.path.split('.').at(-1) ?? '';
      spelling = /^(SECP|SECT|BRAINPOOL)/i.test(last) ? last.toLowerCase().replace(/^brainpool/, 'brainpool') : last;
    }
    if (spelling === undefined) return undefined;
    // SEC 2's binary curves (pyca's ec.SECT163K1 …) are curves the knowledge base does not list.
    return getKnowledgeBase().findCurve(spelling) || /^sec[pt]\d+[rk]\d$/i.test(spelling) ? spelling : undefined;
  }
}

/**
 * `staticmethod(f)` / `classmethod(f)` written as a value (itsdangerous' class attribute
 * `default_digest_method = staticmethod(_lazy_sha1)`): the function it wraps, unless the file binds the
 * name to something of its own.
 */
function decoratorArgument(ctx: PyContext, c: Call): SgNode | undefined {
  const fn = c.node.field('function');
  if (!fn || kindOf(fn) !== 'identifier' || !/^(staticmethod|classmethod)$/.test(fn.text()) || ctx.imports.has(fn.text())) return undefined;
  return c.args.positional.length === 1 && c.args.named.size === 0 ? c.args.positional[0] : undefined;
}
