// TLS cipher-suite tables written as Python tuples or lists (mitmproxy's `_DEFAULT_CIPHERS`, the Mozilla
// "old" list it offers, 3DES included): the suites a configuration enables, though the table reaches
// `set_cipher_list` in another module. What must stay silent: tables of refused suites, lists mixing
// suites with OpenSSL keywords or other values, a single name, a table under another kind of name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { detect } from './helpers.js';
import { scanTree } from '../cross-file-helpers.js';

const suites = (source: string) =>
  detect(source).flatMap((d) => (d.type === 'protocol' ? [[d.occurrence.line, d.occurrence.symbol, (d.protocol.cipherSuites ?? []).join(':')]] : []));

const TLS_CONFIG = `import ssl
from OpenSSL import SSL

# https://ssl-config.mozilla.org/#config=old
_DEFAULT_CIPHERS = (
    "ECDHE-ECDSA-AES128-GCM-SHA256",
    "ECDHE-RSA-AES256-GCM-SHA384",
    "AES128-SHA",
    "DES-CBC3-SHA",
)

_DEFAULT_CIPHERS_WITH_SECLEVEL_0 = ("@SECLEVEL=0", *_DEFAULT_CIPHERS)


class ProxyTls:
    server_suites = ["TLS_AES_128_GCM_SHA256", "TLS_CHACHA20_POLY1305_SHA256"]

    def configure(self, cipher_list):
        self.cipher_list = cipher_list or _DEFAULT_CIPHERS
`;

test('a tuple or list of suite names held by a cipher or suite name is the TLS suites it enables', () => {
  assert.deepEqual(suites(TLS_CONFIG), [
    [5, '_DEFAULT_CIPHERS', 'ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-GCM-SHA384:AES128-SHA:DES-CBC3-SHA'],
    [16, 'server_suites', 'TLS_AES_128_GCM_SHA256:TLS_CHACHA20_POLY1305_SHA256'],
  ]);
});

test('a module-level table is read in a whole scan too, and its 3DES suite is in the protocol asset', async () => {
  const assets = await scanTree({ 'proxy/addons/tlsconfig.py': TLS_CONFIG });
  const tls = assets.filter((a) => a.kind === 'protocol').map((a) => a.at.join(','));
  assert.deepEqual(tls.sort(), ['proxy/addons/tlsconfig.py:16', 'proxy/addons/tlsconfig.py:5']);
  assert.ok(assets.some((a) => a.name === '3DES-168-CBC' || a.name.startsWith('3DES')), 'DES-CBC3-SHA names 3DES');
});

test('refused suites, keyword strings, mixed lists, one name or another kind of name report nothing', () => {
  assert.deepEqual(suites(`import ssl

WEAK_CIPHERS = ("DES-CBC3-SHA", "RC4-SHA")
disabled_suites = ["AES128-SHA", "AES256-SHA"]
CIPHERS = ("HIGH", "!aNULL", "!MD5")
FALLBACK_CIPHERS = ("ECDHE-RSA-AES128-GCM-SHA256", None)
ONLY_CIPHER = ["ECDHE-RSA-AES128-GCM-SHA256"]
EXPECTED_NEGOTIATED = ("ECDHE-RSA-AES128-GCM-SHA256", "AES128-SHA")
LABELS = {"cipher": ("AES128-SHA", "AES256-SHA")}
`), []);
});
