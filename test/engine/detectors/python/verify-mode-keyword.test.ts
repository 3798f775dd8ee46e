// `verify_mode=ssl.CERT_NONE` / `cert_reqs=ssl.CERT_NONE` given as a keyword to a TLS client's
// configuration (aioquic's QuicConfiguration in mitmproxy's QUIC tests, urllib3's PoolManager): the
// server certificate is not checked. A server configured so only asks no client certificate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signals } from './helpers.js';

const disabled = (source: string) => signals(source).filter((s) => s.signal === 'cert-verification-disabled').map((s) => [s.occurrence.line, s.occurrence.symbol]);

test('a QUIC or urllib3 client configured with CERT_NONE does not verify the server', () => {
  assert.deepEqual(disabled(`import ssl
import urllib3
from aioquic.quic.configuration import QuicConfiguration

def quic_client(alpn):
    return QuicConfiguration(
        is_client=True,
        alpn_protocols=alpn,
        verify_mode=ssl.CERT_NONE,
    )

pool = urllib3.PoolManager(cert_reqs="CERT_NONE")
`), [
    [6, 'aioquic.quic.configuration.QuicConfiguration'],
    [12, 'urllib3.PoolManager'],
  ]);
});

test('CERT_REQUIRED, a server configuration or a keyword of a call the file does not import reports nothing', () => {
  assert.deepEqual(disabled(`import ssl
from aioquic.quic.configuration import QuicConfiguration

client = QuicConfiguration(is_client=True, verify_mode=ssl.CERT_REQUIRED)
server = QuicConfiguration(is_client=False, verify_mode=ssl.CERT_NONE)

def configure(settings, mode):
    settings.update(verify_mode=mode)
    return make_config(verify_mode="strict")
`), []);
});
