// C/C++ detector: libcurl's TLS options set with curl_easy_setopt.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { detect, protocols, signals } from './helpers.js';

const client = (body: string, top = ''): string =>
  `#include <curl/curl.h>\n${top}\nint fetch(const char *url)\n{\n  CURL *curl = curl_easy_init();\n  if(!curl)\n    return 1;\n  curl_easy_setopt(curl, CURLOPT_URL, url);\n${body}\n  curl_easy_perform(curl);\n  curl_easy_cleanup(curl);\n  return 0;\n}\n`;

test('curl_easy_setopt switching peer and host verification off is reported on the option', () => {
  const src = client('  curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 0L);\n  curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 0L);\n  curl_easy_setopt(curl, CURLOPT_PROXY_SSL_VERIFYPEER, INSECURE);', '#define INSECURE 0\n');
  const found = signals(src);
  assert.deepEqual(found.map((s) => [s.signal, s.occurrence.symbol]), [
    ['cert-verification-disabled', 'CURLOPT_SSL_VERIFYPEER'],
    ['hostname-verification-disabled', 'CURLOPT_SSL_VERIFYHOST'],
    ['cert-verification-disabled', 'CURLOPT_PROXY_SSL_VERIFYPEER'],
  ]);
  // libcurl delegates TLS to a backend chosen at build time: no library is named.
  assert.ok(found.every((s) => s.library === undefined));
});

test('verification left on, or set from a variable, reports nothing', () => {
  assert.deepEqual(detect(client('  curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);\n  curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);\n  curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, opts->verify);')), []);
  // Verification that follows the user's option is not switched off by the code, also through a local.
  assert.deepEqual(detect(client('  long peer = opts->insecure ? 0L : 1L;\n  curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, peer);\n  curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, opts->insecure ? 0L : 2L);')), []);
  // A comment that shows the insecure line is not code (curl's smtp-tls.c example).
  assert.deepEqual(detect(client('  /* curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 0L); */')), []);
  // Other options with 0 are not TLS switches.
  assert.deepEqual(detect(client('  curl_easy_setopt(curl, CURLOPT_SSL_SESSIONID_CACHE, 0L);\n  curl_easy_setopt(curl, CURLOPT_VERBOSE, 0L);')), []);
});

test('CURLOPT_SSLVERSION pins the minimum version; an old one is insecure, a maximum alone pins nothing', () => {
  const old = client('  curl_easy_setopt(curl, CURLOPT_SSLVERSION, CURL_SSLVERSION_TLSv1_0 | CURL_SSLVERSION_MAX_TLSv1_2);');
  assert.deepEqual(protocols(old).map((p) => p.protocol.version), ['1.0']);
  assert.deepEqual(signals(old).map((s) => s.signal), ['insecure-protocol-version']);
  const modern = client('  curl_easy_setopt(curl, CURLOPT_SSLVERSION, MIN_TLS);', '#define MIN_TLS CURL_SSLVERSION_TLSv1_2\n');
  assert.deepEqual(protocols(modern).map((p) => p.protocol.version), ['1.2']);
  assert.deepEqual(signals(modern), []);
  assert.deepEqual(detect(client('  curl_easy_setopt(curl, CURLOPT_SSLVERSION, CURL_SSLVERSION_DEFAULT | CURL_SSLVERSION_MAX_TLSv1_3);\n  curl_easy_setopt(curl, CURLOPT_SSLVERSION, (long)cfg->version);')), []);
});

test('cipher and group lists the program fixes are a TLS protocol with its suites and groups; a configured list is not read', () => {
  const src = client('  curl_easy_setopt(curl, CURLOPT_SSL_CIPHER_LIST, "ECDHE-RSA-AES128-GCM-SHA256:DES-CBC3-SHA:HIGH");\n  curl_easy_setopt(curl, CURLOPT_TLS13_CIPHERS, TLS13);\n  curl_easy_setopt(curl, CURLOPT_SSL_EC_CURVES, "X25519MLKEM768:X25519:P-256");', '#define TLS13 "TLS_AES_256_GCM_SHA384"\n');
  assert.deepEqual(protocols(src).map((p) => [p.occurrence.symbol, p.protocol.cipherSuites ?? [], p.protocol.groups ?? []]), [
    ['CURLOPT_SSL_CIPHER_LIST', ['ECDHE-RSA-AES128-GCM-SHA256', 'DES-CBC3-SHA'], []],
    ['CURLOPT_TLS13_CIPHERS', ['TLS_AES_256_GCM_SHA384'], []],
    ['CURLOPT_SSL_EC_CURVES', [], ['X25519MLKEM768', 'X25519', 'P-256']],
  ]);
  assert.deepEqual(detect(client('  curl_easy_setopt(curl, CURLOPT_SSL_CIPHER_LIST, cfg->ciphers);\n  curl_easy_setopt(curl, CURLOPT_SSL_EC_CURVES, getenv("CURVES"));')), []);
});
