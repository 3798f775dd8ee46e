// Netty's TLS API (`io.netty.handler.ssl`, also as shaded by grpc-netty-shaded): the protocol versions
// and cipher suites given to an `SslContextBuilder` (or gRPC's `GrpcSslContexts`), the trust manager
// that accepts every certificate (`InsecureTrustManagerFactory.INSTANCE`), and the key pair a
// `SelfSignedCertificate` generates. Servers built on Netty (gRPC, Signal-Server, Vert.x apps)
// configure TLS here rather than through JSSE's `setEnabledProtocols`.
import type { SgNode } from '@ast-grep/napi';
import type { LibraryRef } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { kindOf } from '../common/languages.js';
import type { JavaContext } from './context.js';
import type { JavaImports } from './imports.js';
import { isClassOf } from './imports.js';
import { tlsProtocols, tlsSuites } from './tls.js';

const LIBRARY: LibraryRef = { ecosystem: 'maven', name: 'io.netty:netty-handler' };
const SSL_PACKAGES = ['io.netty.handler.ssl', 'io.grpc.netty.shaded.io.netty.handler.ssl'];
const GRPC_PACKAGES = ['io.grpc.netty', 'io.grpc.netty.shaded.io.grpc.netty'];

/** Whether a file may hold an `SslContextBuilder` chain (its builder methods have common names). */
export function usesNettyBuilder(text: string): boolean {
  return text.includes('SslContextBuilder') || text.includes('GrpcSslContexts');
}

/** Builder methods read on an `SslContextBuilder` chain. */
export const NETTY_BUILDER_METHODS: ReadonlySet<string> = new Set(['protocols', 'ciphers']);
/** Text a file needs for any of this module's constructs (the detector's prefilter keywords). */
export const NETTY_KEYWORDS = ['SslContextBuilder', 'GrpcSslContexts', 'InsecureTrustManagerFactory', 'SelfSignedCertificate'] as const;

function fromPackages(imports: JavaImports, written: string, packages: readonly string[], suffix = ''): boolean {
  return packages.some((p) => isClassOf(imports, written, `${p}${suffix}`));
}

/**
 * `SslContextBuilder.forServer(…).protocols("TLSv1.3")` (varargs, or a `String[]`/list) and
 * `.ciphers(List.of(…)[, filter])`, on the builder chain or a variable holding it.
 */
export function handleNettyBuilderCall(ctx: JavaContext, node: SgNode, method: string): void {
  const owner = ctx.chainOwner(node);
  if (!owner) return;
  const simple = owner.slice(owner.lastIndexOf('.') + 1);
  const netty = simple === 'SslContextBuilder' ? fromPackages(ctx.imports, owner, SSL_PACKAGES) : simple === 'GrpcSslContexts' && fromPackages(ctx.imports, owner, GRPC_PACKAGES);
  if (!netty) return;
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
      ? SSL_PACKAGES.some((p) => written === `${p}.util.InsecureTrustManagerFactory`)
      : fromPackages(ctx.imports, written, SSL_PACKAGES, '.util');
    if (!netty) continue;
    ctx.sink.signal(node, 'InsecureTrustManagerFactory.INSTANCE', 'cert-verification-disabled', 'Netty InsecureTrustManagerFactory accepts every server certificate', { library: LIBRARY });
  }
}

/** The EC curve the JDK's `KeyPairGenerator.initialize(bits)` picks for a size. */
const EC_CURVES: Readonly<Record<number, string>> = { 256: 'P-256', 384: 'P-384', 521: 'P-521' };

/**
 * `new SelfSignedCertificate([fqdn,] [random,] [algorithm,] [bits,] …)`: an RSA key unless the
 * algorithm argument says `EC`, of `bits` bits, by default 2048 (Netty's `DEFAULT_KEY_LENGTH_BITS`,
 * which the `io.netty.handler.ssl.util.selfSignedKeyStrength` system property may raise). Only the
 * constructors of three or more arguments take an algorithm: where such a call names none that we
 * can read, the key type is unknown.
 */
export function handleSelfSignedCertificate(ctx: JavaContext, node: SgNode): void {
  const written = (node.field('type')?.text() ?? '').replace(/\s+/g, '');
  if (!fromPackages(ctx.imports, written, SSL_PACKAGES, '.util')) return;
  const args = node.field('arguments')?.namedChildren() ?? [];
  // Netty's own `Builder.build()`: `new SelfSignedCertificate(this)` takes the builder's fields.
  if (args.length === 1 && kindOf(args[0]!) === 'this') return;
  let algorithm: string | undefined;
  let bits: number | undefined;
  let unknownArg = false;
  for (const a of args) {
    const v = ctx.value(a);
    if (v.kind === 'str' && /^(RSA|EC)$/i.test(v.value)) algorithm = v.value.toUpperCase();
    else if (v.kind === 'int') bits = v.value;
    else if (v.kind === 'unknown') unknownArg = true;
  }
  if (!algorithm && args.length < 3) algorithm = 'RSA';
  const symbol = 'new SelfSignedCertificate';
  const opts = { functions: ['keygen' as const], library: LIBRARY };
  if (algorithm === 'EC') {
    const curve = EC_CURVES[bits ?? 256];
    ctx.sink.algorithm(node, symbol, 'EC', curve ? { curve } : {}, { ...opts, unresolved: ['curve'] });
  } else if (algorithm === 'RSA') {
    const size = bits ?? (args.length < 3 || !unknownArg ? 2048 : undefined);
    ctx.sink.algorithm(node, symbol, 'RSA', size ? { keySize: size } : {}, { ...opts, unresolved: ['keySize'] });
  } else {
    ctx.sink.algorithm(node, symbol, unresolvedSpelling('key-pair-generator'), bits ? { keySize: bits } : {}, opts);
  }
}
