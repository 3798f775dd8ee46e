// TLS and SSH settings in Ruby: `OpenSSL::SSL::VERIFY_NONE` given as a value (to `verify_mode=` of
// Net::HTTP or an SSLContext, to RestClient's `verify_ssl:`, to Faraday's `ssl: { verify_mode: … }`, or
// over `OpenSSL::SSL::VERIFY_PEER` itself); HTTP clients' switches (`ssl: { verify: false }` in Faraday,
// `verify: false` in HTTParty, Excon's `ssl_verify_peer: false`, Typhoeus' `ssl_verifypeer: false` and
// `ssl_verifyhost: 0`); protocol versions (`ssl_version = :TLSv1`, `min_version = OpenSSL::SSL::TLS1_2_VERSION`)
// and cipher lists (`ciphers = '…'`, also in `set_params` options, written there or in a hash a name holds);
// net-ssh's `verify_host_key: :never` and `paranoid: false`.
import type { SgNode } from '@ast-grep/napi';
import type { LibraryRef } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { parseTlsVersion } from '../common/versions.js';
import type { RbFile, Setter } from './file.js';
import { OPENSSL } from './openssl.js';
import { callParts, constPath, pairKey } from './resolve.js';

const NET_SSH: LibraryRef = { ecosystem: 'gem', name: 'net-ssh' };

/** Setters read as TLS settings. */
export const TLS_SETTERS = ['verify_mode', 'ssl_version', 'min_version', 'max_version', 'ciphers', 'verify', 'ssl_verify_peer', 'verify_ssl', 'verify_hostname'];

/** Hash keys (options of HTTP clients and net-ssh) read as settings. */
export const OPTION_KEYS = ['verify_mode', 'verify_ssl', 'ssl_verify_mode', 'ssl_verify_peer', 'ssl_verifypeer', 'ssl_verifyhost', 'verify_peer', 'verify_hostname',
  'verify', 'verify_host_key', 'paranoid', 'ssl_version', 'min_version', 'max_version', 'ciphers'];

/** Whether a value means "do not verify": `false`, `OpenSSL::SSL::VERIFY_NONE`, `0` where the option counts (`ssl_verifyhost: 0`). */
function isVerifyNone(node: SgNode | undefined): boolean {
  if (!node) return false;
  const k = kindOf(node);
  if (k === 'false') return true;
  return (k === 'scope_resolution' || k === 'constant') && /(^|::)VERIFY_NONE$/.test(node.text().replace(/\s+/g, ''));
}

/** A TLS version spelling of Ruby's APIs: `:TLSv1_1`, `'TLSv1'`, `:TLS1_2`, `OpenSSL::SSL::TLS1_VERSION`, `:SSLv3`. */
function tlsVersion(f: RbFile, node: SgNode): { version: string; insecure: boolean; written: string } | undefined {
  const v = f.value(node);
  let s: string | undefined;
  if (v.kind === 'str') s = v.value;
  else if (v.kind === 'member') s = v.path.split('::').pop();
  else if (kindOf(node) === 'constant') s = node.text();
  if (!s) return undefined;
  const n = s.replace(/_VERSION$/, '').replace(/^SSL3$/, 'SSLv3').replace(/^SSL2$/, 'SSLv2');
  const parsed = parseTlsVersion(n) ?? parseTlsVersion(n.replace(/^TLSv1_(\d)$/, 'TLSv1.$1'));
  return parsed ? { version: parsed.version, insecure: parsed.insecure, written: s } : undefined;
}

function versionSetting(f: RbFile, at: SgNode, symbol: string, value: SgNode): void {
  const v = tlsVersion(f, value);
  if (!v) return;
  f.sink.protocol(at, symbol, { protocolType: 'tls', version: v.version }, OPENSSL);
  if (v.insecure) f.sink.signal(at, symbol, 'insecure-protocol-version', `${v.written} enabled`, { library: OPENSSL });
}

function cipherList(f: RbFile, at: SgNode, symbol: string, value: SgNode): void {
  const v = f.value(value);
  const list = v.kind === 'str' ? v.value.split(':').map((s) => s.trim()).filter(Boolean)
    : v.kind === 'list' && v.items.every((i) => i.kind === 'str') ? v.items.map((i) => (i as { value: string }).value) : undefined;
  if (list?.length) f.sink.protocol(at, symbol, { protocolType: 'tls', cipherSuites: list }, OPENSSL);
}

/** `http.verify_mode = …`, `ctx.ssl_version = …`, `ctx.min_version = …`, `ctx.ciphers = …`, Faraday's `conn.ssl.verify = false`. */
export function tlsSetter(f: RbFile, s: Setter): void {
  const symbol = `${s.name}=`;
  switch (s.name) {
    case 'verify_mode':
      // VERIFY_NONE is reported where it is written (valueSite).
      return;
    case 'ssl_version': case 'min_version': case 'max_version':
      versionSetting(f, s.node, symbol, s.value);
      return;
    case 'ciphers':
      cipherList(f, s.node, symbol, s.value);
      return;
    case 'verify': case 'ssl_verify_peer': case 'verify_ssl':
      // `conn.ssl.verify = false` (Faraday), `Excon.defaults…`; a bare `x.verify = false` says nothing about TLS.
      if (kindOf(s.value) === 'false' && (s.name !== 'verify' || /(^|\.)ssl$/.test(s.receiver.text()))) {
        f.sink.signal(s.node, symbol, 'cert-verification-disabled', 'TLS certificate verification switched off');
      }
      return;
    case 'verify_hostname':
      if (kindOf(s.value) === 'false') f.sink.signal(s.node, symbol, 'hostname-verification-disabled', 'TLS host name verification switched off', { library: OPENSSL });
  }
}

/** `OpenSSL::SSL::VERIFY_NONE` as a value (not compared with, not in a `when`). */
export function verifyNoneSite(f: RbFile, constant: SgNode): void {
  // `OpenSSL::SSL::VERIFY_NONE`: the query finds the constant, the value is the whole path.
  let node = constant;
  for (let up = node.parent(); up && kindOf(up) === 'scope_resolution' && up.field('name')?.id() === node.id(); up = node.parent()) node = up;
  const p = node.parent();
  if (!p) return;
  const k = kindOf(p);
  if (k === 'scope_resolution' || k === 'pattern' || k === 'when') return;
  if (k === 'binary' && /^(==|!=|===|equal\?)$/.test(p.field('operator')?.text() ?? '')) return;
  // `OpenSSL::SSL::VERIFY_NONE` given to a server's `SSLVerifyClient:` (WEBrick) asks for no client certificate.
  if (k === 'pair' && /^SSLVerifyClient$|^verify_client/.test(pairKey(p) ?? '')) return;
  // A pair whose key is not a verification option: `{ VERIFY_NONE => 'none' }`-style tables.
  if (k === 'pair' && p.field('value')?.id() !== node.id()) return;
  if (k === 'call') {
    // `VERIFY_NONE.to_s`, `mode.equal?(VERIFY_NONE)`.
    const c = callParts(p);
    if (c && (c.receiver?.id() === node.id() || /^(eql\?|equal\?|include\?)$/.test(c.method))) return;
  }
  if (k === 'argument_list') {
    const call = p.parent();
    const c = call && kindOf(call) === 'call' ? callParts(call) : undefined;
    if (c && /^(include\?|eql\?|equal\?|puts|print|p|warn|debug|info)$/.test(c.method)) return;
  }
  if (inAssertion(node)) return;
  f.sink.signal(node, 'OpenSSL::SSL::VERIFY_NONE', 'cert-verification-disabled', 'TLS peer verification mode VERIFY_NONE', { library: OPENSSL });
}

/** Test assertions and matchers: what they are given is an expected value, not a setting. */
const ASSERTION_CALL = /^(assert\w*|refute\w*|expect|eq|eql|must_equal|wont_equal|must_be|wont_be)$/;

/**
 * Whether a value is (within its statement) an argument of an assertion: `assert_equal OpenSSL::SSL::VERIFY_NONE,
 * ctx.verify_mode`, `assert_equal({ verify_mode: OpenSSL::SSL::VERIFY_NONE }, result.ssl)`, `expect(…).to
 * eq(OpenSSL::SSL::VERIFY_NONE)` (httprb/http's tests). Climbs a few levels, stopping at a statement's edge.
 */
export function inAssertion(node: SgNode): boolean {
  let cur = node;
  for (let i = 0; i < 6; i++) {
    const p = cur.parent();
    if (!p) return false;
    const k = kindOf(p);
    if (k === 'argument_list') {
      const call = p.parent();
      const m = call && kindOf(call) === 'call' ? call.field('method')?.text() : undefined;
      if (m && ASSERTION_CALL.test(m)) return true;
    } else if (k !== 'pair' && k !== 'hash' && k !== 'array' && k !== 'parenthesized_statements') return false;
    cur = p;
  }
  return false;
}

/** Whether a pair sits in the arguments of an HTTParty request (`HTTParty.get(url, verify: false)`, `self.class.post(…)`). */
function inHttpartyCall(f: RbFile, pair: SgNode): boolean {
  if (!f.text.includes('HTTParty')) return false;
  let cur = pair.parent();
  if (cur && kindOf(cur) === 'hash') cur = cur.parent();
  const call = cur && kindOf(cur) === 'argument_list' ? cur.parent() : undefined;
  const c = call && kindOf(call) === 'call' ? callParts(call) : undefined;
  return !!c && /^(get|post|put|patch|delete|head|options|move|copy|default_options|merge!|update|new)$/.test(c.method);
}

/**
 * Whether the file uses Excon (or is Excon): its TLS options are top-level connection options, `ciphers:` and
 * `ssl_version:` beside `:host` (`Excon.new(url, ciphers: '…')`, `Excon.defaults[:ciphers] = '…'`, and the
 * `DEFAULTS` hash of its own constants.rb), not an `ssl:` hash.
 */
function usesExcon(f: RbFile): boolean {
  return f.text.includes('Excon');
}

/** Whether a pair is inside the value of an `ssl:` (Faraday) or `ssl_options:` option. */
function inSslHash(pair: SgNode): boolean {
  const hash = pair.parent();
  const outer = hash && kindOf(hash) === 'hash' ? hash.parent() : undefined;
  return !!outer && kindOf(outer) === 'pair' && /^(ssl|ssl_options|tls|tls_options)$/.test(pairKey(outer) ?? '');
}

/**
 * Whether a pair is an option of an SSLContext: an argument of `ctx.set_params(…)` (or `SSLContext.new(…)`), bare or
 * in braces, or a pair of a hash a name holds that the file gives to `set_params` (`CLIENT_PARAMS = { ciphers: … }`
 * then `ctx.set_params(CLIENT_PARAMS)`).
 */
function contextOption(f: RbFile, pair: SgNode): boolean {
  let cur = pair.parent();
  const hash = cur && kindOf(cur) === 'hash' ? cur : undefined;
  if (hash) cur = hash.parent();
  if (cur && kindOf(cur) === 'argument_list') {
    const call = cur.parent();
    const c = call && kindOf(call) === 'call' ? callParts(call) : undefined;
    return !!c && (c.method === 'set_params' || (c.method === 'new' && /(^|::)SSLContext$/.test(constPath(c.receiver) ?? '')));
  }
  if (!hash) return false;
  return f.callsNamed('set_params').some((c) => c.positional.length === 1 && f.origin(c.positional[0])?.id() === hash.id());
}

/** Options written as hash pairs: HTTP clients' switches, net-ssh's host-key policy, TLS versions and ciphers. */
export function optionPair(f: RbFile, pair: SgNode): void {
  const key = pairKey(pair);
  const value = pair.field('value');
  if (!key || !value) return;
  switch (key) {
    case 'verify':
      if (kindOf(value) === 'false' && (inSslHash(pair) || inHttpartyCall(f, pair))) f.sink.signal(pair, 'verify: false', 'cert-verification-disabled', 'TLS certificate verification switched off');
      return;
    case 'verify_ssl': case 'ssl_verify_peer': case 'ssl_verifypeer': case 'verify_peer': case 'ssl_verify_mode': case 'verify_mode':
      // VERIFY_NONE is reported where it is written.
      if (kindOf(value) === 'false') f.sink.signal(pair, `${key}: false`, 'cert-verification-disabled', 'TLS certificate verification switched off');
      return;
    case 'ssl_verifyhost':
      if (f.int(value) === 0) f.sink.signal(pair, 'ssl_verifyhost: 0', 'hostname-verification-disabled', 'TLS host name verification switched off');
      return;
    case 'verify_hostname':
      if (kindOf(value) === 'false' && inSslHash(pair)) f.sink.signal(pair, 'verify_hostname: false', 'hostname-verification-disabled', 'TLS host name verification switched off');
      return;
    case 'verify_host_key': case 'paranoid':
      hostKeyPolicy(f, pair, key, value);
      return;
    case 'ssl_version': case 'min_version': case 'max_version':
      if (inSslHash(pair) || contextOption(f, pair) || (key === 'ssl_version' && usesExcon(f))) versionSetting(f, pair, key, value);
      return;
    case 'ciphers':
      if (inSslHash(pair) || contextOption(f, pair) || usesExcon(f)) cipherList(f, pair, key, value);
  }
}

/** net-ssh: `verify_host_key: :never` (also `false`, `Net::SSH::Verifiers::Never.new`), and the older `paranoid: false`. */
function hostKeyPolicy(f: RbFile, at: SgNode, key: string, value: SgNode): void {
  const v = f.value(value);
  const text = value.text().replace(/\s+/g, '');
  const never = (v.kind === 'str' && v.value === 'never') || kindOf(value) === 'false' || /Verifiers::(Never|Null)(\.new)?$/.test(text);
  if (never) f.sink.signal(at, `${key}: ${value.text()}`, 'ssh-host-key-verification-disabled', 'SSH server host key is not verified', { library: NET_SSH });
}

/** `options[:verify_host_key] = :never`, `Excon.defaults[:ssl_verify_peer] = false`. */
export function indexAssignment(f: RbFile, node: SgNode): void {
  const left = node.field('left');
  const value = node.field('right');
  if (!left || !value || kindOf(left) !== 'element_reference') return;
  const keyNode = left.namedChildren()[1];
  const key = keyNode ? (f.str(keyNode) ?? undefined) : undefined;
  if (!key) return;
  if (key === 'verify_host_key' || key === 'paranoid') hostKeyPolicy(f, node, key, value);
  else if (key === 'ciphers' && usesExcon(f)) cipherList(f, node, '[:ciphers] =', value);
  else if (/^(ssl_verify_peer|verify_ssl|ssl_verifypeer)$/.test(key) && kindOf(value) === 'false') f.sink.signal(node, `[:${key}] = false`, 'cert-verification-disabled', 'TLS certificate verification switched off');
}

/** `OpenSSL::SSL::SSLContext.new(:TLSv1)`: a context pinned to one version. */
export function sslContextNew(f: RbFile, node: SgNode, version: SgNode | undefined): void {
  if (version) versionSetting(f, node, 'OpenSSL::SSL::SSLContext.new', version);
}
