// The language-independent pieces of argument resolution and evidence.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { binary } from '../../../../../src/engine/detectors/source/common/evaluate.js';
import { snippetOf, SNIPPET_MAX } from '../../../../../src/engine/detectors/source/common/occurrence.js';
import { UNKNOWN, bytes, int, str } from '../../../../../src/engine/detectors/source/common/value.js';
import { parseTlsVersion } from '../../../../../src/engine/detectors/source/common/versions.js';

test('arithmetic and concatenation over known values; unknown in, unknown out', () => {
  assert.deepEqual(binary('/', int(256), int(8)), int(32));
  assert.deepEqual(binary('*', int(32), int(8)), int(256));
  assert.deepEqual(binary('<<', int(1), int(10)), int(1024));
  assert.deepEqual(binary('+', str('AES/'), str('GCM')), str('AES/GCM'));
  assert.deepEqual(binary('+', str('SHA-'), int(256)), str('SHA-256'));
  assert.deepEqual(binary('*', bytes(1, 'zero'), int(16)), bytes(16, 'zero'));
  assert.deepEqual(binary('+', bytes(16, 'random'), bytes(16, 'literal')), bytes(32, 'random'));
  assert.deepEqual(binary('+', str('AES'), UNKNOWN), UNKNOWN);
  assert.deepEqual(binary('/', int(1), int(0)), UNKNOWN);
});

test('TLS version spellings from Java, Python and Go map to one version; generic names pin none', () => {
  assert.equal(parseTlsVersion('TLSv1.2')?.version, '1.2');
  assert.equal(parseTlsVersion('ssl.PROTOCOL_TLSv1_1')?.version, '1.1');
  assert.equal(parseTlsVersion('ssl.TLSVersion.TLSv1_3')?.version, '1.3');
  assert.equal(parseTlsVersion('tls.VersionTLS10')?.version, '1.0');
  assert.equal(parseTlsVersion('SSLv3')?.version, 'SSLv3');
  assert.equal(parseTlsVersion('TLSv1')?.insecure, true);
  assert.equal(parseTlsVersion('TLSv1.2')?.insecure, false);
  assert.equal(parseTlsVersion('TLS'), undefined);
  assert.equal(parseTlsVersion('ssl.PROTOCOL_TLS_CLIENT'), undefined);
});

test('snippets are the trimmed line, cut at the model limit', () => {
  assert.equal(snippetOf('    Cipher.getInstance("AES");\r'), 'Cipher.getInstance("AES");');
  assert.equal(snippetOf('x'.repeat(500)).length, SNIPPET_MAX);
});
