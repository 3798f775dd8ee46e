// TLS switches: curl (`curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false)`, the same keys in
// `curl_setopt_array` arrays, `CURLOPT_SSLVERSION`), stream-context SSL options (`'verify_peer' => false`,
// `'verify_peer_name' => false`, wherever the options array is written: it is often configuration handed
// to stream_context_create or a mailer elsewhere), `STREAM_CRYPTO_METHOD_*` constants, and Guzzle's
// `'verify' => false` in a request or client option array.
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import { parseTlsVersion } from '../common/versions.js';
import type { PhpFile } from './file.js';
import { functionName } from './resolve.js';

/** Where a constant or key sits: the value it is set to, and what sets it. */
interface Setting {
  value: SgNode;
  symbol: string;
}

/** The value a curl option constant is given: `curl_setopt($ch, NAME, value)` or `[NAME => value]`. */
function settingOf(node: SgNode): Setting | undefined {
  const parent = node.parent();
  if (!parent) return undefined;
  if (kindOf(parent) === 'array_element_initializer') {
    const parts = parent.namedChildren();
    if (parts.length === 2 && parts[0]!.id() === node.id()) return { value: parts[1]!, symbol: node.text() };
    return undefined;
  }
  if (kindOf(parent) === 'argument') {
    const call = parent.parent()?.parent();
    if (!call || kindOf(call) !== 'function_call_expression') return undefined;
    const fn = functionName(call.field('function') ?? call);
    if (fn !== 'curl_setopt' && fn !== 'stream_context_set_option') return undefined;
    const args = parent.parent()!.namedChildren().filter((c) => kindOf(c) === 'argument');
    const i = args.findIndex((a) => a.id() === parent.id());
    const value = args[i + 1]?.namedChildren().at(-1);
    return value ? { value, symbol: fn } : undefined;
  }
  return undefined;
}

/** A `name` node: CURLOPT_SSL_VERIFYPEER/VERIFYHOST/SSLVERSION given a value, or a STREAM_CRYPTO_METHOD_* constant used. */
export function tlsConstant(f: PhpFile, node: SgNode): void {
  const name = node.text().replace(/^\\/, '');
  if (name.startsWith('STREAM_CRYPTO_METHOD_')) return cryptoMethod(f, node, name);
  const s = settingOf(node);
  if (!s) return;
  switch (name) {
    case 'CURLOPT_SSL_VERIFYPEER':
    case 'CURLOPT_PROXY_SSL_VERIFYPEER':
      if (f.bool(s.value) === false) f.signal(node, name, 'cert-verification-disabled', `${name} off: curl accepts any server certificate`);
      return;
    case 'CURLOPT_SSL_VERIFYHOST':
    case 'CURLOPT_PROXY_SSL_VERIFYHOST': {
      // 0 turns the name check off; 1 was "check that a name exists" before curl 7.28.1 and is 2 since.
      const v = f.value(s.value);
      if ((v.kind === 'int' && v.value === 0) || (v.kind === 'bool' && !v.value)) f.signal(node, name, 'hostname-verification-disabled', `${name} 0: curl accepts a certificate for any host name`);
      return;
    }
    case 'CURLOPT_SSLVERSION': {
      const c = f.constantName(s.value);
      const m = c ? /^CURL_SSLVERSION_(MAX_)?(\w+)$/.exec(c) : null;
      if (!m || m[1]) return;
      const parsed = parseTlsVersion(m[2]!);
      if (!parsed) return;
      f.protocol(node, name, { protocolType: 'tls', version: parsed.version });
      if (parsed.insecure) f.signal(node, name, 'insecure-protocol-version', `CURLOPT_SSLVERSION ${c} allows ${parsed.ssl ? parsed.version : `TLS ${parsed.version}`}`);
      return;
    }
  }
}

/** STREAM_CRYPTO_METHOD_TLSv1_0_CLIENT and siblings: a protocol version pinned (the ANY/TLS_* catch-alls pin none). */
function cryptoMethod(f: PhpFile, node: SgNode, name: string): void {
  const parent = node.parent();
  // A comparison or a `case` label reads a setting; it does not make one.
  if (parent && kindOf(parent) === 'binary_expression' && /^(===?|!==?|<>)$/.test(parent.field('operator')?.text() ?? '')) return;
  if (parent && kindOf(parent) === 'case_statement') return;
  const m = /^STREAM_CRYPTO_METHOD_(SSLv2|SSLv3|SSLv23|TLSv1_[0-3])_(CLIENT|SERVER)$/.exec(name);
  if (!m || m[1] === 'SSLv23') return;
  const parsed = parseTlsVersion(m[1]!);
  if (!parsed) return;
  f.protocol(node, name, { protocolType: 'tls', version: parsed.version });
  if (parsed.insecure) f.signal(node, name, 'insecure-protocol-version', `${name} selects ${parsed.ssl ? parsed.version : `TLS ${parsed.version}`}`);
}

/** Calls whose option array Guzzle reads (a client's constructor, its request methods) and Laravel's Http::withOptions. */
const GUZZLE_METHODS = /^(request|requestAsync|send|sendAsync|get|post|put|patch|delete|head|options|getAsync|postAsync|putAsync|patchAsync|deleteAsync|headAsync|withOptions)$/;

/** A string key in an array: `'verify_peer' => false` (SSL context), `'verify' => false` (Guzzle). */
export function tlsOptionKey(f: PhpFile, keyNode: SgNode): void {
  const entry = keyNode.parent();
  if (!entry || kindOf(entry) !== 'array_element_initializer') return;
  const parts = entry.namedChildren();
  if (parts.length !== 2 || parts[0]!.id() !== keyNode.id()) return;
  const key = f.str(keyNode);
  const off = f.bool(parts[1]) === false;
  if (!off) return;
  if (key === 'verify_peer') f.signal(entry, key, 'cert-verification-disabled', "SSL context option 'verify_peer' => false: the peer certificate is not verified");
  else if (key === 'verify_peer_name') f.signal(entry, key, 'hostname-verification-disabled', "SSL context option 'verify_peer_name' => false: the peer name is not checked");
  else if (key === 'verify' && guzzleOptions(f, entry.parent())) f.signal(entry, 'verify', 'cert-verification-disabled', "Guzzle option 'verify' => false: the server certificate is not verified");
}

/** Whether an array is the options of a Guzzle client or request (`new Client([...])`, `$client->get($url, [...])`), also through a variable. */
function guzzleOptions(f: PhpFile, array: SgNode | null): boolean {
  if (!array || kindOf(array) !== 'array_creation_expression') return false;
  const parent = array.parent();
  if (parent && kindOf(parent) === 'argument') return guzzleCall(f, parent.parent()?.parent() ?? null);
  // `$options = ['verify' => false];` then `$client->request('GET', $url, $options)`.
  if (parent && kindOf(parent) === 'assignment_expression') {
    const left = parent.field('left');
    if (!left || kindOf(left) !== 'variable_name') return false;
    const fn = f.adapter.functionAround(parent)?.node ?? null;
    const scope = fn ?? parent.getRoot().root();
    for (const use of scope.findAll({ rule: { kind: 'variable_name', regex: `^\\$${left.text().slice(1)}$` } })) {
      const arg = use.parent();
      if (arg && kindOf(arg) === 'argument' && guzzleCall(f, arg.parent()?.parent() ?? null)) return true;
    }
  }
  return false;
}

function guzzleCall(f: PhpFile, call: SgNode | null): boolean {
  if (!call) return false;
  const k = kindOf(call);
  if (k === 'object_creation_expression') {
    const cls = call.namedChildren().find((c) => kindOf(c) === 'name' || kindOf(c) === 'qualified_name');
    return !!cls && f.className(cls.text()).toLowerCase() === 'guzzlehttp\\client';
  }
  if (k === 'member_call_expression' || k === 'nullsafe_member_call_expression' || k === 'scoped_call_expression') {
    const name = call.field('name')?.text() ?? '';
    if (!GUZZLE_METHODS.test(name)) return false;
    // The receiver is a Guzzle client only if the file says Guzzle (or Laravel's Http facade).
    return f.imports.size > 0 && [...f.imports.values()].some((v) => /^GuzzleHttp\\|^Illuminate\\Support\\Facades\\Http$/i.test(v));
  }
  return false;
}
