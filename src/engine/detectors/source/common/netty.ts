// Netty's TLS API as the JVM-language detectors read it (Java: java/netty.ts, Kotlin: kotlin/netty.ts):
// the packages its classes come from (also as shaded by grpc-netty-shaded), the builders whose
// `protocols(…)`/`ciphers(…)` set TLS versions and suites, the trust manager that accepts every
// certificate, and the key a `SelfSignedCertificate` generates. The facts are Netty's; each detector
// reads them in its own syntax.
import type { AlgorithmParamName, AlgorithmParams, LibraryRef } from '../../../inventory/model.js';
import { unresolvedSpelling } from '../../../kb/unresolved.js';
import { jdkEcCurve } from './jca-constants.js';
import type { Value } from './value.js';

export const NETTY_LIBRARY: LibraryRef = Object.freeze({ ecosystem: 'maven', name: 'io.netty:netty-handler' });

/** `SslContextBuilder`'s package, and grpc-netty-shaded's copy of it. */
export const NETTY_SSL_PACKAGES: readonly string[] = ['io.netty.handler.ssl', 'io.grpc.netty.shaded.io.netty.handler.ssl'];
/** `InsecureTrustManagerFactory`'s and `SelfSignedCertificate`'s. */
export const NETTY_UTIL_PACKAGES: readonly string[] = NETTY_SSL_PACKAGES.map((p) => `${p}.util`);
/** gRPC's `GrpcSslContexts` (an `SslContextBuilder` factory). */
const GRPC_PACKAGES: readonly string[] = ['io.grpc.netty', 'io.grpc.netty.shaded.io.grpc.netty'];

/**
 * Classes whose builder chains take `protocols(…)` and `ciphers(…)` (`SslContextBuilder.forServer(…)`,
 * `GrpcSslContexts.forClient()`), with the packages each comes from. Netty's QUIC builder
 * (`QuicSslContextBuilder`) has neither: QUIC is TLS 1.3 with its own suites.
 */
export const NETTY_BUILDERS: ReadonlyMap<string, readonly string[]> = new Map([['SslContextBuilder', NETTY_SSL_PACKAGES], ['GrpcSslContexts', GRPC_PACKAGES]]);

/** Builder methods read on such a chain. */
export const NETTY_BUILDER_METHODS: ReadonlySet<string> = new Set(['protocols', 'ciphers']);

/** Text a file needs for any Netty construct read (the detectors' prefilter keywords). */
export const NETTY_KEYWORDS = ['SslContextBuilder', 'GrpcSslContexts', 'InsecureTrustManagerFactory', 'SelfSignedCertificate'] as const;

/** Whether a file may hold an `SslContextBuilder` chain (its builder methods have common names). */
export function usesNettyBuilder(text: string): boolean {
  return text.includes('SslContextBuilder') || text.includes('GrpcSslContexts');
}

export const INSECURE_TRUST_DETAIL = 'Netty InsecureTrustManagerFactory accepts every server certificate';

/**
 * The key `SelfSignedCertificate([fqdn,] [random,] [algorithm,] [bits,] …)` generates, from its
 * arguments' values: an RSA key unless the algorithm argument says `EC`, of `bits` bits, by default
 * 2048 (Netty's `DEFAULT_KEY_LENGTH_BITS`, which the `io.netty.handler.ssl.util.selfSignedKeyStrength`
 * system property may raise); an EC key's curve is the one the JDK picks for its size (256 by default).
 * Only the constructors of three or more arguments take an algorithm: where such a call names none
 * that we can read, the key type is unknown.
 */
export function selfSignedCertificateKey(args: readonly Value[]): { spelling: string; params: AlgorithmParams; unresolved?: AlgorithmParamName[] } {
  let algorithm: string | undefined;
  let bits: number | undefined;
  let unknownArg = false;
  for (const v of args) {
    if (v.kind === 'str' && /^(RSA|EC)$/i.test(v.value)) algorithm = v.value.toUpperCase();
    else if (v.kind === 'int') bits = v.value;
    else if (v.kind === 'unknown') unknownArg = true;
  }
  if (!algorithm && args.length < 3) algorithm = 'RSA';
  if (algorithm === 'EC') {
    const curve = jdkEcCurve(bits ?? 256);
    return { spelling: 'EC', params: curve ? { curve } : {}, unresolved: ['curve'] };
  }
  if (algorithm === 'RSA') {
    const size = bits ?? (args.length < 3 || !unknownArg ? 2048 : undefined);
    return { spelling: 'RSA', params: size ? { keySize: size } : {}, unresolved: ['keySize'] };
  }
  return { spelling: unresolvedSpelling('key-pair-generator'), params: bits ? { keySize: bits } : {} };
}
