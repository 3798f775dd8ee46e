// Netty's TLS API (`io.netty.handler.ssl`, also as shaded by grpc-netty-shaded): the protocol versions
// and cipher suites given to an `SslContextBuilder` (or gRPC's `GrpcSslContexts`), the trust manager
// that accepts every certificate (`InsecureTrustManagerFactory.INSTANCE`), and the key pair a
// `SelfSignedCertificate` generates. Servers built on Netty (gRPC, Signal-Server, Vert.x apps)
// configure TLS here rather than through JSSE's `setEnabledProtocols`. Netty's facts (packages,
// builders, defaults) are shared with the Kotlin detector (common/netty.ts).
import type { SgNode } from '@ast-grep/napi';
import { kindOf } from '../common/languages.js';
import { INSECURE_TRUST_DETAIL, NETTY_BUILDERS, NETTY_LIBRARY as LIBRARY, NETTY_UTIL_PACKAGES as UTIL_PACKAGES, selfSignedCertificateKey } from '../common/netty.js';
import type { JavaContext } from './context.js';
import type { JavaImports } from './imports.js';
import { isClassOf } from './imports.js';
import { tlsProtocols, tlsSuites } from './tls.js';

export { NETTY_BUILDER_METHODS, NETTY_KEYWORDS, usesNettyBuilder } from '../common/netty.js';

function fromPackages(imports: JavaImports, written: string, packages: readonly string[]): boolean {
  return packages.some((p) => isClassOf(imports, written, p));
}

/**
 * `SslContextBuilder.forServer(…).protocols("TLSv1.3")` (varargs, or a `String[]`/list) and
 * `.ciphers(List.of(…)[, filter])`, on the builder chain or a variable holding it.
 */
export function handleNettyBuilderCall(ctx: JavaContext, node: SgNode, method: string): void {
  const owner = ctx.chainOwner(node);
  if (!owner) return;
  const packages = NETTY_BUILDERS.get(owner.slice(owner.lastIndexOf('.') + 1));
  if (!packages || !fromPackages(ctx.imports, owner, packages)) return;
  const args = node.field('arguments')?.namedChildren() ?? [];
  const symbol = `SslContextBuilder.${method}`;
  if (method === 'protocols') for (const a of args) tlsProtocols(ctx, node, symbol, a, LIBRARY);
  else if (args[0]) tlsSuites(ctx, node, symbol, args[0], LIBRARY);
}

/**
 * The class name as an identifier (a native filter): the object of `InsecureTrustManagerFactory.INSTANCE`,
 * or the last segment of the fully qualified `io.netty.handler.ssl.util.InsecureTrustManagerFactory`.
 */
const INSECURE_RULE = {
  rule: {
    kind: 'identifier',
    regex: '^InsecureTrustManagerFactory$',
    any: [{ inside: { kind: 'field_access', field: 'object' } }, { inside: { kind: 'field_access', field: 'field' } }],
  },
};

/**
 * `InsecureTrustManagerFactory.INSTANCE` used anywhere (`.trustManager(…)`, `tmf.getTrustManagers()`):
 * Netty's trust manager that accepts every certificate, documented as for tests only. Written with its
 * package (no import) it is the same class; any other package's class of that name is not Netty's.
 */
export function detectInsecureTrustManager(ctx: JavaContext, root: SgNode, text: string): void {
  if (!text.includes('InsecureTrustManagerFactory')) return;
  for (const id of root.findAll(INSECURE_RULE)) {
    const parent = id.parent();
    if (!parent) continue;
    // Simple name: the parent is `….INSTANCE`; qualified: the parent is the class path, the object of
    // the `….INSTANCE` access around it.
    const qualified = parent.field('field')?.id() === id.id();
    const node = qualified ? parent.parent() : parent;
    if (!node || kindOf(node) !== 'field_access' || node.field('field')?.text() !== 'INSTANCE') continue;
    if (qualified && node.field('object')?.id() !== parent.id()) continue;
    const written = qualified ? parent.text().replace(/\s+/g, '') : 'InsecureTrustManagerFactory';
    const netty = qualified
      ? UTIL_PACKAGES.some((p) => written === `${p}.InsecureTrustManagerFactory`)
      : fromPackages(ctx.imports, written, UTIL_PACKAGES);
    if (!netty) continue;
    ctx.sink.signal(node, 'InsecureTrustManagerFactory.INSTANCE', 'cert-verification-disabled', INSECURE_TRUST_DETAIL, { library: LIBRARY });
  }
}

/** `new SelfSignedCertificate(…)`: the key its arguments ask for (common/netty.ts). */
export function handleSelfSignedCertificate(ctx: JavaContext, node: SgNode): void {
  const written = (node.field('type')?.text() ?? '').replace(/\s+/g, '');
  if (!fromPackages(ctx.imports, written, UTIL_PACKAGES)) return;
  const args = node.field('arguments')?.namedChildren() ?? [];
  // Netty's own `Builder.build()`: `new SelfSignedCertificate(this)` takes the builder's fields.
  if (args.length === 1 && kindOf(args[0]!) === 'this') return;
  const key = selfSignedCertificateKey(args.map((a) => ctx.value(a)));
  ctx.sink.algorithm(node, 'new SelfSignedCertificate', key.spelling, key.params, { functions: ['keygen'], library: LIBRARY, ...(key.unresolved ? { unresolved: key.unresolved } : {}) });
}
