// TLS options and certificate-check switches, wherever the options object is written (tls.connect,
// https.request, new https.Agent, axios/got/undici agents): `minVersion`/`maxVersion`,
// `secureProtocol`, `ciphers`, `ecdhCurve`, `rejectUnauthorized: false`, a `checkServerIdentity`
// that accepts every host, and NODE_TLS_REJECT_UNAUTHORIZED='0'; an ssh2 `hostVerifier` that accepts
// every server key. Also Math.random() used for secrets.
import { eachCaseMarked } from '../common/cases.js';
import type { SgNode } from '@ast-grep/napi';
import type { JsFile } from './file.js';
import { parseTlsVersion } from '../common/versions.js';
import { propertyKey } from './resolve.js';

/** `secureProtocol` method names -> version (`TLSv1_2_method` -> 1.2); generic methods pin nothing. */
function secureProtocolVersion(method: string): string | undefined {
  const m = /^(SSLv2|SSLv3|TLSv1(?:_[123])?)_(?:client_|server_)?method$/.exec(method);
  return m ? parseTlsVersion(m[1]!)?.version : undefined;
}

const INSECURE = new Set(['SSLv2', 'SSLv3', '1.0', '1.1']);

function split(s: string | undefined): string[] {
  return s ? s.split(/[:,\s]+/).map((x) => x.trim()).filter((x) => x.length > 0) : [];
}


/**
 * TLS option objects and verification switches, in one traversal: objects with `minVersion`,
 * `maxVersion`, `secureProtocol` (and `ciphers`/`ecdhCurve` in files that import tls/https/http2), and
 * `rejectUnauthorized: false` / `checkServerIdentity: () => undefined` / `hostVerifier: () => true`
 * pairs in any object.
 */
/** The option names the pair query looks for: a file without any of them has nothing to find. */
const OPTION_NAMES = /minVersion|maxVersion|secureProtocol|ciphers|ecdhCurve|rejectUnauthorized|checkServerIdentity|hostVerifier/;

export function detectTlsSettings(f: JsFile, tlsModule: string | undefined, text: string): void {
  // The query walks every pair of the file (~1 ms per 30 KB): skipped when the text names no option.
  if (!OPTION_NAMES.test(text)) return;
  // One query over pairs (cheaper than matching objects by their children); an options object is
  // read once, at its first option pair.
  const rule = { kind: 'pair', regex: `^["']?(minVersion|maxVersion|secureProtocol|ciphers|ecdhCurve|rejectUnauthorized|checkServerIdentity|hostVerifier)["']?\\s*:` };
  const seen = new Set<number>();
  for (const pair of f.root.findAll({ rule })) {
    const key = propertyKey(pair.field('key'));
    // Each once per value a helper's parameter takes (`{ minVersion: min }` in `function agent(min)`).
    if (key === 'rejectUnauthorized' || key === 'checkServerIdentity' || key === 'hostVerifier') {
      eachCaseMarked(f.ev, { sink: f.sink }, () => verificationSwitch(f, pair));
      continue;
    }
    const obj = pair.parent();
    if (!obj || seen.has(obj.id())) continue;
    seen.add(obj.id());
    eachCaseMarked(f.ev, { sink: f.sink }, () => tlsOptions(f, obj, tlsModule));
  }
}

function tlsOptions(f: JsFile, obj: SgNode, tlsModule: string | undefined): void {
  const props = f.props(obj);
  if (!props) return;
  const str = (k: string): string | undefined => (props.has(k) ? f.str(props.get(k)) : undefined);
  const min = str('minVersion');
  const max = str('maxVersion');
  const proto = str('secureProtocol');
  const minV = min ? parseTlsVersion(min)?.version : undefined;
  const maxV = max ? parseTlsVersion(max)?.version : undefined;
  const protoV = proto ? secureProtocolVersion(proto) : undefined;
  const ciphers = split(str('ciphers'));
  const groups = split(str('ecdhCurve')).filter((g) => g.toLowerCase() !== 'auto');
  const pinned = minV ?? protoV ?? maxV;
  if (!pinned && !(tlsModule && (ciphers.length > 0 || groups.length > 0))) return;
  f.protocol(obj, 'TLS options', tlsModule ?? 'tls', {
    protocolType: 'tls',
    ...(pinned ? { version: pinned } : {}),
    cipherSuites: ciphers,
    groups,
  });
  for (const [key, v] of [['minVersion', minV], ['secureProtocol', protoV], ['maxVersion', maxV]] as const) {
    if (!v || !INSECURE.has(v)) continue;
    if (key === 'maxVersion' && (minV || protoV)) continue;
    const node = props.get(key)!;
    f.signal(node, `${tlsModule ?? 'tls'}:`, 'insecure-protocol-version', `${key} allows ${v.startsWith('SSL') ? v : `TLS ${v}`}`, undefined, `${key}: ${node.text()}`);
  }
}

function verificationSwitch(f: JsFile, pair: SgNode): void {
  const key = propertyKey(pair.field('key'));
  const value = pair.field('value');
  if (!value) return;
  if (key === 'rejectUnauthorized') {
    const v = f.eval(value);
    if (v.kind === 'bool' && !v.value && !serverOptions(pair.parent())) f.signal(pair, '', 'cert-verification-disabled', 'rejectUnauthorized is false: server certificates are not verified', undefined, 'rejectUnauthorized: false');
  } else if (key === 'checkServerIdentity' && acceptsAll(value)) {
    f.signal(pair, '', 'hostname-verification-disabled', 'checkServerIdentity accepts every host name', undefined, 'checkServerIdentity');
  } else if (key === 'hostVerifier' && returnsTrue(value, true)) {
    f.signal(pair, '', 'ssh-host-key-verification-disabled', 'SSH host keys are not verified: hostVerifier accepts every server key', undefined, 'hostVerifier');
  }
}

/**
 * A server's options (`https.createServer({ requestCert: true, rejectUnauthorized: false, … })`, or any
 * object with `requestCert`, an option only servers take): there `rejectUnauthorized` is about client
 * certificates, which the server asks for only with `requestCert` and which an mTLS server accepting
 * self-signed ones (RFC 8705's self_signed_tls_client_auth) checks itself. It says nothing about
 * verifying a server, so it is no cert-verification-disabled (Python's VERIFY_NONE on a server alike).
 */
function serverOptions(obj: SgNode | null): boolean {
  if (!obj || (obj.kind() as string) !== 'object') return false;
  if (obj.children().some((p) => (p.kind() as string) === 'pair' && propertyKey(p.field('key')) === 'requestCert')) return true;
  const call = obj.parent()?.parent();
  if ((call?.kind() as string) !== 'call_expression' && (call?.kind() as string) !== 'new_expression') return false;
  const fn = call!.field('function') ?? call!.field('constructor');
  const name = (fn?.kind() as string) === 'member_expression' ? fn!.field('property')?.text() : fn?.text();
  return name === 'createServer' || name === 'createSecureServer' || name === 'Server';
}

/** process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0' turns certificate checks off for the whole process. */
export function detectTlsEnv(f: JsFile, assignments: readonly SgNode[]): void {
  for (const asg of assignments) {
    const left = asg.field('left');
    if (!left || !left.text().includes('NODE_TLS_REJECT_UNAUTHORIZED')) continue;
    const ok = /^process\.env(\.NODE_TLS_REJECT_UNAUTHORIZED|\[\s*['"`]NODE_TLS_REJECT_UNAUTHORIZED['"`]\s*\])$/.test(left.text().replace(/\s+/g, ''));
    const v = f.eval(asg.field('right') ?? undefined);
    if (ok && ((v.kind === 'str' && v.value === '0') || (v.kind === 'int' && v.value === 0))) {
      f.signal(asg, '', 'cert-verification-disabled', 'NODE_TLS_REJECT_UNAUTHORIZED=0 disables certificate verification for the process', undefined, 'NODE_TLS_REJECT_UNAUTHORIZED');
    }
  }
}

/** A function that never throws or returns an error: `() => undefined`, `() => {}`, `function () { return null; }`. */
function acceptsAll(fn: SgNode): boolean {
  const k = fn.kind() as string;
  if (k !== 'arrow_function' && k !== 'function_expression' && k !== 'function') return false;
  const body = fn.field('body');
  if (!body) return false;
  if ((body.kind() as string) !== 'statement_block') return ['undefined', 'null'].includes(body.text());
  const stmts = body.namedChildren().filter((s) => (s.kind() as string) !== 'comment');
  return stmts.length === 0 || (stmts.length === 1 && /^return\s*(undefined|null)?\s*;?$/.test(stmts[0]!.text()));
}

/**
 * A function whose one statement returns `true` (`() => true`, `function () { return true; }`): a
 * check that passes everything (node-forge's TLS `verify`). With `orCallsBack`, also one that only
 * calls back with `true`: an ssh2 hostVerifier's callback form `(key, verify) => verify(true)`.
 */
export function returnsTrue(fn: SgNode, orCallsBack = false): boolean {
  const k = fn.kind() as string;
  if (k !== 'arrow_function' && k !== 'function_expression' && k !== 'function') return false;
  const body = fn.field('body');
  if (!body) return false;
  if ((body.kind() as string) !== 'statement_block') {
    const expr = body.text().replace(/\s+/g, '');
    return /^(true|!0)$/.test(expr) || (orCallsBack && /^\w+\(true\)$/.test(expr));
  }
  const stmts = body.namedChildren().filter((s) => (s.kind() as string) !== 'comment');
  if (stmts.length !== 1) return false;
  const only = stmts[0]!.text().replace(/\s+/g, ' ').trim();
  return /^return (true|!0)\s*;?$/.test(only) || (orCallsBack && /^\w+\(\s*true\s*\)\s*;?$/.test(only));
}

const SECRET_NAME = /(key|token|secret|nonce|salt|passw|otp|session|csrf|iv$|^iv)/i;

/**
 * Math.random() feeding something whose name says it is a secret (variable, property or function).
 * `seen` keeps one signal per secret per line: `Math.random().toString(36) + Math.random()...` is one token.
 */
export function weakRandom(f: JsFile, call: SgNode, seen: Set<string>): void {
  const name = secretTarget(call);
  if (!name) return;
  const key = `${call.range().start.line}:${name}`;
  if (seen.has(key)) return;
  seen.add(key);
  f.signal(call, '', 'weak-random', `${name} is derived from Math.random(), which is not a cryptographic generator`, undefined, 'Math.random');
}

function secretTarget(call: SgNode): string | undefined {
  for (const a of call.ancestors()) {
    const k = a.kind() as string;
    let name: string | undefined;
    if (k === 'variable_declarator') name = a.field('name')?.text();
    else if (k === 'assignment_expression') name = a.field('left')?.text().split('.').pop();
    else if (k === 'pair') name = propertyKey(a.field('key'));
    else if (k === 'function_declaration' || k === 'method_definition') name = a.field('name')?.text();
    else if (k === 'statement_block' || k === 'program') continue;
    if (name !== undefined) return SECRET_NAME.test(name) && !/^(is|has)[A-Z]/.test(name) ? name : undefined;
  }
  return undefined;
}
