// OpenSSL's libssl configuration calls: protocol versions (`SSL_CTX_new(TLSv1_method())`,
// `SSL_CTX_set_min_proto_version`), cipher lists and TLS 1.3 suites, key-exchange groups, and peer
// verification switched off. Each call is its own TLS protocol detection, as in the configuration-file
// detector (docs/detectors.md): a cipher string is split with the same rule (only names the knowledge
// base knows as suites are suites; keywords such as `HIGH` are not expanded).
import type { SgNode } from '@ast-grep/napi';
import { parseCipherString } from '../../artefacts/tls-config.js';
import { parseTlsVersion } from '../common/versions.js';
import { assignedName, type CFile } from './file.js';
import { branchOf, calleeName } from './resolve.js';
import { OPENSSL, type CallHandler } from './openssl.js';

/**
 * Version of a method getter (`TLSv1_1_client_method` -> 1.1; OpenSSL's QUIC methods, TLS 1.3 only as
 * QUIC requires); undefined for the version-flexible `TLS_method`/`SSLv23_method`.
 */
function methodVersion(callee: string): { version: string; insecure: boolean } | undefined {
  if (/^OSSL_QUIC_(?:client|client_thread|server)_method$/.test(callee)) return { version: '1.3', insecure: false };
  const m = /^((?:SSL|TLS)v[0-9_]+)_(?:server_|client_)?method$/.exec(callee);
  if (!m || m[1] === 'SSLv23') return undefined;
  const v = parseTlsVersion(m[1]!);
  return v ? { version: v.version, insecure: v.insecure } : undefined;
}

/** Numeric protocol versions (`0x0303`) and the `TLS1_2_VERSION` constants. */
const NUMBERS: Readonly<Record<number, string>> = { 0x0300: 'SSLv3', 0x0301: '1.0', 0x0302: '1.1', 0x0303: '1.2', 0x0304: '1.3' };
const INSECURE = new Set(['SSLv3', 'SSLv2', '1.0', '1.1']);

function versionOf(f: CFile, node: SgNode | undefined): string | undefined {
  const sym = f.symbol(node);
  if (sym) {
    const m = /^((?:SSL|TLS)[0-9_]+)_VERSION$/.exec(sym);
    return m ? parseTlsVersion(m[1]!)?.version : undefined;
  }
  const n = f.int(node);
  return n === undefined ? undefined : NUMBERS[n];
}

function describe(v: string): string {
  return v.startsWith('SSL') ? v : `TLS ${v}`;
}

const SERVER_ROLE = /\b(?:\w+_server_method|SSL_accept|SSL_set_accept_state)\b/;
const CLIENT_ROLE = /\b(?:\w+_client_method|SSL_connect|SSL_set_connect_state|SSL_set_tlsext_host_name|SSL_set1_host)\b/;

function serverOnly(text: string): boolean {
  return SERVER_ROLE.test(text) && !CLIENT_ROLE.test(text);
}

const sslCtxNew: CallHandler = (f, call, _callee, args) => {
  const method = f.producer(args[0]);
  const pinned = method ? methodVersion(method.callee) : undefined;
  if (pinned) {
    f.protocol(call, OPENSSL, { protocolType: 'tls', version: pinned.version });
    if (pinned.insecure) f.signal(call, OPENSSL, 'insecure-protocol-version', `${method!.callee} accepts only ${describe(pinned.version)}`);
    return;
  }
  // A version-flexible context: the minimum version set on it in the same function is the asset (reported there).
  const ctx = assignedName(call);
  if (ctx && f.callsOn(ctx, call, /^SSL_CTX_set_min_proto_version$/).some((c) => versionOf(f, c.field('arguments')?.namedChildren()[1]) !== undefined)) return;
  f.protocol(call, OPENSSL, { protocolType: 'tls' });
};

const minVersion: CallHandler = (f, call, callee, args) => {
  const v = versionOf(f, args[1]);
  if (!v) return; // 0 means "the lowest the library supports": nothing pinned in the code
  f.protocol(call, OPENSSL, { protocolType: 'tls', version: v });
  if (INSECURE.has(v)) f.signal(call, OPENSSL, 'insecure-protocol-version', `${callee} allows ${describe(v)}`);
};

const maxVersion: CallHandler = (f, call, callee, args) => {
  const v = versionOf(f, args[1]);
  if (v && INSECURE.has(v)) f.signal(call, OPENSSL, 'insecure-protocol-version', `${callee} caps the protocol at ${describe(v)}`);
};

const cipherList: CallHandler = (f, call, _callee, args) => {
  const list = f.str(args[1]);
  const suites = list === undefined ? [] : parseCipherString(list, f.kb).suites;
  f.protocol(call, OPENSSL, { protocolType: 'tls', cipherSuites: suites });
};

/** The groups of a `:`-separated list as written (`X25519MLKEM768:?P-256`), without `auto`/`default`. */
export function groupNames(list: string | undefined): string[] {
  return list === undefined ? [] : list.split(/[:,\s]+/).map((g) => g.replace(/^\?/, '')).filter((g) => g !== '' && !/^(auto|default)$/i.test(g));
}

const groupsList: CallHandler = (f, call, _callee, args) => {
  f.protocol(call, OPENSSL, { protocolType: 'tls', groups: groupNames(f.str(args[1])) });
};

/**
 * Whether a verify callback named in the call is defined in the file and accepts every certificate:
 * its body is one `return 1;` (OpenSSL then ignores every verification error). A body with anything
 * else (logging under `#if`, checks) is not judged.
 */
function acceptsAll(f: CFile, cb: SgNode | undefined): boolean {
  if (cb?.kind() !== 'identifier') return false;
  // Returning 1 only lets the handshake finish; a file that then reads SSL_get_verify_result (as
  // nginx does, to allow optional client certificates) still enforces the result itself.
  if (f.root.text().includes('SSL_get_verify_result')) return false;
  const name = cb.text();
  for (const fn of f.root.findAll({ rule: { kind: 'function_definition', has: { field: 'declarator', regex: `\\b${name}\\s*\\(` } } })) {
    const stmts = fn.field('body')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
    if (stmts.length !== 1 || stmts[0]!.kind() !== 'return_statement') continue;
    const v = f.int(stmts[0]!.namedChildren()[0]);
    if (v === 1) return true;
  }
  return false;
}

const setVerify: CallHandler = (f, call, callee, args) => {
  if (acceptsAll(f, args[2])) {
    f.signal(call, OPENSSL, 'cert-verification-disabled', `${callee}: the verify callback ${args[2]!.text()} accepts every certificate`);
    return;
  }
  const mode = f.symbol(args[1]);
  const none = mode === 'SSL_VERIFY_NONE' || (mode === undefined && f.int(args[1]) === 0);
  if (!none) return;
  // On a server, SSL_VERIFY_NONE only means "no client certificate requested", which is the default.
  // The role is read from the file, or from the function when the file plays both (Redis's tls.c sets
  // it on an accepted connection, next to SSL_set_accept_state, and verifies the servers it connects to).
  const text = f.root.text();
  if (serverOnly(text)) return;
  const fn = call.ancestors().find((a) => a.kind() === 'function_definition');
  if (fn && serverOnly(fn.text())) return;
  // SSL_VERIFY_NONE still verifies; it only lets the handshake finish. A file that reads the result
  // with SSL_get_verify_result (curl does, to try other trust stores) enforces it itself.
  if (text.includes('SSL_get_verify_result')) return;
  f.signal(call, OPENSSL, 'cert-verification-disabled', `${callee}(…, SSL_VERIFY_NONE, …): the peer's certificate is not verified`);
};

/**
 * The `SSL_OP_NO_*` names in an option mask written as constants joined by `|` (through same-file
 * aliases), or undefined when any operand is not a named `SSL_OP_*` constant (a variable, a number, a
 * call): its bits are unknown, and they could disable the versions the rest leaves on.
 */
function noVersionOptions(f: CFile, node: SgNode | undefined, depth = 0): Set<string> | undefined {
  if (!node || depth > 8) return undefined;
  const o = f.origin(node);
  if (!o) return undefined;
  if (o.kind() === 'binary_expression') {
    if (o.field('operator')?.text() !== '|') return undefined;
    const a = noVersionOptions(f, o.field('left') ?? undefined, depth + 1);
    const b = a && noVersionOptions(f, o.field('right') ?? undefined, depth + 1);
    return b ? new Set([...a!, ...b]) : undefined;
  }
  const name = o.kind() === 'identifier' ? o.text() : undefined;
  if (!name?.startsWith('SSL_OP_')) return undefined;
  return new Set(name.startsWith('SSL_OP_NO_') ? [name] : []);
}

const SET_OPTIONS = /^(?:SSL_CTX_set_options|SSL_set_options)$/;

/**
 * `SSL_CTX_set_options(ctx, SSL_OP_NO_TLSv1_2 | …)`: OpenSSL keeps the enabled versions contiguous
 * (ssl_get_min_max_version: an `SSL_OP_NO_X` with a version below X still on disables everything
 * above X, TLS 1.3 included), so a mask that turns TLS 1.2 off while TLS 1.0 or 1.1 stays on leaves
 * only those old versions. Reported only then; a mask that also turns off 1.0 and 1.1 leaves nothing.
 * Options accumulate on the object, so the masks of every call the function makes on it count
 * together (`set_options(ctx, SSL_OP_NO_TLSv1); set_options(ctx, SSL_OP_NO_TLSv1_1 | SSL_OP_NO_TLSv1_2)`
 * leaves TLS 1.3). A call made only under a condition is the configuration's choice, not judged: nginx
 * turns off, one `if` each, the versions its `ssl_protocols` directive leaves out.
 */
const setOptions: CallHandler = (f, call, callee, args) => {
  if (branchOf(call)) return;
  const own = noVersionOptions(f, args[1]);
  if (!own?.has('SSL_OP_NO_TLSv1_2')) return;
  const no = new Set(own);
  const target = args[0]?.text().replace(/\s+/g, '');
  const fn = call.ancestors().find((a) => a.kind() === 'function_definition');
  for (const other of fn?.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: SET_OPTIONS.source } } }) ?? []) {
    const otherArgs = other.field('arguments')?.namedChildren() ?? [];
    if (other.id() === call.id() || !SET_OPTIONS.test(calleeName(other)) || otherArgs[0]?.text().replace(/\s+/g, '') !== target || branchOf(other)) continue;
    const mask = noVersionOptions(f, otherArgs[1]);
    if (!mask) return; // unknown bits on the same object: they could turn the old versions off too
    for (const op of mask) no.add(op);
  }
  const left = [['SSL_OP_NO_TLSv1', '1.0'], ['SSL_OP_NO_TLSv1_1', '1.1']].filter(([op]) => !no.has(op!)).map(([, v]) => v!);
  if (left.length === 0) return;
  // The lowest version left on is the effective minimum, as SSL_CTX_set_min_proto_version reports it.
  f.protocol(call, OPENSSL, { protocolType: 'tls', version: left[0]! });
  f.signal(call, OPENSSL, 'insecure-protocol-version', `${callee}(…, SSL_OP_NO_TLSv1_2 …) leaves only ${left.map((v) => `TLS ${v}`).join(' and ')} enabled`);
};

export const TLS_CALLS: ReadonlyArray<[string, CallHandler]> = [
  ['SSL_CTX_set_options', setOptions],
  ['SSL_set_options', setOptions],
  ['SSL_CTX_new', sslCtxNew],
  ['SSL_CTX_new_ex', (f, call, callee, args) => sslCtxNew(f, call, callee, args.slice(2))],
  ['SSL_CTX_set_min_proto_version', minVersion],
  ['SSL_set_min_proto_version', minVersion],
  ['SSL_CTX_set_max_proto_version', maxVersion],
  ['SSL_set_max_proto_version', maxVersion],
  ['SSL_CTX_set_cipher_list', cipherList],
  ['SSL_set_cipher_list', cipherList],
  ['SSL_CTX_set_ciphersuites', cipherList],
  ['SSL_set_ciphersuites', cipherList],
  ['SSL_CTX_set1_groups_list', groupsList],
  ['SSL_set1_groups_list', groupsList],
  ['SSL_CTX_set1_curves_list', groupsList],
  ['SSL_set1_curves_list', groupsList],
  ['SSL_CTX_set_verify', setVerify],
  ['SSL_set_verify', setVerify],
];
