// pyOpenSSL (`OpenSSL.SSL`, `OpenSSL.crypto`): TLS contexts and key generation.
// - `SSL.Context(SSL.TLSv1_2_METHOD)` pins a version (`TLSv1_METHOD`, `SSLv3_METHOD` are insecure);
//   `TLS_METHOD`, `SSLv23_METHOD` and the client/server variants negotiate, so no version is recorded;
// - `context.set_min_proto_version(SSL.TLS1_VERSION)` allows that version;
// - `context.set_cipher_list(b"ECDHE+AESGCM:...")` is an OpenSSL cipher string;
// - `crypto.PKey().generate_key(crypto.TYPE_RSA, 2048)`: the key's type and size are the arguments;
// - `context.set_verify(SSL.VERIFY_NONE[, callback])` on a client does not verify the server's
//   certificate; on a server it only means "ask no client certificate" (OpenSSL's default), so it is
//   not reported there, as in the C and Rust detectors.
// The methods are called on a context or key object, not on an imported name: they are read only when
// the file imports OpenSSL, and the constant must qualify to pyOpenSSL.
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import { arg, pyString } from './adapter.js';
import type { Call, PyContext } from './context.js';
import { libraryOf, qualify } from './imports.js';
import { reportVersion } from './tls.js';

/** Methods on pyOpenSSL objects this handler reads (added to the detector's unqualified-method filter). */
export const OPENSSL_METHODS = ['set_cipher_list', 'set_min_proto_version', 'set_max_proto_version', 'generate_key', 'set_verify'] as const;

// The role of a context, as the C detector reads it: a server method or accepting connections makes a
// server; a client method, `set_connect_state` or SNI (`set_tlsext_host_name`) a client. A bare
// `.connect(` is not a client mark (a server also connects to its database).
const SERVER_ROLE = /\b\w+_SERVER_METHOD\b|\bset_accept_state\b|\.accept\(/;
const CLIENT_ROLE = /\b\w+_CLIENT_METHOD\b|\bset_connect_state\b|\bset_tlsext_host_name\b/;

function serverOnly(text: string): boolean {
  return SERVER_ROLE.test(text) && !CLIENT_ROLE.test(text);
}

const LIB = { library: libraryOf('OpenSSL')! };

/** `SSL.TLSv1_2_METHOD` / `SSL.TLS1_1_VERSION` -> the spelling parseTlsVersion reads (`TLSv1_2`, `TLS1_1`). */
function versionSpelling(path: string): string | undefined {
  const m = /^OpenSSL\.SSL\.(\w+?)_(?:METHOD|VERSION)$/.exec(path);
  return m?.[1];
}

/** Whether the file imports pyOpenSSL (any name bound to an `OpenSSL` module or member). */
export function importsOpenSsl(imports: ReadonlyMap<string, string>): boolean {
  for (const v of imports.values()) if (v === 'OpenSSL' || v.startsWith('OpenSSL.')) return true;
  return false;
}

function constant(ctx: PyContext, node: SgNode | undefined): string | undefined {
  const q = qualify(ctx.imports, node);
  if (q) return q;
  const v = ctx.value(node);
  return v.kind === 'member' && v.path.startsWith('OpenSSL.') ? v.path : undefined;
}

/** `OpenSSL.SSL.Context(...)` and `OpenSSL.crypto.*` calls named through the imports. */
export function handleOpenSsl(ctx: PyContext, c: Call): boolean {
  if (c.name !== 'OpenSSL.SSL.Context') return false;
  const method = constant(ctx, arg(c.args, 0, 'method'));
  const spelling = method ? versionSpelling(method) : undefined;
  if (spelling) reportVersion(ctx, c.node, 'SSL.Context', spelling, 'pinned', LIB.library);
  else ctx.sink.protocol(c.node, 'SSL.Context', { protocolType: 'tls' }, LIB.library);
  return true;
}

/** Methods of pyOpenSSL context and key objects, in files that import OpenSSL. */
export function handleOpenSslMethod(ctx: PyContext, c: Call): boolean {
  switch (c.method) {
    case 'set_min_proto_version':
    case 'set_max_proto_version': {
      const path = constant(ctx, arg(c.args, 0, 'version'));
      const spelling = path ? versionSpelling(path) : undefined;
      if (!spelling) return false;
      const min = c.method === 'set_min_proto_version';
      reportVersion(ctx, c.node, `Context.${c.method}`, spelling, min ? 'allowed as minimum version' : 'set as maximum version', LIB.library);
      return true;
    }
    case 'set_cipher_list': {
      // Usually a bytes literal (inline or a constant), whose text the evaluator does not keep: the
      // literal is read where the name was bound.
      const node = ctx.ev.origin(arg(c.args, 0, 'cipher_list'));
      const spec = node && kindOf(node) === 'string' ? pyString(node)?.text : ctx.str(node ?? undefined);
      if (!spec) return false;
      ctx.sink.protocol(c.node, 'Context.set_cipher_list', { protocolType: 'tls', cipherSuites: spec.split(':').filter(Boolean) }, LIB.library);
      return true;
    }
    case 'set_verify': {
      const modeNode = arg(c.args, 0, 'mode');
      const mode = constant(ctx, modeNode);
      if (mode !== 'OpenSSL.SSL.VERIFY_NONE' && !(mode === undefined && ctx.int(modeNode) === 0)) return false;
      // A server file, or the function around the call when the file plays both roles.
      if (serverOnly(ctx.root.text())) return false;
      const fn = c.node.ancestors().find((a) => kindOf(a) === 'function_definition');
      if (fn && serverOnly(fn.text())) return false;
      ctx.sink.signal(c.node, 'Context.set_verify', 'cert-verification-disabled', 'set_verify(VERIFY_NONE): the server certificate is not verified', LIB);
      return true;
    }
    case 'generate_key': {
      const type = constant(ctx, arg(c.args, 0, 'type'));
      const m = type ? /^OpenSSL\.crypto\.TYPE_(RSA|DSA)$/.exec(type) : null;
      if (!m) return false;
      const bits = ctx.int(arg(c.args, 1, 'bits'));
      ctx.sink.algorithm(c.node, 'PKey.generate_key', m[1]!, bits !== undefined ? { keySize: bits } : {}, { unresolved: ['keySize'], functions: ['keygen'], ...LIB });
      return true;
    }
  }
  return false;
}
