// TLS configuration in Java: enabled protocols and cipher suites, trust managers that accept every
// certificate, hostname verifiers that accept every name, and java.util.Random used for key bytes.
import type { SgNode } from '@ast-grep/napi';
import type { LibraryRef } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { secretName } from '../common/secret-names.js';
import { parseTlsVersion } from '../common/versions.js';
import { getKnowledgeBase } from '../../../kb/index.js';
import { parseCipherString } from '../../artefacts/tls-config.js';
import { createdType, declaredType } from './adapter.js';
import type { JavaContext } from './context.js';
import { isClassFrom, isClassOf } from './imports.js';

/** String items of an array argument (`new String[]{"TLSv1.2"}`, a String[] constant, `List.of(..)`). */
function stringItems(ctx: JavaContext, node: SgNode | undefined): string[] | undefined {
  const o = ctx.origin(node);
  if (!o) return undefined;
  let items: SgNode[] | undefined;
  const k = kindOf(o);
  if (k === 'array_creation_expression') items = o.field('value')?.namedChildren();
  else if (k === 'array_initializer') items = o.namedChildren();
  else if (k === 'method_invocation' && /^(of|asList)$/.test(o.field('name')?.text() ?? '')) items = o.field('arguments')?.namedChildren();
  else {
    const s = ctx.str(o);
    return s === undefined ? undefined : [s];
  }
  if (!items) return undefined;
  const out: string[] = [];
  for (const i of items) {
    const s = ctx.str(i);
    if (s === undefined) return undefined;
    out.push(s);
  }
  return out;
}

/** TLS versions named by an argument (a string, a `String[]`, a list): protocols, and a signal for SSLv3/TLS 1.0/1.1. */
export function tlsProtocols(ctx: JavaContext, node: SgNode, symbol: string, arg: SgNode | undefined, library?: LibraryRef): void {
  const names = stringItems(ctx, arg);
  if (!names) return;
  for (const name of names) {
    const v = parseTlsVersion(name);
    if (!v) continue;
    ctx.sink.protocol(node, symbol, { protocolType: 'tls', version: v.version }, library);
    if (v.insecure) ctx.sink.signal(node, symbol, 'insecure-protocol-version', `${name} enabled`, library ? { library } : {});
  }
}

/** Cipher-suite names given by an argument (a `String[]`, a list). */
export function tlsSuites(ctx: JavaContext, node: SgNode, symbol: string, arg: SgNode | undefined, library?: LibraryRef): void {
  const names = stringItems(ctx, arg);
  if (names?.length) ctx.sink.protocol(node, symbol, { protocolType: 'tls', cipherSuites: names }, library);
}

const TOMCAT_NET = 'org.apache.tomcat.util.net';
/** Tomcat's `SSLHostConfig` setters that take Tomcat's own syntax rather than JSSE names. */
export const TOMCAT_SETTERS: ReadonlySet<string> = new Set(['setProtocols', 'setCiphers', 'setCipherSuites', 'setGroups']);
/** What Tomcat's `all` stands for in a protocol list (SSLHostConfig.SSL_PROTO_ALL_SET). */
const TOMCAT_ALL = ['SSLv2Hello', 'TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'];

/**
 * Whether the receiver of a setter is plausibly Tomcat's `SSLHostConfig`: made by `new SSLHostConfig()`,
 * taken from `findSslHostConfigs()[i]` or a `getSSLHostConfig()`-like getter, declared as `SSLHostConfig`,
 * or of unknown type in a file that imports it (or is in its package). A receiver declared as another
 * type is not.
 */
function tomcatHostConfig(ctx: JavaContext, obj: SgNode | null): boolean {
  if (!obj) return false;
  const o = ctx.origin(obj) ?? obj;
  const k = kindOf(o);
  if (k === 'object_creation_expression') return createdType(o) === 'SSLHostConfig' && isClassFrom(ctx.imports, o.field('type')?.text() ?? '', [TOMCAT_NET]);
  if (k === 'array_access') return /^findSslHostConfigs$/.test(o.field('array')?.field('name')?.text() ?? '');
  if (k === 'method_invocation' && /^(find|get)SslHostConfigs?$/i.test(o.field('name')?.text() ?? '')) return true;
  const type = kindOf(obj) === 'identifier' ? declaredType(obj) : undefined;
  if (type !== undefined) return /(^|\.)SSLHostConfig$/.test(type) && isClassFrom(ctx.imports, type, [TOMCAT_NET]);
  return isClassOf(ctx.imports, 'SSLHostConfig', TOMCAT_NET);
}

/**
 * Tomcat's protocol list (SSLHostConfig.setProtocols): names separated by `+`, `-` or `,`, applied left
 * to right to an empty set, `+` adding, `-` removing, `all` standing for every protocol Tomcat knows
 * (`"+TLSv1.2+TLSv1.3"`, `"TLSv1.1+TLSv1.2"`, `"all-TLSv1-TLSv1.1"`).
 */
export function tomcatProtocols(input: string): string[] {
  const set = new Set<string>();
  for (const value of input.split(/(?=[-+,])/)) {
    let t = value.trim();
    if (t.length <= 1) continue;
    const remove = t.startsWith('-');
    if (/^[-+,]/.test(t)) t = t.slice(1).trim();
    for (const n of t.toLowerCase() === 'all' ? TOMCAT_ALL : [t]) {
      if (remove) set.delete(n);
      else set.add(n);
    }
  }
  return [...set];
}

/**
 * `SSLHostConfig.setProtocols("+TLSv1.2+TLSv1.3")` (Tomcat's syntax above), `setCiphers(…)` and
 * `setCipherSuites(…)` (an OpenSSL cipher string, `:`-separated, or a `,`-separated list of IANA or
 * OpenSSL names: only names the knowledge base knows as suites count, as in the configuration
 * detector; `HIGH:!aNULL` names none), `setGroups("X25519MLKEM768,secp256r1")` (key-exchange groups).
 */
function tomcatSetter(ctx: JavaContext, node: SgNode, name: string, arg: SgNode | undefined): void {
  const value = ctx.str(arg);
  if (value === undefined) return;
  const symbol = `SSLHostConfig.${name}`;
  if (name === 'setProtocols') {
    for (const p of tomcatProtocols(value)) {
      const v = parseTlsVersion(p);
      if (!v) continue;
      ctx.sink.protocol(node, symbol, { protocolType: 'tls', version: v.version });
      if (v.insecure) ctx.sink.signal(node, symbol, 'insecure-protocol-version', `${p} enabled`);
    }
  } else if (name === 'setGroups') {
    const groups = value.split(/[\s,:]+/).filter((g) => g !== '');
    if (groups.length) ctx.sink.protocol(node, symbol, { protocolType: 'tls', groups });
  } else {
    const { suites } = parseCipherString(value, getKnowledgeBase());
    if (suites.length) ctx.sink.protocol(node, symbol, { protocolType: 'tls', cipherSuites: suites });
  }
}

/** `setEnabledProtocols`, `setProtocols`, `setEnabledCipherSuites`, `setCipherSuites`, `new SSLParameters(suites, protocols)`; Tomcat's `SSLHostConfig` setters. */
export function handleTlsCall(ctx: JavaContext, node: SgNode): boolean {
  if (kindOf(node) === 'object_creation_expression') {
    if (createdType(node) !== 'SSLParameters') return false;
    const a = node.field('arguments')?.namedChildren() ?? [];
    if (a[0]) tlsSuites(ctx, node, 'SSLParameters', a[0]);
    if (a[1]) tlsProtocols(ctx, node, 'SSLParameters', a[1]);
    return true;
  }
  const name = node.field('name')?.text() ?? '';
  const a0 = node.field('arguments')?.namedChildren()[0];
  if (!node.field('object')) return false;
  if (TOMCAT_SETTERS.has(name) && tomcatHostConfig(ctx, node.field('object'))) {
    tomcatSetter(ctx, node, name, a0);
    return true;
  }
  if (name === 'setEnabledProtocols' || name === 'setProtocols') {
    tlsProtocols(ctx, node, name, a0);
    return true;
  }
  if (name === 'setEnabledCipherSuites' || name === 'setCipherSuites') {
    tlsSuites(ctx, node, name, a0);
    return true;
  }
  if (name === 'setHostnameVerifier' || name === 'setDefaultHostnameVerifier' || name === 'setSSLHostnameVerifier') {
    if (a0 && acceptsAnyHost(ctx, a0)) ctx.sink.signal(node, name, 'hostname-verification-disabled', 'hostname verifier accepts every host name');
    return true;
  }
  return false;
}

/** A verifier expression that always returns true: `(h, s) -> true`, `NoopHostnameVerifier.INSTANCE`, `ALLOW_ALL_HOSTNAME_VERIFIER`. */
function acceptsAnyHost(ctx: JavaContext, arg: SgNode): boolean {
  const o = ctx.origin(arg) ?? arg;
  const text = o.text();
  if (/\bNoopHostnameVerifier\b|\bALLOW_ALL_HOSTNAME_VERIFIER\b|\bAllowAllHostnameVerifier\b/.test(text)) return true;
  if (kindOf(o) === 'lambda_expression') {
    const body = o.field('body');
    if (!body) return false;
    if (kindOf(body) === 'true') return true;
    return returnsOnlyTrue(body);
  }
  // Anonymous classes are reported where their verify method is declared.
  return false;
}

function returnsOnlyTrue(block: SgNode): boolean {
  const stmts = block.namedChildren().filter((c) => !kindOf(c).endsWith('comment'));
  return stmts.length === 1 && kindOf(stmts[0]!) === 'return_statement' && stmts[0]!.namedChildren()[0]?.kind() === 'true';
}

function isEmptyBody(block: SgNode | null): boolean {
  if (!block) return false;
  return block.namedChildren().every((c) => kindOf(c).endsWith('comment') || (kindOf(c) === 'return_statement' && c.namedChildren().length === 0));
}

/** Implemented interfaces of the class (or anonymous class) that declares `method`. */
function declaringTypes(method: SgNode): string {
  const body = method.parent();
  const owner = body?.parent();
  if (!owner) return '';
  if (kindOf(owner) === 'object_creation_expression') return createdType(owner);
  if (kindOf(owner) === 'class_declaration') return `${owner.field('superclass')?.text() ?? ''} ${owner.field('interfaces')?.text() ?? ''}`;
  return '';
}

/**
 * Method declarations that disable checks: `checkServerTrusted` with an empty body in an
 * X509TrustManager (or X509ExtendedTrustManager), `verify(String, SSLSession)` returning true.
 */
/** The only method declarations handleMethodDeclaration reads (the detector selects them natively by name). */
export const OVERRIDDEN_CHECKS = ['checkServerTrusted', 'verify'] as const;

export function handleMethodDeclaration(ctx: JavaContext, method: SgNode): void {
  const name = method.field('name')?.text();
  if (name === 'checkServerTrusted') {
    if (!/TrustManager/.test(declaringTypes(method))) return;
    if (isEmptyBody(method.field('body'))) ctx.sink.signal(method, 'X509TrustManager.checkServerTrusted', 'cert-verification-disabled', 'trust manager accepts every server certificate');
  } else if (name === 'verify') {
    const params = method.field('parameters')?.text() ?? '';
    if (!/SSLSession/.test(params) || !/HostnameVerifier/.test(declaringTypes(method))) return;
    const body = method.field('body');
    if (body && returnsOnlyTrue(body)) ctx.sink.signal(method, 'HostnameVerifier.verify', 'hostname-verification-disabled', 'hostname verifier accepts every host name');
  }
}

/** Key, IV and salt specs whose arguments are secret material whatever the array's name. */
export const SECRET_SINKS: ReadonlySet<string> = new Set(['SecretKeySpec', 'IvParameterSpec', 'GCMParameterSpec', 'PBEKeySpec', 'KeyParameter']);

/**
 * Whether the array a weak generator fills is secret material: named as one (itself, or the method
 * that returns it), or given to a key, IV or salt spec in the file (`keyed`: the names passed to
 * SECRET_SINKS, collected once per file). Test payloads, benchmark data and MAC-address fallbacks
 * (`random.nextBytes(data)`) are not secrets, and most code filling arrays from java.util.Random is
 * exactly that.
 */
function fillsSecret(inv: SgNode, target: SgNode, keyed: ReadonlySet<string>): boolean {
  const k = kindOf(target);
  if (k !== 'identifier' && k !== 'field_access') return false;
  const name = k === 'field_access' ? target.field('field')?.text() ?? '' : target.text();
  if (secretName(name) || keyed.has(name)) return true;
  const method = inv.ancestors().find((a) => kindOf(a) === 'method_declaration');
  if (!method || !secretName(method.field('name')?.text() ?? '')) return false;
  const escaped = name.replace(/\$/g, '\\$');
  return method.find({ rule: { kind: 'return_statement', has: { kind: 'identifier', regex: `^${escaped}$` } } }) !== null;
}

/** `java.util.Random` (or ThreadLocalRandom) filling byte arrays: keys, IVs and tokens must come from SecureRandom. */
export function handleWeakRandom(ctx: JavaContext, inv: SgNode, keyed: ReadonlySet<string>): boolean {
  if (inv.field('name')?.text() !== 'nextBytes') return false;
  const obj = inv.field('object');
  const target = inv.field('arguments')?.namedChildren()[0];
  if (!obj || !target) return false;
  let detail: string | undefined;
  let symbol = 'Random.nextBytes';
  if (/^ThreadLocalRandom\.current\(\)$/.test(obj.text().replace(/\s+/g, ''))) {
    symbol = 'ThreadLocalRandom.nextBytes';
    detail = 'ThreadLocalRandom is not a cryptographic RNG';
  } else {
    const o = ctx.origin(obj);
    if (o && kindOf(o) === 'object_creation_expression' && /^(java\.util\.)?Random$/.test(o.field('type')?.text().replace(/\s+/g, '') ?? '')) {
      detail = 'java.util.Random is not a cryptographic RNG';
    }
  }
  if (!detail) return false;
  if (fillsSecret(inv, target, keyed)) ctx.sink.signal(inv, symbol, 'weak-random', `${detail} (fills ${target.text()})`);
  return true;
}
