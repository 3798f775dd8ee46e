// SSH clients that accept any server key (paramiko AutoAddPolicy/WarningPolicy, JSch
// StrictHostKeyChecking=no, sshj PromiscuousVerifier) raise ssh-host-key-verification-disabled, like Go's
// ssh.InsecureIgnoreHostKey; the safe policies and look-alikes raise nothing.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { javaDetector } from '../../../../src/engine/detectors/source/java/index.js';
import { javascriptDetector } from '../../../../src/engine/detectors/source/javascript/index.js';
import { pythonDetector } from '../../../../src/engine/detectors/source/python/index.js';
import { snippetHelpers } from '../source-helpers.js';

const py = snippetHelpers(pythonDetector, 'ops/remote.py');
const java = snippetHelpers(javaDetector, 'src/main/java/com/example/ops/Remote.java');
const js = snippetHelpers(javascriptDetector, 'scripts/deploy.js');

const summary = (signals: { signal: string; occurrence: { line: number; symbol: string } }[]) =>
  signals.map((s) => [s.signal, s.occurrence.line, s.occurrence.symbol]);

describe('SSH host-key verification switched off', () => {
  it('paramiko: AutoAddPolicy and WarningPolicy, as instance, class, or imported name', () => {
    const source = [
      'import paramiko',
      'from paramiko.client import WarningPolicy',
      '',
      'def run(host, command):',
      '    client = paramiko.SSHClient()',
      '    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())',
      '    other = paramiko.SSHClient()',
      '    other.set_missing_host_key_policy(WarningPolicy)',
      '    client.connect(host, username="ops")',
      '    return client.exec_command(command)',
      '',
    ].join('\n');
    assert.deepEqual(summary(py.signals(source)), [
      ['ssh-host-key-verification-disabled', 6, 'set_missing_host_key_policy'],
      ['ssh-host-key-verification-disabled', 8, 'set_missing_host_key_policy'],
    ]);
    assert.match(py.signals(source)[0]!.detail, /AutoAddPolicy accepts any unknown server key/);
  });

  it('paramiko: RejectPolicy, known-hosts loading and a same-named local class raise nothing', () => {
    const source = [
      'import paramiko',
      '',
      'class AutoAddPolicy:',
      '    pass',
      '',
      'def run(host):',
      '    client = paramiko.SSHClient()',
      '    client.load_system_host_keys()',
      '    client.set_missing_host_key_policy(paramiko.RejectPolicy())',
      '    client.set_missing_host_key_policy(AutoAddPolicy())',
      '    client.connect(host)',
      '',
    ].join('\n');
    assert.deepEqual(py.signals(source), []);
  });

  it('JSch: StrictHostKeyChecking=no on a session, on JSch, or through Properties', () => {
    const source = [
      'package com.example.ops;',
      '',
      'import com.jcraft.jsch.JSch;',
      'import com.jcraft.jsch.Session;',
      'import java.util.Properties;',
      '',
      'public class Remote {',
      '  private static final String NO = "no";',
      '  Session open(JSch jsch, String host) throws Exception {',
      '    JSch.setConfig("StrictHostKeyChecking", "no");',
      '    Properties config = new Properties();',
      '    config.put("StrictHostKeyChecking", NO);',
      '    Session session = jsch.getSession("ops", host, 22);',
      '    session.setConfig(config);',
      '    session.setConfig("StrictHostKeyChecking", "yes");',
      '    session.setConfig("PreferredAuthentications", "publickey");',
      '    return session;',
      '  }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(summary(java.signals(source)), [
      ['ssh-host-key-verification-disabled', 10, 'setConfig'],
      ['ssh-host-key-verification-disabled', 12, 'put'],
    ]);
  });

  it('sshj: PromiscuousVerifier from sshj, not a class of the same name from elsewhere', () => {
    const sshj = [
      'import net.schmizz.sshj.SSHClient;',
      'import net.schmizz.sshj.transport.verification.PromiscuousVerifier;',
      '',
      'class Remote {',
      '  SSHClient open(String host) throws Exception {',
      '    SSHClient ssh = new SSHClient();',
      '    ssh.addHostKeyVerifier(new PromiscuousVerifier());',
      '    ssh.connect(host);',
      '    return ssh;',
      '  }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(summary(java.signals(sshj)), [['ssh-host-key-verification-disabled', 7, 'PromiscuousVerifier']]);
    const other = sshj.replace('net.schmizz.sshj.transport.verification.PromiscuousVerifier', 'com.example.test.PromiscuousVerifier');
    assert.deepEqual(java.signals(other), []);
  });
});

describe('ssh2 hostVerifier', () => {
  it('a verifier that accepts every key, in each of its forms; a real check raises nothing', () => {
    const source = [
      "const { Client } = require('ssh2');",
      '',
      'function connect(host, pinned) {',
      '  new Client().connect({ host, username: "deploy", hostVerifier: () => true });',
      '  new Client().connect({ host, hostVerifier: function () { return true; } });',
      '  new Client().connect({ host, hostVerifier: (key, verify) => verify(true) });',
      '  new Client().connect({ host, hostVerifier: (key) => key.equals(pinned) });',
      '  new Client().connect({ host, hostVerifier: (key) => { log(key); return true; } });',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(summary(js.signals(source)), [
      ['ssh-host-key-verification-disabled', 4, 'hostVerifier'],
      ['ssh-host-key-verification-disabled', 5, 'hostVerifier'],
      ['ssh-host-key-verification-disabled', 6, 'hostVerifier'],
    ]);
  });
});

describe('JSch key generation', () => {
  it('KeyPair.genKeyPair: RSA/DSA sizes (1024 when left out), ECDSA curves by size, Ed25519', () => {
    const source = [
      'package com.example.ops;',
      '',
      'import com.jcraft.jsch.JSch;',
      'import com.jcraft.jsch.KeyPair;',
      '',
      'public class DeployKeys {',
      '  void generate(JSch jsch) throws Exception {',
      '    KeyPair rsa = KeyPair.genKeyPair(jsch, KeyPair.RSA, 3072);',
      '    KeyPair legacy = KeyPair.genKeyPair(jsch, KeyPair.RSA);',
      '    KeyPair dsa = KeyPair.genKeyPair(jsch, KeyPair.DSA);',
      '    KeyPair ec = KeyPair.genKeyPair(jsch, KeyPair.ECDSA, 384);',
      '    KeyPair ed = KeyPair.genKeyPair(jsch, KeyPair.ED25519);',
      '    rsa.writePrivateKey("/tmp/id_rsa");',
      '  }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(
      java.algorithms(source).map((a) => [a.name, a.line, a.occurrence.symbol, a.functions?.join('+')]),
      [
        ['RSA-3072', 8, 'KeyPair.genKeyPair', 'keygen'],
        ['RSA-1024', 9, 'KeyPair.genKeyPair', 'keygen'],
        ['DSA-1024', 10, 'KeyPair.genKeyPair', 'keygen'],
        ['ECDSA-P384', 11, 'KeyPair.genKeyPair', 'keygen'],
        ['Ed25519', 12, 'KeyPair.genKeyPair', 'keygen'],
      ],
    );
  });

  it("in JSch's own package KeyPair needs no import", () => {
    const source = ['package com.jcraft.jsch;', '', 'class KeyPairCheck {', '  void run(JSch jsch) throws Exception {', '    KeyPair.genKeyPair(jsch, KeyPair.RSA, 1024);', '  }', '}', ''].join('\n');
    assert.deepEqual(java.names(source), ['RSA-1024']);
  });

  it('the JCA KeyPairGenerator.genKeyPair() and a KeyPair class from elsewhere are not JSch keys', () => {
    const source = [
      'import java.security.KeyPair;',
      'import com.example.keys.Keys;',
      '',
      'class Other {',
      '  KeyPair make(java.security.KeyPairGenerator kpg) {',
      '    Keys.KeyPair.genKeyPair(null, 2, 512);',
      '    return kpg.genKeyPair();',
      '  }',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(java.algorithms(source), []);
  });
});
