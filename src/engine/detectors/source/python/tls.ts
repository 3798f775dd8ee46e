// The ssl module, requests and httpx: pinned protocol versions, disabled certificate and host-name
// checks, cipher strings.
import type { SgNode } from '@ast-grep/napi';
import type { LibraryRef } from '../../../inventory/model.js';
import { kindOf } from '../common/languages.js';
import { parseTlsVersion } from '../common/versions.js';
import { arg } from './adapter.js';
import type { Call, PyContext } from './context.js';
import { normalise, qualify } from './imports.js';

const HTTP_CALL = /^(requests|httpx)\.(get|post|put|patch|delete|head|options|request|stream|Client|AsyncClient|Session)$/;

function protocolConstant(ctx: PyContext, node: SgNode | undefined): string | undefined {
  const v = ctx.value(node);
  if (v.kind === 'member') return v.path;
  return undefined;
}

export function reportVersion(ctx: PyContext, node: SgNode, symbol: string, spelling: string, how: string, library?: LibraryRef): void {
  const v = parseTlsVersion(spelling);
  ctx.sink.protocol(node, symbol, { protocolType: 'tls', ...(v ? { version: v.version } : {}) }, library);
  if (v?.insecure) ctx.sink.signal(node, symbol, 'insecure-protocol-version', `${spelling.split('.').at(-1)} ${how}`, library ? { library } : {});
}

/** Whether a call/receiver is a requests/httpx client (`requests.Session()`, `httpx.Client(...)`). */
function isHttpClient(ctx: PyContext, node: SgNode | undefined): boolean {
  const call = ctx.originCall(node);
  if (!call) return false;
  const q = qualify(ctx.imports, call.field('function'));
  return q !== undefined && /^(requests\.Session|requests\.session|httpx\.Client|httpx\.AsyncClient)$/.test(q);
}

/** Names that say a value is secret material: a non-cryptographic RNG must not produce them. */
const SECRET_NAME = /(^|_)(token|key|secret|nonce|salt|iv|password|passwd|otp|session_id|csrf)(_|$)/i;

/**
 * The `random` module (Mersenne Twister) producing secret material: `random.randbytes(n)` anywhere,
 * other `random.*` draws when assigned to a name like `token`, `api_key`, `nonce`, `salt`.
 */
export function handleWeakRandom(ctx: PyContext, c: Call): boolean {
  const name = c.name ?? '';
  if (!/^random\.(randbytes|getrandbits|randint|randrange|choice|choices|random|sample)$/.test(name)) return false;
  const fn = name.slice('random.'.length);
  let target: string | undefined;
  for (let p = c.node.parent(); p; p = p.parent()) {
    const k = kindOf(p);
    if (k === 'assignment') {
      target = p.field('left')?.text().split('.').at(-1);
      break;
    }
    if (k === 'return_statement') {
      target = p.ancestors().find((a) => kindOf(a) === 'function_definition')?.field('name')?.text();
      break;
    }
    if (k === 'expression_statement' || k === 'block' || k === 'function_definition') break;
  }
  if (fn === 'randbytes' || (target !== undefined && SECRET_NAME.test(target)))
    ctx.sink.signal(c.node, name, 'weak-random', `random.${fn} is not a cryptographic RNG${target ? ` (used for ${target})` : ''}; use secrets`);
  return true;
}

export function handleTlsCall(ctx: PyContext, c: Call): boolean {
  const name = c.name ?? '';
  const node = c.node;
  if (name === 'ssl.SSLContext' || name === 'ssl.wrap_socket') {
    const proto = protocolConstant(ctx, arg(c.args, name === 'ssl.SSLContext' ? 0 : 99, name === 'ssl.SSLContext' ? 'protocol' : 'ssl_version'));
    if (proto) reportVersion(ctx, node, name, proto, 'pinned');
    else if (name === 'ssl.SSLContext') ctx.sink.protocol(node, name, { protocolType: 'tls' });
    if (name === 'ssl.wrap_socket') {
      const reqs = protocolConstant(ctx, c.args.named.get('cert_reqs'));
      if (reqs?.endsWith('CERT_NONE')) ctx.sink.signal(node, name, 'cert-verification-disabled', 'cert_reqs=CERT_NONE');
    }
    return true;
  }
  if (name === 'ssl.create_default_context') {
    ctx.sink.protocol(node, name, { protocolType: 'tls' });
    return true;
  }
  if (name === 'ssl._create_unverified_context') {
    ctx.sink.signal(node, name, 'cert-verification-disabled', 'unverified SSL context: certificates and host names are not checked');
    return true;
  }
  const httpCall = HTTP_CALL.test(name) || (!c.name && c.method !== undefined && HTTP_METHODS.has(c.method));
  const verify = httpCall ? c.args.named.get('verify') : undefined;
  if (verify && (HTTP_CALL.test(name) || (c.receiver && isHttpClient(ctx, c.receiver)))) {
    const v = ctx.value(verify);
    // A request to a plain http:// URL has no certificate to check: `verify=False` there is inert.
    if (v.kind === 'bool' && !v.value && !plainHttp(ctx, urlArgument(c, c.method ?? name.split('.').at(-1) ?? ''))) ctx.sink.signal(node, name || `${c.method ?? 'request'}`, 'cert-verification-disabled', 'verify=False: the server certificate is not checked');
    return true;
  }
  if (c.method === 'set_missing_host_key_policy') {
    // paramiko: an unknown server key is accepted (AutoAddPolicy) or accepted with a log line
    // (WarningPolicy) instead of refused: the SSH counterpart of not checking a certificate.
    const policy = arg(c.args, 0, 'policy');
    const target = policy && kindOf(policy) === 'call' ? policy.field('function') : policy;
    const q = qualify(ctx.imports, target);
    const m = q ? /^paramiko(?:\.client)?\.(AutoAddPolicy|WarningPolicy)$/.exec(q) : null;
    if (m) ctx.sink.signal(node, 'set_missing_host_key_policy', 'ssh-host-key-verification-disabled', `SSH host keys are not verified: ${m[1]} accepts any unknown server key`);
    return true;
  }
  if (certNoneKeyword(ctx, c)) {
    ctx.sink.signal(node, name || c.method || 'call', 'cert-verification-disabled', 'verify_mode=CERT_NONE: the server certificate is not checked');
    return true;
  }
  if (c.method === 'set_ciphers' && ctx.imports.has('ssl')) {
    const spec = ctx.str(arg(c.args, 0, 'ciphers'));
    if (spec) ctx.sink.protocol(node, 'SSLContext.set_ciphers', { protocolType: 'tls', cipherSuites: spec.split(':').filter(Boolean) });
    return true;
  }
  return false;
}

/**
 * A client configured with `verify_mode=ssl.CERT_NONE` or `cert_reqs=ssl.CERT_NONE` as a keyword of any
 * call: aioquic's `QuicConfiguration(is_client=True, verify_mode=ssl.CERT_NONE)` (mitmproxy's QUIC tests),
 * urllib3's `PoolManager(cert_reqs=ssl.CERT_NONE)`. A server (`is_client=False`, `server_side=True`)
 * asks no client certificate with it, OpenSSL's default, which is not reported.
 */
function certNoneKeyword(ctx: PyContext, c: Call): boolean {
  const mode = c.args.named.get('verify_mode') ?? c.args.named.get('cert_reqs');
  if (!mode) return false;
  const q = qualify(ctx.imports, mode);
  const v = ctx.value(mode);
  const none = (q !== undefined && normalise(q) === 'ssl.CERT_NONE') || (v.kind === 'member' && /(^|\.)CERT_NONE$/.test(v.path)) || (v.kind === 'str' && v.value === 'CERT_NONE');
  if (!none) return false;
  const isClient = ctx.value(c.args.named.get('is_client'));
  const serverSide = ctx.value(c.args.named.get('server_side'));
  return !(isClient.kind === 'bool' && !isClient.value) && !(serverSide.kind === 'bool' && serverSide.value);
}

/**
 * The URL a request call is given: the first argument, or the second after the method of
 * `request(method, url)` and `stream(method, url)`. A client, a session or `send(prepared)` has none.
 */
function urlArgument(c: Call, fn: string): SgNode | undefined {
  if (fn === 'request' || fn === 'stream') return arg(c.args, 1, 'url');
  if (fn === 'Client' || fn === 'AsyncClient' || fn === 'Session' || fn === 'send') return undefined;
  return arg(c.args, 0, 'url');
}

/**
 * Whether a URL surely starts with `http://` (plain HTTP, no TLS): a string the evaluator reads, or
 * the literal head of a string built at run time (`'http://127.0.0.1:{0}/health'.format(port)`,
 * `f"http://{host}/status"`, `"http://%s/" % host`, `"http://" + host`), also through a local.
 * Anything else (a parameter, an `https://` URL, a URL chosen in a branch) may be HTTPS.
 */
function plainHttp(ctx: PyContext, node: SgNode | undefined, depth = 0): boolean {
  if (!node || depth > 4) return false;
  const v = ctx.value(node);
  if (v.kind === 'str') return PLAIN_HTTP.test(v.value);
  const target = kindOf(node) === 'identifier' ? ctx.ev.origin(node) : node;
  if (!target) return false;
  switch (kindOf(target)) {
    case 'parenthesized_expression':
      return plainHttp(ctx, target.namedChildren()[0], depth + 1);
    case 'binary_operator':
      return ['+', '%'].includes(target.field('operator')?.text() ?? '') && plainHttp(ctx, target.field('left') ?? undefined, depth + 1);
    case 'call': {
      const fn = target.field('function');
      return fn !== null && kindOf(fn) === 'attribute' && fn.field('attribute')?.text() === 'format' && plainHttp(ctx, fn.field('object') ?? undefined, depth + 1);
    }
    case 'string': {
      // An f-string: its literal head, the content right after the opening quote.
      const head = target.children()[1];
      return head !== undefined && kindOf(head) === 'string_content' && PLAIN_HTTP.test(head.text());
    }
    default:
      return false;
  }
}

const PLAIN_HTTP = /^http:\/\//i;

const ATTRIBUTES = new Set(['verify_mode', 'check_hostname', 'minimum_version', 'maximum_version', 'verify', '_create_default_https_context']);

/** Attribute names handleTlsAssignment reads, as an anchored pattern for the native query. */
export const TLS_ATTRIBUTES_SOURCE = `^(${[...ATTRIBUTES].join('|')})$`;
/** Request methods of requests/httpx clients and sessions. */
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'request', 'stream', 'send']);
/**
 * Method names handleTlsCall reads on calls whose callee is not import-qualified (a client or session
 * method, `ctx.set_ciphers`): the detector lets only these, and import-qualified calls, leave native code.
 */
export const UNQUALIFIED_METHODS: readonly string[] = [...HTTP_METHODS, 'set_ciphers', 'set_missing_host_key_policy'];

/**
 * Attribute assignments on SSL contexts and HTTP sessions: `ctx.verify_mode = ssl.CERT_NONE`,
 * `ctx.check_hostname = False`, `ctx.minimum_version = ssl.TLSVersion.TLSv1_1`, `session.verify = False`,
 * `ssl._create_default_https_context = ssl._create_unverified_context`.
 */
export function handleTlsAssignment(ctx: PyContext, node: SgNode): void {
  const left = node.field('left');
  const right = node.field('right');
  if (!left || !right || kindOf(left) !== 'attribute') return;
  const attr = left.field('attribute')?.text();
  if (!attr || !ATTRIBUTES.has(attr)) return;
  const q = qualify(ctx.imports, right);
  const rq = q ? normalise(q) : undefined;
  const v = ctx.value(right);
  switch (attr) {
    case 'verify_mode':
      if (rq === 'ssl.CERT_NONE' || (v.kind === 'member' && v.path.endsWith('CERT_NONE')))
        ctx.sink.signal(node, 'SSLContext.verify_mode', 'cert-verification-disabled', 'verify_mode = CERT_NONE');
      return;
    case 'check_hostname':
      if (v.kind === 'bool' && !v.value) ctx.sink.signal(node, 'SSLContext.check_hostname', 'hostname-verification-disabled', 'check_hostname = False');
      return;
    case 'minimum_version':
    case 'maximum_version': {
      const path = rq ?? (v.kind === 'member' ? v.path : undefined);
      if (path && /TLSVersion\./.test(path) && !/MINIMUM_SUPPORTED|MAXIMUM_SUPPORTED/.test(path))
        reportVersion(ctx, node, `SSLContext.${attr}`, path, attr === 'minimum_version' ? 'allowed as minimum version' : 'set as maximum version');
      return;
    }
    case 'verify':
      if (v.kind === 'bool' && !v.value && isHttpClient(ctx, left.field('object') ?? undefined))
        ctx.sink.signal(node, 'Session.verify', 'cert-verification-disabled', 'session.verify = False: certificates are not checked');
      return;
    case '_create_default_https_context':
      if (qualify(ctx.imports, left) === 'ssl._create_default_https_context' && rq === 'ssl._create_unverified_context')
        ctx.sink.signal(node, 'ssl._create_default_https_context', 'cert-verification-disabled', 'default HTTPS context replaced by an unverified one');
      return;
  }
}
