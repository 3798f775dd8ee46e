// Netty's TLS API in Kotlin (the facts are common/netty.ts, shared with the Java detector): the
// versions and suites an `SslContextBuilder`/`GrpcSslContexts` chain sets (`.protocols("TLSv1.2")`,
// `.ciphers(listOf(…))`, also through a variable or `apply { … }`), Netty's trust manager that accepts
// every certificate (`InsecureTrustManagerFactory.INSTANCE`, wherever it is used: an `SslContextBuilder`'s
// or a `QuicSslContextBuilder`'s `trustManager(…)`, `.trustManagers`), and the key a
// `SelfSignedCertificate(…)` generates. Netty's classes count only when the file imports them (by
// name or `.*`) or writes them with their package.
import type { SgNode } from '@ast-grep/napi';
import { INSECURE_TRUST_DETAIL, NETTY_BUILDERS, NETTY_LIBRARY, NETTY_UTIL_PACKAGES, selfSignedCertificateKey } from '../common/netty.js';
import type { KtFile } from './file.js';
import { callParts, namedKids, pathText, suffixName, type KtCall } from './syntax.js';
import { protocols, suites } from './tls.js';

export { NETTY_BUILDER_METHODS, NETTY_KEYWORDS, usesNettyBuilder } from '../common/netty.js';

/**
 * The class a builder chain starts from, as written (`SslContextBuilder`, `io.netty.handler.ssl.SslContextBuilder`):
 * down the receivers (each builder method returns the builder), through variables holding part of the
 * chain and the receiver of an `apply { … }` a bare call is made in.
 */
function chainStart(f: KtFile, call: KtCall): string | undefined {
  let cur = call.receiver ?? f.lambdaReceiver(call.node, 'this');
  for (let i = 0; cur && i < 24; i++) {
    const o = f.origin(cur) ?? cur;
    const c = callParts(o);
    if (!c) return pathText(o);
    cur = c.receiver;
  }
  return undefined;
}

/** `.protocols("TLSv1", "TLSv1.1")` (varargs, a spread array or a list) and `.ciphers(listOf(…)[, filter])` on a Netty builder. */
export function handleNettyBuilderCall(f: KtFile, call: KtCall): void {
  const owner = chainStart(f, call);
  if (!owner) return;
  if (![...NETTY_BUILDERS].some(([cls, packages]) => f.classOf(owner, packages) === cls)) return;
  const symbol = `SslContextBuilder.${call.name}`;
  const exprs = call.args.map((a) => a.expr);
  if (call.name === 'protocols') protocols(f, call.site, symbol, exprs, NETTY_LIBRARY);
  else if (exprs[0]) suites(f, call.site, symbol, [exprs[0]], NETTY_LIBRARY);
}

/** `InsecureTrustManagerFactory.INSTANCE`, also written with its package (a native filter on the navigation's text). */
export const INSECURE_TRUST = '(^|\\.)\\s*InsecureTrustManagerFactory\\s*\\.\\s*INSTANCE$';

export function handleInsecureTrustManager(f: KtFile, node: SgNode): void {
  const written = pathText(namedKids(node)[0]);
  if (!written || suffixName(node) !== 'INSTANCE' || f.classOf(written, NETTY_UTIL_PACKAGES) !== 'InsecureTrustManagerFactory') return;
  f.sink.signal(node, 'InsecureTrustManagerFactory.INSTANCE', 'cert-verification-disabled', INSECURE_TRUST_DETAIL, { library: NETTY_LIBRARY });
}

/** `SelfSignedCertificate(…)`: the key its arguments ask for (RSA-2048 by default). */
export function handleSelfSignedCertificate(f: KtFile, call: KtCall): void {
  const path = call.receiver ? pathText(call.receiver) : undefined;
  if (call.receiver && !path) return;
  if (f.classOf(path ? `${path}.${call.name}` : call.name, NETTY_UTIL_PACKAGES) !== 'SelfSignedCertificate') return;
  const key = selfSignedCertificateKey(call.args.map((a) => f.value(a.expr)));
  f.algorithm(call.node, 'SelfSignedCertificate', key.spelling, key.params, key.unresolved ?? [], ['keygen'], NETTY_LIBRARY);
}
