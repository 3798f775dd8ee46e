// JavaScript/TypeScript half of argument resolution: imports and requires (which npm package or
// node builtin a name comes from), expression shapes for the shared Evaluator, the file's bindings
// (const/let/var, destructuring, assignments, class fields, `this.x`, members of object-literal
// constants), and the value-producing calls (`randomBytes(32)`, `Buffer.alloc(16, 0)`,
// `Buffer.from('..', 'hex')`, `scryptSync(pw, salt, 32)`, `new Uint8Array(12)`).
import type { SgNode } from '@ast-grep/napi';
import { Evaluator, binaryShape, ternaryShape, unaryShape, type Args, type CallSites, type ImportedFrom, type LanguageAdapter, type Returned, type Shape } from '../common/evaluate.js';
import { LazySymbolTable, nodeText, textHolds, type Binding, type BindingSource, type Scope } from '../common/symbols.js';
import { UNKNOWN, bytes, bytesOfString, int, str, type Value } from '../common/value.js';
import { parseSource, type SourceLanguage } from '../common/languages.js';
import { lastStatement, pathEnds } from '../common/paths.js';
import { jsFunctions, optionOf, plainParameter } from './call-sites.js';
import { isLocalModule, moduleOwner } from './cross-file.js';
import type { CrossFile } from '../../cross-file.js';

/** Where a local name comes from: `import { createHash } from 'node:crypto'` -> {module: 'crypto', member: 'createHash'}. */
export interface ImportRef {
  /** Module specifier without the `node:` prefix (`crypto`, `node-forge`, `@noble/hashes/sha2`). */
  module: string;
  /** Imported member; undefined for namespace, default and whole-module `require` imports. */
  member?: string;
  /** The module's namespace (`import * as C`, `const C = require(…)`, `import C = require(…)`), not its default export. */
  whole?: boolean;
}

/** An import of a module's namespace (ImportRef.whole). */
function asNamespace(ref: ImportRef): ImportRef {
  return { ...ref, whole: true };
}

/** crypto-js ships one module per algorithm (`crypto-js/aes`); their default export is that algorithm. */
const CRYPTO_JS_MODULES: Readonly<Record<string, string>> = {
  aes: 'AES', des: 'DES', tripledes: 'TripleDES', rc4: 'RC4', rabbit: 'Rabbit', md5: 'MD5', sha1: 'SHA1',
  blowfish: 'Blowfish', sha224: 'SHA224', sha256: 'SHA256', sha384: 'SHA384', sha512: 'SHA512', sha3: 'SHA3', ripemd160: 'RIPEMD160',
  'hmac-md5': 'HmacMD5', 'hmac-sha1': 'HmacSHA1', 'hmac-sha256': 'HmacSHA256', 'hmac-sha512': 'HmacSHA512',
  'hmac-sha384': 'HmacSHA384', 'hmac-sha224': 'HmacSHA224', pbkdf2: 'PBKDF2', evpkdf: 'EvpKDF',
};

/** Canonical module: `node:crypto` -> `crypto`, `crypto-js/aes` -> `crypto-js` (with the member it implies). */
export function normaliseModule(spec: string, member: string | undefined, isDefault: boolean): ImportRef {
  const m = spec.startsWith('node:') ? spec.slice(5) : spec;
  if (m.startsWith('crypto-js/')) {
    const alg = CRYPTO_JS_MODULES[m.slice('crypto-js/'.length)];
    return { module: 'crypto-js', member: isDefault ? alg : member };
  }
  // libsignal's parts are imported by file (`libsignal/src/curve`): the same objects as `libsignal.curve`.
  const signal = /^libsignal\/src\/(curve|crypto|keyhelper)(?:\.js)?$/.exec(m);
  if (signal) return { module: 'libsignal', member: member === undefined ? signal[1] : `${signal[1]}.${member}` };
  if (m === 'crypto/webcrypto' || m === 'crypto/promises') return { module: 'crypto', member };
  return member === undefined ? { module: m } : { module: m, member };
}

function stringValue(node: SgNode | null | undefined): string | undefined {
  if (!node) return undefined;
  const k = node.kind() as string;
  if (k === 'string') return jsString(node);
  if (k === 'template_string' && !node.children().some((c) => (c.kind() as string) === 'template_substitution')) {
    return node.text().slice(1, -1);
  }
  return undefined;
}

/** Text of a string literal with its escapes decoded. */
export function jsString(node: SgNode): string {
  let out = '';
  for (const c of node.children()) {
    const k = c.kind() as string;
    if (k === 'string_fragment') out += c.text();
    else if (k === 'escape_sequence') out += unescapeJs(c.text());
  }
  return out;
}

function unescapeJs(e: string): string {
  const m = e.slice(1);
  switch (m[0]) {
    case 'n': return '\n';
    case 't': return '\t';
    case 'r': return '\r';
    case '0': return m.length === 1 ? '\0' : String.fromCharCode(parseInt(m, 8));
    case 'x': return String.fromCharCode(parseInt(m.slice(1), 16));
    case 'u': {
      // A malformed or out-of-range escape (a syntax error in the source) decodes to nothing.
      const cp = parseInt(m.slice(1).replace(/[{}]/g, ''), 16);
      return Number.isInteger(cp) && cp >= 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
    }
    default: return m;
  }
}

/** `require('x')` -> 'x' (also `require('x').y`, handled by the caller). */
function requireSpec(node: SgNode | null): string | undefined {
  if ((node?.kind() as string) !== 'call_expression') return undefined;
  if (node!.field('function')?.text() !== 'require') return undefined;
  return stringValue(node!.field('arguments')?.namedChildren()[0]);
}

/** `await import('x')` -> 'x': a dynamic import binds its module namespace like `import * as`. */
function dynamicImportSpec(node: SgNode | null): string | undefined {
  if ((node?.kind() as string) !== 'await_expression') return undefined;
  const call = node!.namedChildren()[0];
  if ((call?.kind() as string) !== 'call_expression' || (call!.field('function')?.kind() as string) !== 'import') return undefined;
  return stringValue(call!.field('arguments')?.namedChildren()[0]);
}

/** Local names bound by imports and requires, from the file's import statements and declarators. */
export function jsImports(importNodes: readonly SgNode[], declarators: readonly SgNode[]): Map<string, ImportRef> {
  const out = new Map<string, ImportRef>();
  for (const imp of importNodes) {
    // TypeScript's `import bcrypt = require('bcrypt')`.
    const requireClause = imp.children().find((c) => (c.kind() as string) === 'import_require_clause');
    if (requireClause) {
      const id = requireClause.children().find((c) => (c.kind() as string) === 'identifier');
      const from = stringValue(requireClause.children().find((c) => (c.kind() as string) === 'string'));
      if (id && from) out.set(id.text(), asNamespace(normaliseModule(from, undefined, true)));
      continue;
    }
    const spec = stringValue(imp.field('source'));
    const clause = imp.children().find((c) => (c.kind() as string) === 'import_clause');
    if (!spec || !clause) continue;
    for (const c of clause.children()) {
      const k = c.kind() as string;
      if (k === 'identifier') out.set(c.text(), normaliseModule(spec, undefined, true));
      else if (k === 'namespace_import') {
        const id = c.children().find((x) => (x.kind() as string) === 'identifier');
        if (id) out.set(id.text(), asNamespace(normaliseModule(spec, undefined, false)));
      } else if (k === 'named_imports') {
        for (const sp of c.children().filter((x) => (x.kind() as string) === 'import_specifier')) {
          const name = sp.field('name')?.text();
          const alias = sp.field('alias')?.text() ?? name;
          if (name && alias) out.set(alias, name === 'default' ? normaliseModule(spec, undefined, true) : normaliseModule(spec, name, false));
        }
      }
    }
  }
  for (const decl of declarators) {
    // The value's text is part of the declarator's (cached, shared with the call heads and the
    // symbol lookups): most declarators are skipped without the native field lookups.
    const whole = nodeText(decl);
    if (!whole.includes('require') && !whole.includes('await')) continue;
    const value = decl.field('value');
    const name = decl.field('name');
    if (!value || !name) continue;
    const head = value.text();
    if (!head.startsWith('require') && !head.startsWith('await')) continue;
    // `const { box, default: nacl } = await import('tweetnacl')`: members as named imports, `default`
    // as the default export; `const mod = await import('x')` is the namespace.
    const dynamic = dynamicImportSpec(value);
    if (dynamic) {
      if ((name.kind() as string) === 'identifier') out.set(name.text(), asNamespace(normaliseModule(dynamic, undefined, false)));
      else if ((name.kind() as string) === 'object_pattern') {
        for (const p of name.namedChildren()) {
          const k = p.kind() as string;
          if (k === 'shorthand_property_identifier_pattern') out.set(p.text(), normaliseModule(dynamic, p.text(), false));
          else if (k === 'pair_pattern') {
            const key = p.field('key')?.text();
            const v = p.field('value');
            if (key && (v?.kind() as string) === 'identifier') out.set(v!.text(), key === 'default' ? normaliseModule(dynamic, undefined, true) : normaliseModule(dynamic, key, false));
          }
        }
      }
      continue;
    }
    const direct = requireSpec(value);
    if (direct) {
      if ((name.kind() as string) === 'identifier') out.set(name.text(), asNamespace(normaliseModule(direct, undefined, true)));
      else if ((name.kind() as string) === 'object_pattern') {
        for (const p of name.namedChildren()) {
          const k = p.kind() as string;
          if (k === 'shorthand_property_identifier_pattern') out.set(p.text(), normaliseModule(direct, p.text(), false));
          else if (k === 'pair_pattern') {
            const key = p.field('key')?.text();
            const v = p.field('value');
            if (key && (v?.kind() as string) === 'identifier') out.set(v!.text(), normaliseModule(direct, key, false));
          }
        }
      }
      continue;
    }
    // `const webcrypto = require('crypto').webcrypto`: the member path after require.
    if ((value.kind() as string) === 'member_expression' && (name.kind() as string) === 'identifier') {
      const spec = requireSpec(value.field('object'));
      if (spec) out.set(name.text(), normaliseModule(spec, value.field('property')?.text(), false));
    }
  }
  return out;
}

/**
 * Globals that stand for a module when the file neither imports nor declares them: crypto-js's browser
 * bundle (`<script src="crypto-js.js">`) defines the global `CryptoJS`, node-forge's (`forge.min.js`)
 * the global `forge`, which pages and the libraries' own tests use without any import.
 */
const MODULE_GLOBALS: Readonly<Record<string, string>> = { CryptoJS: 'crypto-js', forge: 'node-forge' };

/**
 * Adds to `imports` each module global (MODULE_GLOBALS) the file uses as a free name: not imported,
 * and bound by no declarator, parameter, function or class of the file. A TypeScript ambient
 * declaration (`declare const CryptoJS: any`) declares the global itself, so it keeps it free.
 */
export function addModuleGlobals(index: JsIndex, imports: Map<string, ImportRef>, text: string): void {
  for (const [name, module] of Object.entries(MODULE_GLOBALS)) {
    if (imports.has(name) || !text.includes(name)) continue;
    if (new RegExp(`\\b(function\\s*\\*?|class)\\s+${name}\\b`).test(text)) continue;
    const declared = index.declarators.some((d) => {
      if (!textHolds(d, name) || d.ancestors().some((a) => (a.kind() as string) === 'ambient_declaration')) return false;
      const n = d.field('name');
      return (n?.kind() as string) === 'identifier' ? n!.text() === name : boundPatternNames(n).includes(name);
    });
    if (declared) continue;
    const param = index.parameters.some((p) => {
      if (!textHolds(p, name)) return false;
      let found = false;
      const list = (p.kind() as string) === 'identifier' ? [p] : p.namedChildren();
      for (const c of list) parameterNames(c, (n) => (found ||= n === name));
      return found;
    });
    if (!param) imports.set(name, { module });
  }
}

/** Names an object or array pattern binds, at any depth. */
function boundPatternNames(pattern: SgNode | null): string[] {
  const out: string[] = [];
  if (pattern) parameterNames(pattern, (n) => out.push(n));
  return out;
}

function jsNumber(text: string): number | undefined {
  const t = text.replace(/_/g, '').replace(/n$/, '');
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** Global objects through which code reaches WebCrypto (`window.crypto.subtle`). */
const GLOBAL_HOSTS = new Set(['window', 'globalThis', 'self', 'global']);

export const FUNCTION_KINDS: ReadonlySet<string> = new Set([
  'function_declaration', 'function_expression', 'function', 'arrow_function', 'method_definition',
  'generator_function_declaration', 'generator_function',
]);
const CLASS_KINDS = new Set(['class_declaration', 'class', 'abstract_class_declaration']);

export class JsAdapter implements LanguageAdapter {
  /** Set once the symbol table exists (alias resolution of `const subtle = crypto.subtle` needs it). */
  ev?: Evaluator;
  private qualifying = 0;

  constructor(
    readonly imports: ReadonlyMap<string, ImportRef>,
    private readonly classes: ReadonlyArray<Scope & { name?: string }> = [],
    /** Callees whose result is an object the handlers name methods of (`node-forge:pki.createCertificate`). */
    private readonly factories: ReadonlySet<string> = new Set(),
  ) {}

  /**
   * Canonical name of a member chain: `module:path` through imports (`forge.pki.rsa.generateKeyPair`
   * -> `node-forge:pki.rsa.generateKeyPair`), through same-file aliases (`const subtle = crypto.subtle`),
   * the global `crypto` (`webcrypto:`) and plain globals (`Buffer.alloc`, `Math.random`).
   */
  qualify(node: SgNode | null | undefined): string | undefined {
    if (!node || this.qualifying > 6) return undefined;
    const props: string[] = [];
    let cur: SgNode = node;
    for (;;) {
      const k = cur.kind() as string;
      if (k === 'member_expression') {
        props.unshift(cur.field('property')?.text() ?? '');
        cur = cur.field('object')!;
      } else if (k === 'subscript_expression') {
        const idx = stringValue(cur.field('index'));
        if (idx === undefined) return undefined;
        props.unshift(idx);
        cur = cur.field('object')!;
      } else if (k === 'parenthesized_expression' || k === 'non_null_expression' || k === 'as_expression' || k === 'await_expression') {
        const inner = cur.namedChildren()[0];
        if (!inner) return undefined;
        cur = inner;
      } else break;
      if (!cur) return undefined;
    }
    const k = cur.kind() as string;
    // `nodeCrypto.webcrypto || globalThis.crypto`: the first side that names an API.
    if (k === 'binary_expression' && ['||', '??'].includes(cur.field('operator')?.text() ?? '')) {
      this.qualifying++;
      try {
        const base = this.qualify(cur.field('left')) ?? this.qualify(cur.field('right'));
        if (!base?.includes(':')) return undefined;
        return props.length ? `${base}${base.endsWith(':') ? '' : '.'}${props.join('.')}` : base;
      } finally {
        this.qualifying--;
      }
    }
    // `promisify(generateKeyPair)` is the same API, returning a promise.
    if (k === 'call_expression' && /^(util\.)?promisify$/.test(cur.field('function')?.text() ?? '')) {
      const inner = this.qualify(cur.field('arguments')?.namedChildren()[0]);
      return inner && props.length === 0 ? inner : undefined;
    }
    if (k === 'call_expression' && requireSpec(cur)) {
      const ref = normaliseModule(requireSpec(cur)!, undefined, true);
      return `${ref.module}:${props.join('.')}`;
    }
    // `forge.pki.createCertificate().sign`, also through `const cert = …`: a method of the object a
    // library call returns, named after that call (`node-forge:pki.createCertificate().sign`). Only
    // calls the handlers name as factories: any other call's result stays unnamed (indirect.ts reads
    // `util.getWebCrypto().subtle.sign(…)` by its method).
    if (k === 'call_expression' && this.factories.size > 0) {
      this.qualifying++;
      try {
        const made = this.qualify(cur.field('function'));
        if (!made || !this.factories.has(made)) return undefined;
        return `${made}()${props.length ? `.${props.join('.')}` : ''}`;
      } finally {
        this.qualifying--;
      }
    }
    if (k !== 'identifier') return undefined;
    const head = cur.text();
    if (GLOBAL_HOSTS.has(head) && props[0] === 'crypto') return `webcrypto:${props.slice(1).join('.')}`;
    // `window.CryptoJS.MD5(…)`, `var forge = window.forge`: a module global (addModuleGlobals) reached
    // through the global object, which is the global whatever the file binds under that name.
    if (GLOBAL_HOSTS.has(head) && props[0] !== undefined && Object.hasOwn(MODULE_GLOBALS, props[0])) return `${MODULE_GLOBALS[props[0]]}:${props.slice(1).join('.')}`;
    const imp = this.imports.get(head);
    if (imp) return `${imp.module}:${[...(imp.member ? [imp.member] : []), ...props].join('.')}`;
    const binding = this.ev?.bindingOf(cur);
    if (binding) {
      if (!binding.value) return undefined;
      // `const { subtle } = globalThis.crypto`: the name is that member of the value.
      const key = destructuredKey(binding.value, head);
      if (key !== undefined) props.unshift(key);
      this.qualifying++;
      try {
        const base = this.qualify(binding.value);
        if (base) return props.length ? `${base}${base.endsWith(':') ? '' : '.'}${props.join('.')}` : base;
      } finally {
        this.qualifying--;
      }
      return undefined;
    }
    // The global `crypto` is WebCrypto (browsers, Deno, Node >= 19); node:crypto's own API needs an import.
    if (head === 'crypto') return `webcrypto:${props.join('.')}`;
    return [head, ...props].join('.');
  }

  shape(node: SgNode): Shape {
    switch (node.kind() as string) {
      case 'string':
        return { t: 'value', value: str(jsString(node)) };
      case 'template_string': {
        const s = stringValue(node);
        return s === undefined ? { t: 'opaque' } : { t: 'value', value: str(s) };
      }
      case 'number': {
        const n = jsNumber(node.text());
        return { t: 'value', value: n === undefined ? UNKNOWN : int(n) };
      }
      case 'true':
        return { t: 'value', value: { kind: 'bool', value: true } };
      case 'false':
        return { t: 'value', value: { kind: 'bool', value: false } };
      case 'null':
      case 'undefined':
        return { t: 'value', value: { kind: 'none' } };
      case 'shorthand_property_identifier':
        return { t: 'name', name: node.text() };
      case 'identifier':
        if (node.text() === 'undefined') return { t: 'value', value: { kind: 'none' } };
        // A constant or module of the project's own (`import { HASH } from './constants'`): a name the
        // file binds nothing for, whose value another file declares (importedOwner, moduleAlias).
        if (this.localImport(node.text())) return { t: 'name', name: node.text() };
        if (this.imports.has(node.text())) {
          const q = this.qualify(node);
          return q ? { t: 'value', value: { kind: 'member', path: q } } : { t: 'opaque' };
        }
        return { t: 'name', name: node.text() };
      case 'member_expression': {
        const object = node.field('object');
        const property = node.field('property')?.text() ?? '';
        if (!object) return { t: 'opaque' };
        if ((object.kind() as string) === 'this') return { t: 'member', object, property, self: true };
        const q = this.importedPath(node);
        if (q) return { t: 'value', value: { kind: 'member', path: q } };
        return { t: 'member', object, property, self: false };
      }
      case 'binary_expression':
        return binaryShape(node);
      case 'ternary_expression':
        return ternaryShape(node);
      case 'for_in_statement': {
        const of = node.field('right');
        return of && node.field('operator')?.text() === 'of' ? { t: 'element', of } : { t: 'opaque' };
      }
      case 'unary_expression':
        return unaryShape(node, 'argument');
      case 'parenthesized_expression':
      case 'non_null_expression':
      case 'as_expression':
      case 'satisfies_expression':
      case 'type_assertion':
      case 'await_expression': {
        const inner = node.namedChildren().find((c) => !(c.kind() as string).endsWith('type') && (c.kind() as string) !== 'type_arguments');
        return inner ? { t: 'group', inner } : { t: 'opaque' };
      }
      case 'call_expression': {
        const fn = node.field('function');
        // `name.toUpperCase()`: the case of a name built at run time (`('rsa-' + hash).toUpperCase()`).
        const method = (fn?.kind() as string) === 'member_expression' ? fn!.field('property')?.text() : undefined;
        const receiver = fn?.field('object');
        if (receiver && (method === 'toUpperCase' || method === 'toLowerCase') && !node.field('arguments')?.namedChildren().length) {
          return { t: 'call', callee: `.${method}`, args: argsOf(node), receiver };
        }
        return { t: 'call', callee: this.qualify(fn) ?? fn?.text() ?? '', args: argsOf(node) };
      }
      case 'new_expression': {
        const ctor = node.field('constructor');
        return { t: 'call', callee: `new ${this.qualify(ctor) ?? ctor?.text() ?? ''}`, args: argsOf(node) };
      }
      case 'array':
        return { t: 'list', items: node.namedChildren().filter((c) => (c.kind() as string) !== 'comment') };
      default:
        return { t: 'opaque' };
    }
  }

  /**
   * `module:path` when the chain's head is an import (or the global crypto), or a same-file alias of
   * one (`var C = CryptoJS; C.mode.ECB`); undefined for local objects.
   */
  importedPath(node: SgNode): string | undefined {
    let cur: SgNode | null = node;
    while ((cur?.kind() as string) === 'member_expression') cur = cur!.field('object');
    if ((cur?.kind() as string) !== 'identifier') return undefined;
    const head = cur!.text();
    if (this.localImport(head)) return undefined;
    const alias = (): boolean => {
      // A name bound to a plain name or member chain (`const C = CryptoJS`, `const { mode } = CryptoJS`):
      // the chain qualifies through it; any other value (an object literal, a call) is no module.
      const v = this.ev?.bindingOf(cur!)?.value;
      const k = v?.kind() as string | undefined;
      return k === 'identifier' || k === 'member_expression';
    };
    if (this.imports.has(head) || head === 'crypto' || GLOBAL_HOSTS.has(head) || alias()) {
      const q = this.qualify(node);
      return q?.includes(':') ? q : undefined;
    }
    return undefined;
  }

  call(callee: string, args: Args, ev: Evaluator, _node?: SgNode, receiver?: SgNode): Value | undefined {
    const a = args.positional;
    switch (callee) {
      case '.toUpperCase':
      case '.toLowerCase': {
        const v = ev.eval(receiver);
        if (v.kind !== 'str') return UNKNOWN;
        return str(callee === '.toUpperCase' ? v.value.toUpperCase() : v.value.toLowerCase());
      }
      case 'crypto:randomBytes':
      case 'crypto:randomBytesSync':
      case 'node-forge:random.getBytesSync':
      case 'node-forge:random.getBytes':
      case 'tweetnacl:randomBytes':
        return bytes(intOf(ev.eval(a[0])), 'random');
      case 'crypto:getRandomValues':
      case 'crypto:webcrypto.getRandomValues':
      case 'webcrypto:getRandomValues':
      case 'crypto:randomFillSync': {
        const v = ev.eval(a[0]);
        return v.kind === 'bytes' ? bytes(v.length, 'random') : bytes(undefined, 'random');
      }
      case 'crypto:scryptSync':
        return bytes(intOf(ev.eval(a[2])), 'unknown');
      case 'crypto:pbkdf2Sync':
      case 'node-forge:pkcs5.pbkdf2':
        return bytes(intOf(ev.eval(a[3])), 'unknown');
      case 'crypto:hkdfSync':
        return bytes(intOf(ev.eval(a[4])), 'unknown');
      case 'Buffer.alloc':
      case 'new Uint8Array':
      case 'new Buffer': {
        const v = ev.eval(a[0]);
        if (v.kind === 'int') {
          const fill = a[1] ? ev.eval(a[1]) : undefined;
          const zero = !fill || (fill.kind === 'int' && fill.value === 0);
          return bytes(v.value, zero ? 'zero' : fill.kind === 'int' || fill.kind === 'str' ? 'literal' : 'unknown');
        }
        if (v.kind === 'list') return bytes(v.items.length, 'literal');
        if (v.kind === 'str') return bytesOfString(v.value);
        return bytes(undefined, 'unknown');
      }
      case 'Buffer.from':
      case 'Uint8Array.from': {
        const v = ev.eval(a[0]);
        const enc = a[1] ? ev.eval(a[1]) : undefined;
        if (v.kind === 'str') return bufferFromString(v.value, enc?.kind === 'str' ? enc.value : 'utf8');
        if (v.kind === 'list') return bytes(v.items.length, 'literal');
        if (v.kind === 'bytes') return v;
        return bytes(undefined, 'unknown');
      }
      case 'crypto-js:enc.Hex.parse': {
        const v = ev.eval(a[0]);
        return v.kind === 'str' ? bytes(Math.floor(v.value.length / 2), 'literal') : bytes(undefined, 'unknown');
      }
      case 'crypto-js:enc.Utf8.parse': {
        const v = ev.eval(a[0]);
        return v.kind === 'str' ? bytesOfString(v.value) : bytes(undefined, 'unknown');
      }
      case 'aes-js:utils.utf8.toBytes': {
        const v = ev.eval(a[0]);
        return v.kind === 'str' ? bytesOfString(v.value) : bytes(undefined, 'unknown');
      }
      case 'aes-js:utils.hex.toBytes': {
        const v = ev.eval(a[0]);
        return v.kind === 'str' ? bufferFromString(v.value, 'hex') : bytes(undefined, 'unknown');
      }
      case 'new aes-js:Counter': {
        // aes-js v3's 16-byte counter block, from a number (1 when left out) or from bytes.
        const v = a[0] ? ev.eval(a[0]) : int(1);
        return bytes(16, v.kind === 'int' ? 'literal' : v.kind === 'bytes' ? v.origin : 'unknown');
      }
      case 'crypto-js:lib.WordArray.random':
        return bytes(intOf(ev.eval(a[0])), 'random');
      case 'parseInt':
      case 'Number': {
        const v = ev.eval(a[0]);
        if (v.kind === 'int') return v;
        if (v.kind === 'str' && /^\d+$/.test(v.value)) return int(Number(v.value));
        return UNKNOWN;
      }
      default:
        // noble's CSPRNG helper (`@noble/ciphers/webcrypto.js`, `@noble/hashes/utils.js`...): `randomBytes(32)`.
        if (callee.startsWith('@noble/') && callee.endsWith(':randomBytes')) return bytes(intOf(ev.eval(a[0])), 'random');
        // `new TextEncoder().encode('k')` and `'k'.repeat(n)` style calls are method calls on values.
        if (callee.replace(/\s+/g, '') === 'newTextEncoder().encode') {
          const v = ev.eval(a[0]);
          return v.kind === 'str' ? bytesOfString(v.value) : undefined;
        }
        return undefined;
    }
  }

  enclosingClass(node: SgNode): string | undefined {
    return innermost(this.classes, node.range().start.index)?.name;
  }

  /** The import of a project module (cross-file.ts: isLocalModule) that binds `name`, if any. */
  private localImport(name: string): ImportRef | undefined {
    const ref = this.imports.get(name);
    return ref && isLocalModule(ref.module) ? ref : undefined;
  }

  /**
   * `HASH` after `import { HASH } from './constants'` or `const { HASH } = require('./constants')`:
   * the module (`constants`); `H` after `import { HASH as H }`: the module's `HASH`.
   */
  importedOwner(name: string): ImportedFrom | undefined {
    const ref = this.localImport(name);
    if (!ref?.member || ref.whole) return undefined;
    const owner = moduleOwner(ref.module);
    if (owner === undefined) return undefined;
    return ref.member === name ? owner : { owner, name: ref.member };
  }

  /** `C` after `import * as C from './constants'` or `const C = require('./constants')`: the module (`constants`), so `C.HASH` is `constants.HASH`. */
  moduleAlias(name: string): string | undefined {
    const ref = this.localImport(name);
    return ref?.whole ? moduleOwner(ref.module) : undefined;
  }

  /** The arguments the file's own calls pass for a parameter (call-sites.ts); set by jsEvaluator. */
  callSiteArguments?: (param: SgNode) => CallSites | undefined;

  /** What a call of a same-file function returns (call-sites.ts); set by jsEvaluator. */
  returned?: (call: SgNode) => Returned | undefined;

  /** Where the paths through a branching statement end (jsPathEnds). */
  pathEnds(join: SgNode): readonly Scope[] {
    return jsPathEnds(join);
  }
}

/**
 * The property a declarator's object pattern takes for `name` from `value` (`subtle` for
 * `const { subtle } = crypto`, `webcrypto` for `const { webcrypto: wc } = nodeCrypto`), if `value` is
 * the value of such a declarator.
 */
function destructuredKey(value: SgNode, name: string): string | undefined {
  const decl = value.parent();
  if ((decl?.kind() as string) !== 'variable_declarator') return undefined;
  const pattern = decl!.field('name');
  if ((pattern?.kind() as string) !== 'object_pattern') return undefined;
  for (const p of pattern!.namedChildren()) {
    const k = p.kind() as string;
    if (k === 'shorthand_property_identifier_pattern' && p.text() === name) return name;
    if (k === 'pair_pattern' && p.field('value')?.text() === name) return propertyKey(p.field('key'));
  }
  return undefined;
}

function intOf(v: Value): number | undefined {
  return v.kind === 'int' ? v.value : undefined;
}

function bufferFromString(s: string, encoding: string): Value {
  const enc = encoding.toLowerCase();
  if (enc === 'hex') return bytes(Math.floor(s.length / 2), 'literal');
  if (enc === 'base64' || enc === 'base64url') return bytes(Buffer.from(s, 'base64').length, 'literal');
  if (enc === 'latin1' || enc === 'binary' || enc === 'ascii') return bytes(s.length, 'literal');
  return bytesOfString(s);
}

export function argsOf(call: SgNode): Args {
  const list = call.field('arguments');
  const positional = (list?.namedChildren() ?? []).filter((c) => (c.kind() as string) !== 'comment');
  return { positional, named: new Map() };
}

function rangeScope(node: SgNode): Scope {
  const r = node.range();
  return { start: r.start.index, end: r.end.index };
}

/** The nodes of one file that resolution needs, collected in a single tree traversal. */
export interface JsIndex {
  root: SgNode;
  file: Scope;
  imports: SgNode[];
  declarators: SgNode[];
  assignments: SgNode[];
  updates: SgNode[];
  fields: SgNode[];
  parameters: SgNode[];
  /** `for (const x of …)` loops: `x` is each element. */
  loops: SgNode[];
  /** `export …` statements: the module's constants for other files (cross-file.ts). */
  exports: SgNode[];
  /** Classes with their names, for `this.x` and class fields. */
  classes: Array<Scope & { name?: string }>;
}

const INDEX_KINDS: Readonly<Record<string, keyof Omit<JsIndex, 'root' | 'file' | 'classes'> | 'class'>> = {
  import_statement: 'imports',
  variable_declarator: 'declarators',
  assignment_expression: 'assignments',
  augmented_assignment_expression: 'updates',
  update_expression: 'updates',
  public_field_definition: 'fields',
  field_definition: 'fields',
  formal_parameters: 'parameters',
  for_in_statement: 'loops',
  export_statement: 'exports',
  ...Object.fromEntries([...CLASS_KINDS].map((k) => [k, 'class'])),
};

// Selected as the arrow function (few per file) and not as the identifier: an `inside` test on every
// identifier of the file scans each one's siblings (minutes on a 1 MB line of bare words).
const ARROW_PARAMETER = { kind: 'arrow_function', has: { field: 'parameter', kind: 'identifier' } };

/** Kinds each grammar accepts (ast-grep rejects a rule naming a kind the grammar lacks). */
const validKinds = new Map<SourceLanguage, string[]>();
function kindsFor(lang: SourceLanguage): string[] {
  let kinds = validKinds.get(lang);
  if (!kinds) {
    const root = parseSource(lang, '').root();
    kinds = Object.keys(INDEX_KINDS).filter((kind) => {
      try {
        root.findAll({ rule: { kind } });
        return true;
      } catch {
        return false;
      }
    });
    validKinds.set(lang, kinds);
  }
  return kinds;
}

export function indexFile(root: SgNode, lang: SourceLanguage): JsIndex {
  const index: JsIndex = {
    root, file: rangeScope(root), imports: [], declarators: [], assignments: [], updates: [], fields: [], parameters: [], loops: [], exports: [], classes: [],
  };
  // An arrow function's one unparenthesised parameter (`alg => createHash(alg)`) is a parameter list of its own.
  const rule = { any: [...kindsFor(lang).map((kind) => ({ kind })), ARROW_PARAMETER] };
  for (const node of root.findAll({ rule })) {
    const kind = node.kind() as string;
    if (kind === 'arrow_function') {
      const param = node.field('parameter');
      if (param) index.parameters.push(param);
      continue;
    }
    const slot = INDEX_KINDS[kind];
    if (slot === 'class') index.classes.push({ ...rangeScope(node), name: node.field('name')?.text() });
    else if (slot) index[slot].push(node);
  }
  return index;
}

/** Innermost range of `ranges` containing position `at`. */
function innermost<T extends Scope>(ranges: readonly T[], at: number): T | undefined {
  let best: T | undefined;
  for (const r of ranges) if (r.start <= at && at < r.end && (!best || r.end - r.start < best.end - best.start)) best = r;
  return best;
}

/**
 * The function a binding belongs to (its innermost enclosing one), or the module. Found from the
 * node's ancestors, a few levels for most bindings: the index does not collect the file's functions,
 * one per callback and so a large share of its nodes, for the few bindings a lookup reads.
 */
function scopeOf(index: JsIndex, node: SgNode): { scope: Scope; member: boolean } {
  for (let p = node.parent(); p; p = p.parent()) {
    if (FUNCTION_KINDS.has(p.kind() as string)) return { scope: rangeScope(p), member: false };
  }
  return { scope: index.file, member: true };
}

/**
 * A part of a statement that runs on some paths only (`scope`), and from where a value assigned in it
 * is no longer certain outside it (`after`).
 */
interface Branch {
  scope: Scope;
  after: number;
  /** The statement whose paths meet at `after` (Binding.join): an `if`, a `switch`, a `try`, a loop. */
  join?: SgNode;
}

const LOOP_KINDS = new Set(['for_statement', 'for_in_statement', 'while_statement', 'do_statement']);
const SHORT_CIRCUITS = new Set(['&&', '||', '??']);

/** branchesAround per node: the lazy table collects a file's bindings per name and then maybe whole. */
const branchCache = new WeakMap<SgNode, Branch[]>();

/**
 * The conditional parts around a binding node, innermost first, up to its function (or the module),
 * found from the node's ancestors so that only the bindings a lookup collects pay for it (as for Go),
 * never a walk of every `if` of the file. Where the value stops being certain outside each part:
 * - `if` consequence or `else` clause, `try` block or `catch` clause: where the statement ends, a
 *   join of its paths; a `try` block, where it ends too (for the `catch`: a join of the value before
 *   it and at its end);
 * - ternary arm, right side of `&&`/`||`/`??`: where the expression ends, unknown;
 * - `case`/`default` clause: where the `switch` ends, a join, when the clause ends in a jump; else
 *   where the clause ends, unknown (it falls into the next one);
 * - loop body (not the header): where the loop starts, a join of the value before the loop and at the
 *   body's end (the next iteration reads the last one's value).
 */
function branchesAround(node: SgNode): Branch[] {
  let out = branchCache.get(node);
  if (!out) branchCache.set(node, (out = findBranches(node)));
  return out;
}

function findBranches(node: SgNode): Branch[] {
  const out: Branch[] = [];
  let child: SgNode = node;
  let kind = node.kind() as string;
  // Step up parent by parent: most bindings sit a few levels under their function, so this stops
  // long before the root (ancestors() would wrap every node up to the program).
  for (let parent = node.parent(); parent && !FUNCTION_KINDS.has(kind); parent = parent.parent()) {
    const pk = parent.kind() as string;
    let after: number | undefined;
    let join: SgNode | undefined;
    if (pk === 'if_statement') {
      if (kind !== 'parenthesized_expression') [after, join] = [parent.range().end.index, parent];
    } else if (pk === 'switch_body') {
      const sw = parent.parent();
      if ((kind === 'switch_case' || kind === 'switch_default') && sw) {
        if (JUMPS.has(lastStatement(child, JS_BLOCKS)?.kind() as string)) [after, join] = [sw.range().end.index, sw];
        else after = child.range().end.index;
      }
    } else if (pk === 'try_statement') {
      // The `try` block is a branch of its own first: the `catch` may follow any part of it, so there a
      // name holds what it held before the block or at its end (the block's join).
      if (kind === 'statement_block') out.push({ scope: rangeScope(child), after: child.range().end.index, join: child });
      if (kind !== 'finally_clause') [after, join] = [parent.range().end.index, parent];
    } else if (LOOP_KINDS.has(pk)) {
      const body = parent.field('body');
      if (body && body.range().start.index === child.range().start.index) [after, join] = [parent.range().start.index, child];
    } else if (pk === 'ternary_expression') {
      const condition = parent.field('condition');
      if (!condition || condition.range().start.index !== child.range().start.index) after = parent.range().end.index;
    } else if (pk === 'binary_expression') {
      // `legacy || (hash = 'sha256')`: the right side of a short-circuit runs on some paths only.
      const left = parent.field('left');
      if (left && left.range().start.index !== child.range().start.index && SHORT_CIRCUITS.has(parent.field('operator')?.text() ?? '')) {
        after = parent.range().end.index;
      }
    }
    if (after !== undefined) out.push({ scope: rangeScope(kind === 'statement_block' && pk === 'try_statement' ? parent : child), after, ...(join ? { join } : {}) });
    child = parent;
    kind = pk;
  }
  return out;
}

const JS_BLOCKS = new Set(['statement_block', 'else_clause', 'switch_case', 'switch_default', 'catch_clause']);
const JUMPS = new Set(['return_statement', 'throw_statement', 'break_statement', 'continue_statement']);
const leavesArm = (arm: SgNode): boolean => JUMPS.has(lastStatement(arm, JS_BLOCKS)?.kind() as string);

/**
 * LanguageAdapter.pathEnds for JS/TS: an `if`'s consequence and `else` clause (or its start); each
 * `case` clause that ends in `break` (others leave or fall through) and the last, and the `switch`'s
 * start without `default`; a `try` block and its `catch`; for the `catch`, the `try` block and the
 * `try`'s start; a loop's body and, just before the loop, its start (the join sits at the loop's
 * start, where each pass begins).
 */
export function jsPathEnds(join: SgNode): Scope[] {
  const k = join.kind() as string;
  if (k === 'if_statement') {
    const alternative = join.field('alternative');
    return pathEnds([join.field('consequence'), alternative], leavesArm, alternative ? undefined : join.range().start.index);
  }
  if (k === 'switch_statement') {
    const clauses = join.field('body')?.namedChildren().filter((c) => ['switch_case', 'switch_default'].includes(c.kind() as string)) ?? [];
    const arms = clauses.filter((c, i) => {
      const last = lastStatement(c, JS_BLOCKS)?.kind() as string;
      return last === 'break_statement' || (!JUMPS.has(last) && i === clauses.length - 1);
    });
    const exhaustive = clauses.some((c) => c.kind() as string === 'switch_default');
    return pathEnds(arms, () => false, exhaustive ? undefined : join.range().start.index);
  }
  if (k === 'try_statement') return pathEnds([join.field('body'), join.field('handler')], leavesArm);
  const loop = join.parent();
  if (loop && (loop.kind() as string) === 'try_statement') return pathEnds([join], leavesArm, loop.range().start.index);
  return loop && LOOP_KINDS.has(loop.kind() as string) ? pathEnds([join], leavesArm, Math.max(0, loop.range().start.index - 1)) : [];
}

/** Every binding a JS/TS file makes, for the shared symbol table. */
export function jsBindings(index: JsIndex, imports: ReadonlyMap<string, ImportRef>): Binding[] {
  return bindingsOf(index, index, imports);
}

/** The binding nodes bindingsOf reads: all of the file's (the index), or those that may bind one name. */
type BindingNodes = Pick<JsIndex, 'declarators' | 'assignments' | 'updates' | 'fields' | 'parameters' | 'loops'>;

/**
 * Per-name collection for the LazySymbolTable. A binding's name is always written inside the node
 * that makes it (a declarator's name or pattern, an object literal's key, an assignment's target, a
 * field, a parameter list), so the index nodes whose text holds the name are every one that can bind
 * it: one text fetch per node (kept for the file's next names) instead of the several native calls
 * that collecting a binding costs. Unlike Java and Python, no extra walk: the index has the nodes.
 */
export function jsBindingSource(index: JsIndex, imports: ReadonlyMap<string, ImportRef>): BindingSource {
  return {
    every: () => jsBindings(index, imports),
    named(name) {
      const holds = (node: SgNode): boolean => textHolds(node, name);
      const nodes: BindingNodes = {
        declarators: index.declarators.filter(holds),
        assignments: index.assignments.filter(holds),
        updates: index.updates.filter(holds),
        fields: index.fields.filter(holds),
        parameters: index.parameters.filter(holds),
        loops: index.loops.filter(holds),
      };
      return bindingsOf(index, nodes, imports);
    },
    // Owners are classes (`this.x`, fields) and constants holding object literals (`CONFIG.algorithm`).
    mayOwn: (owner) => index.classes.some((c) => c.name === owner) || index.declarators.some((d) => textHolds(d, owner)),
  };
}

/** A binding of `out` (at index `at`) made by a declarator, or by an assignment or update, that may sit in a branch. */
interface Pending {
  at: number;
  node: SgNode;
  kind: 'declare' | 'assign';
}

/**
 * `let hash = 'sha1'; if (strong) hash = 'sha256'; sign(hash)`: an assignment inside a branch sets
 * the name on that path only, so it holds inside the branch and, where each enclosing branching
 * statement stops being certain (branchesAround), an unknown binding takes over, up to the function:
 * after the `if` either value may arrive, and the last one written must not be reported with
 * certainty. A later unconditional assignment is visible later still and wins again. `var` in a
 * branch is the same (function-scoped, set on one path); `let`/`const` declared in a branch are
 * block-scoped and simply die with it. `this.x = ...` in a branch: fields resolve to the last one
 * written in the class, so an unknown one after the outermost branch keeps it from being the value.
 * Only names bound more than once in the binding's function or around it (fields: per class) pay
 * for the ancestor walk: a name bound once has that value whichever path runs, or none.
 */
function placeInBranches(out: Binding[], pending: readonly Pending[]): void {
  const key = (b: Binding): string => (b.owner === undefined ? b.name : `${b.owner}.${b.name}`);
  const byKey = new Map<string, Binding[]>();
  for (const b of out) {
    const list = byKey.get(key(b));
    if (list) list.push(b);
    else byKey.set(key(b), [b]);
  }
  // Another binding matters only where this one is in its scope: the same function, or one around it
  // (`result` bound once in each of twenty functions needs no branch lookup).
  const shared = (b: Binding): boolean =>
    byKey.get(key(b))!.some((o) => o !== b && (b.owner !== undefined || (o.scope.start <= b.scope.start && b.scope.end <= o.scope.end)));
  for (const { at, node, kind } of pending) {
    const b = out[at]!;
    if (!shared(b)) continue;
    const branches = branchesAround(node);
    if (branches.length === 0) continue;
    if (b.owner !== undefined) {
      out.push({ ...b, value: null, visibleFrom: Math.max(...branches.map((x) => x.after)) });
      continue;
    }
    out[at] = { ...b, scope: branches[0]!.scope, member: false };
    if (kind === 'declare' && (node.parent()?.kind() as string) !== 'variable_declaration') continue;
    branches.forEach((x, i) => {
      const next = branches[i + 1];
      out.push({ name: b.name, value: null, visibleFrom: x.after, scope: next?.scope ?? b.scope, member: next ? false : b.member, ...(x.join ? { join: x.join } : {}) });
    });
  }
}

function bindingsOf(index: JsIndex, nodes: BindingNodes, imports: ReadonlyMap<string, ImportRef>): Binding[] {
  const out: Binding[] = [];
  /**
   * Bindings made by a statement that may sit in a branch, placed first as if it did not: the
   * branches are looked up (see placeInBranches) only for names bound more than once, since a single
   * binding is the value whatever path runs (or no value at all), and most names are bound once.
   */
  const pending: Pending[] = [];
  const add = (name: string, value: SgNode | null, node: SgNode, kind: Pending['kind'], home = scopeOf(index, node)): void => {
    pending.push({ at: out.length, node, kind });
    out.push({ name, value, visibleFrom: node.range().end.index, scope: home.scope, member: home.member });
  };
  for (const decl of nodes.declarators) {
    const name = decl.field('name');
    const value = decl.field('value');
    if (!name) continue;
    const nk = name.kind() as string;
    if (nk === 'identifier') {
      if (imports.has(name.text()) && value?.text().startsWith('require')) continue;
      add(name.text(), value, decl, 'declare');
      // Members of an object-literal constant: `CONFIG.algorithm` (also `{...} as const`).
      const obj = unwrapTs(value);
      if ((obj?.kind() as string) === 'object') objectMembers(name.text(), obj!, out);
    } else if (nk === 'object_pattern') {
      if (requireSpec(value)) continue;
      // `const { privateKey } = generateKeyPairSync('ed25519')`: each name refers to the call's result.
      // From an options parameter (`const { alg = 'sha256' } = opts`), each name is that option, as
      // in a parameter's own pattern: the property each call passes, else its default.
      for (const p of name.namedChildren()) {
        const k = p.kind() as string;
        const optionName = k === 'object_assignment_pattern' ? p.field('left')?.text() : k === 'pair_pattern' ? optionTarget(p) : k === 'shorthand_property_identifier_pattern' ? p.text() : undefined;
        if (optionName && optionOf(p)) {
          const home = scopeOf(index, decl);
          out.push({ name: optionName, value: null, visibleFrom: decl.range().end.index, scope: home.scope, member: home.member, param: p });
        } else if (k === 'shorthand_property_identifier_pattern') add(p.text(), value, decl, 'declare');
        else if (k === 'pair_pattern' && (p.field('value')?.kind() as string) === 'identifier') add(p.field('value')!.text(), value, decl, 'declare');
        else if (optionName) add(optionName, null, decl, 'declare'); // a default from elsewhere: unknown, never an outer name
      }
    }
  }
  for (const asg of nodes.assignments) {
    const left = asg.field('left');
    const right = asg.field('right');
    if (!left) continue;
    const lk = left.kind() as string;
    if (lk === 'identifier') add(left.text(), right, asg, 'assign');
    else if (lk === 'member_expression' && (left.field('object')?.kind() as string) === 'this') {
      const cls = innermost(index.classes, asg.range().start.index);
      if (!cls?.name) continue;
      pending.push({ at: out.length, node: asg, kind: 'assign' });
      out.push({ name: left.field('property')!.text(), owner: cls.name, value: right, visibleFrom: asg.range().end.index, scope: cls, member: true });
    }
  }
  // `x += '-cbc'`, `n *= 2`: the value after the update is not tracked, so the name becomes unknown.
  // The mutation belongs to the scope that declares the name: the function's own local, or else a
  // module-level variable (then every later use in the file sees an unknown value).
  for (const upd of nodes.updates) {
    const target = upd.field('left') ?? upd.field('argument');
    if ((target?.kind() as string) !== 'identifier') continue;
    const name = target!.text();
    const { scope } = scopeOf(index, upd);
    const local = out.some((b) => b.name === name && !b.owner && b.scope.start >= scope.start && b.scope.end <= scope.end);
    add(name, null, upd, 'assign', local ? { scope, member: false } : { scope: index.file, member: true });
  }
  for (const field of nodes.fields) {
    const cls = innermost(index.classes, field.range().start.index);
    const name = (field.field('name') ?? field.field('property'))?.text();
    if (!cls?.name || !name) continue;
    out.push({ name, owner: cls.name, value: field.field('value'), visibleFrom: field.range().end.index, scope: cls, member: true });
  }
  for (const params of nodes.parameters) {
    const fn = params.parent();
    if (!fn) continue;
    const scope = rangeScope(fn);
    if ((params.kind() as string) === 'identifier') {
      out.push({ name: params.text(), value: null, visibleFrom: scope.start, scope, member: false, param: params });
      continue;
    }
    for (const p of params.namedChildren()) {
      // A parameter that is one plain name, or a property of an options object, may take the values
      // the file's calls pass (call-sites.ts).
      const plain = plainParameter(p) ? { param: p } : undefined;
      parameterNames(p, (name, at) => out.push({ name, value: null, visibleFrom: scope.start, scope, member: false, ...(plain ?? (optionOf(at) ? { param: at } : {})) }));
    }
  }
  for (const loop of nodes.loops) {
    // `for (const alg of ['sha256', 'sha512'])`: the loop is the value (`element` shape); `for … in`
    // gives keys, and a destructuring target is not read.
    const left = loop.field('left');
    const of = loop.field('operator')?.text() === 'of';
    if ((left?.kind() as string) !== 'identifier') continue;
    out.push({ name: left!.text(), value: of ? loop : null, visibleFrom: loop.range().start.index, scope: rangeScope(loop), member: false });
  }
  placeInBranches(out, pending);
  return out;
}

/** The name a `key: name` or `key: name = d` property pattern binds (undefined for a nested pattern). */
function optionTarget(p: SgNode): string | undefined {
  const v = p.field('value');
  const vk = v?.kind() as string;
  if (vk === 'identifier') return v!.text();
  if (vk === 'assignment_pattern' && (v!.field('left')?.kind() as string) === 'identifier') return v!.field('left')!.text();
  return undefined;
}

/** Names a parameter binds: `a`, `a = 1`, `a: T`, `{ a, b: c }`, `[a, b]`, `...rest` (defaults and types are skipped). */
function parameterNames(p: SgNode, bind: (name: string, at: SgNode) => void, at: SgNode = p): void {
  switch (p.kind() as string) {
    case 'identifier':
    case 'shorthand_property_identifier_pattern':
      bind(p.text(), at);
      return;
    case 'object_assignment_pattern': {
      // `{ alg = 'x' }`: bound where the pattern names the property.
      const left = p.field('left');
      if (left) parameterNames(left, bind, p);
      return;
    }
    case 'required_parameter':
    case 'optional_parameter': {
      const pattern = p.field('pattern') ?? p.namedChildren()[0];
      if (pattern) parameterNames(pattern, bind);
      return;
    }
    case 'assignment_pattern': {
      const left = p.field('left');
      if (left) parameterNames(left, bind, (left.kind() as string) === 'identifier' ? at : left);
      return;
    }
    case 'object_pattern':
    case 'array_pattern':
    case 'rest_pattern':
      for (const c of p.namedChildren()) parameterNames(c, bind);
      return;
    case 'pair_pattern': {
      const v = p.field('value');
      if (v) parameterNames(v, bind, (v.kind() as string) === 'identifier' || (v.kind() as string) === 'assignment_pattern' ? p : v);
      return;
    }
    default:
  }
}

/** The expression inside TypeScript wrappers (`x as const`, `x satisfies T`, `x!`). */
function unwrapTs(node: SgNode | null | undefined): SgNode | null | undefined {
  let cur = node;
  while (cur && ['as_expression', 'satisfies_expression', 'non_null_expression', 'parenthesized_expression'].includes(cur.kind() as string)) {
    cur = cur.namedChildren()[0];
  }
  return cur;
}

function objectMembers(owner: string, obj: SgNode, out: Binding[]): void {
  const scope = rangeScope(obj);
  for (const p of obj.namedChildren()) {
    if ((p.kind() as string) !== 'pair') continue;
    const key = propertyKey(p.field('key'));
    if (key) out.push({ name: key, owner, value: p.field('value'), visibleFrom: scope.start, scope, member: true });
  }
}

/** Key of an object pair: `a`, `'a'`, `"a"`; undefined for computed keys. */
export function propertyKey(key: SgNode | null | undefined): string | undefined {
  if (!key) return undefined;
  const k = key.kind() as string;
  if (k === 'property_identifier' || k === 'identifier') return key.text();
  if (k === 'string') return jsString(key);
  if (k === 'number') return key.text();
  return undefined;
}

/** The evaluator for one JS/TS file; `factories` as for JsAdapter. */
export function jsEvaluator(index: JsIndex, imports: ReadonlyMap<string, ImportRef>, crossFile?: CrossFile, factories?: ReadonlySet<string>): { ev: Evaluator; adapter: JsAdapter } {
  const adapter = new JsAdapter(imports, index.classes, factories);
  let functions: ReturnType<typeof jsFunctions> | undefined;
  adapter.callSiteArguments = (param: SgNode) => (functions ??= jsFunctions(index.root)).callSiteArguments!(param);
  adapter.returned = (call: SgNode) => (functions ??= jsFunctions(index.root)).returned!(call);
  // Bindings collected on first lookup (as for Java and Python): a file whose crypto calls take only
  // literals never pays for visiting every declaration and parameter.
  const ev = new Evaluator(adapter, () => new LazySymbolTable(jsBindingSource(index, imports)), crossFile);
  adapter.ev = ev;
  return { ev, adapter };
}
