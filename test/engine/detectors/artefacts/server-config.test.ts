import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tlsConfigDetector, enabledVersions, parseCipherString } from '../../../../src/engine/detectors/artefacts/tls-config.js';
import { sshConfigDetector } from '../../../../src/engine/detectors/artefacts/ssh-config.js';
import { openvpnConfigDetector } from '../../../../src/engine/detectors/artefacts/openvpn-config.js';
import type { AlgorithmDetection, ProtocolDetection, SignalDetection } from '../../../../src/engine/inventory/model.js';
import { kb, run } from './helpers.js';

test('nginx: each enabled version is a protocol asset with the suites and curves; TLS 1.0 raises a signal', () => {
  const conf = `server {\n  ssl_protocols TLSv1 TLSv1.2;\n  ssl_ciphers "ECDHE-RSA-AES128-GCM-SHA256:!RC4:HIGH";\n  ssl_ecdh_curve X25519MLKEM768:X25519;\n}\n`;
  const ds = run(tlsConfigDetector, 'nginx/site.conf', conf);
  const protocols = ds.filter((d): d is ProtocolDetection => d.type === 'protocol');
  // ECDHE-RSA-AES128-GCM-SHA256 is a TLS 1.2 suite: the TLS 1.0 asset does not carry it.
  const v10 = { protocolType: 'tls', version: '1.0', groups: ['X25519MLKEM768', 'X25519'] };
  const v12 = { ...v10, version: '1.2', cipherSuites: ['ECDHE-RSA-AES128-GCM-SHA256'] };
  assert.deepEqual(protocols.map((p) => [p.occurrence.line, p.protocol]), [[2, v10], [3, v10], [4, v10], [2, v12], [3, v12], [4, v12]]);
  assert.equal(protocols[0]!.occurrence.symbol, 'ssl_protocols');
  const signals = ds.filter((d): d is SignalDetection => d.type === 'signal');
  assert.deepEqual(signals.map((s) => [s.signal, s.detail]), [['insecure-protocol-version', 'TLSv1 is enabled']]);
});

test('OpenSSL cipher strings: only suites the KB knows are suites; exclusions, keywords and combinations are not', () => {
  const conf = [
    'ssl_protocols TLSv1.2 TLSv1.3;',
    "ssl_ciphers 'ECDHE+AESGCM:HIGH:!aNULL:!MD5:kEECDH:@STRENGTH:-ALL:+RC4:ECDHE-ECDSA-CHACHA20-POLY1305:DES-CBC3-SHA';",
    'ssl_conf_command Ciphersuites TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256;',
    'ssl_ecdh_curve X25519:prime256v1;',
    '',
  ].join('\n');
  const ds = run(tlsConfigDetector, 'etc/nginx/conf.d/tls.conf', conf);
  const protocols = ds.filter((d): d is ProtocolDetection => d.type === 'protocol');
  // Each version carries the suites defined for it.
  for (const p of protocols) {
    assert.deepEqual(p.protocol.cipherSuites, p.protocol.version === '1.2' ? ['ECDHE-ECDSA-CHACHA20-POLY1305', 'DES-CBC3-SHA'] : ['TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256']);
  }
  assert.deepEqual(protocols[0]!.protocol.groups, ['X25519', 'prime256v1']);
  // Every version carries the cipher and group directives as occurrences: the raw string is kept, not expanded.
  assert.deepEqual(protocols.map((p) => [p.protocol.version, p.occurrence.line]), [['1.2', 1], ['1.2', 2], ['1.2', 3], ['1.2', 4], ['1.3', 1], ['1.3', 2], ['1.3', 3], ['1.3', 4]]);
  assert.match(protocols[1]!.occurrence.snippet, /ECDHE\+AESGCM:HIGH:!aNULL/);

  // Only keywords: TLS is configured, no suite is invented, the directive is recorded.
  const apache = run(tlsConfigDetector, 'httpd/ssl.conf', 'SSLCipherSuite HIGH:!aNULL:!MD5\nSSLOpenSSLConfCmd Groups X25519MLKEM768:X25519\nSSLCipherSuite TLSv1.3 TLS_AES_128_GCM_SHA256\n');
  assert.deepEqual(apache.map((d) => [d.type, d.occurrence.line, d.type === 'protocol' ? d.protocol : null]), [
    ['protocol', 1, { protocolType: 'tls', cipherSuites: ['TLS_AES_128_GCM_SHA256'], groups: ['X25519MLKEM768', 'X25519'] }],
    ['protocol', 2, { protocolType: 'tls', cipherSuites: ['TLS_AES_128_GCM_SHA256'], groups: ['X25519MLKEM768', 'X25519'] }],
    ['protocol', 3, { protocolType: 'tls', cipherSuites: ['TLS_AES_128_GCM_SHA256'], groups: ['X25519MLKEM768', 'X25519'] }],
  ]);
  const keywordsOnly = run(tlsConfigDetector, 'nginx.conf', 'ssl_ciphers HIGH:!aNULL:!MD5;\n');
  assert.deepEqual(keywordsOnly.map((d) => d.type === 'protocol' && d.protocol), [{ protocolType: 'tls' }]);
  assert.deepEqual(parseCipherString('"EECDH+AESGCM:EDH+AESGCM:AES256+EECDH"', kb), { suites: [], keywords: ['EECDH+AESGCM', 'EDH+AESGCM', 'AES256+EECDH'] });
});

test('Apache SSLProtocol adds and removes versions', () => {
  assert.deepEqual(enabledVersions('all -SSLv3 -TLSv1 -TLSv1.1'), ['TLSv1.2', 'TLSv1.3']);
  assert.deepEqual(enabledVersions('-all +TLSv1.2'), ['TLSv1.2']);
  assert.deepEqual(enabledVersions('+SSLv3 +TLSv1.2'), ['SSLv3', 'TLSv1.2']);
});

test('HAProxy ssl-min-ver enables that version and every later TLS version', () => {
  const ds = run(tlsConfigDetector, 'haproxy.cfg', 'global\n  ssl-default-bind-options ssl-min-ver TLSv1.1\n  ssl-default-bind-ciphersuites TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384\n');
  const versions = ds.filter((d): d is ProtocolDetection => d.type === 'protocol').map((p) => [p.protocol.version, p.occurrence.line]);
  assert.deepEqual(versions, [['1.1', 2], ['1.1', 3], ['1.2', 2], ['1.2', 3], ['1.3', 2], ['1.3', 3]]);
  assert.equal(ds.filter((d) => d.type === 'signal').length, 1);
});

test('comments and unrelated .conf files produce nothing', () => {
  assert.deepEqual(run(tlsConfigDetector, 'a.conf', '# ssl_protocols TLSv1;\nlisten 80;\n'), []);
  assert.deepEqual(run(tlsConfigDetector, 'supervisord.conf', '[program:x]\ncommand=/bin/app --ciphers-are-fun\n'), []);
});

test('sshd_config: every listed algorithm, the SSH protocol with its key exchanges, removals ignored', () => {
  const conf = 'Ciphers aes128-ctr,aes256-gcm@openssh.com\nkexalgorithms=curve25519-sha256,sntrup761x25519-sha512@openssh.com\nMACs -hmac-sha1\nHostKeyAlgorithms +ssh-rsa\nProtocol 2,1\n';
  const ds = run(sshConfigDetector, 'etc/ssh/sshd_config', conf);
  assert.deepEqual(ds.filter((d): d is AlgorithmDetection => d.type === 'algorithm').map((a) => [a.occurrence.line, a.spelling]), [
    [1, 'aes128-ctr'], [1, 'aes256-gcm@openssh.com'], [2, 'curve25519-sha256'], [2, 'sntrup761x25519-sha512@openssh.com'], [4, 'ssh-rsa'],
  ]);
  const protocol = ds.find((d): d is ProtocolDetection => d.type === 'protocol');
  assert.deepEqual(protocol?.protocol, { protocolType: 'ssh', version: '2.0', groups: ['curve25519-sha256', 'sntrup761x25519-sha512@openssh.com'] });
  // Seen on the KexAlgorithms line, so the key-exchange algorithms it resolves point there (not at Ciphers).
  assert.equal(protocol?.occurrence.line, 2);
  assert.equal(ds.filter((d) => d.type === 'signal').length, 1);
  assert.ok(sshConfigDetector.appliesTo('home/.ssh/config'));
  assert.ok(sshConfigDetector.appliesTo('etc/ssh/sshd_config.d/50-hardening.conf'));
  assert.ok(!sshConfigDetector.appliesTo('docs/sshd_config.md'));
});

test('sshd_config list modifiers: + appends and ^ prepends (enabled), - removes (with wildcards: nothing enabled)', () => {
  const conf = 'Ciphers +aes128-cbc\nCiphers = ^chacha20-poly1305@openssh.com\nMACs=-hmac-sha1*\nKexAlgorithms -diffie-hellman-group1-sha1,diffie-hellman-group14-sha1\nKexAlgorithms +diffie-hellman-group1-sha1\n';
  const ds = run(sshConfigDetector, 'etc/ssh/sshd_config', conf);
  assert.deepEqual(ds.map((d) => [d.type, d.occurrence.line, d.type === 'algorithm' ? d.spelling : d.type === 'protocol' ? d.protocol.groups : null]), [
    ['algorithm', 1, 'aes128-cbc'],
    ['algorithm', 2, 'chacha20-poly1305@openssh.com'],
    ['algorithm', 5, 'diffie-hellman-group1-sha1'],
    ['protocol', 5, ['diffie-hellman-group1-sha1']],
  ]);
});

test('OpenVPN: control-channel TLS versions, suites (dashed IANA names) and groups; data-channel ciphers and HMAC', () => {
  const conf = 'tls-version-min 1.2 or-highest\ntls-cipher TLS-ECDHE-RSA-WITH-AES-256-GCM-SHA384:!aNULL\ntls-groups X25519:secp384r1\ndata-ciphers AES-256-GCM:none\n;cipher BF-CBC\nauth SHA256\nauth-nocache\n';
  const ds = run(openvpnConfigDetector, 'deploy/openvpn/server.conf', conf);
  assert.deepEqual(ds.filter((d): d is AlgorithmDetection => d.type === 'algorithm').map((a) => [a.occurrence.line, a.spelling]), [[4, 'AES-256-GCM'], [6, 'HMAC-SHA256']]);
  const protocols = ds.filter((d): d is ProtocolDetection => d.type === 'protocol');
  assert.deepEqual([...new Set(protocols.map((p) => JSON.stringify(p.protocol)))].map((s) => JSON.parse(s)), [
    { protocolType: 'tls', version: '1.2', cipherSuites: ['TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384'], groups: ['X25519', 'secp384r1'] },
    { protocolType: 'tls', version: '1.3', groups: ['X25519', 'secp384r1'] },
  ]);
  assert.equal(ds.filter((d) => d.type === 'signal').length, 0);
  const legacy = run(openvpnConfigDetector, 'client.ovpn', 'client\ntls-version-min 1.1\ncipher BF-CBC\n');
  assert.deepEqual(legacy.filter((d): d is SignalDetection => d.type === 'signal').map((s) => s.detail), ['TLS 1.1 is enabled (tls-version-min 1.1)']);
  assert.ok(!openvpnConfigDetector.appliesTo('etc/nginx/site.conf'));
});

test('OpenVPN: tls-crypt and tls-crypt-v2 (a file or an inline block) fix AES-256-CTR and HMAC-SHA-256; tls-auth names nothing by itself', () => {
  const conf = 'client\ntls-crypt ta.key\n;tls-crypt-v2 old.key\ntls-auth ta.key 1\n<tls-crypt-v2>\n-----BEGIN OpenVPN tls-crypt-v2 client key-----\n</tls-crypt-v2>\n';
  const algorithms = run(openvpnConfigDetector, 'vpn/client.ovpn', conf).filter((d): d is AlgorithmDetection => d.type === 'algorithm');
  assert.deepEqual(algorithms.map((a) => [a.occurrence.line, kb.resolve(a.spelling, a.params).name, a.functions]), [
    [2, 'AES-256-CTR', ['encrypt', 'decrypt']],
    [2, 'HMAC-SHA-256', ['tag', 'verify']],
    [5, 'AES-256-CTR', ['encrypt', 'decrypt']],
    [5, 'HMAC-SHA-256', ['tag', 'verify']],
  ]);
  assert.deepEqual(run(openvpnConfigDetector, 'vpn/plain.ovpn', 'client\nremote vpn.example.org 1194\n<ca>\n</ca>\n'), []);
});
