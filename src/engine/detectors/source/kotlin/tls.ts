// TLS in Kotlin: JSSE protocol and suite setters (also as properties: `socket.enabledProtocols = …`),
// OkHttp's `ConnectionSpec.Builder(…).tlsVersions(…).cipherSuites(…)`, trust managers that accept
// every certificate (`object : X509TrustManager { override fun checkServerTrusted(…) {} }`), hostname
// verifiers that accept every name (`HostnameVerifier { _, _ -> true }`, OkHttp's
// `.hostnameVerifier { _, _ -> true }`), and non-cryptographic generators filling keys, IVs and salts.
import type { SgNode } from '@ast-grep/napi';
import type { LibraryRef } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { secretName } from '../common/secret-names.js';
import { memberName, type Value } from '../common/value.js';
import { parseTlsVersion } from '../common/versions.js';
import type { KtFile } from './file.js';
import { callParts, functionName, lambdaStatements, namedKids, pathText, supertypes, type KtCall } from './syntax.js';

export const OKHTTP: LibraryRef = { ecosystem: 'maven', name: 'com.squareup.okhttp3:okhttp' };

/** OkHttp's `TlsVersion` members -> JSSE names. */
const OKHTTP_VERSIONS: Readonly<Record<string, string>> = { SSL_3_0: 'SSLv3', TLS_1_0: 'TLSv1', TLS_1_1: 'TLSv1.1', TLS_1_2: 'TLSv1.2', TLS_1_3: 'TLSv1.3' };

/** Strings an argument list or array gives (`"TLSv1.2"`, `arrayOf(…)`, `listOf(…)`, `TlsVersion.TLS_1_2`, `CipherSuite.TLS_…`). */
function names(f: KtFile, exprs: SgNode[]): string[] | undefined {
  const out: string[] = [];
  const add = (v: Value): boolean => {
    if (v.kind === 'str') out.push(v.value);
    else if (v.kind === 'member') {
      // `TlsVersion.TLS_1_2`, `CipherSuite.TLS_…` (also its `.javaName`, the same name as a string): a
      // constant named as a version or suite. Any other member (`spec.cipherSuitesAsString`, a
      // property read at run time) is no name we know.
      const parts = v.path.split('.');
      const m = parts.at(-1) === 'javaName' ? (parts.at(-2) ?? '') : memberName(v)!;
      if (!/^(TLS|SSL)_/.test(m)) return false;
      out.push(OKHTTP_VERSIONS[m] ?? m);
    } else if (v.kind === 'list') return v.items.every(add);
    else return false;
    return true;
  };
  for (const e of exprs) if (!add(f.value(e))) return undefined;
  return out;
}

/** TLS versions among the names `exprs` give (`"TLSv1.2"`, `TlsVersion.TLS_1_2`, a list), each a protocol; an old one `insecure-protocol-version`. */
export function protocols(f: KtFile, node: SgNode, symbol: string, exprs: SgNode[], library?: LibraryRef): void {
  for (const name of names(f, exprs) ?? []) {
    const v = parseTlsVersion(name);
    if (!v) continue;
    f.sink.protocol(node, symbol, { protocolType: 'tls', version: v.version }, library);
    if (v.insecure) f.sink.signal(node, symbol, 'insecure-protocol-version', `${name} enabled`, library ? { library } : {});
  }
}

/** The cipher-suite names `exprs` give, as one protocol's suites. */
export function suites(f: KtFile, node: SgNode, symbol: string, exprs: SgNode[], library?: LibraryRef): void {
  const list = names(f, exprs);
  if (list?.length) f.sink.protocol(node, symbol, { protocolType: 'tls', cipherSuites: list }, library);
}

export const TLS_METHODS = new Set(['setEnabledProtocols', 'setProtocols', 'setEnabledCipherSuites', 'setCipherSuites', 'tlsVersions', 'cipherSuites',
  'setHostnameVerifier', 'setDefaultHostnameVerifier', 'setSSLHostnameVerifier', 'hostnameVerifier', 'HostnameVerifier']);

/**
 * Whether an OkHttp builder call is on a `ConnectionSpec.Builder` chain (directly or through a
 * variable). Inside `class ConnectionSpec` (OkHttp's own companion object: `Builder(true)
 * .cipherSuites(…)`) a bare `Builder(…)` is that nested class.
 */
function onConnectionSpec(f: KtFile, call: KtCall): boolean {
  let cur: SgNode | undefined = call.receiver;
  for (let i = 0; cur && i < 12; i++) {
    const o = f.origin(cur);
    const c = o ? callParts(o) : undefined;
    if (!c) return false;
    if (c.name === 'Builder' && (c.receiver ? /ConnectionSpec$/.test(pathText(c.receiver) ?? '') : insideConnectionSpec(c.node))) return true;
    cur = c.receiver;
  }
  return false;
}

/** Whether a node sits in the body of a class named `ConnectionSpec` (its companion object included). */
function insideConnectionSpec(node: SgNode): boolean {
  return node.ancestors().some((a) => kindOf(a) === 'class_declaration' && namedKids(a).find((c) => kindOf(c) === 'type_identifier')?.text() === 'ConnectionSpec');
}

export function handleTlsCall(f: KtFile, call: KtCall): void {
  const exprs = call.args.map((a) => a.expr);
  const node = call.site;
  switch (call.name) {
    case 'setEnabledProtocols': case 'setProtocols':
      if (call.receiver) protocols(f, node, call.name, exprs);
      return;
    case 'setEnabledCipherSuites': case 'setCipherSuites':
      if (call.receiver) suites(f, node, call.name, exprs);
      return;
    case 'tlsVersions':
      if (onConnectionSpec(f, call)) protocols(f, node, 'ConnectionSpec.Builder.tlsVersions', exprs, OKHTTP);
      return;
    case 'cipherSuites':
      if (onConnectionSpec(f, call)) suites(f, node, 'ConnectionSpec.Builder.cipherSuites', exprs, OKHTTP);
      return;
    case 'HostnameVerifier':
      // The SAM constructor: `HostnameVerifier { _, _ -> true }`.
      if (!call.receiver && call.lambda && acceptsAll(call.lambda)) f.sink.signal(node, 'HostnameVerifier', 'hostname-verification-disabled', 'hostname verifier accepts every host name');
      return;
    default: {
      // setHostnameVerifier / hostnameVerifier (OkHttp) with a lambda, or the library's allow-all verifiers.
      if (!call.receiver && call.name !== 'hostnameVerifier') return;
      const a = call.lambda ?? exprs[0];
      if (a && verifierAcceptsAll(f, a)) {
        f.sink.signal(node, call.name, 'hostname-verification-disabled', 'hostname verifier accepts every host name', call.name === 'hostnameVerifier' ? { library: OKHTTP } : {});
      }
    }
  }
}

/** `socket.enabledProtocols = arrayOf("TLSv1")`, `engine.enabledCipherSuites = …`, `conn.hostnameVerifier = …`. */
export function handleTlsAssignment(f: KtFile, node: SgNode): void {
  const [target, value] = namedKids(node);
  if (!target || !value) return;
  const prop = target.text().split('.').pop() ?? '';
  if (prop === 'enabledProtocols') protocols(f, node, 'enabledProtocols', [value]);
  else if (prop === 'enabledCipherSuites') suites(f, node, 'enabledCipherSuites', [value]);
  else if (/^(hostnameVerifier|defaultHostnameVerifier)$/.test(prop) && verifierAcceptsAll(f, value)) {
    f.sink.signal(node, prop, 'hostname-verification-disabled', 'hostname verifier accepts every host name');
  }
}

/** A verifier argument: a lambda returning true, or the libraries' allow-all verifiers. A `HostnameVerifier { … }` is reported where written. */
function verifierAcceptsAll(f: KtFile, a: SgNode): boolean {
  if (kindOf(a) === 'lambda_literal') return acceptsAll(a);
  if (kindOf(a) === 'annotated_lambda') return acceptsAll(namedKids(a)[0] ?? a);
  const o = f.origin(a) ?? a;
  if (kindOf(o) === 'lambda_literal') return acceptsAll(o);
  return /\bNoopHostnameVerifier\b|\bALLOW_ALL_HOSTNAME_VERIFIER\b|\bAllowAllHostnameVerifier\b/.test(o.text()) && kindOf(o) !== 'string_literal';
}

/** `{ _, _ -> true }`: a lambda whose only statement is `true` (or `return@… true`). */
function acceptsAll(lambda: SgNode): boolean {
  const stmts = lambdaStatements(lambda);
  return stmts.length === 1 && /^(true|return@\w+\s+true)$/.test(stmts[0]!.text().trim());
}

/** Declarations that switch checks off: an empty `checkServerTrusted` in a trust manager, a `verify` returning true in a hostname verifier. */
export const OVERRIDDEN_CHECKS = ['checkServerTrusted', 'verify'];

export function handleFunctionDeclaration(f: KtFile, fn: SgNode): void {
  const name = functionName(fn);
  const owner = fn.parent()?.parent();
  if (!owner || !/^(class_declaration|object_literal|object_declaration)$/.test(kindOf(owner))) return;
  const types = supertypes(owner);
  const body = namedKids(fn).find((c) => kindOf(c) === 'function_body');
  if (!body) return;
  const stmts = namedKids(body).flatMap((c) => (kindOf(c) === 'statements' ? namedKids(c) : [c]));
  if (name === 'checkServerTrusted') {
    if (!types.some((t) => /TrustManager$/.test(t))) return;
    // `{}`, `{ /* trust */ }`, `= Unit`, `{ return }`: nothing is checked.
    const empty = stmts.every((s) => /^(Unit|return)$/.test(s.text().trim()));
    if (empty) f.sink.signal(fn, 'X509TrustManager.checkServerTrusted', 'cert-verification-disabled', 'trust manager accepts every server certificate');
  } else if (name === 'verify') {
    if (!types.includes('HostnameVerifier')) return;
    if (stmts.length === 1 && /^(return\s+)?true$/.test(stmts[0]!.text().trim())) {
      f.sink.signal(fn, 'HostnameVerifier.verify', 'hostname-verification-disabled', 'hostname verifier accepts every host name');
    }
  }
}

/**
 * `java.util.Random`/`kotlin.random.Random`/`ThreadLocalRandom` filling an array that is secret material:
 * named as one (`iv`, `salt`, `sessionKey`) or given to a key, IV or salt spec in the file (`keyed`).
 * Test data and jitter filled from Random are not secrets, and are most of what Random fills.
 */
export function handleWeakRandom(f: KtFile, call: KtCall, keyed: ReadonlySet<string>): void {
  const recv = call.receiver;
  if (!recv) return;
  const text = recv.text().replace(/\s+/g, '');
  let weak = /^(kotlin\.random\.)?Random(\.Default)?$/.test(text) && !f.ownTypes.has('Random') || /^ThreadLocalRandom\.current\(\)$/.test(text);
  if (!weak) {
    const o = f.origin(recv);
    const c = o ? callParts(o) : undefined;
    weak = !!c && !f.ownTypes.has('Random') && (/^(java\.util\.|kotlin\.random\.)?Random$/.test(`${pathText(c.receiver) ? pathText(c.receiver) + '.' : ''}${c.name}`));
  }
  if (!weak) return;
  const a0 = call.args[0]?.expr;
  if (!a0) return;
  // `Random.nextBytes(32)` returns a new array: the name is the property it is assigned to.
  let target = kindOf(a0) === 'simple_identifier' ? a0.text() : kindOf(a0) === 'navigation_expression' ? (a0.text().split('.').pop() ?? '') : undefined;
  if (target === 'it' || f.int(a0) !== undefined) target = assignedName(call.node);
  if (!target) return;
  const fn = call.node.ancestors().find((a) => kindOf(a) === 'function_declaration');
  if (secretName(target) || keyed.has(target) || (fn && secretName(functionName(fn) ?? ''))) {
    f.sink.signal(call.node, 'Random.nextBytes', 'weak-random', `${text.includes('ThreadLocal') ? 'ThreadLocalRandom' : 'Random'} is not a cryptographic RNG (fills ${target})`);
  }
}

/** The property a value is stored in: `val iv = ByteArray(16).also { rnd.nextBytes(it) }`, `val key = Random.nextBytes(32)`. */
function assignedName(node: SgNode): string | undefined {
  for (const a of node.ancestors()) {
    const k = kindOf(a);
    if (k === 'property_declaration') {
      const d = namedKids(a).find((c) => kindOf(c) === 'variable_declaration');
      return d ? (namedKids(d)[0]?.text() ?? d.text()) : undefined;
    }
    if (k === 'function_declaration' || k === 'class_body' || k === 'statements' && a.parent() && kindOf(a.parent()!) === 'function_body') return undefined;
  }
  return undefined;
}
