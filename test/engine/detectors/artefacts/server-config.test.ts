import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tlsConfigDetector, enabledVersions } from '../../../../src/engine/detectors/artefacts/tls-config.js';
import { sshConfigDetector } from '../../../../src/engine/detectors/artefacts/ssh-config.js';
import type { AlgorithmDetection, ProtocolDetection, SignalDetection } from '../../../../src/engine/inventory/model.js';
import { run } from './helpers.js';

test('nginx: each enabled version is a protocol asset with the suites and curves; TLS 1.0 raises a signal', () => {
  const conf = `server {\n  ssl_protocols TLSv1 TLSv1.2;\n  ssl_ciphers "ECDHE-RSA-AES128-GCM-SHA256:!RC4:HIGH";\n  ssl_ecdh_curve X25519MLKEM768:X25519;\n}\n`;
  const ds = run(tlsConfigDetector, 'nginx/site.conf', conf);
  const protocols = ds.filter((d): d is ProtocolDetection => d.type === 'protocol');
  assert.deepEqual(protocols.map((p) => p.protocol), [
    { protocolType: 'tls', version: '1.0', cipherSuites: ['ECDHE-RSA-AES128-GCM-SHA256'], groups: ['X25519MLKEM768', 'X25519'] },
    { protocolType: 'tls', version: '1.2', cipherSuites: ['ECDHE-RSA-AES128-GCM-SHA256'], groups: ['X25519MLKEM768', 'X25519'] },
  ]);
  assert.equal(protocols[0]!.occurrence.line, 2);
  assert.equal(protocols[0]!.occurrence.symbol, 'ssl_protocols');
  const signals = ds.filter((d): d is SignalDetection => d.type === 'signal');
  assert.deepEqual(signals.map((s) => [s.signal, s.detail]), [['insecure-protocol-version', 'TLSv1 is enabled']]);
});

test('Apache SSLProtocol adds and removes versions', () => {
  assert.deepEqual(enabledVersions('all -SSLv3 -TLSv1 -TLSv1.1'), ['TLSv1.2', 'TLSv1.3']);
  assert.deepEqual(enabledVersions('-all +TLSv1.2'), ['TLSv1.2']);
  assert.deepEqual(enabledVersions('+SSLv3 +TLSv1.2'), ['SSLv3', 'TLSv1.2']);
});

test('HAProxy ssl-min-ver enables that version and every later TLS version', () => {
  const ds = run(tlsConfigDetector, 'haproxy.cfg', 'global\n  ssl-default-bind-options ssl-min-ver TLSv1.1\n  ssl-default-bind-ciphersuites TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384\n');
  const versions = ds.filter((d): d is ProtocolDetection => d.type === 'protocol').map((p) => p.protocol.version);
  assert.deepEqual(versions, ['1.1', '1.2', '1.3']);
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
  assert.equal(ds.filter((d) => d.type === 'signal').length, 1);
  assert.ok(sshConfigDetector.appliesTo('home/.ssh/config'));
  assert.ok(sshConfigDetector.appliesTo('etc/ssh/sshd_config.d/50-hardening.conf'));
  assert.ok(!sshConfigDetector.appliesTo('docs/sshd_config.md'));
});
