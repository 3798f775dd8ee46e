// QUIC stacks: QUIC carries its handshake in TLS 1.3 and nothing older (RFC 9001, section 4.2), so the
// calls that set a TLS context or session up for QUIC fix the protocol version: ngtcp2's crypto helper
// `ngtcp2_crypto_<backend>_configure_client_context(ssl_ctx)` (quictls, BoringSSL, wolfSSL, GnuTLS,
// OpenSSL 3.5's `ossl`, picotls) and quiche's `quiche_config_new(QUICHE_PROTOCOL_VERSION)` (curl's
// HTTP/3). OpenSSL's own QUIC methods are read with the other methods (tls.ts).
import type { LibraryRef } from '../../../inventory/model.js';
import type { CallHandler } from './openssl.js';

const NGTCP2: LibraryRef = { ecosystem: 'generic', name: 'ngtcp2' };
const QUICHE: LibraryRef = { ecosystem: 'generic', name: 'quiche' };

/** ngtcp2's per-backend set-up functions (ngtcp2_crypto_*.h). */
export const NGTCP2_CONFIGURE = /^ngtcp2_crypto_[a-z0-9]+_configure_(?:client|server)_(?:context|session)$/;

function tls13(library: LibraryRef): CallHandler {
  return (f, call) => f.protocol(call, library, { protocolType: 'tls', version: '1.3' });
}

export const ngtcp2Configure: CallHandler = tls13(NGTCP2);

export const QUIC_CALLS: ReadonlyArray<[string, CallHandler]> = [['quiche_config_new', tls13(QUICHE)]];
